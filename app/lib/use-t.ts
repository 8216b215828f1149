/**
 * `useT()`: the translate function of the page's i18next instance, for components rendered many
 * times per page (cards, localized names, prices) and the layout.
 *
 * Why not react-i18next's `useTranslation`: it copies the whole i18next instance
 * (`Object.getOwnPropertyDescriptors`) the first time each component instance renders — on the
 * server, every render. On a product page under load that was 11 % of the server's CPU
 * (`npm run bench`, docs/benchmarks.md). Pages change language only through a full document load
 * (`/_locale`), so no component has to re-render on a language change, and reading the instance
 * from context is enough.
 *
 * On the server a key asked without options is translated once per language and build: i18next's
 * `t` resolves, interpolates and nests every call, and a product page asks a few hundred plain keys
 * (6 % of the uncached page's CPU, issue 17). See `plainTranslations`.
 */
import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext, getI18n } from "react-i18next";

/** Plain keys kept per language at the most (the locale files hold about 3,000 keys). */
const MAX_PLAIN_KEYS = 10_000;

/**
 * Translations of option-less keys, per resource object (the server's instances are created per
 * request from one imported `resources` object, so they share it; a test with resources of its own
 * gets its own entries) and per language. Server-only: in the browser bundles are added after
 * start-up (private strings, locale loaders), so a cached fallback could hide a string loaded later.
 */
const plainTranslations = new WeakMap<object, Map<string, Map<string, string>>>();

function cachedT(i18n: I18n): TFunction {
  const t = i18n.t.bind(i18n) as TFunction;
  const untyped = t as unknown as (...args: unknown[]) => string;
  const resources = i18n.store?.data;
  if (!import.meta.env.SSR || !resources) return t;
  let byLang = plainTranslations.get(resources);
  if (!byLang) plainTranslations.set(resources, (byLang = new Map()));
  const lang = i18n.language;
  let cache = byLang.get(lang);
  if (!cache) byLang.set(lang, (cache = new Map()));
  const plain = cache;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return untyped(key, ...rest);
    let text = plain.get(key);
    if (text === undefined) {
      text = untyped(key);
      if (plain.size < MAX_PLAIN_KEYS) plain.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
}

export function useT(): TFunction {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return cachedT(i18n);
}
