/**
 * `/profile/inbox` (issue 14 §1; ADR 028): the company inbox: buyers' inquiries to the caller's company, for every active employee, latest activity first, with filters by status,
 * unread and product (a GET form) and unread counts. Above them, the orders waiting for the company's
 * next step (issue 28 §2: a proposed version to answer, a stage to mark or to confirm, an overdue
 * stage), each linked to its page. Conversation pages: `/profile/conversations/{id}`.
 */
import type { Route } from "./+types/inbox";
import * as ordersApi from "#contract/orders.ts";
import type { OrderSummary } from "#contract/orders.ts";
import { apiContext } from "#app/context.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { pageLang } from "#app/lib/i18n.ts";
import { useT } from "#app/lib/use-t.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { BoxPage } from "./components/box-page.tsx";
import { boxPageLoader } from "./components/box-loader.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

const boxLoader = boxPageLoader("company", "inquiries.inbox");

/** Orders shown in the inbox at most; the orders page lists the rest with the same filter. */
const AWAITING_SHOWN = 20;

export async function loader(args: Route.LoaderArgs) {
  const api = args.context.get(apiContext);
  const [box, awaiting] = await Promise.all([
    boxLoader(args),
    api
      .send(ordersApi.listOrders, { query: { awaiting: "true", perPage: AWAITING_SHOWN, lang: pageLang(args.request) } })
      .then(({ data, meta }) => ({ items: data, total: meta.total }))
      // A member without orders access still reads the inquiries.
      .catch(() => ({ items: [] as OrderSummary[], total: 0 })),
  ]);
  return { ...box, awaiting };
}

function AwaitingOrders({ items, total }: { items: OrderSummary[]; total: number }) {
  const t = useT();
  if (items.length === 0) return null;
  const reason = (o: OrderSummary) =>
    o.state === "negotiating"
      ? t("orders.awaiting.answer", { version: o.currentVersion })
      : o.overdue && o.stage
        ? t("orders.awaiting.overdue", { stage: t(`orders.stages.${o.stage}`) })
        : t("orders.awaiting.stage", { stage: o.stage ? t(`orders.stages.${o.stage}`) : "" });
  return (
    <section className="card inbox-orders" aria-labelledby="inbox-orders" data-testid="inbox-orders">
      <h2 id="inbox-orders">{t("orders.awaiting.title", { count: total })}</h2>
      <ul className="plain-list">
        {items.map((o) => (
          <li key={o.id}>
            <LocaleLink to={`/profile/orders/${o.id}`}>{t("orders.number", { id: o.id })}</LocaleLink>
            {" · "}
            {o.counterparty.name}
            {" · "}
            <span className={o.overdue ? "badge order-overdue" : "muted"}>{reason(o)}</span>
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <p>
          <LocaleLink to="/profile/orders?awaiting=1">{t("orders.awaiting.all", { count: total })}</LocaleLink>
        </p>
      ) : null}
    </section>
  );
}

export default function ProfileInbox({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AwaitingOrders items={loaderData.awaiting.items} total={loaderData.awaiting.total} />
      <BoxPage box="company" data={loaderData.box} />
    </>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
