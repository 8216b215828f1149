/** The dashboard's time axis (./buckets.ts): ranges, ISO weeks and months, filled series. */
import { describe, expect, it } from "vitest";
import { bucketStart, dashboardRange, fillSeries } from "./buckets.ts";

const now = new Date("2026-11-29T01:30:00Z"); // a Sunday

describe("dashboardRange", () => {
  it("30 and 90 days are Monday weeks ending with this week, both ends included", () => {
    const r = dashboardRange("30", now);
    expect({ from: r.from, to: r.to, unit: r.unit }).toEqual({ from: "2026-10-31", to: "2026-11-29", unit: "week" });
    expect(r.buckets).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(r.start.toISOString()).toBe("2026-10-31T00:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-11-30T00:00:00.000Z");
    const q = dashboardRange("90", now);
    expect([q.from, q.buckets[0], q.buckets.length]).toEqual(["2026-09-01", "2026-08-31", 13]);
    expect(q.buckets.every((b) => new Date(`${b}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
  });

  it("365 days are calendar months, across the year's end", () => {
    const r = dashboardRange("365", now);
    expect(r.unit).toBe("month");
    expect(r.from).toBe("2025-11-30");
    expect(r.buckets[0]).toBe("2025-11-01");
    expect(r.buckets.at(-1)).toBe("2026-11-01");
    expect(r.buckets.length).toBe(13);
  });

  it("a Monday starts its own week; a Sunday belongs to the week before", () => {
    expect(bucketStart(new Date("2026-11-23T23:59:00Z"), "week").toISOString().slice(0, 10)).toBe("2026-11-23");
    expect(bucketStart(new Date("2026-11-29T00:00:00Z"), "week").toISOString().slice(0, 10)).toBe("2026-11-23");
  });
});

describe("fillSeries", () => {
  it("puts every bucket in, the missing ones as the empty value", () => {
    const r = dashboardRange("30", now);
    const counts = fillSeries(r, "inquiries", "count", new Map([["2026-11-09", 3]]), 3);
    expect(counts.points.map((p) => p.value)).toEqual([0, 0, 3, 0, 0]);
    const rates = fillSeries(r, "responseRate", "percent", new Map([["2026-11-09", 50]]), 50, null);
    expect(rates.points.map((p) => p.value)).toEqual([null, null, 50, null, null]);
  });
});
