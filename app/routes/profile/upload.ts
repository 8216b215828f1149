/**
 * `profile/upload`: the upload widget's resource route (app/routes/profile/components/upload-field.tsx).
 * - `POST` multipart (`file`, optional `kind` image|document) → 201 `{ file: UploadedFile }`: a
 *   temporary upload through `POST /api/files/common`, which checks the file by its content; a
 *   refusal → `{ error: { code, message } }` with the API's status (413, 415, 422, 400, 429) and the
 *   message in the page's language.
 * - `DELETE ?id=` → `{ deleted: true }`: removes one's own unattached upload.
 * - 401 `{ error }` for an anonymous caller. Mutations pass the site's CSRF check (Origin /
 *   Sec-Fetch-Site, app/middleware/csrf.ts) like every form; the API checks who owns what.
 */
import { data } from "react-router";
import type { Route } from "./+types/upload";
import * as files from "#contract/files.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { filesOf, uploadTemporary } from "#app/lib/uploads.server.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { idParam } from "#app/lib/id-param.ts";
import { MAX_MULTIPART_BYTES } from "#contract/upload-limits.ts";

export function loader() {
  return data({ error: { code: "method_not_allowed", message: "POST a file here" } }, { status: 405, headers: { allow: "POST, DELETE" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const fail = (code: string, status: number) =>
    data(
      { error: { code, message: t([`apiErrors.${code}`, "apiErrors.internal_error"]) } },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  if (!context.get(sessionContext).accessToken) return fail("unauthorized", 401);
  const api = context.get(apiContext);
  try {
    if (request.method === "DELETE") {
      const id = idParam(new URL(request.url).searchParams.get("id"));
      if (id === null) return fail("not_found", 404);
      await api.send(files.deleteUpload, { params: { id } });
      return data({ deleted: true }, { headers: { "Cache-Control": "no-store" } });
    }
    if (request.method !== "POST") return fail("method_not_allowed", 405);
    // One file per request: refuse a body larger than the largest upload before reading it.
    if (Number(request.headers.get("content-length") ?? 0) > MAX_MULTIPART_BYTES) return fail("file_too_large", 413);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return fail("invalid_multipart", 400);
    }
    const [file] = filesOf(form, "file");
    if (!file) return fail("file_required", 400);
    const kind = form.get("kind");
    const uploaded = await uploadTemporary(api, file, kind === "image" || kind === "document" ? kind : undefined);
    return data({ file: uploaded }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    return fail(error.status >= 500 ? "internal_error" : error.code, error.status >= 500 ? 503 : error.status);
  }
}
