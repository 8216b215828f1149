/**
 * The ETT EAEU import duty of a TN VED code ("Ввозная пошлина ЕТТ ЕАЭС: 5 %"; specific and combined
 * rates as printed, with their euro amounts; a shorter code's range) and the product page's
 * estimated landed cost: a GET form (quantity, optional freight, insurance and the tariff units in
 * one product unit), works without JavaScript, and every step of the calculation with its sources.
 */
import type { ReactNode } from "react";
import type { DutyInfo, DutyRate, LandedCost } from "#contract/money.ts";
import { LANG_REGIONS, type Lang } from "#app/lib/i18n.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatQuantity } from "#app/components/catalog/format.ts";
import { formatRateDate } from "#app/components/money/money.tsx";

const pctText = (value: string, lang: Lang) =>
  `${new Intl.NumberFormat(LANG_REGIONS[lang], { maximumFractionDigits: 3 }).format(Number(value))} %`;

/** Exact amount with kopecks/fen/cents: "809 922,00 ₽". */
function money(amount: string, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(LANG_REGIONS[lang], {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(amount));
}

/** A rate per unit as published ("96,1021" in Russian). */
const rateText = (perUnit: string, lang: Lang) =>
  new Intl.NumberFormat(LANG_REGIONS[lang], { maximumFractionDigits: 6 }).format(Number(perUnit));

function RateText({ rate }: { rate: DutyRate }) {
  const lang = useLang();
  const t = useT();
  if (rate.type === "ad_valorem" && rate.adValoremPct !== null) return <>{pctText(rate.adValoremPct, lang)}</>;
  // Specific and combined rates as printed in the tariff (Russian), which names the euro amount.
  return (
    <>
      <span lang="ru">{rate.text.replace(/^(\d+(?:,\d+)?)(,? (?:но|плюс|либо))/, "$1 %$2")}</span>
      {rate.specific ? <span className="muted"> ({t(`money.duty.${rate.combination ?? "specific"}`)})</span> : null}
    </>
  );
}

/** "Import duty (ETT EAEU): 7.5 %" with its source; nothing without tariff data. */
export function DutyLine({ duty }: { duty: DutyInfo | null }) {
  const t = useT();
  const lang = useLang();
  if (!duty) return null;
  return (
    <p className="duty-line">
      <strong>{t("money.duty.label")}:</strong>{" "}
      {duty.kind === "single" && duty.rate ? (
        <RateText rate={duty.rate} />
      ) : duty.kind === "range" && duty.min !== null && duty.max !== null ? (
        <>
          {pctText(duty.min, lang)} – {pctText(duty.max, lang)}{" "}
          <span className="muted">{t("money.duty.range", { count: duty.lines })}</span>
        </>
      ) : (
        <span className="muted">{t("money.duty.ambiguous", { count: duty.lines })}</span>
      )}
      {duty.rate?.footnote ? <span className="muted"> {t("money.duty.footnote", { note: duty.rate.footnote })}</span> : null}
      <br />
      <small className="muted">{t("money.duty.source", { date: duty.sourceDate ? formatRateDate(duty.sourceDate, lang) : "—" })}</small>
    </p>
  );
}

export interface LandedCostFormValues {
  qty: string;
  freight: string;
  insurance: string;
  dutyUnits: string;
}

/** The estimate form and, when asked, its result (`result`) or why there is none (`error`). */
export function LandedCostSection({
  values,
  unit,
  result,
  error,
  needsDutyUnits,
}: {
  values: LandedCostFormValues;
  unit: string | null;
  result: LandedCost | null;
  error: string | null;
  needsDutyUnits: string | null;
}) {
  const t = useT();
  const lang = useLang();
  const unitText = unitLabel(unit, lang);
  return (
    <section className="card landed-cost" id="landed-cost" aria-labelledby="landed-cost-title">
      <h2 id="landed-cost-title">{t("money.landed.title")}</h2>
      <form method="get" action="#landed-cost" className="landed-cost-form">
        <label className="field">
          <span>
            {t("money.landed.qty")} ({unitText})
          </span>
          <input type="text" inputMode="decimal" name="qty" defaultValue={values.qty} aria-invalid={error ? true : undefined} />
        </label>
        <label className="field">
          <span>{t("money.landed.freight")}</span>
          <input type="text" inputMode="decimal" name="freight" defaultValue={values.freight} />
        </label>
        <label className="field">
          <span>{t("money.landed.insurance")}</span>
          <input type="text" inputMode="decimal" name="insurance" defaultValue={values.insurance} />
        </label>
        {needsDutyUnits ? (
          <label className="field">
            <span>{t("money.landed.dutyUnits", { unit: needsDutyUnits, productUnit: unitText })}</span>
            <input type="text" inputMode="decimal" name="dutyUnits" defaultValue={values.dutyUnits} />
          </label>
        ) : null}
        <button type="submit" className="button">
          {t("money.landed.submit")}
        </button>
      </form>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? <LandedCostResult result={result} /> : null}
      <p className="muted landed-cost-disclaimer">{t("money.landed.disclaimer")}</p>
    </section>
  );
}

/**
 * Every step of a landed-cost estimate (goods value at the rate, freight, insurance, customs value,
 * duty, VAT, total, per unit), or why there is none. Also the quote comparison's per-quote steps
 * (app/components/rfq/rfq-parts.tsx), which have no product id.
 */
export function LandedCostResult({ result }: { result: Omit<LandedCost, "productId"> }) {
  const t = useT();
  const lang = useLang();
  const unitText = unitLabel(result.unit, lang);
  const rate = result.rates.find((r) => r.currency === result.tier.currency);
  const eur = result.rates.find((r) => r.currency === result.duty?.rate?.specific?.currency);
  if (!result.steps) {
    return (
      <p className="form-error" role="status">
        {t(`money.landed.missing.${result.missing ?? "not_computable"}`)}
      </p>
    );
  }
  const s = result.steps;
  const rub = (amount: string) => money(amount, "RUB", lang);
  // The landed cost in the tier's currency too, unless that currency is the rouble.
  const other = result.inCurrency && result.inCurrency.currency !== "RUB" ? result.inCurrency : null;
  return (
    <div className="landed-cost-result">
      <table className="table landed-cost-steps">
        <tbody>
          <StepRow
            label={t("money.landed.goods")}
            detail={
              <>
                {money(result.tier.price, result.tier.currency, lang)} / {unitText} × {formatQuantity(result.quantity, lang)} {unitText}
                {rate ? (
                  <>
                    {" "}
                    × {rateText(rate.perUnit, lang)} ₽{" "}
                    <span className="muted">({t("money.rateNote", { date: formatRateDate(rate.date, lang) }).replace(/^≈\s*/, "")})</span>
                  </>
                ) : null}
              </>
            }
            rub={rub(s.goodsValue)}
          />
          {Number(s.freight) > 0 ? <StepRow label={t("money.landed.freightRow")} rub={rub(s.freight)} /> : null}
          {Number(s.insurance) > 0 ? <StepRow label={t("money.landed.insuranceRow")} rub={rub(s.insurance)} /> : null}
          <StepRow label={t("money.landed.customsValue")} rub={rub(s.customsValue)} />
          <StepRow
            label={t("money.landed.duty")}
            detail={
              <>
                {result.duty?.rate ? <RateText rate={result.duty.rate} /> : null}
                {s.dutyAdValorem !== null && s.dutySpecific !== null ? (
                  <span className="muted">
                    {" "}
                    ({rub(s.dutyAdValorem)} / {rub(s.dutySpecific)})
                  </span>
                ) : null}
                {eur && s.dutySpecific !== null ? (
                  <span className="muted">
                    {" "}
                    · 1 {eur.currency} = {rateText(eur.perUnit, lang)} ₽
                  </span>
                ) : null}
              </>
            }
            rub={rub(s.duty)}
          />
          <StepRow
            label={t("money.landed.vat", { pct: s.vatPct })}
            detail={t("money.landed.vatBase", { base: rub(s.vatBase) })}
            detailClassName="muted"
            rub={rub(s.vat)}
          />
          <StepRow
            total
            label={t("money.landed.total")}
            detail={other ? `≈ ${money(other.total, other.currency, lang)}` : null}
            rub={rub(s.total)}
          />
          <StepRow
            total
            label={t("money.landed.perUnit", { unit: unitText })}
            detail={other ? `≈ ${money(other.perUnit, other.currency, lang)}` : null}
            rub={rub(s.perUnit)}
          />
        </tbody>
      </table>
      {result.belowMoq ? <p className="muted">{t("money.landed.belowMoq")}</p> : null}
      {result.stale ? <p className="rate-stale">{t("money.stale")}</p> : null}
    </div>
  );
}

/**
 * One step of the landed-cost table: what it is (`label`), how it was reached (`detail`, left empty
 * when there is nothing to say) and its amount, already formatted in roubles (`rub`); `total` marks
 * the rows of the result.
 */
function StepRow({
  label,
  detail,
  detailClassName,
  rub,
  total,
}: {
  label: ReactNode;
  detail?: ReactNode;
  detailClassName?: string;
  rub: ReactNode;
  total?: boolean;
}) {
  return (
    <tr className={total ? "landed-cost-total" : undefined}>
      <th scope="row">{label}</th>
      <td className={detailClassName}>{detail}</td>
      <td className="num">{rub}</td>
    </tr>
  );
}
