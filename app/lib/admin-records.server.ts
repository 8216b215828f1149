/**
 * Loader of the admin list pages (`/admin/companies`, `/admin/users`, `/admin/products`,
 * `/admin/services`, `/admin/legal-entities`, `/admin/employees`; issue 7): the page's query string
 * goes to the filter API as it is (the API validates it), the answer comes back with its facets. A
 * query the API refuses (a hand-edited URL) shows the form with the offending parameters named,
 * not an error page.
 */
import type { RouterContextProvider } from "react-router";
import { apiContext } from "../context.ts";
import { requireStaffData } from "./admin-guard.server.ts";
import { ApiClientError } from "./api-client.server.ts";
import { adminApi, filterQuery, type FacetValue, type FilterRow } from "./admin-api.server.ts";
import { documentUrl } from "./document-url.ts";
import { pageLang } from "./i18n.ts";
import { getInstance } from "../middleware/i18next.ts";
import { RECORDS, type RecordsKind } from "./admin-records.ts";

export async function loadRecords({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, kind: RecordsKind) {
  requireStaffData(context);
  const url = documentUrl(request);
  const lang = pageLang(request);
  const config = RECORDS[kind];
  const query = filterQuery(url.searchParams);
  if (!query.has("lang")) query.set("lang", lang);
  const t = getInstance(context).t;
  const title = t(config.title);
  const params = [...url.searchParams].filter(([, v]) => v !== "");
  try {
    const result = await adminApi(context.get(apiContext)).filter(config.api, query);
    return { kind, title, items: result.data.items, facets: result.data.facets, meta: result.meta!, params, invalid: [] as string[] };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 400) {
      const invalid = [...new Set((error.issues ?? []).map((i) => i.path.split(".")[0]!))];
      return {
        kind,
        title,
        items: [] as FilterRow[],
        facets: {} as Record<string, FacetValue[]>,
        meta: { page: 1, pages: 1, total: 0, perPage: 25, limit: 25, sort: "id", order: "desc" },
        params,
        invalid,
      };
    }
    throw error;
  }
}
