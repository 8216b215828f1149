/**
 * A localized API text (`{ text, lang }`), marked with its language when it is not the page's, or
 * as a machine translation when it is one (`machineFrom`).
 */
import { LocalizedName } from "../classifier/localized-name.tsx";
import type { Lang } from "#app/lib/i18n.ts";
import { useT } from "#app/lib/use-t.ts";
import { useLang } from "#app/lib/use-lang.ts";

export function Text({ value }: { value: { text: string; lang: Lang; machineFrom?: Lang } | null | undefined }) {
  const t = useT();
  if (!value) return null;
  if (value.machineFrom) {
    // A machine translation (ADR 031) says so, with its source language in the title.
    return (
      <>
        {value.text}
        <span className="lang-fallback" title={t(`content.machineFrom.${value.machineFrom}`)}>
          {t("content.machineShort")}
        </span>
      </>
    );
  }
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

/**
 * The separator between the parts of a place (region, city): «, » — Chinese "，" (issue 26 #22). A
 * word joiner before it keeps the comma on the line of the word before, never an orphan ", 沧州".
 */
export function PlaceSeparator() {
  const lang = useLang();
  return <>{lang === "zh" ? "\u2060，" : "\u2060, "}</>;
}
