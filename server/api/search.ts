/**
 * The search resources (contract/search.ts): `/dev/search`, `/dev/product/search`,
 * `/dev/suppliers/filter`, `/dev/services/filter`. Each `/dev/…` group is its own resource with a
 * narrow prefix, because other areas register under `/dev` too (`/dev/legal_entry`, `/dev/address`).
 */
import { pageMetaOf } from "#contract/route.ts";
import * as search from "#contract/search.ts";
import { crossSearch, filterServices, filterSuppliers } from "../catalog/browse.ts";
import { searchProducts, withSpellingCorrection } from "../catalog/search.ts";
import { implement, resource } from "./resource.ts";
import { translateCompanyCards, translateProductCards } from "../translation/store.ts";
import { withResponseRates } from "../inquiries/service.ts";

export const crossSearchResource = resource("/dev/search", [
  implement(search.crossSearch, async (c, { query: { q, lang, perGroup } }) => {
    const { correctedQuery, ...data } = await crossSearch(c.var.db, q, lang, perGroup);
    data.products.items = await translateProductCards(c.var.db, lang, data.products.items);
    data.suppliers.items = await withResponseRates(c.var.db, await translateCompanyCards(c.var.db, lang, data.suppliers.items));
    return { data, meta: { q, correctedQuery } };
  }),
]);

export const productSearchResource = resource("/dev/product", [
  implement(search.searchProducts, async (c, { query: { q, lang, page, perPage, ...filters } }) => {
    const result = await withSpellingCorrection(c.var.db, q, (words) => searchProducts(c.var.db, words, filters, lang, page, perPage));
    return {
      data: await translateProductCards(c.var.db, lang, result.items),
      meta: {
        ...pageMetaOf(page, perPage, result.total),
        totalCapped: result.totalCapped,
        q,
        correctedQuery: result.correctedQuery,
      },
    };
  }),
]);

export const supplierFilterResource = resource("/dev/suppliers", [
  implement(search.filterSuppliers, async (c, { query: { q, lang, page, perPage, ...filters } }) => {
    const reply = await filterSuppliers(c.var.db, { q, filters, lang, page, perPage });
    return {
      ...reply,
      data: { ...reply.data, items: await withResponseRates(c.var.db, await translateCompanyCards(c.var.db, lang, reply.data.items)) },
    };
  }),
]);

export const serviceFilterResource = resource("/dev/services", [
  implement(search.filterServices, async (c, { query: { q, lang, page, perPage, ...filters } }) =>
    filterServices(c.var.db, { q, filters, lang, page, perPage }),
  ),
]);
