/**
 * The ETT EAEU import duty of a TN VED code ("Ввозная пошлина ЕТТ ЕАЭС: 5 %"; specific and combined
 * rates as printed, with their euro amounts; a shorter code's range) and the product page's
 * estimated landed cost: a GET form (quantity, optional freight, insurance and the tariff units in
 * one product unit), works without JavaScript, and every step of the calculation with its sources.
 */
import type { DutyInfo, LandedCost } from "#contract/money.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatRateDate } from "#app/components/money/money.tsx";
import { LandedCostResult, pctText, RateText } from "#app/components/money/landed-steps.tsx";

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
