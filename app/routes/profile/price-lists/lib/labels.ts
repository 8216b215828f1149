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

const MiB = 1024 * 1024;

/**
 * An API refusal of an upload, a mapping or an import. A file over a reading bound
 * (`price_list_too_large`, `archive_too_large`) is worded from its `details` (contract/errors.ts:
 * `{ limit, value, max }`), numbers formatted in the page's language, bytes shown in MB.
 */
export function refusalText(t: TFunction, code: string, details?: Record<string, unknown> | null): string {
  const fallback = [`priceLists.apiErrors.${code}`, `apiErrors.${code}`, "apiErrors.internal_error"];
  if ((code === "price_list_too_large" || code === "archive_too_large") && details && typeof details.limit === "string") {
    const value = Number(details.value);
    const max = Number(details.max);
    const bytes = details.limit === "entry_bytes" || details.limit === "total_bytes";
    const shown = (n: number) => (bytes ? Math.ceil(n / MiB) : n);
    return t([`priceLists.tooLarge.${details.limit}`, ...fallback], { count: value, value: shown(value), max: shown(max) });
  }
  if (code === "file_type_not_allowed" && details?.format === "commerceml") return t("priceLists.apiErrors.commerceml");
  return t(fallback);
}
