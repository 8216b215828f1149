/**
 * The supplier page's "payment options" card (issue 28 §3): each active route the supplier accepts
 * with its recorded outcomes over 180 days, or "not enough recorded payments yet" (ADR 049), and a
 * link to the platform's `/payment-routes`. Nothing when the supplier lists no route.
 */
import type { PaymentRouteView } from "#contract/payment-routes.ts";
import { STATS_WINDOW_DAYS } from "#contract/payment-routes.ts";
import { RouteStatsLine, RouteSummary } from "#app/components/payment-routes.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { useT } from "#app/lib/use-t.ts";

export function PaymentRoutesCard({ routes }: { routes: PaymentRouteView[] }) {
  const t = useT();
  if (routes.length === 0) return null;
  return (
    <section className="card payment-routes-card" aria-labelledby="supplier-payment-routes" data-testid="supplier-payment-routes">
      <h2 id="supplier-payment-routes">{t("paymentRoutes.supplier.title")}</h2>
      <p className="muted small">{t("paymentRoutes.supplier.lead", { days: STATS_WINDOW_DAYS })}</p>
      <ul className="plain-list payment-route-list">
        {routes.map((route) => (
          <li key={route.id} className="payment-route">
            <RouteSummary route={route} />
            <p className="small">
              <RouteStatsLine stats={route.stats} />
            </p>
          </li>
        ))}
      </ul>
      <p className="small">
        <LocaleLink to="/payment-routes">{t("paymentRoutes.supplier.all")}</LocaleLink>
      </p>
    </section>
  );
}
