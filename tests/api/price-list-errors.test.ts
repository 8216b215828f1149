/**
 * The price-list preview's errors at scale (issue 25 §1 / N2, issue 26 #14), on PGlite and
 * PostgreSQL: a 1,200-row CSV whose every row names a country nobody has, plus a few bad prices.
 * The run counts every row's errors by kind (code and field, with the first row as an example) —
 * not only the 200 kept ones — so "all rows fail on the country" is one line; it says how many
 * products the valid rows make (rows of one SKU are one product); and the kept errors come page by
 * page, optionally of one kind, never as one list of hundreds.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestApi } from "../support/api.ts";
import { closeProfileApi, createCompany, createUser, multipart, openProfileApi, type TestUser } from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
let stranger: TestUser;
const P = "/api/profile/company/price-lists";

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "pl-errors-owner");
  stranger = await createUser(api, "pl-errors-stranger");
  await createCompany(owner, { name: { ru: "ООО «Ошибки»" }, country: "RU" });
  await createCompany(stranger, { name: { ru: "ООО «Другие»" }, country: "RU" });
}, 60_000);

afterAll(async () => {
  await closeProfileApi(api);
});

/**
 * 1,200 rows: every row's country is «Атлантида»; rows of SKU ERR-n come in pairs (two price tiers of
 * one product); every 100th row's price is «по запросу».
 */
function csv(): Uint8Array {
  const lines = ["Артикул;Наименование;Цена;От количества;Страна происхождения"];
  for (let i = 0; i < 1200; i++) {
    const sku = `ERR-${Math.floor(i / 2)}`;
    const price = i % 100 === 99 ? "по запросу" : String(100 + i);
    lines.push(`${sku};Труба ${Math.floor(i / 2)};${price};${i % 2 === 0 ? 1 : 10};Атлантида`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

describe("price-list errors", () => {
  test("every row's errors are counted by kind with an example, and the kept ones are paged by kind", async () => {
    const uploaded = await owner.post(P, multipart(csv(), "atlantis.csv", "text/csv"));
    expect(uploaded.status).toBe(201);
    const run = uploaded.body.data;
    expect(run).toMatchObject({ totalRows: 1200, validRows: 0, invalidRows: 1200 });
    // Counted over the whole file, not over the 200 kept errors.
    expect(run.errors).toHaveLength(200);
    expect(run.errorCounts).toEqual([
      { code: "country_invalid", field: "originCountry", count: 1200, example: { row: 2, value: "Атлантида" } },
      { code: "price_invalid", field: "price", count: 12, example: { row: 101, value: "по запросу" } },
    ]);

    // The page of errors: 50 at a time, in row order; the last page is short.
    const first = await owner.get(`${P}/${run.id}/errors`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, perPage: 50, total: 200, pages: 4 });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0]).toEqual({ row: 2, field: "originCountry", code: "country_invalid", value: "Атлантида" });
    const fourth = await owner.get(`${P}/${run.id}/errors?page=4&perPage=60`);
    expect(fourth.body.meta).toEqual({ page: 4, perPage: 60, total: 200, pages: 4 });
    expect(fourth.body.data).toHaveLength(20);

    // One kind only (among the kept errors: row 101's; the 200th kept error is row 200's country).
    const prices = await owner.get(`${P}/${run.id}/errors?code=price_invalid&field=price`);
    expect(prices.body.meta).toMatchObject({ total: 1, pages: 1 });
    expect(prices.body.data.map((e: { row: number }) => e.row)).toEqual([101]);

    expect((await owner.get(`${P}/${run.id}/errors?perPage=1000`)).status).toBe(400);
    expect((await owner.get(`${P}/${run.id}/errors?code=nonsense`)).status).toBe(400);
    expect((await stranger.get(`${P}/${run.id}/errors`)).status).toBe(404);
  });

  test("the preview says how many products the valid rows make (rows of one SKU are one product)", async () => {
    const text = ["Артикул;Наименование;Цена;От количества", "A-1;Труба;100;1", "A-1;Труба;90;10", "A-2;Лист;50;1", "A-3;;50;1"].join("\n");
    const uploaded = await owner.post(P, multipart(new TextEncoder().encode(text), "tiers.csv", "text/csv"));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ totalRows: 4, validRows: 3, invalidRows: 1, products: 2 });
    expect(uploaded.body.data.errorCounts).toEqual([{ code: "name_required", field: "name", count: 1, example: { row: 5, value: "" } }]);
    const list = await owner.get(P);
    expect(list.body.data[0]).toMatchObject({ id: uploaded.body.data.id, products: 2 });
    expect(list.body.data[0]).not.toHaveProperty("errorCounts");
  });
});
