/** `/catalog`: the category tree with the number of products in each. */
import type { Route } from "./+types/catalog";
import { Icon, iconOf } from "#app/components/icon.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import * as categoriesApi from "#contract/categories.ts";
import { pageTools } from "#app/lib/page-loader.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader(args: Route.LoaderArgs) {
  const { api, t, lang } = pageTools(args);
  const { data: categories } = await api.send(categoriesApi.listCategories, { query: { lang } });
  return { categories, seo: { title: t("catalog.title"), description: t("catalog.description") } };
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="page">
      <Breadcrumbs items={[{ label: t("catalog.title") }]} />
      <PageHeader title={t("catalog.title")} lead={t("catalog.description")} />
      {loaderData.categories.length === 0 ? <p className="empty">{t("catalog.empty")}</p> : null}
      <ul className="category-grid">
        {loaderData.categories.map((category) => (
          <li key={category.id} className="card category-card">
            <h2>
              <Icon name={iconOf(category.icon)} size={22} />{" "}
              <LocaleLink to={`/catalog/${category.id}`}>
                <Text value={category.name} />
              </LocaleLink>{" "}
              <span className="results-count">{category.productCount}</span>
            </h2>
            <ul className="subcategory-list">
              {category.children.map((child) => (
                <li key={child.id}>
                  <LocaleLink to={`/catalog/${child.id}`}>
                    <Text value={child.name} />
                  </LocaleLink>{" "}
                  <span className="muted">{child.productCount}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
