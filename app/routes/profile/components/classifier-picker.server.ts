/**
 * The server half of the ClassifierPicker (./classifier-picker.tsx): the no-JS search step, the
 * live search the resource route `profile/classifier` answers, and the names of chosen codes. Every
 * call goes through the request's API client (ADR 001).
 *
 * - `readPickerSearch(formData)` → `{ field, q } | null`: whether the no-JS search button of a
 *   ClassifierPicker (a Conform `validate` intent on `<field>__search`, or an `update` intent setting
 *   it, for narrowing) was pressed.
 * - `searchPicker(api, classifier, field, q, lang)` → PickerSearch (20 hits; `error` set when the API
 *   failed, so the form still renders).
 * - `searchPickerHits(api, classifier, q, lang)` → `{ hits, total }` (the resource route's answer).
 * - `classifierNames(api, classifier, codes, lang)` → `{ code: name }` for chips (unknown codes left out).
 */
import { searchRoute } from "#contract/classifiers.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import { ApiClientError, type ApiClient } from "#app/lib/api-client.server.ts";
import { codeDetail } from "#app/lib/classifier-loaders.server.ts";
import { isSelectableCode, PICKER_SEARCH_SUFFIX, type PickerClassifier, type PickerHit, type PickerSearch } from "./classifier-picker.tsx";

/** The no-JS picker search that was asked for by this submission, if any (see the module comment). */
export function readPickerSearch(formData: FormData): { field: string; q: string } | null {
  const raw = formData.get("__intent__");
  if (typeof raw !== "string") return null;
  let intent: { type?: string; payload?: { name?: unknown; value?: unknown } };
  try {
    intent = JSON.parse(raw) as typeof intent;
  } catch {
    return null;
  }
  const name = intent.payload?.name;
  if (typeof name !== "string" || !name.endsWith(PICKER_SEARCH_SUFFIX)) return null;
  const field = name.slice(0, -PICKER_SEARCH_SUFFIX.length);
  if (intent.type === "validate") {
    const q = formData.get(name);
    return { field, q: typeof q === "string" ? q.trim().slice(0, 200) : "" };
  }
  if (intent.type === "update" && typeof intent.payload?.value === "string") return { field, q: intent.payload.value.trim().slice(0, 200) };
  return null;
}

/** Hits of a classifier search, marked choosable or not (TN VED: 10-digit codes only). */
export async function searchPickerHits(
  api: ApiClient,
  classifier: PickerClassifier,
  q: string,
  lang: Lang,
  perPage = 20,
): Promise<{ hits: PickerHit[]; total: number }> {
  const query = q.trim().slice(0, 200);
  if (!query) return { hits: [], total: 0 };
  const result = await api.send(searchRoute[classifier], { query: { q: query, lang, perPage } });
  return {
    hits: result.data.map((hit) => ({
      code: hit.code,
      displayCode: hit.displayCode,
      name: hit.name,
      nameLang: hit.nameLang,
      selectable: isSelectableCode(classifier, hit.code) && !hit.abolished,
    })),
    total: Number(result.meta?.total ?? result.data.length),
  };
}

/** The no-JS search step's state for `field` (an API failure is shown in the picker, not thrown). */
export async function searchPicker(
  api: ApiClient,
  classifier: PickerClassifier,
  field: string,
  q: string,
  lang: Lang,
): Promise<PickerSearch> {
  try {
    return { field, q, ...(await searchPickerHits(api, classifier, q, lang)) };
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    return { field, q, hits: [], total: 0, error: error.status === 400 ? "invalid_query" : "internal_error" };
  }
}

/** Names (in `lang`) of the given codes for the picker's chips; codes the classifier lacks are left out. */
export async function classifierNames(
  api: ApiClient,
  classifier: PickerClassifier,
  codes: (string | null | undefined)[],
  lang: Lang,
): Promise<Record<string, string>> {
  const unique = [...new Set(codes.filter((c): c is string => typeof c === "string" && isSelectableCode(classifier, c)))].slice(0, 60);
  const entries = await Promise.all(
    unique.map((code) =>
      codeDetail(api, classifier, code, lang)
        .then((node) => [code, node.name] as const)
        .catch(() => null),
    ),
  );
  return Object.fromEntries(entries.filter((e): e is readonly [string, string] => e !== null));
}
