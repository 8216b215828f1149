/**
 * The demo catalogue seeded by an API test on the shared test database (tests/api/seed.test.ts,
 * query-plans.test.ts): the highest id of each table it writes is noted before seeding, and the rows
 * above it are deleted afterwards, so other test files see the database as it was.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { refreshCatalogTerms } from "#server/catalog/vocabulary.ts";
import type { TestApi } from "./api.ts";
import { removeDir } from "./databases.ts";

/** The tables the demo seed writes. */
export const SEEDED_TABLES = ["companies", "products", "categories", "stories", "tags", "service_types", "files"] as const;
/** Highest id of each seeded table before seeding: rows above it are the test's. */
export type SeedMarks = Record<(typeof SEEDED_TABLES)[number], number>;

export async function markSeededTables(db: Database["db"]): Promise<SeedMarks> {
  const marks = {} as SeedMarks;
  for (const table of SEEDED_TABLES) {
    const { rows } = await db.execute(sql.raw(`select coalesce(max(id), 0)::int as max from ${table}`));
    marks[table] = (rows[0] as { max: number }).max;
  }
  return marks;
}

/** Deletes the rows above `before` and refreshes the search vocabulary. */
export async function removeSeededRows(db: Database["db"], before: SeedMarks): Promise<void> {
  // One statement per call (the embedded database's wire protocol takes no multi-statement queries);
  // products, legal entities, OKVED links, services and prices go with their companies (cascade).
  for (const table of ["companies", "stories", "tags", "service_types"] as const) {
    await db.execute(sql.raw(`delete from ${table} where id > ${before[table]}`));
  }
  await db.execute(sql.raw(`delete from categories where id > ${before.categories} and parent_id is not null`));
  await db.execute(sql.raw(`delete from categories where id > ${before.categories}`));
  await db.execute(sql.raw(`delete from files where id > ${before.files}`));
  await refreshCatalogTerms(db);
}

/**
 * The `afterAll` of a test file that seeded the demo catalogue: deletes the rows above `before`, closes
 * the API and removes the seed's picture folder `dataDir`. Each part that never came to be (the API
 * did not open, seeding never started) is skipped.
 */
export async function removeDemoSeed(api: TestApi | undefined, before: SeedMarks | undefined, dataDir: string | undefined): Promise<void> {
  if (api) {
    if (before) await removeSeededRows(api.db, before);
    await api.close();
  }
  if (dataDir) removeDir(dataDir);
}
