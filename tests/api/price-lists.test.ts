/**
 * Price lists through the API (issue 15), on PGlite and PostgreSQL: a supplier uploads a 5,000-offer
 * YML and a 1,000-row XLSX, sees the preview (guessed mapping, first rows, each bad row's number,
 * field and code, the counts), changes the mapping, imports in the background (`api.jobs.runDue()`)
 * and gets DRAFT products; a second upload with known SKUs updates those products; an import that
 * fails midway leaves nothing behind (new products gone, updated ones as they were); another
 * company's run is a 404; files that are no price list are refused; the export reads back in.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PRICE_LIST_FIELDS } from "#contract/profile/price-lists.ts";
import { categories, productPrices, products } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { runImport } from "#server/price-lists/import.ts";
import { ymlOffers } from "#server/price-lists/read.ts";
import type { TestApi } from "../support/api.ts";
import {
  call,
  closeProfileApi,
  createCompany,
  createUser,
  openProfileApi,
  jpegPhoto,
  multipart,
  windowsExecutable,
  type TestUser,
} from "../support/profile.ts";
import { xlsxPriceList, ymlCatalogue, YML_BAD } from "../fixtures/price-lists/make-fixtures.ts";

let api: TestApi;
let owner: TestUser;
let other: TestUser;
let companyId: number;
let categoryId: number;
const P = "/api/profile/company/price-lists";
const logger = createLogger({ level: "silent" });

const utf8 = (text: string) => new TextEncoder().encode(text);

async function upload(user: TestUser, bytes: Uint8Array, name: string, lang?: string) {
  return user.post(P, multipart(bytes, name, "application/octet-stream", lang ? { lang } : {}));
}

/** The company's product with the article `sku` (a row of `products`). */
async function productBySku(sku: string) {
  const [row] = await api.db
    .select()
    .from(products)
    .where(sql`${products.companyId} = ${companyId} and ${products.sku} = ${sku}`);
  return row;
}

/** The company's products whose article starts with `skuPrefix-`. */
async function draftsOf(skuPrefix: string) {
  return api.db
    .select()
    .from(products)
    .where(sql`${products.companyId} = ${companyId} and ${products.sku} like ${`${skuPrefix}-%`}`);
}

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "pricelist-owner");
  other = await createUser(api, "pricelist-other");
  companyId = await createCompany(owner, { name: { ru: "ООО «Прайс»" }, country: "RU" });
  await createCompany(other, { name: { ru: "ООО «Чужие»" }, country: "CN" });
  await api.db.delete(categories).where(eq(categories.slug, "test-pricelists-pipes"));
  const [category] = await api.db
    .insert(categories)
    .values({ slug: "test-pricelists-pipes", name: { ru: "Трубы (тест)", en: "Pipes (test)" }, sourceLang: "ru" })
    .returning({ id: categories.id });
  categoryId = category!.id;
}, 60_000);

afterAll(async () => {
  await api?.db.delete(categories).where(eq(categories.slug, "test-pricelists-pipes"));
  await closeProfileApi(api);
});

describe("price lists", () => {
  test("a 5,000-offer YML: preview with the bad offers, categories mapped, imported as drafts in the background", async () => {
    const started = Date.now();
    const uploaded = await upload(owner, utf8(ymlCatalogue(5000)), "catalogue.yml");
    expect(uploaded.status).toBe(201);
    const run = uploaded.body.data;
    expect(run).toMatchObject({ format: "yml", status: "preview", totalRows: 5000, validRows: 4996, invalidRows: 4, lang: "ru" });
    expect(run.errors.map((e: { row: number; code: string }) => [e.row, e.code])).toEqual(
      Object.entries(YML_BAD).map(([row, code]) => [Number(row), code]),
    );
    expect(run.errors[0]).toEqual({ row: 7, field: "name", code: "name_required", value: "" });
    expect(run.sample).toHaveLength(10);
    expect(run.sample[0]).toMatchObject({
      row: 1,
      sku: "YML-1",
      name: "Труба стальная 1 мм",
      price: "101.5",
      currency: "RUB",
      unit: "pcs",
    });
    expect(run.ymlCategories.map((c: { name: string }) => c.name)).toEqual(["Трубы", "Трубы стальные", "Прочее"]);

    // Map YML category 2 to one of ours; the preview is read again with it.
    const mapped = await owner.put(`${P}/${run.id}/mapping`, { ...run.mapping, categories: { "1": null, "2": categoryId, "3": null } });
    expect(mapped.status).toBe(200);
    expect(mapped.body.data.sample[0].categoryId).toBe(categoryId); // offer 1 is in category (1 % 3) + 1 = 2
    expect(mapped.body.data.validRows).toBe(4996);

    const queued = await owner.post(`${P}/${run.id}/import`);
    expect(queued.status).toBe(200);
    expect(queued.body.data.status).toBe("queued");
    // Not twice.
    expect((await owner.post(`${P}/${run.id}/import`)).status).toBe(409);
    expect((await owner.put(`${P}/${run.id}/mapping`, run.mapping)).status).toBe(409);

    expect(await api.jobs.runDue("price-list-import")).toBe(1);
    const done = (await owner.get(`${P}/${run.id}`)).body.data;
    expect(done).toMatchObject({ status: "done", progress: { processed: 4996, total: 4996, created: 4996, updated: 0 }, failure: null });
    console.info(`[measure] ${api.engine}: 5,000-offer YML uploaded, previewed, remapped and imported in ${Date.now() - started} ms`);

    const rows = await draftsOf("YML");
    expect(rows).toHaveLength(4996);
    expect(rows.every((r) => r.status === "draft")).toBe(true);
    const third = rows.find((r) => r.sku === "YML-3")!;
    expect(third).toMatchObject({ name: { ru: "Труба стальная 3 мм" }, categoryId: null, tnvedCode: "7304191001", moqUnit: "pcs" });
    expect(Number(third.moq)).toBe(4);
    expect(third.facts).toEqual([{ key: { ru: "Диаметр" }, value: { ru: "23 мм" } }]);
    expect(rows.find((r) => r.sku === "YML-1")!.categoryId).toBe(categoryId);
    const tiers = await api.db.select().from(productPrices).where(eq(productPrices.productId, third.id));
    // The first tier starts at the MOQ (4), not at 1: nobody sells below it (J4-3).
    expect(tiers.map((t) => [Number(t.minQuantity), Number(t.price), t.currency, t.unit])).toEqual([[4, 103.5, "RUB", "pcs"]]);
    expect(rows.find((r) => r.sku === "YML-10")!.priceCurrency).toBe("CNY");
    // The products page lists them as drafts.
    const list = await owner.get("/api/profile/company/products?status=draft&perPage=1");
    expect(list.body.meta.total).toBeGreaterThanOrEqual(4996);
  }, 180_000);

  test("a 1,000-row XLSX: guessed columns, three bad rows, a changed mapping, imported; a second list updates by SKU", async () => {
    const uploaded = await upload(owner, await xlsxPriceList(1000), "prices.xlsx");
    expect(uploaded.status).toBe(201);
    const run = uploaded.body.data;
    expect(run).toMatchObject({ format: "xlsx", totalRows: 1000, validRows: 997, invalidRows: 3 });
    expect(run.mapping.columns).toEqual(["sku", "name", "price", "currency", "unit", "moq", "tnvedCode", "spec"]);
    expect(run.errors.map((e: { row: number; field: string; code: string }) => [e.row, e.field, e.code])).toEqual([
      [5, "price", "price_invalid"],
      [12, "unit", "unit_unknown"],
      [40, "name", "name_required"],
    ]);
    // Ignoring the unit column makes row 12 valid (the default unit applies).
    const columns = [...run.mapping.columns];
    columns[4] = "";
    const mapped = (await owner.put(`${P}/${run.id}/mapping`, { ...run.mapping, columns, unit: "kg" })).body.data;
    expect(mapped).toMatchObject({ validRows: 998, invalidRows: 2 });
    expect(mapped.sample[0]).toMatchObject({ unit: "kg", price: "1001.5" });
    expect((await owner.post(`${P}/${run.id}/import`)).status).toBe(200);
    await api.jobs.runDue("price-list-import");
    expect((await owner.get(`${P}/${run.id}`)).body.data).toMatchObject({
      status: "done",
      progress: { created: 998, updated: 0 },
    });
    expect(await draftsOf("XL")).toHaveLength(998);

    // The same SKUs again, in a CSV (windows-1251 would do too): updated, not duplicated.
    const csv = [
      "Артикул;Наименование;Цена;Количество от",
      "XL-1;Фланец новый;900;1",
      "XL-1;Фланец новый;800;100",
      "XL-NEW-1;Новинка;5;1",
    ].join("\n");
    const second = (await upload(owner, utf8(csv), "update.csv")).body.data;
    expect(second).toMatchObject({ format: "csv", reading: { encoding: "utf-8", delimiter: ";" }, validRows: 3 });
    await owner.post(`${P}/${second.id}/import`);
    await api.jobs.runDue("price-list-import");
    expect((await owner.get(`${P}/${second.id}`)).body.data.progress).toMatchObject({
      created: 1,
      updated: 1,
    });
    const updated = await productBySku("XL-1");
    expect(updated!.name).toEqual({ ru: "Фланец новый" });
    expect(updated!.tnvedCode).toBe("7304191001"); // not in the CSV: kept
    const tiers = await api.db.select().from(productPrices).where(eq(productPrices.productId, updated!.id));
    expect(tiers.map((t) => [Number(t.minQuantity), Number(t.price)]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 900],
      [100, 800],
    ]);
    expect(await draftsOf("XL")).toHaveLength(999);
  }, 180_000);

  test("an import that fails midway leaves nothing: new products gone, updated ones as they were", async () => {
    const before = await productBySku("XL-2");
    const pricesBefore = await api.db.select().from(productPrices).where(eq(productPrices.productId, before!.id));
    const csv = [
      "SKU,Name,Price",
      "XL-2,Changed name,1",
      "FAIL-1,New one,2",
      "FAIL-2,New two,3",
      "FAIL-3,New three,4",
      "FAIL-4,New four,5",
    ].join("\n");
    const run = (await upload(owner, utf8(csv), "fail.csv")).body.data;
    expect(run.reading.delimiter).toBe(",");
    await owner.post(`${P}/${run.id}/import`);
    await runImport(api.db, api.storage, logger, run.id, {
      batchSize: 2,
      afterBatch: (n) => {
        if (n === 2) throw new Error("the disk is full");
      },
    });
    const failed = (await owner.get(`${P}/${run.id}`)).body.data;
    expect(failed).toMatchObject({ status: "failed", failure: "the disk is full", progress: { created: 0, updated: 0 } });
    expect(await draftsOf("FAIL")).toHaveLength(0);
    const [after] = await api.db.select().from(products).where(eq(products.id, before!.id));
    expect(after!.name).toEqual(before!.name);
    expect(after!.priceFrom).toBe(before!.priceFrom);
    const pricesAfter = await api.db.select().from(productPrices).where(eq(productPrices.productId, before!.id));
    expect(pricesAfter.map((p) => [p.minQuantity, p.price, p.currency, p.unit])).toEqual(
      pricesBefore.map((p) => [p.minQuantity, p.price, p.currency, p.unit]),
    );
    // The queued job finds the run failed and does nothing.
    await api.jobs.runDue("price-list-import");
    expect(await draftsOf("FAIL")).toHaveLength(0);
  }, 60_000);

  test("a product under moderation is not changed by a price list: its row is an error", async () => {
    const row = await productBySku("XL-3");
    await api.db.update(products).set({ status: "moderation" }).where(eq(products.id, row!.id));
    const run = (await upload(owner, utf8("SKU;Name\nXL-3;Renamed\nXL-NEW-2;Fresh"), "locked.csv")).body.data;
    expect(run).toMatchObject({ validRows: 1, invalidRows: 1 });
    expect(run.errors).toEqual([{ row: 2, field: "sku", code: "product_locked", value: "XL-3" }]);
    await api.db.update(products).set({ status: "draft" }).where(eq(products.id, row!.id));
  });

  test("another company's run is a 404; without a company 403; unknown ids 404", async () => {
    const run = (await upload(owner, utf8("SKU;Name\nZ-1;Secret"), "mine.csv")).body.data;
    expect((await other.get(`${P}/${run.id}`)).status).toBe(404);
    expect((await other.put(`${P}/${run.id}/mapping`, run.mapping)).status).toBe(404);
    expect((await other.post(`${P}/${run.id}/import`)).status).toBe(404);
    expect((await other.get(P)).body.data.map((r: { id: number }) => r.id)).not.toContain(run.id);
    const loner = await createUser(api, "pricelist-loner");
    expect((await upload(loner, utf8("SKU;Name\nZ-1;x"), "x.csv")).status).toBe(403);
    expect((await owner.get(`${P}/2147483600`)).status).toBe(404);
    expect((await call(api, "GET", P, undefined)).status).toBe(401);
  });

  test("files that are no price list, empty lists and lists without a valid row are refused with their reason", async () => {
    expect((await upload(owner, await jpegPhoto(20, 20), "prices.csv")).body.error.code).toBe("file_type_not_allowed");
    const exe = await upload(owner, windowsExecutable(), "prices.xlsx");
    expect([exe.status, exe.body.error.code]).toEqual([415, "executable_not_allowed"]);
    const html = await upload(owner, utf8("<!DOCTYPE html><html><script>alert(1)</script></html>"), "prices.csv");
    expect(html.body.error.code).toBe("html_not_allowed");
    const empty = await upload(owner, utf8("SKU;Name;Price\n"), "empty.csv");
    expect([empty.status, empty.body.error.code]).toEqual([422, "price_list_empty"]);
    const broken = await upload(owner, utf8("<yml_catalog><shop><offers><offer id='1'><name>x</offers>"), "broken.yml");
    expect([broken.status, broken.body.error.code]).toEqual([422, "price_list_unreadable"]);
    const bad = (await upload(owner, utf8("SKU;Name;Price\nB-1;;12\nB-2;Bolt;abc"), "bad.csv")).body.data;
    expect(bad).toMatchObject({ validRows: 0, invalidRows: 2 });
    const refused = await owner.post(`${P}/${bad.id}/import`);
    expect([refused.status, refused.body.error.code]).toEqual([409, "no_valid_rows"]);
  });

  test("the export in CSV, XLSX and YML reads back in; a formula in a cell is escaped", async () => {
    const formula = '=HYPERLINK("http://evil")';
    const run = (
      await upload(owner, utf8(`SKU;Name;Price;Unit;Материал\nEXP-1;"${formula.replace(/"/g, '""')}";5;кг;Сталь`), "formula.csv")
    ).body.data;
    expect(run.validRows).toBe(1);
    await owner.post(`${P}/${run.id}/import`);
    await api.jobs.runDue("price-list-import");
    const get = (format: string) =>
      api.app.request(`${P}/export?format=${format}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const csv = await get("csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="products-.*\.csv"/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A BOM, so Excel opens the UTF-8 file with its Cyrillic and Chinese intact.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    // A Russian export has Russian headers (J4-5), our product number first.
    expect(text.startsWith("ID товара;Артикул;Наименование;Описание;Цена;Валюта;Цена от количества;Ед. изм.;Мин. партия")).toBe(true);
    expect(text).toContain(`EXP-1;"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/;=HYPERLINK/);

    // Read back: every column is recognised and every row is valid.
    const again = (await upload(owner, utf8(text), "export.csv")).body.data;
    expect(again.mapping.columns.slice(0, 12)).toEqual(PRICE_LIST_FIELDS.filter((field) => field !== "spec" && field !== "priceTier"));
    expect(again.invalidRows).toBe(0);
    const count = (
      await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.companyId, companyId))
    )[0]!.n;
    expect(again.totalRows).toBeGreaterThanOrEqual(count);

    const xlsx = await get("xlsx");
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const fromXlsx = (await upload(owner, new Uint8Array(await xlsx.arrayBuffer()), "export.xlsx")).body.data;
    expect(fromXlsx).toMatchObject({ format: "xlsx", totalRows: again.totalRows, invalidRows: 0 });

    const yml = await get("yml");
    const offers: { vendorCode: string; name: string }[] = [];
    for await (const offer of ymlOffers(new Uint8Array(await yml.arrayBuffer()))) offers.push(offer);
    expect(offers).toHaveLength(count);
    expect(offers.find((o) => o.vendorCode === "EXP-1")!.name).toBe(formula);
    // Only the caller's own products.
    const theirs = await api.app.request(`${P}/export?format=csv`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(await theirs.text()).not.toContain("EXP-1");
  }, 120_000);

  test("an unchanged export imports as 'nothing to change' in CSV, XLSX and YML, products without an SKU included (J4-2, J4-5)", async () => {
    // A company of its own: a product with a formula-like name and an SKU, and one without an SKU, with
    // two tiers and a MOQ of 2.5 t — the case that came back as duplicates.
    const trip = await createUser(api, "pricelist-roundtrip");
    const tripCompany = await createCompany(trip, { name: { ru: "ООО «Круг»" }, country: "RU" });
    const first = (await upload(trip, utf8('SKU;Name;Price;Unit;Материал\nRT-1;"=SUM(1)";5;кг;Сталь'), "first.csv")).body.data;
    await trip.post(`${P}/${first.id}/import`);
    await api.jobs.runDue("price-list-import");
    const [made] = await api.db
      .insert(products)
      .values({
        companyId: tripCompany,
        name: { ru: "Арматура без артикула" },
        sourceLang: "ru",
        status: "draft",
        moq: "2.5",
        moqUnit: "t",
        originCountry: "CN",
      })
      .returning({ id: products.id });
    await api.db.insert(productPrices).values([
      { productId: made!.id, minQuantity: "2.5", price: "51000", currency: "RUB", unit: "t" },
      { productId: made!.id, minQuantity: "20", price: "48000", currency: "RUB", unit: "t" },
    ]);
    const countAll = async () =>
      (
        await api.db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(eq(products.companyId, companyId))
      )[0]!.n;
    const before = await countAll();
    for (const format of ["csv", "xlsx", "yml"]) {
      const res = await api.app.request(`${P}/export?format=${format}&lang=ru`, { headers: { authorization: `Bearer ${trip.token}` } });
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (format === "yml") {
        const text = new TextDecoder().decode(bytes);
        // Every tier is kept and the MOQ is not rounded.
        expect(text).toContain("<min-quantity>2.5</min-quantity>");
        expect(text).toMatch(/<param name="Цена от 20 т" unit="RUB">48000<\/param>/);
      }
      const run = (await upload(trip, bytes, `export.${format}`)).body.data;
      expect(run.invalidRows, JSON.stringify(run.errors.slice(0, 3))).toBe(0);
      expect((await trip.post(`${P}/${run.id}/import`)).status).toBe(200);
      await api.jobs.runDue("price-list-import");
      const done = (await trip.get(`${P}/${run.id}`)).body.data;
      expect([format, done.status, done.progress.created, done.progress.updated]).toEqual([format, "done", 0, 0]);
      expect(await countAll()).toBe(before);
    }
    const tiers = await api.db.select().from(productPrices).where(eq(productPrices.productId, made!.id));
    expect(tiers.map((t) => [Number(t.minQuantity), Number(t.price)]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [2.5, 51000],
      [20, 48000],
    ]);
  }, 120_000);
});
