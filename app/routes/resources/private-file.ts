/**
 * `/files/:id` (and `?thumb=1` for an image's thumbnail): a file that is not public media — an
 * attachment of a message, a private buying request or a quote, or one's own upload not yet
 * attached (security review N5, usability J1-7; ADR 040). The browser cannot call the API itself
 * (the access token is an HttpOnly cookie), so this resource route asks the API
 * (`GET /api/files/{id}/content`), which checks access on every download, and passes the file
 * through under its original name. Anyone who may not see it — a visitor who is not signed in
 * included — gets 404, as for a file that does not exist.
 */
import type { Route } from "./+types/private-file";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import * as filesApi from "#contract/files.ts";
import { idParam } from "#app/lib/id-param.ts";

const PASSED = ["content-type", "content-length", "content-disposition", "x-content-type-options", "content-security-policy"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const notFound = () =>
    new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  if (id === null) return notFound();
  const thumb = documentUrl(request).searchParams.get("thumb") === "1";
  const response = await context.get(apiContext).sendRaw(filesApi.downloadFile, { params: { id }, query: thumb ? { thumb: "1" } : {} });
  if (!response.ok) {
    await response.body?.cancel();
    return notFound();
  }
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const name of PASSED) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
