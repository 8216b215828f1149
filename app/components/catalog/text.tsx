/** A localized API text (`{ text, lang }`), marked with its language when it is not the page's. */
import { LocalizedName } from "../classifier/localized-name.tsx";
import type { Lang } from "../../lib/i18n.ts";

export function Text({ value }: { value: { text: string; lang: Lang } | null | undefined }) {
  if (!value) return null;
  return <LocalizedName name={value.text} nameLang={value.lang} />;
}

/** A paragraph of a localized API text, or nothing without one (an optional lead or description). */
export function TextParagraph({ value, className }: { value: { text: string; lang: Lang } | null | undefined; className?: string }) {
  if (!value) return null;
  return (
    <p className={className}>
      <Text value={value} />
    </p>
  );
}
