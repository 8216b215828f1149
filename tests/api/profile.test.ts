/**
 * The supplier's side through the API (issue 5), on PGlite and on PostgreSQL: a new user creates a
 * company, adds a legal entity with a real INN (FNS open data), a product with two price tiers, a
 * photo and a PDF, submits both, a moderator approves them with the CLI, and the product is on its
 * public page. Then: editing the published product keeps the published version public until the
 * change is approved; rejection notes; the status machine; legal-entity rules (check digits,
 * an INN another company lists is accepted for a draft, ADR 034); company card validation; facts, variants, dealer links; the OpenAPI document.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runAdmin } from "#server/admin/cli.ts";
import { seedRegions } from "#server/catalog/regions.ts";
import { products, users } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import {
  addLegalEntity,
  call,
  closeProfileApi,
  createUser,
  expectError,
  freeRealEntities,
  issuesByPath,
  jpegPhoto,
  multipart,
  openProfileApi,
  pdfDocument,
  type TestUser,
} from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
let companyId: number;
let productId: number;
let realEntities: { inn: string; nameFull: string; nameShort: string }[];
const cliOut: string[] = [];

async function admin(...argv: string[]) {
  return runAdmin(argv, { db: api.db, storage: api.storage, out: (line) => cliOut.push(line), err: (line) => cliOut.push(line) });
}

beforeAll(async () => {
  api = await openProfileApi();
  await seedRegions(api.db);
  realEntities = await freeRealEntities(api, 4);
  expect(realEntities.length).toBe(4);
  owner = await createUser(api, "owner");
});

afterAll(() => closeProfileApi(api));

describe("a new supplier's journey", () => {
  test("without a company every company endpoint answers 403 no_company, and the profile has no organization", async () => {
    const company = await owner.get("/api/profile/company");
    expectError(company, 403, "no_company");
    const profile = await owner.get("/api/profile");
    expect(profile.body.data.organization).toBeNull();
    expect(profile.body.data.invitations).toEqual([]);
  });

  test("creating a company makes the caller its owner; a second one is refused", async () => {
    const created = await owner.post("/api/profile/company", {
      name: { ru: "ООО «Проверка профиля»", en: "Profile Check LLC" },
      description: { ru: "Поставки крепежа и метизов." },
      sourceLang: "ru",
      country: "RU",
      regionCode: "66",
      city: { ru: "Екатеринбург" },
      website: "https://profile-check.example",
      phone: "+7 343 123-45-67",
      email: "Sales@Profile-Check.example",
      yearFounded: 2012,
      headcountRange: "11-50",
      okvedMain: "46.74",
      okvedCodes: ["25.94"],
    });
    expect(created.status).toBe(201);
    const data = created.body.data;
    companyId = data.id;
    expect(data).toMatchObject({
      role: "owner",
      status: "draft",
      country: "RU",
      regionCode: "66",
      email: "sales@profile-check.example",
      okvedMain: "46.74",
      okvedCodes: ["25.94"],
    });
    expect(data.missing).toContain("legalEntity");
    expect(data.completeness).toBeGreaterThan(0);
    const again = await owner.post("/api/profile/company", { name: { ru: "Вторая" }, country: "RU" });
    expectError(again, 409, "already_member");
    const profile = await owner.get("/api/profile");
    expect(profile.body.data.organization).toMatchObject({ id: companyId, role: "owner", status: "draft", employeeStatus: "active" });
  });

  test("submitting a Russian company without a legal entity is refused with what is missing", async () => {
    const submitted = await owner.patch("/api/profile/company/status", { action: "submit" });
    expect(submitted.status).toBe(422);
    expect(submitted.body.error).toMatchObject({ code: "incomplete", issues: [{ path: "legalEntities", message: "required" }] });
  });

  test("a legal entity with a real INN; check digits are validated", async () => {
    const entity = realEntities[0]!;
    const bad = await owner.post("/api/profile/company/legal-entities", {
      kind: "legal",
      inn: entity.inn.slice(0, 9) + String((Number(entity.inn[9]) + 1) % 10),
      nameFull: entity.nameFull,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toContainEqual({ path: "inn", message: "inn_checksum" });
    const created = await owner.post("/api/profile/company/legal-entities", {
      kind: "legal",
      inn: entity.inn,
      kpp: "890101001",
      nameFull: entity.nameFull,
      nameShort: entity.nameShort,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ kind: "legal", inn: entity.inn, kpp: "890101001", nameFull: entity.nameFull });
    const twice = await owner.post("/api/profile/company/legal-entities", { kind: "legal", inn: entity.inn, nameFull: "Again" });
    expectError(twice, 409, "inn_exists");
  });

  test("a product with two price tiers, a photo and a PDF", async () => {
    const created = await owner.post("/api/profile/company/products", {
      name: { ru: "Кронштейн монтажный оцинкованный", en: "Galvanized mounting bracket" },
      description: { ru: "Сталь 2 мм, цинковое покрытие." },
      sourceLang: "ru",
      tnvedCode: "7326 90 980 7",
      moq: "100",
      moqUnit: "pcs",
      originCountry: "ru",
    });
    expect(created.status).toBe(201);
    productId = created.body.data.id;
    expect(created.body.data).toMatchObject({
      status: "draft",
      tnvedCode: "7326909807",
      moq: "100",
      moqUnit: "pcs",
      originCountry: "RU",
      pending: null,
    });

    const prices = await owner.put(`/api/profile/company/products/${productId}/prices`, {
      tiers: [
        { minQuantity: 1000, price: "42.50", currency: "RUB", unit: "pcs" },
        { minQuantity: "100", price: 55, currency: "RUB", unit: "pcs" },
      ],
    });
    expect(prices.status).toBe(200);
    expect(prices.body.data.map((t: { minQuantity: string }) => t.minQuantity)).toEqual(["100", "1000"]);

    const photo = await owner.post(
      `/api/profile/company/products/${productId}/files`,
      multipart(await jpegPhoto(), "bracket.jpg", "image/jpeg", { "title.ru": "Общий вид" }),
    );
    expect(photo.status).toBe(201);
    expect(photo.body.data).toMatchObject({
      kind: "image",
      mime: "image/webp",
      width: 320,
      height: 240,
      title: { ru: "Общий вид" },
      expiresAt: null,
    });
    expect(photo.body.data.thumbUrl).toMatch(/^\/media\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+-thumb\.webp$/);
    const stored = await api.storage.get(photo.body.data.url.slice("/media/".length));
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();

    const pdf = await owner.post(
      `/api/profile/company/products/${productId}/files`,
      multipart(pdfDocument(), "price-list.pdf", "application/pdf", { "title.ru": "Прайс-лист" }),
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body.data).toMatchObject({ kind: "document", mime: "application/pdf", originalName: "price-list.pdf", thumbUrl: null });

    const detail = await owner.get(`/api/profile/company/products/${productId}`);
    expect(detail.body.data.prices).toHaveLength(2);
    expect(detail.body.data.files.map((f: { kind: string }) => f.kind)).toEqual(["image", "document"]);
    expect(detail.body.data.cover.id).toBe(photo.body.data.id);
    const [row] = await api.db
      .select({ priceFrom: products.priceFrom, priceCurrency: products.priceCurrency })
      .from(products)
      .where(eq(products.id, productId));
    expect(row).toEqual({ priceFrom: "42.50", priceCurrency: "RUB" });
  });

  test("both are submitted, approved with the CLI, and the product is on its public page", async () => {
    expect((await owner.patch("/api/profile/company/status", { action: "submit" })).body.data.status).toBe("moderation");
    const submitted = await owner.patch(`/api/profile/company/products/${productId}/status`, { action: "submit" });
    expect(submitted.body.data.status).toBe("moderation");
    expect((await api.getJson(`/api/products/${productId}`)).status).toBe(404);

    const frozen = await owner.patch("/api/profile/company", { description: { ru: "Правка во время проверки" } });
    expectError(frozen, 409, "under_moderation");

    const documentsOf = async (term: string) =>
      Number(
        (await api.db.execute<{ n: number }>(sql`select coalesce(sum(documents), 0)::int as n from catalog_terms where term = ${term}`))
          .rows[0]!.n,
      );
    const before = {
      bracket: await documentsOf("кронштейн"),
      galvanized: await documentsOf("galvanized"),
      profile: await documentsOf("проверка"),
    };
    expect(await admin("approve", "company", String(companyId))).toBe(0);
    expect(await admin("approve", "product", String(productId))).toBe(0);
    expect(cliOut.slice(-2)).toEqual([`Company ${companyId} approved: published`, `Product ${productId} approved: published`]);
    expect(await admin("approve", "product", String(productId))).toBe(1);
    // The published names' words join the spelling-correction vocabulary at once (ADR 010).
    expect(await documentsOf("кронштейн")).toBe(before.bracket + 1);
    expect(await documentsOf("galvanized")).toBe(before.galvanized + 1);
    expect(await documentsOf("проверка")).toBe(before.profile + 1);

    const page = await api.getJson<any>(`/api/products/${productId}?lang=en`);
    expect(page.status).toBe(200);
    expect(page.body.data.name).toEqual({ text: "Galvanized mounting bracket", lang: "en" });
    expect(page.body.data.prices).toEqual([
      { minQuantity: "100.000", price: "55.00", currency: "RUB", unit: "pcs" },
      { minQuantity: "1000.000", price: "42.50", currency: "RUB", unit: "pcs" },
    ]);
    expect(page.body.data.images).toHaveLength(1);
    expect(page.body.data.documents).toHaveLength(1);
    expect(page.body.data.documents[0]).toMatchObject({ mime: "application/pdf", title: { text: "Прайс-лист", lang: "ru" } });
    expect(page.body.data.company.name.text).toBe("Profile Check LLC");
    const supplier = await api.getJson<any>(`/api/companies/${companyId}`);
    expect(supplier.status).toBe(200);
    expect(supplier.body.data.legalEntities[0].inn).toBe(realEntities[0]!.inn);
  });
});

describe("editing a published product", () => {
  test("keeps the published version public until a moderator approves the change", async () => {
    const patched = await owner.patch(`/api/profile/company/products/${productId}`, {
      name: { ru: "Кронштейн усиленный", en: "Heavy-duty bracket" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      status: "published",
      name: { ru: "Кронштейн усиленный", en: "Heavy-duty bracket" },
      pending: { state: "moderation", parts: ["card"] },
    });
    await owner.put(`/api/profile/company/products/${productId}/prices`, {
      tiers: [{ minQuantity: 50, price: 60, currency: "RUB", unit: "pcs" }],
    });
    const removed = await owner.get(`/api/profile/company/products/${productId}/files`);
    const pdfId = removed.body.data.find((f: { kind: string }) => f.kind === "document").id;
    expect((await owner.delete(`/api/profile/company/products/${productId}/files/${pdfId}`)).status).toBe(200);

    // A picture added and removed again before approval is gone; the approved one stays.
    const extra = await owner.post(`/api/profile/company/products/${productId}/files`, multipart(await jpegPhoto(50, 50), "extra.jpg"));
    expect(extra.status).toBe(201);
    expect((await owner.delete(`/api/profile/company/products/${productId}/files/${extra.body.data.id}`)).status).toBe(200);
    expect(await api.storage.get(extra.body.data.url.slice("/media/".length))).toBeNull();
    expect(
      await api.storage.get(removed.body.data.find((f: { kind: string }) => f.kind === "document").url.slice("/media/".length)),
    ).not.toBeNull();

    const working = await owner.get(`/api/profile/company/products/${productId}`);
    expect(working.body.data.prices).toEqual([{ minQuantity: "50", price: "60", currency: "RUB", unit: "pcs" }]);
    expect(working.body.data.files).toHaveLength(1);
    expect(working.body.data.pending.parts.sort()).toEqual(["card", "files", "prices"]);

    const publicPage = await api.getJson<any>(`/api/products/${productId}?lang=en`);
    expect(publicPage.body.data.name.text).toBe("Galvanized mounting bracket");
    expect(publicPage.body.data.prices).toHaveLength(2);
    expect(publicPage.body.data.documents).toHaveLength(1);

    expect(await admin("reject", "product", String(productId), "--reason", "Уточните название")).toBe(0);
    const rejected = await owner.get(`/api/profile/company/products/${productId}`);
    expect(rejected.body.data).toMatchObject({ status: "published", moderationNote: "Уточните название", pending: { state: "rejected" } });
    expect((await api.getJson<any>(`/api/products/${productId}?lang=en`)).body.data.name.text).toBe("Galvanized mounting bracket");

    const resubmitted = await owner.patch(`/api/profile/company/products/${productId}/status`, { action: "submit" });
    expect(resubmitted.body.data).toMatchObject({ status: "published", moderationNote: null, pending: { state: "moderation" } });
    expect(await admin("approve", "product", String(productId))).toBe(0);
    expect(cliOut.at(-1)).toBe(`Product ${productId} approved: published (pending changes applied)`);

    const updated = await api.getJson<any>(`/api/products/${productId}?lang=en`);
    expect(updated.body.data.name.text).toBe("Heavy-duty bracket");
    expect(updated.body.data.prices).toEqual([{ minQuantity: "50.000", price: "60.00", currency: "RUB", unit: "pcs" }]);
    expect(updated.body.data.documents).toHaveLength(0);
    expect(
      await api.storage.get(removed.body.data.find((f: { kind: string }) => f.kind === "document").url.slice("/media/".length)),
    ).toBeNull();
    const after = await owner.get(`/api/profile/company/products/${productId}`);
    expect(after.body.data.pending).toBeNull();
  });

  test("withdrawing a published product takes it off the catalogue", async () => {
    const other = await owner.post("/api/profile/company/products", { name: { ru: "Анкер клиновой" } });
    const id = other.body.data.id;
    await owner.patch(`/api/profile/company/products/${id}/status`, { action: "submit" });
    expect(await admin("approve", "product", String(id))).toBe(0);
    expect((await api.getJson(`/api/products/${id}`)).status).toBe(200);
    await owner.patch(`/api/profile/company/products/${id}`, { name: { ru: "Анкер клиновой М10" } });
    const withdrawn = await owner.patch(`/api/profile/company/products/${id}/status`, { action: "withdraw" });
    expect(withdrawn.body.data).toMatchObject({ status: "draft", name: { ru: "Анкер клиновой М10" }, pending: null });
    expect((await api.getJson(`/api/products/${id}`)).status).toBe(404);
    const again = await owner.patch(`/api/profile/company/products/${id}/status`, { action: "withdraw" });
    expectError(again, 409, "invalid_transition");
  });

  test("a rejected product carries the moderator's note and can be fixed and resubmitted", async () => {
    const created = await owner.post("/api/profile/company/products", { name: { ru: "Шайба" } });
    const id = created.body.data.id;
    await owner.patch(`/api/profile/company/products/${id}/status`, { action: "submit" });
    const locked = await owner.put(`/api/profile/company/products/${id}/facts`, { facts: [] });
    expect(locked.status).toBe(409);
    expect(await admin("reject", "product", String(id))).toBe(64);
    expect(await admin("reject", "product", String(id), "--reason", "Нет фотографии")).toBe(0);
    const rejected = await owner.get(`/api/profile/company/products/${id}`);
    expect(rejected.body.data).toMatchObject({ status: "rejected", moderationNote: "Нет фотографии" });
    expect((await owner.patch(`/api/profile/company/products/${id}`, { name: { ru: "Шайба плоская" } })).status).toBe(200);
    const again = await owner.patch(`/api/profile/company/products/${id}/status`, { action: "submit" });
    expect(again.body.data).toMatchObject({ status: "moderation", moderationNote: null });
  });
});

describe("products list", () => {
  test("filters by status and searches names in any language and ids", async () => {
    const all = await owner.get("/api/profile/company/products");
    expect(all.body.meta.total).toBe(3);
    const published = await owner.get("/api/profile/company/products?status=published");
    expect(published.body.data.map((p: { id: number }) => p.id)).toEqual([productId]);
    const english = await owner.get(`/api/profile/company/products?q=${encodeURIComponent("heavy-DUTY")}`);
    expect(english.body.data.map((p: { id: number }) => p.id)).toEqual([productId]);
    const byId = await owner.get(`/api/profile/company/products?q=${productId}`);
    expect(byId.body.data.map((p: { id: number }) => p.id)).toContain(productId);
    const wildcard = await owner.get(`/api/profile/company/products?q=${encodeURIComponent("%_")}`);
    expect(wildcard.body.data).toEqual([]);
    const bad = await owner.get("/api/profile/company/products?status=gone");
    expect(bad.status).toBe(400);
  });
});

describe("company card", () => {
  test("validation issues are stable codes, field by field", async () => {
    const invalid = await call(
      api,
      "POST",
      "/api/profile/company",
      {
        name: { en: "Only English" },
        sourceLang: "ru",
        country: "DE",
        website: "javascript:alert(1)",
        email: "nope",
        phone: "12",
        latitude: 123,
        okvedCodes: ["abc"],
      },
      (await createUser(api, "validator")).token,
    );
    expectError(invalid, 400, "invalid_body");
    expect(issuesByPath(invalid)).toMatchObject({
      country: "invalid_option",
      website: "invalid_url",
      email: "invalid_email",
      phone: "invalid_phone",
      latitude: "too_big",
      "okvedCodes.0": "invalid_format",
    });
  });

  test("PATCH merges, clears fields with null or an empty string, and checks references", async () => {
    const patched = await owner.patch("/api/profile/company", {
      website: "",
      phone: null,
      description: { ru: "Крепёж оптом", zh: "批发紧固件" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      website: null,
      phone: null,
      description: { ru: "Крепёж оптом", zh: "批发紧固件" },
      email: "sales@profile-check.example",
      status: "published",
    });
    const unknown = await owner.patch("/api/profile/company", { regionCode: "CN-21", okvedMain: "99.99" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "regionCode", message: "unknown_region" },
        { path: "okvedMain", message: "unknown_code" },
      ]),
    );
    const sourceLang = await owner.patch("/api/profile/company", { sourceLang: "zh" });
    expect(sourceLang.status).toBe(400);
    expect(sourceLang.body.error.issues).toContainEqual({ path: "name.zh", message: "source_lang_missing" });
  });

  test("facts are replaced as a list", async () => {
    const facts = [{ key: { ru: "Склад", en: "Warehouse" }, value: { ru: "5 000 м²" } }];
    expect((await owner.put("/api/profile/company/facts", { facts })).body.data).toEqual(facts);
    expect((await owner.get("/api/profile/company/facts")).body.data).toEqual(facts);
  });

  test("logo: upload, replace (the old file is deleted), remove", async () => {
    const first = await owner.put("/api/profile/company/logo", multipart(await jpegPhoto(100, 100, "#ff0000"), "logo.jpg", "image/jpeg"));
    expect(first.status).toBe(200);
    const firstUrl = first.body.data.logo.url as string;
    const upload = await owner.post("/api/files/common", multipart(await jpegPhoto(120, 120, "#00ff00"), "logo2.jpg"));
    expect(upload.status).toBe(201);
    const second = await owner.put("/api/profile/company/logo", { fileId: upload.body.data.id });
    expect(second.body.data.logo).toMatchObject({ id: upload.body.data.id, width: 120, expiresAt: null });
    expect(await api.storage.get(firstUrl.slice("/media/".length))).toBeNull();
    const pdf = await owner.put("/api/profile/company/logo", multipart(pdfDocument(), "logo.pdf"));
    expectError(pdf, 415, "file_kind_mismatch");
    const removed = await owner.delete("/api/profile/company/logo");
    expect(removed.body.data.logo).toBeNull();
    expect(removed.body.data.missing).toContain("logo");
  });

  test("company files: add a document and a picture with titles, list, delete", async () => {
    const doc = await owner.post(
      "/api/profile/company/files",
      multipart(pdfDocument("Сертификат"), "cert.pdf", "application/pdf", { "title.ru": "Сертификат ISO 9001" }),
    );
    expect(doc.status).toBe(201);
    const picture = await owner.post("/api/profile/company/files", multipart(await jpegPhoto(), "office.jpg"));
    expect(picture.status).toBe(201);
    const list = await owner.get("/api/profile/company/files");
    expect(list.body.data.map((f: { kind: string; position: number }) => [f.kind, f.position])).toEqual([
      ["document", 0],
      ["image", 1],
    ]);
    expect(list.body.data[0].title).toEqual({ ru: "Сертификат ISO 9001" });
    expect((await owner.delete(`/api/profile/company/files/${doc.body.data.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/profile/company/files/${doc.body.data.id}`)).status).toBe(404);
    expect((await owner.get("/api/profile/company/files")).body.data).toHaveLength(1);
  });

  test("variants and product facts of a draft are written at once", async () => {
    const created = await owner.post("/api/profile/company/products", { name: { ru: "Болт" } });
    const id = created.body.data.id;
    const m8 = {
      name: { ru: "М8×40" },
      attributes: [
        { key: "d", value: "8" },
        { key: "l", value: "40" },
      ],
      price: "3.20",
      currency: "RUB",
    };
    const variants = await owner.put(`/api/profile/company/products/${id}/variants`, { variants: [m8, { name: { ru: "М10×50" } }] });
    expect(variants.status).toBe(200);
    // Stored as sent but for the price, a decimal without trailing zeros; what was left out is empty.
    expect((await owner.get(`/api/profile/company/products/${id}/variants`)).body.data).toEqual([
      { ...m8, price: "3.2" },
      { name: { ru: "М10×50" }, attributes: [], price: null, currency: null },
    ]);
    const facts = await owner.put(`/api/profile/company/products/${id}/facts`, {
      facts: [{ key: { ru: "ГОСТ" }, value: { ru: "7798-70" } }],
    });
    expect(facts.body.data).toHaveLength(1);
    const deleted = await owner.delete(`/api/profile/company/products/${id}`);
    expect(deleted.status).toBe(200);
    expect((await owner.get(`/api/profile/company/products/${id}`)).status).toBe(404);
  });
});

describe("legal entities across companies", () => {
  test("a draft may list an INN a published company lists (the moderator resolves it, ADR 034); the owner's data is unchanged", async () => {
    const rival = await createUser(api, "rival");
    expect((await rival.post("/api/profile/company", { name: { ru: "ООО «Соперник»" }, country: "RU" })).status).toBe(201);
    const taken = await rival.post("/api/profile/company/legal-entities", { kind: "legal", inn: realEntities[0]!.inn, nameFull: "Чужое" });
    expect(taken.status).toBe(201);
    const ownerEntities = await owner.get("/api/profile/company/legal-entities");
    expect(ownerEntities.body.data.map((e: { inn: string }) => e.inn)).toContain(realEntities[0]!.inn);
    expect((await rival.delete(`/api/profile/company/legal-entities/${taken.body.data.id}`)).status).toBe(200);
    const own = await addLegalEntity(api, realEntities[1]!, rival.token);
    expect(own.status).toBe(201);
    const patchToTaken = await rival.patch(`/api/profile/company/legal-entities/${own.body.data.id}`, { inn: realEntities[0]!.inn });
    expect(patchToTaken.status).toBe(200);
    expect(patchToTaken.body.data.inn).toBe(realEntities[0]!.inn);
    const individual = await rival.patch(`/api/profile/company/legal-entities/${own.body.data.id}`, { kind: "individual" });
    expect(individual.status).toBe(400);
    expect(individual.body.error.issues).toContainEqual({ path: "inn", message: "inn_format" });
  });

  test("the last legal entity of a published Russian company cannot be deleted", async () => {
    const list = await owner.get("/api/profile/company/legal-entities");
    expect(list.body.data).toHaveLength(1);
    const refused = await owner.delete(`/api/profile/company/legal-entities/${list.body.data[0].id}`);
    expectError(refused, 409, "legal_entity_required");
  });
});

describe("dealer links", () => {
  test("another company declares it supplies the published product; both sides see the link", async () => {
    const dealer = await createUser(api, "dealer");
    await dealer.post("/api/profile/company", { name: { ru: "ООО «Дилер»" }, country: "RU" });
    const linked = await dealer.post("/api/profile/company/product-company", { productId, kind: "distributor" });
    expect(linked.status).toBe(201);
    const own = await owner.post("/api/profile/company/product-company", { productId });
    expectError(own, 409, "own_product");
    const dealerSide = await dealer.get("/api/profile/company/product-company");
    expect(dealerSide.body.data.supplied).toEqual([
      expect.objectContaining({ product: expect.objectContaining({ id: productId }), kind: "distributor" }),
    ]);
    const ownerSide = await owner.get("/api/profile/company/product-company");
    expect(ownerSide.body.data.suppliedBy).toEqual([
      expect.objectContaining({ company: expect.objectContaining({ title: "ООО «Дилер»" }) }),
    ]);
    expect((await dealer.delete(`/api/profile/company/product-company/${productId}`)).status).toBe(200);
    expect((await dealer.delete(`/api/profile/company/product-company/${productId}`)).status).toBe(404);
  });
});

describe("admin CLI", () => {
  test("grant makes a site admin; bad usage exits 64", async () => {
    const [user] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, owner.id));
    expect(await admin("grant", user!.email!.toUpperCase(), "--role", "moderator")).toBe(0);
    expect((await api.db.select({ role: users.role }).from(users).where(eq(users.id, owner.id)))[0]!.role).toBe("MODERATOR");
    expect(await admin("grant", user!.email!)).toBe(0);
    expect((await api.db.select({ role: users.role }).from(users).where(eq(users.id, owner.id)))[0]!.role).toBe("ADMIN");
    expect(await admin("grant", "nobody@profile.test")).toBe(1);
    expect(await admin("approve", "story", "1")).toBe(64);
    expect(await admin("approve", "product", "x")).toBe(64);
    expect(await admin("frobnicate")).toBe(64);
    expect(await admin("purge-uploads")).toBe(0);
  });
});

describe("OpenAPI", () => {
  test("documents every profile endpoint with its methods", async () => {
    const { body } = await api.getJson<any>("/api/openapi.json");
    expect(Object.keys(body.paths["/api/profile/company"]).sort()).toEqual(["get", "patch", "post"]);
    expect(Object.keys(body.paths["/api/profile/company/products/{id}/prices"]).sort()).toEqual(["get", "put"]);
    expect(Object.keys(body.paths["/api/files/common"]).sort()).toEqual(["delete", "get", "post"]);
    expect(
      body.paths["/api/profile/company/legal-entities"].post.requestBody.content["application/json"].schema.properties.inn,
    ).toBeDefined();
    expect(body.paths["/dev/legal_entry"].get).toBeDefined();
  });
});
