/**
 * The steps of an estimated landed cost (goods value at the Bank of Russia rate, freight, insurance,
 * customs value, ETT EAEU duty, import VAT, total, per unit), shared by the product page
 * (app/routes/site/components/duty.tsx) and the buyer's quote comparison
 * (app/components/rfq/landed-compare.tsx, ADR 050); and a duty rate as printed (`RateText`).
 */
import type { ReactNode } from "react";
import type { DutyRate, LandedCost } from "#contract/money.ts";
import { numberFormatFor } from "#contract/format.ts";
import { LANG_REGIONS, type Lang } from "#app/lib/i18n.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatQuantity } from "#app/components/catalog/format.ts";
import { formatRateDate } from "#app/components/money/money.tsx";

/** A percentage as the page's language writes it ("7,5 %"). */
export const pctText = (value: string, lang: Lang) =>
  `${numberFormatFor(LANG_REGIONS[lang], { maximumFractionDigits: 3 }).format(Number(value))} %`;

/** Exact amount with kopecks/fen/cents: "809 922,00 ₽". */
function money(amount: string, currency: string, lang: Lang): string {
  return numberFormatFor(LANG_REGIONS[lang], {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(amount));
}

/** A rate per unit as published ("96,1021" in Russian). */
const rateText = (perUnit: string, lang: Lang) => numberFormatFor(LANG_REGIONS[lang], { maximumFractionDigits: 6 }).format(Number(perUnit));

/** A duty rate: ad valorem as a percentage, specific and combined as printed in the tariff. */
export function RateText({ rate }: { rate: DutyRate }) {
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
