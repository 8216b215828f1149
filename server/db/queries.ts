/**
 * Types and helpers for code that runs both on the database and inside a transaction.
 * PGlite's pool has ONE connection: inside `db.transaction(tx => …)` every query must go through
 * `tx`, never `db`, or the request waits for itself.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgDatabase, PgTable } from "drizzle-orm/pg-core";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type * as schema from "./schema.ts";
import { notFound } from "../errors.ts";

/** The database or an open transaction on it. */
export type Queryable = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/**
 * One page of `table`'s rows matching `where` (all rows when undefined), in `order`: page `page`
 * (1-based) of `perPage` rows, and `total`, how many rows match in all.
 */
export async function pageOfTable<T extends PgTable>(
  db: Queryable,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  perPage: number,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [counted] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return { rows: rows as T["$inferSelect"][], total: counted?.n ?? 0 };
}

/** The rows of `table` whose ids are in `ids` (at least one), keyed by id; an id without a row has no entry. */
export async function rowsById<T extends PgTable & { id: PgColumn }>(
  db: Queryable,
  table: T,
  ids: number[],
): Promise<Map<number, T["$inferSelect"]>> {
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(inArray(table.id, ids))) as (T["$inferSelect"] & { id: number })[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** True when `table` has no row at all. */
export async function tableIsEmpty(db: Queryable, table: PgTable): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .limit(1);
  return rows.length === 0;
}

/** True for a PostgreSQL unique violation (23505), optionally of the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === "23505" && (!constraint || e.constraint === constraint)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * The row of `table` whose integer primary key is `id`. `within` is a further condition the row must
 * meet (that it belongs to the caller's company, say): a row that fails it is not found either, so an
 * answer never tells another company's record from an unknown one. With `forUpdate` the row stays
 * locked until the end of the transaction `db` belongs to (`select … for update`). Throws 404 `not_found`
 * ("`what` not found", `what` naming the kind of record: "Story", "Legal entity") when there is none.
 */
export async function rowById<T extends PgTable & { id: PgColumn }>(
  db: Queryable,
  table: T,
  id: number,
  what: string,
  options: { within?: SQL; forUpdate?: boolean } = {},
): Promise<T["$inferSelect"]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(options.within ? and(eq(table.id, id), options.within) : eq(table.id, id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(what);
  return row as T["$inferSelect"];
}
