/** `/suppliers/{id}`: who the supplier is, how it is verified, what it does (OKVED), sells and offers. */
import type { Route } from "./+types/supplier";
import { SaveForOffline } from "#app/components/pwa/save-offline.tsx";
import { CompanyLogo, ProductGrid, VerifiedBadge } from "#app/components/catalog/cards.tsx";
import { formatDate, formatMoney } from "#app/components/catalog/format.ts";
import { LegalEntityFacts } from "#app/components/catalog/legal-entity-facts.tsx";
import { PlaceSeparator, Text } from "#app/components/catalog/text.tsx";
import { DescriptionCard, DocumentLink, ListSection, ServiceOfferLink } from "./components/page-sections.tsx";
import { TranslationNote } from "#app/components/content/translations.tsx";
import { YandexMap } from "./components/yandex-map.tsx";
import { JsonLd, FactItems } from "./components/structured.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as companiesApi from "#contract/companies.ts";
import type { RegisterFacts } from "#contract/registers.ts";
import { apiContext, servicesContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { loadSupplier } from "./lib/supplier-loader.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { CompanyContactItems } from "#app/components/catalog/facts.tsx";
import { useT } from "#app/lib/use-t.ts";
import * as inquiriesApi from "#contract/inquiries.ts";
import { RequestPriceLink, ResponseStatsCard } from "#app/components/conversations/parts.tsx";
import { documentHandle } from "#app/lib/documents.ts";
import * as paymentRoutesApi from "#contract/payment-routes.ts";
import { PaymentRoutesCard } from "./components/payment-routes-card.tsx";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const company = await loadSupplier(context, request, params.id, lang);
  const products = await context
    .get(apiContext)
    .send(companiesApi.listCompanyProducts, { params: { id: company.id }, query: { lang, perPage: 8 } });
  // The response metrics (issue 14): a failure leaves the section out.
  const responseStats = await context
    .get(apiContext)
    .send(inquiriesApi.getResponseStats, { params: { id: company.id } })
    .then((r) => r.data)
    .catch(() => null);
  // The payment routes it accepts with their recorded outcomes (issue 28 §3): a failure leaves the section out.
  const paymentRoutes = await context
    .get(apiContext)
    .send(paymentRoutesApi.listCompanyPaymentRoutes, { params: { id: company.id } })
    .then((r) => r.data)
    .catch(() => []);
  return {
    company,
    responseStats,
    paymentRoutes,
    products: products.data,
    productTotal: products.meta.total,
    // The interactive map only with a key (and coordinates): the CSP admits Yandex Maps only then.
    mapsKey: company.coordinates ? (context.get(servicesContext).yandexMapsApiKey ?? null) : null,
    seo: { title: company.name.text, description: (company.description?.text ?? company.name.text).slice(0, 250) },
  };
}

export default function Supplier({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { company, products } = loaderData;
  const mainOkved = company.okved.find((o) => o.isMain);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.name.text,
    description: company.description?.text,
    url: company.website ?? undefined,
    telephone: company.phone ?? undefined,
    email: company.email ?? undefined,
    foundingDate: company.yearFounded ? String(company.yearFounded) : undefined,
    address: company.address?.text,
    taxID: company.legalEntities[0]?.inn,
  };
  const mapHref = company.coordinates
    ? `https://yandex.ru/maps/?pt=${company.coordinates.longitude},${company.coordinates.latitude}&z=14&l=map`
    : company.address
      ? `https://yandex.ru/maps/?text=${encodeURIComponent(company.address.text)}`
      : null;
  return (
    <main id="main" className="page">
      <JsonLd data={jsonLd} />
      <Breadcrumbs items={[{ to: "/suppliers", label: t("suppliers.title") }, { label: <Text value={company.name} /> }]} />
      <header className="page-header supplier-header">
        <CompanyLogo src={company.logo?.url} large />
        <div>
          <h1>
            <Text value={company.name} />
          </h1>
          <TranslationNote translations={company.translations} field="name" />
          {company.register ? <RegisterMarks company={company} /> : null}
          <p className="badges">
            {company.kind ? <span className="badge">{t(`catalog.kind.${company.kind}`)}</span> : null}
            <VerifiedBadge level={company.verificationLevel} />
            {company.region ? (
              <span>
                <Text value={company.region.name} />
                {company.city ? (
                  <>
                    <PlaceSeparator />
                    <Text value={company.city} />
                  </>
                ) : null}
              </span>
            ) : null}
          </p>
          {company.kind && mainOkved ? (
            <p className="muted">
              {t(`suppliers.kindEvidence.${company.kind}`)}{" "}
              <LocaleLink to={`/okved/${mainOkved.code}`} className="code-ref">
                {mainOkved.code}
              </LocaleLink>{" "}
              <Text value={mainOkved.name} />
            </p>
          ) : null}
          {/* The page's primary action in the card's header: on a phone it is in the first screen, above the products (issue 26 #11). */}
          <div className="page-actions supplier-actions">
            <RequestPriceLink supplierId={company.id} />
            {company.origin === "register" ? (
              <LocaleLink to={`/suppliers/${company.id}/claim`} className="button button-secondary" data-testid="claim-company">
                {t("registers.claim")}
              </LocaleLink>
            ) : null}
            <SaveForOffline />
          </div>
          {company.origin === "register" ? <p className="muted">{t("registers.heldInquiries")}</p> : null}
        </div>
      </header>

      <div className="supplier-layout">
        <div>
          {company.description ? (
            <DescriptionCard title={t("suppliers.about")} description={company.description} translations={company.translations} />
          ) : null}
          {/* A company from the registers has no products until someone runs it: no empty section. */}
          {company.origin === "register" && loaderData.productTotal === 0 ? null : (
            <section>
              <h2>
                {t("suppliers.products")} <span className="results-count">{loaderData.productTotal}</span>
              </h2>
              {products.length > 0 ? <ProductGrid products={products} belowFold /> : <p className="empty">{t("catalog.noProducts")}</p>}
              {loaderData.productTotal > products.length ? (
                <p>
                  <LocaleLink to={`/suppliers/${company.id}/products`} className="button button-secondary">
                    {t("suppliers.allProducts")} ({loaderData.productTotal})
                  </LocaleLink>
                </p>
              ) : null}
            </section>
          )}
          <ListSection card title={t("services.title")} items={company.services} listClassName="plain-list" itemKey={(s) => s.id}>
            {(s) => (
              <>
                <ServiceOfferLink offer={s} />
                {s.priceFrom ? (
                  <span className="muted"> — {t("catalog.priceFrom", { price: formatMoney(s.priceFrom, s.currency, lang) })}</span>
                ) : null}
              </>
            )}
          </ListSection>
        </div>
        <aside>
          <ResponseStatsCard stats={loaderData.responseStats} />
          <PaymentRoutesCard routes={loaderData.paymentRoutes} />
          {/* The registers give no contacts: an unclaimed company's card would be an empty box. */}
          {company.origin === "register" && !hasContacts(company) ? null : (
            <section className="card">
              <h2>{t("suppliers.contacts")}</h2>
              <dl className="facts">
                <CompanyContactItems
                  company={company}
                  links
                  headcount={company.headcountRange}
                  address={
                    company.address ? (
                      <>
                        <Text value={company.address} />
                        {mapHref ? (
                          <>
                            {" "}
                            <a href={mapHref} rel="noopener noreferrer external" target="_blank">
                              {t("suppliers.openMap")}
                            </a>
                          </>
                        ) : null}
                      </>
                    ) : null
                  }
                />
                <FactItems facts={company.facts} />
              </dl>
              {loaderData.mapsKey && company.coordinates ? (
                <YandexMap
                  apiKey={loaderData.mapsKey}
                  lang={lang}
                  latitude={company.coordinates.latitude}
                  longitude={company.coordinates.longitude}
                  label={company.name.text}
                />
              ) : null}
            </section>
          )}
          {company.verification.level > 0 ? (
            <section className="card">
              <h2>{t("suppliers.verification")}</h2>
              <p>{t(`catalog.verification.${company.verification.level >= 2 ? "2" : "1"}`)}</p>
              {company.verification.evidence ? (
                <p className="muted">
                  <Text value={company.verification.evidence} />
                </p>
              ) : null}
              {company.verification.verifiedAt ? <p className="muted">{formatDate(company.verification.verifiedAt, lang)}</p> : null}
            </section>
          ) : null}
          {company.register ? (
            <RegisterFactsCard facts={company.register} claimable={company.origin === "register"} id={company.id} />
          ) : null}
          {company.legalEntities.length > 0 ? (
            <section className="card">
              <h2>{t("suppliers.legalEntities")}</h2>
              {company.legalEntities.map((e) => (
                <LegalEntityFacts key={e.inn} entity={e} />
              ))}
            </section>
          ) : null}
          <ListSection card title={t("suppliers.activities")} items={company.okved} listClassName="plain-list" itemKey={(o) => o.code}>
            {(o) => (
              <>
                <LocaleLink to={`/okved/${o.code}`} className="code-ref">
                  {o.code}
                </LocaleLink>{" "}
                <Text value={o.name} /> {o.isMain ? <span className="badge">{t("suppliers.main")}</span> : null}
              </>
            )}
          </ListSection>
          <ListSection card title={t("product.documents")} items={company.files} listClassName="plain-list" itemKey={(f) => f.url}>
            {(f) => <DocumentLink file={f} />}
          </ListSection>
        </aside>
      </div>
    </main>
  );
}

/** Whether the contacts card has anything to show. */
function hasContacts(company: companiesApi.CompanyDetail): boolean {
  return Boolean(
    company.address ||
    company.website ||
    company.phone ||
    company.email ||
    company.yearFounded ||
    company.headcountRange ||
    company.facts.length,
  );
}

/** The page's marks of a company the FNS registers list: the registers' date, "not yet on the platform", a departure. */
function RegisterMarks({ company }: { company: companiesApi.CompanyDetail }) {
  const t = useT();
  const lang = useLang();
  const facts = company.register!;
  return (
    <p className="badges register-marks" data-testid="register-marks">
      <span className="badge badge-register">
        {facts.asOf ? t("registers.fromRegisters", { date: formatDate(facts.asOf, lang) }) : t("registers.fromRegistersNoDate")}
      </span>
      {company.origin === "register" ? <span className="badge badge-outline">{t("registers.notOnPlatform")}</span> : null}
      {facts.leftAt ? (
        <span className="badge badge-warn">{t("registers.leftRegister", { date: formatDate(facts.leftAt, lang) })}</span>
      ) : null}
    </p>
  );
}

/** What the FNS registers say (ADR 057): SME category, headcount and revenue bands with their dates; the claim for an unclaimed company. */
function RegisterFactsCard({ facts, claimable, id }: { facts: RegisterFacts; claimable: boolean; id: number }) {
  const t = useT();
  const lang = useLang();
  const asOf = (date: string | null) =>
    date ? <span className="muted"> ({t("registers.asOf", { date: formatDate(date, lang) })})</span> : null;
  return (
    <section className="card" data-testid="register-facts">
      <h2>{t("registers.title")}</h2>
      <p className="muted">{t("registers.lead")}</p>
      <dl className="facts">
        {facts.smeCategory ? (
          <>
            <dt>{t("registers.smeCategory")}</dt>
            <dd>
              {t(`registers.sme.${facts.smeCategory}`)}
              {asOf(facts.asOf)}
            </dd>
          </>
        ) : null}
        {facts.smeIncludedAt ? (
          <>
            <dt>{t("registers.smeIncluded")}</dt>
            <dd>{formatDate(facts.smeIncludedAt, lang)}</dd>
          </>
        ) : null}
        {facts.leftAt ? (
          <>
            <dt>{t("registers.smeCategory")}</dt>
            <dd>{t("registers.leftRegister", { date: formatDate(facts.leftAt, lang) })}</dd>
          </>
        ) : null}
        {facts.headcountBand ? (
          <>
            <dt>{t("registers.headcount")}</dt>
            <dd>
              {t(`registers.headcountBand.${facts.headcountBand}`)}
              {asOf(facts.headcountAsOf)}
            </dd>
          </>
        ) : null}
        {facts.revenueBand ? (
          <>
            <dt>{t("registers.revenue")}</dt>
            <dd>
              {t(`registers.revenueBand.${facts.revenueBand}`)}
              {asOf(facts.revenueAsOf)}
            </dd>
          </>
        ) : null}
      </dl>
      {claimable ? (
        <>
          <p>{t("registers.claimLead")}</p>
          <p>
            <LocaleLink to={`/suppliers/${id}/claim`} className="button">
              {t("registers.claim")}
            </LocaleLink>
          </p>
        </>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
