/**
 * `/payment-routes` (public, crawlable, three languages; issue 28 §3, ADR 049): the platform's
 * recorded payment outcomes per bank and per payment agent over the last 180 days — payments,
 * credited share, median days to credit, returned and frozen counts, common reasons for returns —
 * with the date they are as of. Sortable by any column through links (`?sort=…&dir=…`), so it
 * works without JavaScript; the page cache serves it to anonymous visitors like every public page.
 * Only banks and agents above the thresholds are listed (their count below them is said).
 */
import { z } from "zod";
import type { Route } from "./+types/payment-routes";
import * as api from "#contract/payment-routes.ts";
import type { ChannelStats, PlatformSort } from "#contract/payment-routes.ts";
import { formatDate } from "#contract/format.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

const Query = z.object({
  sort: z.enum(api.PLATFORM_SORTS).catch("payments"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
});

/** The direction a column's first click sorts in (most payments, best share, fewest days first). */
const FIRST_DIRECTION: Record<PlatformSort, "asc" | "desc"> = {
  payments: "desc",
  credited: "desc",
  days: "asc",
  returned: "desc",
  name: "asc",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Query.parse(Object.fromEntries(documentUrl(request).searchParams));
  const { data } = await context.get(apiContext).send(api.getPlatformStats, { query: { sort: query.sort, dir: query.dir } });
  const t = getInstance(context).t;
  return {
    stats: data,
    sort: query.sort,
    dir: query.dir ?? FIRST_DIRECTION[query.sort],
    seo: {
      title: t("paymentRoutes.title"),
      description: t("paymentRoutes.lead", { days: data.windowDays, minPayments: data.minPayments, minPayers: data.minPayers }),
    },
  };
}

const COLUMNS: { key: PlatformSort | null; label: string; numeric?: boolean }[] = [
  { key: "name", label: "name" },
  { key: "payments", label: "payments", numeric: true },
  { key: "credited", label: "credited", numeric: true },
  { key: "days", label: "days", numeric: true },
  { key: "returned", label: "returned", numeric: true },
  { key: null, label: "frozen", numeric: true },
  { key: null, label: "reasons" },
];

function ChannelTable({
  caption,
  rows,
  sort,
  dir,
  empty,
}: {
  caption: string;
  rows: ChannelStats[];
  sort: PlatformSort;
  dir: "asc" | "desc";
  empty: string;
}) {
  const t = useT();
  if (rows.length === 0) return <p className="card empty-state">{empty}</p>;
  return (
    <div className="payment-table-wrap">
      <table className="table payment-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const label = t(`paymentRoutes.col.${column.label}`);
              if (!column.key)
                return (
                  <th key={column.label} scope="col" className={column.numeric ? "num" : undefined}>
                    {label}
                  </th>
                );
              const active = column.key === sort;
              const next = active ? (dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column.key];
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={column.numeric ? "num" : undefined}
                  aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <LocaleLink to={`/payment-routes?sort=${column.key}&dir=${next}`} preventScrollReset>
                    {label}
                    {active ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
                  </LocaleLink>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <span lang={row.kind === "foreign_bank" ? undefined : "ru"}>{row.name}</span>
                <span className="muted small payment-table-sub">
                  {row.regNumber ? t("paymentRoutes.regNumber", { number: row.regNumber }) : null}
                  {row.swiftBic ? `SWIFT ${row.swiftBic}` : null}
                  {row.licenceStatus && row.licenceStatus !== "active" ? (
                    <span className="payment-route-warning"> · {t(`paymentRoutes.licence.${row.licenceStatus}`)}</span>
                  ) : null}
                </span>
              </th>
              <td className="num" data-label={t("paymentRoutes.col.payments")}>
                {row.payments}
              </td>
              <td className="num" data-label={t("paymentRoutes.col.credited")}>
                {row.creditedShare} % <span className="muted small">({row.credited})</span>
              </td>
              <td className="num" data-label={t("paymentRoutes.col.days")}>
                {row.medianDays ?? "—"}
              </td>
              <td className="num" data-label={t("paymentRoutes.col.returned")}>
                {row.returned}
              </td>
              <td className="num" data-label={t("paymentRoutes.col.frozen")}>
                {row.frozen}
              </td>
              <td data-label={t("paymentRoutes.col.reasons")}>{row.reasons.length ? row.reasons.join("; ") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sort links as one row: on a phone the table's header is hidden (each cell names its column). */
function SortLinks({ sort, dir }: { sort: PlatformSort; dir: "asc" | "desc" }) {
  const t = useT();
  return (
    <nav className="payment-sort" aria-label={t("paymentRoutes.sortBy")}>
      <span className="muted">{t("paymentRoutes.sortBy")}:</span>
      {COLUMNS.flatMap((column) => {
        if (!column.key) return [];
        const active = column.key === sort;
        const next = active ? (dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column.key];
        return [
          <LocaleLink
            key={column.key}
            to={`/payment-routes?sort=${column.key}&dir=${next}`}
            className="chip chip-light"
            aria-current={active ? "true" : undefined}
            preventScrollReset
          >
            {t(`paymentRoutes.col.${column.label}`)}
            {active ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
          </LocaleLink>,
        ];
      })}
    </nav>
  );
}

export default function PaymentRoutes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { stats, sort, dir } = loaderData;
  return (
    <main id="main" className="page payment-routes-page">
      <PageHeader
        title={t("paymentRoutes.title")}
        lead={t("paymentRoutes.lead", { days: stats.windowDays, minPayments: stats.minPayments, minPayers: stats.minPayers })}
      >
        <p className="muted" data-testid="payment-routes-as-of">
          {t("paymentRoutes.asOf", { date: formatDate(stats.asOf, lang), from: formatDate(stats.from, lang) })}
        </p>
      </PageHeader>
      <SortLinks sort={sort} dir={dir} />
      <section aria-labelledby="payment-banks">
        <h2 id="payment-banks">{t("paymentRoutes.banks")}</h2>
        <ChannelTable caption={t("paymentRoutes.banks")} rows={stats.banks} sort={sort} dir={dir} empty={t("paymentRoutes.noBanks")} />
      </section>
      <section aria-labelledby="payment-agents">
        <h2 id="payment-agents">{t("paymentRoutes.agents")}</h2>
        <ChannelTable caption={t("paymentRoutes.agents")} rows={stats.agents} sort={sort} dir={dir} empty={t("paymentRoutes.noAgents")} />
      </section>
      {stats.belowThreshold > 0 ? <p className="muted">{t("paymentRoutes.belowThreshold", { count: stats.belowThreshold })}</p> : null}
      <section className="card">
        <h2>{t("paymentRoutes.how")}</h2>
        <p>{t("paymentRoutes.howText", { minReasonPayers: api.MIN_REASON_PAYERS })}</p>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
