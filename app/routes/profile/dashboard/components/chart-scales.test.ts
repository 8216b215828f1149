/** The chart's scales and ticks and its per-language formats (./chart-scales.ts). */
import { describe, expect, it } from "vitest";
import { CHART_BOX, chartGeometry, formatPeriod, formatSeriesValue } from "./chart-scales.ts";

const weeks = (values: (number | null)[]) =>
  values.map((value, i) => ({ period: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10), value }));

describe("chartGeometry", () => {
  it("maps the highest value near the top and zero to the baseline, with round whole ticks for counts", () => {
    const g = chartGeometry(weeks([0, 3, 17, 5]), "count");
    expect(g.baseline).toBe(CHART_BOX.height - CHART_BOX.bottom);
    expect(g.max).toBe(20);
    expect(g.ticks.map((t) => t.value)).toEqual([0, 5, 10, 15, 20]);
    expect(g.ticks[0]!.y).toBe(g.baseline);
    expect(g.ticks.at(-1)!.y).toBe(CHART_BOX.top);
    expect(g.bars[0]!.height).toBe(0);
    // Heights are proportional to the values.
    expect(g.bars[2]!.height / g.bars[1]!.height).toBeCloseTo(17 / 3, 5);
    // Bars stay inside the plot, left to right, without overlapping.
    for (let i = 1; i < g.bars.length; i++) expect(g.bars[i]!.x).toBeGreaterThan(g.bars[i - 1]!.x + g.bars[i - 1]!.width);
    expect(g.bars[0]!.x).toBeGreaterThanOrEqual(CHART_BOX.left);
    expect(g.bars.at(-1)!.x + g.bars.at(-1)!.width).toBeLessThanOrEqual(CHART_BOX.width - CHART_BOX.right);
  });

  it("never shows fractional ticks for small counts, and an empty chart still has an axis", () => {
    expect(chartGeometry(weeks([1, 2, 1]), "count").ticks.map((t) => t.value)).toEqual([0, 1, 2]);
    const empty = chartGeometry(weeks([0, 0]), "count");
    expect(empty.max).toBe(1);
    expect(empty.ticks.map((t) => t.value)).toEqual([0, 1]);
  });

  it("percentages run to 100, hours keep fractional ticks, missing values draw nothing", () => {
    const rate = chartGeometry(weeks([null, 50, 100]), "percent");
    expect(rate.max).toBe(100);
    expect(rate.bars[0]).toMatchObject({ value: null, height: 0 });
    expect(chartGeometry(weeks([0.5, 1.5]), "hours").ticks.map((t) => t.value)).toContain(0.5);
  });

  it("labels at most four buckets, evenly, always the latest", () => {
    const g = chartGeometry(weeks(Array.from({ length: 14 }, () => 1)), "count");
    expect(g.labelled).toEqual([1, 5, 9, 13]);
    expect(g.labelled.at(-1)).toBe(13);
    expect(chartGeometry(weeks([1, 2, 3]), "count").labelled).toEqual([0, 1, 2]);
  });
});

describe("formats per language", () => {
  it("numbers, percentages, hours and money", () => {
    expect(formatSeriesValue(12345, "count", "ru")).toBe("12\u00a0345");
    expect(formatSeriesValue(12345, "count", "en")).toBe("12,345");
    expect(formatSeriesValue(50, "percent", "ru")).toBe("50\u00a0%");
    expect(formatSeriesValue(62.5, "percent", "zh")).toBe("62.5%");
    expect(formatSeriesValue(10, "hours", "en")).toBe("10 hr");
    expect(formatSeriesValue(1500, "RUB", "ru")).toBe("1\u00a0500\u00a0₽");
    expect(formatSeriesValue(null, "count", "zh")).toBe("—");
  });

  it("weeks by their first day, months by month and year", () => {
    expect(formatPeriod("2026-11-02", "week", "en")).toBe("Nov 2");
    expect(formatPeriod("2026-11-02", "week", "zh")).toBe("11月2日");
    expect(formatPeriod("2026-11-01", "month", "zh")).toBe("2026年11月");
    expect(formatPeriod("2026-11-01", "month", "ru", true)).toMatch(/^ноябрь 2026\sг\.$/);
  });
});
