/**
 * Labels of the price-list pages: a field's name, a row error's message, an API refusal (the
 * section's own texts first, then the common ones), in the page's language.
 */
import type { TFunction } from "i18next";

/** A product field (`sku`, `price`…; "" = skipped) as the select and the error table name it. */
export function fieldLabel(t: TFunction, field: string): string {
  return t([`priceLists.field.${field || "ignore"}`, "priceLists.field.spec"]);
}

/** A row error's message (contract/profile/price-lists.ts ROW_ERROR_CODES). */
export function rowErrorText(t: TFunction, code: string): string {
  return t([`priceLists.rowError.${code}`, "apiErrors.internal_error"]);
}

/** An API refusal of an upload, a mapping or an import. */
export function refusalText(t: TFunction, code: string): string {
  return t([`priceLists.apiErrors.${code}`, `apiErrors.${code}`, "apiErrors.internal_error"]);
}
