/** Guard `check-query-params-page`: `page`, when present, must be a whole number ≥ 1, else 404 (range is the loader's check). */
import type { MiddlewareFunction } from "react-router";
import { pageNotFound } from "#app/lib/errors.ts";
import { documentUrl } from "#app/lib/document-url.ts";

export const checkQueryParamsPage: MiddlewareFunction<Response> = async ({ request }, next) => {
  const page = documentUrl(request).searchParams.get("page");
  if (page !== null && !/^[1-9]\d{0,4}$/.test(page)) pageNotFound(request);
  return next();
};
