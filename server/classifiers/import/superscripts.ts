/**
 * Restores the square and cubic signs the TN VED EAEU source file lost (issue 26 defect #23; ADR
 * 042): `tnved/tnved_eaeu.csv` was written through a code page without "²" and "³", so 42 Russian
 * texts read «кгс·м/см?», «массой 1 м?», «объемом … 1000 см?». The importer repairs them once, so
 * every page, search and export shows the same text (the raw file stays as published).
 *
 * A "?" right after a unit of length (мм, см, дм, м, км) and before a non-letter is a lost exponent.
 * Which one is told by the text itself, nearest evidence first (looking back from the sign):
 * - cubic (³): a volume word — объем/объём, емкость/ёмкость, впрыск, производительность — or an
 *   intact "см³"/"м³"; or a rate after the sign ("м?/мин", "м?/ч": volume per time);
 * - square (²): an area word — площадь, масса (of 1 м²), плотность (г/м²), лицевая сторона,
 *   вязкость (кгс·м/см²), сечение — or an intact "м²"/"м2"/"г/м".
 * A short name («более 50 см?, но не более 125 см?») carries no evidence of its own: `context` (the
 * row's full name, with its parents' words) is read before it. Without any evidence it is square
 * (the commoner of the two in the file). Any other "?" is left alone.
 */

const SIGN = /(^|[^А-Яа-яЁё])((?:мм|см|дм|км|м)\?)(?=[^А-Яа-яЁёA-Za-z]|$)/g;
const CUBIC = /объ[её]м|[её]мкост|впрыск|производительност|м³/gi;
const SQUARE = /площад|масс|плотност|лицев|вязкост|сечени|м²|м2\b|г\/м/gi;

/** The last index at which `pattern` matches in `text`, or -1. */
function lastIndex(pattern: RegExp, text: string): number {
  let found = -1;
  for (const match of text.matchAll(pattern)) found = match.index;
  return found;
}

/** `text` with every lost "²"/"³" after a unit of length restored (see the module comment); null stays null. */
export function restoreSuperscripts<T extends string | null>(text: T, context: string | null = null): T {
  if (text === null || !text.includes("?")) return text;
  const lead = context ? `${context}\n` : "";
  return text.replace(SIGN, (whole, before: string, unitSign: string, offset: number) => {
    const unit = unitSign.slice(0, -1);
    const at = offset + before.length;
    const after = text.slice(at + unitSign.length, at + unitSign.length + 4);
    const behind = lead + text.slice(0, at);
    const cubic = /^\/(мин|ч|час|сут)/.test(after) || lastIndex(CUBIC, behind) > lastIndex(SQUARE, behind);
    return `${before}${unit}${cubic ? "³" : "²"}`;
  }) as T;
}
