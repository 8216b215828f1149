/**
 * Numbers, money, quantities, dates, TN VED codes, countries and names as a reader of each language
 * expects them (issue 26 §5, defect #19): the one formatter module of the product. Pages import it
 * through app/components/catalog/format.ts, e-mails (server/notifications/mail.ts) directly, so a
 * page and the e-mail about the same inquiry read alike.
 *
 * Rules (sources: CLDR through Intl; ГОСТ Р 7.0.97 for Russian typography; the TN VED EAEU code
 * layout of the Common Customs Tariff):
 * - numbers: "1 234,5" / "1,234.5" / "1,234.5" (Intl, ru-RU / en-US / zh-CN);
 * - money: `formatMoney` rounds amounts ≥ 1000 to whole units (catalogue prices); `formatPrice`
 *   keeps every cent a person typed ("1 300,50 $", "115 000 ₽": no ",00" for whole amounts);
 * - quantities with their unit label per language (contract/units.ts: т / t / 吨);
 * - dates without a time ("2027-02-15", a `date` column) are calendar days, formatted in UTC so no
 *   time zone moves them: "15 февраля 2027 г." / "February 15, 2027" / "2027年2月15日";
 * - TN VED codes grouped 4-2-3-1 as the tariff prints them: "7304 19 300 9";
 * - countries by name (Intl.DisplayNames): "RU" → «Россия» / "Russia" / 俄罗斯;
 * - lists and places joined with the language's punctuation: Chinese "，" and "、", not ", ";
 * - a name in quotation marks unless it carries its own («ООО «Ромашка»» never happens).
 *
 * Isomorphic (Intl only): the browser, the web tier and the API's mail jobs run it. Formatters are
 * cached per language and options (constructing one costs far more than formatting).
 */
import type { Lang } from "./langs.ts";
import { UNITS, type UnitId } from "./units.ts";

/** The Intl locale of each language (the spec's regions). */
export const LANG_LOCALES: Record<Lang, string> = { ru: "ru-RU", en: "en-US", zh: "zh-CN" };

/**
 * One Intl formatter per constructor, locale and options, made once and reused: building an ICU
 * formatter costs far more than formatting with it (the rate date's `new Intl.DateTimeFormat` per call
 * was 9.4 % of a product page's CPU, 2026-11-29 profile), and each one holds ICU memory outside V8's
 * heap until its wrapper is collected. Options must come from code (a bounded set of keys), never
 * from a request.
 */
const intlFormats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DisplayNames>();

function cachedIntl<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DisplayNames>(
  kind: string,
  locale: string | readonly string[],
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${String(locale)}|${JSON.stringify(options)}`;
  let format = intlFormats.get(key) as T | undefined;
  if (!format) intlFormats.set(key, (format = make()));
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, cached (see `cachedIntl`). */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  cachedIntl("dt", locale, options, () => new Intl.DateTimeFormat(locale, options));

/** `new Intl.NumberFormat(locale, options)`, cached. */
export const numberFormatFor = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cachedIntl("nf", locale, options, () => new Intl.NumberFormat(locale, options));

/** `new Intl.RelativeTimeFormat(locale, options)`, cached. */
export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat =>
  cachedIntl("rt", locale, options, () => new Intl.RelativeTimeFormat(locale, options));

/** `new Intl.DisplayNames(locales, options)`, cached. */
export const displayNames = (locales: string | readonly string[], options: Intl.DisplayNamesOptions): Intl.DisplayNames =>
  cachedIntl("dn", locales, options, () => new Intl.DisplayNames(locales as string[], options));

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat per language and options, made once. */
function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LANG_LOCALES[lang], options)));
  return format;
}

/** "1 200 ₽", "¥1,200.00", "$1,200.00" — a catalogue price (decimal string); whole units from 1000 up. */
export function formatMoney(amount: string | null, currency: string | null, lang: Lang): string | null {
  if (amount === null || currency === null) return null;
  const value = Number(amount);
  return numberFormat(lang, { style: "currency", currency, maximumFractionDigits: value >= 1000 ? 0 : 2 }).format(value);
}

/**
 * "1 300,50 $", "115 000 ₽", "$1,300.50" — an amount a person set (a target price, a quote): cents
 * kept when there are any, none shown for a whole amount.
 */
export function formatPrice(amount: string | null, currency: string | null, lang: Lang): string | null {
  if (amount === null || currency === null || amount.trim() === "") return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  const whole = Number.isInteger(value);
  return numberFormat(lang, { style: "currency", currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(value);
}

/** "1 200,5" — a quantity (decimal string) with at most three fraction digits. */
export function formatQuantity(amount: string | null, lang: Lang): string | null {
  if (amount === null) return null;
  return numberFormat(lang, { maximumFractionDigits: 3 }).format(Number(amount));
}

/** The label of a unit id in `lang` (т / t / 吨); an unknown unit as stored. */
export function unitLabel(unit: string | null | undefined, lang: Lang): string {
  if (!unit) return "";
  return Object.hasOwn(UNITS, unit) ? UNITS[unit as UnitId][lang] : unit;
}

/** "12,5 т", "12.5 t", "12.5 吨" — a quantity and its unit (no unit: the number alone). */
export function formatQuantityUnit(amount: string | null, unit: string | null | undefined, lang: Lang): string | null {
  const number = formatQuantity(amount, lang);
  if (number === null) return null;
  const label = unitLabel(unit, lang);
  // A no-break space: «12,5 т» never splits across lines.
  return label ? `${number}\u00A0${label}` : number;
}

/**
 * "1 200" — a count in the page's language. Never `toLocaleString()` without a language: the server's
 * and the browser's defaults differ, and the page would not hydrate (React error 418).
 */
export function formatCount(value: number, lang: Lang): string {
  return numberFormat(lang, {}).format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "23 ноября 2026 г.", "November 23, 2026", "2026年11月23日". `value` is an ISO 8601 timestamp, or
 * a calendar day "YYYY-MM-DD" (formatted in UTC, so the day never shifts with the time zone).
 */
export function formatDate(value: string | Date | null | undefined, lang: Lang): string | null {
  if (!value) return null;
  const day = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const key = `${lang}|${day}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };
    if (day) options.timeZone = "UTC";
    dateFormats.set(key, (format = new Intl.DateTimeFormat(LANG_LOCALES[lang], options)));
  }
  const date = value instanceof Date ? value : new Date(day ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? String(value) : format.format(date);
}

/** Digits per group of a TN VED code as the tariff prints it: 7304 19 300 9. */
const TNVED_GROUPS = [4, 2, 3, 1];

/** "7304 19 300 9" (10 digits), "7304 19" (6), "73" (2): a TN VED code grouped; anything else as given. */
export function formatTnvedCode(code: string | null | undefined): string {
  if (!code) return "";
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{2,10}$/.test(digits)) return code;
  const parts: string[] = [];
  let at = 0;
  for (const size of TNVED_GROUPS) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  // No-break spaces: a code is one word for line breaking.
  return parts.join("\u00A0");
}

const regionNames = new Map<Lang, Intl.DisplayNames>();

/** «Россия» / "Russia" / 俄罗斯 for "RU"; a value that is not a two-letter code (a typed name) as given. */
/** Country names already looked up, by language and code as given. */
const countryNames = new Map<string, string>();

export function countryName(code: string | null | undefined, lang: Lang): string {
  if (!code) return "";
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  // A region's name is asked of ICU once per language and code (at most 3 × 676 entries): `DisplayNames#of`
  // cost more than the rest of a product card's formatting (ADR 064).
  const key = `${lang}|${trimmed}`;
  const known = countryNames.get(key);
  if (known !== undefined) return known;
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([LANG_LOCALES[lang]], { type: "region", fallback: "code" })));
  let name: string;
  try {
    name = names.of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    name = trimmed;
  }
  countryNames.set(key, name);
  return name;
}

/** Parts of a place, largest last or first as given, joined: «Новосибирск, Россия»; Chinese "辽宁省，沈阳". Empty parts dropped. */
export function joinPlace(parts: readonly (string | null | undefined)[], lang: Lang): string {
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(lang === "zh" ? "，" : ", ");
}

/** Items of an enumeration: «сталь, медь»; Chinese "钢、铜". Empty parts dropped. */
export function joinList(parts: readonly (string | null | undefined)[], lang: Lang): string {
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(lang === "zh" ? "、" : ", ");
}

/** Quotation marks of each language (Russian «», English “”, Chinese “”). */
const QUOTES: Record<Lang, [string, string]> = { ru: ["«", "»"], en: ["“", "”"], zh: ["“", "”"] };

/**
 * A name in the language's quotation marks: «Регионстальзавод»; a name that already carries quotes
 * («ООО «Регионстальзавод»», "Hengtai" Co.) is left as it is rather than quoted twice.
 */
export function quoteName(name: string, lang: Lang): string {
  const text = name.trim();
  if (!text) return "";
  if (/[«»“”„"]/.test(text)) return text;
  const [open, close] = QUOTES[lang];
  return `${open}${text}${close}`;
}

/** A quoted passage (a message's excerpt) in the language's quotation marks, always: «…» / “…”. */
export function quoteText(text: string, lang: Lang): string {
  const [open, close] = QUOTES[lang];
  return `${open}${text}${close}`;
}
