/** `npm run db:migrate` — applies pending migrations to the configured database (PGlite or DATABASE_URL). */
import { openDatabase } from "#server/db/client.ts";
import { loadEnv } from "#server/env.ts";

const env = loadEnv();
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  console.log(`Migrations applied (${database.kind}: ${database.location}).`);
  await database.close();
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
