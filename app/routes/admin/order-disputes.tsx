/**
 * `/admin/order-disputes` (issue 28 §2; ADR 056): problems the sides reported on orders — open ones
 * by default, resolved or withdrawn by a GET link — last active first, each with the order, both
 * companies, the stage, who reported it and how many messages the thread has. Staff open the order
 * (`/profile/orders/{id}`, which staff read) to read the thread and step in with a message. Staff
 * API: GET `/app/admin/order-disputes` (contract/orders.ts listOrderDisputes). Works without
 * JavaScript.
 */
import { z } from "zod";
import type { Route } from "./+types/order-disputes";
import { AdminHeader, AdminResults, formatDateTime } from "./components/ui.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as ordersApi from "#contract/orders.ts";
import { DISPUTE_STATES } from "#contract/orders.ts";
import { adminMeta } from "./lib/meta.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  state: z.enum(DISPUTE_STATES).catch("open"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  const { page, state } = PageQuery.parse(Object.fromEntries(documentUrl(request).searchParams));
  const result = await context
    .get(apiContext)
    .send(ordersApi.listOrderDisputes, { query: { page, perPage: 20, state, lang: pageLang(request) } });
  return { items: result.data, meta: result.meta, state, title: getInstance(context).t("orders.adminDisputes.title") };
}

export default function AdminOrderDisputes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { items, meta, state } = loaderData;
  return (
    <>
      <AdminHeader title={t("orders.adminDisputes.title")} lead={t("orders.adminDisputes.lead")} />
      <nav className="page-actions" aria-label={t("orders.adminDisputes.title")}>
        {DISPUTE_STATES.map((s) => (
          <LocaleLink key={s} to={`/admin/order-disputes?state=${s}`} className="button" aria-current={s === state ? "page" : undefined}>
            {t(`orders.adminDisputes.states.${s}`)}
          </LocaleLink>
        ))}
      </nav>
      <AdminResults items={items} empty={t("orders.adminDisputes.empty")} meta={meta}>
        <ol className="admin-queue" data-testid="admin-order-disputes">
          {items.map((d) => (
            <li key={d.id} className="admin-queue-item" data-dispute={d.id}>
              <h2>
                <LocaleLink to={`/profile/orders/${d.orderId}#dispute-${d.id}`}>
                  {t("orders.adminDisputes.order", { id: d.orderId })}
                </LocaleLink>
              </h2>
              <p className="admin-queue-meta">
                <span>
                  {d.buyer} → {d.supplier}
                </span>
                <span>
                  {t("orders.adminDisputes.stage")}: {t(`orders.stages.${d.stage}`)}
                </span>
                <span>
                  {t("orders.adminDisputes.openedBy")}: {t(`orders.sides.${d.openedBySide}`)}
                </span>
                <span>
                  {t("orders.adminDisputes.messages")}: {d.messages}
                </span>
                <span>
                  {t("orders.adminDisputes.updated")}: {formatDateTime(d.updatedAt, lang)}
                </span>
              </p>
            </li>
          ))}
        </ol>
      </AdminResults>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
