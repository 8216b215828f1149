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

/**
 * Drops the secondary indexes of `tables` — every index that backs no constraint, so primary keys,
 * unique constraints and the foreign keys that need them stay and the load is still checked — and
 * answers their definitions (`pg_get_indexdef`) for `createIndexes` once the rows are in.
 * PostgreSQL's "Populating a Database" (§14.4.3, "Remove Indexes"): an index built over existing data
 * is faster to build than one updated row by row, and a GIN index built at once is smaller and
 * answers common words faster than one filled row by row (which is why the seed used to REINDEX the
 * full-text indexes after loading them row by row: the work was done twice). Run inside the load's
 * transaction: a failed load rolls the drop back with it. The tables are locked exclusively until
 * the commit.
 */
export async function dropSecondaryIndexes(client: Client, tables: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class t on t.oid = i.indrelid
      where t.relname = any($1::text[])
        and t.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
    [tables],
  );
  for (const { name } of rows) await client.query(`drop index ${name}`);
  return rows.map((r) => r.definition);
}

/**
 * Builds the indexes `definitions` (CREATE INDEX statements, as `dropSecondaryIndexes` answered
 * them), one statement each, with `maintenance_work_mem` raised for the transaction: a GIN build
 * over millions of rows spills to disk in many passes at the default 64 MB.
 */
export async function createIndexes(client: Client, definitions: readonly string[]): Promise<void> {
  if (definitions.length === 0) return;
  await client.query("set local maintenance_work_mem = '512MB'");
  for (const definition of definitions) await client.query(definition);
}
