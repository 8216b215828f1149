import { describe, expect, test } from "vitest";
import { canonicalCode, citedCodes, codeDigits, formatCode, okvedCodeFromDigits, parseCodeQuery, type Classifier } from "./codes.ts";

/** `[classifier, input]` rows for test.each, from the inputs listed under each classifier. */
function byClassifier(inputs: Record<Classifier, string[]>): [Classifier, string][] {
  return (["okved", "tnved"] as const).flatMap((classifier) =>
    inputs[classifier].map((input): [Classifier, string] => [classifier, input]),
  );
}

describe("codeDigits", () => {
  test("keeps digits only", () => {
    expect(codeDigits("84 71.30-000 0")).toBe("8471300000");
    expect(codeDigits("abc")).toBe("");
  });
});

describe("parseCodeQuery", () => {
  test.each([
    ["okved", "62.01", { kind: "digits", digits: "6201" }],
    ["okved", " 6201 ", { kind: "digits", digits: "6201" }],
    ["okved", "62 01", { kind: "digits", digits: "6201" }],
    ["okved", "a", { kind: "section", code: "A" }],
    ["okved", "U", { kind: "section", code: "U" }],
    ["tnved", "8471 30", { kind: "digits", digits: "847130" }],
    ["tnved", "8471-30-000-0", { kind: "digits", digits: "8471300000" }],
    ["tnved", "xvi", { kind: "section", code: "XVI" }],
    ["tnved", "XXI", { kind: "section", code: "XXI" }],
    ["tnved", "IV", { kind: "section", code: "IV" }],
  ] as const)("%s %j → %j", (classifier, q, expected) => {
    expect(parseCodeQuery(classifier, q)).toEqual(expected);
  });

  test.each(
    byClassifier({
      okved: ["V" /* OKVED sections end at U */, "пшеница", "", "  ", "...", "62.01 программы"],
      tnved: ["A", "XXX", "IIII", "laptop", "8471a"],
    }),
  )("%s %j is not a code", (classifier, q) => {
    expect(parseCodeQuery(classifier, q)).toBeNull();
  });
});

describe("okvedCodeFromDigits", () => {
  test.each([
    ["62", "62"],
    ["011", "01.1"],
    ["0111", "01.11"],
    ["01111", "01.11.1"],
    ["620110", "62.01.10"],
  ])("%s → %s", (digits, code) => expect(okvedCodeFromDigits(digits)).toBe(code));
});

describe("canonicalCode", () => {
  test.each([
    ["okved", "6201", "62.01"],
    ["okved", "62 01", "62.01"],
    ["okved", "62.01", "62.01"],
    ["okved", "62.01.1", "62.01.1"],
    ["okved", "01.11.11", "01.11.11"],
    ["okved", "b", "B"],
    ["tnved", "8471 30 000 0", "8471300000"],
    ["tnved", "8471.30", "847130"],
    ["tnved", "84", "84"],
    ["tnved", "xvi", "XVI"],
  ] as const)("%s %j → %s", (classifier, input, code) => {
    expect(canonicalCode(classifier, input)).toBe(code);
  });

  test.each(
    byClassifier({
      okved: ["1", "1234567", "62.01 software"],
      tnved: ["847", "84713", "84713000", "84713000001", "'); drop table tnved_codes; --"],
    }),
  )("%s %j → null", (classifier, input) => {
    expect(canonicalCode(classifier, input)).toBeNull();
  });
});

describe("formatCode", () => {
  test("spaces TN VED codes as in the tariff", () => {
    expect(formatCode("tnved", "8471300000")).toBe("8471 30 000 0");
    expect(formatCode("tnved", "847130")).toBe("8471 30");
    expect(formatCode("tnved", "8471")).toBe("8471");
    expect(formatCode("tnved", "84")).toBe("84");
    expect(formatCode("tnved", "XVI")).toBe("XVI");
  });
  test("leaves OKVED codes unchanged", () => {
    expect(formatCode("okved", "62.01.1")).toBe("62.01.1");
    expect(formatCode("okved", "A")).toBe("A");
  });
  test("round-trips with canonicalCode", () => {
    for (const code of ["8471300000", "847130", "8471", "84"]) {
      expect(canonicalCode("tnved", formatCode("tnved", code))).toBe(code);
    }
  });
});

describe("citedCodes", () => {
  test("OKVED: codes after «см.» in order of first appearance, without duplicates", () => {
    const text = "- выращивание сахарной кукурузы, см. 01.13;\n- кормовой кукурузы, см. 01.19;\n- снова 01.13 и 01.26.1";
    expect(citedCodes("okved", text)).toEqual(["01.13", "01.19", "01.26.1"]);
  });
  test("OKVED: plain numbers and dates are not codes", () => {
    expect(citedCodes("okved", "в 2014 году, 15 тонн")).toEqual([]);
  });
  test("TN VED: 4, 6 and 10 digit codes, spaced or not", () => {
    expect(citedCodes("tnved", "товарной позиции 0401, субпозиции 8471 30 и 8471 30 000 0, 847149")).toEqual([
      "0401",
      "847130",
      "8471300000",
      "847149",
    ]);
  });
  test("TN VED: 2-digit chapter numbers are ignored", () => {
    expect(citedCodes("tnved", "группы 84 и 85")).toEqual([]);
  });
});
