/**
 * A classifier name in the page's language. When the API fell back to Russian, the text carries
 * `lang="ru"` (so screen readers and fonts switch) and a discreet "in Russian" label.
 * `highlights` are [start, end) ranges to mark as search matches. With `hint` (outside links, where
 * the label may take focus) the label explains itself in a hover hint.
 */
import { Fragment } from "react";
import type { Lang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Hint } from "../hint.tsx";
import { useT } from "#app/lib/use-t.ts";

export function LocalizedName({
  name,
  nameLang,
  highlights = [],
  hint = false,
}: {
  name: string;
  nameLang: Lang;
  highlights?: [number, number][];
  hint?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const fallback = nameLang !== lang;
  const label = <span className="lang-fallback">{t(`classifier.inLanguage.${nameLang}`)}</span>;
  return (
    <>
      <span lang={fallback ? nameLang : undefined}>
        <Highlighted text={name} ranges={highlights} />
      </span>
      {fallback ? hint ? <Hint text={t(`classifier.inLanguageHint.${nameLang}`)}>{label}</Hint> : label : null}
    </>
  );
}

export function Highlighted({ text, ranges }: { text: string; ranges: [number, number][] }) {
  if (ranges.length === 0) return <>{text}</>;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const parts: React.ReactNode[] = [];
  let at = 0;
  sorted.forEach(([start, end], i) => {
    if (start < at) return;
    if (start > at) parts.push(<Fragment key={`t${i}`}>{text.slice(at, start)}</Fragment>);
    parts.push(<mark key={`m${i}`}>{text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < text.length) parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}

/** A code, with the first `matched` digits marked (code searches). */
export function CodeText({ displayCode, matched = 0 }: { displayCode: string; matched?: number }) {
  if (matched <= 0) return <>{displayCode}</>;
  let digits = 0;
  let cut = 0;
  for (const ch of displayCode) {
    if (digits >= matched) break;
    cut += 1;
    if (/\d/.test(ch)) digits += 1;
  }
  return (
    <>
      <mark>{displayCode.slice(0, cut)}</mark>
      {displayCode.slice(cut)}
    </>
  );
}
