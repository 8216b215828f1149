/**
 * Facet counts for the product list (spec §7 `/api/products/filter`) and the supplier list
 * (`/dev/suppliers/filter`). Filter sets the per-process count groups hold are summed from them in
 * memory (products: ADR 067; suppliers: ADR 062); others take one scan of the filtered set with
 * GROUPING SETS (capped for suppliers). Results are cached per filter set for 60 s per process.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { PRODUCT_FACET_CAP, type ProductFacets } from "#contract/products.ts";
import type { SupplierFacets } from "#contract/search.ts";
import type { Currency, Lang, Localized } from "../db/schema.ts";
import { cachedQuery } from "./cache.ts";
import { pickRequired } from "./localize.ts";
import {
  COUNTS_TTL_MS,
  TOTAL_CAP,
  productCountGroupsOf,
  productWhere,
  type ProductCountGroup,
  type ProductFilters,
  type ProductRanges,
} from "./repository.ts";
import { productMatchWhere, resolveTsQuery } from "./search.ts";
import { registerTsQuery } from "./register-lexemes.ts";
import {
  CACHED_FILTERS,
  bySmallerOkvedSide,
  cachedCompanyGroups,
  okvedSideOf,
  type CompanyCountGroup,
  type CompanyFilters,
} from "./companies.ts";
import { HEADCOUNT_BANDS, REVENUE_BANDS } from "#contract/registers.ts";

/** The most suppliers a facet of words or an OKVED, category or identifier filter is counted over (ADR 062). */
export const FACET_CAP = Math.min(SUPPLIER_FACET_CAP, TOTAL_CAP);

export type { FacetValue, ProductFacets } from "#contract/products.ts";
export type { SupplierFacets } from "#contract/search.ts";
import { SUPPLIER_FACET_CAP } from "#contract/search.ts";
import { KIND_SQL } from "../registers/okved-groups.ts";

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { at: number; value: unknown }>();

/**
 * Drops every cached facet value (the benchmarks measure each filter set's own queries, not the
 * cache), and with `db` also the facet names read from it (a test that seeded new categories).
 */
export function clearFacetCache(db?: Db): void {
  cache.clear();
  if (db) productFacetNames.forget(db);
}

async function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await compute();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** One row of the product facets' GROUPING SETS: `g` says which facet (grouping() bits), 63 the total. */
type ProductFacetRow = ProductRanges & {
  g: number;
  category_id: number | null;
  region_code: string | null;
  chapter: string | null;
  verified: boolean | null;
  price_currency: Currency | null;
  moq_unit: string | null;
  /** On the total row of a scan: more than PRODUCT_FACET_CAP products matched. */
  over?: boolean;
};

// grouping() bit order follows the argument order: category=32, region=16, chapter=8, verified=4, currency=2, moq=1.
const PRODUCT_FACET_BITS = [
  [32, "category_id"],
  [16, "region_code"],
  [8, "chapter"],
  [4, "verified"],
  [2, "price_currency"],
  [1, "moq_unit"],
] as const;

/** The lesser (`sign` 1) or greater (-1) of two numeric texts, null being neither. */
function extreme(a: string | null, b: string | null, sign: 1 | -1): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return (Number(a) - Number(b)) * sign <= 0 ? a : b;
}

/**
 * The facet rows of a product list from the cached count groups (productCountGroupsOf): the same
 * rows the GROUPING SETS statement answers, summed in memory, so a category page (and any list
 * whose filters the groups answer) costs no query for its facets.
 */
function productFacetRowsOf(groups: readonly ProductCountGroup[]): ProductFacetRow[] {
  const empty = { category_id: null, region_code: null, chapter: null, verified: null, price_currency: null, moq_unit: null };
  const facets = PRODUCT_FACET_BITS.map(([bit, column]) => ({ g: 63 - bit, column, rows: new Map<unknown, ProductFacetRow>() }));
  let total: ProductFacetRow | null = null;
  const start = (g: number, group: ProductCountGroup, values: Partial<ProductFacetRow>): ProductFacetRow => ({
    g,
    ...empty,
    ...values,
    n: group.n,
    min_price: group.min_price,
    max_price: group.max_price,
    min_moq: group.min_moq,
    max_moq: group.max_moq,
  });
  const add = (row: ProductFacetRow, group: ProductCountGroup) => {
    row.n += group.n;
    row.min_price = extreme(row.min_price, group.min_price, 1);
    row.max_price = extreme(row.max_price, group.max_price, -1);
    row.min_moq = extreme(row.min_moq, group.min_moq, 1);
    row.max_moq = extreme(row.max_moq, group.max_moq, -1);
  };
  for (const group of groups) {
    const values = {
      category_id: group.category_id,
      region_code: group.region_code,
      chapter: group.chapter,
      verified: group.verified,
      price_currency: group.currency,
      moq_unit: group.moq_unit,
    };
    for (const facet of facets) {
      const value = values[facet.column];
      const row = facet.rows.get(value);
      if (row) add(row, group);
      else facet.rows.set(value, start(facet.g, group, { [facet.column]: value }));
    }
    if (total) add(total, group);
    else total = start(63, group, {});
  }
  return [...facets.flatMap((f) => [...f.rows.values()]), ...(total ? [total] : [])];
}

/**
 * Facet rows of at most PRODUCT_FACET_CAP of the products `where` selects (the first found), with
 * GROUPING SETS, and whether more matched (`over` on the total row): the scan stops after
 * PRODUCT_FACET_CAP + 1 products however many match, as the supplier facets do (ADR 062, 067).
 */
async function productFacetRowsSql(db: Db, where: SQL): Promise<ProductFacetRow[]> {
  const rows = await db.execute<ProductFacetRow>(sql`
    with m as (
      select p.category_id, c.region_code, left(p.tnved_code, 2) as chapter, c.verification_level > 0 as verified,
        p.price_currency, p.moq_unit, p.price_from, p.moq
      from products p join companies c on c.id = p.company_id
      where ${where}
      limit ${PRODUCT_FACET_CAP + 1}
    ),
    k as (select m.*, row_number() over () as rn from m)
    select grouping(category_id, region_code, chapter, verified, price_currency, moq_unit)::int as g,
      category_id, region_code, chapter, verified, price_currency, moq_unit,
      (count(*) filter (where rn <= ${PRODUCT_FACET_CAP}))::int as n,
      (min(price_from) filter (where rn <= ${PRODUCT_FACET_CAP}))::text as min_price,
      (max(price_from) filter (where rn <= ${PRODUCT_FACET_CAP}))::text as max_price,
      (min(moq) filter (where rn <= ${PRODUCT_FACET_CAP}))::text as min_moq,
      (max(moq) filter (where rn <= ${PRODUCT_FACET_CAP}))::text as max_moq,
      max(rn) > ${PRODUCT_FACET_CAP} as over
    from k
    group by grouping sets ((category_id), (region_code), (chapter), (verified), (price_currency), (moq_unit), ())`);
  // The 10,001st product only tells that there are more: a group holding nothing else is not a value.
  return rows.rows.filter((r) => r.g === 63 || r.n > 0);
}

/**
 * The names product facets show: categories, regions and TN VED chapters, read together and cached
 * like the counts (COUNTS_TTL_MS) — the chapters' read is a scan of the TN VED table (≈ 40 ms), too
 * much to repeat for every filter set.
 */
const productFacetNames = cachedQuery(COUNTS_TTL_MS, async (db) => {
  const [categoryNames, regionNames, chapterNames] = await Promise.all([
    db.execute<{ id: number; name: Localized; source_lang: Lang }>(sql`select id, name, source_lang from categories`),
    db.execute<{ code: string; name: Localized }>(sql`select code, name from regions`),
    db.execute<{ code: string; name_ru: string; name_en: string | null; name_zh: string | null }>(
      sql`select code, name_ru, name_en, name_zh from tnved_codes where level = 2`,
    ),
  ]);
  return { categoryNames, regionNames, chapterNames };
});

/** Facet values by count, most first; ties by value, so equal counts keep one order however they were summed. */
function byCount<T extends { count: number }>(value: (x: T) => string | number): (a: T, b: T) => number {
  return (a, b) => {
    const va = value(a);
    const vb = value(b);
    return (
      b.count - a.count ||
      (typeof va === "number" && typeof vb === "number" ? va - vb : String(va) < String(vb) ? -1 : String(va) > String(vb) ? 1 : 0)
    );
  };
}

/**
 * Facets of the products `filters` (and the words `q`) select, localized for `lang`; cached 60 s per
 * filter set. Without words, of filters the cached count groups answer (category, currency, region,
 * country, verified, a TN VED chapter): summed from those groups, no query, exact; otherwise one
 * GROUPING SETS scan of at most PRODUCT_FACET_CAP of the selected products, `capped` when more matched.
 */
export async function productFacets(db: Db, filters: ProductFilters & { q?: string }, lang: Lang): Promise<ProductFacets> {
  return cached(`p:${lang}:${JSON.stringify(filters)}`, async () => {
    const { q, ...listFilters } = filters;
    const fromGroups = q ? null : await productCountGroupsOf(db, listFilters);
    let rows: ProductFacetRow[];
    if (fromGroups) rows = productFacetRowsOf(fromGroups);
    else {
      // A constant tsquery (resolveTsQuery): the match is written once per search bucket (productMatchWhere).
      const text = q ? await resolveTsQuery(db, q) : null;
      const tsq = text ? sql`${text}::tsquery` : null;
      rows = await productFacetRowsSql(
        db,
        tsq ? sql`${productWhere(listFilters)} and ${productMatchWhere(tsq)}` : productWhere(listFilters),
      );
    }
    const only = (bit: number) => rows.filter((r) => r.g === 63 - bit);
    const { categoryNames, regionNames, chapterNames } = await productFacetNames(db, "");
    const cat = new Map(categoryNames.rows.map((r) => [r.id, pickRequired(r.name, lang, r.source_lang)]));
    const reg = new Map(regionNames.rows.map((r) => [r.code, pickRequired(r.name, lang)]));
    const chap = new Map(
      chapterNames.rows.map((r) => [
        r.code,
        pickRequired({ ru: r.name_ru, en: r.name_en ?? undefined, zh: r.name_zh ?? undefined }, lang, "ru"),
      ]),
    );
    const totalRow = rows.find((r) => r.g === 63);
    return {
      total: totalRow?.n ?? 0,
      capped: totalRow?.over === true,
      categories: only(32)
        .filter((r) => r.category_id !== null)
        .map((r) => ({ value: r.category_id!, name: cat.get(r.category_id!) ?? null, count: r.n }))
        .sort(byCount((x) => x.value)),
      regions: only(16)
        .filter((r) => r.region_code)
        .map((r) => ({ value: r.region_code!, name: reg.get(r.region_code!) ?? null, count: r.n }))
        .sort(byCount((x) => x.value)),
      chapters: only(8)
        .filter((r) => r.chapter)
        .map((r) => ({ value: r.chapter!, name: chap.get(r.chapter!) ?? null, count: r.n }))
        .sort(byCount((x) => x.value)),
      verified: only(4).find((r) => r.verified === true)?.n ?? 0,
      prices: only(2)
        .filter((r) => r.price_currency)
        .map((r) => ({ currency: r.price_currency!, count: r.n, min: r.min_price!, max: r.max_price! }))
        .sort(byCount((x) => x.currency)),
      moq: only(1)
        .filter((r) => r.moq_unit && r.min_moq)
        .map((r) => ({ unit: r.moq_unit!, count: r.n, min: r.min_moq!, max: r.max_moq! }))
        .sort(byCount((x) => x.unit)),
    };
  });
}

/** Grouped counts of one supplier facet column, as the contract's shape. */
type FacetRows = { value: string | number | null; n: number }[];

function registerFacets(sme: FacetRows, headcount: FacetRows, revenue: FacetRows, origins: FacetRows) {
  const count = (rows: FacetRows, value: string | number) => rows.find((r) => r.value === value)?.n ?? 0;
  return {
    sme: { micro: count(sme, 1), small: count(sme, 2), medium: count(sme, 3) },
    headcount: HEADCOUNT_BANDS.map((value) => ({ value, count: count(headcount, value) })).filter((b) => b.count > 0),
    revenue: REVENUE_BANDS.map((value) => ({ value, count: count(revenue, value) })).filter((b) => b.count > 0),
    origins: { platform: count(origins, "platform"), register: count(origins, "register") },
  };
}

/**
 * Facets of the supplier list (region, kind, verification, country, and the register's SME
 * category, headcount band, revenue band and origin — ADR 057) of the suppliers the words `q` and
 * the filters select, each facet counted without its own filter (so a chosen region still shows how
 * many the other regions have); `total` applies every filter. Without words, of filters the cached
 * count groups answer: summed from those groups, no query. Otherwise one capped statement, cached
 * 60 s per query, `capped` when a facet had more than FACET_CAP suppliers to count (ADR 062).
 */
export async function supplierFacets(db: Db, lang: Lang, options: { q?: string; filters?: CompanyFilters } = {}): Promise<SupplierFacets> {
  const filters = Object.fromEntries(Object.entries(options.filters ?? {}).filter(([, v]) => v !== undefined)) as CompanyFilters;
  // Without words and filters too: from the cached count groups (stale-while-revalidate, ADR 062) —
  // the GROUPING SETS scan it replaced took 19 s at 5,000,000 register companies, on a 60 s cache.
  return filteredSupplierFacets(db, lang, options.q, filters);
}

const supplierKind = sql.raw(KIND_SQL);

const NO_FACETS: SupplierFacets = {
  total: 0,
  regions: [],
  kinds: { manufacturer: 0, trader: 0 },
  verified: 0,
  countries: [],
  ...registerFacets([], [], [], []),
  capped: false,
};

/**
 * supplierFacets of filters the cached count groups answer (no words): each facet summed over the
 * groups that match every other filter — no query, whatever the number of companies (ADR 057).
 */
function groupedSupplierFacets(
  cached: NonNullable<Awaited<ReturnType<typeof cachedCompanyGroups>>>,
  regionNames: Map<string, SupplierFacets["regions"][number]["name"]>,
): Omit<SupplierFacets, "capped"> {
  const sum = <K extends string | number | boolean | null>(without: keyof CompanyFilters, key: (g: CompanyCountGroup) => K) => {
    const totals = new Map<K, number>();
    for (const g of cached.groups) if (cached.matches(g, without)) totals.set(key(g), (totals.get(key(g)) ?? 0) + g.n);
    return totals;
  };
  const rowsOf = <K extends string | number | boolean | null>(totals: Map<K, number>) =>
    [...totals].filter(([value]) => value !== null).map(([value, n]) => ({ value: value as string | number, n }));
  const regions = sum("region", (g) => g.region_code);
  const kinds = sum("kind", (g) => g.kind);
  const verified = sum("verified", (g) => g.verified);
  const countries = sum("country", (g) => g.country);
  return {
    total: cached.groups.reduce((n, g) => (cached.matches(g) ? n + g.n : n), 0),
    regions: rowsOf(regions)
      .filter((r) => r.n > 0)
      .map((r) => ({ value: String(r.value), name: regionNames.get(String(r.value)) ?? null, count: r.n }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    kinds: { manufacturer: kinds.get("manufacturer") ?? 0, trader: kinds.get("trader") ?? 0 },
    verified: verified.get(true) ?? 0,
    countries: [...countries]
      .filter(([, n]) => n > 0)
      .map(([value, n]) => ({ value, name: null, count: n }))
      .sort((a, b) => b.count - a.count),
    ...registerFacets(
      rowsOf(sum("sme", (g) => g.sme_category)),
      rowsOf(sum("headcount", (g) => g.headcount_range)),
      rowsOf(sum("revenue", (g) => g.revenue_band)),
      rowsOf(sum("origin", (g) => g.origin)),
    ),
  };
}

/**
 * The facet filters: each facet is counted without its own (so a chosen region still shows how many
 * the other regions have). The other filters (OKVED, category, INN, OGRN) and the words select the
 * suppliers every facet counts.
 */
const FACET_FILTERS = CACHED_FILTERS;
type FacetFilter = (typeof FACET_FILTERS)[number];

type SampleRow = Omit<CompanyCountGroup, "n"> & { branch: string; n: number };

/**
 * supplierFacets with words, or with a filter the cached count groups do not answer (OKVED,
 * category, INN, OGRN): ONE statement of capped samples (ADR 062). The "all" branch takes at most
 * FACET_CAP + 1 of the suppliers every filter selects; each facet filter that is set adds a branch
 * of at most FACET_CAP + 1 of those every OTHER filter selects (that facet's counts). Each branch is
 * grouped by the eight facet columns, so a facet is a sum over its branch's groups. Exact while no
 * branch passes FACET_CAP; past it the counts are those of the first FACET_CAP suppliers found and
 * `capped` is true (the page says so) — exact counts over millions of matches of a common word or an
 * OKVED division took seconds at 5,000,000 register companies (docs/benchmarks.md).
 */
async function filteredSupplierFacets(db: Db, lang: Lang, q: string | undefined, filters: CompanyFilters): Promise<SupplierFacets> {
  if (!q) {
    const cached = await cachedCompanyGroups(db, filters);
    if (cached) {
      const regionNames = await db.execute<{ code: string; name: Localized }>(sql`select code, name from regions`);
      return {
        ...groupedSupplierFacets(cached, new Map(regionNames.rows.map((r) => [r.code, pickRequired(r.name, lang)]))),
        capped: false,
      };
    }
  }
  return cached(`s:${lang}:${q ?? ""}:${JSON.stringify(filters)}`, async () => {
    // The words as a constant tsquery, as the supplier search has them (resolveTsQuery, ADR 062).
    const text = q ? await resolveTsQuery(db, q) : null;
    if (q && !text) return NO_FACETS;
    const tsq = text ? sql`${text}::tsquery` : null;
    // The words' prefixes as the register's lexemes (ADR 075), for the register's companies only.
    const registerText = text ? await registerTsQuery(db, text) : null;
    const set = FACET_FILTERS.filter((key) => filters[key] !== undefined);
    const side = await okvedSideOf(db, filters.okved);
    const branch = (name: string, without?: FacetFilter) => {
      const rest = { ...filters };
      if (without) delete rest[without];
      // An OKVED code's companies first when it has few (bySmallerOkvedSide, ADR 062 addendum); read
      // so, the sample is ordered as a scan in physical order takes it.
      const sample = bySmallerOkvedSide(
        rest,
        (where, driven) => {
          const take = (match: SQL) => sql`select c.region_code, c.country, c.verification_level, c.okved_main, c.origin,
            c.sme_category, c.headcount_range, c.revenue_band from companies c where ${where}${match}
            ${driven ? sql`order by c.ctid` : sql``} limit ${FACET_CAP + 1}`;
          if (!tsq) return take(sql``);
          if (registerText === text) return take(sql` and c.search_vector @@ ${tsq}`);
          // Taken apart, as the search's candidates are: the platform's with the words as typed.
          return sql`(${take(sql` and c.origin = 'platform' and c.search_vector @@ ${tsq}`)}) union all
            (${take(sql` and c.origin <> 'platform' and c.search_vector @@ ${registerText}::tsquery`)})`;
        },
        side,
        tsq !== null,
        true,
      );
      // One row past the cap tells a capped branch; its number (rn) keeps it out of the counts.
      return sql`(select ${name} as branch, row_number() over () as rn, c.region_code, c.country, c.verification_level > 0 as verified,
        ${supplierKind} as kind, c.origin, c.sme_category, c.headcount_range, c.revenue_band
        from ${sample} c)`;
    };
    const branches = [branch("all"), ...set.map((key) => branch(key, key))];
    const [sample, regionNames] = await Promise.all([
      db.execute<
        SampleRow & { over: boolean }
      >(sql`select branch, region_code, country, verified, kind, origin, sme_category, headcount_range,
          revenue_band, (count(*) filter (where rn <= ${FACET_CAP}))::int as n, max(rn) > ${FACET_CAP} as over
        from (${sql.join(branches, sql` union all `)}) s group by 1, 2, 3, 4, 5, 6, 7, 8, 9`),
      db.execute<{ code: string; name: Localized }>(sql`select code, name from regions`),
    ]);
    const groupsOf = new Map<string, SampleRow[]>();
    for (const row of sample.rows) if (row.n > 0) groupsOf.set(row.branch, [...(groupsOf.get(row.branch) ?? []), row]);
    const rowsOf = (name: string) => groupsOf.get(name) ?? [];
    const capped = sample.rows.some((row) => row.over);
    // A facet whose filter is set counts its own branch; the others count the "all" branch.
    const facetRows = (facet: FacetFilter) => rowsOf(filters[facet] === undefined ? "all" : facet);
    const perFacet = {
      groups: FACET_FILTERS.flatMap((facet) => facetRows(facet).map((row) => ({ ...row, facet }))),
      matches: (g: CompanyCountGroup & { facet?: FacetFilter }, without?: keyof CompanyFilters) => g.facet === without,
    };
    const reg = new Map(regionNames.rows.map((r) => [r.code, pickRequired(r.name, lang)]));
    const facets = groupedSupplierFacets(perFacet, reg);
    const total = rowsOf("all").reduce((n, r) => n + r.n, 0);
    return { ...facets, total: Math.min(total, FACET_CAP), capped };
  });
}
