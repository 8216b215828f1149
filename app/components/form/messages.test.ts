import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import { resources } from "#locales/index.ts";
import { messageText } from "./messages.ts";

describe("form messages", () => {
  const t: Record<"ru" | "en" | "zh", TFunction> = {} as never;
  beforeAll(async () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      const instance = i18next.createInstance();
      await instance.init({ resources, lng: lang, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: false } });
      t[lang] = instance.t;
    }
  });

  test("a locale key is shown as it is", () => {
    expect(messageText(t.en, "apiErrors.last_owner")).toBe(resources.en.common.apiErrors.last_owner);
    expect(messageText(t.ru, "admin.errors.slug_taken")).toBe(resources.ru.common.admin.errors.slug_taken);
  });

  test("a bare code is a validation message, else an API refusal", () => {
    expect(messageText(t.en, "inn_checksum")).toBe(resources.en.common.validation.inn_checksum);
    expect(messageText(t.en, "slug_format")).toBe(resources.en.common.validation.slug_format);
    expect(messageText(t.ru, "under_moderation", "form")).toBe(resources.ru.common.apiErrors.under_moderation);
  });

  test("a message without text falls back by place, never showing the raw code", () => {
    expect(messageText(t.en, "no_such_code")).toBe(resources.en.common.validation.invalid_format);
    expect(messageText(t.en, "no_such_code", "form")).toBe(resources.en.common.apiErrors.internal_error);
    expect(messageText(t.en, "nowhere.to.be.found", "form")).toBe(resources.en.common.apiErrors.internal_error);
  });

  test("a count fills the text and picks the language's plural form", () => {
    const left = (lang: "ru" | "en" | "zh", count: number) => messageText(t[lang], "auth.errors.invalidCodeLeft", "field", { count });
    expect([1, 2, 4].map((n) => left("ru", n))).toEqual([
      "Неверный код. Осталась 1 попытка.",
      "Неверный код. Осталось 2 попытки.",
      "Неверный код. Осталось 4 попытки.",
    ]);
    expect(left("ru", 5)).toBe("Неверный код. Осталось 5 попыток.");
    expect([1, 4].map((n) => left("en", n))).toEqual(["Wrong code. 1 attempt left.", "Wrong code. 4 attempts left."]);
    expect(left("zh", 4)).toBe("验证码错误，还剩 4 次机会。");
  });
});
