import { describe, expect, it } from "vitest";
import { isoDate, titleCase } from "./format.ts";

describe("register values", () => {
  it("dates: the register's DD.MM.YYYY as ISO, impossible dates refused", () => {
    expect(isoDate("10.02.2019")).toBe("2019-02-10");
    expect(isoDate("29.02.2024")).toBe("2024-02-29");
    expect(isoDate("29.02.2023")).toBeNull();
    expect(isoDate("29.02.1900")).toBeNull();
    expect(isoDate("29.02.2000")).toBe("2000-02-29");
    for (const bad of ["31.04.2020", "00.01.2020", "01.13.2020", "2020-01-01", "1.1.2020", "", undefined]) expect(isoDate(bad)).toBeNull();
  });
  it("names printed in capitals get title case, service words inside stay lower", () => {
    expect(titleCase("РОСТОВ-НА-ДОНУ")).toBe("Ростов-на-Дону");
    expect(titleCase("СЛОСТИН ДМИТРИЙ")).toBe("Слостин Дмитрий");
    expect(titleCase("ЁЛКИНО")).toBe("Ёлкино");
    expect(titleCase("НА ЛУГУ")).toBe("На Лугу");
    expect(titleCase("РОСТОВ-НА-ДОНУ")).toBe("Ростов-на-Дону");
  });
});
