/**
 * `/profile/conversations/{id}` (issue 14 §1; ADR 028): one conversation as its buyer or an employee
 * of the supplier company sees it — the inquiry's terms, the messages in order with who wrote them
 * (person and company), their language and attachments, the status — with a reply form (and
 * attachments), close / reopen, and «Report» on the other side's messages. A message in another
 * language than the page's shows its stored machine translation (original one link away,
 * `?original=<id>`), or, when a provider is configured, a «Translate» button (a post that stores
 * it and redirects back with `?translated=<id>`). Opening the page marks
 * the conversation read for the reader's side. Anyone else gets the not-found page (the API's 404).
 * Every form is a plain post with a redirect back and a flash message: no JavaScript needed.
 * An employee whose company role does not answer buyers (a `member`, ADR 009) reads everything but
 * gets no reply form and no close / reopen, only a note saying who answers; a post they make anyway
 * is the API's 403 `forbidden_role`, shown as that same note.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { LocaleLink } from "#app/components/locale-link.tsx";
import type { Route } from "./+types/conversation";
import * as conv from "#contract/conversations.ts";
import { MAX_MESSAGE_FILES } from "#contract/inquiries.ts";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { filesOf, uploadTemporary } from "#app/lib/uploads.server.ts";
import { pageLang, LANG_NAMES } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { TextareaField } from "#app/components/form/field.tsx";
import { countryName, formatDate, formatPrice, formatQuantityUnit, joinList, joinPlace } from "#app/components/catalog/format.ts";
import { AttachmentsField, nameIn, StatusBadge } from "#app/components/conversations/parts.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { BackLink } from "../components/back-link.tsx";
import { dateTimeFormat } from "#contract/format.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const conversation = await orNotFound(
    request,
    api.send(conv.getConversation, { params: { id: params.id }, query: { lang: pageLang(request) } }).then((r) => r.data),
  );
  // `?original=<id>`: that message shown as written although a translation is stored.
  const original = Number(documentUrl(request).searchParams.get("original")) || null;
  // Reading the page reads the conversation (a failure here only leaves the unread mark).
  await api.send(conv.markConversationRead, { params: { id: params.id } }).catch(() => undefined);
  const t = getInstance(context).t;
  return { conversation, original, seo: { title: t("inquiries.conversationTitle", { id: conversation.id }) } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "reply");
  const api = context.get(apiContext);
  const back = `/profile/conversations/${params.id}`;
  // A member's post (a stale page, a hand-made form) is refused by the API: say who answers buyers.
  const roleCodes = { forbidden_role: { message: "profileEmployees.answerBuyersOnly.conversation" } };

  if (intent === "close" || intent === "reopen") {
    try {
      await api.send(conv.changeConversationStatus, { params: { id: params.id }, body: { action: intent } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error, { codes: roleCodes });
      return data({ result: undefined, actionErrors: messages }, { status });
    }
    return localizedRedirect(request, back, intent === "close" ? "inquiries.flash.closed" : "inquiries.flash.reopened");
  }

  if (intent === "translate") {
    const messageId = String(formData.get("messageId") ?? "");
    try {
      await api.send(conv.translateMessage, { params: { id: messageId }, query: { lang: pageLang(request) }, body: {} });
    } catch (error) {
      const { status } = apiErrorMessages(error);
      return data({ result: undefined, actionErrors: [status === 404 ? "not_found" : "inquiries.translate.failed"] }, { status });
    }
    // Stored now: the page shows the translation; `translated` names it for the reader's eye.
    return localizedRedirect(request, `${back}?translated=${encodeURIComponent(messageId)}#message-${encodeURIComponent(messageId)}`);
  }

  if (intent === "report") {
    const messageId = String(formData.get("messageId") ?? "");
    try {
      await api.send(conv.reportMessage, { params: { id: messageId }, body: { reason: formData.get("reason")?.toString() ?? "" } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error);
      return data({ result: undefined, actionErrors: messages }, { status });
    }
    return localizedRedirect(request, back, "inquiries.flash.reported");
  }

  const submission = parseWithZod(formData, { schema: conv.ReplySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), actionErrors: null }, { status: 400 });
  try {
    const fileIds = [...submission.value.fileIds];
    for (const file of filesOf(formData, "attachments").slice(0, MAX_MESSAGE_FILES)) fileIds.push((await uploadTemporary(api, file)).id);
    await api.send(conv.replyToConversation, {
      params: { id: params.id },
      body: { message: submission.value.message, fileIds: fileIds.slice(0, MAX_MESSAGE_FILES), lang: pageLang(request) },
    });
  } catch (error) {
    return replyWithApiError(submission, error, {
      fields: ["message", "attachments"],
      fieldMap: { file: "attachments" },
      codes: { rate_limited: { message: "inquiries.errors.rateLimited" }, ...roleCodes },
      data: { actionErrors: null },
    });
  }
  return localizedRedirect(request, back, "inquiries.flash.replied");
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const c = loaderData.conversation;
  const busy = navigation.state === "submitting";
  const date = dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  const counterpart =
    c.side === "buyer" ? nameIn(c.supplier.name, lang) : [c.buyer.name, nameIn(c.buyer.company, lang)].filter(Boolean).join(", ");
  const terms: [string, string][] = [];
  if (c.products.length)
    terms.push([
      t("inquiries.products"),
      joinList(
        c.products.map((p) => nameIn(p.name, lang)),
        lang,
      ),
    ]);
  if (c.quantity) terms.push([t("inquiries.quantity"), formatQuantityUnit(c.quantity, c.unit, lang) ?? ""]);
  if (c.targetPrice) terms.push([t("inquiries.targetPrice"), formatPrice(c.targetPrice, c.currency, lang) ?? c.targetPrice]);
  if (c.incoterm) terms.push([t("inquiries.incoterm"), c.incoterm]);
  // One shared formatter (contract/format.ts): «Новосибирск, Россия», "15 февраля 2027 г.", "1 300,50 $" as in the e-mail.
  const destination = joinPlace([c.destinationCity, countryName(c.destinationCountry, lang)], lang);
  if (destination) terms.push([t("inquiries.destination"), destination]);
  if (c.wantedBy) terms.push([t("inquiries.wantedBy"), formatDate(c.wantedBy, lang) ?? c.wantedBy]);

  return (
    <div className="conversation-page">
      <BackLink to={c.side === "buyer" ? "/profile/inquiries" : "/profile/inbox"} className="small" label={t("inquiries.back")} />
      <header className="page-header conversation-header">
        <h1>{t("inquiries.conversationTitle", { id: c.id })}</h1>
        <p className="conversation-meta">
          <span>{t("inquiries.with", { name: counterpart })}</span> <StatusBadge status={c.status} />
          {c.belowMoq ? <span className="badge badge-warn">{t("inquiries.belowMoqBadge")}</span> : null}
        </p>
        {c.canReply ? (
          <p>
            <LocaleLink
              to={`/profile/orders/new?conversation=${c.id}`}
              className="button button-secondary"
              data-testid="order-from-conversation"
            >
              {t("orders.entry.fromConversation")}
            </LocaleLink>
          </p>
        ) : null}
      </header>
      <FormErrors errors={actionData?.actionErrors ?? undefined} />

      <section className="card" aria-labelledby="terms-heading">
        <h2 id="terms-heading">{t("inquiries.terms")}</h2>
        {terms.length ? (
          <dl className="facts">
            {terms.map(([k, v]) => (
              <div key={k} className="fact">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">{t("inquiries.noTerms")}</p>
        )}
        {c.belowMoq ? <p className="small">{t("inquiries.belowMoqNotice")}</p> : null}
      </section>

      <section aria-labelledby="messages-heading">
        <h2 id="messages-heading">{t("inquiries.messages")}</h2>
        <ol className="message-list">
          {c.messages.map((m) => (
            <li key={m.id} className={`card message message-${m.side}${m.own ? " is-own" : ""}`} id={`message-${m.id}`}>
              <p className="message-head">
                <strong>{m.own ? t("inquiries.you") : (m.author ?? "—")}</strong>
                {m.company ? <span className="muted"> · {nameIn(m.company, lang)}</span> : null}
                <span className="muted"> · {t(`inquiries.side.${m.side}`)}</span>
                <span className="muted small message-date">
                  {" "}
                  <time dateTime={m.createdAt}>{date.format(new Date(m.createdAt))}</time>
                </span>
              </p>
              {m.hidden ? (
                <p className="muted">{t("inquiries.hiddenMessage")}</p>
              ) : (
                <>
                  {m.translation && m.lang !== lang && loaderData.original !== m.id ? (
                    <>
                      <p className="prewrap message-body message-translated" lang={m.translation.targetLang}>
                        {m.translation.text}
                      </p>
                      <p className="muted small message-translation-note">
                        {t("inquiries.translate.machine", { lang: LANG_NAMES[m.translation.sourceLang] })} ·{" "}
                        <a href={`?original=${m.id}#message-${m.id}`}>{t("inquiries.translate.showOriginal")}</a>
                      </p>
                    </>
                  ) : (
                    <>
                      <p className="prewrap message-body" lang={m.lang}>
                        {m.body}
                      </p>
                      {m.translation && m.lang !== lang ? (
                        <p className="small">
                          <a href={`?#message-${m.id}`}>{t("inquiries.translate.showTranslation")}</a>
                        </p>
                      ) : c.canTranslate && m.lang !== lang ? (
                        <Form method="post" className="inline-form message-translate">
                          <input type="hidden" name="intent" value="translate" />
                          <input type="hidden" name="messageId" value={m.id} />
                          <button type="submit" className="button button-secondary button-small" disabled={busy}>
                            {t("inquiries.translate.button")}
                          </button>
                        </Form>
                      ) : null}
                    </>
                  )}
                  {m.files.length ? (
                    <ul className="plain-list message-files">
                      {m.files.map((f) => (
                        <li key={f.id}>
                          {/* Served through /files/{id}, checked on every download, under its original name (ADR 040). */}
                          <a href={f.url} download={f.name ?? true}>
                            📎 {f.name ?? `${t("inquiries.attachment")} ${f.id}`}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="muted small">{t("inquiries.messageLang", { lang: LANG_NAMES[m.lang] })}</p>
                </>
              )}
              {!m.own && !m.hidden ? (
                <details className="message-report">
                  <summary className="small">{t("inquiries.report")}</summary>
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="intent" value="report" />
                    <input type="hidden" name="messageId" value={m.id} />
                    <label className="small" htmlFor={`report-${m.id}`}>
                      {t("inquiries.reportReason")}
                    </label>
                    <input id={`report-${m.id}`} name="reason" maxLength={1000} />
                    <button type="submit" className="button button-secondary button-small" disabled={busy}>
                      {t("inquiries.report")}
                    </button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      {c.canReply ? (
        <ReplySection conversation={c} lastResult={actionData?.result as SubmissionResult<string[]> | undefined} busy={busy} />
      ) : (
        <p className="notice" data-testid="answer-buyers-only">
          {t("profileEmployees.answerBuyersOnly.conversation")}
        </p>
      )}
    </div>
  );
}

/** The reply form (with attachments) and close / reopen, for a reader who may write (`canReply`). */
function ReplySection({
  conversation: c,
  lastResult,
  busy,
}: {
  conversation: conv.Conversation;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const t = useT();
  const [form, fields] = useZodForm(conv.ReplySchema, {
    // A new id once the message is in: the reply box starts empty again (also after a client-side post).
    id: `reply-${c.id}-${c.messages.length}`,
    lastResult,
  });
  return (
    <section className="card" aria-labelledby="reply-heading">
      <h2 id="reply-heading">{t("inquiries.reply")}</h2>
      {c.status === "closed" ? <p className="muted">{t("inquiries.closedNote")}</p> : null}
      <Form key={form.id} method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="reply" />
        <TextareaField field={fields.message} label={t("inquiries.replyLabel")} rows={5} required />
        <AttachmentsField id="reply-attachments" errors={form.allErrors.attachments} />
        <div className="page-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("inquiries.sendReply")}
          </button>
        </div>
      </Form>
      <Form method="post" className="page-actions">
        <input type="hidden" name="intent" value={c.status === "closed" ? "reopen" : "close"} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {c.status === "closed" ? t("inquiries.reopen") : t("inquiries.close")}
        </button>
      </Form>
    </section>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
