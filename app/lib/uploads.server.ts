/**
 * Files in the web tier's multipart forms (inquiries, messages, buying requests and quotes, company
 * and product files): the chosen files and ids of a form, and a file stored as a temporary upload
 * through the request's API client (ADR 001). (API refusals as form errors:
 * app/lib/forms/api-errors.server.ts.)
 *
 * - `uploadTemporary(api, file, kind?)` → FileView (`POST /api/files/common`; ApiClientError with
 *   the refusal code on failure).
 * - `filesOf(formData, name)` → the chosen files of a file input.
 * - `idsOf(formData, name)` → the positive integer ids of a repeated field.
 */
import * as files from "#contract/files.ts";
import type { FileView } from "#contract/files.ts";
import type { ApiClient } from "./api-client.server.ts";
import { idParam } from "./id-param.ts";

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
    .map(idParam)
    .filter((id) => id !== null);
  return [...new Set(ids)];
}
