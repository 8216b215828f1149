/**
 * Bulk writes for the seed: one multi-row INSERT per table and batch, sending each column as ONE
 * array parameter (`insert … select * from unnest($1::int[], $2::jsonb[], …)`), which keeps the
 * statement small and the parameter count fixed however many rows there are. Every call is a
 * single statement: the embedded PGlite server takes no multi-statement queries.
 */
import type pg from "pg";

export type Client = Pick<pg.PoolClient, "query">;

export type ColumnType = "int" | "text" | "jsonb" | "numeric" | "timestamptz" | "boolean" | "double precision" | "smallint";

export type Column = readonly [name: string, type: ColumnType];

function encode(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (type === "jsonb") return JSON.stringify(value);
  if (type === "timestamptz") return value instanceof Date ? value.toISOString() : value;
  if (type === "numeric") return String(value as number | string);
  return value;
}

/** Inserts `rows` (values in the order of `columns`) into `table`. */
export async function insertRows(client: Client, table: string, columns: readonly Column[], rows: readonly unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map(([, type], c) => rows.map((row) => encode(row[c], type)));
  const names = columns.map(([name]) => name).join(", ");
  const casts = columns.map(([, type], c) => `$${c + 1}::${type}[]`).join(", ");
  await client.query(`insert into ${table} (${names}) select * from unnest(${casts})`, arrays);
}

/** Takes `count` ids from the serial sequence of `table.id`, to be written explicitly. */
export async function reserveIds(client: Client, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await client.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence($1, 'id'))::int as id from generate_series(1, $2::int)`,
    [table, count],
  );
  return rows.map((r) => r.id);
}
