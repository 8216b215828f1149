/**
 * A filtered, sorted, paged list of products with its facet form. The form is a plain GET form
 * (works without JavaScript, "Apply" button); with JavaScript every change applies at once
 * (app/islands/live-forms.ts).
 */
import { Form, useLocation } from "react-router";
import type { ListMeta } from "#contract/common.ts";
import { PRODUCT_FACET_CAP, type ProductCard, type ProductFacets } from "#contract/products.ts";
import { Pagination } from "#app/components/pagination.tsx";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { FilterPanel, activeFilters } from "./filter-panel.tsx";
import { ProductGrid } from "#app/components/catalog/cards.tsx";
import { formatQuantity } from "#app/components/catalog/format.ts";
import { useT } from "#app/lib/use-t.ts";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { useMoney } from "#app/components/money/money.tsx";
import { OKVED_CODE_PATTERN } from "#contract/classifier-codes.ts";

/** A filter's amount box (a price bound, the largest MOQ): any non-negative number, as the page's query has it. */
function AmountInput({ name, params, placeholder, label }: { name: string; params: URLSearchParams; placeholder?: string; label: string }) {
  return (
    <input
      type="number"
      name={name}
      min={0}
      step="any"
      inputMode="decimal"
      placeholder={placeholder}
      aria-label={label}
      defaultValue={params.get(name) ?? ""}
    />
  );
}

export function ProductListing({ products, meta, facets }: { products: ProductCard[]; meta: ListMeta; facets?: ProductFacets | null }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const money = useMoney();
  return (
    <div className={facets ? "listing listing-with-filters" : "listing"}>
      {facets ? (
        <Form method="get" className="filters card" aria-label={t("catalog.filters")} data-autosubmit="all">
          <FilterPanel
            active={activeFilters(params)}
            lead={
              <label className="field">
                <span>{t("catalog.sort")}</span>
                <select name="sort" defaultValue={params.get("sort") ?? "newest"}>
                  <option value="newest">{t("catalog.sortNewest")}</option>
                  <option value="price_asc">{t("catalog.sortPriceAsc")}</option>
                  <option value="price_desc">{t("catalog.sortPriceDesc")}</option>
                </select>
              </label>
            }
          >
            <FilterSelect
              name="region"
              label={t("catalog.region")}
              value={params.get("region")}
              any={t("catalog.any")}
              options={facets.regions.map((r) => ({ value: r.value, label: `${r.name?.text ?? r.value} (${r.count})` }))}
            />
            <fieldset className="field">
              <legend>{t("catalog.price")}</legend>
              <select name="currency" defaultValue={params.get("currency") ?? ""} aria-label={t("catalog.currency")}>
                <option value="">{t("catalog.anyCurrency")}</option>
                {facets.prices.map((p) => (
                  <option key={p.currency} value={p.currency}>
                    {p.currency} ({p.count})
                  </option>
                ))}
              </select>
              <span className="field-row">
                <AmountInput name="priceMin" params={params} placeholder={t("catalog.from")} label={t("catalog.priceMin")} />
                <AmountInput name="priceMax" params={params} placeholder={t("catalog.to")} label={t("catalog.priceMax")} />
              </span>
              <small className="muted">{t("money.priceHint", { currency: money?.currency ?? "RUB" })}</small>
            </fieldset>
            <fieldset className="field">
              <legend>{t("content.filters.moqMax")}</legend>
              <span className="range-inputs">
                <AmountInput name="moqMax" params={params} label={t("content.filters.moqMax")} />
                {/* The units the listed products' MOQs are in (facets): an MOQ in tonnes and one in pieces do not compare. */}
                <select name="moqUnit" aria-label={t("content.filters.moqUnit")} defaultValue={params.get("moqUnit") ?? ""}>
                  <option value="">{t("content.filters.anyUnit")}</option>
                  {[...new Set([...facets.moq.map((m) => m.unit), ...(params.get("moqUnit") ? [params.get("moqUnit")!] : [])])].map(
                    (unit) => (
                      <option key={unit} value={unit}>
                        {unitLabel(unit, lang)}
                      </option>
                    ),
                  )}
                </select>
              </span>
              <small className="muted">{t("content.filters.moqHint")}</small>
            </fieldset>
            <label className="field">
              <span>{t("content.filters.okved")}</span>
              <input name="okved" pattern={OKVED_CODE_PATTERN} placeholder="46.72" defaultValue={params.get("okved") ?? ""} />
            </label>
            <label className="field field-check">
              <input type="checkbox" name="verified" value="1" defaultChecked={params.get("verified") === "1"} />
              <span>
                {t("catalog.onlyVerified")} ({facets.verified})
              </span>
            </label>
            {facets.chapters.length > 1 ? (
              <FilterSelect
                name="tnved"
                label={t("catalog.tnvedChapter")}
                value={params.get("tnved")}
                any={t("catalog.any")}
                options={facets.chapters.map((c) => ({
                  value: c.value,
                  label: `${c.value} — ${c.name?.text.slice(0, 40) ?? ""} (${c.count})`,
                }))}
              />
            ) : null}
            {facets.capped ? (
              <p className="muted" role="note">
                {t("catalog.facetsCapped", { count: PRODUCT_FACET_CAP })}
              </p>
            ) : null}
          </FilterPanel>
          <button type="submit" className="button">
            {t("catalog.apply")}
          </button>
        </Form>
      ) : null}
      <div>
        <p className="muted results-line">
          {t(meta.totalCapped ? "catalog.foundMore" : "catalog.found", { count: meta.total })}
          {facets && facets.moq.length > 0 ? (
            <>
              {" · "}
              {t("catalog.moq")}:{" "}
              {facets.moq
                .slice(0, 2)
                .map((m) => `${formatQuantity(m.min, lang)}–${formatQuantity(m.max, lang)} ${unitLabel(m.unit, lang)}`)
                .join(", ")}
            </>
          ) : null}
        </p>
        {products.length === 0 ? <p className="empty">{t("catalog.noProducts")}</p> : <ProductGrid products={products} />}
        <Pagination page={meta.page} pages={meta.pages} />
      </div>
    </div>
  );
}
