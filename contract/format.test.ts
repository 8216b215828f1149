import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, numberFormatFor, relativeTimeFormat } from "./format.ts";

describe("cached Intl formatters", () => {
  it("answers one formatter per locale and options, formatting as a new one would", () => {
    const options: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" };
    const first = dateTimeFormat("ru-RU", options);
    expect(dateTimeFormat("ru-RU", { ...options })).toBe(first);
    expect(dateTimeFormat("en-GB", options)).not.toBe(first);
    expect(first.format(new Date("2025-12-13T00:00:00Z"))).toBe("13.12.2025");
    expect(numberFormatFor("ru-RU", { maximumFractionDigits: 3 }).format(12.5)).toBe(
      new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 3 }).format(12.5),
    );
    expect(numberFormatFor("ru-RU", { maximumFractionDigits: 3 })).not.toBe(numberFormatFor("ru-RU", { maximumFractionDigits: 6 }));
    expect(relativeTimeFormat("zh-CN", { numeric: "auto" })).toBe(relativeTimeFormat("zh-CN", { numeric: "auto" }));
    expect(displayNames(["ru-RU"], { type: "region" }).of("CN")).toBe("Китай");
  });
});
