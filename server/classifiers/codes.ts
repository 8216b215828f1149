/**
 * Code syntax of the two classifiers: recognising, normalising and formatting codes.
 * Pure functions shared by the API and (through the API's output) the pages.
 *
 * OKVED2 (OK 029-2014): section letters A–U; codes of 2, 4, 5, 6, 7 or 8 digits written
 * XX, XX.X, XX.XX, XX.XX.X, XX.XX.XX.
 * TN VED EAEU: sections I–XXI (roman); chapters 2 digits, headings 4, subheadings 6, items 10;
 * printed as `8471 30 000 0` (heading, subheading pair, 3 digits, 1 digit) in the tariff.
 */

export type Classifier = "okved" | "tnved";

const ROMAN = /^(X{0,2}(IX|IV|V?I{0,3})|XX|XXI)$/;

/** Digits only: "84 71.30" → "847130". */
export function codeDigits(input: string): string {
  return input.replace(/[^0-9]/g, "");
}

/**
 * Recognises a query that is a code or code prefix.
 * Returns `{ kind: "section", code }`, `{ kind: "digits", digits }` or null when `q` is words.
 */
export function parseCodeQuery(
  classifier: Classifier,
  q: string,
): { kind: "section"; code: string } | { kind: "digits"; digits: string } | null {
  const trimmed = q.trim();
  if (classifier === "okved" && /^[A-Ua-u]$/.test(trimmed)) return { kind: "section", code: trimmed.toUpperCase() };
  if (classifier === "tnved" && trimmed.length > 0 && ROMAN.test(trimmed.toUpperCase()) && /^[ivxIVX]+$/.test(trimmed)) {
    return { kind: "section", code: trimmed.toUpperCase() };
  }
  if (/^[\d\s.-]+$/.test(trimmed) && /\d/.test(trimmed)) return { kind: "digits", digits: codeDigits(trimmed) };
  return null;
}

/** Dotted OKVED2 code from its digits: "620110" → "62.01.10"; "011" → "01.1". */
export function okvedCodeFromDigits(digits: string): string {
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 6)].filter(Boolean);
  return parts.join(".");
}

/**
 * Canonical stored form of a code typed by a person, or null when it cannot be a code.
 * OKVED: "6201" / "62 01" / "62.01" → "62.01"; "a" → "A". TN VED: "8471 30 000 0" → "8471300000"; "xvi" → "XVI".
 */
export function canonicalCode(classifier: Classifier, input: string): string | null {
  const parsed = parseCodeQuery(classifier, input);
  if (!parsed) return null;
  if (parsed.kind === "section") return parsed.code;
  const { digits } = parsed;
  if (classifier === "okved") return [2, 3, 4, 5, 6].includes(digits.length) ? okvedCodeFromDigits(digits) : null;
  return [2, 4, 6, 10].includes(digits.length) ? digits : null;
}

/** Display form: TN VED "8471300000" → "8471 30 000 0", "847130" → "8471 30"; OKVED codes unchanged. */
export function formatCode(classifier: Classifier, code: string): string {
  if (classifier === "okved" || !/^\d+$/.test(code)) return code;
  if (code.length === 10) return `${code.slice(0, 4)} ${code.slice(4, 6)} ${code.slice(6, 9)} ${code.slice(9)}`;
  if (code.length === 6) return `${code.slice(0, 4)} ${code.slice(4)}`;
  return code;
}

/**
 * Codes cited in a note's text that look like codes of the classifier, in order of first
 * appearance: OKVED "см. 01.13" → "01.13"; TN VED "товарной позиции 0401" → "0401"
 * (4, 6 or 10 digits; 2-digit chapter numbers are too ambiguous in running text).
 */
export function citedCodes(classifier: Classifier, text: string): string[] {
  const pattern = classifier === "okved" ? /\b\d{2}\.\d{1,2}(?:\.\d{1,2}){0,2}\b/g : /\b\d{4}(?:\s?\d{2}(?:\s?\d{3}\s?\d)?)?\b/g;
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const code = classifier === "okved" ? match[0] : codeDigits(match[0]);
    if (classifier === "tnved" && ![4, 6, 10].includes(code.length)) continue;
    found.add(code);
  }
  return [...found];
}
