/** `/services/company`: suppliers' service offers, by service type and region; `page` is guarded. */
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/services-company";
import { CompanyCard } from "#app/components/catalog/cards.tsx";
import { ServicePriceFrom } from "./components/service-price.tsx";
import { Text, TextParagraph } from "#app/components/catalog/text.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import type { RouteQueryInput } from "#contract/route.ts";
import * as searchApi from "#contract/search.ts";
import { apiContext } from "#app/context.ts";
import { apiQuery } from "./lib/catalog-query.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { pageParam, searchParam } from "#app/lib/query-schema.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { guards } from "#app/middleware/registry.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(
  "check-query-params-page",
  [
    "check-query-params",
    {
      page: pageParam,
      q: searchParam,
      serviceType: z.string().regex(/^[a-z0-9-]{1,60}$/),
      region: z.string().regex(/^(CN-)?\d{2}$/),
      country: z.enum(["RU", "CN"]),
    },
  ],
  "reset-page",
);

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const lang = pageLang(request);
  const t = getInstance(context).t;
  const query = apiQuery<RouteQueryInput<typeof searchApi.filterServices>>(url.searchParams, [
    "page",
    "q",
    "serviceType",
    "region",
    "country",
  ]);
  const result = await context.get(apiContext).send(searchApi.filterServices, { query: { ...query, lang, perPage: 20 } });
  const meta = result.meta;
  if (meta.page > meta.pages && meta.page > 1) pageNotFound(request);
  const current = result.data.serviceTypes.find((s) => s.slug === url.searchParams.get("serviceType"));
  return {
    items: result.data.items,
    types: result.data.serviceTypes,
    meta,
    params: Object.fromEntries(url.searchParams),
    seo: { title: current ? current.name.text : t("services.offers"), description: t("services.description") },
  };
}

export default function ServicesCompany({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="page">
      <Breadcrumbs items={[{ to: "/services", label: t("services.title") }, { label: t("services.offers") }]} />
      <h1>{loaderData.seo.title}</h1>
      <Form method="get" className="inline-filters" data-autosubmit="all">
        <FilterSelect
          name="serviceType"
          label={t("services.type")}
          value={loaderData.params.serviceType}
          any={t("catalog.any")}
          options={loaderData.types.map((type) => ({ value: type.slug, label: `${type.name.text} (${type.companyCount})` }))}
        />
        <FilterSelect
          name="country"
          label={t("catalog.country")}
          value={loaderData.params.country}
          any={t("catalog.any")}
          options={(["RU", "CN"] as const).map((c) => ({ value: c, label: t(`catalog.countries.${c}`) }))}
        />
        <button type="submit" className="button">
          {t("catalog.apply")}
        </button>
      </Form>
      <p className="muted results-line">{t("catalog.found", { count: loaderData.meta.total })}</p>
      {loaderData.items.length === 0 ? <p className="empty">{t("services.none")}</p> : null}
      <ul className="offer-list">
        {loaderData.items.map((offer) => (
          <li key={offer.id} className="card offer">
            <h2>
              <LocaleLink to={`/services/company/${offer.id}`}>
                <Text value={offer.serviceType.name} />
              </LocaleLink>
              {offer.priceFrom ? (
                <span className="muted offer-price">
                  {" "}
                  <ServicePriceFrom offer={offer} />
                </span>
              ) : null}
            </h2>
            <TextParagraph value={offer.description} className="clamp-3" />
            <CompanyCard company={offer.company} />
          </li>
        ))}
      </ul>
      <Pagination page={loaderData.meta.page} pages={loaderData.meta.pages} />
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
