/** `/product/{id}`: everything a buyer needs to decide whether to contact the supplier. */
import type { Route } from "./+types/product";
import { FavouriteButton } from "../components/catalog/favourite-button.tsx";
import { CompanyCard, ProductGrid } from "../components/catalog/cards.tsx";
import { PriceTable } from "../components/catalog/price-table.tsx";
import { formatMoney, formatQuantity } from "../components/catalog/format.ts";
import { Text } from "../components/catalog/text.tsx";
import { JsonLd, FactItems } from "../components/catalog/structured.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import * as productsApi from "../../contract/products.ts";
import { apiContext } from "../context.ts";
import { pageLang } from "../lib/i18n.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { unitLabel } from "../lib/units.ts";
import { useLang } from "../lib/use-lang.ts";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { useT } from "../lib/use-t.ts";
import { orNotFound } from "../lib/not-found.server.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  // Both at once: related products need only the id. A failure there leaves the section out.
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
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
  return {
    product,
    related,
    seo: { title: product.name.text, description: (product.description?.text ?? product.name.text).slice(0, 250) },
  };
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { product, related } = loaderData;
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
          <FavouriteButton productId={product.id} large />
          {product.tnved ? (
            <p className="muted">
              {t("product.tnved")}:{" "}
              <LocaleLink to={`/tnved/${product.tnved.code}`} className="code-ref">
                {product.tnved.code.replace(/^(\d{4})(\d{2})(\d{3})(\d)$/, "$1 $2 $3 $4")}
              </LocaleLink>{" "}
              — <Text value={product.tnved.name} />
            </p>
          ) : null}
          {product.prices.length > 0 ? (
            <PriceTable tiers={product.prices} caption={t("product.prices")} />
          ) : (
            <p>{t("catalog.priceOnRequest")}</p>
          )}
          {product.moq ? (
            <p>
              <strong>{t("catalog.moq")}:</strong> {formatQuantity(product.moq, lang)} {unitLabel(product.moqUnit, lang)}
            </p>
          ) : null}
          {product.originCountry ? (
            <p>
              <strong>{t("product.origin")}:</strong> {new Intl.DisplayNames([lang], { type: "region" }).of(product.originCountry)}
            </p>
          ) : null}
          <div className="card supplier-box">
            {/* A heading, styled as a label: the supplier card's name is an h3 and must not follow the h1 directly. */}
            <h2 className="supplier-box-title">{t("product.supplier")}</h2>
            <CompanyCard company={product.company} />
          </div>
        </section>
      </div>

      {product.description ? (
        <section className="card">
          <h2>{t("product.description")}</h2>
          <p className="prewrap" lang={product.description.lang}>
            {product.description.text}
          </p>
        </section>
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
            <thead>
              <tr>
                <th scope="col">{t("product.variant")}</th>
                <th scope="col">{t("product.unitPrice")}</th>
              </tr>
            </thead>
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

      {product.documents.length > 0 ? (
        <section className="card">
          <h2>{t("product.documents")}</h2>
          <ul>
            {product.documents.map((d) => (
              <li key={d.url}>
                <a href={d.url} download>
                  {d.title?.text ?? d.url.split("/").pop()}
                </a>{" "}
                <span className="muted">({Math.ceil(d.size / 1024)} KB)</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {product.alsoSuppliedBy.length > 0 ? (
        <section>
          <h2>{t("product.alsoSuppliedBy")}</h2>
          <ul className="company-list">
            {product.alsoSuppliedBy.map((c) => (
              <li key={c.id}>
                <CompanyCard company={c} /> <span className="badge">{t(`product.relation.${c.relation}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

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
