/**
 * Global setup of the `api-pglite` and `api-postgres` projects: imports both classifiers (and the
 * Bank of Russia register of credit organisations) ONCE into a fresh database of the project's
 * engine and provides its location to the test files.
 *
 * - PGlite: a fresh DATA_DIR under os.tmpdir(); the database is imported, then CLOSED, and test files
 *   re-open the folder one at a time (fileParallelism: false). Keeping it open here and sharing its
 *   socket does not work reliably: the PGlite socket server takes ONE connection and rejects others
 *   ("Too many connections") instead of queueing them.
 * - PostgreSQL: a fresh `postavka_test_<pid>_<time>` database on TEST_DATABASE_URL's server, dropped
 *   in teardown.
 * Then a copy of the imported database for the fuzzers (`pgliteFuzzDataDir`, `postgresFuzzUrl`:
 * tests/support/engine.ts), made while nothing is connected to it.
 */
import { cpSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { runImport } from "#server/classifiers/import/run.ts";
import { importBanksIfEmpty } from "#server/payment-routes/demo.ts";
import { classifierDataDir, createPostgresDatabase, dropPostgresDatabase, makeTempDataDir, removeDir } from "./databases.ts";
import "./engine.ts";

export default async function setup(project: TestProject) {
  const engine = project.getProvidedContext().dbEngine;
  const dataSource = classifierDataDir();
  const tempDir = makeTempDataDir(`postavka-${engine}-`);
  const dirs = [tempDir];
  project.provide("classifierDataDir", dataSource);
  const dbNames: string[] = [];
  try {
    let databaseUrl: string | undefined;
    if (engine === "postgres") {
      const created = await createPostgresDatabase("test");
      dbNames.push(created.name);
      databaseUrl = created.url;
      project.provide("postgresUrl", created.url);
    } else {
      project.provide("pgliteDataDir", tempDir);
    }
    const database = await openDatabase({ databaseUrl, dataDir: tempDir });
    try {
      await runImport(database.db, dataSource, () => {});
      // Reference data like the classifiers: no test file writes it while others watch for writes (the fuzzers).
      await importBanksIfEmpty(database.db, dataSource);
    } finally {
      await database.close();
    }
    if (engine === "postgres") {
      const copy = await createPostgresDatabase("fuzz", undefined, dbNames[0]);
      dbNames.push(copy.name);
      project.provide("postgresFuzzUrl", copy.url);
    } else {
      const fuzzDir = makeTempDataDir("postavka-pglite-fuzz-");
      dirs.push(fuzzDir);
      cpSync(tempDir, fuzzDir, { recursive: true });
      project.provide("pgliteFuzzDataDir", fuzzDir);
    }
  } catch (error) {
    await cleanup(dirs, dbNames);
    throw error;
  }
  return () => cleanup(dirs, dbNames);
}

async function cleanup(dirs: string[], dbNames: string[]) {
  for (const name of dbNames) await dropPostgresDatabase(name);
  for (const dir of dirs) removeDir(dir);
}
