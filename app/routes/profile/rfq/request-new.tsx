/**
 * `/profile/rfq/new`: a signed-in buyer writes a buying request (contract/rfq.ts). "Save as draft"
 * keeps it for later; "Save and send" also submits it — a public request goes to the moderators, a
 * private one opens at once for the invited suppliers. Without JavaScript: 400 with every field's
 * error and everything typed kept; with it: inline validation.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/request-new";
import rfqStyles from "#app/styles/rfq.css?url";
import * as rfqApi from "#contract/rfq.ts";
import { MAX_RFQ_FILES, RfqSchema } from "#contract/rfq.ts";
import { RfqForm } from "./components/rfq-form.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { categoryOptions } from "../lib/products.server.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { rfqFormData } from "./lib/forms.ts";
import { ATTACHMENT_ERRORS, uploadAttachments } from "./lib/attachments.server.ts";
import { rfqPicker } from "./lib/picker.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { BackLink } from "../components/back-link.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    categories: await categoryOptions(context.get(apiContext), pageLang(request)),
    seo: { title: getInstance(context).t("rfq.new.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const raw = await request.formData();
  const intent = raw.get("intent") === "submit" ? "submit" : "draft";
  const submission = parseWithZod(rfqFormData(raw), { schema: RfqSchema });
  const { tnvedNames, picker, suppliers, searched } = await rfqPicker(
    api,
    raw,
    lang,
    (submission.payload as Record<string, unknown>).tnvedCode,
  );
  // A search step, or a code or supplier chosen without JavaScript (a Conform intent): the form again, nothing saved.
  if (searched || submission.status === undefined) return data({ result: submission.reply(), tnvedNames, picker, suppliers });
  if (submission.status !== "success") return data({ result: submission.reply(), tnvedNames, picker, suppliers }, { status: 400 });
  let id: number;
  try {
    const fileIds = await uploadAttachments(api, raw, MAX_RFQ_FILES, submission.value.fileIds);
    id = (await api.send(rfqApi.createRfq, { query: { lang }, body: { ...submission.value, fileIds } })).data.id;
  } catch (error) {
    return replyWithApiError(submission, error, {
      ownMessages: "rfq.errors",
      ...ATTACHMENT_ERRORS,
      data: { tnvedNames, picker, suppliers },
    });
  }
  if (intent === "submit") {
    try {
      await api.send(rfqApi.changeRfqStatus, { params: { id }, query: { lang }, body: { action: "submit" } });
    } catch {
      return localizedRedirect(request, `/profile/rfq/${id}`, "rfq.flash.created");
    }
    return localizedRedirect(request, `/profile/rfq/${id}`, "rfq.flash.submitted");
  }
  return localizedRedirect(request, `/profile/rfq/${id}`, "rfq.flash.created");
}

export default function NewRfq({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="rfq-page">
      <BackLink to="/profile/rfq" className="small" label={t("rfq.own.title")} />
      <h1>{t("rfq.new.title")}</h1>
      <p className="muted">{t("rfq.new.lead")}</p>
      <RfqForm
        id="rfq-new"
        result={actionData?.result}
        tnvedNames={actionData?.tnvedNames}
        picker={actionData?.picker}
        suppliers={actionData?.suppliers}
        categories={loaderData.categories}
        buttons={
          [
            ["submit", t("rfq.new.publish")],
            ["draft", t("rfq.new.saveDraft")],
          ].reverse() as [string, string][]
        }
      />
    </section>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
