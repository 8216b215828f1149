import { describe, expect, test } from "vitest";
import { allowedEdits, editDistance } from "./vocabulary.ts";

describe("spelling distance", () => {
  test.each([
    ["труба", "труба", 0],
    ["турба", "труба", 1], // adjacent letters swapped: one edit, not two
    ["подшипнк", "подшипник", 1],
    ["насСос".toLowerCase(), "насос", 1],
    ["bearng", "bearing", 1],
    ["кабель", "", 6],
    ["钢管", "钢材", 1],
  ])("%s → %s is %i edits", (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
    expect(editDistance(b, a)).toBe(edits);
  });

  test("short words get one edit, longer ones more", () => {
    expect([3, 5, 6, 9, 10, 20].map(allowedEdits)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
