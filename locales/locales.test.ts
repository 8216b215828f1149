import { describe, expect, test } from "vitest";
import { resources } from "./index.ts";
import { ADMIN_VALIDATION_CODES, VALIDATION_CODES } from "#contract/validation.ts";

/** Keys of a nested object as dotted paths, with i18next plural suffixes folded into the base key. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, "")];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("UI strings", () => {
  const [ru, en, zh] = [resources.ru.common, resources.en.common, resources.zh.common].map((r) => [...new Set(keys(r))].sort());
  test("en, ru and zh have the same keys", () => {
    expect(en).toEqual(ru);
    expect(zh).toEqual(ru);
  });
  test("no string is empty", () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      const values = JSON.stringify(resources[lang].common).match(/"[^"]*":""/g);
      expect(values, lang).toBeNull();
    }
  });
  test("every language keeps the interpolation variables of Russian", () => {
    const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const flat = (obj: object, p = ""): [string, string][] =>
      Object.entries(obj).flatMap(([k, v]) =>
        typeof v === "string" ? [[`${p}${k}`.replace(/_(one|few|many|other)$/, ""), v] as [string, string]] : flat(v, `${p}${k}.`),
      );
    const ruVars = new Map(flat(resources.ru.common).map(([k, v]) => [k, vars(v)]));
    for (const lang of ["en", "zh"] as const) {
      for (const [key, value] of flat(resources[lang].common)) expect(vars(value), `${lang}:${key}`).toEqual(ruVars.get(key));
    }
  });
  test("every validation code of the shared schemas has a message (`validation.<code>`) in every language", () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      const messages = resources[lang].common.validation as Record<string, string>;
      for (const code of [...VALIDATION_CODES, ...ADMIN_VALIDATION_CODES])
        expect(messages[code], `${lang}: validation.${code}`).toBeTruthy();
    }
  });
});
