/**
 * The pickers' side of the buying request actions (app/routes/profile/rfq/request-new.tsx, profile-rfq-item.tsx):
 * - TN VED: a submission that is the picker's no-JS search step is answered with the form's state
 *   and the hits (app/routes/profile/components/classifier-picker.server.ts); every answer carries the chosen code's name.
 * - Invited suppliers (app/routes/profile/rfq/components/supplier-picker.tsx): the no-JS search step is a Conform
 *   `validate` intent on `invitedSearch`; it is answered with the hits of the API's
 *   `searchRfqSuppliers`. Every answer carries the chosen companies (`invitedCompanyIds`) with their
 *   names, so a search step or a refused form shows them ticked.
 * `searched` says the submission was a search step (answer 200 with the form's state, save nothing).
 * Choosing a code or a supplier without JavaScript is a Conform `update`/`remove` intent: pass the
 * submission's `payload` value as `code` so the chosen code is named (usability review #24), and
 * answer a submission whose `status` is undefined (an intent, not a send) like a search step.
 */
import type { Lang } from "#contract/lang-schemas.ts";
import { searchRfqSuppliers, type RfqSupplier } from "#contract/rfq.ts";
import { SUPPLIER_SEARCH_FIELD, type SupplierPick } from "../components/supplier-picker.tsx";
import { ApiClientError, type ApiClient } from "#app/lib/api-client.server.ts";
import { classifierNames, readPickerSearch, searchPicker } from "#app/routes/profile/components/classifier-picker.server.ts";
import { idParam } from "#app/lib/id-param.ts";

export async function rfqPicker(api: ApiClient, formData: FormData, lang: Lang, chosen?: unknown) {
  const code = chosen !== undefined ? chosen : formData.get("tnvedCode");
  const tnvedNames = await classifierNames(api, "tnved", [typeof code === "string" ? code.replace(/\s+/g, "") : null], lang);
  const pick = readPickerSearch(formData);
  const picker = pick ? await searchPicker(api, "tnved", pick.field, pick.q, lang) : null;
  const supplierQ = supplierSearchOf(formData);
  const suppliers: SupplierPick = {
    chosen: await chosenSuppliers(api, formData, lang),
    search: supplierQ === null ? null : await findSuppliers(api, supplierQ, lang),
  };
  return { tnvedNames, picker, suppliers, searched: pick !== null || supplierQ !== null };
}

/** The words of the supplier search step, if this submission is one. */
function supplierSearchOf(formData: FormData): string | null {
  const raw = formData.get("__intent__");
  if (typeof raw !== "string") return null;
  try {
    const intent = JSON.parse(raw) as { type?: string; payload?: { name?: unknown } };
    if (intent.type !== "validate" || intent.payload?.name !== SUPPLIER_SEARCH_FIELD) return null;
  } catch {
    return null;
  }
  const q = formData.get(SUPPLIER_SEARCH_FIELD);
  return typeof q === "string" ? q.trim().slice(0, 100) : "";
}

/** Published suppliers matching `q` for the picker; a too-short `q` or a failed search is a message, not an error page. */
export async function findSuppliers(api: ApiClient, q: string, lang: Lang): Promise<NonNullable<SupplierPick["search"]>> {
  if (q.length < 2) return { q, hits: [], error: "too_short" };
  try {
    return { q, hits: (await api.send(searchRfqSuppliers, { query: { q, lang } })).data };
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return { q, hits: [], error: "failed" };
    throw error;
  }
}

/** The ticked `invitedCompanyIds` of the form with their names (unknown or unpublished ones are dropped by the API). */
async function chosenSuppliers(api: ApiClient, formData: FormData, lang: Lang): Promise<RfqSupplier[]> {
  const ids = [
    ...new Set(
      formData
        .getAll("invitedCompanyIds")
        .map(idParam)
        .filter((id) => id !== null),
    ),
  ].slice(0, 50);
  if (ids.length === 0) return [];
  try {
    return (await api.send(searchRfqSuppliers, { query: { ids: ids.join(","), lang } })).data;
  } catch {
    return [];
  }
}
