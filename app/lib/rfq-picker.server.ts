/**
 * The TN VED picker's side of the buying request actions: a submission that is the picker's no-JS
 * search step is answered with the form's state and the hits (app/lib/profile-api/widgets.server.ts),
 * and every answer carries the chosen code's name for the picker's chip.
 */
import type { Lang } from "../../contract/lang.ts";
import type { ApiClient } from "./api-client.server.ts";
import { classifierNames, readPickerSearch, searchPicker } from "./profile-api/widgets.server.ts";

export async function rfqPicker(api: ApiClient, formData: FormData, lang: Lang) {
  const code = formData.get("tnvedCode");
  const tnvedNames = await classifierNames(api, "tnved", [typeof code === "string" ? code : null], lang);
  const pick = readPickerSearch(formData);
  const picker = pick ? await searchPicker(api, "tnved", pick.field, pick.q, lang) : null;
  return { tnvedNames, picker, searched: pick !== null };
}
