/**
 * `/search?q=&tab=`: one query across the catalogue (products, suppliers, services, stories) and the
 * classifiers, each a tab with its count. Tabs are plain links (work without JavaScript); the products
 * and suppliers tabs page through all results.
 */
import { z } from "zod";
import type { Route } from "./+types/search";
import { CompanyCard, CompanyList, ProductGrid } from "#app/components/catalog/cards.tsx";
import { StoryGrid } from "./components/story-teaser.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import { SearchResults } from "./components/classifier-index.tsx";
import { ClassifierSearchForm } from "#app/components/classifier/search-form.tsx";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import * as classifiersApi from "#contract/classifiers.ts";
import * as searchApi from "#contract/search.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageTools } from "#app/lib/page-loader.server.ts";
import { pageParam, searchParam } from "#app/lib/query-schema.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { guards } from "#app/middleware/registry.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

const TABS = ["products", "suppliers", "services", "stories", "classifiers"] as const;
type Tab = (typeof TABS)[number];

export const middleware = guards(["check-query-params", { q: searchParam, tab: z.enum(TABS), page: pageParam }], "reset-page");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, t, url, lang } = pageTools({ context, request });
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = Number(url.searchParams.get("page") ?? "1");
  const seo = { title: q ? t("classifier.resultsFor", { q }) : t("search.title"), description: t("search.prompt") };
  if (!q)
    return { q, tab: "products" as Tab, seo, overview: null, corrected: null, okved: null, tnved: null, products: null, suppliers: null };
  const [overview, okved, tnved] = await Promise.all([
    api
      .send(searchApi.crossSearch, { query: { q, lang, perGroup: 20 } })
      .then((r) => ({ ...r.data, correctedQuery: r.meta.correctedQuery })),
    api.send(classifiersApi.searchOkved, { query: { q, lang, perPage: 10 } }),
    api.send(classifiersApi.searchTnved, { query: { q, lang, perPage: 10 } }),
  ]);
  // Without a chosen tab, open the first one that has results.
  const totals: Record<Tab, number> = {
    products: overview.products.total,
    suppliers: overview.suppliers.total,
    services: overview.services.total,
    stories: overview.stories.total,
    classifiers: okved.meta.total + tnved.meta.total,
  };
  const tab = (url.searchParams.get("tab") as Tab | null) ?? TABS.find((name) => totals[name] > 0) ?? "products";
  const products = tab === "products" ? await api.send(searchApi.searchProducts, { query: { q, lang, page, perPage: 24 } }) : null;
  const suppliers = tab === "suppliers" ? await api.send(searchApi.filterSuppliers, { query: { q, lang, page, perPage: 20 } }) : null;
  const meta = products?.meta ?? suppliers?.meta;
  if (meta && page > meta.pages && page > 1) pageNotFound(request);
  return {
    q,
    tab,
    seo,
    overview,
    // Set when nothing matched as typed and corrected words were searched instead (catalogue tabs).
    corrected: tab === "classifiers" ? null : (overview.correctedQuery ?? meta?.correctedQuery ?? null),
    okved: { items: okved.data, meta: { ...okved.meta, pages: 1 } },
    tnved: { items: tnved.data, meta: { ...tnved.meta, pages: 1 } },
    products: products ? { items: products.data, meta: products.meta } : null,
    suppliers: suppliers ? { items: suppliers.data.items, meta: suppliers.meta } : null,
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { q, tab, overview } = loaderData;
  const counts: Record<Tab, number> = {
    products: overview?.products.total ?? 0,
    suppliers: overview?.suppliers.total ?? 0,
    services: overview?.services.total ?? 0,
    stories: overview?.stories.total ?? 0,
    classifiers: (loaderData.okved?.meta.total ?? 0) + (loaderData.tnved?.meta.total ?? 0),
  };
  return (
    <main id="main" className="page">
      <PageHeader title={t("search.heading")} lead={t("search.prompt")} />
      <ClassifierSearchForm
        action={localeHref(lang, "/search")}
        q={q}
        label={t("home.searchLabel")}
        placeholder={t("home.searchPlaceholder")}
      />
      {loaderData.corrected ? (
        <p className="notice" role="status">
          {t("search.corrected", { q, corrected: loaderData.corrected })}
        </p>
      ) : null}
      {q ? (
        <>
          <nav className="tabs" aria-label={t("search.title")}>
            {TABS.map((name) => (
              <LocaleLink
                key={name}
                to={`/search?${new URLSearchParams({ q, tab: name })}`}
                className={name === tab ? "tab tab-active" : "tab"}
                aria-current={name === tab ? "page" : undefined}
                preventScrollReset
              >
                {t(`search.tabs.${name}`)} <span className="tab-count">{counts[name]}</span>
              </LocaleLink>
            ))}
          </nav>
          {tab === "products" && loaderData.products ? (
            <section>
              {loaderData.products.items.length === 0 ? (
                <p className="empty">{t("classifier.noResults", { q })}</p>
              ) : (
                <ProductGrid products={loaderData.products.items} matched />
              )}
              <Pagination page={loaderData.products.meta.page} pages={loaderData.products.meta.pages} />
            </section>
          ) : null}
          {tab === "suppliers" && loaderData.suppliers ? (
            <section>
              {loaderData.suppliers.items.length === 0 ? <p className="empty">{t("classifier.noResults", { q })}</p> : null}
              <CompanyList companies={loaderData.suppliers.items} />
              <Pagination page={loaderData.suppliers.meta.page} pages={loaderData.suppliers.meta.pages} />
            </section>
          ) : null}
          {tab === "services" && overview ? (
            <section>
              {overview.services.items.length === 0 ? <p className="empty">{t("classifier.noResults", { q })}</p> : null}
              <ul className="offer-list">
                {overview.services.items.map((offer) => (
                  <li key={offer.id} className="card offer">
                    <h2>
                      <LocaleLink to={`/services/company/${offer.id}`}>
                        <Text value={offer.serviceType.name} />
                      </LocaleLink>
                    </h2>
                    <CompanyCard company={offer.company} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {tab === "stories" && overview ? (
            <section>
              {overview.stories.items.length === 0 ? <p className="empty">{t("classifier.noResults", { q })}</p> : null}
              <StoryGrid stories={overview.stories.items} />
            </section>
          ) : null}
          {tab === "classifiers"
            ? (["okved", "tnved"] as const).map((classifier) => {
                const result = loaderData[classifier];
                if (!result) return null;
                return (
                  <section key={classifier} className="search-group">
                    <h2>{t(`classifier.${classifier}.title`)}</h2>
                    <SearchResults classifier={classifier} q={q} search={result} />
                    {result.meta.total > result.items.length ? (
                      <p>
                        <LocaleLink to={`/${classifier}?${new URLSearchParams({ q })}`} className="button button-secondary">
                          {t("search.all", { name: t(`classifier.${classifier}.title`) })} ({result.meta.total})
                        </LocaleLink>
                      </p>
                    ) : null}
                  </section>
                );
              })
            : null}
        </>
      ) : null}
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
