/**
 * Languages in the contract's schemas: the list itself (contract/langs.ts, re-exported here), the
 * `lang` parameter (`LangSchema`) and localized text as stored and as picked for a reader.
 */
import { z } from "zod";

export { DEFAULT_LANG, LANGS, isLang, langFromAcceptLanguage, type Lang, type Localized } from "./langs.ts";
import { DEFAULT_LANG, LANGS, type Lang } from "./langs.ts";

/** A `lang` query parameter: one of LANGS, Russian when absent. */
export const LangSchema = z.enum(LANGS).default(DEFAULT_LANG).meta({ description: "Language of every text in the answer" });

export const LocalizedSchema = z.object({ ru: z.string().optional(), en: z.string().optional(), zh: z.string().optional() });

/**
 * One text picked for a reader: `lang` says which language it is actually in, so a page can mark
 * text shown in another language than asked for (the Russian original of a classifier name, say).
 * `machineFrom` is set when the text is a machine translation (ADR 031) from that language.
 */
export const LocalizedTextSchema = z
  .object({
    text: z.string(),
    lang: z.enum(LANGS),
    machineFrom: z.enum(LANGS).optional().meta({ description: "Set when `text` is a machine translation from this language" }),
  })
  .meta({ id: "LocalizedText" });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/**
 * The one rule that picks a localized value's text for a reader (DESIGN §4): the reader's
 * language, else the language the author wrote in (`source`), else Russian, English, Chinese.
 * Returns the text with the language it is in (a page marks a fallback with `lang` and a label),
 * or null when no language has text. The API's pages (server/catalog/localize.ts) and the web
 * tier's lists of raw names (the inquiry form) both use it, so a product is named alike everywhere.
 */
export function pickLocalized(
  value: Partial<Record<Lang, string>> | null | undefined,
  lang: Lang,
  source?: Lang | null,
): { text: string; lang: Lang } | null {
  if (!value) return null;
  for (const candidate of [lang, source, ...LANGS]) {
    if (!candidate) continue;
    const text = value[candidate]?.trim();
    if (text) return { text, lang: candidate };
  }
  return null;
}
