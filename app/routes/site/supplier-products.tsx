/** `/suppliers/{id}/products`: all products of one supplier, paged and filterable. */
import type { Route } from "./+types/supplier-products";
import { ProductListing } from "./components/product-listing.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import * as companiesApi from "#contract/companies.ts";
import type * as productsApi from "#contract/products.ts";
import { apiQuery, productListQuery } from "./lib/catalog-query.ts";
import { displayCurrency } from "#app/components/money/display-currency.ts";
import { pageTools } from "#app/lib/page-loader.server.ts";
import { PRODUCT_LISTING_FILTERS, PRODUCTS_PER_PAGE, withProductFacets } from "./lib/product-listing.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { loadSupplier } from "./lib/supplier-loader.server.ts";
import { guards } from "#app/middleware/registry.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(["check-query-params", productListQuery], "reset-page");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { api, t, url, lang } = pageTools({ context, request });
  const company = await loadSupplier(context, request, params.id, lang);
  const query = {
    ...apiQuery<productsApi.ProductListInput>(url.searchParams, ["page", ...PRODUCT_LISTING_FILTERS]),
    company: company.id,
    lang,
    perPage: PRODUCTS_PER_PAGE,
    // Price bounds without a currency are in the visitor's display currency (ADR 026).
    priceIn: displayCurrency(request, lang),
  };
  const { page: list, facets } = await withProductFacets(
    request,
    api,
    query,
    api.send(companiesApi.listCompanyProducts, { params: { id: company.id }, query }),
  );
  return { company, products: list.data, meta: list.meta, facets, seo: { title: `${t("suppliers.products")} — ${company.name.text}` } };
}

export default function SupplierProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { company } = loaderData;
  return (
    <main id="main" className="page">
      <Breadcrumbs
        items={[
          { to: "/suppliers", label: t("suppliers.title") },
          { to: `/suppliers/${company.id}`, label: <Text value={company.name} /> },
          { label: t("suppliers.products") },
        ]}
      />
      <h1>
        {t("suppliers.products")}: <Text value={company.name} />
      </h1>
      <ProductListing products={loaderData.products} meta={loaderData.meta} facets={loaderData.facets} />
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
