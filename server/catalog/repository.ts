/**
 * Read side of the public catalogue (spec §7 public calls). Only published products of published
 * companies are ever returned. Text is localized for the reader with `pick` (requested language →
 * source language → ru → en → zh), each value carrying the language it is in.
 *
 * Every list walks an index in its order and stops after one page (ADR 011, checked by EXPLAIN in
 * tests/api/query-plans.test.ts). Totals of the filters the facets know come from per-process cached
 * counts; other totals are counted up to TOTAL_CAP (10,000) and flagged `totalCapped`.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { CategoryNode, TopCategory } from "#contract/categories.ts";
import type { MediaRef } from "#contract/common.ts";
import type { LocalizedText } from "#contract/lang-schemas.ts";
import type { CompanyCard, ProductCard, ProductDetail } from "#contract/products.ts";
import type { Currency, Lang, Localized, LocalizedFact } from "../db/schema.ts";
import { cachedQuery } from "./cache.ts";
import { invalidateSharedCountGroups, PRODUCT_COUNT_GROUPS_SQL, sharedCountGroupsFresh } from "./count-groups.ts";
import { pick, pickRequired } from "./localize.ts";
import {
  applyTranslationRows,
  cardNameTranslationsSql,
  detailTranslationsSql,
  nameCardsIn,
  type CardNameTranslation,
  type DetailTranslationRow,
} from "../translation/store.ts";
import type { ContentTranslation } from "#contract/translation.ts";
import { okvedSubtreePattern } from "#contract/classifier-codes.ts";
import { namedStatement, type NamedStatement } from "../db/named-statement.ts";

export type { CategoryNode, TopCategory } from "#contract/categories.ts";
export type { MediaRef, RegionRef } from "#contract/common.ts";
export type { CompanyCard, ProductCard, ProductDetail } from "#contract/products.ts";

export const TOTAL_CAP = 10_000;

export interface Paged<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
}

export const mediaUrl = (storageKey: string) => `/media/${storageKey}`;

function media(key: string | null, width: number | null, height: number | null): MediaRef | null {
  return key ? { url: mediaUrl(key), width, height } : null;
}

/** Supplier kind from the main OKVED code (evidence shown on the supplier page). */
export function supplierKind(okvedMain: string | null): CompanyCard["kind"] {
  if (!okvedMain) return null;
  const division = Number(okvedMain.slice(0, 2));
  if (division >= 10 && division <= 33) return "manufacturer";
  if (division === 46) return "trader";
  return null;
}

export type CompanyRow = {
  company_id: number;
  company_name: Localized;
  company_source_lang: Lang;
  company_country: "RU" | "CN";
  company_region_code: string | null;
  company_region_name: Localized | null;
  company_city: Localized | null;
  company_logo_key: string | null;
  company_logo_width: number | null;
  company_logo_height: number | null;
  company_verification_level: number;
  company_okved_main: string | null;
};

/** Columns of the company card, prefixed `company_` (alias `c`, joined with `companyJoins`). */
export const companyColumns = sql.raw(`c.id as company_id, c.name as company_name, c.source_lang as company_source_lang,
  c.country as company_country, c.region_code as company_region_code, r.name as company_region_name, c.city as company_city,
  lf.storage_key as company_logo_key, lf.width as company_logo_width, lf.height as company_logo_height,
  c.verification_level as company_verification_level, c.okved_main as company_okved_main`);
export const companyJoins = sql.raw(`left join regions r on r.code = c.region_code left join files lf on lf.id = c.logo_file_id`);

export function toCompanyCard(row: CompanyRow, lang: Lang): CompanyCard {
  return {
    id: row.company_id,
    name: pickRequired(row.company_name, lang, row.company_source_lang),
    country: row.company_country,
    region: row.company_region_code
      ? { code: row.company_region_code, country: row.company_country, name: pickRequired(row.company_region_name, lang) }
      : null,
    city: pick(row.company_city, lang, row.company_source_lang),
    logo: media(row.company_logo_key, row.company_logo_width, row.company_logo_height),
    verificationLevel: row.company_verification_level,
    okvedMain: row.company_okved_main,
    kind: supplierKind(row.company_okved_main),
  };
}

export type ProductCardRow = CompanyRow & {
  id: number;
  name: Localized;
  source_lang: Lang;
  price_from: string | null;
  price_currency: Currency | null;
  moq: string | null;
  moq_unit: string | null;
  tnved_code: string | null;
  category_id: number | null;
  published_at: string | null;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
};

const productOnlyColumns = sql.raw(`p.id, p.name, p.source_lang, p.price_from::text as price_from, p.price_currency, p.moq::text as moq,
  p.moq_unit, p.tnved_code, p.category_id, p.published_at::text as published_at,
  img.storage_key as image_key, img.width as image_width, img.height as image_height`);
/** Every column of a product card (aliases `p`, `c` joined by companyJoins, `img` by productImageJoin). */
export const productCardColumns = sql`${productOnlyColumns}, ${companyColumns}`;
/** The product's first picture as `img` (alias `p`). */
export const productImageJoin = sql.raw(`left join lateral (
    select f.storage_key, f.width, f.height from product_files pf join files f on f.id = pf.file_id
    where pf.product_id = p.id and pf.kind = 'image' order by pf.position limit 1) img on true`);

/** A product card from a row of productCardColumns, localized for `lang`. */
export function toProductCard(row: ProductCardRow, lang: Lang): ProductCard {
  return {
    id: row.id,
    name: pickRequired(row.name, lang, row.source_lang),
    image: media(row.image_key, row.image_width, row.image_height),
    priceFrom: row.price_from,
    currency: row.price_currency,
    moq: row.moq,
    moqUnit: row.moq_unit,
    tnvedCode: row.tnved_code,
    categoryId: row.category_id,
    company: toCompanyCard(row, lang),
    publishedAt: row.published_at,
  };
}

export interface ProductFilters {
  category?: number;
  company?: number;
  /** TN VED code or prefix (digits). */
  tnved?: string;
  region?: string;
  country?: "RU" | "CN";
  verified?: boolean;
  currency?: Currency;
  priceMin?: number;
  priceMax?: number;
  /**
   * Without `currency`: the currency `priceMin`/`priceMax` are in (default RUB); prices in every
   * currency are then compared through the latest Bank of Russia rates (ADR 026).
   */
  priceIn?: Currency;
  /** MOQ at most this quantity (products without an MOQ match), in `moqUnit` when given. */
  moqMax?: number;
  moqUnit?: string;
  /** OKVED2 code: products of suppliers whose main or extra activity is this code or under it. */
  okved?: string;
  sort?: "newest" | "price_asc" | "price_desc";
}

/**
 * "Belongs to a published company" for a `company_id` column: not one of the few unpublished
 * companies (a hashed subplan over the partial index companies_unpublished_idx), so visibility needs
 * neither a join with companies nor a scan of it.
 */
export function ofPublishedCompany(companyId: SQL): SQL {
  return sql`${companyId} not in (select id from companies where status <> 'published')`;
}

/** True when the filters look at the company (alias `c` must then be joined). */
export function filtersNeedCompany(filters: ProductFilters): boolean {
  return Boolean(filters.region || filters.country || filters.verified);
}

/**
 * The WHERE clause of a product list (alias `p` products; `c` companies, joined when
 * filtersNeedCompany): published products of published companies, plus the filters.
 */
export function productWhere(filters: ProductFilters, options: { companyCheck?: boolean } = {}): SQL {
  const parts: SQL[] = [sql`p.status = 'published'`];
  // Left out only by a caller that checks the company once above several scans (search.ts productMatchesSql).
  if (options.companyCheck !== false) parts.push(ofPublishedCompany(sql`p.company_id`));
  if (filters.category !== undefined) {
    parts.push(sql`p.category_id in (select id from categories where id = ${filters.category} or parent_id = ${filters.category})`);
  }
  if (filters.company !== undefined) parts.push(sql`p.company_id = ${filters.company}`);
  if (filters.tnved) parts.push(sql`p.tnved_code like ${`${filters.tnved}%`}`);
  if (filters.region) parts.push(sql`c.region_code = ${filters.region}`);
  if (filters.country) parts.push(sql`c.country = ${filters.country}`);
  if (filters.verified) parts.push(sql`c.verification_level > 0`);
  if (filters.currency) parts.push(sql`p.price_currency = ${filters.currency}`);
  if (filters.currency && filters.priceMin !== undefined) parts.push(sql`p.price_from >= ${filters.priceMin}`);
  if (filters.currency && filters.priceMax !== undefined) parts.push(sql`p.price_from <= ${filters.priceMax}`);
  if (filters.moqMax !== undefined) {
    parts.push(
      filters.moqUnit
        ? sql`(p.moq is null or (p.moq <= ${filters.moqMax} and p.moq_unit = ${filters.moqUnit}))`
        : sql`(p.moq is null or p.moq <= ${filters.moqMax})`,
    );
  }
  if (filters.okved) {
    // company_okved_codes holds the main activity too (server/profile/company.ts writes both).
    parts.push(sql`exists(select 1 from company_okved_codes o where o.company_id = p.company_id
      and o.okved_code like ${okvedSubtreePattern(filters.okved)})`);
  }
  // A price order lists the products that have a price in that currency (the writer sets both).
  if (byPrice(filters)) parts.push(sql`p.price_from is not null`);
  // Across currencies (ADR 026): each currency's own bounds, from the latest rates.
  if (!filters.currency && hasPriceBounds(filters) && !crossPriceSort(filters)) parts.push(anyCurrencyBounds(filters));
  return sql.join(parts, sql` and `);
}

const PRICE_CURRENCIES: Currency[] = ["RUB", "CNY", "USD"];

/** Roubles per one unit of `currency` by its latest stored rate (an initplan: evaluated once per query); 1 for RUB. */
export function rubRate(currency: Currency): SQL {
  return currency === "RUB"
    ? sql`1::numeric`
    : sql`(select e.value / e.nominal from exchange_rates e where e.currency = ${currency} order by e.date desc limit 1)`;
}

const hasPriceBounds = (filters: ProductFilters) => filters.priceMin !== undefined || filters.priceMax !== undefined;

/** `p.price_from` bounds of products priced in `currency` for priceMin/priceMax given in `priceIn` (true when none). */
function priceBounds(filters: ProductFilters, currency: Currency): SQL {
  const from = filters.priceIn ?? "RUB";
  const factor = from === currency ? sql`1` : sql`${rubRate(from)} / ${rubRate(currency)}`;
  const parts: SQL[] = [sql`true`];
  if (filters.priceMin !== undefined) parts.push(sql`p.price_from >= ${filters.priceMin}::numeric * ${factor}`);
  if (filters.priceMax !== undefined) parts.push(sql`p.price_from <= ${filters.priceMax}::numeric * ${factor}`);
  return sql.join(parts, sql` and `);
}

/** Products with a price in any currency within the bounds (each currency's own, from the rates). */
function anyCurrencyBounds(filters: ProductFilters): SQL {
  return sql`(${sql.join(
    PRICE_CURRENCIES.map((c) => sql`(p.price_currency = ${c} and ${priceBounds(filters, c)})`),
    sql` or `,
  )})`;
}

/**
 * The capped count (cappedCountSql's shape) of the products priced in any currency with a stored
 * rate, within each currency's own price bounds: one range scan of products_price_idx per currency,
 * appended. A single scan with the three `currency and bounds` branches OR-ed could only use
 * `price_currency is not null` as its index condition and so read every price outside the range
 * until it had counted TOTAL_CAP + 1 (p95 176 ms at 1,000,000 products; docs/benchmarks.md).
 */
function crossCurrencyCountSql(filters: ProductFilters): SQL {
  const where = productWhere({ ...filters, priceMin: undefined, priceMax: undefined });
  const branches = PRICE_CURRENCIES.map(
    (c) => sql`(select 1 ${productFrom(filters)}
      where ${where} and p.price_currency = ${c} and p.price_from is not null and ${rubRate(c)} is not null and ${priceBounds(filters, c)}
      limit ${TOTAL_CAP + 1})`,
  );
  return sql`select count(*)::int as n from (${sql.join(branches, sql` union all `)} limit ${TOTAL_CAP + 1}) s`;
}

/** A price order without a currency: prices in every currency, compared in roubles. */
export const crossPriceSort = (filters: ProductFilters) =>
  !filters.currency && (filters.sort === "price_asc" || filters.sort === "price_desc");

/**
 * The ids of one page of a cross-currency price order, with `price_rub`: per currency, the first
 * `offset + perPage` products in that currency's price order (a walk of products_price_idx, whose
 * order a rate does not change), merged by their rouble price. A currency without a stored rate is
 * left out (its prices cannot be compared).
 */
function crossPricePageSql(filters: ProductFilters, page: number, perPage: number): SQL {
  const where = productWhere(filters);
  const desc = filters.sort === "price_desc";
  const limit = page * perPage;
  const walk = (c: Currency, w: SQL, from: SQL) => sql`select p.id, p.price_from * ${rubRate(c)} as price_rub ${from}
      where ${w} and p.price_currency = ${c} and p.price_from is not null and ${rubRate(c)} is not null and ${priceBounds(filters, c)}
      order by ${desc ? sql`p.price_from desc, p.id desc` : sql`p.price_from, p.id`} limit ${limit}`;
  // With a category, each currency's walk is one per category of the set (perCategory).
  const branches = PRICE_CURRENCIES.map((c) =>
    walkedPerCategory(filters)
      ? sql`(select k.id, k.price_rub from ${perCategory(filters, (w, from) => walk(c, w, from))})`
      : sql`(${walk(c, where, productFrom(filters))})`,
  );
  return sql`select u.id, u.price_rub from (${sql.join(branches, sql` union all `)}) u
    order by ${desc ? sql`u.price_rub desc, u.id desc` : sql`u.price_rub, u.id`} limit ${perPage} offset ${(page - 1) * perPage}`;
}

const byPrice = (filters: ProductFilters) => Boolean(filters.currency && (filters.sort === "price_asc" || filters.sort === "price_desc"));

/**
 * ORDER BY of a product list over the rows of alias `a` (default `p`), each one the order of an index
 * (products_price_idx, products_category_price_idx, products_*_idx).
 */
function productOrder(filters: ProductFilters, a = "p"): SQL {
  const t = sql.raw(a);
  // Within one currency (`currency` given); across currencies see crossPricePageSql.
  if (byPrice(filters)) return filters.sort === "price_asc" ? sql`${t}.price_from, ${t}.id` : sql`${t}.price_from desc, ${t}.id desc`;
  return sql`${t}.published_at desc nulls last, ${t}.id desc`;
}

/**
 * Whether a list of `filters` is walked category by category (perCategory): a category is set and
 * no filter with an index of its own narrows the list further (a supplier, a TN VED code, an OKVED
 * code), so the category's own indexes give the rows in the list's order.
 */
const walkedPerCategory = (filters: ProductFilters) =>
  filters.category !== undefined && filters.company === undefined && !filters.tnved && !filters.okved;

/**
 * The products of a category's list, read category by category: for the category and each of its
 * subcategories, `walk(where, from)` (a subquery over `from` filtered by `where`, ordered by an index and cut by its
 * own LIMIT) joined laterally, as rows `k`. PostgreSQL cannot read an index in order across the
 * values of `category_id in (…)`; before, a subcategory by price walked every product in that
 * currency (products_price_idx, 670,000 rows and 2–4 s at 10,000,000 products for 20 rows) and a
 * newest-first subcategory every published product. Each walk stops after what the page needs.
 */
function perCategory(filters: ProductFilters, walk: (where: SQL, from: SQL) => SQL): SQL {
  const where = sql`${productWhere({ ...filters, category: undefined })} and p.category_id = cat.id`;
  return sql`(select id from categories where id = ${filters.category} or parent_id = ${filters.category}) cat
    cross join lateral (${walk(where, productFrom(filters))}) k`;
}

/** FROM clause of a product list: products `p`, joined with companies `c` only when the filters need it. */
export function productFrom(filters: ProductFilters): SQL {
  return filtersNeedCompany(filters) ? sql`from products p join companies c on c.id = p.company_id` : sql`from products p`;
}

/**
 * The SQL of one page of a list and of its total, built by the same code the list function runs,
 * so tests can EXPLAIN exactly what the API issues (tests/api/query-plans.test.ts).
 */
export interface ListSql<Count extends SQL | null = SQL> {
  rows: SQL;
  /** Null when the total needs no query of its own: it comes from cached counts, or with the rows. */
  count: Count;
}

/** `select count(*)` of at most TOTAL_CAP + 1 rows of `from` (a FROM … WHERE clause). */
export function cappedCountSql(from: SQL): SQL {
  return sql`select count(*)::int as n from (select 1 ${from} limit ${TOTAL_CAP + 1}) s`;
}

/** A catalogue list: one page (`page` ≥ 1 of `perPage` items) of what `filters` select, in `lang`. */
export type CatalogueList<Filters, Item> = (db: Db, filters: Filters, lang: Lang, page: number, perPage: number) => Promise<Paged<Item>>;

/**
 * A catalogue list (CatalogueList) from its parts: `sqlOf` builds a page's rows query and capped
 * count, `toItem` shapes a row in the reader's language, and `cachedTotal` answers the total when
 * the query has no count of its own (ListSql.count null). The rows and the total run together.
 */
export function catalogueList<Filters, Row, Item>(
  sqlOf: (filters: Filters, page: number, perPage: number) => ListSql<SQL | null>,
  toItem: (row: Row, lang: Lang) => Item,
  cachedTotal?: (db: Db, filters: Filters) => Promise<{ total: number; totalCapped: boolean }>,
): CatalogueList<Filters, Item> {
  return async (db, filters, lang, page, perPage) => {
    const query = sqlOf(filters, page, perPage);
    const [rows, count] = await Promise.all([
      db.execute(query.rows),
      query.count ? runCappedCount(db, query.count) : cachedTotal!(db, filters),
    ]);
    return { items: rows.rows.map((row) => toItem(row as Row, lang)), ...count };
  };
}

/** Runs a capped count (cappedCountSql): `total` at most TOTAL_CAP, `totalCapped` when there are more. */
export async function runCappedCount(db: Db, count: SQL): Promise<{ total: number; totalCapped: boolean }> {
  const result = await db.execute<{ n: number }>(count);
  const n = result.rows[0]?.n ?? 0;
  return { total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
}

/** Filters whose total comes from the cached counts (productCountGroups); also a TN VED chapter (two digits). */
const CACHED_COUNT_FILTERS = new Set<keyof ProductFilters>(["category", "currency", "region", "country", "verified", "sort"]);
const TNVED_CHAPTER = /^\d{2}$/;
const countedFromCache = (filters: ProductFilters) =>
  Object.entries(filters).every(
    ([key, value]) =>
      value === undefined ||
      CACHED_COUNT_FILTERS.has(key as keyof ProductFilters) ||
      (key === "tnved" && typeof value === "string" && TNVED_CHAPTER.test(value)),
  );

/**
 * SQL of a product list page (`page` ≥ 1, `perPage` rows) and its capped count; see listProducts.
 * The page's ids are chosen first (an index walk that reads ids only, however deep the page) and
 * only those rows are joined with their supplier and picture. `count` is null when the filters are
 * ones the cached counts answer (category, currency, region, country, verified, a TN VED chapter).
 */
export function productListSql(filters: ProductFilters, page: number, perPage: number): ListSql<SQL | null> {
  const where = productWhere(filters);
  if (crossPriceSort(filters)) {
    const order = filters.sort === "price_desc" ? sql`k.price_rub desc, p.id desc` : sql`k.price_rub, p.id`;
    return {
      rows: sql`
        select ${productCardColumns}
        from (${crossPricePageSql(filters, page, perPage)}) k
        join products p on p.id = k.id join companies c on c.id = p.company_id ${companyJoins} ${productImageJoin}
        order by ${order}`,
      count: countedFromCache(filters) ? null : crossCurrencyCountSql(filters),
    };
  }
  const order = productOrder(filters);
  const pageIds = walkedPerCategory(filters)
    ? sql`select k.id from ${perCategory(
        filters,
        (w, from) => sql`select p.id, p.price_from, p.published_at ${from} where ${w} order by ${order} limit ${page * perPage}`,
      )} order by ${productOrder(filters, "k")} limit ${perPage} offset ${(page - 1) * perPage}`
    : sql`select p.id ${productFrom(filters)} where ${where} order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`;
  return {
    rows: sql`
      select ${productCardColumns}
      from (${pageIds}) k
      join products p on p.id = k.id join companies c on c.id = p.company_id ${companyJoins} ${productImageJoin}
      order by ${order}`,
    count: countedFromCache(filters)
      ? null
      : !filters.currency && hasPriceBounds(filters)
        ? crossCurrencyCountSql(filters)
        : cappedCountSql(sql`${productFrom(filters)} where ${where}`),
  };
}

/**
 * One page of published products of published companies, filtered (ProductFilters) and sorted
 * (newest first by default; by lowest tier price within one currency). Totals are capped at TOTAL_CAP.
 */
export const listProducts = catalogueList(productListSql, toProductCard, cachedProductTotal);

/** The total of the list `filters` select, as listProducts answers it (cached counts, or counted up to TOTAL_CAP). */
export async function productTotal(db: Db, filters: ProductFilters): Promise<{ total: number; totalCapped: boolean }> {
  const { count } = productListSql(filters, 1, 1);
  return count ? runCappedCount(db, count) : cachedProductTotal(db, filters);
}

/**
 * Products by id, in the given order, published only. The ids are one array parameter: a list of
 * up to MAX_FAVOURITES (1,000) parameters built a statement tree per id, and was a fifth of what the
 * soak's favourites list allocated (ADR 070).
 */
export async function productsByIds(db: Db, ids: number[], lang: Lang): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<ProductCardRow>(sql`
    select ${productCardColumns}
    from products p join companies c on c.id = p.company_id ${companyJoins} ${productImageJoin}
    where p.id = any(${sql.param(ids)}::int[]) and p.status = 'published' and c.status = 'published'`);
  const byId = new Map(rows.rows.map((row) => [row.id, toProductCard(row, lang)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function localizeFacts(facts: LocalizedFact[] | null, lang: Lang, source: Lang) {
  return (facts ?? []).flatMap((fact) => {
    const key = pick(fact.key, lang, source);
    const value = pick(fact.value, lang, source);
    return key && value ? [{ key, value }] : [];
  });
}

/**
 * SQL of getProduct's one statement for product `id`; with `lang`, it also reads the product's
 * stored translations into `lang` (column `translations`, see getTranslatedProduct).
 */
export function productDetailSql(id: number | Placeholder, lang: Lang | Placeholder | null = null): SQL {
  const translations = lang === null ? sql`` : sql`, ${detailTranslationsSql("product", sql`p.id`, lang)} as translations`;
  return sql`
    select ${productCardColumns}, p.description, p.origin_country, p.facts${translations},
      (select coalesce(json_agg(json_build_object('min_quantity', x.min_quantity::text, 'price', x.price::text, 'currency', x.currency, 'unit', x.unit)
         order by x.currency, x.min_quantity), '[]') from product_prices x where x.product_id = p.id) as prices,
      (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'attributes', v.attributes, 'price', v.price::text, 'currency', v.currency)
         order by v.position, v.id), '[]') from product_variants v where v.product_id = p.id) as variants,
      (select coalesce(json_agg(json_build_object('kind', pf.kind, 'title', pf.title, 'storage_key', f.storage_key, 'width', f.width, 'height', f.height,
         'mime', f.mime, 'size', f.size) order by pf.kind, pf.position), '[]') from product_files pf join files f on f.id = pf.file_id where pf.product_id = p.id) as files,
      (select json_build_object('code', t.code, 'name_ru', t.name_ru, 'name_en', t.name_en, 'name_zh', t.name_zh) from tnved_codes t where t.code = p.tnved_code) as tnved,
      (select coalesce(json_agg(row_to_json(a)), '[]') from (
         select ${companyColumns}, pc.kind from product_companies pc join companies c on c.id = pc.company_id ${companyJoins}
         where pc.product_id = p.id and c.status = 'published' order by c.id) a) as also
    from products p join companies c on c.id = p.company_id ${companyJoins} ${productImageJoin}
    where p.id = ${id} and p.status = 'published' and c.status = 'published'`;
}

/**
 * A published product of a published company with everything its page shows, or null. One
 * statement: prices, variants, files, the TN VED name and the other suppliers come as JSON columns;
 * the category path from the cached category rows.
 */
export async function getProduct(db: Db, id: number, lang: Lang): Promise<ProductDetail | null> {
  const [rows, categories] = await Promise.all([db.execute<ProductDetailRow>(productDetailSql(id)), categoryRows(db, "")]);
  const row = rows.rows[0];
  return row ? toProductDetail(row, lang, categories) : null;
}

/** productDetailSql with the product's translations as a named statement (ADR 069). */
const productDetailStatement = namedStatement<{ id: number; lang: Lang }>(
  "product_detail",
  productDetailSql(sql.placeholder("id"), sql.placeholder("lang")),
);

/**
 * The product's page data: getProduct with the stored translations of its name and description
 * into `lang` applied (translation/store.ts `applyTranslationRows`, the rule of `applyTranslations`),
 * or null. One round trip, a named statement (ADR 069): the product, its parts and its translations
 * are one statement, planned once per connection.
 */
export async function getTranslatedProduct(
  db: Db,
  id: number,
  lang: Lang,
): Promise<(ProductDetail & { translations: ContentTranslation[] }) | null> {
  const [rows, categories] = await Promise.all([
    productDetailStatement.read<ProductDetailRow & { translations: DetailTranslationRow[] }>(db, { id, lang }),
    categoryRows(db, ""),
  ]);
  const row = rows[0];
  return row ? applyTranslationRows(lang, toProductDetail(row, lang, categories), row.translations) : null;
}

type ProductDetailRow = ProductCardRow & {
  description: Localized;
  origin_country: string | null;
  facts: LocalizedFact[];
  prices: { min_quantity: string; price: string; currency: Currency; unit: string }[];
  variants: { id: number; name: Localized; attributes: Record<string, string>; price: string | null; currency: Currency | null }[];
  files: {
    kind: "image" | "document";
    title: Localized;
    storage_key: string;
    width: number | null;
    height: number | null;
    mime: string;
    size: number;
  }[];
  tnved: { code: string; name_ru: string; name_en: string | null; name_zh: string | null } | null;
  also: (CompanyRow & { kind: "dealer" | "distributor" })[];
};

/** A product's statement row (productDetailSql) as the page reads it, its category path from the cached `categories`. */
function toProductDetail(row: ProductDetailRow, lang: Lang, categories: CategoryRow[]): ProductDetail {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: { id: number; name: LocalizedText }[] = [];
  for (
    let at = row.category_id === null ? undefined : byId.get(row.category_id);
    at && path.length < 10;
    at = at.parent_id === null ? undefined : byId.get(at.parent_id)
  ) {
    path.unshift({ id: at.id, name: pickRequired(at.name, lang, at.source_lang) });
  }
  return {
    ...toProductCard(row, lang),
    description: pick(row.description, lang, row.source_lang),
    sourceLang: row.source_lang,
    originCountry: row.origin_country,
    facts: localizeFacts(row.facts, lang, row.source_lang),
    prices: row.prices.map((p) => ({ minQuantity: p.min_quantity, price: p.price, currency: p.currency, unit: p.unit })),
    variants: row.variants.map((v) => ({
      id: v.id,
      name: pickRequired(v.name, lang, row.source_lang),
      attributes: v.attributes,
      price: v.price,
      currency: v.currency,
    })),
    images: row.files
      .filter((f) => f.kind === "image")
      .map((f) => ({ ...media(f.storage_key, f.width, f.height)!, title: pick(f.title, lang, row.source_lang) })),
    documents: row.files
      .filter((f) => f.kind === "document")
      .map((f) => ({ url: mediaUrl(f.storage_key), title: pick(f.title, lang, row.source_lang), mime: f.mime, size: f.size })),
    category: path.length > 0 ? { ...path[path.length - 1]!, path } : null,
    tnved: row.tnved
      ? {
          code: row.tnved.code,
          name: pickRequired({ ru: row.tnved.name_ru, en: row.tnved.name_en ?? undefined, zh: row.tnved.name_zh ?? undefined }, lang, "ru"),
        }
      : null,
    alsoSuppliedBy: row.also.map((r) => ({ ...toCompanyCard(r, lang), relation: r.kind })),
  };
}

/** relatedProducts' named statements by limit (at most 50: the contract's bound of `count`). */
const relatedStatements = new Map<number, NamedStatement<{ id: number; lang: Lang }>>();

/**
 * Related products (at most `limit`): published products of the same category or with the same
 * TN VED code, other suppliers' first, then newest. Each source is read newest-first from its index
 * (products_category_idx, products_tnved_idx) and cut at 4 × `limit` candidates, so the cost does
 * not grow with the catalogue. Empty for an unknown or unpublished product. One statement.
 */
export async function relatedProducts(db: Db, id: number, lang: Lang, limit: number): Promise<ProductCard[]> {
  // A named statement per limit (≤ 50 of them, the contract's bound): on every product page, its
  // planning (≈ 1.2 ms at 1,000,000 products) is done once per connection (ADR 069).
  let statement = relatedStatements.get(limit);
  if (!statement) {
    statement = namedStatement(`related_products_${limit}`, relatedProductsSql(sql.placeholder("id"), limit, sql.placeholder("lang")));
    relatedStatements.set(limit, statement);
  }
  const rows = await statement.read<ProductCardRow & { name_translations: CardNameTranslation[] }>(db, { id, lang });
  // The cards' name translations come in the same round trip: this list is on every product page.
  return nameCardsIn(
    lang,
    rows.flatMap((row) => row.name_translations),
    rows.map((row) => toProductCard(row, lang)),
  ).products;
}

/**
 * SQL of relatedProducts' rows for product `id`, each with its cards' `name_translations` into `lang`.
 * `limit` (a positive integer, else RangeError) is written into the text, not sent as a parameter:
 * PostgreSQL keeps a generic plan of the named statement only when no LIMIT is a parameter (ADR 069).
 */
export function relatedProductsSql(id: number | Placeholder, limit: number, lang: Lang | Placeholder): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`related products: limit ${limit} is not a positive integer`);
  const visible = sql`p.status = 'published' and p.id <> me.id and ${ofPublishedCompany(sql`p.company_id`)}`;
  // Candidates come from the indexes alone (id, company_id and published_at are index columns); only
  // the `limit` chosen ones are joined with their details.
  const candidates = (match: SQL) => sql`select s.* from me cross join lateral (
      select p.id, p.company_id, p.published_at from products p where ${match} and ${visible}
      order by p.published_at desc nulls last, p.id desc limit ${sql.raw(String(limit * 4))}) s`;
  const order = sql`(k.company_id = me.company_id), k.published_at desc nulls last, k.id desc`;
  return sql`
    with me as (select id, category_id, company_id, tnved_code from products where id = ${id} and status = 'published'),
    k as (${candidates(sql`p.category_id = me.category_id`)} union ${candidates(sql`p.tnved_code = me.tnved_code`)}),
    chosen as (select k.* from k, me order by ${order} limit ${sql.raw(String(limit))})
    select ${productCardColumns}, ${cardNameTranslationsSql(lang)} as name_translations
    from chosen k join products p on p.id = k.id join companies c on c.id = p.company_id ${companyJoins} ${productImageJoin}, me
    order by ${order}`;
}

/** How long cached counts and the category tree are served before a background refresh. */
export const COUNTS_TTL_MS = 60_000;

type CategoryRow = {
  id: number;
  parent_id: number | null;
  slug: string;
  icon: string | null;
  name: Localized;
  source_lang: Lang;
};

/** `n` products, and the range of their lowest-tier prices and of their MOQs as numeric text (null when none has one). */
export type ProductRanges = {
  n: number;
  min_price: string | null;
  max_price: string | null;
  min_moq: string | null;
  max_moq: string | null;
};

/**
 * One group of the cached product counts: published products of published companies with these
 * values, their prices in `currency` and their MOQs in `moq_unit` (ProductRanges).
 */
export type ProductCountGroup = ProductRanges & {
  category_id: number | null;
  currency: Currency | null;
  region_code: string | null;
  country: "RU" | "CN";
  verified: boolean;
  /** The TN VED chapter (first two digits of the code). */
  chapter: string | null;
  moq_unit: string | null;
};

/**
 * Published products of published companies counted per (category, price currency, supplier
 * region, country, verified, TN VED chapter, MOQ unit) with their price and MOQ ranges: one
 * grouped pass over the catalogue, cached (cache.ts) for COUNTS_TTL_MS. Counts beside categories,
 * the totals of lists filtered by the first five values and the facets of such lists (facets.ts)
 * come from it, so they may lag publishing by a minute or two. The groups are read from the table
 * one job refreshes for all processes (count-groups.ts, ADR 070) while it is fresh; otherwise this
 * process runs the grouped pass itself, which reads every published product — never per request.
 */
export const productCountGroups = cachedQuery(COUNTS_TTL_MS, async (db) => {
  if (await sharedCountGroupsFresh(db)) {
    const shared = await db.execute<ProductCountGroup>(sql`
      select category_id, currency, region_code, country, verified, chapter, moq_unit, n, min_price, max_price, min_moq, max_moq
      from product_count_groups`);
    return shared.rows;
  }
  const result = await db.execute<ProductCountGroup>(PRODUCT_COUNT_GROUPS_SQL);
  return result.rows;
});

/** The category rows (a small table that changes rarely), cached like the counts. */
const categoryRows = cachedQuery(
  COUNTS_TTL_MS,
  async (db) =>
    (await db.execute<CategoryRow>(sql`select id, parent_id, slug, icon, name, source_lang from categories order by position, id`)).rows,
);

/**
 * The cached count groups (productCountGroups) of the products `filters` select, or null when a
 * filter is one the groups cannot answer (countedFromCache). A category selects itself and its
 * subcategories, as productWhere does.
 */
export async function productCountGroupsOf(db: Db, filters: ProductFilters): Promise<ProductCountGroup[] | null> {
  if (!countedFromCache(filters)) return null;
  const [groups, rows] = await Promise.all([productCountGroups(db, ""), filters.category === undefined ? null : categoryRows(db, "")]);
  const categories = rows
    ? new Set(rows.filter((r) => r.id === filters.category || r.parent_id === filters.category).map((r) => r.id))
    : null;
  return groups.filter(
    (g) =>
      !(categories && (g.category_id === null || !categories.has(g.category_id))) &&
      !(filters.currency && g.currency !== filters.currency) &&
      // A price order across currencies lists the products that have a price.
      !(crossPriceSort(filters) && g.currency === null) &&
      !(filters.region && g.region_code !== filters.region) &&
      !(filters.country && g.country !== filters.country) &&
      !(filters.verified && !g.verified) &&
      !(filters.tnved && g.chapter !== filters.tnved),
  );
}

/**
 * Declares the shared count groups out of date (count-groups.ts) and drops this process's cached
 * product counts and category rows of `db`, so the next read computes them again: for a test or
 * script that wrote the catalogue directly (the seed), not through the writers the server serves.
 * Other processes recompute once their own cache expires (COUNTS_TTL_MS).
 */
export async function forgetCatalogueCounts(db: Db): Promise<void> {
  await invalidateSharedCountGroups(db);
  productCountGroups.forget(db);
  categoryRows.forget(db);
}

/** The total of a list whose filters the cached counts answer (countedFromCache), capped like a counted one. */
async function cachedProductTotal(db: Db, filters: ProductFilters): Promise<{ total: number; totalCapped: boolean }> {
  const groups = (await productCountGroupsOf(db, filters)) ?? [];
  const n = groups.reduce((sum, g) => sum + g.n, 0);
  return { total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
}

/** The category tree with counts of published products (a parent counts its children's too). */
export async function listCategories(db: Db, lang: Lang): Promise<CategoryNode[]> {
  const [rows, groups] = await Promise.all([categoryRows(db, ""), productCountGroups(db, "")]);
  const counts = new Map<number, number>();
  for (const g of groups) if (g.category_id !== null) counts.set(g.category_id, (counts.get(g.category_id) ?? 0) + g.n);
  const nodes = new Map<number, CategoryNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      slug: r.slug,
      icon: r.icon,
      name: pickRequired(r.name, lang, r.source_lang),
      parentId: r.parent_id,
      productCount: counts.get(r.id) ?? 0,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const root of roots) root.productCount += root.children.reduce((sum, c) => sum + c.productCount, 0);
  return roots;
}

/**
 * The top-level categories with products, most products first (ties in catalogue order), at most
 * `limit`: what the header and footer link to. From cached rows and counts, no query per call.
 */
export async function topCategories(db: Db, lang: Lang, limit: number): Promise<TopCategory[]> {
  const roots = await listCategories(db, lang);
  return roots
    .filter((c) => c.productCount > 0)
    .map((c, position) => ({ c, position }))
    .sort((a, b) => b.c.productCount - a.c.productCount || a.position - b.position)
    .slice(0, limit)
    .map(({ c }) => ({ id: c.id, slug: c.slug, icon: c.icon, name: c.name, productCount: c.productCount }));
}

/** Published products of published companies in the whole catalogue (cached counts). */
export async function publishedProductTotal(db: Db): Promise<number> {
  return (await productCountGroups(db, "")).reduce((sum, g) => sum + g.n, 0);
}
