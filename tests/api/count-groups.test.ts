/**
 * The product count groups shared by the server processes (server/catalog/count-groups.ts, ADR 070),
 * on both engines: the `catalogue-counts` job replaces them with the grouped pass over the catalogue;
 * a process reads them while they are fresh (the category counts, totals and facets a visitor sees
 * then follow the last refresh, not the catalogue itself) and groups the catalogue itself when they
 * are old, were never refreshed, or were declared out of date by a seed.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { seedDemo } from "#server/catalog/seed/index.ts";
import { forgetCatalogueCounts, productCountGroups, publishedProductTotal } from "#server/catalog/repository.ts";
import {
  COUNT_GROUPS_MAX_AGE_S,
  invalidateSharedCountGroups,
  PRODUCT_COUNT_GROUPS_SQL,
  refreshProductCountGroups,
  sharedCountGroupsFresh,
} from "#server/catalog/count-groups.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { makeTempDataDir } from "../support/databases.ts";
import { markSeededTables, removeDemoSeed, type SeedMarks } from "../support/seeded.ts";

let api: TestApi;
let dataDir: string;
let before: SeedMarks;

beforeAll(async () => {
  api = await openTestApi();
  dataDir = makeTempDataDir("postavka-count-groups-");
  before = await markSeededTables(api.db);
  await seedDemo(api.db, {
    engine: api.engine,
    companies: 30,
    products: 400,
    seed: 31,
    dataDir,
    referenceDir: api.dataDir,
    now: new Date("2026-06-01T00:00:00Z"),
  });
  await forgetCatalogueCounts(api.db);
}, 300_000);

// Other files of this process group the catalogue themselves again (they write it and read counts at once).
afterAll(async () => {
  if (api) await invalidateSharedCountGroups(api.db);
  await removeDemoSeed(api, before, dataDir);
}, 120_000);

/** The rows of `query` as sorted JSON lines, for comparing two sets of groups whatever their order. */
async function sortedRows(query: ReturnType<typeof sql>): Promise<string[]> {
  return (await api.db.execute(query)).rows.map((row) => JSON.stringify(row)).sort();
}

/** What this process counts now, without its own minute-long cache. */
async function totalNow(): Promise<number> {
  productCountGroups.forget(api.db);
  return publishedProductTotal(api.db);
}

describe("shared product count groups", () => {
  test("the seed leaves them out of date; the job replaces them with exactly the grouped pass", async () => {
    expect(await sharedCountGroupsFresh(api.db)).toBe(false);
    await api.jobs.send("catalogue-counts", {});
    expect(await api.jobs.runDue("catalogue-counts")).toBe(1);
    expect(await sharedCountGroupsFresh(api.db)).toBe(true);
    const shared = await sortedRows(sql`select category_id, currency, region_code, country, verified, chapter, moq_unit, n,
      min_price, max_price, min_moq, max_moq from product_count_groups`);
    expect(shared.length).toBeGreaterThan(10);
    expect(shared).toEqual(await sortedRows(PRODUCT_COUNT_GROUPS_SQL));
  });

  test("while fresh, a process counts what the last refresh saw; a refresh or an invalidation brings a direct change in", async () => {
    await refreshProductCountGroups(api.db);
    const total = await totalNow();
    const [product] = (
      await api.db.execute<{ id: number }>(sql`update products set status = 'draft'
        where id = (select min(id) from products where id > ${before.products} and status = 'published') returning id`)
    ).rows;
    try {
      expect(await totalNow()).toBe(total);
      await refreshProductCountGroups(api.db);
      expect(await totalNow()).toBe(total - 1);
      await api.db.execute(sql`update products set status = 'published' where id = ${product!.id}`);
      await invalidateSharedCountGroups(api.db);
      expect(await totalNow()).toBe(total);
    } finally {
      await api.db.execute(sql`update products set status = 'published' where id = ${product!.id}`);
    }
  });

  test("groups older than the bound, or refreshed by a pass that began before an invalidation, are not read", async () => {
    await refreshProductCountGroups(api.db);
    expect(await sharedCountGroupsFresh(api.db)).toBe(true);
    await api.db.execute(
      sql`update catalogue_counts_refresh set refreshed_at = now() - make_interval(secs => ${COUNT_GROUPS_MAX_AGE_S + 1})`,
    );
    expect(await sharedCountGroupsFresh(api.db)).toBe(false);
    // An invalidation later than the start of any pass running now: that pass must not count as fresh.
    await api.db.execute(sql`update catalogue_counts_refresh set invalidated_at = now() + interval '1 hour'`);
    await refreshProductCountGroups(api.db);
    expect(await sharedCountGroupsFresh(api.db)).toBe(false);
    await api.db.execute(sql`update catalogue_counts_refresh set invalidated_at = refreshed_at - interval '1 second'`);
    expect(await sharedCountGroupsFresh(api.db)).toBe(true);
  });
});
