/**
 * Small text helpers for the demo catalogue: transliteration, slugs, templates, numbers per language.
 */
import type { Lang } from "#server/db/schema.ts";
import type { L3 } from "./types.ts";

const TRANSLIT: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Russian → Latin (a simplified BGN/PCGN romanization), keeping case of the first letter of words. */
export function translit(text: string): string {
  let out = "";
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const mapped = TRANSLIT[lower];
    if (mapped === undefined) out += ch;
    else out += ch !== lower && mapped ? mapped.charAt(0).toUpperCase() + mapped.slice(1) : mapped;
  }
  return out;
}

/** A URL slug from Russian or Latin text. */
export function slugify(text: string, max = 60): string {
  return translit(text.toLowerCase())
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/** Replaces `{key}` placeholders; unknown keys are left as they are. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => vars[key] ?? match);
}

/**
 * A template split at its `{key}` placeholders: literal text at even positions, keys at odd ones.
 * Templates are a fixed set of hand-written sentences, so each is split once (the seed fills
 * them tens of millions of times for a 10,000,000-product catalogue, ADR 059 addendum).
 */
const compiled = new Map<string, string[]>();
const PLACEHOLDER = /\{(\w+)\}/;

function compile(template: string): string[] {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(PLACEHOLDER);
    compiled.set(template, parts);
  }
  return parts;
}

/**
 * Fills a localized template in each language present in `vars` (per-language values): the same
 * text as `fill(template[lang], { key: value or value[lang] })` per language, without building
 * those objects.
 */
export function fillL3(template: L3, vars: Record<string, L3 | string>): L3 {
  const out = {} as L3;
  for (const lang of ["ru", "en", "zh"] as const) {
    const parts = compile(template[lang]);
    let text = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const key = parts[i]!;
      // Only `vars`' own keys: a template's unknown placeholder stays as it is.
      const value = Object.hasOwn(vars, key) ? vars[key] : undefined;
      const filled = typeof value === "string" ? value : value?.[lang];
      text += (filled ?? `{${key}}`) + parts[i + 1]!;
    }
    out[lang] = text;
  }
  return out;
}

const FORMATS: Record<Lang, Intl.NumberFormat> = {
  ru: new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 }),
  zh: new Intl.NumberFormat("zh-CN", { maximumFractionDigits: 2 }),
};

/** «12 000» / «12,000» / «12,000». */
export function formatNumber(value: number, lang: Lang): string {
  return FORMATS[lang].format(value);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function lowerFirst(text: string): string {
  // Keep abbreviations («LED-светильники», «ПВХ») as they are.
  return /^[A-ZА-ЯЁ]{2}/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** Picks the given languages of a localized value. */
export function pick(value: L3, langs: readonly Lang[]): Partial<L3> {
  const out: Partial<L3> = {};
  for (const lang of langs) out[lang] = value[lang];
  return out;
}

/** A «nice» number near `value`: 1, 2, 2.5, 5 × 10^k (for quantities). */
export function niceQuantity(value: number): number {
  if (value <= 1) return 1;
  const exp = 10 ** Math.floor(Math.log10(value));
  const mant = value / exp;
  const nice = mant < 1.5 ? 1 : mant < 2.25 ? 2 : mant < 3.5 ? 2.5 : mant < 7.5 ? 5 : 10;
  return nice * exp;
}

/** Rounds a price to a plausible precision for its size. */
export function roundPrice(value: number): number {
  if (value >= 100_000) return Math.round(value / 100) * 100;
  if (value >= 10_000) return Math.round(value / 10) * 10;
  if (value >= 100) return Math.round(value);
  if (value >= 10) return Math.round(value * 10) / 10;
  return Math.round(value * 100) / 100;
}
