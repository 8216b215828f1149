/** `/catalog/{id}`: one category's products with facets, sort and pages. */
import type { Route } from "./+types/catalog-category";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { ProductListing } from "./components/product-listing.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import * as categoriesApi from "#contract/categories.ts";
import * as productsApi from "#contract/products.ts";
import { apiQuery, productListQuery } from "./lib/catalog-query.ts";
import { displayCurrency } from "#app/components/money/display-currency.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageTools } from "#app/lib/page-loader.server.ts";
import { PRODUCT_LISTING_FILTERS, PRODUCTS_PER_PAGE, withProductFacets } from "./lib/product-listing.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { guards } from "#app/middleware/registry.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(["check-query-params", productListQuery], "reset-page");

const FILTER_KEYS: (keyof productsApi.ProductListInput)[] = ["page", "region", "country", "verified", ...PRODUCT_LISTING_FILTERS];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { api, url, lang } = pageTools({ context, request });
  if (!/^[1-9]\d{0,9}$/.test(params.id)) pageNotFound(request);
  const id = Number(params.id);
  const { data: categories } = await api.send(categoriesApi.listCategories, { query: { lang } });
  const parent = categories.find((c) => c.id === id || c.children.some((child) => child.id === id));
  const category = parent?.id === id ? parent : parent?.children.find((c) => c.id === id);
  if (!parent || !category) pageNotFound(request);
  // Price bounds without a currency are typed in the visitor's display currency (compared across currencies, ADR 026).
  const priceIn = displayCurrency(request, lang);
  const query = {
    ...apiQuery<productsApi.ProductListInput>(url.searchParams, FILTER_KEYS),
    category: id,
    lang,
    perPage: PRODUCTS_PER_PAGE,
    priceIn,
  };
  const { page: list, facets } = await withProductFacets(request, api, query, api.send(productsApi.listProducts, { query }));
  const meta = list.meta;
  return {
    category,
    parent: parent.id === id ? null : parent,
    products: list.data,
    meta,
    facets,
    seo: { title: category.name.text, description: `${category.name.text}: ${meta.total}` },
  };
}

export default function CatalogCategory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { category, parent } = loaderData;
  return (
    <main id="main" className="page">
      <Breadcrumbs
        items={[
          { to: "/catalog", label: t("catalog.title") },
          ...(parent ? [{ to: `/catalog/${parent.id}`, label: <Text value={parent.name} /> }] : []),
          { label: <Text value={category.name} /> },
        ]}
      />
      <header className="page-header">
        <h1>
          <Text value={category.name} />
        </h1>
        {category.children.length > 0 ? (
          <ul className="chips">
            {category.children.map((child) => (
              <li key={child.id}>
                <LocaleLink to={`/catalog/${child.id}`} className="chip chip-light">
                  <Text value={child.name} /> <span className="muted">{child.productCount}</span>
                </LocaleLink>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <ProductListing products={loaderData.products} meta={loaderData.meta} facets={loaderData.facets} />
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
