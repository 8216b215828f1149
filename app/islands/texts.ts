/**
 * The strings that the document runtime (app/islands/boot.ts) and the islands show, by i18next key.
 * A public page carries only these (≈ 40 short strings, in its own language) in its page data
 * script, instead of the whole locale that a fully hydrated page loads (ADR 035).
 *
 * Templates keep i18next's `{{name}}` placeholders; `islandT` fills them. Plural forms are not
 * needed by any island string.
 */
export const ISLAND_TEXT_KEYS = [
  "update.available",
  "update.reload",
  "update.later",
  "update.unsaved",
  "update.reloadAnyway",
  "update.keepEditing",
  "offline.wentOffline",
  "offline.backOnline",
  "offline.savedLink",
  "offline.marker",
  "offline.markerAge",
  "offline.refresh",
  "offline.save",
  "offline.saved",
  "offline.saveHint",
  "offline.savedHint",
  "offline.removed",
  "offline.savedToast",
  "offline.saveFailed",
  "favourites.add",
  "favourites.remove",
  "favourites.save",
  "favourites.saved",
  "favourites.failed",
  "toast.close",
  "toast.region",
  "install.offer",
  "install.label",
  "install.button",
  "install.dismiss",
] as const;

export type IslandTextKey = (typeof ISLAND_TEXT_KEYS)[number];
/** Key → template in the page's language. */
export type IslandTexts = Record<IslandTextKey, string>;
/** A translate function over IslandTexts: `t("offline.markerAge", { age })`. */
export type IslandT = (key: IslandTextKey, values?: Record<string, string | number>) => string;

/** Builds IslandTexts from any translate function (the server's i18next `t`). */
export function collectIslandTexts(t: (key: string) => string): IslandTexts {
  return Object.fromEntries(ISLAND_TEXT_KEYS.map((key) => [key, t(key)])) as IslandTexts;
}

/** Fills i18next's `{{name}}` placeholders of `template`; unknown names stay as written. */
export function fillTemplate(template: string, values?: Record<string, string | number>): string {
  return values
    ? template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match))
    : template;
}

/** A translate function over `texts`; a missing key shows the key (as i18next does). */
export function islandT(texts: Partial<IslandTexts>): IslandT {
  return (key, values) => fillTemplate(texts[key] ?? key, values);
}
