/**
 * `/profile/orders/:id/counter`: a counter-proposal — the proposal form filled with the current
 * version, sent as the order's next version (contract/orders.ts counterOrder). Only the side the
 * current version waits for, with a role that answers buyers, gets the form; anyone else a 404
 * (the draft's refusal). Works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import rfqStyles from "#app/styles/rfq.css?url";
import * as ordersApi from "#contract/orders.ts";
import { ProposalSchema } from "#contract/orders.ts";
import { apiContext } from "#app/context.ts";
import { idParam } from "#app/lib/id-param.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import type { Route } from "./+types/counter";
import { ProposalPage } from "./components/proposal-page.tsx";
import { proposalDefaults } from "./lib/form-values.ts";
import ordersStyles from "./orders.css?url";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  // Any other id in the address is an order nobody has: a 404 page, not an API refusal of the query.
  const orderId = idParam(params.id) ?? pageNotFound(request);
  const draft = (await orNotFound(request, api.send(ordersApi.getOrderDraft, { query: { lang, orderId } }))).data;
  return { draft, id: params.id, defaults: proposalDefaults(draft), seo: { title: getInstance(context).t("orders.form.counterTitle") } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const submission = parseWithZod(await request.formData(), { schema: ProposalSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    await api.send(ordersApi.counterOrder, { params: { id: params.id }, query: { lang }, body: submission.value });
    return localizedRedirect(request, `/profile/orders/${params.id}`, "orders.flash.countered");
  } catch (error) {
    return replyWithApiError(submission, error, { ownMessages: "orders.errors" });
  }
}

export default function CounterPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { draft, id, defaults } = loaderData;
  return (
    <ProposalPage
      formId={`order-counter-${id}`}
      draft={draft}
      schema={ProposalSchema}
      result={actionData?.result}
      defaults={defaults}
      back={{ to: `/profile/orders/${id}`, label: t("orders.number", { id }) }}
      title={t("orders.form.counterTitle")}
      submitLabel={t("orders.form.sendCounter")}
    />
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: rfqStyles },
  { rel: "stylesheet", href: ordersStyles },
];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
