/**
 * `npm run admin -- <command>` — see server/admin/cli.ts for the commands. Works on the database
 * the server uses: PGlite under DATA_DIR, or DATABASE_URL; and on its file storage (DATA_DIR/files
 * or S3_*). The embedded database can be opened by one process at a time: stop the server first,
 * or use a PostgreSQL server.
 */
import { notifyPageCaches } from "#server/page-cache-bus.ts";
import { runAdmin, USAGE } from "#server/admin/cli.ts";
import { DatabaseInUseError, openDatabase } from "#server/db/client.ts";
import { loadEnv } from "#server/env.ts";
import { createFileStorage } from "#server/files/index.ts";
import { createMailer } from "#server/auth/delivery/mailer.ts";
import { createLogger } from "#server/logger.ts";

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h") {
  process.stdout.write(`${USAGE}\n`);
  process.exit(argv.length === 0 ? 64 : 0);
}
const env = loadEnv();
let database;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(75);
  }
  throw error;
}
let code = 1;
try {
  // Decisions are e-mailed to the company's people like those made in the admin area.
  const logger = createLogger({ level: "warn" });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  code = await runAdmin(argv, {
    db: database.db,
    storage: await createFileStorage(env),
    mailer,
    publicUrl: () => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  });
  // Running servers on the same PostgreSQL database drop pages that may show what just changed.
  if (code === 0 && env.DATABASE_URL) await notifyPageCaches(env.DATABASE_URL).catch(() => undefined);
} finally {
  await database.close();
}
process.exit(code);
