/**
 * The languages of the product (spec §1, DESIGN §5): the only definition of the language list,
 * without zod, so the browser's first-load bundle (app/lib/i18n.ts) can import it for nothing.
 * contract/lang-schemas.ts adds the request and response schemas of languages.
 */

/** Russian first: it is the default and the language of the official classifiers. */
export const LANGS = ["ru", "en", "zh"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "ru";

/** `true` when `value` is one of LANGS. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/**
 * Picks a supported language from an Accept-Language header (quality-ordered, RFC 9110 §12.5.4),
 * or null. The web tier's language redirect and the API tier's page cache both ask it.
 */
export function langFromAcceptLanguage(header: string | null): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: (tag ?? "").trim().toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return ranked.map((r) => r.base).find(isLang) ?? null;
}

/** User-written text per language (stored as jsonb); any language may be missing. */
export type Localized = Partial<Record<Lang, string>>;
