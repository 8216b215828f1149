/**
 * The product list's facets (`/api/products/filter`) answered from the cached count groups are the
 * facets a scan of the selected products counts (ADR 067), on both engines: a demo catalogue is
 * seeded, and each filter set the groups answer (none, a top category, a subcategory, a currency, a
 * region, a country, verified, a TN VED chapter, and combinations) is asked as is and once more with a filter that
 * selects the same products but that the groups cannot answer (an MOQ bound above every MOQ: products
 * without an MOQ are included), which takes the GROUPING SETS scan. Both answers must be equal, value
 * for value, ranges included.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { seedDemo } from "#server/catalog/seed/index.ts";
import { forgetCatalogueCounts } from "#server/catalog/repository.ts";
import { clearFacetCache } from "#server/catalog/facets.ts";
import { PRODUCT_FACET_CAP, type ProductFacets } from "#contract/products.ts";
import { openTestApi, type Envelope, type TestApi } from "../support/api.ts";
import { makeTempDataDir } from "../support/databases.ts";
import { markSeededTables, removeDemoSeed, type SeedMarks } from "../support/seeded.ts";

let api: TestApi;
let dataDir: string;
let before: SeedMarks;
const pick: { top: number; sub: number; region: string; chapter: string } = { top: 0, sub: 0, region: "", chapter: "" };

beforeAll(async () => {
  api = await openTestApi();
  dataDir = makeTempDataDir("postavka-facets-");
  before = await markSeededTables(api.db);
  await seedDemo(api.db, {
    engine: api.engine,
    companies: 120,
    products: 3000,
    seed: 23,
    dataDir,
    referenceDir: api.dataDir,
    now: new Date("2026-06-01T00:00:00Z"),
  });
  // Counts and facets other files' reads left in this process's caches predate the seed.
  await forgetCatalogueCounts(api.db);
  clearFacetCache(api.db);
  const one = async <T>(query: ReturnType<typeof sql>) => (await api.db.execute(query)).rows[0] as T;
  pick.top = (
    await one<{ id: number }>(sql`select c.parent_id as id from products p join categories c on c.id = p.category_id
      where p.id > ${before.products} and c.parent_id is not null group by 1 order by count(*) desc limit 1`)
  ).id;
  pick.sub = (
    await one<{ id: number }>(
      sql`select p.category_id as id from products p where p.id > ${before.products} group by 1 order by count(*) desc limit 1`,
    )
  ).id;
  pick.chapter = (
    await one<{ code: string }>(sql`select left(p.tnved_code, 2) as code from products p join categories c on c.id = p.category_id
      where p.id > ${before.products} and p.tnved_code is not null and (c.id = ${pick.top} or c.parent_id = ${pick.top})
      group by 1 order by count(*) desc limit 1`)
  ).code;
  pick.region = (
    await one<{ code: string }>(sql`select region_code as code from companies where id > ${before.companies} and country = 'RU'
      group by 1 order by count(*) desc limit 1`)
  ).code;
}, 300_000);

afterAll(() => removeDemoSeed(api, before, dataDir), 120_000);

async function facets(query: string): Promise<ProductFacets> {
  const { status, body } = await api.getJson<Envelope<ProductFacets>>(`/api/products/filter?lang=ru${query}`);
  expect(status).toBe(200);
  return body.data;
}

describe("product facets from the cached count groups equal a scan of the products", () => {
  const sets: [name: string, query: () => string][] = [
    ["the whole catalogue", () => ""],
    ["a top category", () => `&category=${pick.top}`],
    ["a subcategory", () => `&category=${pick.sub}`],
    ["a currency", () => "&currency=CNY"],
    ["a region", () => `&region=${pick.region}`],
    ["China", () => "&country=CN"],
    ["verified suppliers in a top category", () => `&verified=true&category=${pick.top}`],
    ["a top category in roubles from a region", () => `&category=${pick.top}&currency=RUB&region=${pick.region}`],
    ["a TN VED chapter", () => `&tnved=${pick.chapter}`],
    ["a TN VED chapter in a top category", () => `&tnved=${pick.chapter}&category=${pick.top}`],
  ];

  test.each(sets)("%s", async (name, query) => {
    const cached = await facets(query());
    const scanned = await facets(`${query()}&moqMax=1000000000`);
    expect(cached.total).toBeGreaterThan(0);
    expect(cached.capped).toBe(false);
    // The shared test database holds other files' products too: a set without this file's categories may
    // pass the scan's cap, which counts only the first PRODUCT_FACET_CAP (query-plans.test.ts tests that).
    if (scanned.capped && !name.includes("categor")) {
      expect(cached.total).toBeGreaterThan(PRODUCT_FACET_CAP);
      return;
    }
    expect(cached).toEqual(scanned);
  });

  test("a list's total from the cached counts (a TN VED chapter, a category) is what its facets count", async () => {
    for (const query of [`&tnved=${pick.chapter}`, `&category=${pick.top}&tnved=${pick.chapter}`, `&category=${pick.sub}`]) {
      const list = await api.getJson<Envelope<unknown[], { total: number }>>(`/api/products?lang=ru${query}`);
      expect(list.status).toBe(200);
      const counted = await facets(`${query}&moqMax=1000000000`);
      expect(list.body.meta!.total).toBe(Math.min(counted.total, 10_000));
    }
  });

  test("the catalogue's facets list categories, regions, chapters, prices and MOQ units with their ranges", async () => {
    const all = await facets("");
    expect(all.categories.length).toBeGreaterThan(3);
    expect(all.regions.length).toBeGreaterThan(3);
    expect(all.chapters.length).toBeGreaterThan(3);
    expect(all.prices.map((p) => p.currency).sort()).toEqual(["CNY", "RUB", "USD"]);
    for (const range of [...all.prices, ...all.moq]) expect(Number(range.min)).toBeLessThanOrEqual(Number(range.max));
    // Most first, ties in value order: the order does not depend on how the counts were summed.
    for (const list of [all.categories, all.regions, all.chapters]) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.count).toBeGreaterThanOrEqual(list[i]!.count);
    }
  });
});
