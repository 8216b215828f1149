/**
 * The catalogue's vocabulary (table `catalog_terms`, ADR 010): the words of published product and
 * supplier names, category and service type names, per script (`ru` Cyrillic, `en` Latin), with
 * how many names use each and each word's full-text stem. It serves catalogue search twice:
 *
 * - **Exact or prefix.** A query word whose stem is the stem of a catalogue word is matched by its
 *   stem (all its forms); any other word is treated as one still being typed and matched as a prefix.
 *   An exact lexeme costs GIN a third of a prefix scan on common words (search.ts).
 * - **Spelling correction.** When a search finds nothing, each word that full-text search does not
 *   know is replaced by its nearest catalogue word (correctCatalogQuery), and the search runs again
 *   with the corrected words, which the page shows ("Showing results for …").
 *
 * Kept up to date by whoever writes names: the seed rebuilds it (refreshCatalogTerms); a writer that
 * publishes or renames a product or supplier adds the new words (addCatalogTerms). Words that
 * disappear stay until the next rebuild, which at worst offers a correction that finds nothing, in
 * which case the original query's empty result is shown.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Localized } from "../db/schema.ts";
import { tokenize } from "../classifiers/repository.ts";

/** Words of at least three letters of one script; tokens with digits or mixed scripts are not vocabulary. */
const WORD_SQL = `'^([a-z]{3,}|[а-яё]{3,})$'`;
const WORD = /^([a-z]{3,}|[а-яё]{3,})$/u;
const scriptOf = (word: string): "ru" | "en" => (/^[a-z]/.test(word) ? "en" : "ru");

/** Lower-cased words of the ru and en texts of a localized name, as the `simple` configuration splits them. */
const nameWords = (column: string) => `to_tsvector('simple', coalesce(${column}->>'ru', '') || ' ' || coalesce(${column}->>'en', ''))`;

/**
 * The vocabulary's rebuild from the published catalogue: two statements (delete every word, then
 * one `ts_stat` pass over the names: about 10 s per million products on PostgreSQL) that belong in
 * one transaction, so searches see either the old vocabulary or the new one. The second answers the
 * number of words as its row count. For a caller that runs them on a connection of its own (the
 * seed, beside its index builds); everyone else calls `refreshCatalogTerms`.
 */
export function catalogTermsRebuild(): [SQL, SQL] {
  const documents = [
    `select ${nameWords("name")} from products where status = 'published'`,
    `select ${nameWords("name")} from companies where status = 'published'`,
    `select ${nameWords("name")} from categories`,
    `select ${nameWords("name")} from service_types`,
  ].join(" union all ");
  return [
    sql`delete from catalog_terms`,
    sql`
      insert into catalog_terms (lang, term, documents)
      select case when word ~ '^[a-z]' then 'en' else 'ru' end, word, ndoc from ts_stat(${documents})
      where word ~ ${sql.raw(WORD_SQL)}`,
  ];
}

/** Rebuilds the vocabulary from the published catalogue in one transaction (`catalogTermsRebuild`). Returns the number of words. */
export async function refreshCatalogTerms(db: Db): Promise<number> {
  const [clear, fill] = catalogTermsRebuild();
  return db.transaction(async (tx) => {
    await tx.execute(clear);
    const result = await tx.execute(fill);
    return result.rowCount ?? 0;
  });
}

/**
 * Adds the words of newly published or renamed names (each counted once more). One statement;
 * `names` may be empty.
 */
export async function addCatalogTerms(db: Db, names: Localized[]): Promise<void> {
  const texts = names.map((name) => [name.ru, name.en].filter(Boolean).join(" ")).filter((text) => text.length > 0);
  if (texts.length === 0) return;
  await db.execute(sql`
    insert into catalog_terms (lang, term, documents)
    select case when w ~ '^[a-z]' then 'en' else 'ru' end, w, count(*)::int
    from unnest(${sql`array[${sql.join(
      texts.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`}) as texts(text),
      unnest(tsvector_to_array(to_tsvector('simple', texts.text))) as w
    where w ~ ${sql.raw(WORD_SQL)}
    group by w
    on conflict (lang, term) do update set documents = catalog_terms.documents + excluded.documents`);
}

/**
 * SQL text-search operand for one Cyrillic or Latin query word (the `russian` configuration): its
 * stem when that is the stem of a catalogue word, otherwise the word as a prefix (`word:*`). Words
 * are letters and digits only (tokenize), so nothing reaches tsquery syntax.
 */
export function wordQuery(word: string): SQL {
  return sql`to_tsquery('russian', ${word} || case when exists(select 1 from catalog_terms t
    where t.stem = (tsvector_to_array(to_tsvector('russian', ${word}::text)))[1]) then '' else ':*' end)`;
}

/** Nearest candidates read from the trigram index per unknown word. */
const CANDIDATES = 12;

/**
 * The largest edit distance (insertions, deletions, substitutions, adjacent transpositions) accepted
 * for a correction of a word of `length` characters: 1 up to five letters, 2 up to nine, 3 beyond.
 */
export function allowedEdits(length: number): number {
  return length <= 5 ? 1 : length <= 9 ? 2 : 3;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions), by code points. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/**
 * The query with misspelled words replaced, or null when there is nothing to correct. A word is
 * corrected when full-text search does not know it (its stem starts no catalogue word's stem, the
 * test a prefix search applies) and a catalogue word of the same script lies within allowedEdits:
 * candidates are the CANDIDATES nearest by trigram distance (GiST KNN on catalog_terms), the
 * closest in edits wins, then the most used. Chinese words, words under three letters and words
 * with digits are left as typed. One statement.
 */
export async function correctCatalogQuery(db: Db, q: string): Promise<string | null> {
  const tokens = tokenize(q);
  const words = [...new Set(tokens.filter((token) => WORD.test(token)))];
  if (words.length === 0) return null;
  const probes = words.map(
    (word) => sql`select ${word}::text as word, coalesce((
        -- Known: every lexeme of the word starts some catalogue word's stem (a byte range on text_pattern_ops).
        select bool_and(exists(select 1 from catalog_terms t where t.stem ~>=~ x.lexeme and t.stem ~<~ (x.lexeme || chr(1114111))))
        from unnest(tsvector_to_array(to_tsvector('russian', ${word}::text))) as x(lexeme)), true) as known,
      array(select k.term || ':' || k.documents from catalog_terms k
        -- The script is inlined (a fixed value, not user input) so the planner matches its partial GiST index.
        where k.lang = ${sql.raw(`'${scriptOf(word)}'`)} order by k.term <-> ${word}::text limit ${CANDIDATES}) as candidates`,
  );
  const result = await db.execute<{ word: string; known: boolean; candidates: string[] }>(sql.join(probes, sql` union all `));
  const replacements = new Map<string, string>();
  for (const row of result.rows) {
    if (row.known) continue;
    let best: { term: string; edits: number; documents: number } | null = null;
    for (const candidate of row.candidates) {
      const at = candidate.lastIndexOf(":");
      const term = candidate.slice(0, at);
      const documents = Number(candidate.slice(at + 1));
      const edits = editDistance(row.word, term);
      if (edits === 0 || edits > allowedEdits([...row.word].length)) continue;
      if (!best || edits < best.edits || (edits === best.edits && documents > best.documents)) best = { term, edits, documents };
    }
    if (best) replacements.set(row.word, best.term);
  }
  if (replacements.size === 0) return null;
  return tokens.map((token) => replacements.get(token) ?? token).join(" ");
}
