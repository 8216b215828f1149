/**
 * The public catalogue's resources (contract/categories.ts, products.ts, companies.ts, regions.ts,
 * services.ts): `/api/categories`, `/api/products*`, `/api/companies*`, `/api/regions`,
 * `/api/services`, `/api/company-services*`. Every handler reads the catalogue through
 * server/catalog/* and replies; paged lists answer `meta` with `totalCapped` (ADR 011).
 */
import * as categories from "#contract/categories.ts";
import * as companies from "#contract/companies.ts";
import * as products from "#contract/products.ts";
import * as regions from "#contract/regions.ts";
import * as services from "#contract/services.ts";
import { notFound } from "../errors.ts";
import { getCompany, listCompanies } from "../catalog/companies.ts";
import { productFacets } from "../catalog/facets.ts";
import { listRegions } from "../catalog/regions.ts";
import { getTranslatedProduct, listCategories, listProducts, relatedProducts } from "../catalog/repository.ts";
import { randomProductPage } from "../catalog/random.ts";
import { getCompanyService, listCompanyServices, listServiceTypes } from "../catalog/services.ts";
import { pagedReply } from "./replies.ts";
import { withResponseRates } from "../inquiries/service.ts";
import type { Paged } from "../catalog/repository.ts";
import { applyTranslations, translateCompanyCards, translateProductCards } from "../translation/store.ts";
import { implement, implementRead, resource } from "./resource.ts";

/** `pagedReply` of a list whose cards are translated by `translate`. */
async function translatedPage<T>(
  result: Paged<T>,
  page: number,
  perPage: number,
  translate: (items: T[]) => Promise<T[]>,
): Promise<ReturnType<typeof pagedReply<T>>> {
  return pagedReply({ ...result, items: await translate(result.items) }, page, perPage);
}

export const categoryResource = resource("/api/categories", [
  implement(categories.listCategories, async (c, { query }) => ({ data: await listCategories(c.var.db, query.lang) })),
]);

export const productResource = resource("/api/products", [
  // `sort=random` (spec §7 "list, random") draws a page instead of walking an order (server/catalog/random.ts).
  implement(products.listProducts, async (c, { query: { lang, page, perPage, seed, sort, ...filters } }) =>
    translatedPage(
      sort === "random"
        ? await randomProductPage(c.var.db, filters, lang, page, perPage, seed)
        : await listProducts(c.var.db, { ...filters, sort }, lang, page, perPage),
      page,
      perPage,
      (items) => translateProductCards(c.var.db, lang, items),
    ),
  ),
  implement(products.randomProducts, async (c, { query }) => ({
    data: await translateProductCards(c.var.db, query.lang, (await randomProductPage(c.var.db, {}, query.lang, 1, query.count)).items),
  })),
  // Paging parameters are part of the list's query and mean nothing to the facets.
  implement(products.productFacets, async (c, { query: { lang, page: _page, perPage: _perPage, ...filters } }) => ({
    data: await productFacets(c.var.db, filters, lang),
  })),
  // The product and its stored translations in one statement; both of the product page's reads
  // are direct reads for the web tier's in-process client (ADR 069).
  implementRead(products.getProduct, async ({ db }, { params, query }) => {
    const product = await getTranslatedProduct(db, params.id, query.lang);
    if (!product) throw notFound("Product");
    return { data: product };
  }),
  implementRead(products.relatedProducts, async ({ db }, { params, query }) => ({
    data: await relatedProducts(db, params.id, query.lang, query.count),
  })),
]);

export const companyResource = resource("/api/companies", [
  implement(companies.listCompanies, async (c, { query: { lang, page, perPage, ...filters } }) =>
    translatedPage(await listCompanies(c.var.db, filters, lang, page, perPage), page, perPage, async (items) =>
      withResponseRates(c.var.db, await translateCompanyCards(c.var.db, lang, items)),
    ),
  ),
  implement(companies.getCompany, async (c, { params, query }) => {
    const company = await getCompany(c.var.db, params.id, query.lang);
    if (!company) throw notFound("Company");
    return { data: await applyTranslations(c.var.db, "company", params.id, query.lang, company) };
  }),
  implement(companies.listCompanyProducts, async (c, { params, query: { lang, page, perPage, ...filters } }) =>
    translatedPage(await listProducts(c.var.db, { ...filters, company: params.id }, lang, page, perPage), page, perPage, (items) =>
      translateProductCards(c.var.db, lang, items),
    ),
  ),
]);

export const regionResource = resource("/api/regions", [
  implement(regions.listRegions, async (c, { query }) => ({ data: await listRegions(c.var.db, query.lang, query.country) })),
]);

export const serviceTypeResource = resource("/api/services", [
  implement(services.listServiceTypes, async (c, { query }) => ({ data: await listServiceTypes(c.var.db, query.lang) })),
]);

export const companyServiceResource = resource("/api/company-services", [
  implement(services.listCompanyServices, async (c, { query: { lang, page, perPage, ...filters } }) =>
    pagedReply(await listCompanyServices(c.var.db, filters, lang, page, perPage), page, perPage),
  ),
  implement(services.getCompanyService, async (c, { params, query }) => {
    const offer = await getCompanyService(c.var.db, params.id, query.lang);
    if (!offer) throw notFound("Service offer");
    return { data: offer };
  }),
]);
