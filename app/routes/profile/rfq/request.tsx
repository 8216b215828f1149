/**
 * `/profile/rfq/:id`: one of the buyer's requests — its terms and status, the moderator's note, who
 * it reached ("matched N, told M: by account K, by e-mail L"; nothing claimed while it is a draft or
 * on moderation), the buttons to send a draft or close an open request, the edit form while it is a
 * draft or rejected, and the quotes side by side (`?sort=landed|price|leadTime|moq&dir=asc|desc`, plain
 * links; by landed cost first, with the buyer's `freight`/`insurance` from a GET form, ADR 050) with shortlist, accept and "write to the supplier" (`/inquiry/new?supplier=<companyId>`).
 * Accepting is two steps: "Accept" opens the confirmation (`?accept=<quoteId>`), which posts the
 * decision; for AWARD_UNDO_MINUTES the page then offers to take it back (the suppliers are told when
 * the window ends, ADR 041). Every decision keeps the chosen sort. Every button is a form post that
 * works without JavaScript; someone else's request is a 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PostButton } from "#app/components/form/post-button.tsx";
import { z } from "zod";
import type { Route } from "./+types/request";
import rfqStyles from "#app/styles/rfq.css?url";
import * as rfqApi from "#contract/rfq.ts";
import * as quotesApi from "#contract/quotes.ts";
import { QUOTE_SORTS } from "#contract/quotes.ts";
import { MAX_RFQ_FILES, RfqSchema } from "#contract/rfq.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { displayCurrency } from "#app/components/money/display-currency.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { AcceptConfirm, ComparisonTable, RfqFacts, RfqReachLine, RfqStatus } from "#app/components/rfq/rfq-parts.tsx";
import { LandedInputsForm, landedSearch, readLandedInputs } from "#app/components/rfq/landed-compare.tsx";
import { RfqForm } from "./components/rfq-form.tsx";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { categoryOptions } from "../lib/products.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { rfqFormData } from "./lib/forms.ts";
import { ATTACHMENT_ERRORS, uploadAttachments } from "./lib/attachments.server.ts";
import { FileLinks } from "#app/components/rfq/attachments.tsx";
import { rfqPicker } from "./lib/picker.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { BackLink } from "../components/back-link.tsx";

const SortQuery = z.object({
  sort: z.enum(QUOTE_SORTS).catch("landed"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  accept: z.coerce.number().int().positive().optional().catch(undefined),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const id = Number(params.id);
  const rfq = (await orNotFound(request, api.send(rfqApi.getOwnRfq, { params: { id: params.id }, query: { lang } }))).data;
  const search = documentUrl(request).searchParams;
  const { sort, dir, accept } = SortQuery.parse(Object.fromEntries(search));
  // The buyer's freight and insurance for the landed-cost comparison (ADR 050); refused text is said by the form, not sent.
  const landedInputs = readLandedInputs(search);
  // Every quote's prices also in the visitor's display currency (the header's chooser, else by language).
  const currency = displayCurrency(request, lang);
  const comparison = (
    await api.send(quotesApi.compareQuotes, { params: { id }, query: { lang, sort, dir, currency, ...landedInputs.query } })
  ).data;
  const editable = rfq.status === "draft" || rfq.status === "rejected";
  const canDecide = rfq.status === "open" || rfq.status === "closed";
  // Whole minutes left to take an accepted quote back (computed here, so server and browser agree).
  const undoMinutes = rfq.award && !rfq.award.notified ? Math.ceil((Date.parse(rfq.award.undoUntil) - Date.now()) / 60_000) : null;
  return {
    rfq,
    comparison,
    landedInputs,
    confirming: canDecide && accept !== undefined && comparison.quotes.some((q) => q.id === accept) ? accept : null,
    undoMinutes,
    categories: editable ? await categoryOptions(api, lang) : [],
    tnvedNames: rfq.tnved ? { [rfq.tnved.code]: rfq.tnved.name } : {},
    seo: { title: rfq.title },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const id = Number(params.id);
  const raw = await request.formData();
  const intent = String(raw.get("intent") ?? "");
  const here = `/profile/rfq/${id}`;
  // Decisions on quotes come back to the comparison in the order the buyer chose (usability review #21).
  const search = documentUrl(request).searchParams;
  const { sort, dir } = SortQuery.parse(Object.fromEntries(search));
  const quotesHere = `${here}?sort=${sort}&dir=${dir}${landedSearch(readLandedInputs(search).query)}#quotes`;
  try {
    if (intent === "undo") {
      await api.send(quotesApi.undoAward, { params: { id }, query: { lang }, body: {} });
      return localizedRedirect(request, quotesHere, "rfq.flash.undone");
    }
    if (intent === "submit" || intent === "close") {
      await api.send(rfqApi.changeRfqStatus, { params: { id }, query: { lang }, body: { action: intent } });
      return localizedRedirect(request, here, intent === "submit" ? "rfq.flash.submitted" : "rfq.flash.closed");
    }
    if (intent === "accept" || intent === "shortlist") {
      const quoteId = Number(raw.get("quoteId"));
      if (intent === "accept") await api.send(quotesApi.acceptQuote, { params: { id, quoteId }, query: { lang }, body: {} });
      else
        await api.send(quotesApi.shortlistQuote, {
          params: { id, quoteId },
          query: { lang },
          body: { shortlisted: raw.get("shortlisted") === "true" },
        });
      return localizedRedirect(request, quotesHere, intent === "accept" ? "rfq.flash.accepted" : "rfq.flash.shortlisted");
    }
  } catch (error) {
    const { messages, status } = apiErrorMessages(error, { ownMessages: "rfq.errors" });
    return data({ result: undefined, actionErrors: messages, tnvedNames: undefined, picker: null, suppliers: null }, { status });
  }
  // The edit form ("save").
  const submission = parseWithZod(rfqFormData(raw), { schema: RfqSchema });
  const { tnvedNames, picker, suppliers, searched } = await rfqPicker(
    api,
    raw,
    lang,
    (submission.payload as Record<string, unknown>).tnvedCode,
  );
  // A search step, or a code or supplier chosen without JavaScript (a Conform intent): the form again, nothing saved.
  if (searched || submission.status === undefined)
    return data({ result: submission.reply(), actionErrors: null, tnvedNames, picker, suppliers });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), actionErrors: null, tnvedNames, picker, suppliers }, { status: 400 });
  }
  try {
    // Attached files stay (the API only adds): the new uploads fill what is left of the limit.
    const current = (await api.send(rfqApi.getOwnRfq, { params: { id }, query: { lang } })).data.files.length;
    const fileIds = await uploadAttachments(api, raw, MAX_RFQ_FILES - current, submission.value.fileIds);
    await api.send(rfqApi.updateRfq, { params: { id }, query: { lang }, body: { ...submission.value, fileIds } });
  } catch (error) {
    return replyWithApiError(submission, error, {
      ownMessages: "rfq.errors",
      ...ATTACHMENT_ERRORS,
      data: { actionErrors: null, tnvedNames, picker, suppliers },
    });
  }
  return localizedRedirect(request, here, "rfq.flash.updated");
}

export default function OwnRfqPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { rfq, comparison } = loaderData;
  const editable = rfq.status === "draft" || rfq.status === "rejected";
  const listed = rfq.visibility === "public" && ["open", "closed", "awarded"].includes(rfq.status);
  return (
    <section className="rfq-page">
      <BackLink to="/profile/rfq" className="small" label={t("rfq.own.title")} />
      <div className="section-heading">
        <h1 lang={rfq.lang}>{rfq.title}</h1>
        <RfqStatus status={rfq.status} />
      </div>
      <p className="muted small">
        {t("rfq.writtenIn", { lang: t(`rfq.langNames.${rfq.lang}`) })} · {t(`rfq.visibility.${rfq.visibility}`)}
      </p>
      <RfqReachLine rfq={rfq} />
      <FormErrors errors={actionData?.actionErrors ?? undefined} />
      {rfq.moderationNote ? (
        <div className="notice">
          <strong>{t("rfq.detail.moderationNote")}:</strong> <span lang={rfq.moderationNoteLang ?? undefined}>{rfq.moderationNote}</span>
        </div>
      ) : null}
      <div className="card">
        <p className="rfq-description" lang={rfq.lang}>
          {rfq.description}
        </p>
        <RfqFacts rfq={rfq} />
        <FileLinks files={rfq.files} />
        <div className="page-actions">
          {editable ? (
            <PostButton intent="submit" className="button button-primary">
              {t("rfq.detail.submit")}
            </PostButton>
          ) : null}
          {rfq.status === "open" ? (
            <PostButton intent="close" className="button button-secondary">
              {t("rfq.detail.close")}
            </PostButton>
          ) : null}
          {listed ? (
            <LocaleLink to={`/rfq/${rfq.id}`} className="button button-secondary">
              {t("rfq.detail.publicPage")}
            </LocaleLink>
          ) : null}
        </div>
      </div>
      <section id="quotes" aria-labelledby="quotes-title">
        <h2 id="quotes-title">{t("rfq.compare.title")}</h2>
        {rfq.award ? <AwardNotice award={rfq.award} minutes={loaderData.undoMinutes} comparison={comparison} /> : null}
        {loaderData.confirming !== null ? <AcceptConfirm comparison={comparison} rfqId={rfq.id} quoteId={loaderData.confirming} /> : null}
        {comparison.quotes.length === 0 ? (
          <p className="card empty-state">{t(NO_QUOTES[rfq.status] ?? "rfq.detail.noQuotesOpen")}</p>
        ) : (
          <LandedInputsForm comparison={comparison} read={loaderData.landedInputs} />
        )}
        {comparison.quotes.length === 0 ? null : (
          <ComparisonTable comparison={comparison} rfqId={rfq.id} canDecide={rfq.status === "open" || rfq.status === "closed"} />
        )}
      </section>
      {editable ? (
        <section aria-labelledby="edit-title">
          <h2 id="edit-title">{t("rfq.detail.editTitle")}</h2>
          <RfqForm
            id={`rfq-edit-${rfq.id}`}
            result={actionData?.result}
            tnvedNames={actionData?.tnvedNames ?? loaderData.tnvedNames}
            picker={actionData?.picker}
            suppliers={actionData?.suppliers}
            invitedKnown={rfq.invitedCompanies}
            categories={loaderData.categories}
            defaultValue={{
              ...rfq,
              categoryId: rfq.categoryId ? String(rfq.categoryId) : "",
              invitedCompanyIds: rfq.invitedCompanies.map((c) => c.id),
            }}
            buttons={[["save", t("rfq.detail.save")]]}
            files={rfq.files}
          />
        </section>
      ) : null}
    </section>
  );
}

export const headers = privatePageHeaders;

/** What the empty comparison says in each status: never "suppliers notified" before anyone was (usability review #18). */
const NO_QUOTES: Partial<Record<string, string>> = {
  draft: "rfq.detail.noQuotesDraft",
  moderation: "rfq.detail.noQuotesModeration",
  rejected: "rfq.detail.noQuotesRejected",
  closed: "rfq.detail.noQuotesClosed",
};

/** The accepted quote, and while the suppliers are not told yet, how long the choice can be taken back, with the undo button. */
function AwardNotice({
  award,
  minutes,
  comparison,
}: {
  award: NonNullable<Route.ComponentProps["loaderData"]["rfq"]["award"]>;
  minutes: number | null;
  comparison: Route.ComponentProps["loaderData"]["comparison"];
}) {
  const t = useT();
  const company = comparison.quotes.find((q) => q.id === award.quoteId)?.company.name ?? "";
  return (
    <div className="card notice rfq-award" data-testid="award-notice">
      <p>
        <strong>{t("rfq.detail.awardTitle", { company })}</strong>
      </p>
      <p>
        <LocaleLink to={`/profile/orders/new?quote=${award.quoteId}`} className="button button-primary" data-testid="order-from-quote">
          {t("orders.entry.fromQuote")}
        </LocaleLink>
      </p>
      {award.notified ? (
        <p>{t("rfq.detail.awardNotified")}</p>
      ) : (
        <>
          <p>{minutes !== null && minutes > 0 ? t("rfq.detail.awardPending", { count: minutes }) : t("rfq.detail.awardDue")}</p>
          <PostButton intent="undo" className="button button-secondary">
            {t("rfq.detail.undo")}
          </PostButton>
        </>
      )}
    </div>
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
