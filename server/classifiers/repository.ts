/**
 * Read side of the classifiers: tree levels, one code with its path and notes, ranked search,
 * and counts. Everything is localized server-side for `lang`: a name missing in that language
 * falls back to Russian (the official text) and says so through `nameLang`.
 *
 * Shapes are the contract's (contract/classifiers.ts); all SQL is plain PostgreSQL and runs the
 * same on PGlite and on a PostgreSQL ≥ 15 server.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ClassifierStats } from "#contract/app-data.ts";
import type { ClassifierNode, ClassifierNodeDetail, NotesBlock, SearchHit } from "#contract/classifiers.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import type { Db } from "../db/client.ts";
import { DomainError, notFound } from "../errors.ts";
import { canonicalCode, citedCodes, formatCode, parseCodeQuery, type Classifier } from "./codes.ts";
import { synonymFor } from "./synonyms.ts";

export type { ClassifierStats } from "#contract/app-data.ts";
export type { ClassifierNode, ClassifierNodeDetail, NotesBlock, SearchHit } from "#contract/classifiers.ts";

export type { Lang } from "#contract/lang-schemas.ts";

export const levelNames: Record<Classifier, readonly string[]> = {
  okved: ["section", "class", "subclass", "group", "subgroup", "type"],
  tnved: ["section", "chapter", "heading", "subheading", "item"],
};

export interface SearchResult {
  items: SearchHit[];
  total: number;
  /** Set when no code matched the query as typed and a spelling-corrected query was used. */
  correctedQuery: string | null;
}

const tables: Record<Classifier, SQL> = { okved: sql.raw("okved_codes"), tnved: sql.raw("tnved_codes") };

function nameExpr(lang: Lang): SQL {
  if (lang === "en") return sql.raw("coalesce(t.name_en, t.name_ru)");
  if (lang === "zh") return sql.raw("coalesce(t.name_zh, t.name_ru)");
  return sql.raw("t.name_ru");
}

function nameLangExpr(lang: Lang): SQL {
  if (lang === "ru") return sql.raw("'ru'");
  return sql.raw(`case when t.name_${lang} is null then 'ru' else '${lang}' end`);
}

function nodeColumns(classifier: Classifier, lang: Lang, withChildCount = true): SQL {
  const provisional = classifier === "tnved" ? sql.raw("t.provisional") : sql.raw("false");
  return sql`t.code, t.level, t.parent_code, t.section, t.is_leaf, ${nameExpr(lang)} as name, ${nameLangExpr(lang)} as name_lang,
    ${provisional} as provisional, t.abolished_at is not null as abolished${withChildCount ? sql`, ${childCountExpr(classifier, "t")} as child_count` : sql``}`;
}

function childCountExpr(classifier: Classifier, alias: string): SQL {
  return sql`(select count(*)::int from ${tables[classifier]} c where c.parent_code = ${sql.raw(alias)}.code and c.abolished_at is null)`;
}

type NodeRow = {
  code: string;
  level: number;
  parent_code: string | null;
  section: string;
  is_leaf: boolean;
  name: string;
  name_lang: Lang;
  provisional: boolean;
  abolished: boolean;
  child_count: number;
};

function toNode(classifier: Classifier, row: NodeRow): ClassifierNode {
  return {
    code: row.code,
    displayCode: formatCode(classifier, row.code),
    level: row.level,
    levelName: levelNames[classifier][row.level - 1] ?? "item",
    parentCode: row.parent_code,
    section: row.section,
    isLeaf: row.is_leaf,
    childCount: row.child_count,
    name: row.name,
    nameLang: row.name_lang,
    provisional: row.provisional,
    abolished: row.abolished,
  };
}

/** Children of `parentCode`, or the top level (sections) when it is null; official order. */
export async function listChildren(db: Db, classifier: Classifier, parentCode: string | null, lang: Lang): Promise<ClassifierNode[]> {
  const where = parentCode === null ? sql`t.parent_code is null` : sql`t.parent_code = ${parentCode}`;
  const result = await db.execute<NodeRow>(
    sql`select ${nodeColumns(classifier, lang)} from ${tables[classifier]} t where ${where} and t.abolished_at is null order by t.position`,
  );
  return result.rows.map((row) => toNode(classifier, row));
}

/** One code with its ancestors, children, notes and cited codes; null when unknown. */
export async function getNode(db: Db, classifier: Classifier, code: string, lang: Lang): Promise<ClassifierNodeDetail | null> {
  const extra =
    classifier === "tnved"
      ? sql.raw("t.name_ru_full, t.edition, t.valid_from::text as valid_from, null::jsonb as includes_ru, null::jsonb as excludes_ru")
      : sql.raw("null::text as name_ru_full, null::text as edition, null::text as valid_from, t.includes_ru, t.excludes_ru");
  const found = await db.execute<
    NodeRow & {
      name_ru: string;
      notes_ru: string | null;
      name_ru_full: string | null;
      edition: string | null;
      valid_from: string | null;
      includes_ru: string[] | null;
      excludes_ru: string[] | null;
    }
  >(sql`select ${nodeColumns(classifier, lang)}, t.name_ru, t.notes_ru, ${extra} from ${tables[classifier]} t where t.code = ${code}`);
  const row = found.rows[0];
  if (!row) return null;

  // Ancestors by walking parent_code upwards (at most 6 levels).
  const pathRows = await db.execute<NodeRow & { depth: number }>(sql`
    with recursive up as (
      select code, parent_code, 0 as depth from ${tables[classifier]} where code = ${row.parent_code}
      union all
      select p.code, p.parent_code, up.depth + 1 from ${tables[classifier]} p join up on p.code = up.parent_code
    )
    select ${nodeColumns(classifier, lang)}, up.depth from up join ${tables[classifier]} t on t.code = up.code order by up.depth desc`);
  const path = pathRows.rows.map((r) => toNode(classifier, r));
  const children = await listChildren(db, classifier, code, lang);

  const includes = row.includes_ru ?? [];
  const excludes = row.excludes_ru ?? [];
  const notesText = row.notes_ru;
  const hasNotes = Boolean(notesText) || includes.length > 0 || excludes.length > 0;
  const candidates = citedCodes(classifier, [notesText ?? "", ...includes, ...excludes].join("\n")).filter((c) => c !== code);
  let cited: string[] = [];
  if (candidates.length > 0) {
    const existing = await db.execute<{ code: string }>(
      sql`select code from ${tables[classifier]} where code in (${sql.join(
        candidates.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
    const set = new Set(existing.rows.map((r) => r.code));
    cited = candidates.filter((c) => set.has(c));
  }

  let sectionNotes: NotesBlock | null = null;
  let chapterNotes: NotesBlock | null = null;
  if (classifier === "tnved") {
    const chapter = /^\d/.test(row.code) ? row.code.slice(0, 2) : null;
    const rows = await db.execute<{ code: string; name: string; name_lang: Lang; notes_ru: string | null; level: number }>(sql`
      select t.code, t.level, ${nameExpr(lang)} as name, ${nameLangExpr(lang)} as name_lang, t.notes_ru
      from tnved_codes t where t.code in (${row.section}, ${chapter ?? row.section}) and t.code <> ${row.code}`);
    for (const r of rows.rows) {
      if (!r.notes_ru) continue;
      const block = { code: r.code, name: r.name, nameLang: r.name_lang, text: r.notes_ru };
      if (r.level === 1) sectionNotes = block;
      else chapterNotes = block;
    }
  }

  return {
    ...toNode(classifier, row),
    nameRu: row.name_ru,
    nameRuFull: row.name_ru_full,
    edition: row.edition,
    validFrom: row.valid_from,
    path,
    children,
    notes: hasNotes ? { text: notesText, includes, excludes, lang: "ru" } : null,
    citedCodes: cited,
    sectionNotes,
    chapterNotes,
  };
}

/**
 * The canonical form of a code a person typed (`canonicalCode`); DomainError `invalid_code` (400)
 * when it cannot be a code of `classifier`.
 */
export function resolveCode(classifier: Classifier, raw: string): string {
  const code = canonicalCode(classifier, raw);
  if (!code) throw new DomainError("invalid_code", `"${raw}" is not a ${classifier === "okved" ? "OKVED2" : "TN VED"} code`);
  return code;
}

/**
 * A tree answer (contract/classifiers.ts `okvedTree`/`tnvedTree`): with `code`, that code's detail;
 * else the children of `parent`, or the sections. Codes are read as typed (resolveCode); an unknown
 * code or parent is a DomainError `not_found`.
 */
export async function classifierTree(
  db: Db,
  classifier: Classifier,
  query: { lang: Lang; code?: string; parent?: string },
): Promise<ClassifierNode[] | ClassifierNodeDetail> {
  if (query.code) {
    const node = await getNode(db, classifier, resolveCode(classifier, query.code), query.lang);
    if (!node) throw notFound(`Code ${query.code}`);
    return node;
  }
  const parent = query.parent ? resolveCode(classifier, query.parent) : null;
  const children = await listChildren(db, classifier, parent, query.lang);
  if (parent && children.length === 0 && !(await getNode(db, classifier, parent, query.lang))) throw notFound(`Code ${query.parent}`);
  return children;
}

const MAX_TOKENS = 8;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Lower-case word tokens of a query: letters and digits only, at most 8, each at most 40 characters. */
export function tokenize(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TOKENS).map((t) => t.slice(0, 40));
}

/**
 * tsquery text for `to_tsquery`: every token as a prefix, OR its official synonym phrase.
 * Tokens are letters/digits only, so no tsquery syntax can be injected.
 */
export function buildTsQuery(tokens: string[]): string {
  return tokens
    .filter((t) => !CJK.test(t) || synonymFor(t))
    .map((token) => {
      const synonym = synonymFor(token);
      const own = CJK.test(token) ? null : `${token}:*`;
      const alt = synonym
        ? `(${tokenize(synonym)
            .map((w) => `${w}:*`)
            .join(" & ")})`
        : null;
      return [own, alt].filter(Boolean).join(" | ");
    })
    .filter((part) => part.length > 0)
    .map((part) => `(${part})`)
    .join(" & ");
}

/**
 * Ranked search. `q` may be a code or code prefix (any spacing or dots: "8471 30", "62.01",
 * "A", "XVI"), or words: Russian/English morphology by full-text search, prefixes while typing,
 * Chinese by substring on the translated names, everyday words through synonyms, and spelling
 * mistakes corrected against the classifier's vocabulary when nothing matches as typed.
 */
export async function searchCodes(
  db: Db,
  classifier: Classifier,
  options: { q: string; lang: Lang; page: number; perPage: number },
): Promise<SearchResult> {
  const { q, lang, page, perPage } = options;
  const offset = (page - 1) * perPage;
  const code = parseCodeQuery(classifier, q);
  if (code) {
    const where =
      code.kind === "section" ? sql`t.code = ${code.code}` : sql`t.code_digits like ${`${code.digits}%`} and t.code_digits <> ''`;
    const order = code.kind === "digits" ? sql`(t.code_digits = ${code.digits}) desc, t.level, t.position` : sql`t.position`;
    const result = await db.execute<NodeRow & { total: number; context: string | null }>(sql`
      select ${nodeColumns(classifier, lang)}, ${contextExpr(classifier)} as context, count(*) over()::int as total
      from ${tables[classifier]} t where ${where} and t.abolished_at is null
      order by ${order} limit ${perPage} offset ${offset}`);
    return {
      items: result.rows.map((row) => ({
        ...toNode(classifier, row),
        highlights: [],
        codeMatch: code.kind === "digits" ? code.digits.length : 0,
        context: row.context,
      })),
      total: result.rows[0]?.total ?? 0,
      correctedQuery: null,
    };
  }

  const tokens = tokenize(q);
  if (tokens.length === 0) return { items: [], total: 0, correctedQuery: null };
  // Words that nothing in the classifier matches are corrected before searching, so a typo costs one
  // vocabulary lookup rather than a failed search first.
  const corrected = await correctSpelling(db, classifier, tokens);
  if (corrected) {
    const result = await wordSearch(db, classifier, corrected, lang, perPage, offset);
    if (result.total > 0) return { ...result, correctedQuery: corrected.join(" ") };
  }
  return { ...(await wordSearch(db, classifier, tokens, lang, perPage, offset)), correctedQuery: null };
}

function contextExpr(classifier: Classifier): SQL {
  return classifier === "tnved" ? sql.raw("case when t.level >= 4 then t.name_ru_full end") : sql.raw("null::text");
}

/** A `text[]` literal of bound parameters (drizzle would expand a JS array into a value list). */
function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

const HL_START = "\u0002";
const HL_STOP = "\u0003";

async function wordSearch(
  db: Db,
  classifier: Classifier,
  tokens: string[],
  lang: Lang,
  limit: number,
  offset: number,
): Promise<Omit<SearchResult, "correctedQuery">> {
  const tsQuery = buildTsQuery(tokens);
  const cjk = tokens.filter((t) => CJK.test(t)).map((t) => `%${t}%`);
  // Each condition selects codes on its own (GIN index for words, a scan of the few translated names
  // for Chinese): an OR inside one WHERE would stop PostgreSQL from using the GIN index.
  const branches: SQL[] = [];
  if (tsQuery) branches.push(sql`select code from ${tables[classifier]} t, q where t.search_vector @@ q.tsq`);
  if (cjk.length > 0) {
    branches.push(sql`select code from ${tables[classifier]} t where t.name_zh is not null and t.name_zh like all(${textArray(cjk)})`);
  }
  if (branches.length === 0) return { items: [], total: 0 };
  // Ranking and counting run over the matches; names, child counts and highlights only over one page.
  const result = await db.execute<NodeRow & { total: number; headline: string; context: string | null }>(sql`
    -- The russian configuration stems Cyrillic words with russian_stem and Latin words with english_stem,
    -- dropping the stop words of each language, so one tsquery serves both.
    with q as (select ${tsQuery ? sql`to_tsquery('russian', ${tsQuery})` : sql`''::tsquery`} as tsq),
    matched as (${sql.join(branches, sql` union `)}),
    hits as (
      select t.code, t.level, t.position,
        -- ts_rank (not ts_rank_cd): half the cost on common words, same length normalization.
        ${tsQuery ? sql`ts_rank(t.search_vector, q.tsq, 1)` : sql`1.0`} as rank,
        count(*) over()::int as total
      from matched m join ${tables[classifier]} t on t.code = m.code, q
      where t.abolished_at is null
      order by rank desc, t.level, t.position
      limit ${limit} offset ${offset}
    )
    select ${nodeColumns(classifier, lang)}, ${contextExpr(classifier)} as context, hits.rank, hits.total, ${
      tsQuery
        ? sql`ts_headline('russian', ${nameExpr(lang)}, q.tsq, ${`HighlightAll=true, StartSel=${HL_START}, StopSel=${HL_STOP}`})`
        : sql`${nameExpr(lang)}`
    } as headline
    from hits join ${tables[classifier]} t on t.code = hits.code, q
    order by hits.rank desc, hits.level, hits.position`);
  return {
    items: result.rows.map((row) => ({
      ...toNode(classifier, row),
      highlights: [...highlightRanges(row.headline), ...cjkRanges(row.name, tokens)],
      codeMatch: 0,
      context: row.context,
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

/** Ranges of the marked fragments in a `ts_headline` output built with the sentinel markers above. */
export function highlightRanges(headline: string): [number, number][] {
  const ranges: [number, number][] = [];
  let plain = 0;
  let start = -1;
  for (const ch of headline) {
    if (ch === HL_START) start = plain;
    else if (ch === HL_STOP) {
      if (start >= 0) ranges.push([start, plain]);
      start = -1;
    } else plain += ch.length;
  }
  return ranges;
}

function cjkRanges(name: string, tokens: string[]): [number, number][] {
  return tokens
    .filter((t) => CJK.test(t))
    .flatMap((t) => {
      const at = name.indexOf(t);
      return at >= 0 ? [[at, at + t.length] as [number, number]] : [];
    });
}

/**
 * Replaces every word that full-text search alone would not match (its stem starts no lexeme of the
 * classifier's index; stop words, which have no stem, count as known) with its nearest neighbour in the classifier's vocabulary:
 * the five nearest by trigram distance, read in index order (GiST KNN), the most frequent of equally
 * near ones, accepted above pg_trgm's default similarity threshold (0.3). Returns null when nothing
 * was replaced. Synonym keys and Chinese words are never corrected.
 */
async function correctSpelling(db: Db, classifier: Classifier, tokens: string[]): Promise<string[] | null> {
  const words = tokens.filter((t) => !CJK.test(t) && t.length >= 3 && /\p{L}/u.test(t) && !synonymFor(t));
  if (words.length === 0) return null;
  // The classifier is inlined (a fixed identifier, not user input) so the planner can match the
  // per-classifier partial GiST index.
  const which = sql.raw(`'${classifier}'`);
  const result = await db.execute<{ word: string; known: boolean; suggestion: string | null; similarity: number | null }>(sql`
    with w(word, known) as materialized (values ${sql.join(
      words.map(
        (word) => sql`(${word}::text, coalesce((
          -- A prefix as a byte range (text_pattern_ops): LIKE with a computed pattern cannot use the index.
          select bool_and(exists(select 1 from classifier_lexemes l where l.classifier = ${which}
            and l.lexeme ~>=~ x.lexeme and l.lexeme ~<~ (x.lexeme || chr(1114111))))
          from unnest(tsvector_to_array(to_tsvector('russian', ${word}))) as x(lexeme)), true))`,
      ),
      sql`, `,
    )})
    select w.word, w.known, s.term as suggestion, similarity(s.term, w.word) as similarity
    from w left join lateral (
      select n.term from (
        select k.term, k.documents, k.term <-> w.word as distance
        from classifier_terms k where k.classifier = ${which} and not w.known
        order by k.term <-> w.word limit 5
      ) n order by n.distance, n.documents desc limit 1
    ) s on true`);
  const replacements = new Map(
    result.rows.filter((r) => !r.known && r.suggestion && (r.similarity ?? 0) >= 0.3).map((r) => [r.word, r.suggestion!]),
  );
  if (replacements.size === 0) return null;
  return tokens.map((t) => replacements.get(t) ?? t);
}

/** Code counts and the edition of the last import of each classifier. */
export async function classifierStats(db: Db): Promise<ClassifierStats> {
  const result = await db.execute<{
    classifier: string;
    count: number;
    provisional: number;
    edition: string | null;
    imported_at: string | null;
  }>(sql`
    select 'okved' as classifier, count(*)::int as count, 0 as provisional,
      (select edition from classifier_imports where classifier = 'okved' order by id desc limit 1) as edition,
      (select finished_at::text from classifier_imports where classifier = 'okved' order by id desc limit 1) as imported_at
    from okved_codes where abolished_at is null
    union all
    select 'tnved', count(*)::int, count(*) filter (where provisional)::int,
      (select edition from classifier_imports where classifier = 'tnved' order by id desc limit 1),
      (select finished_at::text from classifier_imports where classifier = 'tnved' order by id desc limit 1)
    from tnved_codes where abolished_at is null`);
  const okved = result.rows.find((r) => r.classifier === "okved");
  const tnved = result.rows.find((r) => r.classifier === "tnved");
  return {
    okved: { edition: okved?.edition ?? null, count: okved?.count ?? 0, importedAt: okved?.imported_at ?? null },
    tnved: {
      edition: tnved?.edition ?? null,
      count: tnved?.count ?? 0,
      provisionalCount: tnved?.provisional ?? 0,
      importedAt: tnved?.imported_at ?? null,
    },
  };
}
