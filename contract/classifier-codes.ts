/**
 * How the classifiers' codes are spelled, in one leaf module every contract module and both tiers may
 * import (architecture review F3): an OKVED2 code of a class or lower (`62`, `62.01`, `46.90.1`,
 * `01.11.11`; as a filter, the code or anything under it) and a 10-digit TN VED EAEU line. No zod here:
 * the browser's pickers and inputs use the patterns too.
 */

/** An OKVED2 code of two to four levels: `24`, `24.2`, `24.20`, `24.20.1`. */
export const OKVED_CODE = /^\d{2}(\.\d{1,2}){0,2}$/;

/** OKVED_CODE for an HTML `pattern` attribute, which is anchored by the browser. */
export const OKVED_CODE_PATTERN = OKVED_CODE.source.slice(1, -1);

/** A 10-digit TN VED EAEU line (the level a product is filed under). */
export const TNVED_CODE = /^\d{10}$/;
