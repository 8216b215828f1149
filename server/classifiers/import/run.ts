/**
 * Imports the reference data a fresh database needs before anyone can fill in a company card: OKVED2
 * and TN VED EAEU (with a terminal progress bar and the change report) and the regions suppliers are
 * placed in (server/catalog/regions.ts: the Russian federal subjects and the Chinese provinces,
 * names in ru/en/zh). Idempotent: a second run changes nothing. Returns the classifier reports.
 */
import { SingleBar, Presets } from "cli-progress";
import type { Db } from "#server/db/client.ts";
import { importClassifiers, type ImportReport } from "./import.ts";
import { formatImportReport } from "./report.ts";
import { seedRegions } from "#server/catalog/regions.ts";
import { existsSync } from "node:fs";
import path from "node:path";
import { ETT_FILE, importTariff } from "#server/money/tariff.ts";

export async function runImport(db: Db, dir: string, log: (line: string) => void = console.log): Promise<ImportReport[]> {
  log(`Importing classifiers from ${dir}`);
  const bar = new SingleBar(
    { format: "  {classifier} [{bar}] {value}/{total}", noTTYOutput: true, notTTYSchedule: 1000, stream: process.stdout },
    Presets.shades_classic,
  );
  let current = "";
  const reports = await importClassifiers(db, dir, (p) => {
    const label = p.classifier === "okved" ? "OKVED2     " : "TN VED EAEU";
    if (current !== p.classifier) {
      if (current) bar.stop();
      current = p.classifier;
      bar.start(p.total, 0, { classifier: label });
    }
    bar.update(p.done, { classifier: label });
  });
  bar.stop();
  for (const report of reports) for (const line of formatImportReport(report)) log(line);
  // Companies reference a region (foreign key): without these rows no company form could pick one.
  log(`Regions: ${await seedRegions(db)} (subjects of the Russian Federation, provinces of China)`);
  // Import duty rates beside TN VED (issue 15); a data folder without the tariff is not an error.
  if (existsSync(path.join(dir, ETT_FILE))) log(`ETT EAEU import duties: ${(await importTariff(db, dir)).lines} tariff lines`);
  return reports;
}
