/**
 * Languages and locale-aware paths (DESIGN §5): one optional language prefix; unprefixed paths are
 * Russian. Every internal URL is built here (`localePath`), never by concatenating prefixes in routes.
 * Loaders and actions read the page's language with `pageLang(request)` and build a URL in it with
 * `localizedPath(request, path)` (redirects with a flash message: app/lib/redirect.server.ts).
 */
import { DEFAULT_LANG, isLang, LANGS, type Lang } from "#contract/langs.ts";
import { documentUrl } from "./document-url.ts";

export { DEFAULT_LANG, isLang, LANGS, type Lang };
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** BCP 47 region tags of the spec (§1). */
export const LANG_REGIONS: Record<Lang, string> = { ru: "ru-RU", en: "en-US", zh: "zh-CN" };
export const LANG_NAMES: Record<Lang, string> = { ru: "Русский", en: "English", zh: "中文" };
/** The languages as the options of a select, each named in itself. */
export const LANG_OPTIONS = LANGS.map((lang) => ({ value: lang, label: LANG_NAMES[lang] }));

/** Splits a pathname into its language and the rest: "/en/okved" → { lang: "en", rest: "/okved", prefixed: true }. */
export function splitLocalePath(pathname: string): { lang: Lang; rest: string; prefixed: boolean } {
  // A page asks this of its own path from dozens of components (useLang): the last answer is kept (ADR 064).
  // Callers only read the object; it is frozen so that none can change another's answer.
  if (pathname === lastSplit.pathname) return lastSplit.result;
  const result = Object.freeze(splitLocalePathOnce(pathname));
  lastSplit = { pathname, result };
  return result;
}

let lastSplit: { pathname: string | null; result: { lang: Lang; rest: string; prefixed: boolean } } = {
  pathname: null,
  result: { lang: DEFAULT_LANG, rest: "/", prefixed: false },
};

function splitLocalePathOnce(pathname: string): { lang: Lang; rest: string; prefixed: boolean } {
  const [, first, ...others] = pathname.split("/");
  if (isLang(first)) return { lang: first, rest: `/${others.join("/")}`, prefixed: true };
  return { lang: DEFAULT_LANG, rest: pathname || "/", prefixed: false };
}

/**
 * The language of the page a request is for (its URL's prefix; `.data` requests of client
 * navigations count as their page). The same rule as the i18next middleware's `findLocale`.
 */
export function pageLang(request: Request): Lang {
  return splitLocalePath(documentUrl(request).pathname).lang;
}

/**
 * The URL of a language-neutral `path` in the request's language, keeping the prefix the request
 * came with (`/ru/…` stays prefixed): "/profile" from an `/en/…` page → "/en/profile".
 */
export function localizedPath(request: Request, path: string): string {
  const { lang, prefixed } = splitLocalePath(documentUrl(request).pathname);
  return localePath(lang, path, prefixed);
}

/**
 * The URL of `path` (language-neutral, starting with "/") in `lang`: Russian unprefixed
 * unless `forcePrefix`, other languages prefixed. "/" in English is "/en".
 */
export function localePath(lang: Lang, path: string, forcePrefix = false): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === DEFAULT_LANG && !forcePrefix) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

// `langFromAcceptLanguage` is the contract's (contract/langs.ts, zod-free): the language segment's
// loader and the API's page cache import it from there.
