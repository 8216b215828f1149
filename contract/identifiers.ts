/**
 * Russian company identifiers and their official check digits.
 *
 * - INN (ИНН) of a legal entity: 10 digits; of an individual (sole proprietor): 12 digits.
 *   Check digits: weighted sums mod 11, then mod 10 — weights 2,4,10,3,5,9,4,6,8 (10-digit);
 *   7,2,4,10,3,5,9,4,6,8 and 3,7,2,4,10,3,5,9,4,6,8 (12-digit, two check digits).
 *   Source: «Порядок и условия присвоения, применения, а также изменения идентификационного номера
 *   налогоплательщика» (приказ ФНС России от 29.06.2012 № ММВ-7-6/435@, ранее приказ МНС России от
 *   03.03.2004 № БГ-3-09/178), приложение: алгоритм расчёта контрольных цифр.
 * - OGRN (ОГРН): 13 digits; the last is (first 12 digits as a number mod 11) mod 10.
 *   OGRNIP (ОГРНИП): 15 digits; the last is (first 14 digits mod 13) mod 10.
 *   Source: Правила ведения ЕГРЮЛ/ЕГРИП (постановление Правительства РФ от 19.06.2002 № 438 и
 *   от 16.10.2003 № 630), приложения о структуре государственного регистрационного номера.
 * - KPP (КПП): 9 characters NNNNPPNNN — tax office code (4 digits), reason code (2 characters:
 *   digits or capital Latin letters A–Z since 2013), serial number (3 digits); it has no check digit.
 *   Source: приказ ФНС России от 29.06.2012 № ММВ-7-6/435@ (состав КПП).
 *
 * Validators return null for a valid value or an error code (`format`, `checksum`) the API maps to a
 * message in the user's language.
 */

export type IdentifierError = "format" | "checksum";

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_1 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_2 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function weighted(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  return (sum % 11) % 10;
}

/** Check digits that complete an INN body: 9 digits → 1 digit; 10 digits → 2 digits. */
export function innCheckDigits(body: string): string {
  if (/^\d{9}$/.test(body)) return String(weighted(body, INN10_WEIGHTS));
  if (/^\d{10}$/.test(body)) {
    const first = weighted(body, INN12_WEIGHTS_1);
    return `${first}${weighted(`${body}${first}`, INN12_WEIGHTS_2)}`;
  }
  throw new RangeError("INN body must have 9 or 10 digits");
}

/** Validates an INN of 10 (legal entity) or 12 (individual) digits; `kind` narrows the length. */
export function validateInn(inn: string, kind?: "legal" | "individual"): IdentifierError | null {
  const length = kind === "legal" ? [10] : kind === "individual" ? [12] : [10, 12];
  if (!/^\d+$/.test(inn) || !length.includes(inn.length) || /^0{2}/.test(inn)) return "format";
  const body = inn.slice(0, inn.length === 10 ? 9 : 10);
  return innCheckDigits(body) === inn.slice(body.length) ? null : "checksum";
}

/** The check digit that completes an OGRN (12-digit body) or OGRNIP (14-digit body). */
export function ogrnCheckDigit(body: string): string {
  if (/^\d{12}$/.test(body)) return String(Number(BigInt(body) % 11n) % 10);
  if (/^\d{14}$/.test(body)) return String(Number(BigInt(body) % 13n) % 10);
  throw new RangeError("OGRN body must have 12 or 14 digits");
}

/** Validates an OGRN (13 digits, legal entity) or OGRNIP (15 digits, sole proprietor). */
export function validateOgrn(ogrn: string, kind?: "legal" | "individual"): IdentifierError | null {
  const length = kind === "legal" ? [13] : kind === "individual" ? [15] : [13, 15];
  if (!/^\d+$/.test(ogrn) || !length.includes(ogrn.length) || ogrn[0] === "0") return "format";
  return ogrnCheckDigit(ogrn.slice(0, -1)) === ogrn.slice(-1) ? null : "checksum";
}

/** Validates a KPP: 4 digits, 2 digits or capital Latin letters, 3 digits. */
export function validateKpp(kpp: string): IdentifierError | null {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) && !/^0{4}/.test(kpp) ? null : "format";
}
