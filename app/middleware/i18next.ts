/**
 * i18next for the request: the language comes from the URL's prefix only (unprefixed = Russian), so
 * a page's language never depends on a cookie and caches stay correct.
 *
 * One initialised instance per language for the whole process, shared by every request of that
 * language (ADR 060): remix-i18next's middleware created and initialised a new instance per request
 * (≈ 2 % of an uncached product page's CPU with its garbage). Sharing is safe because the server
 * only reads them — `t`, `language` — and never changes their language or resources (the browser's
 * `changeLanguage` and `addResourceBundle` act on the browser's own instance, app/entry.client.tsx).
 * The exports keep remix-i18next's shape: `[middleware, getLocale(context), getInstance(context)]`.
 */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { resources } from "#locales/index.ts";
import { DEFAULT_LANG, pageLang, type Lang } from "../lib/i18n.ts";

const localeContext = createContext<Lang>();
const i18nextContext = createContext<i18n>();

/** The process's instance of each language, initialised on first use. */
const instances = new Map<Lang, Promise<i18n>>();

function instanceFor(lng: Lang): Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance({ resources, defaultNS: "common", fallbackLng: DEFAULT_LANG, interpolation: { escapeValue: false } });
    created.use(initReactI18next);
    instance = created.init({ lng }).then(() => created);
    instances.set(lng, instance);
  }
  return instance;
}

/** Puts the page's language and its i18next instance into the router context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const lng = pageLang(request);
  context.set(localeContext, lng);
  context.set(i18nextContext, await instanceFor(lng));
  return next();
};

/** The request's language (set by i18nextMiddleware). */
export const getLocale = (context: Readonly<RouterContextProvider>): Lang => context.get(localeContext);

/** The request's i18next instance (set by i18nextMiddleware); read it, never change its language. */
export const getInstance = (context: Readonly<RouterContextProvider>): i18n => context.get(i18nextContext);
