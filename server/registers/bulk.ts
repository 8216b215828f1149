/**
 * The bulk load of a first SME snapshot into an empty installation (issue 30 §1, ADR 044 addendum
 * "a first snapshot in bulk"): what PostgreSQL's "Populating a Database" (§14.4) and ADR 059's seed
 * do, spread over the import's committed batches so that a crash still resumes.
 *
 * - `beginBulkLoad(client, runId)` — only when the directory is empty (no company, no register
 *   entry: nobody can be searching it) and the server takes COPY: in one committed transaction,
 *   drops the foreign keys that companies, legal_entities, company_okved_codes and register_entries
 *   hold and their secondary indexes that register rows enter, and stores the statements that
 *   restore them on the run (`register_runs.bulk_restore`), and switches off the triggers whose work
 *   the COPY does itself (PAUSED_TRIGGERS; switched on again by the restore). Kept: primary keys and unique indexes
 *   (a taxpayer is still added once, checked by the server) and the partial indexes a register row
 *   never enters (platform companies, unpublished ones, the moderation queue: they cost nothing
 *   per row and answer the platform's own pages and the import's joined-company lookup). Answers
 *   false, changing nothing, when the directory is not empty or the tables are busy.
 * - `restoreBulkLoads(clients)` — runs the stored statements of every run that has them, on one or
 *   two connections at once, each statement on its own and skipped when what it restores exists
 *   (a crash in between leaves the rest, and the next import runs it), then clears `bulk_restore`
 *   and runs ANALYZE. Called at the end of the bulk run, when it fails while
 *   its process lives, and at the start of every import (a run killed mid-load leaves them pending).
 *
 * PGlite (`copySupported` false: its socket takes no COPY FROM STDIN) keeps the per-row path.
 */
import type pg from "pg";

/** The tables a register import writes new companies into. */
export const BULK_TABLES = ["companies", "legal_entities", "company_okved_codes", "register_entries"] as const;

/**
 * Secondary indexes kept live during a bulk load: partial indexes whose predicate a register
 * company (published, origin `register`) never satisfies, so no register row costs them anything.
 */
const KEPT_INDEXES = [
  "companies_platform_list_idx",
  "companies_platform_search_idx",
  "companies_unpublished_idx",
  "companies_review_idx",
  // Companies outside Russia: the registers are Russian (every register row is `country = 'RU'`).
  "companies_foreign_list_idx",
];

/**
 * Triggers switched off during a bulk load: the OKVED codes' mirror on the company's row (migration
 * 0039, ADR 075), which the bulk load's COPY of companies writes itself. Left on, it looked up every new
 * company's codes to find nothing to change: the 1,000,000-entry import took 77 → 142 s.
 */
const PAUSED_TRIGGERS = [["company_okved_codes", "company_okved_codes_mirror_insert"]] as const;

/** How long the drops wait for a table in use before the import takes the per-row path instead. */
const LOCK_TIMEOUT = "5s";

/** True when the server behind `client` takes COPY FROM STDIN from pg (PostgreSQL, not PGlite's socket). */
export async function copySupported(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ v: string }>("select version() as v");
  return !/pglite|emscripten/i.test(rows[0]!.v);
}

/** See the module's comment. Runs its own transaction on `client` (no transaction may be open). */
export async function beginBulkLoad(client: pg.PoolClient, runId: number): Promise<boolean> {
  await client.query("begin");
  try {
    await client.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
    await client.query(`lock table ${BULK_TABLES.join(", ")} in access exclusive mode`);
    const { rows } = await client.query<{ used: boolean }>(
      "select exists (select 1 from companies) or exists (select 1 from register_entries) as used",
    );
    if (rows[0]!.used) {
      await client.query("rollback");
      return false;
    }
    const { rows: keys } = await client.query<{ tbl: string; name: string; definition: string }>(
      `select c.conrelid::regclass::text as tbl, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
         from pg_constraint c join pg_class t on t.oid = c.conrelid
        where c.contype = 'f' and t.relname = any($1::text[]) and t.relnamespace = current_schema()::regnamespace
        order by 1, 2`,
      [BULK_TABLES],
    );
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
        where t.relname = any($1::text[]) and t.relnamespace = current_schema()::regnamespace
          and not i.indisunique and x.relname <> all($2::text[])
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        order by 1`,
      [BULK_TABLES, KEPT_INDEXES],
    );
    for (const key of keys) await client.query(`alter table ${key.tbl} drop constraint ${key.name}`);
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    for (const [table, trigger] of PAUSED_TRIGGERS) await client.query(`alter table ${table} disable trigger ${trigger}`);
    // Indexes first: re-adding a foreign key checks every row in one join, which uses them.
    const restore = [
      ...indexes.map((i) => i.definition),
      ...keys.map((k) => `alter table ${k.tbl} add constraint ${k.name} ${k.definition}`),
      ...PAUSED_TRIGGERS.map(([table, trigger]) => `alter table ${table} enable trigger ${trigger}`),
    ];
    await client.query("update register_runs set bulk_restore = $2::jsonb where id = $1", [runId, JSON.stringify(restore)]);
    await client.query("commit");
    return true;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    // Tables in use (a lock not granted within LOCK_TIMEOUT): the per-row path, indexes untouched.
    if ((error as { code?: string }).code === "55P03") return false;
    throw error;
  }
}

/**
 * See the module's comment; `clients`: the connections to rebuild on (the first also reads and
 * clears the runs; with two, two indexes are built at once — one GIN build uses one core);
 * `except`: a run left as it is (the one being resumed, which goes on loading in bulk). Each
 * statement commits on its own and is skipped when what it restores exists already, so a restore
 * cut short by a crash is finished by the next. Answers the ids of the runs restored.
 */
export async function restoreBulkLoads(clients: pg.PoolClient | pg.PoolClient[], except?: number): Promise<number[]> {
  const list = Array.isArray(clients) ? clients : [clients];
  const { rows } = await list[0]!.query<{ id: number; bulk_restore: string[] }>(
    "select id, bulk_restore from register_runs where bulk_restore is not null and id is distinct from $1 order by id",
    [except ?? null],
  );
  for (const run of rows) {
    const queue = [...run.bulk_restore];
    const done = await Promise.allSettled(
      list.map(async (client) => {
        // A GIN build over millions of rows spills to disk in many passes at the default 64 MB.
        await client.query("set maintenance_work_mem = '512MB'");
        try {
          for (let statement = queue.shift(); statement !== undefined; statement = queue.shift())
            if (!(await restored(client, statement))) await client.query(statement);
        } finally {
          await client.query("reset maintenance_work_mem").catch(() => {});
        }
      }),
    );
    const failed = done.find((d) => d.status === "rejected");
    if (failed) throw failed.reason;
    await list[0]!.query("update register_runs set bulk_restore = null where id = $1", [run.id]);
  }
  // Planner statistics for tables that grew from nothing: autovacuum would take them later, and
  // not at all where it is off (as on the benchmark's server).
  if (rows.length > 0) await list[0]!.query(`analyze ${BULK_TABLES.join(", ")}`);
  return rows.map((r) => r.id);
}

/** Whether what a restore statement (an index definition, a foreign key added, a trigger enabled) makes exists already. */
async function restored(client: pg.PoolClient, statement: string): Promise<boolean> {
  const index = /^CREATE (?:UNIQUE )?INDEX (\S+) ON /.exec(statement);
  if (index) return (await client.query<{ ok: boolean }>("select to_regclass($1) is not null as ok", [index[1]])).rows[0]!.ok;
  const trigger = /^alter table (\S+) enable trigger (\S+)$/.exec(statement);
  if (trigger) {
    const { rows } = await client.query<{ ok: boolean }>(
      "select exists (select 1 from pg_trigger where tgrelid = $1::regclass and tgname = $2 and tgenabled <> 'D') as ok",
      [trigger[1], trigger[2]],
    );
    return rows[0]!.ok;
  }
  const key = /^alter table (\S+) add constraint (\S+) /.exec(statement);
  if (!key) throw new Error(`not a restore statement: ${statement.slice(0, 80)}`);
  const { rows } = await client.query<{ ok: boolean }>(
    "select exists (select 1 from pg_constraint where conrelid = $1::regclass and quote_ident(conname) = $2) as ok",
    [key[1], key[2]],
  );
  return rows[0]!.ok;
}
