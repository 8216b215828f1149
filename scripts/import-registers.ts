/**
 * `npm run import:registers -- [--partial] [--force] [--batch-size N] [--json] FILE|DIR|URL …` —
 * imports the FNS open registers (the SME register, average headcount, revenue and expenses; ZIP
 * archives of XML in their official formats) into the configured database, each archive as a change,
 * and prints a report per archive (added, changed, unchanged, left, refused with reasons). See
 * server/registers and ADR 044.
 *
 * `--partial`: the archives are extracts (such as the samples in ../shared/data/companies/original),
 * so nobody missing from them is marked left. `--force`: read an archive already imported again.
 * `--json`: one JSON line per archive (with the process's peak RSS before the first archive and after
 * this one) instead of text — for the bench.
 * Exit codes: 0 every archive imported, 1 an archive failed, 2 bad arguments.
 */
import { parseArgs } from "node:util";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { loadEnv } from "#server/env.ts";
import { formatReport, importRegisters } from "#server/registers/index.ts";

const USAGE = "Usage: npm run import:registers -- [--partial] [--force] [--batch-size N] [--json] FILE|DIR|URL …";
let args: ReturnType<typeof read>;
function read() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      partial: { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      "batch-size": { type: "string", default: "2000" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const batchSize = Number(values["batch-size"]);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000)
    throw new Error("--batch-size must be a whole number from 1 to 50000");
  if (positionals.length === 0) throw new Error("name at least one archive, folder or URL");
  return { ...values, batchSize, sources: positionals };
}
try {
  args = read();
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const env = loadEnv();
const database = await open();
// The process's peak before any archive is read: the module graph (drizzle-orm alone peaks near 280 MB).
const startRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
let failed = false;
try {
  const results = await importRegisters(database.pool, args.sources, {
    partial: args.partial,
    force: args.force,
    batchSize: args.batchSize,
    onStart: (source) => args.json || console.log(`Importing ${source} …`),
    onProgress: (done) => args.json || (process.stdout.isTTY && process.stdout.write(`\r  ${done.toLocaleString("en-US")} entries`)),
  });
  for (const result of results) {
    if ("error" in result) failed = true;
    if (args.json) {
      const line = "error" in result ? { source: result.source, error: result.error.message } : result.report;
      console.log(JSON.stringify({ ...line, startRssMb, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
    } else {
      if (process.stdout.isTTY) process.stdout.write("\r");
      console.log("error" in result ? `${result.source}: not imported — ${result.error.message}` : formatReport(result.report));
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);

/**
 * The database: on PostgreSQL a plain pg pool (Drizzle, which alone peaks near 280 MB RSS at load, is
 * loaded only to apply migrations the database lacks); the embedded PGlite through openDatabase.
 */
async function open(): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  const { openDatabase } = env.DATABASE_URL ? { openDatabase: null } : await import("#server/db/client.ts");
  if (openDatabase) return openDatabase({ dataDir: env.DATA_DIR });
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  // Applied migrations (Drizzle's journal table) against the migration files of this build.
  const files = readdirSync(path.join(import.meta.dirname, "../server/db/migrations")).filter((f) => f.endsWith(".sql")).length;
  const applied = await pool
    .query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")
    .then((r) => r.rows[0]!.n)
    .catch(() => 0);
  if (applied < files) {
    const { openDatabase: migrate } = await import("#server/db/client.ts");
    await (await migrate({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })).close();
  }
  return { pool, close: () => pool.end() };
}
