/**
 * Registers part of `npm run bench` (bench/run.ts; issue 30 measure): a generated SME register of
 * `--register-entries` entries (default 1,000,000; bench/registers-generate.ts) imported on a fresh
 * PostgreSQL database (`postavka_bench_registers_*` on TEST_DATABASE_URL's server, classifiers and
 * regions imported first, dropped at the end) by `npm run import:registers -- --json` in a child
 * process, three times: the first import, the same file again (recognised by its SHA-256 and
 * skipped), and the same file forced (`--force`: read and compared entry by entry, nothing written).
 * The first import goes into an empty directory, so it takes the bulk path (server/registers/bulk.ts);
 * the forced one compares row by row with every index live.
 * Prints entries per second, wall time, peak RSS of the importing process (getrusage maxRSS) and the
 * rows written, against the targets ≥ 10,000 entries/s, ≤ 300 MB, and a second run with no writes in
 * ≤ 1/3 of the first run's time.
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { importClassifiers } from "#server/classifiers/import/import.ts";
import { seedRegions } from "#server/catalog/regions.ts";
import { openDatabase } from "#server/db/client.ts";
import { IMPORT_NODE_FLAGS } from "#server/registers/index.ts";
import { classifierDataDir, createPostgresDatabase, dropPostgresDatabase, makeTempDataDir, removeDir } from "#tests/support/databases.ts";
import { generateRegister } from "./registers-generate.ts";
import { log } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface Line {
  entries: number;
  added: number;
  changed: number;
  unchanged: number;
  outcome: string;
  /** The import's own time (ms), without the process start. */
  ms: number;
  startRssMb: number;
  maxRssMb: number;
  /** Loaded by the bulk path (COPY, indexes restored after the rows). */
  bulk?: boolean;
  error?: string;
}

/** Runs `npm run import:registers -- --json [--force] FILE` on `url` in a child process; its JSON report line and wall time (ms). */
export function importOnce(url: string, file: string, force: boolean): { line: Line; ms: number } {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [...IMPORT_NODE_FLAGS, path.join(root, "scripts/import-registers.ts"), "--json", ...(force ? ["--force"] : []), file],
    {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const ms = performance.now() - started;
  const line = result.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line)[0];
  if (!line || line.error || result.status !== 0) throw new Error(`import failed: ${line?.error ?? result.stderr}`);
  return { line, ms };
}

/** Tables an import writes its data to (the run's own bookkeeping in register_runs is not counted). */
const DATA_TABLES = ["companies", "legal_entities", "company_okved_codes", "register_entries", "register_changes"];

/**
 * Rows inserted, updated and deleted so far in the data tables (pg_stat_user_tables: the import's
 * process has exited, so its counts are flushed).
 */
async function rowsWritten(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("select pg_stat_clear_snapshot()");
    const { rows } = await client.query<{ n: string }>(
      "select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as n from pg_stat_user_tables where relname = any($1)",
      [DATA_TABLES],
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Runs the register benchmark; prints its table and returns its lines. */
export async function runRegistersBench(entries: number): Promise<string[]> {
  const dir = makeTempDataDir("postavka-bench-registers-");
  const created = await createPostgresDatabase("registers");
  try {
    const file = path.join(dir, "register.zip");
    log(`bench: generating a register of ${entries.toLocaleString("en-US")} entries …`);
    let t = performance.now();
    await generateRegister(file, entries);
    log(
      `bench: generated ${(statSync(file).size / 1024 ** 2).toFixed(0)} MB in ${((performance.now() - t) / 1000).toFixed(0)} s; importing classifiers …`,
    );
    const database = await openDatabase({ databaseUrl: created.url, dataDir: dir });
    try {
      await importClassifiers(database.db, classifierDataDir());
      await seedRegions(database.db);
    } finally {
      await database.close();
    }
    const runs: { label: string; line: Line; ms: number; rows: number; load: string }[] = [];
    for (const [label, force] of [
      ["first import", false],
      ["same file again (skipped by SHA-256)", false],
      ["same file forced (read and compared)", true],
    ] as const) {
      log(`bench: ${label} …`);
      const before = await rowsWritten(created.url);
      const run = importOnce(created.url, file, force);
      // The machine's load over the last minute, as it was when the run ended (a shared machine).
      const load = loadavg()[0]!.toFixed(1);
      runs.push({ label, ...run, rows: (await rowsWritten(created.url)) - before, load });
    }
    const first = runs[0]!.line.ms;
    const out = [
      `### Register import (${entries.toLocaleString("en-US")} generated SME entries, PostgreSQL, ${(statSync(file).size / 1024 ** 2).toFixed(0)} MB ZIP)`,
      "",
      "| run | import s | entries/s | wall s (with process start) | added | changed | unchanged | rows written (data tables) | peak RSS MB (before reading → end) | import time vs first | load average (1 min) at the end |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...runs.map(
        (r) =>
          `| ${r.label} | ${(r.line.ms / 1000).toFixed(1)} | ${Math.round(r.line.entries / (r.line.ms / 1000)).toLocaleString("en-US")} | ${(r.ms / 1000).toFixed(1)} | ${r.line.added} | ${r.line.changed} | ${r.line.unchanged} | ${r.rows.toLocaleString("en-US")} | ${r.line.startRssMb} → ${r.line.maxRssMb} | ${(r.line.ms / first).toFixed(2)} | ${r.load} |`,
      ),
      "",
      "Targets: ≥ 10,000 entries/s; peak RSS ≤ 300 MB; a second run writes nothing in ≤ 1/3 of the first run's time. 'rows written' counts inserts, updates and deletes in the data tables (pg_stat_user_tables). 'import s' is the importer's own time (hashing, reading, writing); 'wall s' adds the process start. The peak RSS before reading is the process's module graph (drizzle-orm and pg), the same for any archive.",
      "",
    ];
    console.log(out.join("\n"));
    return out;
  } finally {
    await dropPostgresDatabase(created.name).catch(() => {});
    removeDir(dir);
  }
}
