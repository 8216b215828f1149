/**
 * The product listings of the public pages (a category's products, a supplier's products): the
 * filters they share and one page of the list fetched together with its facets.
 */
import * as productsApi from "#contract/products.ts";
import type { ApiClient } from "#app/lib/api-client.server.ts";
import { requirePageInRange } from "#app/lib/page-loader.server.ts";

/**
 * The query parameters every product listing passes on to the API after `page`: the price range
 * (in `currency`), the largest MOQ (in `moqUnit`), the OKVED activity, the TN VED code and the sort.
 * Held to their patterns by the pages' check-query-params guard (productListQuery).
 */
export const PRODUCT_LISTING_FILTERS = [
  "currency",
  "priceMin",
  "priceMax",
  "moqMax",
  "moqUnit",
  "okved",
  "sort",
  "tnved",
] as const satisfies readonly (keyof productsApi.ProductListInput)[];

/** Product cards on one page of a listing. */
export const PRODUCTS_PER_PAGE = 24;

/**
 * Awaits one page of a product list (`list`, already sent with `query`) and the facets over the whole
 * filtered list (the same `query` without `page`, `perPage` and `sort`), requested side by side.
 * Throws the 404 page when the page asked for is past the last one; an API error rejects as
 * ApiClientError.
 */
export async function withProductFacets<L extends { meta: { page: number; pages: number } }>(
  request: Request,
  api: ApiClient,
  query: productsApi.ProductListInput,
  list: Promise<L>,
) {
  const [page, facets] = await Promise.all([
    list,
    api.send(productsApi.productFacets, { query: { ...query, page: undefined, perPage: undefined, sort: undefined } }).then((r) => r.data),
  ]);
  requirePageInRange(request, page.meta);
  return { page, facets };
}
