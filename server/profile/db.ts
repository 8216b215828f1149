/**
 * Types and helpers for code that runs both on the database and inside a transaction.
 * PGlite's pool has ONE connection: inside `db.transaction(tx => …)` every query must go through
 * `tx`, never `db`, or the request waits for itself.
 */
import type { PgDatabase } from "drizzle-orm/pg-core";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type * as schema from "../db/schema.ts";

/** The database or an open transaction on it. */
export type Queryable = PgDatabase<NodePgQueryResultHKT, typeof schema>;

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
