/**
 * Guard `reset-page`: when a list's filters change, paging starts again. A request that carries
 * `page` and comes from the same list (Referer with the same path) with different non-page
 * parameters is redirected to the same URL without `page`.
 */
import { redirect, type MiddlewareFunction } from "react-router";
import { documentUrl } from "#app/lib/document-url.ts";

export const resetPage: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = documentUrl(request);
  const referer = request.headers.get("referer");
  if (url.searchParams.has("page") && referer && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.origin === url.origin && from.pathname === url.pathname && filtersOf(from) !== filtersOf(url)) {
      url.searchParams.delete("page");
      const search = url.searchParams.toString();
      throw redirect(`${url.pathname}${search ? `?${search}` : ""}`);
    }
  }
  return next();
};

function filtersOf(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("page");
  params.sort();
  return params.toString();
}
