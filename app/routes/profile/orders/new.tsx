/**
 * `/profile/orders/new?quote=<id>` | `?conversation=<id>` | `?supplier=<companyId>[&product=<id>]`:
 * a new order proposal (contract/orders.ts createOrder) starting from an accepted quote, a
 * conversation, or a supplier's product. The origin the caller's company may not use is a 404; a
 * quote that is not the accepted one is a notice. Lines are added and removed by submit buttons
 * (Conform intents), so the whole form works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import rfqStyles from "#app/styles/rfq.css?url";
import * as ordersApi from "#contract/orders.ts";
import { CreateOrderSchema } from "#contract/orders.ts";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { idParam } from "#app/lib/id-param.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import type { Route } from "./+types/new";
import { ProposalPage } from "./components/proposal-page.tsx";
import { proposalDefaults } from "./lib/form-values.ts";
import ordersStyles from "./orders.css?url";

/** The origin named by the page's query: `quote`, `conversation` or `supplier` (+ `product`). */
function originOf(request: Request) {
  const params = documentUrl(request).searchParams;
  const quoteId = idParam(params.get("quote"));
  const conversationId = idParam(params.get("conversation"));
  const supplierCompanyId = idParam(params.get("supplier"));
  const productId = idParam(params.get("product"));
  if (quoteId) return { quoteId };
  if (conversationId) return { conversationId };
  if (supplierCompanyId) return { supplierCompanyId, ...(productId ? { productId } : {}) };
  return pageNotFound(request);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const origin = originOf(request);
  const draft = (await orNotFound(request, api.send(ordersApi.getOrderDraft, { query: { lang, ...origin } }))).data;
  return { draft, origin, defaults: proposalDefaults(draft), seo: { title: getInstance(context).t("orders.form.newTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const submission = parseWithZod(await request.formData(), { schema: CreateOrderSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const created = await api.send(ordersApi.createOrder, { query: { lang }, body: submission.value });
    return localizedRedirect(request, `/profile/orders/${created.data.id}`, "orders.flash.created");
  } catch (error) {
    return replyWithApiError(submission, error, { ownMessages: "orders.errors" });
  }
}

export default function NewOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { draft, origin, defaults } = loaderData;
  const hidden = Object.fromEntries(
    Object.entries(origin)
      .filter(([key]) => key !== "productId")
      .map(([key, value]) => [key, String(value)]),
  );
  return (
    <ProposalPage
      formId="order-new"
      draft={draft}
      schema={CreateOrderSchema}
      result={actionData?.result}
      defaults={defaults}
      back={{ to: "/profile/orders", label: t("orders.page.back") }}
      title={t("orders.form.newTitle")}
      submitLabel={t("orders.form.send")}
      extra={<span className="muted">{t(`orders.origins.${draft.origin}`)}</span>}
      hidden={hidden}
    />
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: rfqStyles },
  { rel: "stylesheet", href: ordersStyles },
];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
