/**
 * Catalogue search (issue 3 §4; ADR 007): products, suppliers, services and stories by words in any
 * of the three languages. Cyrillic and Latin words are prefix terms of one `russian` tsquery (Russian
 * and English stemming); a Chinese word is a phrase of its adjacent-character pairs over the
 * character and pair tokens of Chinese text (ADR 068). Translations are indexed, so «труба» finds a Chinese supplier's 钢管 product
 * through its Russian translation, and the result says which translation matched.
 *
 * Cost is bounded: ranking runs over at most CANDIDATES matches (taken in index order), which are
 * also what product and supplier totals count. A search that finds nothing is retried with its
 * spelling corrected against the catalogue's vocabulary (vocabulary.ts, ADR 010).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { executePrepared } from "../db/named-statement.ts";
import type { CompanyListItem } from "#contract/companies.ts";
import type { ProductHit } from "#contract/search.ts";
import { PRODUCT_SEARCH_BUCKETS, productSearchBucket, zhSearchVectorSql, type Lang } from "../db/schema.ts";
import { tokenize } from "../classifiers/repository.ts";
import {
  bySmallerOkvedSide,
  companyWhere,
  getCompanyCards,
  listCompanies,
  okvedSideOf,
  type CompanyFilters,
  type OkvedSide,
} from "./companies.ts";
import { OKVED_CODE } from "#contract/classifier-codes.ts";
import { pick } from "./localize.ts";
import { materialAlternatives } from "./materials.ts";
import { registerTsQuery } from "./register-lexemes.ts";
import { correctCatalogQuery, wordQuery } from "./vocabulary.ts";
import {
  cappedCountSql,
  companyJoins,
  ofPublishedCompany,
  productCardColumns,
  productFrom,
  productImageJoin,
  productWhere,
  runCappedCount,
  toProductCard,
  type ListSql,
  type ProductCardRow,
  type ProductFilters,
} from "./repository.ts";

export type { ProductHit } from "#contract/search.ts";

/** Matches ranked per search (taken in index order); also the cap of search totals. */
export const CANDIDATES = 2000;
const CJK = /[\u3400-\u9fff]/u;
/** A token's runs of Chinese characters and of anything else (the search vector sets them apart too). */
const CJK_OR_OTHER_RUNS = /[\u3400-\u9fff]+|[^\u3400-\u9fff]+/gu;

/**
 * The `simple` tsquery text of a run of Chinese characters, as the search vectors index Chinese
 * (zhSearchVectorSql, ADR 068: `c1 c1 c1c2 c2 c2c3 c3 …`, pairs two positions apart): one
 * character is itself; a word of n ≥ 2 characters is the phrase of its n − 1 adjacent pairs, each
 * two positions after the one before (`汽车 <2> 车配 <2> 配件`). A pair is a token only inside one
 * run of the text, so the chain holds exactly where the text has the word's characters in order
 * and together, and each pair is rare enough for the GIN index to narrow the rows on its own.
 * Throws on an empty run or one with other characters: callers split tokens first.
 */
export function cjkPhraseQuery(run: string): string {
  const chars = [...run];
  if (chars.length === 0 || !chars.every((ch) => CJK.test(ch))) throw new Error(`Not a run of Chinese characters: ${JSON.stringify(run)}`);
  if (chars.length === 1) return chars[0]!;
  return chars
    .slice(1)
    .map((ch, i) => chars[i]! + ch)
    .join(" <2> ");
}

/**
 * The tsquery of a user's words as SQL, or null when nothing searchable remains: every word must
 * match (AND); a material adjective matches its noun and customs phrase too (materials.ts). A Cyrillic or Latin word is its stem when the catalogue knows that stem, else a
 * prefix (vocabulary.ts wordQuery); a Chinese word is a phrase of its character pairs
 * (cjkPhraseQuery); a word mixing both («304不锈钢») is each of its parts. Tokens are letters and
 * digits only (tokenize), so nothing a user types reaches tsquery syntax.
 */
export function catalogTsQuery(q: string): SQL | null {
  const parts: SQL[] = [];
  for (const token of tokenize(q)) {
    // The search vector splits «304不锈钢» into «304» and the Chinese run: the query does too.
    for (const part of CJK.test(token) ? (token.match(CJK_OR_OTHER_RUNS) ?? []) : [token]) {
      if (CJK.test(part)) {
        parts.push(sql`to_tsquery('simple', ${cjkPhraseQuery(part)})`);
        continue;
      }
      // «стальная» also matches «сталь» and «из черных металлов» (materials.ts).
      const alternatives = materialAlternatives(part).map((words) =>
        words.map((w) => wordQuery(w)).reduce((phrase, next) => sql`tsquery_phrase(${phrase}, ${next})`),
      );
      parts.push(alternatives.length === 0 ? wordQuery(part) : sql`(${sql.join([wordQuery(part), ...alternatives], sql` || `)})`);
    }
  }
  // Parenthesized: `@@` binds tighter than `&&`, so `v @@ a && b` was `(v @@ a) && b`, an error
  // (42883) for any two words where a caller writes `@@ ${tsq}` (the supplier facets; fuzzer-found).
  return parts.length > 0 ? sql`(${sql.join(parts, sql` && `)})` : null;
}

/**
 * Runs `search(q)`; when it finds nothing and the words can be corrected (correctCatalogQuery),
 * runs it again with the corrected words and returns that result with `correctedQuery` set, for
 * the page to say "Showing results for …". When the corrected search finds nothing either, the
 * original (empty) result is returned with `correctedQuery: null`.
 */
export async function withSpellingCorrection<T extends { total: number }>(
  db: Db,
  q: string,
  search: (q: string) => Promise<T>,
): Promise<T & { correctedQuery: string | null }> {
  const first = await search(q);
  if (first.total > 0) return { ...first, correctedQuery: null };
  const corrected = await correctCatalogQuery(db, q);
  if (!corrected) return { ...first, correctedQuery: null };
  const second = await search(corrected);
  return second.total > 0 ? { ...second, correctedQuery: corrected } : { ...first, correctedQuery: null };
}

/** Which language's text of a localized column matched the query, for showing the matched translation. */
function matchedLangExpr(column: string): SQL {
  return sql.raw(`case
    when to_tsvector('russian', coalesce(${column}->>'ru', '')) @@ q.tsq then 'ru'
    when to_tsvector('russian', coalesce(${column}->>'en', '')) @@ q.tsq then 'en'
    when ${zhSearchVectorSql(`coalesce(${column}->>'zh', '')`)} @@ q.tsq then 'zh'
  end`);
}

export interface SearchPage<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
}

/**
 * SQL of a ranked product search page, or null when `q` has nothing searchable; see searchProducts.
 * One statement: at most CANDIDATES matches in index order, ranked, counted (`total`, a column of
 * every row) and cut to the page, whose rows carry the product card's columns and `matched_lang`.
 * `count` is null: the total comes with the rows.
 */
export function productSearchSql(q: string, filters: ProductFilters, page: number, perPage: number): ListSql<null> | null {
  const tsq = catalogTsQuery(q);
  if (!tsq) return null;
  return { rows: rankedProductsSql(tsq, filters, page, perPage), count: null };
}

/**
 * Up to `limit` products `filters` select whose search vector matches `q.tsq` (a CTE `q` the caller
 * defines), as `(id, search_vector, published_at)` rows: one branch per search bucket
 * (PRODUCT_SEARCH_BUCKETS, ADR 066), each with the predicate of its partial GIN index and its own
 * LIMIT (which keeps the planner on the index), appended in bucket order under one LIMIT — so the
 * executor stops in the first bucket that completes `limit` and never reads the other buckets'
 * posting lists. The supplier's "published" check runs once above the branches, so the candidates
 * are the first `limit` published ones among each bucket's first `limit` matches.
 */
export function productMatchesSql(filters: ProductFilters, limit: number): SQL {
  const branches = Array.from(
    { length: PRODUCT_SEARCH_BUCKETS },
    (_, b) => sql`(select p.id, p.search_vector, p.published_at, p.company_id ${productFrom(filters)}, q
      where ${productSearchBucket(b, "p")} and p.search_vector @@ q.tsq and ${productWhere(filters, { companyCheck: false })} limit ${limit})`,
  );
  // The supplier's check once above the branches: inside each, its hashed list of unpublished
  // companies (11,900 at 10,000,000 products) is built again per bucket read, ≈ 0.6–2.5 ms each. The
  // planner pushes a condition on a UNION ALL down into its branches; OFFSET 0 keeps it above them
  // (a search reading all sixteen buckets, «彩涂钢板» at 10,000,000: 42 → 20 ms).
  return sql`select m.id, m.search_vector, m.published_at from (${sql.join(branches, sql` union all `)} offset 0) m
    where ${ofPublishedCompany(sql`m.company_id`)} limit ${limit}`;
}

/**
 * "Product `p` matches the tsquery `tsq`" for a query that needs every match (the search's facet
 * counts): one arm per search bucket, each with its partial index's predicate, so the planner ORs
 * the buckets' bitmap index scans (ADR 066). `p.search_vector @@ tsq` alone matches no partial
 * index's predicate and would read the whole table.
 */
export function productMatchWhere(tsq: SQL): SQL {
  const arms = Array.from(
    { length: PRODUCT_SEARCH_BUCKETS },
    (_, b) => sql`(${productSearchBucket(b, "p")} and p.search_vector @@ ${tsq})`,
  );
  return sql`(${sql.join(arms, sql` or `)})`;
}

function rankedProductsSql(tsq: SQL, filters: ProductFilters, page: number, perPage: number): SQL {
  return sql`
    with q as (select ${tsq} as tsq),
    candidates as (${productMatchesSql(filters, CANDIDATES)}),
    ranked as (
      select k.id, ts_rank(k.search_vector, q.tsq, 1) as rank, k.published_at, count(*) over ()::int as total from candidates k, q
    ),
    page as (select * from ranked order by rank desc, published_at desc nulls last, id desc limit ${perPage} offset ${(page - 1) * perPage})
    select ${productCardColumns}, page.total, ${matchedLangExpr("p.name")} as matched_lang
    from page join products p on p.id = page.id join companies c on c.id = p.company_id ${companyJoins} ${productImageJoin}, q
    order by page.rank desc, page.published_at desc nulls last, page.id desc`;
}

/**
 * Ranked product search (published only) with the product list filters: the best `perPage` of at
 * most CANDIDATES matches (taken in index order), each with the translation that matched when it
 * is not the one shown. `total` counts those candidates: `totalCapped` when there were more.
 * Without filters the statement runs prepared (executePrepared: named on PostgreSQL, ADR 068).
 */
export async function searchProducts(
  db: Db,
  q: string,
  filters: ProductFilters,
  lang: Lang,
  page: number,
  perPage: number,
): Promise<SearchPage<ProductHit>> {
  const query = productSearchSql(q, filters, page, perPage);
  if (!query) return { items: [], total: 0, totalCapped: false };
  // Without filters (the search box, the cross search) one statement per number and kind of words:
  // prepared, it is planned a few times, not on every search (≈ 3.5 ms of sixteen branches, ADR 068).
  // A filter's values can call for another plan (a small category, one supplier), so those stay
  // planned with their values, as before.
  type Row = ProductCardRow & { total: number; matched_lang: Lang | null };
  const unfiltered = Object.values(filters).every((value) => value === undefined);
  const result = unfiltered ? await executePrepared<Row>(db, query.rows) : await db.execute<Row>(query.rows);
  const total = result.rows[0]?.total ?? 0;
  return {
    items: result.rows.map((row) => {
      const card = toProductCard(row, lang);
      const matched =
        row.matched_lang && row.matched_lang !== card.name.lang
          ? pick({ [row.matched_lang]: row.name[row.matched_lang] }, row.matched_lang)
          : null;
      return { ...card, matched };
    }),
    total,
    totalCapped: total >= CANDIDATES,
  };
}

/**
 * The tsquery of the words `q` (catalogTsQuery) as its text, computed by the database (the
 * vocabulary decides stem or prefix per word), or null when nothing searchable was typed. A search
 * that puts this text in its statement as a constant lets the planner read the words' frequencies
 * from the column's statistics (ADR 062): inside the statement, the tsquery is an expression the
 * planner cannot evaluate, so it assumed 0.5 % of the rows for every word and read the whole GIN
 * posting list of a word found in millions of register names (0.3–0.8 s) to take 2,000 of them.
 */
export async function resolveTsQuery(db: Db, q: string): Promise<string | null> {
  const tsq = catalogTsQuery(q);
  if (!tsq) return null;
  const result = await db.execute<{ tsq: string }>(sql`select (${tsq})::text as tsq`);
  return result.rows[0]?.tsq ?? null;
}

/**
 * SQL of a ranked supplier search page (`{ id, total }` in rank order) for a tsquery's text
 * (resolveTsQuery); see searchCompanies. Like product search: at most CANDIDATES matches, ranked
 * and counted in one statement (`count` is null). Companies on the platform come before those only
 * from the FNS registers (ADR 057), whatever their rank: the candidates are taken apart (up to
 * CANDIDATES of each), so millions of register companies matching a common word cannot crowd the
 * platform's few out of the candidate set. The tsquery is a constant of the statement (ADR 062): a
 * word in a fifth of the register is then read by a scan that stops at CANDIDATES rows, a rare one
 * through companies_search_idx, and the platform's through companies_platform_search_idx. `side`
 * (okvedSideOf): with a small OKVED code the register candidates are read from the code's companies
 * (bySmallerOkvedSide, ADR 062 addendum), the first CANDIDATES of them in physical order.
 * `registerTsquery` (registerTsQuery, ADR 075): the same words with their prefixes written as the
 * register's lexemes, matching the same register companies; it selects the register candidates only
 * (the platform's and the ranking keep `tsquery`).
 */
export function companySearchSql(
  tsquery: string,
  page: number,
  perPage: number,
  filters: CompanyFilters = {},
  side?: OkvedSide,
  registerTsquery = tsquery,
): ListSql<null> {
  const tsq = sql`${tsquery}::tsquery`;
  const registerTsq = sql`${registerTsquery}::tsquery`;
  return {
    rows: sql`
      with candidates as (
        (select c.id, c.search_vector, c.verification_level, true as on_platform from companies c
          where c.search_vector @@ ${tsq} and ${companyWhere(filters)} and c.origin = 'platform' limit ${CANDIDATES})
        union all
        ${bySmallerOkvedSide(
          filters,
          (where, driven) => sql`select c.id, c.search_vector, c.verification_level, false from companies c
            where c.search_vector @@ ${registerTsq} and ${where} and c.origin <> 'platform' ${driven ? sql`order by c.ctid` : sql``}
            limit ${CANDIDATES}`,
          side,
          true,
        )}
      ),
      ranked as (
        select k.id, k.on_platform, ts_rank(k.search_vector, ${tsq}, 1) as rank, k.verification_level, count(*) over ()::int as total
        from candidates k
      )
      select id, total from ranked order by on_platform desc, rank desc, verification_level desc, id
      limit ${perPage} offset ${(page - 1) * perPage}`,
    count: null,
  };
}

/**
 * The supplier filter a search for an identifier stands for (ADR 057), or null for words: an INN
 * (10 or 12 digits) or OGRN / OGRNIP (13 or 15 digits), spaces aside, finds the companies whose
 * legal entity has it; an OKVED2 code (`25`, `25.11`, `46.73.6`) the companies with that activity
 * or one under it. Two digits alone are read as an OKVED class: no word of a name is two digits.
 */
export function supplierIdentifierFilters(q: string): Pick<CompanyFilters, "inn" | "ogrn" | "okved"> | null {
  const compact = q.replace(/\s+/g, "");
  if (/^(\d{10}|\d{12})$/.test(compact)) return { inn: compact };
  if (/^(\d{13}|\d{15})$/.test(compact)) return { ogrn: compact };
  if (OKVED_CODE.test(compact)) return { okved: compact };
  return null;
}

/**
 * Suppliers whose name or description matches, published only and within `filters` (the supplier
 * list's), best matches first (totals as in searchProducts).
 */
export async function searchCompanies(
  db: Db,
  q: string,
  lang: Lang,
  page: number,
  perPage: number,
  filters: CompanyFilters = {},
): Promise<SearchPage<CompanyListItem>> {
  const identifier = supplierIdentifierFilters(q);
  if (identifier) {
    const list = await listCompanies(db, { ...filters, ...identifier }, lang, page, perPage);
    return { items: list.items, total: list.total, totalCapped: list.totalCapped };
  }
  const [tsquery, side] = await Promise.all([resolveTsQuery(db, q), okvedSideOf(db, filters.okved)]);
  if (!tsquery) return { items: [], total: 0, totalCapped: false };
  const query = companySearchSql(tsquery, page, perPage, filters, side, await registerTsQuery(db, tsquery));
  const ranked = await db.execute<{ id: number; total: number }>(query.rows);
  const cards = await getCompanyCards(
    db,
    ranked.rows.map((r) => r.id),
    lang,
  );
  const total = ranked.rows[0]?.total ?? 0;
  return { items: cards, total, totalCapped: total >= CANDIDATES };
}

/** SQL of a ranked story search page (`{ id }`) and its capped count; see searchStoryIds. */
export function storySearchSql(q: string, page: number, perPage: number): ListSql | null {
  const tsq = catalogTsQuery(q);
  if (!tsq) return null;
  const where = sql`s.status = 'published' and s.published_at <= now() and s.search_vector @@ (${tsq})`;
  return {
    rows: sql`
      with q as (select ${tsq} as tsq)
      select s.id from stories s, q
      where ${where}
      order by ts_rank(s.search_vector, q.tsq, 1) desc, s.published_at desc limit ${perPage} offset ${(page - 1) * perPage}`,
    count: cappedCountSql(sql`from stories s where ${where}`),
  };
}

/**
 * Runs a ranked search page of `{ id }` rows with its capped count: the ids in rank order and the
 * total (at most TOTAL_CAP). No query (nothing searchable was typed) finds nothing.
 */
async function idSearch(db: Db, query: ListSql | null): Promise<{ ids: number[]; total: number }> {
  if (!query) return { ids: [], total: 0 };
  const [rows, count] = await Promise.all([db.execute<{ id: number }>(query.rows), runCappedCount(db, query.count)]);
  return { ids: rows.rows.map((r) => r.id), total: count.total };
}

/** Stories whose title, lead or body matches, newest of the best first. */
export async function searchStoryIds(db: Db, q: string, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  return idSearch(db, storySearchSql(q, page, perPage));
}

/** SQL of a ranked company-service search page (`{ id }`) and its capped count; see searchServiceIds. */
export function serviceSearchSql(q: string, page: number, perPage: number): ListSql | null {
  const tsq = catalogTsQuery(q);
  if (!tsq) return null;
  // Service types are a handful of rows: the ones whose name matches are found once, not per offer.
  const where = sql`s.status = 'published' and ${ofPublishedCompany(sql`s.company_id`)} and (s.search_vector @@ (${tsq})
      or s.service_type_id in (select t.id from service_types t
        where to_tsvector('russian', coalesce(t.name->>'ru', '') || ' ' || coalesce(t.name->>'en', '')) @@ (${tsq})
          or ${sql.raw(zhSearchVectorSql("coalesce(t.name->>'zh', '')"))} @@ (${tsq})))`;
  return {
    rows: sql`
      with q as (select ${tsq} as tsq)
      select s.id from company_services s join companies c on c.id = s.company_id, q
      where ${where}
      order by ts_rank(s.search_vector, q.tsq, 1) desc, c.verification_level desc, s.id limit ${perPage} offset ${(page - 1) * perPage}`,
    count: cappedCountSql(sql`from company_services s where ${where}`),
  };
}

/** Company services whose description or service type name matches. */
export async function searchServiceIds(db: Db, q: string, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  return idSearch(db, serviceSearchSql(q, page, perPage));
}
