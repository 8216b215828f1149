/**
 * Ordering a product's files (PATCH /api/profile/company/products/{id}/files/{fileId}), on PGlite and
 * PostgreSQL: moving an image to position 0 makes it the main image (the cover of lists and of the
 * public page), documents keep their own order, titles change, and a published product's reorder
 * waits for the moderator like any other change.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runAdmin } from "#server/admin/cli.ts";
import type { TestApi } from "../support/api.ts";
import { jpegPhoto, pdfDocument } from "../support/files.ts";
import { call, closeProfileApi, createCompany, createUser, multipart, openProfileApi, type TestUser } from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
let productId: number;
const P = "/api/profile/company/products";

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "files-owner");
  await createCompany(owner, { name: { ru: "ООО «Порядок»" }, country: "CN" });
  const product = await owner.post(P, { name: { ru: "Светильник", en: "Lamp" }, sourceLang: "ru" });
  productId = product.body.data.id;
});

afterAll(() => closeProfileApi(api));

describe("product file order", () => {
  test("moving an image to position 0 makes it the main image; documents keep their order", async () => {
    const ids: number[] = [];
    for (const color of ["#ff0000", "#00ff00", "#0000ff"]) {
      const added = await owner.post(
        `${P}/${productId}/files`,
        multipart(await jpegPhoto(64, 64, color), `${color.slice(1)}.jpg`, "image/jpeg"),
      );
      expect(added.status).toBe(201);
      ids.push(added.body.data.id);
    }
    const doc = await owner.post(`${P}/${productId}/files`, multipart(pdfDocument(), "spec.pdf", "application/pdf"));
    const moved = await owner.patch(`${P}/${productId}/files/${ids[2]}`, { position: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.map((f: { id: number }) => f.id)).toEqual([ids[2], ids[0], ids[1], doc.body.data.id]);
    expect(moved.body.data.map((f: { position: number }) => f.position)).toEqual([0, 1, 2, 0]);
    const list = await owner.get(`${P}?q=${productId}`);
    expect(list.body.data[0].cover.id).toBe(ids[2]);
    // Past the end: the last place.
    const last = await owner.patch(`${P}/${productId}/files/${ids[2]}`, { position: 99, title: { ru: "Вид сбоку" } });
    expect(last.body.data.map((f: { id: number }) => f.id)).toEqual([ids[0], ids[1], ids[2], doc.body.data.id]);
    expect(last.body.data[2].title).toEqual({ ru: "Вид сбоку" });
  });

  test("bad positions and unknown files are refused", async () => {
    const files = (await owner.get(`${P}/${productId}/files`)).body.data;
    const bad = await owner.patch(`${P}/${productId}/files/${files[0].id}`, { position: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toContainEqual({ path: "position", message: "too_small" });
    expect((await owner.patch(`${P}/${productId}/files/2147483600`, { position: 0 })).status).toBe(404);
  });

  test("a published product's new order waits for the moderator", async () => {
    await owner.put(`${P}/${productId}/prices`, { tiers: [{ minQuantity: "1", price: "100", currency: "RUB", unit: "pcs" }] });
    expect((await owner.patch(`${P}/${productId}/status`, { action: "submit" })).status).toBe(200);
    const cli = (...argv: string[]) => runAdmin(argv, { db: api.db, storage: api.storage, out: () => {}, err: () => {} });
    expect((await owner.patch("/api/profile/company/status", { action: "submit" })).status).toBe(200);
    expect(await cli("approve", "company", String((await owner.get("/api/profile/company")).body.data.id))).toBe(0);
    expect(await cli("approve", "product", String(productId))).toBe(0);
    const files = (await owner.get(`${P}/${productId}/files`)).body.data;
    const second = files[1].id;
    await owner.patch(`${P}/${productId}/files/${second}`, { position: 0 });
    const mine = await owner.get(`${P}/${productId}`);
    expect(mine.body.data.pending.parts).toEqual(["files"]);
    expect(mine.body.data.files[0].id).toBe(second);
    const publicView = await call(api, "GET", `/api/products/${productId}?lang=ru`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.data.images[0].url).toBe(files[0].url);
  });
});
