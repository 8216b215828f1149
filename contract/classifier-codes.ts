/**
 * How the classifiers' codes are spelled, in one leaf module every contract module and both tiers may
 * import (architecture review F3): an OKVED2 code of a class or lower (`62`, `62.01`, `46.90.1`,
 * `01.11.11`; as a filter, the code or anything under it) and a 10-digit TN VED EAEU line. No zod here:
 * the browser's pickers and inputs use the patterns too.
 */

/** An OKVED2 code of two to four levels: `24`, `24.2`, `24.20`, `24.20.1`. */
export const OKVED_CODE = /^\d{2}(\.\d{1,2}){0,2}$/;

/**
 * The SQL LIKE pattern of an OKVED2 code and every code under it (`10.1` → `10.1%`: `10.1`, `10.11`,
 * `10.11.1`, `10.11.11`). OK 029-2014 builds each level by appending digits to its parent's code
 * (class `10`, subclass `10.1`, group `10.11`, subgroup `10.11.1`, type `10.11.11`), so the codes under
 * a code are exactly those that begin with it; `10.1.%` missed the groups of a subclass. Throws on
 * anything but an OKVED_CODE, so no `%` or `_` a user typed reaches the pattern.
 */
export function okvedSubtreePattern(code: string): string {
  if (!OKVED_CODE.test(code)) throw new Error(`Not an OKVED2 code: ${JSON.stringify(code)}`);
  return `${code}%`;
}

/** OKVED_CODE for an HTML `pattern` attribute, which is anchored by the browser. */
export const OKVED_CODE_PATTERN = OKVED_CODE.source.slice(1, -1);

/** A 10-digit TN VED EAEU line (the level a product is filed under). */
export const TNVED_CODE = /^\d{10}$/;
