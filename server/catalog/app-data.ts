/**
 * The app data a client loads at start (spec §3, contract/app-data.ts). `topCategories` are what
 * the header and footer link to: the top-level categories with products, most products first, at
 * most TOP_CATEGORIES. Every figure comes from per-process caches refreshed about once a minute
 * (cache.ts), so the call costs no query on most requests.
 */
import type { AppData } from "#contract/app-data.ts";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import { classifierStats } from "../classifiers/repository.ts";
import { cachedQuery } from "./cache.ts";
import { publishedCompanyTotal } from "./companies.ts";
import { COUNTS_TTL_MS, publishedProductTotal, topCategories } from "./repository.ts";

export const APP_NAME = "Postavka";
export const TOP_CATEGORIES = 12;

/** The interface languages with their BCP 47 tags and own names (Russian first: the default). */
export const languages = [
  { code: "ru", region: "ru-RU", name: "Русский" },
  { code: "en", region: "en-US", name: "English" },
  { code: "zh", region: "zh-CN", name: "中文" },
] as const;

/** Classifier editions and counts change only on import: counted once per COUNTS_TTL_MS. */
const classifierCounts = cachedQuery(COUNTS_TTL_MS, (db) => classifierStats(db));

/** The app data with names in `lang`. */
export async function loadAppData(db: Db, lang: Lang): Promise<AppData> {
  const [classifiers, categories, products, suppliers] = await Promise.all([
    classifierCounts(db, ""),
    topCategories(db, lang, TOP_CATEGORIES),
    publishedProductTotal(db),
    publishedCompanyTotal(db),
  ]);
  return {
    appName: APP_NAME,
    defaultLanguage: "ru",
    languages: [...languages],
    defaultCurrency: "RUB",
    currencies: ["RUB", "CNY", "USD"],
    classifiers,
    topCategories: categories,
    catalogue: { products, suppliers },
  };
}
