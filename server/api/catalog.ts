/**
 * Public catalogue endpoints (spec §7, issue 3). Every list is paged with `page`/`perPage`
 * (perPage ≤ 100) and answers `{ data, meta: { page, perPage, total, pages, totalCapped } }`;
 * `lang` (ru|en|zh, default ru) localizes every text, each carrying `{ text, lang }`.
 *
 * - GET /api/categories
 * - GET /api/products (filters: category, company, tnved, region, country, verified, currency,
 *   priceMin, priceMax with currency; sort newest|price_asc|price_desc), /api/products/random?count,
 *   /api/products/{id}, /api/products/{id}/products (related)
 * - GET /api/companies (filters: region, country, okved, category, verified, kind), /api/companies/{id},
 *   /api/companies/{id}/products
 * - GET /api/services, /api/company-services (serviceType, region, country, company), /api/company-services/{id}
 * - GET /api/regions (country): every region a company may be placed in (Russian federal subjects,
 *   Chinese provinces), `{ code, country, name }` with the name in `lang`
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { getCompany, listCompanies } from "../catalog/companies.ts";
import { getProduct, listCategories, listProducts, randomProducts, relatedProducts, type Paged } from "../catalog/repository.ts";
import { listRegions } from "../catalog/regions.ts";
import { listCompanyServices, listServiceTypes } from "../catalog/services.ts";
import type { ApiEnv } from "./app.ts";
import { LangSchema, PagingSchema, notFound, ok, pageMeta, parseQuery } from "./http.ts";

export const LangOnly = z.object({ lang: LangSchema });
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const id = z.coerce.number().int().positive().max(2_147_483_647);
const regionCode = z.string().regex(/^(CN-)?\d{2}$/);

export const ProductListQuery = PagingSchema.extend({
  lang: LangSchema,
  category: id.optional(),
  company: id.optional(),
  tnved: z.string().regex(/^\d{2,10}$/).optional(),
  region: regionCode.optional(),
  country: z.enum(["RU", "CN"]).optional(),
  verified: flag.optional(),
  currency: z.enum(["RUB", "CNY", "USD"]).optional(),
  priceMin: z.coerce.number().min(0).optional(),
  priceMax: z.coerce.number().min(0).optional(),
  sort: z.enum(["newest", "price_asc", "price_desc"]).optional(),
});

export const CompanyListQuery = PagingSchema.extend({
  lang: LangSchema,
  region: regionCode.optional(),
  country: z.enum(["RU", "CN"]).optional(),
  okved: z.string().regex(/^\d{2}(\.\d{1,2}){0,2}$/).optional(),
  category: id.optional(),
  verified: flag.optional(),
  kind: z.enum(["manufacturer", "trader"]).optional(),
});


export const CompanyServiceListQuery = PagingSchema.extend({
  lang: LangSchema,
  serviceType: z.string().regex(/^[a-z0-9-]{1,60}$/).optional(),
  region: regionCode.optional(),
  country: z.enum(["RU", "CN"]).optional(),
  company: id.optional(),
});

export const RegionListQuery = z.object({ lang: LangSchema, country: z.enum(["RU", "CN"]).optional() });

export const RandomQuery = z.object({ lang: LangSchema, count: z.coerce.number().int().min(1).max(50).default(8) });

/** The numeric id of a path; anything else is a 404 (an id that cannot exist does not exist). */
function pathId(c: Context<ApiEnv>, what: string): number {
  const parsed = id.safeParse(c.req.param("id"));
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

function paged<T>(c: Context<ApiEnv>, result: Paged<T>, page: number, perPage: number) {
  return ok(c, result.items, { ...pageMeta(page, perPage, result.total), totalCapped: result.totalCapped });
}

export const catalogRoutes = new Hono<ApiEnv>()
  .get("/api/categories", async (c) => {
    const { lang } = parseQuery(c, LangOnly);
    return ok(c, await listCategories(c.var.db, lang));
  })
  .get("/api/products", async (c) => {
    const { lang, page, perPage, ...filters } = parseQuery(c, ProductListQuery);
    return paged(c, await listProducts(c.var.db, filters, lang, page, perPage), page, perPage);
  })
  .get("/api/products/random", async (c) => {
    const { lang, count } = parseQuery(c, RandomQuery);
    return ok(c, await randomProducts(c.var.db, lang, count));
  })
  .get("/api/products/:id", async (c) => {
    const { lang } = parseQuery(c, LangOnly);
    const product = await getProduct(c.var.db, pathId(c, "Product"), lang);
    if (!product) throw notFound("Product");
    return ok(c, product);
  })
  .get("/api/products/:id/products", async (c) => {
    const { lang, count } = parseQuery(c, RandomQuery);
    return ok(c, await relatedProducts(c.var.db, pathId(c, "Product"), lang, count));
  })
  .get("/api/companies", async (c) => {
    const { lang, page, perPage, ...filters } = parseQuery(c, CompanyListQuery);
    return paged(c, await listCompanies(c.var.db, filters, lang, page, perPage), page, perPage);
  })
  .get("/api/companies/:id", async (c) => {
    const { lang } = parseQuery(c, LangOnly);
    const company = await getCompany(c.var.db, pathId(c, "Company"), lang);
    if (!company) throw notFound("Company");
    return ok(c, company);
  })
  .get("/api/companies/:id/products", async (c) => {
    const { lang, page, perPage, ...filters } = parseQuery(c, ProductListQuery);
    const company = pathId(c, "Company");
    return paged(c, await listProducts(c.var.db, { ...filters, company }, lang, page, perPage), page, perPage);
  })
  .get("/api/regions", async (c) => {
    const { lang, country } = parseQuery(c, RegionListQuery);
    return ok(c, await listRegions(c.var.db, lang, country));
  })
  .get("/api/services", async (c) => {
    const { lang } = parseQuery(c, LangOnly);
    return ok(c, await listServiceTypes(c.var.db, lang));
  })
  .get("/api/company-services", async (c) => {
    const { lang, page, perPage, ...filters } = parseQuery(c, CompanyServiceListQuery);
    return paged(c, await listCompanyServices(c.var.db, filters, lang, page, perPage), page, perPage);
  })
  .get("/api/company-services/:id", async (c) => {
    const { lang } = parseQuery(c, LangOnly);
    const result = await listCompanyServices(c.var.db, { ids: [pathId(c, "Service offer")] }, lang, 1, 1);
    if (!result.items[0]) throw notFound("Service offer");
    return ok(c, result.items[0]);
  });
