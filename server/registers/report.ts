/**
 * The register import's report as text (the CLI and the job's log): per archive its data set, format
 * version and state date, then added / changed / unchanged / left / refused, and the refusals by
 * reason with a few examples (file, document id, INN) to look them up.
 */
import { DATA_SET_NAMES, REFUSAL_TEXT, type RefusalReason } from "./format.ts";
import type { RegisterReport } from "./import.ts";

const n = (value: number) => value.toLocaleString("en-US");

/** Lines describing one archive's import. */
export function formatReport(report: RegisterReport): string {
  const head = `${report.source}: ${report.dataSet ? DATA_SET_NAMES[report.dataSet] : "?"}, format ${report.formatVersion ?? "?"}, as of ${report.asOf ?? "?"}${report.partial ? " (an extract: nobody marked left)" : ""}`;
  if (report.outcome === "skipped") return `${head}\n  already imported (run ${report.runId}): nothing to do; --force reads it again`;
  const lines = [
    `${head}${report.outcome === "resumed" ? " — resumed an interrupted import" : ""}`,
    `  ${n(report.entries)} entries in ${(report.ms / 1000).toFixed(1)} s: ${n(report.added)} added, ${n(report.changed)} changed, ${n(report.unchanged)} unchanged, ${n(report.left)} left the register, ${n(report.refused)} refused`,
  ];
  if (report.bulk) lines.push("  loaded in bulk into an empty directory: indexes and foreign keys rebuilt after the rows");
  for (const [reason, { count, examples }] of Object.entries(report.refusals)) {
    lines.push(`  refused ${n(count)}: ${REFUSAL_TEXT[reason as RefusalReason] ?? reason}`);
    for (const e of examples) lines.push(`    ${e.entry} document ${e.doc || "?"}${e.inn ? ` INN ${e.inn}` : ""}`);
  }
  return lines.join("\n");
}
