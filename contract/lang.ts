/**
 * The languages of the product (spec §1, DESIGN §5): the only definition of the language list. Both
 * tiers import it from here; the web tier adds paths and regions (app/lib/i18n.ts), the API tier
 * validates `lang` parameters with `LangSchema`.
 */
import { z } from "zod";

/** Russian first: it is the default and the language of the official classifiers. */
export const LANGS = ["ru", "en", "zh"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "ru";

/** `true` when `value` is one of LANGS. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** A `lang` query parameter: one of LANGS, Russian when absent. */
export const LangSchema = z.enum(LANGS).default(DEFAULT_LANG).meta({ description: "Language of every text in the answer" });

/** User-written text per language (stored as jsonb); any language may be missing. */
export type Localized = Partial<Record<Lang, string>>;
export const LocalizedSchema = z.object({ ru: z.string().optional(), en: z.string().optional(), zh: z.string().optional() });

/**
 * One text picked for a reader: `lang` says which language it is actually in, so a page can mark
 * text shown in another language than asked for (the Russian original of a classifier name, say).
 */
export const LocalizedTextSchema = z.object({ text: z.string(), lang: z.enum(LANGS) }).meta({ id: "LocalizedText" });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;
