/**
 * `npm run demo` — the one command that brings the product up on the embedded database with real
 * data: builds if there is no production build, applies migrations, imports OKVED2 and TN VED EAEU
 * from ../shared/data when the database has none, and starts the production server on PORT (3000).
 * Then, when no register was imported yet, the real FNS sample registers in
 * ../shared/data/companies/original (SME register, headcount, revenue: a few thousand real companies,
 * issue 30 §4) are imported beside the generated catalogue — as extracts, so nobody is marked left.
 * The Bank of Russia register of credit organisations is imported when `banks` is empty (by the
 * server's start), and a few demo suppliers get payment routes (server/payment-routes/demo.ts), then
 * demo buyers, buying requests, quotes and orders in various stages (server/orders/demo.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadEnv } from "#server/env.ts";
import { formatReport, importRegisters } from "#server/registers/index.ts";
import { createLogger } from "#server/logger.ts";
import { closeOnSignals, startServer } from "#server/main.ts";
import { seedDemoPaymentRoutes } from "#server/payment-routes/demo.ts";
import { seedDemoOrders } from "#server/orders/demo.ts";

const root = path.resolve(import.meta.dirname, "..");
const env = loadEnv();
const logger = createLogger({ level: env.LOG_LEVEL });

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("No production build yet: building…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(env.CLASSIFIER_DATA_DIR)) {
  console.error(
    `Reference data not found at ${env.CLASSIFIER_DATA_DIR}: put the shared folder beside the project or set CLASSIFIER_DATA_DIR.`,
  );
  process.exit(1);
}
try {
  const running = await startServer({ env, logger, importIfEmpty: true });
  closeOnSignals(running, logger);
  console.log(`\nPostavka is running at ${running.url}  (Ctrl+C to stop)\n`);
  await importSampleRegisters(running.database.db);
  await seedPaymentRoutes(running.database.db);
  await seedOrders(running.database.db);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** The sample registers, once per database (a register run exists afterwards); failures are reported, not fatal. */
async function importSampleRegisters(db: import("#server/db/client.ts").Db) {
  const samples = path.join(env.CLASSIFIER_DATA_DIR, "companies", "original");
  if (!existsSync(samples)) return;
  const done = await db.execute<{ n: number }>(sql`select count(*)::int as n from register_runs`);
  if (done.rows[0]!.n > 0) return;
  console.log("Importing the real FNS sample registers (npm run import:registers) …");
  for (const result of await importRegisters(db, [samples], { partial: true })) {
    console.log("error" in result ? `${result.source}: not imported — ${result.error.message}` : formatReport(result.report));
  }
}

/**
 * The demo suppliers' payment routes (ADR 049), once; the Bank of Russia register they name is
 * imported by the server's start when `banks` is empty (server/main.ts, npm run import:banks).
 */
async function seedPaymentRoutes(db: import("#server/db/client.ts").Db) {
  try {
    const routes = await seedDemoPaymentRoutes(db);
    if (routes) console.log(`Demo payment routes: ${routes} routes for the first published suppliers`);
  } catch (error) {
    console.error(`Payment routes not seeded: ${(error as Error).message}`);
  }
}

/** The demo's buyers, requests, quotes and orders in various stages (server/orders/demo.ts), once. */
async function seedOrders(db: import("#server/db/client.ts").Db) {
  try {
    const made = await seedDemoOrders(db);
    if (made) console.log(`Demo orders: ${made} orders of 3 demo buyers (demo-buyer-1…3@demo.postavka.test)`);
  } catch (error) {
    console.error(`Demo orders not seeded: ${(error as Error).message}`);
  }
}
