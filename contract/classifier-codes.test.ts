import { describe, expect, test } from "vitest";
import { okvedSubtreePattern } from "./classifier-codes.ts";

/** LIKE as PostgreSQL reads the patterns okvedSubtreePattern makes (digits and dots, one trailing %). */
const like = (pattern: string, code: string) => code.startsWith(pattern.slice(0, -1));

describe("okvedSubtreePattern", () => {
  // OK 029-2014: class 10, subclass 10.1, group 10.11, subgroup 10.11.1, type 10.11.11.
  test.each([
    ["10", ["10", "10.1", "10.11", "10.11.1", "10.11.11", "10.9"], ["11", "01.10"]],
    ["10.1", ["10.1", "10.11", "10.13.2"], ["10.2", "10.20", "11.1", "01.10"]],
    ["10.11", ["10.11", "10.11.1", "10.11.11"], ["10.12", "10.1"]],
  ])("%s covers its own subtree and nothing else", (code, under, outside) => {
    const pattern = okvedSubtreePattern(code);
    for (const c of under) expect(like(pattern, c), c).toBe(true);
    for (const c of outside) expect(like(pattern, c), c).toBe(false);
  });

  test.each(["1", "10%", "10_1", "10.1.2.3", "A", ""])("refuses %j, which is not an OKVED2 code", (code) => {
    expect(() => okvedSubtreePattern(code)).toThrow(/Not an OKVED2 code/);
  });
});
