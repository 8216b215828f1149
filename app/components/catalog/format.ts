/** Number and money formatting for the page's language (Intl; locales from the spec's regions). */
import { LANG_REGIONS, type Lang } from "../../lib/i18n.ts";

const formats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat per language and options, made once: constructing one costs more than formatting. */
function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(LANG_REGIONS[lang], options)));
  return format;
}

/** "1 200 ₽", "¥1,200.00", "$1,200.00" — amounts are decimal strings from the API. */
export function formatMoney(amount: string | null, currency: string | null, lang: Lang): string | null {
  if (amount === null || currency === null) return null;
  const value = Number(amount);
  return numberFormat(lang, { style: "currency", currency, maximumFractionDigits: value >= 1000 ? 0 : 2 }).format(value);
}

/** "1 200,5" — a quantity (decimal string) with at most three fraction digits. */
export function formatQuantity(amount: string | null, lang: Lang): string | null {
  if (amount === null) return null;
  return numberFormat(lang, { maximumFractionDigits: 3 }).format(Number(amount));
}

/**
 * "1 200" — a count in the page's language. Never `toLocaleString()` without a language: the server's
 * and the browser's defaults differ, and the page would not hydrate (React error 418).
 */
export function formatCount(value: number, lang: Lang): string {
  return numberFormat(lang, {}).format(value);
}

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/** "23 ноября 2026 г.", "November 23, 2026", "2026年11月23日"; `iso` is an ISO 8601 timestamp. */
export function formatDate(iso: string | null, lang: Lang): string | null {
  if (!iso) return null;
  let format = dateFormats.get(lang);
  // One per language: a list of stories formatted a new one for every card during hydration.
  if (!format)
    dateFormats.set(lang, (format = new Intl.DateTimeFormat(LANG_REGIONS[lang], { year: "numeric", month: "long", day: "numeric" })));
  return format.format(new Date(iso));
}
