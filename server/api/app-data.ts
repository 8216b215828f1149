/**
 * `GET /app/data?lang=ru|en|zh` — the app data object the client loads at start (spec §3, §7):
 * `{ appName, defaultLanguage, languages: [{ code, region, name }], defaultCurrency, currencies,
 * classifiers: { okved, tnved: { edition, count, … } }, topCategories: [{ id, slug, icon, name:
 * { text, lang }, productCount }], catalogue: { products, suppliers } }`. `topCategories` are what
 * the header and footer link to: the top-level categories with products, most products first, at
 * most TOP_CATEGORIES. Every figure comes from per-process caches refreshed about once a minute
 * (server/catalog/cache.ts), so the call costs no query on most requests.
 */
import { Hono } from "hono";
import { classifierStats } from "../classifiers/repository.ts";
import { cachedQuery } from "../catalog/cache.ts";
import { publishedCompanyTotal } from "../catalog/companies.ts";
import { COUNTS_TTL_MS, publishedProductTotal, topCategories } from "../catalog/repository.ts";
import type { ApiEnv } from "./app.ts";
import { LangOnly } from "./catalog.ts";
import { PUBLIC_CACHE, ok, parseQuery } from "./http.ts";

export const TOP_CATEGORIES = 12;

/** Classifier editions and counts change only on import: counted once per COUNTS_TTL_MS. */
const classifierCounts = cachedQuery(COUNTS_TTL_MS, (db) => classifierStats(db));

export const APP_NAME = "Postavka";

export const languages = [
  { code: "ru", region: "ru-RU", name: "Русский" },
  { code: "en", region: "en-US", name: "English" },
  { code: "zh", region: "zh-CN", name: "中文" },
] as const;

export const appDataRoutes = new Hono<ApiEnv>().get("/app/data", async (c) => {
  const { lang } = parseQuery(c, LangOnly);
  const db = c.var.db;
  const [classifiers, categories, products, suppliers] = await Promise.all([
    classifierCounts(db, ""),
    topCategories(db, lang, TOP_CATEGORIES),
    publishedProductTotal(db),
    publishedCompanyTotal(db),
  ]);
  c.header("Cache-Control", PUBLIC_CACHE);
  return ok(c, {
    appName: APP_NAME,
    defaultLanguage: "ru",
    languages,
    defaultCurrency: "RUB",
    currencies: ["RUB", "CNY", "USD"],
    classifiers,
    topCategories: categories,
    catalogue: { products, suppliers },
  });
});
