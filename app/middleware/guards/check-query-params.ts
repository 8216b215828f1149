/** Guard `check-query-params`: 301 to the URL without unknown or invalid parameters (per the route's schema). */
import { redirect, type MiddlewareFunction } from "react-router";
import { cleanQuery, type QuerySchema } from "#app/lib/query-schema.ts";
import { documentUrl } from "#app/lib/document-url.ts";

export function checkQueryParams(schema: QuerySchema = {}): MiddlewareFunction<Response> {
  return async ({ request }, next) => {
    const url = documentUrl(request);
    const cleaned = cleanQuery(url.searchParams, schema);
    if (cleaned) {
      const search = cleaned.toString();
      throw redirect(`${url.pathname}${search ? `?${search}` : ""}`, 301);
    }
    return next();
  };
}
