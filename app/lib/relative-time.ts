/**
 * "5 minutes ago" in the page's language (Intl.RelativeTimeFormat, BCP 47 region of the spec §1),
 * for the age of a cached page. Past times only; the unit is the largest that is ≥ 1.
 */
import { relativeTimeFormat } from "#contract/format.ts";
import { LANG_REGIONS, type Lang } from "./i18n.ts";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function timeAgo(date: Date, now: Date, lang: Lang): string {
  const format = relativeTimeFormat(LANG_REGIONS[lang], { numeric: "auto" });
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return format.format(0, "minute");
}
