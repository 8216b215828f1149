/**
 * Idempotent import of OKVED2 and TN VED EAEU into the database.
 *
 * For each classifier, in one transaction: diff the source against the stored rows, upsert only the
 * rows whose content differs, mark codes missing from the source as abolished (they are kept: companies
 * and products may cite them), rebuild the spelling vocabulary if anything changed, and record the run
 * in `classifier_imports` with its change report `{ [level]: { added, renamed, removed } }`.
 * A second run over the same files writes nothing but the run record and reports no changes.
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { classifierImports, classifierLexemes, classifierTerms, okvedCodes, tnvedCodes } from "#server/db/schema.ts";
import { readOkved, readTnved, type ClassifierSource, type OkvedRow, type TnvedRow } from "./sources.ts";

export type ClassifierId = "okved" | "tnved";

export interface LevelChanges {
  added: number;
  renamed: number;
  removed: number;
}

export interface ImportReport {
  classifier: ClassifierId;
  edition: string;
  rows: number;
  /** Rows inserted or updated (including changes of English/Chinese names or notes). */
  written: number;
  changes: Record<string, LevelChanges>;
  /** True when this run changed nothing. */
  unchanged: boolean;
  firstImport: boolean;
  durationMs: number;
}

export interface ImportProgress {
  classifier: ClassifierId;
  done: number;
  total: number;
}

const BATCH = 1000;

interface TableSpec<Row> {
  id: ClassifierId;
  table: PgTable & { code: PgColumn; level: PgColumn; nameRu: PgColumn; abolishedAt: PgColumn };
  read: (dir: string) => Promise<ClassifierSource<Row>>;
  /** Columns compared to decide whether a stored row must be rewritten. */
  compared: string[];
}

/** The tree columns every classifier has (schema.ts `classifierTree`), compared on every import. */
const TREE_COLUMNS = ["section", "level", "parent_code", "is_leaf", "position"];

const okvedSpec: TableSpec<OkvedRow> = {
  id: "okved",
  table: okvedCodes,
  read: readOkved,
  compared: [...TREE_COLUMNS, "name_ru", "name_en", "name_zh", "notes_ru", "includes_ru", "excludes_ru"],
};

const tnvedSpec: TableSpec<TnvedRow> = {
  id: "tnved",
  table: tnvedCodes,
  read: readTnved,
  compared: [
    ...TREE_COLUMNS,
    "indent",
    "name_ru",
    "name_ru_full",
    "name_en",
    "name_zh",
    "notes_ru",
    "valid_from",
    "edition",
    "provisional",
  ],
};

/** Imports both classifiers from `dataDir`; `onProgress` is called after every batch. */
export async function importClassifiers(db: Db, dataDir: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportReport[]> {
  // Read both sources first so that a broken file stops the run before anything is written.
  const [okved, tnved] = await Promise.all([okvedSpec.read(dataDir), tnvedSpec.read(dataDir)]);
  return [await importOne(db, okvedSpec, okved, onProgress), await importOne(db, tnvedSpec, tnved, onProgress)];
}

async function importOne<Row extends { code: string; level: number; nameRu: string }>(
  db: Db,
  spec: TableSpec<Row>,
  source: ClassifierSource<Row>,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const startedAt = new Date();
  const { table } = spec;
  return db.transaction(async (tx) => {
    const stored = await tx
      .select({ code: table.code, level: table.level, nameRu: table.nameRu, abolishedAt: table.abolishedAt })
      .from(table);
    const storedByCode = new Map(stored.map((row) => [row.code as string, row]));
    const changes: Record<string, LevelChanges> = {};
    const bump = (level: number, key: keyof LevelChanges) => {
      const entry = (changes[String(level)] ??= { added: 0, renamed: 0, removed: 0 });
      entry[key] += 1;
    };

    const incoming = new Set<string>();
    for (const row of source.rows) {
      incoming.add(row.code);
      const old = storedByCode.get(row.code);
      if (!old || old.abolishedAt) bump(row.level, "added");
      else if (old.nameRu !== row.nameRu) bump(row.level, "renamed");
    }
    const removed = stored.filter((row) => !row.abolishedAt && !incoming.has(row.code as string));
    for (const row of removed) bump(row.level as number, "removed");

    let written = 0;
    const setClause: Record<string, SQL> = { updatedAt: sql`now()`, abolishedAt: sql`null` };
    for (const [key, column] of Object.entries(table)) {
      if (spec.compared.includes((column as PgColumn).name)) setClause[key] = sql.raw(`excluded.${(column as PgColumn).name}`);
    }
    const distinct = sql.raw(
      `(${spec.compared.map((c) => `"${spec.id}_codes"."${c}"`).join(", ")}) is distinct from (${spec.compared
        .map((c) => `excluded."${c}"`)
        .join(", ")}) or "${spec.id}_codes"."abolished_at" is not null`,
    );
    for (let i = 0; i < source.rows.length; i += BATCH) {
      const batch = source.rows.slice(i, i + BATCH);
      const result = await tx
        .insert(table)
        .values(batch as never)
        .onConflictDoUpdate({ target: table.code, set: setClause, setWhere: distinct })
        .returning({ code: table.code });
      written += result.length;
      onProgress?.({ classifier: spec.id, done: Math.min(i + BATCH, source.rows.length), total: source.rows.length });
    }
    if (removed.length > 0) {
      await tx
        .update(table)
        .set({ abolishedAt: sql`now()`, updatedAt: sql`now()` } as never)
        .where(
          and(
            inArray(
              table.code,
              removed.map((r) => r.code as string),
            ),
            isNull(table.abolishedAt),
          ),
        );
    }

    const [vocabulary] = await tx
      .select({
        terms: sql<number>`(select count(*)::int from ${classifierTerms} where ${classifierTerms.classifier} = ${spec.id})`,
        lexemes: sql<number>`(select count(*)::int from ${classifierLexemes} where ${classifierLexemes.classifier} = ${spec.id})`,
      })
      .from(sql`(select 1) as one`);
    if (written > 0 || removed.length > 0 || !vocabulary?.terms || !vocabulary.lexemes) {
      await rebuildTerms(tx as unknown as Db, spec.id);
      // Fresh statistics after a bulk write, or the planner keeps choosing scans over the new indexes.
      await tx.execute(sql.raw(`analyze ${spec.id}_codes, classifier_terms, classifier_lexemes`));
    }

    await tx.insert(classifierImports).values({
      classifier: spec.id,
      edition: source.edition,
      source: source.source,
      rowCount: source.rows.length,
      changes,
      startedAt,
    });
    return {
      classifier: spec.id,
      edition: source.edition,
      rows: source.rows.length,
      written,
      changes,
      unchanged: written === 0 && removed.length === 0,
      firstImport: stored.length === 0,
      durationMs: Date.now() - startedAt.getTime(),
    };
  });
}

/**
 * Rebuilds one classifier's spelling vocabulary: its names' words of 3+ letters (suggestions) and
 * the lexemes of its full-text index (the "is this word known?" check).
 */
async function rebuildTerms(db: Db, classifier: ClassifierId): Promise<void> {
  await db.delete(classifierTerms).where(eq(classifierTerms.classifier, classifier));
  await db.delete(classifierLexemes).where(eq(classifierLexemes.classifier, classifier));
  const table = classifier === "okved" ? "okved_codes" : "tnved_codes";
  await db.execute(sql`
    insert into classifier_lexemes (classifier, lexeme)
    select ${classifier}, word from ts_stat(${`select search_vector from ${table} where abolished_at is null`})`);
  await db.execute(sql`
    insert into classifier_terms (classifier, term, documents)
    select ${classifier}, word, ndoc from ts_stat(${`select to_tsvector('simple', name_ru || ' ' || coalesce(name_en, '')) from ${table} where abolished_at is null`})
    where length(word) >= 3 and word !~ '^[0-9]+$'`);
}
