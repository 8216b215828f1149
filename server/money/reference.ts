/**
 * Reference data of prices and duties for a fresh database (`npm run demo`, the e2e server): the
 * newest Bank of Russia snapshot in `<dataDir>/cbr/daily/` (files `cbr_daily_YYYY-MM-DD.xml`) when
 * no rate is stored, and the ETT EAEU tariff (tariff.ts) when no tariff line is. Missing files are
 * logged and skipped: the site works without them (no ≈ amounts, no duty).
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { importCbrDaily, ratesAreEmpty } from "./rates.ts";
import { ETT_FILE, importTariff, tariffIsEmpty } from "./tariff.ts";

/** The newest `cbr_daily_*.xml` of `<dataDir>/cbr/daily`, or null. */
export function newestCbrSnapshot(dataDir: string): string | null {
  const dir = path.join(dataDir, "cbr", "daily");
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => /^cbr_daily_\d{4}-\d{2}-\d{2}\.xml$/.test(f))
    .sort();
  return files.length > 0 ? path.join(dir, files.at(-1)!) : null;
}

export async function loadMoneyReference(db: Db, dataDir: string, logger: Pick<Logger, "info" | "warn">): Promise<void> {
  if (await ratesAreEmpty(db)) {
    const file = newestCbrSnapshot(dataDir);
    if (file) logger.info({ ...(await importCbrDaily(db, await readFile(file))), file }, "exchange rates imported");
    else logger.warn({ dataDir }, "no Bank of Russia rates snapshot found: prices are shown without conversions");
  }
  if (await tariffIsEmpty(db)) {
    if (existsSync(path.join(dataDir, ETT_FILE))) logger.info(await importTariff(db, dataDir), "ETT EAEU tariff imported");
    else logger.warn({ dataDir }, "no ETT EAEU tariff file found: no duties are shown");
  }
}
