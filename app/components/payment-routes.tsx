/**
 * A payment route as people read it (contract/payment-routes.ts; issue 28 §3), for the supplier
 * page, the profile's route list and, later, the order form: what it is (the bank, the foreign bank
 * with its SWIFT BIC, or the agent), its currency, the fees the supplier states, a flag when the
 * register bank's licence is revoked, and its recorded outcomes ("Payments: 12 — credited: 10,
 * median 4 days; returned: 2") or "not enough recorded payments yet" below the thresholds (ADR 049).
 */
import { routeName, type PaymentRouteView, type RouteStats } from "#contract/payment-routes.ts";
import { formatMoney, formatQuantity } from "#contract/format.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";

export { routeName };

/** True when the register says the bank may not take payments any more. */
export function bankWithoutLicence(route: Pick<PaymentRouteView, "bank">): boolean {
  return route.bank !== null && ["revoked", "liquidation", "annulled"].includes(route.bank.licenceStatus);
}

/** The fees as stated ("0.5 % + 150 CNY · note"), or "not stated". */
export function RouteFees({ route }: { route: PaymentRouteView }) {
  const t = useT();
  const lang = useLang();
  const { percent, fixed, currency, note } = route.fees;
  const parts = [
    percent !== null ? t("paymentRoutes.fees.percent", { value: formatQuantity(percent, lang) }) : null,
    fixed !== null ? formatMoney(fixed, currency, lang) : null,
  ].filter(Boolean);
  return (
    <span className="payment-route-fees">
      {t("paymentRoutes.fees.label")}: {parts.length ? parts.join(" + ") : t("paymentRoutes.fees.none")}
      {note ? <span className="muted"> · {note}</span> : null}
    </span>
  );
}

/** The outcomes line of a route, or the "not enough yet" note. */
export function RouteStatsLine({ stats }: { stats: RouteStats | null }) {
  const t = useT();
  if (!stats) return <span className="muted payment-route-stats">{t("paymentRoutes.supplier.notEnough")}</span>;
  const credited = [t("paymentRoutes.supplier.credited", { count: stats.credited })];
  if (stats.medianDays !== null) credited.push(t("paymentRoutes.supplier.median", { days: stats.medianDays }));
  const rest = [
    stats.returned ? t("paymentRoutes.supplier.returned", { count: stats.returned }) : null,
    stats.frozen ? t("paymentRoutes.supplier.frozen", { count: stats.frozen }) : null,
  ].filter(Boolean);
  return (
    <span className="payment-route-stats">
      <strong>{t("paymentRoutes.supplier.payments", { count: stats.payments })}</strong> — {credited.join(", ")}
      {rest.length ? `; ${rest.join("; ")}` : ""}
    </span>
  );
}

/** Name, kind and currency, fees and the licence flag of one route. */
export function RouteSummary({ route, heading: Heading = "h3" }: { route: PaymentRouteView; heading?: "h2" | "h3" }) {
  const t = useT();
  return (
    <>
      <Heading className="payment-route-name">
        {routeName(route)} <span className="badge">{route.currency}</span>
      </Heading>
      <p className="muted small">
        {t(`paymentRoutes.kind.${route.kind}`)}
        {route.kind === "agent" && route.bank ? ` · ${route.bank.name}` : ""}
        {route.bank ? ` · ${t("paymentRoutes.regNumber", { number: route.bank.regNumber })}` : ""}
      </p>
      {bankWithoutLicence(route) ? (
        <p className="payment-route-warning" role="note">
          {t("paymentRoutes.revokedWarning")} ({t(`paymentRoutes.licence.${route.bank!.licenceStatus}`)})
        </p>
      ) : null}
      <p className="small">
        <RouteFees route={route} />
      </p>
    </>
  );
}
