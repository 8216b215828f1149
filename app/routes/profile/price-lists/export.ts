/**
 * `/profile/price-list/export?format=csv|xlsx|yml&lang=`: the company's products as a price list
 * file (issue 15). The browser cannot call the API itself (the access token is an HttpOnly cookie),
 * so this resource route asks the API (`GET /api/profile/company/price-lists/export`) and passes
 * its answer through as it comes (the file as an attachment, or the API's refusal).
 */
import type { Route } from "./+types/export";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import * as priceLists from "#contract/profile/price-lists.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const format = url.searchParams.get("format");
  const lang = url.searchParams.get("lang");
  const response = await context.get(apiContext).sendRaw(priceLists.exportProducts, {
    query: {
      format: format === "xlsx" || format === "yml" ? format : "csv",
      lang: lang === "en" || lang === "zh" || lang === "ru" ? lang : pageLang(request),
    },
  });
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const name of ["content-type", "content-disposition"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers });
}
