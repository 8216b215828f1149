/**
 * Home: the product's front door — search across both classifiers, the two classifiers with their
 * sizes, and their top levels to start browsing.
 */
import * as appDataApi from "#contract/app-data.ts";
import * as categoriesApi from "#contract/categories.ts";
import * as companiesApi from "#contract/companies.ts";
import * as productsApi from "#contract/products.ts";
import * as storiesApi from "#contract/stories.ts";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/home";
import { Icon, iconOf } from "#app/components/icon.tsx";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { LocalizedName } from "#app/components/classifier/localized-name.tsx";
import { CompanyList, ProductGrid } from "#app/components/catalog/cards.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import { apiContext } from "#app/context.ts";
import { StoryGrid } from "./components/story-teaser.tsx";
import type { ClassifierNode } from "#contract/classifiers.ts";
import { treeLevel } from "#app/lib/classifier-loaders.server.ts";
import { type Lang, pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { useT } from "#app/lib/use-t.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

const EXAMPLES: Record<Lang, string[]> = {
  ru: ["пшеница", "ноутбук", "62.01", "8471 30", "трубы стальные"],
  en: ["wheat", "laptop", "62.01", "8471 30", "software"],
  zh: ["笔记本电脑", "钢管", "62.01", "8471 30", "软件"],
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const t = getInstance(context).t;
  const lang = pageLang(request);
  const [appData, okved, tnved, categories, products, suppliers, stories] = await Promise.all([
    api.send(appDataApi.getAppData).then((r) => r.data),
    treeLevel(api, "okved", { lang }),
    treeLevel(api, "tnved", { lang }),
    api.send(categoriesApi.listCategories, { query: { lang } }).then((r) => r.data),
    api.send(productsApi.randomProducts, { query: { lang, count: 8 } }).then((r) => r.data),
    api.send(companiesApi.listCompanies, { query: { lang, perPage: 6 } }).then((r) => r.data),
    api.send(storiesApi.randomStories, { query: { lang, count: 3 } }).then((r) => r.data),
  ]);
  return {
    stats: appData.classifiers,
    okved,
    tnved,
    categories: categories
      .filter((c) => c.productCount > 0)
      .sort((a, b) => b.productCount - a.productCount)
      .slice(0, 8),
    products,
    suppliers,
    stories,
    seo: { title: t("home.title"), description: t("app.description") },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { stats, categories, products, suppliers, stories } = loaderData;
  // The catalogue below the search, each part with its "view all" link; a part with nothing to show is left out.
  const sections: { title: string; to: string; count: number; body: ReactNode }[] = [
    { title: t("home.more.topCategories"), to: "/catalog", count: categories.length, body: <CategoryTiles categories={categories} /> },
    { title: t("home.more.randomProducts"), to: "/catalog", count: products.length, body: <ProductGrid products={products} belowFold /> },
    { title: t("home.more.newSuppliers"), to: "/suppliers", count: suppliers.length, body: <CompanyList companies={suppliers} grid /> },
    { title: t("home.more.stories"), to: "/press_center", count: stories.length, body: <StoryGrid stories={stories} /> },
  ];
  return (
    <main id="main">
      <section className="hero">
        <div className="hero-inner">
          <h1>{t("home.heading")}</h1>
          <p className="hero-lead">{t("home.lead")}</p>
          <Form method="get" action={localeHref(lang, "/search")} role="search" className="search-form search-form-hero">
            <label htmlFor="home-q" className="visually-hidden">
              {t("home.searchLabel")}
            </label>
            <Icon name="search" className="search-form-icon" />
            <input id="home-q" type="search" name="q" placeholder={t("home.searchPlaceholder")} maxLength={200} enterKeyHint="search" />
            <button type="submit" className="button">
              {t("home.searchButton")}
            </button>
          </Form>
          <p className="examples">
            <span>{t("home.examples")}:</span>
            {EXAMPLES[lang].map((q) => (
              <LocaleLink key={q} to={`/search?${new URLSearchParams({ q })}`} className="chip">
                {q}
              </LocaleLink>
            ))}
          </p>
        </div>
      </section>

      <div className="page">
        {sections.map((section) =>
          section.count > 0 ? (
            <section key={section.title} className="sections-block">
              <SectionHeading title={section.title} to={section.to} />
              {section.body}
            </section>
          ) : null,
        )}
        <section className="classifier-cards">
          {CLASSIFIER_CARDS.map(({ classifier, icon }) => (
            <article key={classifier} className="card classifier-card">
              <Icon name={icon} size={28} />
              <h2>
                <LocaleLink to={`/${classifier}`}>{t(`classifier.${classifier}.title`)}</LocaleLink>
              </h2>
              <p>{t(`classifier.${classifier}.long`)}</p>
              <p className="page-meta">{t("home.codes", { count: stats[classifier].count })}</p>
              <LocaleLink to={`/${classifier}`} className="button button-secondary">
                {t("home.browse")} <Icon name="arrow-right" size={16} />
              </LocaleLink>
            </article>
          ))}
        </section>

        <SectionGrid classifier="tnved" title={t("home.tnvedSections")} nodes={loaderData.tnved} />
        <SectionGrid classifier="okved" title={t("home.okvedSections")} nodes={loaderData.okved} />
      </div>
    </main>
  );
}

/** The two classifiers' cards, in the order the home page shows them. */
const CLASSIFIER_CARDS = [
  { classifier: "okved", icon: "factory" },
  { classifier: "tnved", icon: "ship" },
] as const;

/** The catalogue's top categories as tiles with their product counts. */
function CategoryTiles({ categories }: { categories: Route.ComponentProps["loaderData"]["categories"] }) {
  return (
    <ul className="section-grid">
      {categories.map((category) => (
        <li key={category.id}>
          <LocaleLink to={`/catalog/${category.id}`} className="section-tile">
            <Icon name={iconOf(category.icon)} size={22} />
            <span className="code-name">
              <Text value={category.name} /> <span className="muted">{category.productCount}</span>
            </span>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}

function SectionHeading({ title, to }: { title: string; to: string }) {
  const t = useT();
  return (
    <div className="section-heading">
      <h2>{title}</h2>
      <LocaleLink to={to}>
        {t("home.more.viewAll")} <Icon name="arrow-right" size={16} />
      </LocaleLink>
    </div>
  );
}

/** The top level of one classifier as tiles linking to each section's page. */
function SectionGrid({ classifier, title, nodes }: { classifier: "okved" | "tnved"; title: string; nodes: ClassifierNode[] }) {
  return (
    <section className="sections-block">
      <h2>{title}</h2>
      <ul className="section-grid">
        {nodes.map((node) => (
          <li key={node.code}>
            <LocaleLink to={`/${classifier}/${node.code}`} className="section-tile">
              <span className="code">{node.displayCode}</span>
              <span className="code-name">
                <LocalizedName name={node.name} nameLang={node.nameLang} />
              </span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
