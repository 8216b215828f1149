/**
 * Suppliers for visitors (spec §7 `/api/companies*`, `/dev/suppliers/filter`): published companies only,
 * localized, with their legal entities' public identifiers, OKVED activities, facts, files and services.
 */
import type { OfferColumns } from "./services.ts";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { CompanyDetail, CompanyListItem } from "#contract/companies.ts";
import type { Lang, Localized, LocalizedFact } from "../db/schema.ts";
import { pick, pickRequired } from "./localize.ts";
import { headcountRange } from "../registers/format.ts";
import {
  revenueBand,
  smeCategoryCode,
  smeCategoryOf,
  type CompanyOriginValue,
  type HeadcountBand,
  type RegisterFacts,
  type RevenueBand,
  type SmeCategory,
} from "#contract/registers.ts";
import { okvedSubtreePattern } from "#contract/classifier-codes.ts";
import { cachedQuery } from "./cache.ts";
import { okvedCountGroups, type CompanyCountGroup } from "./okved-groups.ts";
import { KIND_SQL } from "../registers/okved-groups.ts";
import {
  COUNTS_TTL_MS,
  TOTAL_CAP,
  catalogueList,
  localizeFacts,
  type CatalogueList,
  mediaUrl,
  ofPublishedCompany,
  runCappedCount,
  supplierKind,
  type ListSql,
} from "./repository.ts";

export type { CompanyDetail, CompanyListItem } from "#contract/companies.ts";

export interface CompanyFilters {
  region?: string;
  country?: "RU" | "CN";
  /** OKVED code: companies whose main or extra activity is this code or under it. */
  okved?: string;
  /** Companies with published products in this category (or its subcategories). */
  category?: number;
  verified?: boolean;
  kind?: "manufacturer" | "trader";
  /** The FNS SME category (ADR 057). */
  sme?: SmeCategory;
  headcount?: HeadcountBand;
  revenue?: RevenueBand;
  /** On the platform or only from the registers. */
  origin?: CompanyOriginValue;
  /** Companies one of whose legal entities has this INN (the supplier search's identifier lookup). */
  inn?: string;
  /** … or this OGRN / OGRNIP. */
  ogrn?: string;
}

type Row = {
  id: number;
  name: Localized;
  source_lang: Lang;
  country: "RU" | "CN";
  region_code: string | null;
  region_name: Localized | null;
  city: Localized | null;
  logo_key: string | null;
  logo_width: number | null;
  logo_height: number | null;
  verification_level: number;
  okved_main: string | null;
  product_count: number;
  origin: CompanyOriginValue;
};

const columns = sql.raw(`c.id, c.name, c.source_lang, c.country, c.region_code, r.name as region_name, c.city,
  lf.storage_key as logo_key, lf.width as logo_width, lf.height as logo_height, c.verification_level, c.okved_main, c.origin,
  (select count(*)::int from products p where p.company_id = c.id and p.status = 'published') as product_count`);
const joins = sql.raw(`left join regions r on r.code = c.region_code left join files lf on lf.id = c.logo_file_id`);

function toCard(row: Row, lang: Lang): CompanyListItem {
  return {
    id: row.id,
    name: pickRequired(row.name, lang, row.source_lang),
    country: row.country,
    region: row.region_code ? { code: row.region_code, country: row.country, name: pickRequired(row.region_name, lang) } : null,
    city: pick(row.city, lang, row.source_lang),
    logo: row.logo_key ? { url: mediaUrl(row.logo_key), width: row.logo_width, height: row.logo_height } : null,
    verificationLevel: row.verification_level,
    okvedMain: row.okved_main,
    kind: supplierKind(row.okved_main),
    productCount: row.product_count,
    origin: row.origin,
  };
}

/** The WHERE clause of a supplier list (alias `c`): published companies matching the filters (also used by the supplier search and its facets). */
export function companyWhere(filters: CompanyFilters): SQL {
  return where(filters);
}

function where(filters: CompanyFilters): SQL {
  const parts: SQL[] = [sql`c.status = 'published'`];
  if (filters.region) parts.push(sql`c.region_code = ${filters.region}`);
  if (filters.country) parts.push(sql`c.country = ${filters.country}`);
  if (filters.verified) parts.push(sql`c.verification_level > 0`);
  if (filters.okved)
    parts.push(sql`exists(select 1 from company_okved_codes o where o.company_id = c.id and ${okvedMatch(filters.okved)})`);
  if (filters.category !== undefined) {
    // Answered from products_company_idx (company_id, status, category_id) without reading products.
    parts.push(sql`exists(select 1 from products p where p.company_id = c.id and p.status = 'published'
      and p.category_id in (select id from categories where id = ${filters.category} or parent_id = ${filters.category}))`);
  }
  // As ranges of okved_main (divisions 10–33, division 46), which the planner estimates from its statistics.
  if (filters.kind === "manufacturer") parts.push(sql`c.okved_main >= '10' and c.okved_main < '34'`);
  if (filters.kind === "trader") parts.push(sql`c.okved_main >= '46' and c.okved_main < '47'`);
  // The register filters match their partial indexes (companies_*_idx, ADR 057) by repeating `is not null`.
  if (filters.sme) parts.push(sql`c.sme_category = ${smeCategoryCode(filters.sme)} and c.sme_category is not null`);
  if (filters.headcount) parts.push(sql`c.headcount_range = ${filters.headcount} and c.headcount_range is not null`);
  if (filters.revenue) parts.push(sql`c.revenue_band = ${filters.revenue} and c.revenue_band is not null`);
  if (filters.origin) parts.push(sql`c.origin = ${filters.origin}`);
  // By legal_entities_inn_idx / a scan of the company's entities: a handful of rows either way.
  if (filters.inn) parts.push(sql`c.id in (select le.company_id from legal_entities le where le.inn = ${filters.inn})`);
  if (filters.ogrn) parts.push(sql`c.id in (select le.company_id from legal_entities le where le.ogrn = ${filters.ogrn})`);
  return sql.join(parts, sql` and `);
}

/** Supplier kind from the main OKVED code in SQL (the same rule as supplierKind, ADR 006). */
const kindExpr = sql.raw(KIND_SQL);

export type { CompanyCountGroup } from "./okved-groups.ts";

/**
 * The filters the cached count groups answer (CompanyCountGroup's columns) — also the supplier
 * list's facets (facets.ts), which are counted from the same groups.
 */
export const CACHED_FILTERS = [
  "region",
  "country",
  "verified",
  "kind",
  "origin",
  "sme",
  "headcount",
  "revenue",
] as const satisfies readonly (keyof CompanyFilters)[];
const CACHED_FILTER_SET: ReadonlySet<keyof CompanyFilters> = new Set(CACHED_FILTERS);

/**
 * Published suppliers counted per (region, country, verified, kind): one grouped pass over the
 * companies, cached (cache.ts) for COUNTS_TTL_MS; the totals of lists filtered by those values.
 */
const companyCountGroups = cachedQuery(
  COUNTS_TTL_MS,
  async (db) =>
    (
      await db.execute<CompanyCountGroup>(sql`
    select c.region_code, c.country, c.verification_level > 0 as verified, ${kindExpr} as kind, c.origin, c.sme_category,
      c.headcount_range, c.revenue_band, count(*)::int as n
    from companies c where c.status = 'published' group by 1, 2, 3, 4, 5, 6, 7, 8`)
    ).rows,
);

/**
 * Per category, the published suppliers with published products in it (a parent category counts
 * its subcategories'): a pass over the published products, cached like the other counts and
 * computed only when a list is filtered by category.
 */
const companiesPerCategory = cachedQuery(COUNTS_TTL_MS, async (db) => {
  const result = await db.execute<{ category_id: number; n: number }>(sql`
    select g.category_id, count(distinct p.company_id)::int as n
    from products p join categories cat on cat.id = p.category_id
    cross join lateral (values (cat.id), (cat.parent_id)) g(category_id)
    where p.status = 'published' and ${ofPublishedCompany(sql`p.company_id`)} and g.category_id is not null
    group by g.category_id`);
  return new Map(result.rows.map((r) => [r.category_id, r.n]));
});

/**
 * The cached count groups (one row per region, country, verified, kind, origin, SME category,
 * headcount band and revenue band with its count) and the test of a group against `filters`, or
 * null when a filter is not among CACHED_FILTERS (ADR 057: the supplier facets of the register
 * filters are answered from them without a count over millions of rows). With an OKVED code too,
 * the groups are that code's (okvedCountGroups, ADR 074), and null while those are out of date.
 */
export async function cachedCompanyGroups(
  db: Db,
  filters: CompanyFilters,
): Promise<{ groups: CompanyCountGroup[]; matches: (g: CompanyCountGroup, without?: keyof CompanyFilters) => boolean } | null> {
  const set = (Object.keys(filters) as (keyof CompanyFilters)[]).filter((key) => filters[key] !== undefined);
  if (!set.every((key) => CACHED_FILTER_SET.has(key) || key === "okved")) return null;
  // Under an OKVED code: that code's groups (okved-groups.ts, ADR 074), while they are up to date.
  const groups = filters.okved ? await okvedCountGroups(db, filters.okved) : await companyCountGroups(db, "");
  if (!groups) return null;
  const matches = (g: CompanyCountGroup, without?: keyof CompanyFilters) =>
    (without === "region" || !filters.region || g.region_code === filters.region) &&
    (without === "country" || !filters.country || g.country === filters.country) &&
    (without === "verified" || !filters.verified || g.verified) &&
    (without === "kind" || !filters.kind || g.kind === filters.kind) &&
    (without === "origin" || !filters.origin || g.origin === filters.origin) &&
    (without === "sme" || !filters.sme || smeCategoryOf(g.sme_category) === filters.sme) &&
    (without === "headcount" || !filters.headcount || g.headcount_range === filters.headcount) &&
    (without === "revenue" || !filters.revenue || g.revenue_band === filters.revenue);
  return { groups, matches };
}

/** Published suppliers in the whole catalogue (cached counts). */
export async function publishedCompanyTotal(db: Db): Promise<number> {
  return (await companyCountGroups(db, "")).reduce((sum, g) => sum + g.n, 0);
}

type CountSource = "cache" | "okved" | "sql";

/**
 * Where a supplier list's total comes from: the cached counts, the OKVED links alone, or a count query.
 * `okvedGroups`: the OKVED code's count groups are up to date (okvedCountGroups), so a code with the
 * cached filters is counted from them.
 */
function countSource(filters: CompanyFilters, okvedGroups = false): CountSource {
  const set = (Object.keys(filters) as (keyof CompanyFilters)[]).filter((key) => filters[key] !== undefined);
  if (set.every((key) => CACHED_FILTER_SET.has(key) || (okvedGroups && key === "okved"))) return "cache";
  if (set.length === 1 && set[0] === "category") return "cache";
  if (set.length === 1 && set[0] === "okved") return "okved";
  return "sql";
}

async function cachedCompanyTotal(db: Db, filters: CompanyFilters): Promise<{ total: number; totalCapped: boolean }> {
  let n = 0;
  if (filters.category !== undefined) n = (await companiesPerCategory(db, "")).get(filters.category) ?? 0;
  else {
    const cached = await cachedCompanyGroups(db, filters);
    // An OKVED code's groups went out of date since the list chose its count: counted instead.
    if (!cached) return runCappedCount(db, companyListSql(filters, 1, 1).count!);
    for (const g of cached.groups) if (cached.matches(g)) n += g.n;
  }
  return { total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
}

/** The OKVED condition on `company_okved_codes o`: the code itself or any code under it (okvedSubtreePattern). */
const okvedMatch = (code: string) => sql`o.okved_code like ${okvedSubtreePattern(code)}`;

/**
 * okvedMatch as the list of those codes taken from the classifier (every activity row's code is one,
 * a foreign key): an index-only lookup of company_okved_codes_code_idx per code. For the capped count
 * of an OKVED list, where the OR above was a bitmap of both ranges and a read of the table's heap for
 * each of the code's rows (530 ms → 36 ms for `47.11` at 5,000,000 register companies; ADR 062). Not
 * for the page's rows: the classifier's codes are estimated at one row, and the page's walk in list
 * order, which stops at 20 rows, was then planned as a join of every company with the code (3 ms → 1 s).
 */
const okvedCodesIn = (code: string) =>
  sql`o.okved_code in (select k.code from okved_codes k where k.code like ${okvedSubtreePattern(code)})`;

/**
 * Activity rows of an OKVED filter read to tell a small code from a large one (okvedSideOf): a
 * small code's companies are all read and checked against the other filters (ADR 062 addendum).
 */
export const OKVED_SMALL_ROWS = 20_000;

/**
 * What an OKVED filter stands for (okvedSideOf): the classifier's codes it matches (the code and
 * every code under it, the rule of okvedMatch) and whether their activity rows are at most
 * OKVED_SMALL_ROWS.
 */
export interface OkvedSide {
  codes: readonly string[];
  small: boolean;
}

/**
 * The OkvedSide of an OKVED filter `code`, or undefined without one: one statement, the classifier's
 * codes and at most OKVED_SMALL_ROWS + 1 of their activity rows read index-only from
 * company_okved_codes_code_idx (a few ms).
 */
export async function okvedSideOf(db: Db, code: string | undefined): Promise<OkvedSide | undefined> {
  if (!code) return undefined;
  const found = await db.execute<{ codes: string[]; n: number }>(sql`
    select array(select k.code from okved_codes k where k.code like ${okvedSubtreePattern(code)} order by k.code) as codes,
      (select count(*)::int from (select 1 from company_okved_codes o where ${okvedCodesIn(code)} limit ${OKVED_SMALL_ROWS + 1}) s) as n`);
  const row = found.rows[0]!;
  return { codes: row.codes, small: row.n <= OKVED_SMALL_ROWS };
}

/**
 * A query over the companies `c` that `filters` select, with a small OKVED code's side first (ADR 062
 * addendum). `query(where, driven)` builds one SELECT over `companies c` restricted by `where`. With
 * an OKVED filter whose activity rows are few (`side.small`, okvedSideOf), `where` takes the code's
 * companies by their codes as constants (`driven`: the planner sees the code's real size and hashes
 * them against an index-only scan such as companies_region_list_idx, or probes each company) and the
 * other filters (or `words`, true when the query has words too); the cost is bounded by the code's
 * size whatever the other filters select. `sample`: the query takes a sample (the facets'), a small
 * code alone is read from its side too. With `words` and a side, whatever the code's size, `where` is
 * the codes mirrored on the company's row (`okved_codes &&` the codes): companies_search_idx holds
 * them beside the words, so GIN intersects the two (ADR 075). Otherwise (no side given, a large code,
 * or the code alone) `where` is every filter as before: the list order's walk, which stops early on a
 * common code. The answer is in parentheses.
 * Why: the planner multiplies the selectivities of an OKVED code and a kind, region or words as if
 * independent; `41.20` with `kind=trader` was estimated at 2,000 companies and the walk of the list
 * order read all 5,000,000 entries for its 18. A `driven` query finds all its matches before
 * ordering or cutting them (an OFFSET 0 fence, or an ORDER BY of its own): a LIMIT straight on them
 * tempts the planner into that walk again.
 */
export function bySmallerOkvedSide(
  filters: CompanyFilters,
  query: (where: SQL, driven: boolean) => SQL,
  side?: OkvedSide,
  words = false,
  sample = false,
): SQL {
  const { okved: _okved, ...rest } = filters;
  // A code alone is no combination to misjudge: the list order's walk stops early on it. A sample
  // (a LIMIT without order, the facets') has no such walk: a small code is read from its side alone too.
  const combined = words || sample || Object.values(rest).some((value) => value !== undefined);
  // With words, whatever the code's size: the codes mirrored on the company's row (okved_codes), which
  // companies_search_idx holds beside the words, so GIN intersects the two inside the index (ADR 075)
  // instead of reading every company the words match (`снаб` with `68.20`: 1.2 s → see the ADR).
  if (filters.okved && words && side)
    return sql`(${query(side.codes.length === 0 ? sql`false` : sql`c.okved_codes && ${codesArray(side.codes)} and ${where(rest)}`, false)})`;
  if (!filters.okved || !side?.small || !combined) return sql`(${query(where(filters), false)})`;
  if (side.codes.length === 0) return sql`(${query(sql`false`, true)})`;
  const linked = sql`select o.company_id from company_okved_codes o where o.okved_code in (${sql.join(
    side.codes.map((code) => sql`${code}`),
    sql`, `,
  )})`;
  // With a region or words: a semi-join the planner sizes from the constants — hashed against the
  // region's index-only list (companies_region_list_idx; 10.1 in region 16, 1.8 s → 0.1 s), or the
  // words' few matches probed (a rare word is cheaper from its side). Otherwise: the companies by
  // primary key in id order (`= any(array(…))` is an index condition): as a semi-join it was a
  // sequential scan of all companies (41.20 with kind=trader: 3.7 s, probes 0.9 s at load 24).
  const ofCode = filters.region || words ? sql`c.id in (${linked})` : sql`c.id = any(array(${linked}))`;
  return sql`(${query(sql`${ofCode} and ${where(rest)}`, true)})`;
}

/** OKVED codes as a `text[]` constant of the statement (the planner reads each code's frequency). */
const codesArray = (codes: readonly string[]) =>
  sql`array[${sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;

/**
 * SQL of a supplier list page and its capped count; see listCompanies. The order is the order of
 * companies_status_idx (and of companies_region_list_idx within a region, companies_foreign_list_idx
 * for the non-Russian). `count` is null when the cached counts answer the filters; with only an
 * OKVED code it counts the code's links (index-only on company_okved_codes_code_idx). With an OKVED
 * code the rows and the count read the code's companies first when it is small (bySmallerOkvedSide).
 */
export function companyListSql(
  filters: CompanyFilters,
  page: number,
  perPage: number,
  side?: OkvedSide,
  okvedGroups = false,
): ListSql<SQL | null> {
  const source = countSource(filters, okvedGroups);
  const paging = sql`limit ${perPage} offset ${(page - 1) * perPage}`;
  const order = sql`order by c.verification_level desc, c.published_at desc nulls last, c.id desc`;
  // With an OKVED code, the page's ids first, then their cards: the ids alone can come from an
  // index-only scan (companies_region_list_idx holds the region, the list's order and the id). On the
  // code's side (`driven`) the matches are all found, then ordered: the OFFSET 0 fence plans them by
  // their total cost — a LIMIT on them would tempt the planner into the list order's walk again.
  const { okved: _okved, ...others } = filters;
  const alone = Object.values(others).every((value) => value === undefined);
  const rows =
    filters.okved && alone && side?.small
      ? // A small code alone (ADR 075): the list order's index walked index-only, each entry's id looked
        // up in the code's companies hashed in memory, until the page is full. `coalesce` keeps the IN a
        // hashed subplan: written bare, PostgreSQL makes it a semi-join the planner may run as probes.
        // Before, the walk probed each company's activity rows (`exists`, the `where` of the other lists):
        // 11,262 probes for `62.01`'s first page, 35 ms at 5,000,000 register companies (now 6 ms).
        sql`select ${columns} from (select c.id, c.verification_level, c.published_at from companies c
          where c.status = 'published'
            and coalesce(c.id in (select o.company_id from company_okved_codes o where o.okved_code = any(${codesArray(side.codes)})), false)
          ${order} ${paging}) k join companies c on c.id = k.id ${joins} ${order}`
      : filters.okved
        ? sql`select ${columns} from ${bySmallerOkvedSide(
            filters,
            (condition, driven) =>
              driven
                ? sql`select c.id, c.verification_level, c.published_at
                from (select c.id, c.verification_level, c.published_at from companies c where ${condition} offset 0) c
                ${order} ${paging}`
                : sql`select c.id, c.verification_level, c.published_at from companies c where ${condition} ${order} ${paging}`,
            side,
          )} k join companies c on c.id = k.id ${joins} ${order}`
        : sql`select ${columns} from companies c ${joins} where ${where(filters)} ${order} ${paging}`;
  return {
    rows,
    count:
      source === "cache"
        ? null
        : source === "okved"
          ? sql`select count(*)::int as n from (select distinct o.company_id from company_okved_codes o
              where ${okvedCodesIn(filters.okved!)} and ${ofPublishedCompany(sql`o.company_id`)} limit ${TOTAL_CAP + 1}) s`
          : sql`select count(*)::int as n from ${bySmallerOkvedSide(
              filters,
              (condition, driven) =>
                driven
                  ? sql`select 1 from (select c.id from companies c where ${condition} offset 0) c limit ${TOTAL_CAP + 1}`
                  : sql`select 1 from companies c where ${condition} limit ${TOTAL_CAP + 1}`,
              side,
            )} s`,
  };
}

/**
 * One page of published suppliers (CompanyFilters), verified first, then the most recently
 * published. Totals are capped at TOTAL_CAP (`totalCapped`).
 */
export const listCompanies: CatalogueList<CompanyFilters, CompanyListItem> = async (db, filters, lang, page, perPage) => {
  const [side, groups] = await Promise.all([okvedSideOf(db, filters.okved), filters.okved ? okvedCountGroups(db, filters.okved) : null]);
  const list = catalogueList(
    (f: CompanyFilters, p: number, n: number) => companyListSql(f, p, n, side, groups !== null),
    toCard,
    cachedCompanyTotal,
  );
  return list(db, filters, lang, page, perPage);
};

/** Published companies by id, in the given order. */
/** A published company with everything its page shows, or null (unknown or not published). */
export async function getCompanyCards(db: Db, ids: number[], lang: Lang): Promise<CompanyListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<Row>(sql`select ${columns} from companies c ${joins}
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and c.status = 'published'`);
  const byId = new Map(rows.rows.map((row) => [row.id, toCard(row, lang)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getCompany(db: Db, id: number, lang: Lang): Promise<CompanyDetail | null> {
  const found = await db.execute<
    Row & {
      description: Localized;
      address: Localized;
      latitude: number | null;
      longitude: number | null;
      website: string | null;
      phone: string | null;
      email: string | null;
      year_founded: number | null;
      headcount_range: string | null;
      facts: LocalizedFact[];
      verification_evidence: Localized | null;
      verified_at: string | null;
    }
  >(sql`select ${columns}, c.description, c.address, c.latitude, c.longitude, c.website, c.phone, c.email, c.year_founded,
      c.headcount_range, c.facts, c.verification_evidence, c.verified_at::text as verified_at
    from companies c ${joins} where c.id = ${id} and c.status = 'published'`);
  const row = found.rows[0];
  if (!row) return null;
  const [okved, entities, filesResult, services, register] = await Promise.all([
    db.execute<{ code: string; is_main: boolean; name_ru: string; name_en: string | null; name_zh: string | null }>(sql`
      select o.okved_code as code, o.is_main, k.name_ru, k.name_en, k.name_zh from company_okved_codes o
      join okved_codes k on k.code = o.okved_code where o.company_id = ${id} order by o.is_main desc, o.okved_code`),
    db.execute<{
      kind: "legal" | "individual";
      inn: string;
      kpp: string | null;
      ogrn: string | null;
      name_full: string;
      name_short: string | null;
      address: string | null;
    }>(sql`select kind, inn, kpp, ogrn, name_full, name_short, address from legal_entities where company_id = ${id} order by id`),
    db.execute<{ title: Localized; storage_key: string; mime: string; size: number }>(sql`
      select cf.title, f.storage_key, f.mime, f.size from company_files cf join files f on f.id = cf.file_id
      where cf.company_id = ${id} order by cf.position, cf.id`),
    db.execute<OfferColumns>(sql`
      select s.id, t.id as type_id, t.slug, t.name as type_name, t.source_lang as type_source, s.description, s.source_lang,
        s.price_from::text as price_from, s.currency, s.price_unit
      from company_services s join service_types t on t.id = s.service_type_id
      where s.company_id = ${id} and s.status = 'published' order by t.position, s.id`),
    registerFacts(db, id),
  ]);
  return {
    ...toCard(row, lang),
    description: pick(row.description, lang, row.source_lang),
    sourceLang: row.source_lang,
    address: pick(row.address, lang, row.source_lang),
    coordinates: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    website: row.website,
    phone: row.phone,
    email: row.email,
    yearFounded: row.year_founded,
    headcountRange: row.headcount_range,
    facts: localizeFacts(row.facts, lang, row.source_lang),
    verification: {
      level: row.verification_level,
      evidence: pick(row.verification_evidence, lang, row.source_lang),
      verifiedAt: row.verified_at,
    },
    okved: okved.rows.map((o) => ({
      code: o.code,
      isMain: o.is_main,
      name: pickRequired({ ru: o.name_ru, en: o.name_en ?? undefined, zh: o.name_zh ?? undefined }, lang, "ru"),
    })),
    legalEntities: entities.rows.map((e) => ({
      kind: e.kind,
      inn: e.inn,
      kpp: e.kpp,
      ogrn: e.ogrn,
      nameFull: e.name_full,
      nameShort: e.name_short,
      address: e.address,
    })),
    files: filesResult.rows.map((f) => ({
      url: mediaUrl(f.storage_key),
      title: pick(f.title, lang, row.source_lang),
      mime: f.mime,
      size: f.size,
    })),
    services: services.rows.map((s) => ({
      id: s.id,
      serviceType: { id: s.type_id, slug: s.slug, name: pickRequired(s.type_name, lang, s.type_source) },
      description: pick(s.description, lang, s.source_lang),
      priceFrom: s.price_from,
      currency: s.currency,
      priceUnit: pick(s.price_unit, lang, s.source_lang),
    })),
    register,
  };
}

/**
 * The register block of company `id` (ADR 057) from its `register_entries` row, or null when no
 * register lists it. Headcount and revenue are given as bands (HEADCOUNT_BANDS, REVENUE_BANDS) with
 * their dates; the bands are computed here from the register's figures so that a claimed company's
 * own headcount on its card does not replace what the register says.
 */
export async function registerFacts(db: Db, id: number): Promise<RegisterFacts | null> {
  const found = await db.execute<{
    sme_category: number | null;
    sme_as_of: string | null;
    sme_included_at: string | null;
    left_register_at: string | null;
    headcount: number | null;
    headcount_as_of: string | null;
    revenue: string | null;
    finance_as_of: string | null;
  }>(sql`select sme_category, sme_as_of::text, sme_included_at::text, left_register_at::text, headcount, headcount_as_of::text,
      revenue::text, finance_as_of::text from register_entries where company_id = ${id}`);
  const row = found.rows[0];
  if (!row) return null;
  return {
    asOf: row.sme_as_of,
    smeCategory: smeCategoryOf(row.sme_category),
    smeIncludedAt: row.sme_included_at,
    leftAt: row.left_register_at,
    headcountBand: row.headcount === null ? null : headcountRange(row.headcount),
    headcountAsOf: row.headcount_as_of,
    revenueBand: row.revenue === null ? null : revenueBand(Number(row.revenue)),
    revenueAsOf: row.finance_as_of,
  };
}
