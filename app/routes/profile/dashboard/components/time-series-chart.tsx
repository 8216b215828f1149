/**
 * One dashboard chart (contract/dashboard.ts `DashboardSeries`): a server-rendered SVG — bars for
 * counts and money, a line (d3-shape, broken where a bucket has no value) for rates and times — and
 * under it the same numbers as a table, the total in its footer. The SVG needs no JavaScript, scales
 * to its container by its viewBox (readable at 390 px: at most four time labels), carries `<title>` and
 * `<desc>` (the total and the busiest bucket) for screen readers, and marks every bar or point with
 * `data-period` / `data-value` so tests read the picture's numbers.
 *
 * Generic: any series of {period, value} with a unit draws here. A `category` series (orders by
 * stage, spend by supplier) names its bars by `categoryLabel` instead of dates; with more than four
 * groups the names stay in the table under the chart (and each bar's tooltip), as they would not
 * fit under the bars at 390 px.
 */
import { useId } from "react";
import { line } from "d3-shape";
import type { DashboardSeries, SeriesPoint } from "#contract/dashboard.ts";
import type { Lang } from "#contract/langs.ts";
import { CHART_BOX, chartGeometry, formatPeriod, formatSeriesValue } from "./chart-scales.ts";

export interface TimeSeriesChartProps {
  series: DashboardSeries;
  bucket: "week" | "month";
  lang: Lang;
  /** The chart's heading. */
  title: string;
  /** Captions in the reader's language: the time axis ("Weeks"), the value axis ("Views"), the table's columns, its total row. */
  labels: { time: string; value: string; total: string; none: string };
  /** One sentence on what the chart shows and its total, for screen readers (the SVG's `<desc>`). */
  description: string;
  /** A `category` series' group name (a stage, a supplier). */
  categoryLabel?: (point: SeriesPoint) => string;
}

export function TimeSeriesChart({ series, bucket, lang, title, labels, description, categoryLabel }: TimeSeriesChartProps) {
  const id = useId();
  const g = chartGeometry(series.points, series.unit);
  const category = series.axis === "category";
  const byPeriod = new Map(series.points.map((p) => [p.period, p]));
  /** A bucket's (or group's) name: a date, or the category's label. */
  const name = (period: string, long = false) =>
    category ? (categoryLabel?.(byPeriod.get(period)!) ?? period) : formatPeriod(period, bucket, lang, long);
  const labelled = category && series.points.length > 4 ? [] : category ? series.points.map((_, i) => i) : g.labelled;
  const asLine = series.unit === "percent" || series.unit === "hours";
  const path = asLine
    ? line<(typeof g.bars)[number]>()
        .defined((b) => b.value !== null)
        .x((b) => b.cx)
        .y((b) => b.y)(g.bars)
    : null;
  const { width, height, left, right } = CHART_BOX;
  const format = (v: number | null) => formatSeriesValue(v, series.unit, lang);
  const empty = series.points.every((p) => !p.value);

  return (
    <figure className="ts-chart" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="ts-chart-title">
        {title}
        <span className="ts-chart-total">{format(series.total)}</span>
      </h3>
      <svg
        className="ts-chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        data-series={series.key}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <g className="ts-grid" aria-hidden="true">
          {g.ticks.map((t) => (
            <g key={t.value}>
              <line x1={left} x2={width - right} y1={t.y} y2={t.y} />
              <text x={left - 6} y={t.y} dy="0.32em" textAnchor="end">
                {format(t.value)}
              </text>
            </g>
          ))}
        </g>
        <g className="ts-axis" aria-hidden="true">
          {labelled.map((i) => (
            <text key={i} x={g.bars[i]!.cx} y={g.baseline + 19} textAnchor="middle">
              {name(g.bars[i]!.period)}
            </text>
          ))}
        </g>
        {asLine ? (
          <g className="ts-line">
            {path ? <path d={path} /> : null}
            {g.bars
              .filter((b) => b.value !== null)
              .map((b) => (
                <circle key={b.period} cx={b.cx} cy={b.y} r={4} data-period={b.period} data-value={b.value}>
                  <title>{`${name(b.period, true)}: ${format(b.value)}`}</title>
                </circle>
              ))}
          </g>
        ) : (
          <g className="ts-bars">
            {g.bars.map((b) => (
              <rect
                key={b.period}
                x={b.x}
                y={b.y}
                width={b.width}
                height={Math.max(b.height, 0)}
                data-period={b.period}
                data-value={b.value ?? ""}
              >
                <title>{`${name(b.period, true)}: ${format(b.value)}`}</title>
              </rect>
            ))}
          </g>
        )}
        <line className="ts-baseline" x1={left} x2={width - right} y1={g.baseline} y2={g.baseline} aria-hidden="true" />
        {empty ? (
          <text className="ts-empty" x={(left + width - right) / 2} y={g.baseline / 2} textAnchor="middle" aria-hidden="true">
            {labels.none}
          </text>
        ) : null}
      </svg>
      <table className="ts-table" data-series={series.key}>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.time}</th>
            <th scope="col">{labels.value}</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((p) => (
            <tr key={p.period} data-period={p.period}>
              <th scope="row">{name(p.period, true)}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{labels.total}</th>
            <td>{format(series.total)}</td>
          </tr>
        </tfoot>
      </table>
    </figure>
  );
}
