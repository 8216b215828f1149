/**
 * The answers of the search and filter pages (spec §7 `/dev/search`, `/dev/suppliers/filter`,
 * `/dev/services/filter`): each combines a list or a search with what the page shows beside it
 * (the other groups, the facets, the service types), in one call of the API.
 */
import { pageMetaOf } from "#contract/route.ts";
import type { ListMeta } from "#contract/common.ts";
import type { CrossSearch } from "#contract/search.ts";
import type { CompanyListItem } from "#contract/companies.ts";
import type { CompanyServiceItem, ServiceType } from "#contract/services.ts";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import { listCompanies, type CompanyFilters } from "./companies.ts";
import { supplierFacets, type SupplierFacets } from "./facets.ts";
import { getStoryCards } from "./press.ts";
import {
  searchCompanies,
  searchProducts,
  supplierIdentifierFilters,
  searchServiceIds,
  searchStoryIds,
  withSpellingCorrection,
} from "./search.ts";
import { listCompanyServices, listServiceTypes, type CompanyServiceFilters } from "./services.ts";

/** A page's list meta: `pages` at least 1. */
function listMeta(page: number, perPage: number, total: number): ListMeta {
  return pageMetaOf(page, perPage, total);
}

/**
 * One query across products, suppliers, services and stories: the first `perGroup` of each with its
 * total. The words are spelling-corrected only when none of the four finds anything.
 */
export async function crossSearch(
  db: Db,
  q: string,
  lang: Lang,
  perGroup: number,
): Promise<CrossSearch & { correctedQuery: string | null }> {
  const found = await withSpellingCorrection(db, q, async (words) => {
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
  return {
    products: { items: found.products.items, total: found.products.total, totalCapped: found.products.totalCapped },
    suppliers: { items: found.suppliers.items, total: found.suppliers.total },
    services: { items: services.items, total: found.serviceIds.total },
    stories: { items: stories, total: found.storyIds.total },
    correctedQuery: found.correctedQuery,
  };
}

/**
 * The supplier list page: with `q`, ranked matches within the filters (spelling-corrected when
 * nothing matches), else the filtered list; with the facets of what the words and filters select
 * (each facet without its own filter; see supplierFacets).
 */
export async function filterSuppliers(
  db: Db,
  options: { q?: string; filters: CompanyFilters; lang: Lang; page: number; perPage: number },
): Promise<{ data: { items: CompanyListItem[]; facets: SupplierFacets }; meta: ListMeta }> {
  const { lang, page, perPage } = options;
  // An INN, OGRN or OKVED code typed as the words is the filter it stands for (ADR 057).
  const identifier = options.q ? supplierIdentifierFilters(options.q) : null;
  const q = identifier ? undefined : options.q;
  const filters = identifier ? { ...options.filters, ...identifier } : options.filters;
  const list = q
    ? await withSpellingCorrection(db, q, (words) => searchCompanies(db, words, lang, page, perPage, filters))
    : await listCompanies(db, filters, lang, page, perPage).then((result) => ({ ...result, correctedQuery: null }));
  // The facets count what the list shows: the corrected words when the spelling was corrected.
  const facets = await supplierFacets(db, lang, { q: q ? (list.correctedQuery ?? q) : undefined, filters });
  return {
    data: { items: list.items, facets },
    meta: { ...listMeta(page, perPage, list.total), totalCapped: list.totalCapped, correctedQuery: list.correctedQuery },
  };
}

/**
 * The service offers page: offers (filtered; with `q`, those whose description or service type
 * matches, at most 1,000 matches considered) and every service type with its supplier count.
 */
export async function filterServices(
  db: Db,
  options: { q?: string; filters: Omit<CompanyServiceFilters, "ids">; lang: Lang; page: number; perPage: number },
): Promise<{ data: { items: CompanyServiceItem[]; serviceTypes: ServiceType[] }; meta: ListMeta }> {
  const { q, filters, lang, page, perPage } = options;
  const ids = q ? (await searchServiceIds(db, q, 1, 1000)).ids : undefined;
  const [list, types] = await Promise.all([listCompanyServices(db, { ...filters, ids }, lang, page, perPage), listServiceTypes(db, lang)]);
  return { data: { items: list.items, serviceTypes: types }, meta: listMeta(page, perPage, list.total) };
}
