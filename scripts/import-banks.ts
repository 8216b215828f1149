/**
 * `npm run import:banks -- [FILE]` — imports the Bank of Russia register of credit organisations
 * (`cbr_credit_organizations_YYYYMMDD.csv`; default: the newest in CLASSIFIER_DATA_DIR/companies) into
 * `banks` (server/payment-routes/banks.ts): idempotent, prints what was added and changed. A wrong
 * header or a bad row stops it with the line named and exit code 1; nothing is written then.
 */
import { loadEnv } from "#server/env.ts";
import { openDatabase } from "#server/db/client.ts";
import { formatBankReport, importBanks, newestBankRegister } from "#server/payment-routes/banks.ts";

const env = loadEnv();
const file = process.argv[2] ?? (await newestBankRegister(env.CLASSIFIER_DATA_DIR));
if (!file) {
  console.error(`Usage: npm run import:banks -- FILE   (no cbr_credit_organizations_*.csv in ${env.CLASSIFIER_DATA_DIR}/companies)`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
let failed = false;
try {
  console.log(formatBankReport(await importBanks(database.db, file)));
} catch (error) {
  failed = true;
  console.error(`${file}: ${(error as Error).message}`);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
