/** Product and supplier cards used by every catalogue list. */
import type { CompanyListItem } from "#contract/companies.ts";
import type { ProductCard as Product } from "#contract/products.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Icon } from "../icon.tsx";
import { LocaleLink } from "../locale-link.tsx";
import { FavouriteButton } from "./favourite-button.tsx";
import { Converted, RateNote, useMoney } from "../money/money.tsx";
import { formatMoney, formatQuantity } from "./format.ts";
import { PlaceSeparator, Text } from "./text.tsx";
import { useT } from "#app/lib/use-t.ts";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { CardFragment, useCardFragments } from "#app/lib/card-fragments.tsx";

export function VerifiedBadge({ level }: { level: number }) {
  const t = useT();
  if (level <= 0) return null;
  return (
    <span className="badge badge-ok" title={t(`catalog.verification.${level >= 2 ? "2" : "1"}`)}>
      {t("catalog.verified")}
    </span>
  );
}

/**
 * A product in a list. `priority`: the card is among the first on the page, so its photo may be the
 * page's largest paint — loaded at once instead of lazily, the very first with high fetch priority
 * (Lighthouse "LCP request discovery").
 */
type ProductCardProps = {
  product: Product;
  matched?: { text: string; lang: "ru" | "en" | "zh" } | null;
  priority?: "first" | "eager" | "lazy";
};

/**
 * In a document an anonymous visitor's card is rendered once per content and reused as HTML (ADR 077):
 * the key holds everything the card shows — its data, the language, the display currency and rates and
 * its match (the page's path is filled in by app/lib/card-fragments.tsx). Cards further down the page only.
 */
export function ProductCard(props: ProductCardProps) {
  const fragments = useCardFragments();
  const root = useRouteLoaderData<RootData>("root");
  const lang = useLang();
  // Only a lazily loaded photo: for the others React puts a preload link in the page's head, which a stored card would not.
  if (fragments && root && !root.user && (props.priority ?? "lazy") === "lazy") {
    const claim = fragments.claim(
      `${lang}|${moneyKey(root.money)}|${JSON.stringify(props.matched ?? null)}|${JSON.stringify(props.product)}`,
    );
    if (claim) return <CardFragment claim={claim}>{claim.hit ? null : <ProductCardContent {...props} />}</CardFragment>;
  }
  return <ProductCardContent {...props} />;
}

/** The display currency and rates as a key (one JSON per page's money object). */
const moneyKeys = new WeakMap<object, string>();
function moneyKey(money: RootData["money"] | null | undefined): string {
  if (!money) return "null";
  let key = moneyKeys.get(money);
  if (key === undefined) moneyKeys.set(money, (key = JSON.stringify(money)));
  return key;
}

function ProductCardContent({ product, matched, priority = "lazy" }: ProductCardProps) {
  const t = useT();
  const lang = useLang();
  const price = formatMoney(product.priceFrom, product.currency, lang);
  return (
    <article className="product-card">
      <FavouriteButton productId={product.id} />
      <LocaleLink to={`/product/${product.id}`} className="product-card-link">
        <span className="product-card-image">
          {product.image ? (
            <img
              src={product.image.url}
              alt=""
              width={product.image.width ?? undefined}
              height={product.image.height ?? undefined}
              loading={priority === "lazy" ? "lazy" : "eager"}
              fetchPriority={priority === "first" ? "high" : undefined}
              decoding="async"
            />
          ) : (
            <Icon name="package" size={40} />
          )}
        </span>
        <span className="product-card-name">
          <Text value={product.name} />
        </span>
      </LocaleLink>
      {matched ? (
        <p className="product-card-matched" lang={matched.lang}>
          {t("catalog.matched")}: {matched.text}
        </p>
      ) : null}
      <p className="product-card-price">
        {price ? t("catalog.priceFrom", { price }) : t("catalog.priceOnRequest")}{" "}
        <Converted amount={product.priceFrom} currency={product.currency} />
      </p>
      {product.moq ? (
        <p className="product-card-moq">
          {t("catalog.moq")}: {formatQuantity(product.moq, lang)} {unitLabel(product.moqUnit, lang)}
        </p>
      ) : null}
      <p className="product-card-supplier">
        <LocaleLink to={`/suppliers/${product.company.id}`}>
          <Text value={product.company.name} />
        </LocaleLink>{" "}
        <VerifiedBadge level={product.company.verificationLevel} />
        {product.company.region ? (
          <span className="muted">
            {" · "}
            <Text value={product.company.region.name} />
          </span>
        ) : null}
      </p>
    </article>
  );
}

/** Photos of the cards a phone or a desktop shows before scrolling are loaded at once (see ProductCard). */
const EAGER_CARDS = 4;

export function ProductGrid({
  products,
  matched,
  belowFold = false,
}: {
  products: (Product & { matched?: { text: string; lang: "ru" | "en" | "zh" } | null })[];
  matched?: boolean;
  belowFold?: boolean;
}) {
  const money = useMoney();
  return (
    <>
      <ul className="product-grid">
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              matched={matched ? product.matched : null}
              priority={belowFold || i >= EAGER_CARDS ? "lazy" : i === 0 ? "first" : "eager"}
            />
          </li>
        ))}
      </ul>
      <RateNote show={products.some((p) => p.currency && p.currency !== money?.currency)} />
    </>
  );
}

/** Suppliers as a list of cards (`grid`: several per row on wide screens). */
export function CompanyList({ companies, grid = false }: { companies: Parameters<typeof CompanyCard>[0]["company"][]; grid?: boolean }) {
  return (
    <ul className={grid ? "company-list company-list-grid" : "company-list"}>
      {companies.map((company) => (
        <li key={company.id}>
          <CompanyCard company={company} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A company's logo in its square frame, or the building icon when it has none: 56 px on a card,
 * 96 px (`large`) at the head of a company's page.
 */
export function CompanyLogo({ src, alt = "", large, lazy }: { src: string | undefined; alt?: string; large?: boolean; lazy?: boolean }) {
  const size = large ? 96 : 56;
  return (
    <span className={large ? "company-card-logo company-logo-large" : "company-card-logo"}>
      {src ? (
        <img src={src} alt={alt} width={size} height={size} loading={lazy ? "lazy" : undefined} />
      ) : (
        <Icon name="building-2" size={large ? 40 : 28} />
      )}
    </span>
  );
}

export function CompanyCard({ company }: { company: Omit<CompanyListItem, "productCount"> & { productCount?: number } }) {
  const t = useT();
  return (
    <article className="company-card">
      <CompanyLogo src={company.logo?.url} lazy />
      <div>
        <h3 className="company-card-name">
          <LocaleLink to={`/suppliers/${company.id}`}>
            <Text value={company.name} />
          </LocaleLink>
        </h3>
        <p className="company-card-meta">
          {company.kind ? <span className="badge">{t(`catalog.kind.${company.kind}`)}</span> : null}
          <VerifiedBadge level={company.verificationLevel} />
          {company.origin === "register" ? <span className="badge badge-register">{t("registers.registerOnly")}</span> : null}
          {company.region ? <Text value={company.region.name} /> : null}
          {company.city && company.region && company.city.text !== company.region.name.text ? (
            <>
              <PlaceSeparator />
              <Text value={company.city} />
            </>
          ) : null}
        </p>
        {company.productCount !== undefined ? (
          <p className="company-card-meta muted">{t("catalog.productCount", { count: company.productCount })}</p>
        ) : null}
        {company.response ? (
          // Shown only once the supplier had enough inquiries to say (ADR 028), as on its page.
          <p className="company-card-meta muted company-card-response">
            {t("inquiries.stats.rate")}: {t("inquiries.stats.rateValue", { percent: Math.round(company.response.rate * 100) })}
          </p>
        ) : null}
      </div>
    </article>
  );
}
