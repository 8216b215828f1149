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

/** A foreign key of a bulk table: `tbl` and `name` as regclass and quote_ident give them, `definition` from pg_get_constraintdef. */
interface ForeignKey {
  tbl: string;
  name: string;
  definition: string;
}

/** A secondary index of a bulk table (one that backs no constraint), with its access method and table. */
interface SecondaryIndex {
  name: string;
  definition: string;
  gin: boolean;
  tbl: string;
}

/** The foreign keys and secondary indexes of `tables` in the current schema, what a bulk load drops and restores. */
async function bulkTableObjects(client: Client, tables: readonly string[]): Promise<{ keys: ForeignKey[]; indexes: SecondaryIndex[] }> {
  const { rows: keys } = await client.query<ForeignKey>(
    `select c.conrelid::regclass::text as tbl, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relname = any($1::text[]) and t.relnamespace = current_schema()::regnamespace
      order by 1, 2`,
    [tables],
  );
  const { rows: indexes } = await client.query<SecondaryIndex>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition,
            am.amname = 'gin' as gin, t.relname::text as tbl
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_class ic on ic.oid = i.indexrelid
       join pg_am am on am.oid = ic.relam
      where t.relname = any($1::text[])
        and t.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
    [tables],
  );
  return { keys, indexes };
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
  const { keys, indexes } = await bulkTableObjects(client, tables);
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

/**
 * The table a PostgreSQL bulk load keeps its way back in (ADR 059, second addendum): one row per
 * statement, `ord` ascending. `delete` rows remove what the load wrote (the rows above each table's
 * highest id before it); `index` and `constraint` rows re-create what `prepareBulkLoad` dropped
 * (`object` names the index, or the constraint as `table.name`). A row is deleted in the transaction
 * that restores its object, so the table always lists what is still missing; the table itself is
 * dropped when the load is complete. Left behind by a killed seed, it is what `recoverBulkLoad` runs.
 */
export const RESTORE_TABLE = "seed_bulk_load_restore";

/** One restore step of a PostgreSQL bulk load (a row of RESTORE_TABLE). */
export interface RestoreStep {
  ord: number;
  kind: "delete" | "index" | "constraint";
  /** The index (`name`) or the constraint (`table.name`, both as `quote_ident` gives them); null for a delete. */
  object: string | null;
  statement: string;
}

/** An advisory lock key ("seedbulk") held while a bulk load is prepared or recovered: two processes never undo one load at once. */
const RESTORE_LOCK_KEY = 0x7365_6564_6275_6c6bn;

/**
 * The committed first step of a PostgreSQL bulk load over several connections: in ONE transaction on
 * `client` (which must be outside a transaction), creates RESTORE_TABLE, stores `deletes` (what undoes
 * the load's rows, run first on a failure) and the definitions of the bulk tables' foreign keys and
 * secondary indexes, and drops those keys and indexes — so either everything is dropped and
 * recorded or nothing is. Answers the index and constraint steps for `restoreInParallel`.
 * Throws if RESTORE_TABLE exists (an interrupted load: `recoverBulkLoad` first).
 */
export async function prepareBulkLoad(client: Client, tables: readonly string[], deletes: readonly string[]): Promise<RestoreStep[]> {
  await client.query("begin");
  try {
    await client.query("select pg_advisory_xact_lock($1)", [RESTORE_LOCK_KEY.toString()]);
    await client.query(`create table ${RESTORE_TABLE} (ord int not null, kind text not null, object text, statement text not null)`);
    const { keys, indexes } = await bulkTableObjects(client, tables);
    // Longest builds first, so two connections finish together: the GIN (full-text) indexes, then the
    // indexes of the tables with the most rows (a product has ≈ 2.5 price tiers, variants and pictures).
    const weight = (index: (typeof indexes)[number]) =>
      (index.gin ? 100 : 0) + (index.tbl === "products" ? 10 : index.tbl.startsWith("product_") ? 5 : 0);
    indexes.sort((a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name));
    const steps: RestoreStep[] = [
      ...deletes.map((statement) => ({ kind: "delete" as const, object: null, statement })),
      ...indexes.map((i) => ({ kind: "index" as const, object: i.name, statement: i.definition })),
      // Foreign keys after the indexes: a key's check joins on them.
      ...keys.map((k) => ({
        kind: "constraint" as const,
        object: `${k.tbl}.${k.name}`,
        statement: `alter table ${k.tbl} add constraint ${k.name} ${k.definition}`,
      })),
    ].map((step, ord) => ({ ...step, ord }));
    await client.query(
      `insert into ${RESTORE_TABLE} (ord, kind, object, statement) select * from unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      [steps.map((s) => s.ord), steps.map((s) => s.kind), steps.map((s) => s.object), steps.map((s) => s.statement)],
    );
    for (const key of keys) await client.query(`alter table ${key.tbl} drop constraint ${key.name}`);
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    await client.query("commit");
    return steps.filter((s) => s.kind !== "delete");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/** `maintenance_work_mem` for an index build or a key's check over millions of rows (a GIN build spills to disk in many passes at the default 64 MB). */
const BUILD_MEMORY = "512MB";

/** Runs one restore step and deletes its row in the same transaction (so a crash never restores twice or skips one). */
async function runStep(client: Client, step: RestoreStep): Promise<void> {
  await client.query("begin");
  try {
    await client.query(`set local maintenance_work_mem = '${BUILD_MEMORY}'`);
    await client.query(step.statement);
    await client.query(`delete from ${RESTORE_TABLE} where ord = $1`, [step.ord]);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/**
 * After a successful load (every load transaction committed): builds the dropped indexes over
 * `clients` in parallel — each CREATE INDEX is one backend, so two connections keep two cores busy;
 * the next statement goes to whichever connection is free, longest first — then adds the foreign
 * keys on the first connection (each takes a SHARE ROW EXCLUSIVE lock on both its tables, and every
 * large one involves `products`, so they would only queue behind each other), then drops
 * RESTORE_TABLE. `onStep(kind, done, total)` reports progress. An error leaves the remaining steps in
 * RESTORE_TABLE for `recoverBulkLoad`.
 */
export async function restoreInParallel(
  clients: readonly Client[],
  steps: readonly RestoreStep[],
  onStep?: (kind: "index" | "constraint", done: number, total: number) => void,
): Promise<void> {
  const indexes = steps.filter((s) => s.kind === "index");
  let next = 0;
  let failed = false;
  let done = 0;
  const results = await Promise.allSettled(
    clients.map(async (client) => {
      while (!failed && next < indexes.length) {
        const step = indexes[next++]!;
        try {
          await runStep(client, step);
        } catch (error) {
          failed = true;
          throw error;
        }
        onStep?.("index", ++done, indexes.length);
      }
    }),
  );
  const rejected = results.find((r) => r.status === "rejected");
  if (rejected) throw rejected.reason;
  const keys = steps.filter((s) => s.kind === "constraint");
  for (const [i, step] of keys.entries()) {
    await runStep(clients[0]!, step);
    onStep?.("constraint", i + 1, keys.length);
  }
  await clients[0]!.query(`drop table ${RESTORE_TABLE}`);
}

/** What `recoverBulkLoad` did: the delete statements run and the indexes and keys re-created. */
export interface Recovery {
  deleted: number;
  restored: number;
}

/**
 * Undoes an unfinished PostgreSQL bulk load recorded in RESTORE_TABLE — a failed one (called by the
 * seed itself, after rolling its transactions back) or one whose process was killed (called by the
 * next seed, `npm run seed:demo`, and the server's start): runs the `delete` statements (the rows
 * above the marks), then re-creates each index and key that does not exist, then drops the table;
 * under an advisory lock, so processes starting together recover once. Answers null when there was
 * nothing to recover. The load's own connections must have ended their transactions first (a CREATE
 * INDEX waits for their locks).
 */
export async function recoverBulkLoad(pool: Pick<pg.Pool, "connect">): Promise<Recovery | null> {
  const client = await pool.connect();
  try {
    const exists = async () =>
      (await client.query<{ exists: boolean }>(`select to_regclass($1) is not null as exists`, [RESTORE_TABLE])).rows[0]!.exists;
    if (!(await exists())) return null;
    await client.query("select pg_advisory_lock($1)", [RESTORE_LOCK_KEY.toString()]);
    try {
      if (!(await exists())) return null;
      const { rows } = await client.query<RestoreStep>(`select ord, kind, object, statement from ${RESTORE_TABLE} order by ord`);
      const recovery: Recovery = { deleted: 0, restored: 0 };
      for (const step of rows.filter((s) => s.kind === "delete")) {
        await client.query(step.statement);
        recovery.deleted++;
      }
      for (const step of rows.filter((s) => s.kind !== "delete")) {
        const { rows: present } = await client.query<{ present: boolean }>(
          step.kind === "index"
            ? `select to_regclass($1) is not null as present`
            : `select exists (select 1 from pg_constraint where conrelid = to_regclass(split_part($1, '.', 1))
                 and quote_ident(conname) = substr($1, length(split_part($1, '.', 1)) + 2)) as present`,
          [step.object],
        );
        if (present[0]!.present) await client.query(`delete from ${RESTORE_TABLE} where ord = $1`, [step.ord]);
        else await runStep(client, step);
        recovery.restored++;
      }
      await client.query(`drop table ${RESTORE_TABLE}`);
      return recovery;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [RESTORE_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}
