import { describe, expect, test } from "vitest";
import { timeAgo } from "./relative-time.ts";

describe("timeAgo", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  test("picks the largest whole unit, in the page's language", () => {
    expect(timeAgo(ago(20), now, "en")).toBe("this minute");
    expect(timeAgo(ago(5 * 60), now, "en")).toBe("5 minutes ago");
    expect(timeAgo(ago(3 * 3600 + 10), now, "en")).toBe("3 hours ago");
    expect(timeAgo(ago(26 * 3600), now, "en")).toBe("yesterday");
    expect(timeAgo(ago(5 * 60), now, "ru")).toBe("5 минут назад");
    expect(timeAgo(ago(5 * 60), now, "zh")).toBe("5分钟前");
  });
});
