/**
 * `npm run import:rates -- FILE|URL…` — imports Bank of Russia daily rates (`XML_daily.asp`
 * answers, windows-1251 or UTF-8) from files or URLs into exchange_rates; history is kept (a date
 * already stored keeps its values). `npm run import:rates -- --tariff [DIR]` imports the ETT EAEU
 * tariff from the reference data folder (default CLASSIFIER_DATA_DIR). Exit code 1 on any failure.
 */
import { readFile } from "node:fs/promises";
import { loadEnv } from "#server/env.ts";
import { openDatabase } from "#server/db/client.ts";
import { fetchCbrDaily, importCbrDaily } from "#server/money/rates.ts";
import { importTariff } from "#server/money/tariff.ts";

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error("Usage: npm run import:rates -- FILE|URL [FILE|URL…]   |   npm run import:rates -- --tariff [DIR]");
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
let failed = false;
try {
  if (args[0] === "--tariff") {
    const report = await importTariff(database.db, args[1] ?? env.CLASSIFIER_DATA_DIR);
    console.log(`ETT EAEU: ${report.lines} tariff lines (${report.computable} with a computable rate) from ${report.file}`);
  } else {
    for (const source of args) {
      try {
        const report = /^https?:\/\//.test(source)
          ? await fetchCbrDaily(database.db, source)
          : await importCbrDaily(database.db, await readFile(source));
        const kept = report.kept.length > 0 ? `; stored values kept for ${report.kept.join(", ")} (the file differs)` : "";
        console.log(`${source}: rates of ${report.date}: ${report.added} added, ${report.unchanged} already stored${kept}`);
      } catch (error) {
        failed = true;
        console.error(`${source}: ${(error as Error).message}`);
      }
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
