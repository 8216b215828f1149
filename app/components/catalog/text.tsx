/** A localized API text (`{ text, lang }`), marked with its language when it is not the page's. */
import { LocalizedName } from "../classifier/localized-name.tsx";
import type { Lang } from "../../lib/i18n.ts";

export function Text({ value }: { value: { text: string; lang: Lang } | null | undefined }) {
  if (!value) return null;
  return <LocalizedName name={value.text} nameLang={value.lang} />;
}
