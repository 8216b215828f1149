/** Pure helpers of the search (no database). */
import { describe, expect, test } from "vitest";
import { buildTsQuery, highlightRanges, tokenize } from "./repository.ts";
import { classifierSynonyms } from "./synonyms.ts";

describe("tokenize", () => {
  test("lower-cases and splits on anything that is not a letter or digit", () => {
    expect(tokenize("Выращивание ПШЕНИЦЫ, ячменя!")).toEqual(["выращивание", "пшеницы", "ячменя"]);
    expect(tokenize("Laptop-computers (portable)")).toEqual(["laptop", "computers", "portable"]);
    expect(tokenize("笔记本电脑、手机")).toEqual(["笔记本电脑", "手机"]);
  });
  test("nothing for punctuation or blanks", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize("   ")).toEqual([]);
    expect(tokenize("'); -- & | ! :* ()")).toEqual([]);
  });
  test("at most 8 tokens of at most 40 characters", () => {
    expect(tokenize("a b c d e f g h i j k")).toHaveLength(8);
    expect(tokenize("я".repeat(100))[0]).toHaveLength(40);
  });
});

const TSQUERY_SYNTAX = /[&|!():*<>']/g;

describe("buildTsQuery", () => {
  test("every token is a prefix and all must match", () => {
    expect(buildTsQuery(["выращивание", "пшеницы"])).toBe("(выращивание:*) & (пшеницы:*)");
  });
  test("a synonym adds the official phrase as an alternative", () => {
    expect(buildTsQuery(["ноутбук"])).toBe("(ноутбук:* | (вычислительные:* & портативные:*))");
  });
  test("a Chinese word is searched only through its synonym; others are left to substring search", () => {
    expect(buildTsQuery(["笔记本电脑"])).toBe("((вычислительные:* & портативные:*))");
    expect(buildTsQuery(["核反应堆"])).toBe("");
    expect(buildTsQuery(["核反应堆", "котлы"])).toBe("(котлы:*)");
  });
  test("empty input gives an empty query", () => {
    expect(buildTsQuery([])).toBe("");
  });
  test.each(["'); drop table okved_codes; --", "a & | ! :*", "()", "*", "foo:* | bar", "x <-> y", "!!!пшеница", "\\' OR 1=1"])(
    "cannot carry tsquery syntax from %j",
    (q) => {
      const query = buildTsQuery(tokenize(q));
      // Only the syntax buildTsQuery itself writes: `(`, `)`, `:*`, ` & `, ` | `.
      const stripped = query
        .replace(/:\*/g, "")
        .replace(/ [&|] /g, " ")
        .replace(/[()]/g, "");
      expect(stripped).not.toMatch(TSQUERY_SYNTAX);
      expect(
        stripped
          .split(/\s+/)
          .filter(Boolean)
          .every((w) => /^[\p{L}\p{N}]+$/u.test(w)),
      ).toBe(true);
    },
  );
  test("every synonym produces a well-formed query", () => {
    for (const word of Object.keys(classifierSynonyms)) {
      const query = buildTsQuery(tokenize(word));
      expect(query, word).toMatch(/^\(.+\)$/);
      expect(query.split("(").length, word).toBe(query.split(")").length);
    }
  });
});

describe("highlightRanges", () => {
  const S = "\u0002";
  const E = "\u0003";
  test("plain-text ranges of the marked fragments", () => {
    expect(highlightRanges(`Выращивание ${S}пшеницы${E}`)).toEqual([[12, 19]]);
    expect(highlightRanges(`${S}a${E} b ${S}cd${E}`)).toEqual([
      [0, 1],
      [4, 6],
    ]);
  });
  test("no markers, no ranges", () => {
    expect(highlightRanges("Выращивание пшеницы")).toEqual([]);
    expect(highlightRanges("")).toEqual([]);
  });
  test("ranges index the unmarked string, also past astral characters", () => {
    const headline = `😀 ${S}чай${E}`;
    // oxlint-disable-next-line no-control-regex -- STX/ETX are the highlight markers under test
    const plain = headline.replace(/[\u0002\u0003]/g, "");
    const [[start, end]] = highlightRanges(headline) as [[number, number]];
    expect(plain.slice(start, end)).toBe("чай");
  });
  test("an unclosed or stray marker does not produce a range", () => {
    expect(highlightRanges(`${S}open`)).toEqual([]);
    expect(highlightRanges(`stray${E} text`)).toEqual([]);
  });
});
