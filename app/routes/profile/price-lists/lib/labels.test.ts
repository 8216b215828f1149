/**
 * A price list over a reading bound (issue 25, N1/N2) is refused with `price_list_too_large` and
 * `details: { limit, value, max }`: the page names the bound and the file's figure in the user's
 * language, numbers formatted per language and plural forms right; bytes are shown in MB.
 */
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import { PRICE_LIST_LIMITS } from "#contract/errors.ts";
import { resources } from "#locales/index.ts";
import { refusalText } from "./labels.ts";

describe("refusals of a price list over a reading bound", () => {
  const t: Record<"ru" | "en" | "zh", TFunction> = {} as never;
  beforeAll(async () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      const instance = i18next.createInstance();
      await instance.init({ resources, lng: lang, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: false } });
      t[lang] = instance.t;
    }
  });
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

  test("the bound and the file's value, formatted and declined per language", () => {
    const columns = { limit: "columns", value: 1_000_003, max: 200 };
    expect(nbsp(refusalText(t.ru, "price_list_too_large", columns))).toBe("В файле 1 000 003 столбца, допускается не больше 200.");
    expect(refusalText(t.en, "price_list_too_large", columns)).toBe("The file has 1,000,003 columns; at most 200 are allowed.");
    expect(refusalText(t.zh, "price_list_too_large", columns)).toBe("文件有 1,000,003 列，最多允许 200 列。");
    expect(nbsp(refusalText(t.ru, "price_list_too_large", { limit: "categories", value: 100_000, max: 5_000 }))).toBe(
      "В файле 100 000 категорий, допускается не больше 5 000.",
    );
    expect(nbsp(refusalText(t.ru, "price_list_too_large", { limit: "entry_bytes", value: 1024 ** 3, max: 64 * 1024 ** 2 }))).toBe(
      "Одна из частей файла после распаковки занимает 1 024 МБ, допускается не больше 64 МБ.",
    );
  });

  test("every bound has its text in every language; without details the generic refusal shows", () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      for (const limit of PRICE_LIST_LIMITS) {
        const text = refusalText(t[lang], "price_list_too_large", { limit, value: 3, max: 2 });
        expect(text, `${lang} ${limit}`).not.toMatch(/tooLarge|{{|price_list/);
        expect(text, `${lang} ${limit}`).not.toBe(resources[lang].common.priceLists.apiErrors.price_list_too_large);
      }
      expect(refusalText(t[lang], "price_list_too_large")).toBe(resources[lang].common.priceLists.apiErrors.price_list_too_large);
    }
  });
});
