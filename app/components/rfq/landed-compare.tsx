/**
 * The landed-cost side of the buyer's quote comparison (issue 28 §1; ADR 050): the small GET form
 * where the buyer enters the freight and insurance that some Incoterms rules leave to them (values
 * in the URL, «12,5» accepted, works without JavaScript), and each quote's cell — its landed cost in
 * roubles, what its rule puts on the buyer, what the buyer has not entered yet, why there is no
 * estimate — with the product page's step table (`LandedCostResult`) behind a disclosure.
 */
import { normalizeDecimalInput } from "#contract/decimal.ts";
import { INCOTERMS_GROUP } from "#contract/incoterms.ts";
import type { Comparison } from "#contract/quotes.ts";
import { LandedCostResult } from "../money/landed-steps.tsx";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatMoney } from "../catalog/format.ts";

/** The buyer's landed-cost inputs as query parameters. */
export const LANDED_FIELDS = ["freight", "insurance", "dutyUnits"] as const;
export type LandedField = (typeof LANDED_FIELDS)[number];

/** What the page read from its URL: the raw text of each field, the canonical values for the API, and the refused fields. */
export interface LandedInputsRead {
  raw: Record<LandedField, string>;
  query: Partial<Record<LandedField, string>>;
  errors: Partial<Record<LandedField, "invalid">>;
}

/**
 * Reads the landed-cost fields of the page's query (contract/decimal.ts rules: «12,5», «1 000»):
 * empty is "not entered"; text that is not a number, a negative amount or zero tariff units is
 * refused (`errors`) and left out of the API query, its text kept for the form.
 */
export function readLandedInputs(params: URLSearchParams): LandedInputsRead {
  const read: LandedInputsRead = { raw: { freight: "", insurance: "", dutyUnits: "" }, query: {}, errors: {} };
  for (const field of LANDED_FIELDS) {
    const raw = (params.get(field) ?? "").slice(0, 40);
    read.raw[field] = raw;
    if (raw.trim() === "") continue;
    const value = normalizeDecimalInput(raw);
    const n = value === null ? Number.NaN : Number(value);
    const ok = Number.isFinite(n) && (field === "dutyUnits" ? n > 0 && n <= 1e9 : n >= 0 && n <= 1e12);
    if (ok) read.query[field] = value!;
    else read.errors[field] = "invalid";
  }
  return read;
}

/** The landed-cost fields as a query string fragment ("&freight=…"), to keep them across the page's links and redirects. */
export function landedSearch(query: Partial<Record<LandedField, string | null>>): string {
  return LANDED_FIELDS.filter((f) => query[f])
    .map((f) => `&${f}=${encodeURIComponent(query[f]!)}`)
    .join("");
}

/**
 * The form above the comparison: freight (for the quotes whose rule leaves the main carriage to the
 * buyer) and insurance (for those leaving insurance), and the tariff units when a specific duty needs
 * them. Only the fields some quote needs are shown; nothing at all when none does.
 */
export function LandedInputsForm({ comparison, read }: { comparison: Comparison; read: LandedInputsRead }) {
  const t = useT();
  const needs = {
    freight: comparison.quotes.some((q) => q.landed.buyerCosts.freight),
    insurance: comparison.quotes.some((q) => q.landed.buyerCosts.insurance),
    dutyUnits: comparison.landed.needsDutyUnits !== null,
  };
  const fallback = comparison.sort === "landed" && comparison.best.landed === null && comparison.quotes.length > 1;
  if (!needs.freight && !needs.insurance && !needs.dutyUnits && !fallback) return null;
  const field = (name: LandedField, label: string) => (
    <label className="field" key={name}>
      <span>{label}</span>
      <input
        type="text"
        inputMode="decimal"
        name={name}
        defaultValue={read.raw[name]}
        aria-invalid={read.errors[name] ? true : undefined}
        aria-describedby={read.errors[name] ? `landed-${name}-error` : undefined}
      />
      {read.errors[name] ? (
        <span className="field-error" id={`landed-${name}-error`} role="alert">
          {t(`contract.landed.invalid.${name}`)}
        </span>
      ) : null}
    </label>
  );
  return (
    <div className="card landed-compare" data-testid="landed-inputs">
      {fallback ? (
        <p className="notice-warn landed-fallback" role="status">
          {t("contract.landed.fallback")}
        </p>
      ) : null}
      {needs.freight || needs.insurance || needs.dutyUnits ? (
        <form method="get" action="#quotes" className="landed-cost-form">
          <input type="hidden" name="sort" value={comparison.sort} />
          <input type="hidden" name="dir" value={comparison.dir} />
          {needs.freight ? field("freight", t("contract.landed.freight")) : null}
          {needs.insurance ? field("insurance", t("contract.landed.insurance")) : null}
          {needs.dutyUnits
            ? field(
                "dutyUnits",
                t("money.landed.dutyUnits", {
                  unit: comparison.landed.needsDutyUnits,
                  productUnit: t(`rfq.units.${comparison.unit}`),
                }),
              )
            : null}
          <button type="submit" className="button">
            {t("contract.landed.submit")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** What a quote's rule leaves to the buyer, in one line ("FOB: carriage and insurance are yours"). */
function basisKey(q: Comparison["quotes"][number]): string {
  const { buyerCosts } = q.landed;
  if (!buyerCosts.dutyAndVat) return "ddp";
  if (buyerCosts.freight) return "buyerCarriage";
  if (buyerCosts.insurance) return "buyerInsurance";
  return INCOTERMS_GROUP[q.incoterms] === "D" ? "delivered" : "carriageInsured";
}

/** One quote's landed-cost cell: the total, the cheapest mark, what is on the buyer, what is missing, and the steps. */
export function LandedCostCell({ q, comparison }: { q: Comparison["quotes"][number]; comparison: Comparison }) {
  const t = useT();
  const lang = useLang();
  const { landed } = q;
  const best = comparison.best.landed === q.id && comparison.quotes.length > 1;
  return (
    <div className="landed-cell" data-testid="landed-cost" data-quote={q.id}>
      {landed.steps ? (
        <p className="landed-cell-total">
          <strong data-testid="landed-total">{formatMoney(landed.steps.total, "RUB", lang)}</strong>{" "}
          {best ? (
            <span className="badge rfq-best" data-testid="landed-best">
              {t("contract.landed.cheapest")}
            </span>
          ) : null}
          {landed.inCurrency && landed.inCurrency.currency !== "RUB" ? (
            <span className="price-converted">
              {" "}
              {t("money.approx", { amount: formatMoney(landed.inCurrency.total, landed.inCurrency.currency, lang) })}
            </span>
          ) : null}
        </p>
      ) : (
        <p className="landed-missing" role="status" data-testid="landed-missing">
          {t(`contract.landed.missing.${landed.missing ?? "not_computable"}`)}
        </p>
      )}
      <p className="muted small landed-basis">{t(`contract.landed.basis.${basisKey(q)}`, { rule: q.incoterms })}</p>
      {landed.notEntered.length ? (
        <p className="small landed-not-entered" data-testid="landed-not-entered">
          {t("contract.landed.notEntered", {
            items: landed.notEntered.map((item) => t(`contract.landed.items.${item}`)).join(", "),
          })}
        </p>
      ) : null}
      {landed.steps ? (
        <details className="landed-steps">
          <summary>{t("contract.landed.showSteps")}</summary>
          <LandedCostResult result={landed} />
        </details>
      ) : null}
    </div>
  );
}
