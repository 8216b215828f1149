/**
 * `/admin/export/{kind}?…`: the CSV of every record matching the list page's filters (issue 7). The
 * browser cannot call the API itself (the access token is an HttpOnly cookie), so this resource
 * route asks the API (`/app/admin/filter/{kind}?format=csv`) and passes its stream through as it
 * comes, with the total row count for the page's progress bar. Staff only (routes/admin.tsx).
 */
import type { Route } from "./+types/admin-export";
import { FILTERS } from "#contract/admin/filters.ts";
import { apiContext } from "../context.ts";
import { filterQuery } from "../lib/admin-records.server.ts";
import { RECORDS, type RecordsKind } from "../lib/admin-records.ts";
import { documentUrl } from "../lib/document-url.ts";
import { pageNotFound } from "../lib/errors.ts";
import { pageLang } from "../lib/i18n.ts";
import { requireStaffData } from "../lib/admin-guard.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  if (!Object.hasOwn(RECORDS, params.kind)) pageNotFound(request);
  const url = documentUrl(request);
  const route = FILTERS[params.kind as RecordsKind];
  const response = await context
    .get(apiContext)
    .sendRaw(route, { query: { ...filterQuery(url.searchParams, pageLang(request)), format: "csv" } });
  const headers = new Headers({ "cache-control": "no-store" });
  for (const name of ["content-type", "content-disposition", "x-total-count"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers });
}
