/**
 * Picks the text of a localized value for a reader (DESIGN §4): the requested language, else the
 * source language the author wrote in, else Russian, English, Chinese. Returns the text with the
 * language it is in, so pages can mark a fallback (`lang` attribute, "in Russian" label).
 */
import { pickLocalized, type LocalizedText } from "#contract/lang-schemas.ts";
import type { Lang, Localized } from "../db/schema.ts";

export type { LocalizedText } from "#contract/lang-schemas.ts";

/** contract/lang-schemas.ts `pickLocalized`: the one fallback rule of both tiers. */
export function pick(value: Localized | null | undefined, lang: Lang, source?: Lang): LocalizedText | null {
  return pickLocalized(value, lang, source);
}

/** `pick` for values that must exist (names): falls back to an empty Russian string. */
export function pickRequired(value: Localized | null | undefined, lang: Lang, source?: Lang): LocalizedText {
  return pick(value, lang, source) ?? { text: "", lang: "ru" };
}
