/**
 * The geometry and the wording of a time-series chart (./time-series-chart.tsx), apart from React so
 * that it is tested on its own: d3-scale's band scale places one slot per bucket, its linear scale
 * maps values to heights with "nice" round ticks; numbers and dates are formatted per language by
 * Intl (contract/format.ts locales), never by the server's or browser's default.
 *
 * Units (contract/dashboard.ts `SeriesUnit`): `count` — whole-number ticks only; `percent` — values
 * 0–100, axis up to 100; `hours`; a currency code — money, whole units.
 */
import { scaleBand, scaleLinear } from "d3-scale";
import type { SeriesPoint, SeriesUnit } from "#contract/dashboard.ts";
import { LANG_LOCALES } from "#contract/format.ts";
import type { Lang } from "#contract/langs.ts";

/**
 * The SVG's coordinate box (its viewBox); the figure scales to its container's width. Small on
 * purpose: a card is ≈ 420 px wide on a desktop and ≈ 320 px on a 390 px phone, so 14-unit text reads
 * at ≈ 15 px and ≈ 11 px — a wider box would shrink the labels below legibility on the phone.
 */
export const CHART_BOX = { width: 400, height: 200, top: 10, right: 8, bottom: 28, left: 56 } as const;

export interface ChartBar {
  period: string;
  value: number | null;
  x: number;
  width: number;
  /** Top of the bar and its height (0 for a zero or missing value). */
  y: number;
  height: number;
  /** The slot's centre: where a line chart puts its point and the axis its label. */
  cx: number;
}

export interface ChartTick {
  value: number;
  y: number;
}

export interface ChartGeometry {
  bars: ChartBar[];
  ticks: ChartTick[];
  /** The upper end of the value axis. */
  max: number;
  /** Indexes of the buckets whose label the time axis shows (at most `maxLabels`, evenly spread, the latest always). */
  labelled: number[];
  /** Bottom of the plot (the zero line). */
  baseline: number;
}

/** Lays out `points` in CHART_BOX: bars, value ticks (about `tickCount`) and the labelled buckets. */
export function chartGeometry(points: readonly SeriesPoint[], unit: SeriesUnit, tickCount = 4, maxLabels = 4): ChartGeometry {
  const { width, height, top, right, bottom, left } = CHART_BOX;
  const baseline = height - bottom;
  const x = scaleBand<string>()
    .domain(points.map((p) => p.period))
    .range([left, width - right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const highest = Math.max(0, ...points.map((p) => p.value ?? 0));
  // An empty chart still has an axis: up to 1 (count), 100 (percent) or 1 of anything else.
  const top100 = unit === "percent" ? 100 : 0;
  const y = scaleLinear()
    .domain([0, Math.max(highest, top100, 1)])
    .range([baseline, top])
    .nice(tickCount);
  let ticks = y.ticks(tickCount);
  if (unit === "count" || /^[A-Z]{3}$/.test(unit)) ticks = ticks.filter((t) => Number.isInteger(t));
  const max = y.domain()[1]!;
  const bars = points.map((p) => {
    const left0 = x(p.period)!;
    const value = p.value;
    const yTop = value === null ? baseline : y(value);
    return { period: p.period, value, x: left0, width: x.bandwidth(), y: yTop, height: baseline - yTop, cx: left0 + x.bandwidth() / 2 };
  });
  const step = Math.max(1, Math.ceil(points.length / maxLabels));
  const labelled: number[] = [];
  for (let i = points.length - 1; i >= 0; i -= step) labelled.unshift(i);
  return { bars, ticks: ticks.map((value) => ({ value, y: y(value) })), max, labelled, baseline };
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** A value as the reader reads it: "1 234", "50 %", "10 ч", "12 500 ₽" (ru) — or "—" for none. */
export function formatSeriesValue(value: number | null, unit: SeriesUnit, lang: Lang): string {
  if (value === null) return "—";
  const locale = LANG_LOCALES[lang];
  if (unit === "count") return cached(`${lang}|count`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(value);
  if (unit === "percent")
    return cached(`${lang}|percent`, () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 })).format(
      value / 100,
    );
  if (unit === "hours")
    return cached(
      `${lang}|hours`,
      () => new Intl.NumberFormat(locale, { style: "unit", unit: "hour", unitDisplay: "short", maximumFractionDigits: 1 }),
    ).format(value);
  return cached(
    `${lang}|${unit}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency: unit, maximumFractionDigits: 0, minimumFractionDigits: 0 }),
  ).format(value);
}

/**
 * A bucket's name: a week by its first day ("3 нояб." / "Nov 3" / "11月3日"), a month by month and
 * year ("нояб. 2026" / "Nov 2026" / "2026年11月"); `long` spells the month out (the table's rows).
 */
export function formatPeriod(period: string, bucket: "week" | "month", lang: Lang, long = false): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === "month"
      ? { month: long ? "long" : "short", year: "numeric", timeZone: "UTC" }
      : { day: "numeric", month: long ? "long" : "short", ...(long ? { year: "numeric" } : {}), timeZone: "UTC" };
  return cached(`${lang}|${bucket}|${long}`, () => new Intl.DateTimeFormat(LANG_LOCALES[lang], options)).format(
    new Date(`${period}T00:00:00Z`),
  );
}
