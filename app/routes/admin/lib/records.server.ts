/**
 * Loader of the admin list pages (`/admin/companies`, `/admin/users`, `/admin/products`,
 * `/admin/services`, `/admin/legal-entities`, `/admin/employees`; issue 7): the page's query string
 * goes to the filter API as it is (the API validates it), the answer comes back with its facets. A
 * query the API refuses (a hand-edited URL) shows the form with the offending parameters named,
 * not an error page. `filterQuery` is shared with the CSV export (routes/admin/export.ts).
 */
import type { RouterContextProvider } from "react-router";
import { FILTERS, type FacetValue, type FilterKind, type FilterRow } from "#contract/admin/filters.ts";
import type { RouteQueryInput } from "#contract/route.ts";
import { apiContext } from "#app/context.ts";
import { requireStaffData } from "./guard.server.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { recordsKeys, type RecordsKind } from "./records.ts";

/** Any kind's filter operation, as the list pages call it (each kind's schema validates its own query). */
type AnyFilter = (typeof FILTERS)[FilterKind];

/**
 * A list page's query string as the filter API takes it: repeated keys as lists, without empty
 * values and the router's own `_…` keys, `lang` the page's language unless given. The values are
 * passed as typed; the API validates them with the kind's query schema.
 */
export function filterQuery(search: URLSearchParams, lang: string): RouteQueryInput<AnyFilter> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of search) if (value !== "" && !key.startsWith("_")) (out[key] ??= []).push(value);
  const query: Record<string, string | string[]> = Object.fromEntries(
    Object.entries(out).map(([key, values]) => [key, values.length === 1 ? values[0]! : values]),
  );
  query.lang ??= lang;
  return query as RouteQueryInput<AnyFilter>;
}

export async function loadRecords({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, kind: RecordsKind) {
  requireStaffData(context);
  const url = documentUrl(request);
  const lang = pageLang(request);
  const t = getInstance(context).t;
  const title = t(recordsKeys(kind).title);
  const params = [...url.searchParams].filter(([, v]) => v !== "");
  try {
    const result = await context.get(apiContext).send(FILTERS[kind] as AnyFilter, { query: filterQuery(url.searchParams, lang) });
    return {
      kind,
      title,
      items: result.data.items as FilterRow[],
      facets: result.data.facets,
      meta: result.meta,
      params,
      invalid: [] as string[],
    };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 400) {
      const invalid = [...new Set((error.issues ?? []).map((i) => i.path.split(".")[0]!))];
      return {
        kind,
        title,
        items: [] as FilterRow[],
        facets: {} as Record<string, FacetValue[]>,
        meta: { page: 1, pages: 1, total: 0, perPage: 25, limit: 25, sort: "id", order: "desc" as const },
        params,
        invalid,
      };
    }
    throw error;
  }
}
