/**
 * `/profile/quotes/new?rfq=<id>` (a new quote) and `/profile/quotes/:id` (the company's quote, editable
 * until the request's deadline): the request's terms above the quote form (app/components/rfq/quote-form.tsx).
 * A request the company may not see is a 404; a company that already quoted is sent to its quote.
 * Only the roles that answer buyers (owner, admin, sales — ADR 009) send or change a quote: a
 * `member` sees the request and the quote read-only with a note saying who quotes, and a post of
 * theirs (the API's 403 `forbidden_role`) shows that same note.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";
import { FALLBACK_DEVICE_CLASS, isCompact } from "../lib/viewport.ts";
import type { Route } from "./+types/profile-quotes-new";
import rfqStyles from "../styles/rfq.css?url";
import * as rfqApi from "../../contract/rfq.ts";
import * as quotesApi from "../../contract/quotes.ts";
import { MAX_QUOTE_FILES, QuoteSchema } from "../../contract/quotes.ts";
import { FileLinks } from "../components/rfq/attachments.tsx";
import { ATTACHMENT_ERRORS, uploadAttachments } from "../lib/rfq-attachments.server.ts";
import { LocaleLink, localeHref } from "../components/locale-link.tsx";
import { QuoteForm } from "../components/rfq/quote-form.tsx";
import { RfqFacts, RfqStatus } from "../components/rfq/rfq-parts.tsx";
import { apiContext, profileContext } from "../context.ts";
import { mayAnswerBuyers } from "../../contract/profile/fields.ts";
import { documentUrl } from "../lib/document-url.ts";
import { pageLang } from "../lib/i18n.ts";
import { replyWithApiError } from "../lib/forms/api-errors.server.ts";
import { orNotFound } from "../lib/not-found.server.ts";
import { pageNotFound } from "../lib/errors.ts";
import { localizedRedirect } from "../lib/redirect.server.ts";
import { quoteFormData } from "../lib/rfq-forms.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { privatePageHeaders } from "../lib/private-headers.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const canQuote = mayAnswerBuyers(context.get(profileContext).organization?.role ?? "");
  if (params.id) {
    const quote = (await orNotFound(request, api.send(quotesApi.getOwnQuote, { params: { id: params.id }, query: { lang } }))).data;
    return { rfq: quote.rfq, quote, canQuote, seo: { title: quote.rfq.title } };
  }
  const rfqId = documentUrl(request).searchParams.get("rfq") ?? "";
  if (!/^\d{1,9}$/.test(rfqId)) pageNotFound(request);
  const rfq = (await orNotFound(request, api.send(rfqApi.getRfq, { params: { id: rfqId }, query: { lang } }))).data;
  if (rfq.viewer.myQuoteId) throw redirect(localeHref(lang, `/profile/quotes/${rfq.viewer.myQuoteId}`));
  return { rfq, quote: null, canQuote, seo: { title: rfq.title } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const raw = await request.formData();
  const submission = parseWithZod(quoteFormData(raw), { schema: QuoteSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (params.id) {
      // Attached files stay (the API only adds): the new uploads fill what is left of the limit.
      const current = (await api.send(quotesApi.getOwnQuote, { params: { id: params.id }, query: { lang } })).data.files.length;
      const fileIds = await uploadAttachments(api, raw, MAX_QUOTE_FILES - current, submission.value.fileIds);
      await api.send(quotesApi.updateQuote, { params: { id: params.id }, query: { lang }, body: { ...submission.value, fileIds } });
      return localizedRedirect(request, `/profile/quotes/${params.id}`, "rfq.flash.quoteUpdated");
    }
    const rfqId = Number(documentUrl(request).searchParams.get("rfq"));
    const fileIds = await uploadAttachments(api, raw, MAX_QUOTE_FILES, submission.value.fileIds);
    const created = await api.send(quotesApi.createQuote, { query: { lang }, body: { ...submission.value, rfqId, fileIds } });
    return localizedRedirect(request, `/profile/quotes/${created.data.id}`, "rfq.flash.quoteSent");
  } catch (error) {
    return replyWithApiError(submission, error, {
      ownMessages: "rfq.errors",
      ...ATTACHMENT_ERRORS,
      codes: { ...ATTACHMENT_ERRORS.codes, forbidden_role: { message: "profileEmployees.answerBuyersOnly.quote" } },
    });
  }
}

export const headers = privatePageHeaders;

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { rfq, quote, canQuote } = loaderData;
  const defaults = quote
    ? { ...quote, leadTimeDays: String(quote.leadTimeDays), comment: quote.comment ?? "" }
    : { currency: rfq.currency ?? "CNY", incoterms: rfq.incoterms, lang, tiers: [{ minQuantity: rfq.quantity, price: "" }] };
  const closed = quote ? !quote.editable : false;
  const readOnly = closed || !canQuote;
  const root = useRouteLoaderData<RootData>("root");
  const wide = Boolean(root?.viewportKnown) && !isCompact(root?.viewport ?? FALLBACK_DEVICE_CLASS);
  return (
    <section className="rfq-page">
      <p className="small">
        <LocaleLink to={quote ? "/profile/quotes" : "/profile/quotes/requests"}>
          ← {quote ? t("rfq.quotes.title") : t("rfq.matched.title")}
        </LocaleLink>
      </p>
      <h1>{quote ? t("rfq.matched.viewQuote") : t("rfq.quoteForm.title")}</h1>
      <div className="card">
        <p className="muted small">{t("rfq.quoteForm.for")}</p>
        <h2 lang={rfq.lang}>{rfq.title}</h2>
        <p>
          <RfqStatus status={rfq.status} />{" "}
          <span className="muted small">{t("rfq.writtenIn", { lang: t(`rfq.langNames.${rfq.lang}`) })}</span>
        </p>
        {/* The request in full is one tap away on a phone, so the price fields start on its first screen (issue 26 §7);
            open on a screen known to be wide. A <details>: no JavaScript needed. */}
        <details className="rfq-quote-for" open={wide}>
          <summary>{t("rfq.quoteForm.details")}</summary>
          <p lang={rfq.lang}>{rfq.description}</p>
          <RfqFacts rfq={rfq} />
          <FileLinks files={rfq.files} />
        </details>
      </div>
      {quote ? (
        <p>
          <span className={`badge rfq-quote-${quote.status}`}>{t(`rfq.quotes.status.${quote.status}`)}</span>
        </p>
      ) : null}
      {closed ? <p className="notice">{t("rfq.quoteForm.readOnly")}</p> : null}
      {canQuote ? null : (
        <p className="notice" data-testid="answer-buyers-only">
          {t("profileEmployees.answerBuyersOnly.quote")}
        </p>
      )}
      {/* A member sees the company's quote read-only; an empty form they could not send is left out. */}
      {quote || canQuote ? (
        <QuoteForm
          result={actionData?.result}
          defaultValue={defaults}
          submitLabel={quote ? t("rfq.quoteForm.save") : t("rfq.quoteForm.send")}
          disabled={readOnly}
          files={quote?.files}
        />
      ) : null}
    </section>
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
