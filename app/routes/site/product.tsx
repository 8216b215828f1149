/** `/product/{id}`: everything a buyer needs to decide whether to contact the supplier. */
import type { Route } from "./+types/product";
import { SaveForOffline } from "#app/components/pwa/save-offline.tsx";
import { FavouriteButton } from "#app/components/catalog/favourite-button.tsx";
import { OrderFromSupplierLink, RequestPriceLink } from "#app/components/conversations/parts.tsx";
import { CompanyCard, ProductGrid } from "#app/components/catalog/cards.tsx";
import { PriceTable } from "#app/components/catalog/price-table.tsx";
import { countryName, formatMoney, formatQuantityUnit, formatTnvedCode } from "#app/components/catalog/format.ts";
import { Text } from "#app/components/catalog/text.tsx";
import { JsonLd, FactItems } from "./components/structured.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as productsApi from "#contract/products.ts";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import * as moneyApi from "#contract/money.ts";
import { displayCurrency } from "#app/components/money/display-currency.ts";
import { DutyLine, LandedCostSection, type LandedCostFormValues } from "./components/duty.tsx";
import { getInstance } from "#app/middleware/i18next.ts";
import { DescriptionCard, DocumentLink, ListSection } from "./components/page-sections.tsx";
import { TranslationNote } from "#app/components/content/translations.tsx";
import { documentHandle } from "#app/lib/documents.ts";
import { TableHead } from "#app/components/table-head.tsx";
import { idParam } from "#app/lib/id-param.ts";
import { DUTY_READ_MS, sharedRead } from "#app/lib/shared-reads.server.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";

/**
 * The landed-cost form's values (query `qty`, `freight`, `insurance`, `dutyUnits`) and, when `qty`
 * is given, the estimate from the API — or the reason in the page's language (bad input is never a 500).
 */
async function loadLandedCost(
  { context, request }: Pick<Route.LoaderArgs, "context" | "request">,
  product: productsApi.ProductDetail,
  lang: ReturnType<typeof pageLang>,
) {
  const url = new URL(request.url);
  const get = (key: string) => url.searchParams.get(key)?.trim() ?? "";
  const values: LandedCostFormValues = {
    qty: get("qty") || (product.prices[0]?.minQuantity ?? product.moq ?? "1").replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, ""),
    freight: get("freight"),
    insurance: get("insurance"),
    dutyUnits: get("dutyUnits"),
  };
  if (!url.searchParams.has("qty") || product.prices.length === 0) return { values, result: null, error: null };
  const t = getInstance(context).t;
  const parsed = moneyApi.LandedCostQuery.safeParse({
    qty: values.qty,
    freight: values.freight || undefined,
    insurance: values.insurance || undefined,
    dutyUnits: values.dutyUnits || undefined,
    currency: displayCurrency(request, lang),
  });
  if (!parsed.success) return { values, result: null, error: t("money.landed.invalid") };
  try {
    const { data } = await context.get(apiContext).send(moneyApi.getLandedCost, { params: { id: product.id }, query: parsed.data });
    return { values, result: data, error: null };
  } catch {
    return { values, result: null, error: t("money.landed.failed") };
  }
}

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  // Both at once: related products need only the id. A failure there leaves the section out.
  const id = idParam(params.id);
  const [product, related] = await Promise.all([
    orNotFound(
      request,
      api.send(productsApi.getProduct, { params: { id: params.id }, query: { lang } }).then((r) => r.data),
    ),
    id === null
      ? []
      : api
          .send(productsApi.relatedProducts, { params: { id }, query: { lang, count: 8 } })
          .then((r) => r.data)
          .catch(() => []),
  ]);
  // The duty is the TN VED code's, the same for every product and visitor: one API read serves a
  // code's pages for DUTY_READ_MS (ADR 064), "no tariff line" (404) included. Another failure is not kept.
  const code = product.tnved?.code;
  const duty = code
    ? await sharedRead(
        `duty:${code}`,
        () =>
          api
            .send(moneyApi.getDuty, { params: { code } })
            .then((r) => r.data)
            .catch((error: unknown) => {
              if (error instanceof ApiClientError && error.status === 404) return null;
              throw error;
            }),
        Date.now(),
        DUTY_READ_MS,
      ).catch(() => null)
    : null;
  const landed = await loadLandedCost({ context, request }, product, lang);
  const specific = duty?.kind === "single" ? duty.rate?.specific : null;
  return {
    product,
    related,
    duty,
    landed,
    // A specific duty whose unit differs from the product's: the buyer says how many tariff units one product unit holds.
    needsDutyUnits: specific && !sameMeasure(product.prices[0]?.unit ?? null, specific.unit) ? specific.unit : null,
    seo: { title: product.name.text, description: (product.description?.text ?? product.name.text).slice(0, 250) },
  };
}

/** The product's unit is the tariff's own measure (or a multiple the API converts: t → кг, m³ → л). */
function sameMeasure(unit: string | null, tariffUnit: string): boolean {
  const same: Record<string, string[]> = { кг: ["kg", "t"], л: ["l", "m3"], пар: ["pair"], шт: ["pcs"], м2: ["m2"] };
  return unit !== null && (same[tariffUnit] ?? []).includes(unit);
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { product, related, duty, landed, needsDutyUnits } = loaderData;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name.text,
    description: product.description?.text,
    image: product.images.map((i) => i.url),
    brand: { "@type": "Organization", name: product.company.name.text },
    offers: product.prices.map((p) => ({
      "@type": "Offer",
      price: p.price,
      priceCurrency: p.currency,
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: Number(p.minQuantity), unitText: p.unit },
      seller: { "@type": "Organization", name: product.company.name.text },
    })),
  };
  return (
    <main id="main" className="page">
      <JsonLd data={jsonLd} />
      <Breadcrumbs
        items={[
          { to: "/catalog", label: t("catalog.title") },
          ...(product.category?.path ?? []).map((c) => ({ to: `/catalog/${c.id}`, label: <Text value={c.name} /> })),
        ]}
      />
      <div className="product-layout">
        <section className="gallery" aria-label={t("product.images")}>
          {product.images.length === 0 ? <div className="gallery-empty" /> : null}
          {product.images.map((image, i) => (
            <img
              key={image.url}
              src={image.url}
              alt={image.title?.text ?? product.name.text}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              loading={i === 0 ? "eager" : "lazy"}
              className={i === 0 ? "gallery-main" : "gallery-thumb"}
            />
          ))}
        </section>
        <section className="product-summary">
          <h1>
            <Text value={product.name} />
          </h1>
          <TranslationNote translations={product.translations} field="name" />
          <div className="page-actions product-actions">
            <RequestPriceLink supplierId={product.company.id} productIds={[product.id]} />
            <OrderFromSupplierLink supplierId={product.company.id} productId={product.id} />
            <FavouriteButton productId={product.id} large />
            <SaveForOffline />
          </div>
          {product.tnved ? (
            <p className="muted">
              {t("product.tnved")}:{" "}
              <LocaleLink to={`/tnved/${product.tnved.code}`} className="code-ref">
                {formatTnvedCode(product.tnved.code)}
              </LocaleLink>{" "}
              — <Text value={product.tnved.name} />
            </p>
          ) : null}
          <DutyLine duty={duty} />
          {product.prices.length > 0 ? (
            <PriceTable tiers={product.prices} caption={t("product.prices")} />
          ) : (
            <p>{t("catalog.priceOnRequest")}</p>
          )}
          {product.moq ? (
            <p>
              <strong>{t("catalog.moq")}:</strong> {formatQuantityUnit(product.moq, product.moqUnit, lang)}
            </p>
          ) : null}
          {product.originCountry ? (
            <p>
              <strong>{t("product.origin")}:</strong> {countryName(product.originCountry, lang)}
            </p>
          ) : null}
          <div className="card supplier-box">
            {/* A heading, styled as a label: the supplier card's name is an h3 and must not follow the h1 directly. */}
            <h2 className="supplier-box-title">{t("product.supplier")}</h2>
            <CompanyCard company={product.company} />
          </div>
        </section>
      </div>

      {product.prices.length > 0 ? (
        <LandedCostSection
          values={landed.values}
          unit={product.prices[0]!.unit}
          result={landed.result}
          error={landed.error}
          needsDutyUnits={needsDutyUnits}
        />
      ) : null}

      {product.description ? (
        <DescriptionCard title={t("product.description")} description={product.description} translations={product.translations} />
      ) : null}

      {product.facts.length > 0 ? (
        <section className="card">
          <h2>{t("product.specs")}</h2>
          <dl className="facts">
            <FactItems facts={product.facts} />
          </dl>
        </section>
      ) : null}

      {product.variants.length > 0 ? (
        <section className="card">
          <h2>{t("product.variants")}</h2>
          <table className="table">
            <TableHead columns={[t("product.variant"), t("product.unitPrice")]} />
            <tbody>
              {product.variants.map((v) => (
                <tr key={v.id}>
                  <td>
                    <Text value={v.name} />
                  </td>
                  <td>{formatMoney(v.price, v.currency, lang) ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <ListSection card title={t("product.documents")} items={product.documents} itemKey={(d) => d.url}>
        {(d) => (
          <>
            <DocumentLink file={d} /> <span className="muted">({Math.ceil(d.size / 1024)} KB)</span>
          </>
        )}
      </ListSection>

      <ListSection title={t("product.alsoSuppliedBy")} items={product.alsoSuppliedBy} listClassName="company-list" itemKey={(c) => c.id}>
        {(c) => (
          <>
            <CompanyCard company={c} /> <span className="badge">{t(`product.relation.${c.relation}`)}</span>
          </>
        )}
      </ListSection>

      {related.length > 0 ? (
        <section>
          <h2>{t("product.related")}</h2>
          <ProductGrid products={related} belowFold />
        </section>
      ) : null}
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
