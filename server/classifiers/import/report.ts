/** Renders an import report as plain text lines for the terminal (English: it is an operator's tool). */
import type { ImportReport } from "./import.ts";

const levelNames: Record<string, Record<string, string>> = {
  okved: { "1": "sections", "2": "classes", "3": "subclasses", "4": "groups", "5": "subgroups", "6": "types" },
  tnved: { "1": "sections", "2": "chapters", "3": "headings", "4": "subheadings", "5": "10-digit items" },
};

export function formatImportReport(report: ImportReport): string[] {
  const title = report.classifier === "okved" ? "OKVED2" : "TN VED EAEU";
  const head = `${title}: ${report.rows} codes read (${report.edition}) in ${(report.durationMs / 1000).toFixed(1)} s`;
  if (report.unchanged) return [head, "  No changes since the last import."];
  const lines = [head, report.firstImport ? "  First import." : `  ${report.written} rows written.`];
  for (const [level, c] of Object.entries(report.changes).sort(([a], [b]) => Number(a) - Number(b))) {
    if (c.added + c.renamed + c.removed === 0) continue;
    lines.push(
      `  ${levelNames[report.classifier]?.[level] ?? `level ${level}`}: +${c.added} added, ~${c.renamed} renamed, -${c.removed} removed`,
    );
  }
  if (!report.firstImport && lines.length === 2) lines.push("  Only translations or notes changed.");
  return lines;
}
