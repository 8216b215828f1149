/**
 * The unified social credit code (统一社会信用代码, USCC) of a Chinese organisation, GB 32100-2015:
 * 18 characters from the 31-character set `0-9 A-H J-N P-R T U W-Y` (no I, O, S, V, Z): the
 * registering authority (1), the kind of organisation (1), the administrative division code (6),
 * the organisation code (9) and a check character (1). The check character is computed by
 * GB 32100-2015 §5: the first 17 characters' values times the weights 3^(i) mod 31
 * (1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28), summed; check = 31 − sum mod 31,
 * where 31 becomes 0.
 */

const CHARSET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a USCC, or null when one of them is outside the set. */
export function usccCheckChar(body17: string): string | null {
  if (body17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CHARSET.indexOf(body17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  const check = (31 - (sum % 31)) % 31;
  return CHARSET[check]!;
}

/** Whether `code` (upper case, no spaces) is a USCC whose check character is right. */
export function isValidUscc(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return usccCheckChar(code.slice(0, 17)) === code[17];
}
