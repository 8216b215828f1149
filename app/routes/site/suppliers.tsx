/**
 * `/suppliers`: find suppliers by words (or an INN, OGRN or OKVED code), region, activity (OKVED),
 * category, verification and kind, and by the FNS registers' SME category, headcount and revenue
 * bands and presence on the platform (ADR 057).
 */
import { Form } from "react-router";
import type { Route } from "./+types/suppliers";
import { CompanyList } from "#app/components/catalog/cards.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import * as categoriesApi from "#contract/categories.ts";
import * as searchApi from "#contract/search.ts";
import type { RouteQueryInput } from "#contract/route.ts";
import { apiQuery, supplierListQuery } from "./lib/catalog-query.ts";
import { pageTools, requirePageInRange } from "#app/lib/page-loader.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { guards } from "#app/middleware/registry.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { documentHandle } from "#app/lib/documents.ts";
import { OKVED_CODE_PATTERN } from "#contract/classifier-codes.ts";
import { COMPANY_ORIGINS, SME_CATEGORIES } from "#contract/registers.ts";
import { FilterPanel, activeFilters } from "./components/filter-panel.tsx";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(["check-query-params", supplierListQuery], "reset-page");

const KEYS: (keyof RouteQueryInput<typeof searchApi.filterSuppliers>)[] = [
  "page",
  "q",
  "region",
  "country",
  "okved",
  "category",
  "verified",
  "kind",
  "sme",
  "headcount",
  "revenue",
  "origin",
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, t, url, lang } = pageTools({ context, request });
  const [result, categories] = await Promise.all([
    api.send(searchApi.filterSuppliers, { query: { ...apiQuery(url.searchParams, KEYS), lang, perPage: 20 } }),
    api.send(categoriesApi.listCategories, { query: { lang } }).then((r) => r.data),
  ]);
  const meta = result.meta;
  requirePageInRange(request, meta);
  return {
    items: result.data.items,
    facets: result.data.facets,
    categories,
    meta,
    params: Object.fromEntries(url.searchParams),
    seo: { title: t("suppliers.title"), description: t("suppliers.description") },
  };
}

export default function Suppliers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { facets, params } = loaderData;
  return (
    <main id="main" className="page">
      <Breadcrumbs items={[{ label: t("suppliers.title") }]} />
      <PageHeader title={t("suppliers.title")} lead={t("suppliers.description")} />
      <div className="listing listing-with-filters">
        <Form
          method="get"
          className="filters card"
          aria-label={t("catalog.filters")}
          // Text inputs apply on submit; selects, radios and checkboxes at once (app/islands/live-forms.ts).
          data-autosubmit="choices"
        >
          <FilterPanel
            active={activeFilters(params)}
            lead={
              <label className="field">
                <span>{t("suppliers.query")}</span>
                <input type="search" name="q" defaultValue={params.q ?? ""} maxLength={200} />
              </label>
            }
          >
            <FilterSelect
              name="region"
              label={t("catalog.region")}
              value={params.region}
              any={t("catalog.any")}
              options={facets.regions.map((r) => ({ value: r.value, label: `${r.name?.text ?? r.value} (${r.count})` }))}
            />
            <FilterSelect
              name="category"
              label={t("suppliers.category")}
              value={params.category}
              any={t("catalog.any")}
              options={loaderData.categories.map((c) => ({ value: String(c.id), label: c.name.text }))}
            />
            <label className="field">
              <span>{t("suppliers.okved")}</span>
              <input name="okved" defaultValue={params.okved ?? ""} placeholder="24.20" pattern={OKVED_CODE_PATTERN} inputMode="decimal" />
            </label>
            <fieldset className="field">
              <legend>{t("suppliers.kind")}</legend>
              <label className="field-check">
                <input type="radio" name="kind" value="" defaultChecked={!params.kind} /> {t("catalog.any")}
              </label>
              <label className="field-check">
                <input type="radio" name="kind" value="manufacturer" defaultChecked={params.kind === "manufacturer"} />{" "}
                {t("catalog.kind.manufacturer")} ({facets.kinds.manufacturer})
              </label>
              <label className="field-check">
                <input type="radio" name="kind" value="trader" defaultChecked={params.kind === "trader"} /> {t("catalog.kind.trader")} (
                {facets.kinds.trader})
              </label>
            </fieldset>
            <fieldset className="field">
              <legend>{t("registers.filterOrigin")}</legend>
              <label className="field-check">
                <input type="radio" name="origin" value="" defaultChecked={!params.origin} /> {t("catalog.any")}
              </label>
              {COMPANY_ORIGINS.map((origin) => (
                <label className="field-check" key={origin}>
                  <input type="radio" name="origin" value={origin} defaultChecked={params.origin === origin} />{" "}
                  {t(`registers.origin.${origin}`)} ({facets.origins[origin]})
                </label>
              ))}
            </fieldset>
            <FilterSelect
              name="sme"
              label={t("registers.filterSme")}
              value={params.sme}
              any={t("catalog.any")}
              options={SME_CATEGORIES.map((value) => ({ value, label: `${t(`registers.sme.${value}`)} (${facets.sme[value]})` }))}
            />
            <FilterSelect
              name="headcount"
              label={t("registers.filterHeadcount")}
              value={params.headcount}
              any={t("catalog.any")}
              options={facets.headcount.map((b) => ({ value: b.value, label: `${t(`registers.headcountBand.${b.value}`)} (${b.count})` }))}
            />
            <FilterSelect
              name="revenue"
              label={t("registers.filterRevenue")}
              value={params.revenue}
              any={t("catalog.any")}
              options={facets.revenue.map((b) => ({ value: b.value, label: `${t(`registers.revenueBand.${b.value}`)} (${b.count})` }))}
            />
            <label className="field field-check">
              <input type="checkbox" name="verified" value="1" defaultChecked={params.verified === "1"} />
              <span>
                {t("catalog.onlyVerified")} ({facets.verified})
              </span>
            </label>
            {facets.capped ? (
              <p className="muted" role="note">
                {t("suppliers.facetsCapped", { count: searchApi.SUPPLIER_FACET_CAP })}
              </p>
            ) : null}
          </FilterPanel>
          <button type="submit" className="button">
            {t("catalog.apply")}
          </button>
        </Form>
        <div>
          {loaderData.meta.correctedQuery ? (
            <p className="notice" role="status">
              {t("search.corrected", { q: params.q ?? "", corrected: loaderData.meta.correctedQuery })}
            </p>
          ) : null}
          <p className="muted results-line">
            {t(loaderData.meta.totalCapped ? "suppliers.foundMore" : "suppliers.found", { count: loaderData.meta.total })}
          </p>
          {loaderData.items.length === 0 ? <p className="empty">{t("suppliers.none")}</p> : null}
          <CompanyList companies={loaderData.items} />
          <Pagination page={loaderData.meta.page} pages={loaderData.meta.pages} />
        </div>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
