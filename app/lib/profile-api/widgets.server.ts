/**
 * Server-side helpers of the profile's form widgets (app/components/profile/*): the no-JS search
 * step of the classifier picker, names of chosen codes and temporary uploads. Every call goes
 * through the request's API client (ADR 001). (API refusals as form errors:
 * app/lib/forms/api-errors.server.ts.)
 *
 * - `readPickerSearch(formData)` → `{ field, q } | null`: whether the no-JS search button of a
 *   ClassifierPicker (a Conform `validate` intent on `<field>__search`, or an `update` intent setting
 *   it, for narrowing) was pressed.
 * - `searchPicker(api, classifier, field, q, lang)` → PickerSearch (20 hits; `error` set when the API
 *   failed, so the form still renders).
 * - `searchPickerHits(api, classifier, q, lang)` → `{ hits, total }` (the resource route's answer).
 * - `classifierNames(api, classifier, codes, lang)` → `{ code: name }` for chips (unknown codes left out).
 * - `uploadTemporary(api, file, kind?)` → UploadedFile (`POST /api/files/common`; ApiClientError with
 *   the refusal code on failure).
 */
import {
  isSelectableCode,
  PICKER_SEARCH_SUFFIX,
  type PickerClassifier,
  type PickerHit,
  type PickerSearch,
} from "#app/components/profile/classifier-picker.tsx";
import * as files from "#contract/files.ts";
import type { FileView } from "#contract/files.ts";
import { ApiClientError, type ApiClient, type Lang } from "../api-client.server.ts";
import { searchRoute } from "#contract/classifiers.ts";
import { codeDetail } from "../classifier-loaders.server.ts";

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

/** Stores a file as a temporary upload (`POST /api/files/common`); it expires unless attached. */
export async function uploadTemporary(api: ApiClient, file: File, kind?: "image" | "document"): Promise<FileView> {
  const form = new FormData();
  form.set("file", file, file.name);
  if (kind) form.set("kind", kind);
  return (await api.send(files.createUpload, { form })).data;
}

/**
 * The chosen files of a multipart field. A file input left empty sends a nameless empty part, which
 * is dropped; a chosen empty file is kept (the API refuses it with `file_empty`).
 */
export function filesOf(formData: FormData, name: string): File[] {
  return formData
    .getAll(name)
    .filter(
      (value): value is File =>
        typeof value === "object" && value !== null && "arrayBuffer" in value && ((value as File).size > 0 || (value as File).name !== ""),
    );
}

/** Positive integer ids of a repeated field (`fileId`), duplicates dropped. */
export function idsOf(formData: FormData, name: string): number[] {
  const ids = formData
    .getAll(name)
    .map((value) => (typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : 0))
    .filter((id) => id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}
