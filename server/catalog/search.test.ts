/** The Chinese word → tsquery text rule of catalogue search (ADR 068), without a database. */
import { describe, expect, test } from "vitest";
import { cjkPhraseQuery } from "./search.ts";

describe("cjkPhraseQuery", () => {
  test("a word of n ≥ 2 characters is the chain of its n − 1 adjacent pairs, two positions apart", () => {
    expect(cjkPhraseQuery("汽车配件")).toBe("汽车 <2> 车配 <2> 配件");
    expect(cjkPhraseQuery("钢管")).toBe("钢管");
  });

  test("one character is itself", () => {
    expect(cjkPhraseQuery("汽")).toBe("汽");
  });

  test("anything but a run of Chinese characters is refused", () => {
    expect(() => cjkPhraseQuery("")).toThrow();
    expect(() => cjkPhraseQuery("dn50钢管")).toThrow();
  });
});
