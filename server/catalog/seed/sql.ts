/**
 * Bulk writes for the seed: one multi-row INSERT per table and batch, sending each column as ONE
 * array parameter (`insert … select * from unnest($1::int[], $2::jsonb[], …)`), which keeps the
 * statement small and the parameter count fixed however many rows there are. Every call is a
 * single statement: the embedded PGlite server takes no multi-statement queries.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

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

/** A value in COPY's text format (PostgreSQL docs, COPY, "Text Format"): `\\N` for NULL, backslash escapes. */
function copyText(value: unknown, type: ColumnType): string {
  const encoded = encode(value, type);
  if (encoded === null) return "\\N";
  const text = typeof encoded === "boolean" ? (encoded ? "t" : "f") : String(encoded as string | number);
  return text.replace(/[\\\n\r\t]/g, (c) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t"));
}

/**
 * `insertRows` through `COPY … FROM STDIN` (pg-copy-streams), for PostgreSQL: the server parses no
 * arrays and runs no executor per statement, which makes a 10,000,000-product load a fraction of the
 * unnest INSERT's time. `client` must be a real pg client (PGlite's socket takes no COPY: use
 * `insertRows` there).
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly Column[],
  rows: readonly unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  await copyEncoded(client, table, columns, copyLines(columns, rows));
}

/** `rows` as COPY text: one line per row, columns separated by tabs (what `copyRows` sends). */
export function copyLines(columns: readonly Column[], rows: readonly unknown[][]): string {
  return rows.map((row) => columns.map(([, type], c) => copyText(row[c], type)).join("\t") + "\n").join("");
}

/**
 * Sends rows already encoded as COPY text (`copyLines`, or copy-text.ts for products, possibly
 * UTF-8 bytes from a worker thread) to `table` through `COPY … FROM STDIN`. Nothing is sent for
 * an empty chunk.
 */
export async function copyEncoded(
  client: pg.PoolClient,
  table: string,
  columns: readonly Column[],
  chunk: string | Uint8Array,
): Promise<void> {
  if (chunk.length === 0) return;
  const names = columns.map(([name]) => name).join(", ");
  const data = typeof chunk === "string" ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  await pipeline(Readable.from([data]), client.query(copyFrom(`copy ${table} (${names}) from stdin`)));
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
 * Drops what slows a bulk load of `tables` and answers the statements that restore it, for
 * `restoreAfterBulkLoad` once the rows are in: the foreign keys these tables hold (each row's check
 * is a trigger; re-adding the constraint checks all rows in one join) and their secondary indexes —
 * every index that backs no constraint, so primary keys and unique constraints stay and the load is
 * still checked. PostgreSQL's "Populating a Database" (§14.4.3–14.4.4, "Remove Indexes", "Remove
 * Foreign Key Constraints"): an index built over existing data is faster to build than one updated
 * row by row, and a GIN index built at once is smaller and answers common words faster than one
 * filled row by row (which is why the seed used to REINDEX its full-text indexes: the work was done
 * twice). Run inside the load's transaction: a failed load rolls the drops back with it. The tables
 * are locked exclusively until the commit.
 */
export async function dropForBulkLoad(client: Client, tables: readonly string[]): Promise<string[]> {
  const { rows: keys } = await client.query<{ tbl: string; name: string; definition: string }>(
    `select c.conrelid::regclass::text as tbl, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relname = any($1::text[]) and t.relnamespace = current_schema()::regnamespace
      order by 1, 2`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class t on t.oid = i.indrelid
      where t.relname = any($1::text[])
        and t.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
    [tables],
  );
  for (const key of keys) await client.query(`alter table ${key.tbl} drop constraint ${key.name}`);
  for (const { name } of indexes) await client.query(`drop index ${name}`);
  // Indexes first: a foreign key's check joins on them.
  return [...indexes.map((i) => i.definition), ...keys.map((k) => `alter table ${k.tbl} add constraint ${k.name} ${k.definition}`)];
}

/**
 * Runs the statements `dropForBulkLoad` answered, one each, with `maintenance_work_mem` raised for
 * the transaction: a GIN build over millions of rows spills to disk in many passes at the default
 * 64 MB.
 */
export async function restoreAfterBulkLoad(client: Client, statements: readonly string[]): Promise<void> {
  if (statements.length === 0) return;
  await client.query("set local maintenance_work_mem = '512MB'");
  for (const statement of statements) await client.query(statement);
}
