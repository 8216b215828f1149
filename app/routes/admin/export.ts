/**
 * `/admin/export/{kind}?…`: the CSV of every record matching the list page's filters (issue 7). The
 * browser cannot call the API itself (the access token is an HttpOnly cookie), so this resource
 * route asks the API (`/app/admin/filter/{kind}?format=csv`) and passes its stream through as it
 * comes, with the total row count for the page's progress bar. Staff only (routes/admin/layout.tsx).
 */
import type { Route } from "./+types/export";
import { FILTERS } from "#contract/admin/filters.ts";
import { apiContext } from "#app/context.ts";
import { filterQuery } from "./lib/records.server.ts";
import { RECORDS, type RecordsKind } from "./lib/records.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { requireStaffData } from "./lib/guard.server.ts";

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
