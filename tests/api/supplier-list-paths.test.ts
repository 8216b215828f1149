/**
 * The supplier list's access paths (ADR 062 addendum), on both engines: an OKVED code read from its
 * own side when it has few activity rows (bySmallerOkvedSide) and the list order's walk when it has
 * many, the region's and the foreign companies' own indexes — the page, its total and the search's
 * candidates are the rows the plain filters select, in the list's order, whichever path runs. Each
 * answer is compared with the same filters written plainly in SQL over the same database.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { OKVED_SMALL_ROWS, listCompanies, type CompanyFilters } from "#server/catalog/companies.ts";
import { filterSuppliers } from "#server/catalog/browse.ts";
import { clearFacetCache } from "#server/catalog/facets.ts";
import { searchCompanies } from "#server/catalog/search.ts";
import { insertTestRegions } from "../support/regions.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { okvedSubtreeSql } from "../support/okved.ts";

let api: TestApi;
// A word no other test's data has.
const WORD = `pathwyn${`${process.pid}${Date.now().toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
const EMAIL = `${WORD}@paths.example`;
/** Companies holding the large code's sub-codes: LARGE_CODES each, more activity rows than OKVED_SMALL_ROWS in all. */
const LARGE_COMPANIES = 1800;
const LARGE_CODES = 12;
/** Companies holding the small code. */
const SMALL_COMPANIES = 600;
/** A division with at least LARGE_CODES codes under it, and a code outside it (picked from the classifier). */
let large = "";
let small = "";

async function rows<T>(query: SQL): Promise<T[]> {
  return (await api.db.execute(query)).rows as T[];
}

beforeAll(async () => {
  api = await openTestApi();
  await insertTestRegions(api);
  const [division] = await rows<{ d: string }>(sql`select left(code, 2) as d from okved_codes where code like '__.%'
    group by 1 having count(*) >= ${LARGE_CODES + 1} order by 1 limit 1`);
  large = division!.d;
  const [leaf] = await rows<{ code: string }>(sql`select code from okved_codes where code like '__.__' and left(code, 2) <> ${large}
    order by code limit 1`);
  small = leaf!.code;
  expect(LARGE_COMPANIES * LARGE_CODES).toBeGreaterThan(OKVED_SMALL_ROWS);
  // Regions, kinds, countries, verification and publication dates (some unknown) in turn, so that
  // each filter selects some of them and the list's order has ties to break.
  await api.db
    .execute(sql`insert into companies (name, source_lang, country, region_code, status, published_at, email, verification_level, okved_main)
    select jsonb_build_object('en', ${WORD} || ' supplier ' || i), 'en', case when i % 50 = 0 then 'CN' else 'RU' end,
      case when i % 50 = 0 then null when i % 3 = 0 then '77' else '66' end, 'published',
      case when i % 7 = 0 then null else timestamptz '2026-01-01' + (i % 400) * interval '1 hour' end,
      ${EMAIL}, case when i % 250 = 0 then 1 else 0 end, case when i % 2 = 0 then '46.72' else '24.20' end
    from generate_series(1, ${LARGE_COMPANIES}) i`);
  await api.db.execute(sql`insert into company_okved_codes (company_id, okved_code, is_main)
    select c.id, k.code, false from companies c
    cross join (select code from okved_codes where code like ${`${large}.%`} order by code limit ${LARGE_CODES}) k
    where c.email = ${EMAIL}`);
  await api.db.execute(sql`insert into company_okved_codes (company_id, okved_code, is_main)
    select c.id, ${small}, false from companies c where c.email = ${EMAIL} order by c.id limit ${SMALL_COMPANIES}`);
  await api.db.execute(sql`analyze companies, company_okved_codes`);
});

afterAll(async () => {
  if (!api) return;
  await api.db.execute(sql`delete from company_okved_codes where company_id in (select id from companies where email = ${EMAIL})`);
  await api.db.execute(sql`delete from companies where email = ${EMAIL}`);
  await api.close();
});

/** The filters written plainly (the rule of companies.ts's `where`, without any access path). */
function plainWhere(filters: CompanyFilters): SQL {
  const parts: SQL[] = [sql`c.status = 'published'`];
  if (filters.region) parts.push(sql`c.region_code = ${filters.region}`);
  if (filters.country) parts.push(sql`c.country = ${filters.country}`);
  if (filters.kind === "trader") parts.push(sql`left(c.okved_main, 2) = '46'`);
  if (filters.kind === "manufacturer") parts.push(sql`left(c.okved_main, 2) between '10' and '33'`);
  if (filters.okved)
    parts.push(sql`exists (select 1 from company_okved_codes o where o.company_id = c.id
      and o.okved_code in ${okvedSubtreeSql(filters.okved)})`);
  return sql.join(parts, sql` and `);
}

async function plainPage(filters: CompanyFilters, page: number): Promise<{ ids: number[]; total: number }> {
  const ids = await rows<{ id: number }>(sql`select c.id from companies c where ${plainWhere(filters)}
    order by c.verification_level desc, c.published_at desc nulls last, c.id desc limit 20 offset ${(page - 1) * 20}`);
  const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from companies c where ${plainWhere(filters)}`);
  return { ids: ids.map((r) => r.id), total: Math.min(count!.n, 10_000) };
}

describe("supplier list access paths", () => {
  test("the test's codes take both paths: the small code's activity rows are few, the division's many", async () => {
    const [counts] = await rows<{ small: number; large: number }>(sql`select
      (select count(*)::int from company_okved_codes where okved_code = ${small} or okved_code like ${`${small}.%`}) as small,
      (select count(*)::int from company_okved_codes where okved_code like ${`${large}.%`}) as large`);
    expect(counts!.small).toBeLessThanOrEqual(OKVED_SMALL_ROWS);
    expect(counts!.large).toBeGreaterThan(OKVED_SMALL_ROWS);
  });

  const cases: [string, () => CompanyFilters][] = [
    ["a small OKVED code with a kind", () => ({ okved: small, kind: "trader" })],
    ["a small OKVED code with a region", () => ({ okved: small, region: "77" })],
    ["a small OKVED code alone", () => ({ okved: small })],
    ["a division of many activity rows with a region", () => ({ okved: large, region: "77" })],
    ["a division of many activity rows with a kind", () => ({ okved: large, kind: "manufacturer" })],
    ["a division of many activity rows alone", () => ({ okved: large })],
    ["companies outside Russia", () => ({ country: "CN" })],
    ["a region", () => ({ region: "77" })],
  ];

  test.each(cases)("%s: the page (1 and 2) and its total are the plain filters' rows in the list's order", async (_name, build) => {
    const filters = build();
    for (const page of [1, 2]) {
      const list = await listCompanies(api.db, filters, "en", page, 20);
      const plain = await plainPage(filters, page);
      expect(list.items.map((c) => c.id)).toEqual(plain.ids);
      expect(list.total).toBe(plain.total);
    }
    expect((await plainPage(filters, 1)).ids.length).toBeGreaterThan(0);
  });

  test.each([
    ["alone", (): CompanyFilters => ({ okved: large })],
    ["with a region", (): CompanyFilters => ({ okved: large, region: "77" })],
  ])("the facets of a division of many activity rows %s count what the plain filters select", async (_name, build) => {
    const filters = build();
    clearFacetCache();
    const { facets } = (await filterSuppliers(api.db, { filters, lang: "en", page: 1, perPage: 20 })).data;
    const [all] = await rows<{ n: number }>(sql`select count(*)::int as n from companies c where ${plainWhere(filters)}`);
    expect(facets.total).toBe(Math.min(all!.n, 10_000));
    // The region facet counts without the region filter: the division alone, sampled from its side.
    const byRegion = await rows<{ region_code: string; n: number }>(sql`select c.region_code, count(*)::int as n from companies c
      where ${plainWhere({ okved: filters.okved })} and c.region_code is not null group by 1`);
    expect(Object.fromEntries(facets.regions.map((r) => [r.value, r.count]))).toEqual(
      Object.fromEntries(byRegion.map((r) => [r.region_code, r.n])),
    );
    expect(facets.capped).toBe(false);
  });

  test.each([
    ["the small code", () => small],
    ["the division", () => large],
  ])("words with %s: the search's matches and the facets' total are the plain filters' (under the cap)", async (_name, code) => {
    const filters: CompanyFilters = { okved: code(), region: "77" };
    const [expected] = await rows<{ n: number }>(sql`select count(*)::int as n from companies c
      where ${plainWhere(filters)} and c.email = ${EMAIL}`);
    const found = await searchCompanies(api.db, WORD, "en", 1, 20, filters);
    expect(found.total).toBe(expected!.n);
    clearFacetCache();
    const page = await filterSuppliers(api.db, { q: WORD, filters, lang: "en", page: 1, perPage: 20 });
    expect(page.data.facets.total).toBe(expected!.n);
    expect(page.data.facets.capped).toBe(false);
    expect(page.data.items.map((c) => c.id)).toEqual(found.items.map((c) => c.id));
  });
});
