/** `/services/company/{id}`: one supplier's offer of a service, with the supplier's other offers. */
import type { Route } from "./+types/services-company-item";
import { CompanyCard } from "#app/components/catalog/cards.tsx";
import { ServicePriceFrom } from "./components/service-price.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import { ListSection, ServiceOfferLink } from "./components/page-sections.tsx";
import * as servicesApi from "#contract/services.ts";
import { apiContext } from "#app/context.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  if (!/^[1-9]\d{0,9}$/.test(params.id)) pageNotFound(request);
  const api = context.get(apiContext);
  const offer = await orNotFound(
    request,
    api.send(servicesApi.getCompanyService, { params: { id: params.id }, query: { lang } }).then((r) => r.data),
  );
  const others = await api.send(servicesApi.listCompanyServices, { query: { lang, company: offer.company.id, perPage: 20 } });
  return {
    offer,
    others: others.data.filter((o) => o.id !== offer.id),
    seo: { title: `${offer.serviceType.name.text} — ${offer.company.name.text}`, description: offer.description?.text.slice(0, 250) },
  };
}

export default function ServiceOffer({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { offer } = loaderData;
  return (
    <main id="main" className="page">
      <Breadcrumbs
        items={[
          { to: "/services", label: t("services.title") },
          { to: `/services/company?serviceType=${offer.serviceType.slug}`, label: <Text value={offer.serviceType.name} /> },
          { label: <Text value={offer.company.name} /> },
        ]}
      />
      <h1>
        <Text value={offer.serviceType.name} />
      </h1>
      {offer.priceFrom ? (
        <p className="lead-price">
          <ServicePriceFrom offer={offer} />
        </p>
      ) : null}
      {offer.description ? (
        <section className="card">
          <p className="prewrap">
            <Text value={offer.description} />
          </p>
        </section>
      ) : null}
      <section className="card">
        <h2>{t("product.supplier")}</h2>
        <CompanyCard company={offer.company} />
      </section>
      <ListSection title={t("services.otherOffers")} items={loaderData.others} listClassName="plain-list" itemKey={(o) => o.id}>
        {(o) => <ServiceOfferLink offer={o} />}
      </ListSection>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
