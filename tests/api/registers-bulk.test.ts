/**
 * The bulk load of a first SME snapshot (server/registers/bulk.ts, ADR 044 addendum "a first snapshot
 * in bulk"). On PostgreSQL, in fresh databases holding only the classifiers and regions (an empty
 * directory): a real sample archive loaded in bulk gives exactly the rows the per-row path gives
 * (companies with their full-text vectors, legal entities, OKVED activities, register entries) and
 * the same indexes and constraints afterwards; a later archive into the now non-empty directory
 * keeps its indexes (per-row path); a crash in the middle of a bulk load leaves the run resumable
 * and the resume finishes with the same rows and every index and key back; and a crashed bulk load's
 * indexes come back with the next import of any archive (also when a crash cut its restore short). On PGlite (no COPY) the per-row path runs.
 */
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { copySupported } from "#server/registers/bulk.ts";
import { importRegisterFile, SimulatedCrash } from "#server/registers/import.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { createPostgresDatabase, dropPostgresDatabase, makeTempDataDir, removeDir } from "../support/databases.ts";

let api: TestApi;
let tmp: string;
const opened: { database: Database; name: string }[] = [];
const original = (name: string) => path.join(api.dataDir, "companies", "original", name);

beforeAll(async () => {
  api = await openTestApi();
  tmp = makeTempDataDir("postavka-registers-bulk-");
});

afterAll(async () => {
  for (const { database, name } of opened) {
    await database.close();
    await dropPostgresDatabase(name).catch(() => {});
  }
  removeDir(tmp);
  await api.close();
});

/** A fresh PostgreSQL database, migrated, with the test database's OKVED codes and regions: an empty directory. */
async function emptyDirectory(): Promise<pg.Pool> {
  const created = await createPostgresDatabase("regimport_bulk");
  const database = await openDatabase({ databaseUrl: created.url, dataDir: tmp, poolMax: 2 });
  opened.push({ database, name: created.name });
  for (const table of ["okved_codes", "regions"]) {
    const columns = (
      await api.database.pool.query<{ c: string }>(
        "select quote_ident(column_name) as c from information_schema.columns where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' and generation_expression is null order by ordinal_position",
        [table],
      )
    ).rows
      .map((r) => r.c)
      .join(", ");
    const { rows } = await api.database.pool.query<{ data: unknown }>(
      `select json_agg(t) as data from (select ${columns} from ${table}) t`,
    );
    await database.pool.query(`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1)`, [
      JSON.stringify(rows[0]!.data),
    ]);
  }
  return database.pool;
}

/**
 * Every row an SME import writes, as JSON without the write times, each keyed by its taxpayer's INN
 * instead of the surrogate ids (a crashed batch used up sequence values, as a killed process does).
 */
async function snapshot(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, query] of [
    [
      "companies",
      `select to_jsonb(c) - 'id' - 'created_at' - 'updated_at' || jsonb_build_object('inn', le.inn) as row
         from companies c join legal_entities le on le.company_id = c.id order by le.inn`,
    ],
    [
      "legal_entities",
      `select to_jsonb(le) - 'id' - 'company_id' - 'created_at' - 'updated_at' as row from legal_entities le order by le.inn`,
    ],
    [
      "company_okved_codes",
      `select to_jsonb(o) - 'company_id' || jsonb_build_object('inn', le.inn) as row
         from company_okved_codes o join legal_entities le on le.company_id = o.company_id order by le.inn, o.okved_code`,
    ],
    [
      "register_entries",
      `select to_jsonb(e) - 'company_id' - 'created_at' - 'updated_at' || jsonb_build_object('company_inn', le.inn) as row
         from register_entries e left join legal_entities le on le.company_id = e.company_id order by e.inn`,
    ],
    ["register_changes", `select to_jsonb(h) - 'id' - 'created_at' as row from register_changes h order by h.inn, h.run_id, h.kind`],
  ] as const) {
    const { rows } = await pool.query<{ row: unknown }>(query);
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

/** Index, constraint and trigger definitions (a trigger: whether it is on) of the tables a bulk load touches, and of the tables they reference. */
async function definitions(pool: pg.Pool): Promise<unknown[]> {
  const { rows } = await pool.query(
    `select 'index' as kind, indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema()
     union all
     select 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid) || case when convalidated then '' else ' (not validated)' end
       from pg_constraint where connamespace = current_schema()::regnamespace
     union all
     select 'trigger', tgrelid::regclass::text || '.' || tgname, tgenabled::text from pg_trigger where not tgisinternal
     order by 1, 2`,
  );
  return rows;
}

describe("a first SME snapshot loaded in bulk", () => {
  test("gives the rows and the indexes the per-row path gives; a later archive keeps the indexes", async (context) => {
    const client = await api.database.pool.connect();
    try {
      // PGlite's socket takes no COPY: the per-row path there, whatever the size.
      expect(await copySupported(client)).toBe(api.engine === "postgres");
    } finally {
      client.release();
    }
    if (api.engine !== "postgres") return context.skip();
    const perRow = await emptyDirectory();
    const bulk = await emptyDirectory();
    const definitionsBefore = await definitions(bulk);
    const a = await importRegisterFile(perRow, original("data-test-sme-1.zip"), { partial: true, batchSize: 500, bulkMinBytes: Infinity });
    const b = await importRegisterFile(bulk, original("data-test-sme-1.zip"), { partial: true, batchSize: 500, bulkMinBytes: 0 });
    expect(a.bulk).toBe(false);
    expect(b.bulk).toBe(true);
    expect({ ...b, ms: 0, bulk: false }).toEqual({ ...a, ms: 0 });
    expect(b).toMatchObject({ entries: 2700, added: 2700, refused: 0 });
    expect(await snapshot(bulk)).toEqual(await snapshot(perRow));
    // The OKVED codes mirrored on each row (ADR 075) are its activity rows', written by the COPY itself.
    const unmirrored = await bulk.query(`select count(*)::int as n from companies c where c.okved_codes is distinct from
      nullif(array(select o.okved_code from company_okved_codes o where o.company_id = c.id order by o.okved_code collate "C"), '{}')`);
    expect(unmirrored.rows[0].n).toBe(0);
    expect(await definitions(bulk)).toEqual(definitionsBefore);
    expect((await bulk.query("select count(*)::int as n from register_runs where bulk_restore is not null")).rows[0].n).toBe(0);

    // The directory is not empty any more: the next archive is written row by row, indexes live.
    const c = await importRegisterFile(perRow, original("data-test-sme-2.zip"), { partial: true, bulkMinBytes: Infinity });
    const d = await importRegisterFile(bulk, original("data-test-sme-2.zip"), { partial: true, bulkMinBytes: 0 });
    expect(d.bulk).toBe(false);
    expect({ ...d, ms: 0 }).toEqual({ ...c, ms: 0 });
    expect(await snapshot(bulk)).toEqual(await snapshot(perRow));
  }, 180_000);

  test("a crash in the middle of a bulk load resumes to the same rows, indexes and keys restored", async (context) => {
    if (api.engine !== "postgres") return context.skip();
    const perRow = await emptyDirectory();
    const crashed = await emptyDirectory();
    const definitionsBefore = await definitions(crashed);
    const file = original("data-test-sme-1.zip");
    await importRegisterFile(perRow, file, { partial: true, batchSize: 500, bulkMinBytes: Infinity });
    await expect(
      importRegisterFile(crashed, file, { partial: true, batchSize: 500, bulkMinBytes: 0, crashAfterBatches: 2 }),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    // As a killed process leaves it: two batches committed, the full-text index and the keys off, their restore pending.
    const run = (await crashed.query("select entries_done, bulk_restore from register_runs")).rows[0];
    expect(run.entries_done).toBe(1000);
    expect(run.bulk_restore).toEqual(expect.arrayContaining([expect.stringContaining("companies_search_idx")]));
    expect((await crashed.query("select count(*)::int as n from pg_indexes where indexname = 'companies_search_idx'")).rows[0].n).toBe(0);

    const resumed = await importRegisterFile(crashed, file, { partial: true, batchSize: 500, bulkMinBytes: 0 });
    expect(resumed).toMatchObject({ outcome: "resumed", bulk: true, entries: 2700, added: 2700, refused: 0 });
    expect(await snapshot(crashed)).toEqual(await snapshot(perRow));
    expect(await definitions(crashed)).toEqual(definitionsBefore);
  }, 180_000);

  test("the indexes of a crashed bulk load come back with the next import of any archive", async (context) => {
    if (api.engine !== "postgres") return context.skip();
    const crashed = await emptyDirectory();
    const definitionsBefore = await definitions(crashed);
    await expect(
      importRegisterFile(crashed, original("data-test-sme-1.zip"), {
        partial: true,
        batchSize: 500,
        bulkMinBytes: 0,
        crashAfterBatches: 1,
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await definitions(crashed)).not.toEqual(definitionsBefore);
    // A restore cut short by a crash: one index and one key back already; the next restore skips them.
    const pending = (await crashed.query<{ bulk_restore: string[] }>("select bulk_restore from register_runs")).rows[0]!.bulk_restore;
    await crashed.query(pending.find((s) => s.startsWith("CREATE INDEX"))!);
    await crashed.query(pending.find((s) => s.startsWith("alter table"))!);
    const headcount = await importRegisterFile(crashed, original("data-test-empl-2.zip"), { partial: true, bulkMinBytes: 0 });
    expect(headcount.bulk).toBe(false);
    expect(await definitions(crashed)).toEqual(definitionsBefore);
    // The interrupted SME run then finishes row by row.
    const resumed = await importRegisterFile(crashed, original("data-test-sme-1.zip"), { partial: true, batchSize: 500, bulkMinBytes: 0 });
    expect(resumed).toMatchObject({ outcome: "resumed", bulk: false, entries: 2700, refused: 0 });
    expect((await crashed.query("select count(*)::int as n from companies where origin = 'register'")).rows[0].n).toBe(2700);
  }, 180_000);
});
