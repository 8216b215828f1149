/**
 * Query-parameter contracts of the catalogue list pages (checked by the check-query-params guard) and
 * their conversion to API filters.
 */
import { CompanyOriginSchema, HeadcountBandSchema, RevenueBandSchema, SmeCategorySchema } from "#contract/registers.ts";
import { z } from "zod";
import { pageParam, searchParam, type QuerySchema } from "#app/lib/query-schema.ts";
import { OKVED_CODE } from "#contract/classifier-codes.ts";

const positiveInt = z.string().regex(/^[1-9]\d{0,9}$/);

export const productListQuery: QuerySchema = {
  page: pageParam,
  region: z.string().regex(/^(CN-)?\d{2}$/),
  country: z.enum(["RU", "CN"]),
  verified: z.enum(["1"]),
  currency: z.enum(["RUB", "CNY", "USD"]),
  priceMin: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  priceMax: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  moqMax: z.string().regex(/^\d{1,12}(\.\d{1,3})?$/),
  // Units as products store them (OKEI ids such as `pcs`, `kg`, `t`; contract/units.ts), as the API takes them.
  moqUnit: z.string().regex(/^[\p{L}\p{N}._-]{1,20}$/u),
  okved: z.string().regex(OKVED_CODE),
  sort: z.enum(["newest", "price_asc", "price_desc"]),
  tnved: z.string().regex(/^\d{2,10}$/),
  q: searchParam,
};

export const supplierListQuery: QuerySchema = {
  page: pageParam,
  q: searchParam,
  region: z.string().regex(/^(CN-)?\d{2}$/),
  country: z.enum(["RU", "CN"]),
  okved: z.string().regex(OKVED_CODE),
  category: positiveInt,
  verified: z.enum(["1"]),
  kind: z.enum(["manufacturer", "trader"]),
  sme: SmeCategorySchema,
  headcount: HeadcountBandSchema,
  revenue: RevenueBandSchema,
  origin: CompanyOriginSchema,
};

/**
 * URLSearchParams → the API query of contract operation input `Q` (a route's `RouteQueryInput`):
 * the listed keys that are set (verified "1" → "true"). The page's check-query-params guard has
 * already held each value to the same pattern the contract's query schema takes, so the values are
 * of `Q`'s types; the API validates them again.
 */
export function apiQuery<Q extends object>(params: URLSearchParams, keys: readonly (keyof Q & string)[]): Partial<Q> {
  const query: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value === null || value === "") continue;
    query[key] = key === "verified" ? "true" : value;
  }
  return query as Partial<Q>;
}
