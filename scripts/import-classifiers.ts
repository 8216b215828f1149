/**
 * `npm run import:classifiers [-- DIR]` — imports OKVED2 and TN VED EAEU from DIR
 * (default: CLASSIFIER_DATA_DIR, i.e. ../shared/data) into the configured database, with a
 * progress bar and a change report. Exit codes: 0 success, 1 failure, 78 bad configuration.
 */
import path from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { loadEnv } from "#server/env.ts";
import { runImport } from "#server/classifiers/import/run.ts";

const env = loadEnv();
const dir = path.resolve(process.argv[2] ?? env.CLASSIFIER_DATA_DIR);
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runImport(database.db, dir);
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`Import failed: ${(error as Error).message}\n`);
  process.exit(1);
}
