/**
 * The time axis of a dashboard (contract/dashboard.ts): the range of the last `days` days up to
 * today (UTC, both ends included) and its buckets — ISO weeks (Monday first) for 30 and 90 days,
 * calendar months for 365 — each named by its first day, oldest first. PostgreSQL's
 * `date_trunc('week' | 'month', …)` starts buckets on the same days, so SQL groups and these keys
 * meet exactly.
 */
import type { DashboardPeriod, DashboardSeries, SeriesPoint, SeriesUnit } from "#contract/dashboard.ts";

export type BucketUnit = "week" | "month";

export interface DashboardRange {
  /** First and last day included, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** Start of the first day and of the day after the last (UTC): the half-open interval SQL compares with. */
  start: Date;
  end: Date;
  unit: BucketUnit;
  /** Every bucket's first day, oldest first. */
  buckets: string[];
}

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the bucket `day` falls in (UTC midnight). */
export function bucketStart(day: Date, unit: BucketUnit): Date {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  if (unit === "month") return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The range of `period` days ending today (`now`, UTC) and its buckets. */
export function dashboardRange(period: DashboardPeriod, now = new Date()): DashboardRange {
  const days = Number(period);
  const unit: BucketUnit = days > 90 ? "month" : "week";
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(today.getTime() - (days - 1) * DAY_MS);
  const buckets: string[] = [];
  for (let b = bucketStart(start, unit); b <= today;) {
    buckets.push(iso(b));
    b = unit === "month" ? new Date(Date.UTC(b.getUTCFullYear(), b.getUTCMonth() + 1, 1)) : new Date(b.getTime() + 7 * DAY_MS);
  }
  return { from: iso(start), to: iso(today), start, end: new Date(today.getTime() + DAY_MS), unit, buckets };
}

/**
 * A series over every bucket of `range`: `values` by bucket key (missing buckets are `empty`: 0 for
 * counts, null for rates and medians that have nothing to measure).
 */
export function fillSeries(
  range: DashboardRange,
  key: string,
  unit: SeriesUnit,
  values: Map<string, number | null>,
  total: number | null,
  empty: number | null = 0,
): DashboardSeries {
  const points: SeriesPoint[] = range.buckets.map((period) => ({ period, value: values.has(period) ? values.get(period)! : empty }));
  return { key, axis: "time", unit, total, points };
}

/** The sum of a count series' values (its total). */
export function sumOf(values: Map<string, number | null>): number {
  let sum = 0;
  for (const v of values.values()) sum += v ?? 0;
  return sum;
}
