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

export function formatQuantity(amount: string | null, lang: Lang): string | null {
  if (amount === null) return null;
  return numberFormat(lang, { maximumFractionDigits: 3 }).format(Number(amount));
}

export function formatDate(iso: string | null, lang: Lang): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat(LANG_REGIONS[lang], { year: "numeric", month: "long", day: "numeric" }).format(new Date(iso));
}
