/**
 * The client's UI strings (ADR 021): `loadPublicStrings(lang)` gives the part every page needs
 * before hydrating; `ensurePrivateStrings()` adds the profile and admin areas' part to the i18next
 * instance once per language — entry.client calls it before hydrating such a page, and the areas'
 * client middleware (routes/profile/layout.tsx, routes/admin/layout.tsx) before a client navigation renders one.
 */
import i18next from "i18next";
import type { Lang } from "./i18n.ts";

type Strings = { default: Record<string, unknown> };

const publicParts: Record<Lang, () => Promise<Strings>> = {
  ru: () => import("virtual:locale/ru/public"),
  en: () => import("virtual:locale/en/public"),
  zh: () => import("virtual:locale/zh/public"),
};

const privateParts: Record<Lang, () => Promise<Strings>> = {
  ru: () => import("virtual:locale/ru/private"),
  en: () => import("virtual:locale/en/private"),
  zh: () => import("virtual:locale/zh/private"),
};

export async function loadPublicStrings(lang: Lang): Promise<Record<string, unknown>> {
  return (await publicParts[lang]()).default;
}

/** Loads the private part for `lang` (default: i18next's current language) and merges it in. */
export async function ensurePrivateStrings(lang: Lang = i18next.language as Lang): Promise<Record<string, unknown>> {
  const part = (await privateParts[lang]()).default;
  if (i18next.isInitialized) i18next.addResourceBundle(lang, "common", part, true, false);
  return part;
}

/**
 * Client middleware of the profile and admin areas: a client navigation into them loads the private
 * strings beside the route's data, and the page renders once both are there.
 */
export async function privateStringsMiddleware(_args: unknown, next: () => Promise<unknown>): Promise<void> {
  const loading = ensurePrivateStrings();
  await next();
  await loading;
}
