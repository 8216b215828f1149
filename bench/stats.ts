/** Small helpers shared by the benchmark parts: logging to stderr, percentiles, number formatting. */

/** Progress goes to stderr; the result tables go to stdout. */
export const log = (line: string) => process.stderr.write(`${line}\n`);

/** Milliseconds with a sensible number of digits. */
export const ms = (n: number) => (!Number.isFinite(n) ? "–" : n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** The `p`-th percentile (nearest rank) of ascending `sorted` samples; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export type Stats = { n: number; p50: number; p95: number; p99: number; max: number };

/** Count, p50, p95, p99 and maximum of `samples` (ms). */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The median of the finite `values` (mean of the middle two when even); NaN when there are none. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
