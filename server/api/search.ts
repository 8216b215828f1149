/**
 * Search and filter endpoints (spec §7 development-prefixed calls; they are real endpoints):
 * - GET /dev/search?q — one query across products, suppliers, services and stories: the first
 *   `perGroup` (default 5) of each with its total.
 *
 * A search that finds nothing is run again with its spelling corrected against the catalogue's
 * vocabulary; `meta.correctedQuery` then holds the words searched for (else null).
 * - GET /dev/product/search?q&… — ranked product search with the product filters, paged.
 * - GET /api/products/filter?… — product facets for the filters (and `q`).
 * - GET /dev/suppliers/filter?… — suppliers list (filters, optional `q`) with supplier facets.
 * - GET /dev/services/filter?… — company services (serviceType, region, country, optional `q`) with
 *   the service types and their counts.
 */
import { Hono } from "hono";
import { z } from "zod";
import { listCompanies } from "../catalog/companies.ts";
import { productFacets, supplierFacets } from "../catalog/facets.ts";
import { getStoryCards } from "../catalog/press.ts";
import { searchCompanies, searchProducts, searchServiceIds, searchStoryIds, withSpellingCorrection } from "../catalog/search.ts";
import { listCompanyServices, listServiceTypes } from "../catalog/services.ts";
import type { ApiEnv } from "./app.ts";
import { CompanyListQuery, ProductListQuery } from "./catalog.ts";
import { LangSchema, PagingSchema, ok, pageMeta, parseQuery } from "./http.ts";

const q = z.string().trim().max(200);

export const CrossSearchQuery = z.object({ q, lang: LangSchema, perGroup: z.coerce.number().int().min(1).max(20).default(5) });
export const ProductSearchQuery = ProductListQuery.extend({ q });
export const ProductFacetQuery = ProductListQuery.extend({ q: q.optional() });
export const SupplierFilterQuery = CompanyListQuery.extend({ q: q.optional() });
export const ServiceFilterQuery = PagingSchema.extend({
  lang: LangSchema,
  q: q.optional(),
  serviceType: z.string().regex(/^[a-z0-9-]{1,60}$/).optional(),
  region: z.string().regex(/^(CN-)?\d{2}$/).optional(),
  country: z.enum(["RU", "CN"]).optional(),
});

export const searchRoutes = new Hono<ApiEnv>()
  .get("/dev/search", async (c) => {
    const { q: query, lang, perGroup } = parseQuery(c, CrossSearchQuery);
    const db = c.var.db;
    // Corrected only when none of the four finds anything.
    const found = await withSpellingCorrection(db, query, async (words) => {
      const [products, suppliers, serviceIds, storyIds] = await Promise.all([
        searchProducts(db, words, {}, lang, 1, perGroup),
        searchCompanies(db, words, lang, 1, perGroup),
        searchServiceIds(db, words, 1, perGroup),
        searchStoryIds(db, words, 1, perGroup),
      ]);
      return { products, suppliers, serviceIds, storyIds, total: products.total + suppliers.total + serviceIds.total + storyIds.total };
    });
    const [services, stories] = await Promise.all([
      listCompanyServices(db, { ids: found.serviceIds.ids }, lang, 1, perGroup),
      getStoryCards(db, found.storyIds.ids, lang),
    ]);
    return ok(c, {
      products: { items: found.products.items, total: found.products.total, totalCapped: found.products.totalCapped },
      suppliers: { items: found.suppliers.items, total: found.suppliers.total },
      services: { items: services.items, total: found.serviceIds.total },
      stories: { items: stories, total: found.storyIds.total },
    }, { q: query, correctedQuery: found.correctedQuery });
  })
  .get("/dev/product/search", async (c) => {
    const { q: query, lang, page, perPage, ...filters } = parseQuery(c, ProductSearchQuery);
    const result = await withSpellingCorrection(c.var.db, query, (words) => searchProducts(c.var.db, words, filters, lang, page, perPage));
    return ok(c, result.items, { ...pageMeta(page, perPage, result.total), totalCapped: result.totalCapped, q: query, correctedQuery: result.correctedQuery });
  })
  .get("/api/products/filter", async (c) => {
    const { lang, page: _page, perPage: _perPage, ...filters } = parseQuery(c, ProductFacetQuery);
    return ok(c, await productFacets(c.var.db, filters, lang));
  })
  .get("/dev/suppliers/filter", async (c) => {
    const { q: query, lang, page, perPage, ...filters } = parseQuery(c, SupplierFilterQuery);
    const db = c.var.db;
    const [list, facets] = await Promise.all([
      query
        ? withSpellingCorrection(db, query, (words) => searchCompanies(db, words, lang, page, perPage))
        : listCompanies(db, filters, lang, page, perPage).then((result) => ({ ...result, correctedQuery: null })),
      supplierFacets(db, lang),
    ]);
    return ok(c, { items: list.items, facets }, {
      ...pageMeta(page, perPage, list.total), totalCapped: list.totalCapped, correctedQuery: list.correctedQuery,
    });
  })
  .get("/dev/services/filter", async (c) => {
    const { q: query, lang, page, perPage, ...filters } = parseQuery(c, ServiceFilterQuery);
    const db = c.var.db;
    const ids = query ? (await searchServiceIds(db, query, 1, 1000)).ids : undefined;
    const [list, types] = await Promise.all([listCompanyServices(db, { ...filters, ids }, lang, page, perPage), listServiceTypes(db, lang)]);
    return ok(c, { items: list.items, serviceTypes: types }, { ...pageMeta(page, perPage, list.total) });
  });
