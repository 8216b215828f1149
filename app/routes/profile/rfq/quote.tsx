/**
 * `/profile/quotes/new?rfq=<id>` (a new quote) and `/profile/quotes/:id` (the company's quote, editable
 * until the request's deadline): the request's terms above the quote form (app/routes/profile/rfq/components/quote-form.tsx).
 * A request the company may not see is a 404; a company that already quoted is sent to its quote.
 * Only the roles that answer buyers (owner, admin, sales — ADR 009) send or change a quote: a
 * `member` sees the request and the quote read-only with a note saying who quotes, and a post of
 * theirs (the API's 403 `forbidden_role`) shows that same note.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { FALLBACK_DEVICE_CLASS, isCompact } from "#app/lib/viewport.ts";
import rfqStyles from "#app/styles/rfq.css?url";
import * as rfqApi from "#contract/rfq.ts";
import * as quotesApi from "#contract/quotes.ts";
import { MAX_QUOTE_FILES, QuoteSchema } from "#contract/quotes.ts";
import { FileLinks } from "#app/components/rfq/attachments.tsx";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { RfqFacts, RfqStatus } from "#app/components/rfq/rfq-parts.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { mayAnswerBuyers } from "#contract/profile/fields.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import type { Route } from "./+types/quote";
import { ATTACHMENT_ERRORS, uploadAttachments } from "./lib/attachments.server.ts";
import { QuoteForm } from "./components/quote-form.tsx";
import { quoteFormData } from "./lib/forms.ts";
import { idParam } from "#app/lib/id-param.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const canQuote = mayAnswerBuyers(context.get(profileContext).organization?.role ?? "");
  if (params.id) {
    const quote = (await orNotFound(request, api.send(quotesApi.getOwnQuote, { params: { id: params.id }, query: { lang } }))).data;
    return { rfq: quote.rfq, quote, canQuote, seo: { title: quote.rfq.title } };
  }
  const rfqId = idParam(documentUrl(request).searchParams.get("rfq")) ?? pageNotFound(request);
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
          {quote.status === "accepted" && canQuote ? (
            <>
              {" "}
              <LocaleLink to={`/profile/orders/new?quote=${quote.id}`} className="button button-primary" data-testid="order-from-quote">
                {t("orders.entry.fromQuote")}
              </LocaleLink>
            </>
          ) : null}
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

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
