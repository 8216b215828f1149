/**
 * i18next instances with the real locale files, one per page language (ru, en, zh), initialised as
 * the server's pages are (namespace `common`, fallback `ru`, values not escaped: React escapes them),
 * for tests that render real components to HTML.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { resources } from "#locales/index.ts";

/** Language → an initialised instance. */
export async function pageI18ns(): Promise<Map<string, I18n>> {
  const i18ns = new Map<string, I18n>();
  for (const lng of ["ru", "en", "zh"]) {
    const i18n = createInstance();
    await i18n.init({ lng, resources, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: false } });
    i18ns.set(lng, i18n);
  }
  return i18ns;
}
