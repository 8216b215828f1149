/** Number and money formatting for the page's language (Intl; locales from the spec's regions). */
import { LANG_REGIONS, type Lang } from "../../lib/i18n.ts";

/** "1 200 ₽", "¥1,200.00", "$1,200.00" — amounts are decimal strings from the API. */
export function formatMoney(amount: string | null, currency: string | null, lang: Lang): string | null {
  if (amount === null || currency === null) return null;
  const value = Number(amount);
  return new Intl.NumberFormat(LANG_REGIONS[lang], {
    style: "currency",
    currency,
    maximumFractionDigits: value >= 1000 ? 0 : 2,
  }).format(value);
}

export function formatQuantity(amount: string | null, lang: Lang): string | null {
  if (amount === null) return null;
  return new Intl.NumberFormat(LANG_REGIONS[lang], { maximumFractionDigits: 3 }).format(Number(amount));
}

export function formatDate(iso: string | null, lang: Lang): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat(LANG_REGIONS[lang], { year: "numeric", month: "long", day: "numeric" }).format(new Date(iso));
}
