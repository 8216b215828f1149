import { describe, expect, test } from "vitest";
import { fill, fillL3 } from "./text.ts";
import type { L3 } from "./types.ts";

describe("localized templates", () => {
  test("fillL3 fills each language as fill does with that language's values, unknown placeholders kept", () => {
    const template: L3 = {
      ru: "{name} от {moq} {unit}. {unknown} {city}{city}",
      en: "{name}: from {moq} {unit} {grade}",
      zh: "{name}{moq}{unit}起订{}",
    };
    const vars: Record<string, L3 | string> = {
      name: { ru: "Труба «$&»", en: "Pipe $1", zh: "钢管" },
      moq: "2,5",
      unit: { ru: "т", en: "t", zh: "吨" },
      city: { ru: "Тула", en: "Tula", zh: "" },
      grade: { ru: "Ст3", zh: "St3" } as L3,
    };
    const out = fillL3(template, vars);
    for (const lang of ["ru", "en", "zh"] as const) {
      const flat: Record<string, string> = {};
      for (const [key, value] of Object.entries(vars)) flat[key] = typeof value === "string" ? value : value[lang];
      expect(out[lang], lang).toBe(fill(template[lang], flat));
    }
    expect(out.ru).toBe("Труба «$&» от 2,5 т. {unknown} ТулаТула");
    expect(out.en).toBe("Pipe $1: from 2,5 t {grade}");
    // The same template object filled again (its split is cached) gives the same text.
    expect(fillL3(template, vars)).toEqual(out);
  });
});
