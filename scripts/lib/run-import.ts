/** Runs the classifier import with a terminal progress bar and prints the change report. */
import { SingleBar, Presets } from "cli-progress";
import type { Db } from "../../server/db/client.ts";
import { importClassifiers, type ImportReport } from "../../server/classifiers/import/import.ts";
import { formatImportReport } from "../../server/classifiers/import/report.ts";

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
  return reports;
}
