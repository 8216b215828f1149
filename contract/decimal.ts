/**
 * Reading a number as a person types it (issue 26 §5, defect #4): the one rule every form of the
 * product applies to quantities and prices — inquiry, buying request, quote, product prices and MOQ,
 * landed cost — through `decimal()` of contract/profile/fields.ts and `decimalNumber()` below.
 *
 * Accepted, whatever the page's language (a Russian phone's `inputmode="decimal"` keyboard offers
 * only the comma; a Chinese or English one only the point):
 * - the decimal comma or point: «12,5», "12.5";
 * - thousand separators between groups of exactly three digits: a space, a no-break space
 *   (U+00A0, what Intl prints for ru), a narrow no-break space (U+202F) or a thin space (U+2009),
 *   «1 234,56»; or the other mark of the pair — "1,234.56", «1.234,56»;
 * - a lone comma or point is the decimal mark («1,234» is 1.234, as in Russian: a grouping comma
 *   needs a second group "1,234,567" or a decimal point after it).
 * Refused: letters, signs other than a leading "-", two decimal marks, groups not of three digits
 * («1 23»). Refusals are `null`, never a guess.
 *
 * Isomorphic and dependency-free (the browser's form validation runs it).
 */

/** Spaces people and Intl put between digit groups. */
const GROUP_SPACES = /[\u0020\u00A0\u202F\u2009]/g;
const HAS_GROUP_SPACE = /[\u0020\u00A0\u202F\u2009]/;
const GROUPED = (mark: string) => new RegExp(`^\\d{1,3}(?:${mark}\\d{3})+$`);

/**
 * The canonical decimal text ("1234.56", "-0.5", "12") of what a person typed, or null when it is
 * not a number by the rules of the module comment. No rounding and no range check: `decimal()`
 * applies the field's digits and scale.
 */
export function normalizeDecimalInput(raw: string): string | null {
  let text = raw.trim();
  let sign = "";
  if (text.startsWith("-") || text.startsWith("−")) {
    sign = "-";
    text = text.slice(1).trimStart();
  }
  if (text === "" || !/^[\d\s\u00A0\u202F\u2009.,]+$/.test(text)) return null;
  const commas = text.split(",").length - 1;
  const points = text.split(".").length - 1;
  let whole: string;
  let fraction: string | null = null;
  let groupMark: string | null = null;
  if (commas > 0 && points > 0) {
    // Both marks: the last one is the decimal mark, the other groups thousands.
    const decimalMark = text.lastIndexOf(",") > text.lastIndexOf(".") ? "," : ".";
    groupMark = decimalMark === "," ? "." : ",";
    if (text.split(decimalMark).length - 1 !== 1) return null;
    [whole, fraction] = text.split(decimalMark) as [string, string];
  } else if (commas + points === 1) {
    [whole, fraction] = text.split(commas ? "," : ".") as [string, string];
  } else if (commas + points > 1) {
    groupMark = commas ? "," : ".";
    whole = text;
  } else {
    whole = text;
  }
  if (fraction !== null && !/^\d+$/.test(fraction)) return null;
  const spaced = HAS_GROUP_SPACE.test(whole);
  if (spaced && groupMark) return null;
  if (spaced) {
    const single = whole.replace(GROUP_SPACES, " ");
    if (!GROUPED(" ").test(single)) return null;
    whole = single.replace(/ /g, "");
  } else if (groupMark) {
    if (!GROUPED(groupMark === "." ? "\\." : ",").test(whole)) return null;
    whole = whole.split(groupMark).join("");
  }
  if (!/^\d+$/.test(whole)) return null;
  return `${sign}${whole}${fraction !== null ? `.${fraction}` : ""}`;
}

/** A typed number as a JS number (normalizeDecimalInput, then Number), or NaN when it is not one. */
export function parseDecimalInput(raw: string): number {
  const text = normalizeDecimalInput(raw);
  return text === null ? Number.NaN : Number(text);
}
