/**
 * i18next for the request (remix-i18next): the language comes from the URL's prefix only
 * (unprefixed = Russian), so a page's language never depends on a cookie and caches stay correct.
 */
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { resources } from "#locales/index.ts";
import { DEFAULT_LANG, LANGS, pageLang } from "../lib/i18n.ts";

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: DEFAULT_LANG,
    // remix-i18next requires an async findLocale.
    async findLocale({ request }) {
      return pageLang(request);
    },
  },
  i18next: { resources, defaultNS: "common", fallbackLng: DEFAULT_LANG, interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});
