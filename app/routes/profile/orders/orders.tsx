/**
 * `/profile/orders`: the company's orders as buyer and as supplier, last changed first, with filters
 * (state, current stage, overdue, waiting for the company, counterparty) as a GET form that works without JavaScript, and
 * paging links.
 */
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/orders";
import rfqStyles from "#app/styles/rfq.css?url";
import * as ordersApi from "#contract/orders.ts";
import { ORDER_STAGES, ORDER_STATES } from "#contract/orders.ts";
import { formatPrice } from "#contract/format.ts";
import { RfqCard, RfqCardList } from "#app/components/rfq/rfq-parts.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import ordersStyles from "./orders.css?url";

const Filters = z.object({
  state: z.enum(ORDER_STATES).optional().catch(undefined),
  stage: z.enum(ORDER_STAGES).optional().catch(undefined),
  overdue: z.literal("1").optional().catch(undefined),
  awaiting: z.literal("1").optional().catch(undefined),
  counterparty: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const filters = Filters.parse(Object.fromEntries(documentUrl(request).searchParams));
  const { data: orders, meta } = await context.get(apiContext).send(ordersApi.listOrders, {
    query: {
      lang,
      page: filters.page,
      perPage: 20,
      ...(filters.state ? { state: filters.state } : {}),
      ...(filters.stage ? { stage: filters.stage } : {}),
      ...(filters.overdue ? { overdue: "true" } : {}),
      ...(filters.awaiting ? { awaiting: "true" } : {}),
      ...(filters.counterparty ? { counterparty: filters.counterparty } : {}),
    },
  });
  return { orders, meta, filters, seo: { title: getInstance(context).t("orders.title") } };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { orders, meta, filters } = loaderData;
  const counterparties = [...new Map(orders.map((o) => [o.counterparty.companyId, o.counterparty.name])).entries()];
  return (
    <section className="rfq-page order-page">
      <h1>{t("orders.title")}</h1>
      <Form method="get" className="order-filters card">
        <label>
          {t("orders.filters.state")}
          <select name="state" defaultValue={filters.state ?? ""}>
            <option value="">{t("orders.filters.any")}</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`orders.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("orders.filters.stage")}
          <select name="stage" defaultValue={filters.stage ?? ""}>
            <option value="">{t("orders.filters.any")}</option>
            {ORDER_STAGES.map((s) => (
              <option key={s} value={s}>
                {t(`orders.stages.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("orders.filters.counterparty")}
          <select name="counterparty" defaultValue={filters.counterparty ? String(filters.counterparty) : ""}>
            <option value="">{t("orders.filters.any")}</option>
            {counterparties.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="radio">
          <span>
            <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue === "1"} /> {t("orders.filters.overdue")}
          </span>
        </label>
        <label className="radio">
          <span>
            <input type="checkbox" name="awaiting" value="1" defaultChecked={filters.awaiting === "1"} /> {t("orders.filters.awaiting")}
          </span>
        </label>
        <button type="submit" className="button button-secondary">
          {t("orders.filters.apply")}
        </button>
      </Form>
      <RfqCardList items={orders} empty={t("orders.empty")}>
        {(o) => (
          <RfqCard
            key={o.id}
            to={`/profile/orders/${o.id}`}
            title={`${t("orders.number", { id: o.id })} · ${o.counterparty.name}`}
            lang={lang}
          >
            <p className="rfq-card-meta">
              <span className={`badge order-state-${o.state}`}>{t(`orders.states.${o.state}`)}</span>
              {o.stage ? <span className="badge">{t(`orders.stages.${o.stage}`)}</span> : null}
              {o.overdue ? <span className="badge order-overdue">{t("orders.page.overdue")}</span> : null}
              {o.waitingFor ? <span>{o.waitingFor === o.side ? t("orders.page.waitingYou") : t("orders.page.waitingOther")}</span> : null}
              <span>{formatPrice(o.total, o.currency, lang)}</span>
              <span className="muted">{o.side ? t(`orders.sides.${o.side}`) : ""}</span>
            </p>
          </RfqCard>
        )}
      </RfqCardList>
      {meta.pages > 1 ? (
        <p className="page-actions">
          {filters.page > 1 ? <LocaleLink to={`?page=${filters.page - 1}`}>←</LocaleLink> : null}
          <span>
            {filters.page} / {meta.pages}
          </span>
          {filters.page < meta.pages ? <LocaleLink to={`?page=${filters.page + 1}`}>→</LocaleLink> : null}
        </p>
      ) : null}
    </section>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: rfqStyles },
  { rel: "stylesheet", href: ordersStyles },
];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
