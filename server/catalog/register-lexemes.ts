/**
 * A word still being typed, searched among the register's companies as the exact lexemes it begins
 * (issue 30, ADR 075). The supplier search matches a word the catalogue does not know as a prefix
 * (`снаб` → `'снаб':*`, vocabulary.ts). GIN answers a prefix by collecting the TIDs of every lexeme it
 * begins into one bitmap before any other condition is applied: at 5,000,000 register companies
 * `снаб:*` (12 lexemes, 164,416 companies) is 75–207 ms in GIN alone, the bitmap turns lossy at the
 * default `work_mem`, and a region or an OKVED code on top only filters it afterwards (0.4–1.8 s). The
 * same prefix written as its exact lexemes (`'снабагр' | 'снаблес' | …`) is read from ordered posting
 * lists, which GIN intersects with the region's (companies_search_idx holds both) by skipping: 19 ms.
 *
 * The lexemes come from `register_lexemes`, the register's search vocabulary, refreshed with the
 * register's OKVED count groups and trusted under their rule (server/catalog/okved-groups.ts): only while
 * no register company changed since the refresh. Then, for the register's published companies, the
 * expanded query matches exactly the rows the prefix does; otherwise the prefix is kept (slower, never
 * wrong). The platform's companies are not in that vocabulary: their candidates keep the prefix
 * (companies_platform_search_idx holds only their few), and ranking uses the query as typed.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { UP_TO_DATE_SQL } from "../registers/okved-groups.ts";

/**
 * The most lexemes a prefix is expanded to. GIN reads one posting list per lexeme; past a few dozen the
 * prefix's single bitmap is the cheaper read (a two-letter prefix of a real register begins thousands).
 */
export const MAX_PREFIX_LEXEMES = 48;

/** A prefix operand of a tsquery's text (`'снаб':*`): only the forms resolveTsQuery writes, letters first. */
const PREFIX = /'([a-zа-яё][a-zа-яё0-9]*)':\*(?![A-Da-d])/gu;

/** What an expansion may write back into a tsquery's text: a quoted lexeme of letters, digits and inner hyphens. */
const PLAIN_LEXEME = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

/**
 * The tsquery text `tsquery` (resolveTsQuery's form) with each prefix operand that begins at most
 * MAX_PREFIX_LEXEMES lexemes of the register's vocabulary written as those lexemes, OR-ed; `tsquery`
 * unchanged when it has no prefix, when the vocabulary is out of date, or when no prefix qualifies. A
 * prefix that begins no lexeme is kept (it matches no register company either way). One round trip
 * when there is a prefix, none otherwise. Meant for the register's published companies only (see the
 * module's comment).
 */
export async function registerTsQuery(db: Db, tsquery: string): Promise<string> {
  const prefixes = [...new Set([...tsquery.matchAll(PREFIX)].map((m) => m[1]!))];
  if (prefixes.length === 0) return tsquery;
  // `lexeme` is COLLATE "C": the lexemes a prefix begins are the range [prefix, prefix || U+10FFFF).
  const found = await db.execute<{ prefix: string; lexemes: string[] }>(sql`
    select p.prefix, array(select l.lexeme from register_lexemes l
        where l.lexeme >= p.prefix and l.lexeme < p.prefix || chr(1114111) and starts_with(l.lexeme, p.prefix)
        order by l.lexeme limit ${MAX_PREFIX_LEXEMES + 1}) as lexemes
    from unnest(array[${sql.join(
      prefixes.map((prefix) => sql`${prefix}`),
      sql`, `,
    )}]::text[]) as p(prefix)
    where (${sql.raw(UP_TO_DATE_SQL)})`);
  const expansions = new Map<string, string>();
  for (const { prefix, lexemes } of found.rows) {
    if (lexemes.length === 0 || lexemes.length > MAX_PREFIX_LEXEMES || !lexemes.every((l) => PLAIN_LEXEME.test(l))) continue;
    expansions.set(prefix, lexemes.length === 1 ? `'${lexemes[0]}'` : `( ${lexemes.map((l) => `'${l}'`).join(" | ")} )`);
  }
  if (expansions.size === 0) return tsquery;
  return tsquery.replace(PREFIX, (operand, prefix: string) => expansions.get(prefix) ?? operand);
}
