/**
 * Catalogue search (issue 3 §4; ADR 007): products, suppliers, services and stories by words in any
 * of the three languages. Cyrillic and Latin words are prefix terms of one `russian` tsquery (Russian
 * and English stemming); a Chinese word is a phrase of its characters over the per-character tokens
 * of Chinese text. Translations are indexed, so «труба» finds a Chinese supplier's 钢管 product
 * through its Russian translation, and the result says which translation matched.
 *
 * Cost is bounded: ranking runs over at most CANDIDATES matches (taken in index order), and totals
 * are counted up to TOTAL_CAP.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Lang, Localized } from "../db/schema.ts";
import { tokenize } from "../classifiers/repository.ts";
import { getCompanyCards, type CompanyListItem } from "./companies.ts";
import { pick, type LocalizedText } from "./localize.ts";
import { TOTAL_CAP, productWhere, productsByIds, type ProductCard, type ProductFilters } from "./repository.ts";

const CANDIDATES = 2000;
const CJK = /[\u3400-\u9fff]/u;

/**
 * The tsquery of a user's words as SQL, or null when nothing searchable remains. Tokens are letters
 * and digits only (tokenize), so nothing a user types reaches tsquery syntax.
 */
export function catalogTsQuery(q: string): SQL | null {
  const parts: SQL[] = [];
  for (const token of tokenize(q)) {
    if (CJK.test(token)) {
      const chars = [...token].filter((ch) => CJK.test(ch) || /[\p{L}\p{N}]/u.test(ch));
      if (chars.length > 0) parts.push(sql`to_tsquery('simple', ${chars.join(" <-> ")})`);
    } else {
      parts.push(sql`to_tsquery('russian', ${`${token}:*`})`);
    }
  }
  return parts.length > 0 ? sql.join(parts, sql` && `) : null;
}

/** Which language's text of a localized column matched the query, for showing the matched translation. */
function matchedLangExpr(column: string): SQL {
  return sql.raw(`case
    when to_tsvector('russian', coalesce(${column}->>'ru', '')) @@ q.tsq then 'ru'
    when to_tsvector('russian', coalesce(${column}->>'en', '')) @@ q.tsq then 'en'
    when to_tsvector('simple', regexp_replace(coalesce(${column}->>'zh', ''), '([\\u3400-\\u9fff])', ' \\1 ', 'g')) @@ q.tsq then 'zh'
  end`);
}

export interface ProductHit extends ProductCard {
  /** The name in the language whose text matched, when it is not the one shown. */
  matched: LocalizedText | null;
}

export interface SearchPage<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
}

export async function searchProducts(
  db: Db,
  q: string,
  filters: ProductFilters,
  lang: Lang,
  page: number,
  perPage: number,
): Promise<SearchPage<ProductHit>> {
  const tsq = catalogTsQuery(q);
  if (!tsq) return { items: [], total: 0, totalCapped: false };
  const where = productWhere(filters);
  const [ranked, count] = await Promise.all([
    db.execute<{ id: number; matched_lang: Lang | null; name: Localized }>(sql`
      with q as (select ${tsq} as tsq),
      candidates as (
        select p.id, p.search_vector, p.published_at from products p join companies c on c.id = p.company_id, q
        where p.search_vector @@ q.tsq and ${where} limit ${CANDIDATES}
      ),
      page as (
        select k.id, ts_rank(k.search_vector, q.tsq, 1) as rank, k.published_at from candidates k, q
        order by rank desc, k.published_at desc nulls last, k.id desc limit ${perPage} offset ${(page - 1) * perPage}
      )
      select page.id, p.name, ${matchedLangExpr("p.name")} as matched_lang
      from page join products p on p.id = page.id, q order by page.rank desc, page.published_at desc nulls last, page.id desc`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (
      select 1 from products p join companies c on c.id = p.company_id
      where p.search_vector @@ (${tsq}) and ${where} limit ${TOTAL_CAP + 1}) s`),
  ]);
  const cards = await productsByIds(db, ranked.rows.map((r) => r.id), lang);
  const byId = new Map(ranked.rows.map((r) => [r.id, r]));
  const n = count.rows[0]?.n ?? 0;
  return {
    items: cards.map((card) => {
      const row = byId.get(card.id);
      const matchedLang = row?.matched_lang ?? null;
      const matched = matchedLang && matchedLang !== card.name.lang ? pick({ [matchedLang]: row!.name[matchedLang] }, matchedLang) : null;
      return { ...card, matched };
    }),
    total: Math.min(n, TOTAL_CAP),
    totalCapped: n > TOTAL_CAP,
  };
}

/** Suppliers whose name or description matches, published only, best matches first. */
export async function searchCompanies(db: Db, q: string, lang: Lang, page: number, perPage: number): Promise<SearchPage<CompanyListItem>> {
  const tsq = catalogTsQuery(q);
  if (!tsq) return { items: [], total: 0, totalCapped: false };
  const ranked = await db.execute<{ id: number; total: number }>(sql`
    with q as (select ${tsq} as tsq)
    select c.id, count(*) over()::int as total from companies c, q
    where c.status = 'published' and c.search_vector @@ q.tsq
    order by ts_rank(c.search_vector, q.tsq, 1) desc, c.verification_level desc, c.id
    limit ${perPage} offset ${(page - 1) * perPage}`);
  const cards = await getCompanyCards(db, ranked.rows.map((r) => r.id), lang);
  return { items: cards, total: ranked.rows[0]?.total ?? 0, totalCapped: false };
}

/** Stories whose title, lead or body matches, newest of the best first. */
export async function searchStoryIds(db: Db, q: string, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  const tsq = catalogTsQuery(q);
  if (!tsq) return { ids: [], total: 0 };
  const rows = await db.execute<{ id: number; total: number }>(sql`
    with q as (select ${tsq} as tsq)
    select s.id, count(*) over()::int as total from stories s, q
    where s.status = 'published' and s.published_at <= now() and s.search_vector @@ q.tsq
    order by ts_rank(s.search_vector, q.tsq, 1) desc, s.published_at desc limit ${perPage} offset ${(page - 1) * perPage}`);
  return { ids: rows.rows.map((r) => r.id), total: rows.rows[0]?.total ?? 0 };
}

/** Company services whose description or service type name matches. */
export async function searchServiceIds(db: Db, q: string, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  const tsq = catalogTsQuery(q);
  if (!tsq) return { ids: [], total: 0 };
  const rows = await db.execute<{ id: number; total: number }>(sql`
    with q as (select ${tsq} as tsq)
    select s.id, count(*) over()::int as total
    from company_services s join service_types t on t.id = s.service_type_id join companies c on c.id = s.company_id, q
    where s.status = 'published' and c.status = 'published' and (s.search_vector @@ q.tsq
      or to_tsvector('russian', coalesce(t.name->>'ru', '') || ' ' || coalesce(t.name->>'en', '')) @@ q.tsq
      or to_tsvector('simple', regexp_replace(coalesce(t.name->>'zh', ''), '([\\u3400-\\u9fff])', ' \\1 ', 'g')) @@ q.tsq)
    order by ts_rank(s.search_vector, q.tsq, 1) desc, c.verification_level desc, s.id limit ${perPage} offset ${(page - 1) * perPage}`);
  return { ids: rows.rows.map((r) => r.id), total: rows.rows[0]?.total ?? 0 };
}
