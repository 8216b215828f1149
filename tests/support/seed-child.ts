/**
 * A demo seed in a process of its own, for tests/api/seed-bulk-load.test.ts to kill mid-way: seeds
 * DATABASE_URL (PostgreSQL) with SEED_PRODUCTS products and, on reaching SEED_STOP_PHASE
 * ("products" or "restore"), prints `stopped <phase>` and blocks its thread (Atomics.wait), so the
 * test's SIGKILL lands at a known point: transactions open (products) or the rows committed and one
 * index rebuilt (restore). Reference data from CLASSIFIER_DATA_DIR, pictures under SEED_DATA_DIR.
 */
import { writeSync } from "node:fs";
import { openDatabase } from "#server/db/client.ts";
import { seedDemo } from "#server/catalog/seed/index.ts";

const phase = process.env.SEED_STOP_PHASE;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "unused", poolMax: 4, migrate: false });
await seedDemo(database.db, {
  engine: "postgres",
  companies: 10,
  products: Number(process.env.SEED_PRODUCTS ?? 300),
  seed: 3,
  dataDir: process.env.SEED_DATA_DIR!,
  referenceDir: process.env.CLASSIFIER_DATA_DIR,
  now: new Date("2026-06-01T00:00:00Z"),
  batchSize: 50,
  workers: 1,
  copyConnections: 2,
  onProgress: (p) => {
    if (p.phase !== phase || p.done < 2) return;
    // Synchronously: nothing of the seed may run between the line and the kill.
    writeSync(1, `stopped ${phase}\n`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
  },
});
process.stdout.write("finished\n");
await database.close();
