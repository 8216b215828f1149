import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { innCheckDigits, ogrnCheckDigit, validateInn, validateKpp, validateOgrn } from "./identifiers.ts";

const data = path.resolve(import.meta.dirname, "../../../shared/data/companies");
const rows = (file: string) => parse(readFileSync(path.join(data, file), "utf8"), { columns: true }) as Record<string, string>[];

describe("INN", () => {
  test("every real INN of the FNS SME register passes", () => {
    const inns = rows("rsmp_legal_entities.csv").map((r) => r.inn!);
    expect(inns.length).toBeGreaterThan(600);
    for (const inn of inns) expect(validateInn(inn), inn).toBeNull();
  });
  test("every real INN with 2023 headcount passes", () => {
    for (const r of rows("fns_employees_2023.csv")) expect(validateInn(r.inn!), r.inn).toBeNull();
  });
  test("a changed digit fails the checksum", () => {
    expect(validateInn("7707083893")).toBeNull(); // Sberbank
    expect(validateInn("7707083894")).toBe("checksum");
    expect(validateInn("500100732259")).toBeNull();
    expect(validateInn("500100732258")).toBe("checksum");
  });
  test("wrong length or characters are format errors; kind narrows the length", () => {
    for (const bad of ["", "123", "77070838931", "77070838a3", " 7707083893"]) expect(validateInn(bad)).toBe("format");
    expect(validateInn("7707083893", "individual")).toBe("format");
    expect(validateInn("500100732259", "legal")).toBe("format");
  });
  test("check digits complete a body", () => {
    expect(innCheckDigits("770708389")).toBe("3");
    expect(innCheckDigits("5001007322")).toBe("59");
  });
});

describe("OGRN and OGRNIP", () => {
  test("every real OGRN of the Bank of Russia list passes", () => {
    const ogrns = rows("cbr_credit_organizations_20260202.csv")
      .map((r) => r.ogrn!)
      .filter(Boolean);
    expect(ogrns.length).toBeGreaterThan(1500);
    for (const ogrn of ogrns) expect(validateOgrn(ogrn), ogrn).toBeNull();
  });
  test("a changed digit fails; OGRNIP uses mod 13", () => {
    expect(validateOgrn("1027700132195")).toBeNull();
    expect(validateOgrn("1027700132196")).toBe("checksum");
    const ogrnip = `30450011600015`;
    const full = `${ogrnip}${ogrnCheckDigit(ogrnip)}`;
    expect(validateOgrn(full, "individual")).toBeNull();
    expect(validateOgrn(full, "legal")).toBe("format");
  });
});

describe("KPP", () => {
  test.each(["773601001", "7736AB001", "500101001"])("%s is valid", (kpp) => expect(validateKpp(kpp)).toBeNull());
  test.each(["77360100", "7736ab001", "0000010001", "000001001", "77360100X"])("%s is not", (kpp) =>
    expect(validateKpp(kpp)).toBe("format"),
  );
});
