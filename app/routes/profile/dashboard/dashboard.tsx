/**
 * `/profile/dashboard` (issue 28 §4; ADR 051): the company's numbers over 30, 90 or 365 days
 * (contract/dashboard.ts) — as a supplier: page views of its products and of its own pages,
 * inquiries, response rate and median response time, buying requests matched, quotes sent and won,
 * orders by stage and revenue in RUB; as a buyer (only when the company has written buying requests
 * or placed orders): requests sent, quotes received, open requests, orders by stage, spend in RUB by
 * bucket and by supplier. Each is a server-rendered SVG chart with its numbers in a table
 * (components/time-series-chart.tsx).
 *
 * The period is a plain GET form (`?period=30|90|365`), so it works without JavaScript; a period not
 * offered shows the default rather than an error. Any active employee sees it (the API's `read`).
 */
import { Form } from "react-router";
import type { Route } from "./+types/dashboard";
import dashboardStyles from "./dashboard.css?url";
import { TimeSeriesChart } from "./components/time-series-chart.tsx";
import { formatSeriesValue } from "./components/chart-scales.ts";
import * as dashboardApi from "#contract/dashboard.ts";
import type { DashboardSeries, SeriesPoint } from "#contract/dashboard.ts";
import { formatDate } from "#contract/format.ts";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

/** The period asked for, or the default when the address names one the dashboard does not offer. */
function periodOf(request: Request): dashboardApi.DashboardPeriod {
  const asked = new URL(request.url).searchParams.get("period");
  return (dashboardApi.DASHBOARD_PERIODS as readonly string[]).includes(asked ?? "")
    ? (asked as dashboardApi.DashboardPeriod)
    : dashboardApi.DEFAULT_DASHBOARD_PERIOD;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: dashboard } = await context
    .get(apiContext)
    .send(dashboardApi.getDashboard, { query: { period: periodOf(request), lang: pageLang(request) } });
  return { dashboard, seo: { title: getInstance(context).t("dashboard.title") } };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { dashboard } = loaderData;
  const from = formatDate(dashboard.from, lang) ?? dashboard.from;
  const to = formatDate(dashboard.to, lang) ?? dashboard.to;

  const chart = (series: DashboardSeries) => {
    const title = t(`dashboard.series.${series.key}`);
    const categoryLabel = (p: SeriesPoint) =>
      series.key === "ordersByStage"
        ? t(
            p.period === "done"
              ? "orders.states.closed"
              : p.period === "negotiating"
                ? "orders.states.negotiating"
                : `orders.stages.${p.period}`,
          )
        : p.period === "other"
          ? t("dashboard.otherGroups")
          : (p.label ?? p.period);
    const peak = series.points.reduce<(typeof series.points)[number] | null>(
      (best, p) => (p.value !== null && (best === null || p.value > (best.value ?? -Infinity)) ? p : best),
      null,
    );
    const description = [
      t("dashboard.describe.total", { title, from, to, total: formatSeriesValue(series.total, series.unit, lang) }),
      peak && peak.value
        ? t(series.axis === "category" ? "dashboard.describe.peakGroup" : "dashboard.describe.peak", {
            value: formatSeriesValue(peak.value, series.unit, lang),
            period: series.axis === "category" ? categoryLabel(peak) : formatDate(peak.period, lang),
          })
        : "",
    ].join(" ");
    return (
      <TimeSeriesChart
        key={series.key}
        series={series}
        bucket={dashboard.bucket}
        lang={lang}
        title={title}
        description={description.trim()}
        categoryLabel={categoryLabel}
        labels={{
          time: series.axis === "category" ? t(`dashboard.groups.${series.key}`) : t(`dashboard.bucket.${dashboard.bucket}`),
          value: t(`dashboard.unit.${/^[A-Z]{3}$/.test(series.unit) ? "money" : series.unit}`),
          total: t(series.unit === "percent" || series.unit === "hours" ? "dashboard.wholePeriod" : "dashboard.total"),
          none: t("dashboard.none"),
        }}
      />
    );
  };

  return (
    <section className="dashboard-page" aria-labelledby="dashboard-heading">
      <header className="dashboard-header">
        <div>
          <h1 id="dashboard-heading">{t("dashboard.title")}</h1>
          <p className="muted">{t("dashboard.range", { from, to })}</p>
        </div>
        <Form method="get" className="dashboard-period">
          <label htmlFor="dashboard-period">{t("dashboard.period.label")}</label>
          <select id="dashboard-period" name="period" defaultValue={dashboard.period} key={dashboard.period}>
            {dashboardApi.DASHBOARD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`dashboard.period.${p}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            {t("dashboard.period.show")}
          </button>
        </Form>
      </header>

      <section aria-labelledby="dashboard-supplier">
        <h2 id="dashboard-supplier">{t("dashboard.supplierHeading")}</h2>
        <p className="muted small">{t("dashboard.viewsNote")}</p>
        <p className="muted small">{t("dashboard.ordersNote")}</p>
        <div className="dashboard-grid">{dashboard.supplier.map(chart)}</div>
      </section>

      {dashboard.buyer ? (
        <section aria-labelledby="dashboard-buyer">
          <h2 id="dashboard-buyer">{t("dashboard.buyerHeading")}</h2>
          <p className="dashboard-now">{t("dashboard.openRequests", { count: dashboard.buyer.openRequests })}</p>
          <div className="dashboard-grid">{dashboard.buyer.series.map(chart)}</div>
        </section>
      ) : null}
    </section>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
