import { describe, expect, test } from "vitest";
import { deviceClassForWidth, deviceClassFromCookieHeader, isCompact, viewportCookie } from "./viewport.ts";

describe("viewport device class (spec §9)", () => {
  test("breakpoints are min-widths", () => {
    const cases: [number, string][] = [
      [200, "xs"],
      [320, "xs"],
      [639, "xs"],
      [640, "sm"],
      [767, "sm"],
      [768, "md"],
      [1023, "md"],
      [1024, "lg"],
      [1279, "lg"],
      [1280, "xl"],
      [1439, "xl"],
      [1440, "2xl"],
      [2560, "2xl"],
    ];
    for (const [width, expected] of cases) expect(deviceClassForWidth(width), String(width)).toBe(expected);
  });

  test("the cookie names the class; anything else falls back to desktop (lg)", () => {
    expect(deviceClassFromCookieHeader("locale=en; viewport=sm")).toBe("sm");
    expect(deviceClassFromCookieHeader("viewport=2xl")).toBe("2xl");
    expect(deviceClassFromCookieHeader("viewport=phone")).toBe("lg");
    expect(deviceClassFromCookieHeader("locale=en")).toBe("lg");
    expect(deviceClassFromCookieHeader(null)).toBe("lg");
  });

  test("the cookie lasts 365 days, is strict same-site, secure in production", () => {
    expect(viewportCookie("md", true)).toBe("viewport=md; Max-Age=31536000; Path=/; SameSite=Strict; Secure");
    expect(viewportCookie("md", false)).not.toContain("Secure");
  });

  test("xs and sm get the compact layout", () => {
    expect(["xs", "sm", "md", "lg"].map((c) => isCompact(c as "xs"))).toEqual([true, true, false, false]);
  });
});
