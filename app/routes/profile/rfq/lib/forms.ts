/**
 * Helpers of the buying request and quote forms (server actions and the browser's validation alike): the comma-separated `invited` company
 * numbers become `invitedCompanyIds` (a plain client may still post numbers; the form's supplier picker posts ticked
 * `invitedCompanyIds` itself), and empty price-tier rows of the quote form are dropped.
 */

/** A copy of `form` with `invited` ("12, 40") turned into repeated `invitedCompanyIds` values. */
export function rfqFormData(form: FormData): FormData {
  const out = new FormData();
  for (const [key, value] of form) if (key !== "invited") out.append(key, value);
  const invited = String(form.get("invited") ?? "");
  for (const part of invited.split(/[\s,;]+/).filter(Boolean)) out.append("invitedCompanyIds", part);
  return out;
}

/** A copy of `form` without tier rows where both quantity and price are empty, renumbered from 0. */
export function quoteFormData(form: FormData): FormData {
  const out = new FormData();
  const rows = new Map<number, { minQuantity: string; price: string }>();
  for (const [key, value] of form) {
    const match = key.match(/^tiers\[(\d+)\]\.(minQuantity|price)$/);
    if (!match) {
      out.append(key, value);
      continue;
    }
    const row = rows.get(Number(match[1])) ?? { minQuantity: "", price: "" };
    row[match[2] as "minQuantity" | "price"] = String(value);
    rows.set(Number(match[1]), row);
  }
  let index = 0;
  for (const [, row] of [...rows].sort((a, b) => a[0] - b[0])) {
    if (!row.minQuantity.trim() && !row.price.trim()) continue;
    out.append(`tiers[${index}].minQuantity`, row.minQuantity);
    out.append(`tiers[${index}].price`, row.price);
    index += 1;
  }
  return out;
}
