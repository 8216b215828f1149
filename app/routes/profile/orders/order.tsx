/**
 * `/profile/orders/:id`: one order (contract/orders.ts OrderView) — what waits for whom and the
 * caller's actions first (accept the current version or counter it, mark or answer the current
 * stage, cancel or answer a request to cancel), then the version in force with both parties, lines,
 * totals (≈ RUB and each line's landed cost) and terms, the stages, and every version with its
 * field-by-field changes (app/components/diff-view.tsx). Every action is a plain form post that
 * works without JavaScript; a refused one comes back with its messages and what was typed kept.
 * Another company's order is a 404; staff read it without actions.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/order";
import rfqStyles from "#app/styles/rfq.css?url";
import * as ordersApi from "#contract/orders.ts";
import {
  AcceptSchema,
  AddDocumentsSchema,
  CancelSchema,
  DisputeAnswerSchema,
  DisputeMessageSchema,
  MAX_DOCUMENT_FILES,
  OpenDisputeSchema,
  StageActionSchema,
  TRANSPORT_DOCUMENTS,
  type OrderPayment,
  type OrderSnapshot,
  type OrderView,
} from "#contract/orders.ts";
import { formatDate, formatPrice } from "#contract/format.ts";
import { OrderPaymentSchema, PAYMENT_OUTCOMES, ROUTE_CURRENCIES } from "#contract/payment-routes.ts";
import { UNITS, type UnitId } from "#contract/units.ts";
import { DiffView } from "#app/components/diff-view.tsx";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { apiErrorMessages, apiFormErrors } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { filesOf, uploadTemporary } from "#app/lib/uploads.server.ts";
import { idParam } from "#app/lib/id-param.ts";
import { DOCUMENT_ACCEPT, DocumentUpload, StageDocuments } from "./components/stage-documents.tsx";
import { Disputes } from "./components/disputes.tsx";
import { Issues, type Issue } from "./components/issues.tsx";
import ordersStyles from "./orders.css?url";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const order = (
    await orNotFound(request, context.get(apiContext).send(ordersApi.getOrder, { params: { id: params.id }, query: { lang } }))
  ).data;
  return { order, seo: { title: getInstance(context).t("orders.number", { id: order.id }) } };
}

function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const raw = await request.formData();
  // Text fields only: chosen files go to the API as uploads, and a refusal sends the typed values back.
  const form = Object.fromEntries(
    [...raw.keys()].map((key) => {
      const all = raw.getAll(key).filter((v) => typeof v === "string");
      return [key, all.length > 1 ? all : all[0]];
    }),
  );
  const uploads = async (name: string) => {
    const ids: number[] = [];
    for (const file of filesOf(raw, name).slice(0, MAX_DOCUMENT_FILES)) ids.push((await uploadTemporary(api, file)).id);
    return ids;
  };
  const intent = String(form.intent ?? "");
  const here = `/profile/orders/${params.id}`;
  const refuse = (issues: Issue[], status = 400) => data({ intent, issues, values: form as Record<string, unknown> }, { status });
  try {
    if (intent === "accept") {
      const parsed = AcceptSchema.safeParse(form);
      if (!parsed.success) return refuse(issuesOf(parsed.error));
      await api.send(ordersApi.acceptOrder, { params: { id: params.id }, query: { lang }, body: parsed.data });
      return localizedRedirect(request, here, "orders.flash.accepted");
    }
    if (intent === "cancel" || intent === "agree" || intent === "withdraw") {
      const parsed = CancelSchema.safeParse({ ...form, action: intent });
      if (!parsed.success) return refuse(issuesOf(parsed.error));
      await api.send(ordersApi.cancelOrder, { params: { id: params.id }, query: { lang }, body: parsed.data });
      return localizedRedirect(request, here, "orders.flash.cancelled");
    }
    if (intent === "stage") {
      const parsed = StageActionSchema.safeParse(form);
      if (!parsed.success) return refuse(issuesOf(parsed.error));
      const fileIds = parsed.data.action === "mark" ? await uploads("files") : [];
      await api.send(ordersApi.stageAction, { params: { id: params.id }, query: { lang }, body: { ...parsed.data, fileIds } });
      return localizedRedirect(request, here, "orders.flash.stage");
    }
    if (intent === "documents") {
      // The stage and kind are checked before anything is uploaded; the files' own checks are the API's.
      const parsed = AddDocumentsSchema.pick({ stage: true, kind: true }).safeParse(form);
      if (!parsed.success) return refuse(issuesOf(parsed.error));
      if (filesOf(raw, "files").length === 0) return refuse([{ path: "files", message: "required" }]);
      const fileIds = await uploads("files");
      await api.send(ordersApi.addOrderDocuments, { params: { id: params.id }, query: { lang }, body: { ...parsed.data, fileIds } });
      return localizedRedirect(request, `${here}#stage-${parsed.data.stage}`, "orders.flash.documents");
    }
    if (intent === "dispute-open") {
      const parsed = OpenDisputeSchema.safeParse(form);
      if (!parsed.success) return refuse(issuesOf(parsed.error));
      const fileIds = await uploads("files");
      const opened = await api.send(ordersApi.openOrderDispute, {
        params: { id: params.id },
        query: { lang },
        body: { ...parsed.data, fileIds },
      });
      return localizedRedirect(request, `${here}#dispute-${opened.data.id}`, "orders.flash.disputeOpened");
    }
    if (intent === "dispute-message" || intent === "dispute-answer") {
      const disputeId = idParam(String(form.disputeId ?? "")) ?? 0;
      const target = { params: { id: params.id, disputeId: String(disputeId) }, query: { lang } };
      if (intent === "dispute-message") {
        const parsed = DisputeMessageSchema.safeParse(form);
        if (!parsed.success) return refuse(issuesOf(parsed.error));
        const fileIds = await uploads("files");
        await api.send(ordersApi.postDisputeMessage, { ...target, body: { ...parsed.data, fileIds } });
        return localizedRedirect(request, `${here}#dispute-${disputeId}`, "orders.flash.disputeMessage");
      }
      const parsed = DisputeAnswerSchema.safeParse(form);
      if (!parsed.success) return refuse(issuesOf(parsed.error));
      await api.send(ordersApi.answerOrderDispute, { ...target, body: parsed.data });
      return localizedRedirect(request, `${here}#dispute-${disputeId}`, "orders.flash.disputeAnswered");
    }
    if (intent === "payment") {
      // A Conform form: each field shows its own translated error, what was typed is kept.
      const submission = parseWithZod(raw, { schema: OrderPaymentSchema });
      if (submission.status !== "success") return data({ intent, payment: submission.reply() }, { status: 400 });
      try {
        await api.send(ordersApi.recordOrderPayment, { params: { id: params.id }, query: { lang }, body: submission.value });
      } catch (error) {
        const { fieldErrors, formErrors, status } = apiFormErrors(error, { ownMessages: "orders.errors" });
        return data({ intent, payment: submission.reply({ fieldErrors, formErrors }) }, { status });
      }
      return localizedRedirect(request, here, "orders.flash.payment");
    }
    return refuse([{ path: "", message: "invalid_option" }]);
  } catch (error) {
    const { messages, status } = apiErrorMessages(error, { ownMessages: "orders.errors" });
    return refuse(
      messages.map((message) => ({ path: "", message })),
      status,
    );
  }
}

function Money({ amount, currency }: { amount: string | null; currency: string }) {
  const lang = useLang();
  return <>{formatPrice(amount, currency, lang) ?? "—"}</>;
}

function Party({ label, party }: { label: string; party: OrderSnapshot["buyer"] }) {
  const t = useT();
  const legal = party.legal;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <strong>{party.name}</strong>
        <br />
        {!legal ? (
          <span className="muted">{t("orders.page.notNamed")}</span>
        ) : legal.kind === "cn" ? (
          <>
            {legal.registeredName} · USCC {legal.uscc}
          </>
        ) : (
          <>
            {legal.nameFull} · ИНН {legal.inn}
            {legal.kpp ? ` · КПП ${legal.kpp}` : ""}
            {legal.ogrn ? ` · ОГРН ${legal.ogrn}` : ""}
          </>
        )}
      </dd>
    </div>
  );
}

function Terms({ order }: { order: OrderView }) {
  const t = useT();
  const lang = useLang();
  const version = order.agreed ?? order.current;
  const { snapshot } = version;
  const terms = snapshot.terms;
  return (
    <section className="card" aria-labelledby="order-terms">
      <h2 id="order-terms">
        {t("orders.page.version", { n: version.number })}{" "}
        <span className={`badge order-state-${version.state === "accepted" ? "closed" : "negotiating"}`}>
          {t(`orders.versionStates.${version.state}`)}
        </span>
      </h2>
      {order.agreed ? (
        <p>
          {/* A file, not a page: a plain link, so the router does not try to navigate to it. */}
          <a className="button" href={localeHref(lang, `/profile/orders/${order.id}/contract.pdf`)} download>
            {t("orders.page.contract")}
          </a>
        </p>
      ) : null}
      <dl className="order-terms">
        <Party label={t("orders.sides.buyer")} party={snapshot.buyer} />
        <Party label={t("orders.sides.supplier")} party={snapshot.supplier} />
      </dl>
      <h3>{t("orders.page.lines")}</h3>
      <div className="order-lines">
        <table>
          <thead>
            <tr>
              <th>{t("orders.form.lineName")}</th>
              <th className="num">{t("orders.form.quantity")}</th>
              <th className="num">{t("orders.form.unitPrice")}</th>
              <th className="num">{t("orders.page.amount")}</th>
              <th className="num">{t("orders.page.landed")}</th>
            </tr>
          </thead>
          <tbody>
            {snapshot.lines.map((line, index) => (
              <tr key={index}>
                <td>
                  {line.name}
                  {line.tnvedCode ? <div className="small muted">ТН ВЭД {line.tnvedCode}</div> : null}
                </td>
                <td className="num">
                  {line.quantity} {UNITS[line.unit as UnitId]?.[lang] ?? line.unit}
                </td>
                <td className="num">
                  <Money amount={line.unitPrice} currency={terms.currency} />
                </td>
                <td className="num">
                  <Money amount={order.totals.lines[index]?.amount ?? null} currency={terms.currency} />
                </td>
                <td className="num">
                  {order.totals.lines[index]?.landedRub ? <Money amount={order.totals.lines[index]!.landedRub} currency="RUB" /> : "—"}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={3}>{t("orders.page.total")}</th>
              <th className="num">
                <Money amount={order.totals.total} currency={order.totals.currency} />
              </th>
              <th />
            </tr>
          </tfoot>
        </table>
      </div>
      {order.totals.totalRub && order.totals.currency !== "RUB" ? (
        <p className="small muted">
          {t("orders.page.approxRub", {
            amount: formatPrice(order.totals.totalRub, "RUB", lang),
            date: formatDate(order.totals.rateDate, lang) ?? "",
          })}
        </p>
      ) : null}
      <h3>{t("orders.page.terms")}</h3>
      <dl className="order-terms">
        <div>
          <dt>{t("orders.fields.incoterms")}</dt>
          <dd>
            {terms.incoterms} {terms.incotermsPlace}
          </dd>
        </div>
        <div>
          <dt>{t("orders.fields.deliveryDate")}</dt>
          <dd>{terms.deliveryDate ? formatDate(terms.deliveryDate, lang) : t("orders.page.lead", { days: terms.leadTimeDays ?? 0 })}</dd>
        </div>
        <div>
          <dt>{t("orders.fields.prepaymentPct")}</dt>
          <dd>{terms.prepaymentPct} %</dd>
        </div>
        <div>
          <dt>{t("orders.fields.balance")}</dt>
          <dd>
            {t(`orders.balance.${terms.balance}`)}
            {terms.balanceDays !== null ? ` · ${terms.balanceDays}` : ""}
          </dd>
        </div>
        {terms.paymentRoute ? (
          <div>
            <dt>{t("orders.fields.paymentRoute")}</dt>
            <dd>{terms.paymentRoute.label}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("orders.fields.inspection")}</dt>
          <dd>
            {t(`orders.inspectors.${terms.inspectionBy}`)}
            {terms.inspectionWhen ? ` · ${terms.inspectionWhen}` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("orders.fields.documents")}</dt>
          <dd>
            {[...terms.documents.map((d) => t(`orders.documents.${d}`)), ...(terms.documentsOther ? [terms.documentsOther] : [])].join(
              ", ",
            ) || "—"}
          </dd>
        </div>
        {terms.packing ? (
          <div>
            <dt>{t("orders.fields.packing")}</dt>
            <dd>{terms.packing}</dd>
          </div>
        ) : null}
        {terms.conditions ? (
          <div className="rfq-fact-wide">
            <dt>{t("orders.fields.conditions")}</dt>
            <dd className="rfq-description">{terms.conditions}</dd>
          </div>
        ) : null}
      </dl>
      {version.consents.length ? (
        <>
          <h3>{t("orders.page.consents")}</h3>
          <ul data-testid="consents">
            {version.consents.map((c) => (
              <li key={c.side}>
                {t("orders.page.consent", {
                  side: t(`orders.sides.${c.side}`),
                  name: c.name,
                  email: c.email ?? "—",
                  date: formatDate(c.at, lang),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The form marking the current stage, with the fields that stage carries and its documents (a multipart post). */
function MarkStage({ order, values }: { order: OrderView; values: Record<string, unknown> }) {
  const t = useT();
  const stage = order.may.markStage!;
  const v = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <Form method="post" encType="multipart/form-data" className="order-stage-form">
      <input type="hidden" name="stage" value={stage} />
      <input type="hidden" name="action" value="mark" />
      {stage === "shipped" ? (
        <>
          <label>
            {t("orders.page.carrier")}
            <input name="carrier" defaultValue={v("carrier")} />
          </label>
          <label>
            {t("orders.page.transportDocument")}
            <select name="transportDocument" defaultValue={v("transportDocument")}>
              <option value="">—</option>
              {TRANSPORT_DOCUMENTS.map((d) => (
                <option key={d} value={d}>
                  {t(`orders.transportDocuments.${d}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("orders.page.transportDocumentNumber")}
            <input name="transportDocumentNumber" defaultValue={v("transportDocumentNumber")} />
          </label>
          <label>
            {t("orders.page.trackingNumber")}
            <input name="trackingNumber" defaultValue={v("trackingNumber")} />
          </label>
        </>
      ) : null}
      {stage === "customs_cleared" ? (
        <label>
          {t("orders.page.declarationNumber")}
          <input name="declarationNumber" defaultValue={v("declarationNumber")} />
        </label>
      ) : null}
      <label>
        {t("orders.page.stageNote")}
        <textarea name="note" rows={2} defaultValue={v("note")} />
      </label>
      <label>
        {t("orders.page.files")}
        <input type="file" name="files" multiple accept={DOCUMENT_ACCEPT} />
        <span className="small muted">{t("orders.docs.hint")}</span>
      </label>
      <button type="submit" name="intent" value="stage" className="button button-primary">
        {t("orders.page.mark", { stage: t(`orders.stages.${stage}`) })}
      </button>
    </Form>
  );
}

function Actions({ order, issues, values }: { order: OrderView; issues?: Issue[]; values: Record<string, unknown> }) {
  const t = useT();
  const may = order.may;
  const any = may.accept || may.counter || may.markStage || may.answerStage || may.cancel || may.agreeCancel;
  const ownCancelRequest = order.state === "confirmed" && order.cancel.requestedBy !== null && order.cancel.requestedBy === order.side;
  if (!any && !ownCancelRequest) return null;
  return (
    <section className="card order-actions" data-testid="order-actions">
      <Issues issues={issues} />
      {may.accept ? (
        <Form method="post">
          <input type="hidden" name="version" value={order.currentVersion} />
          <p className="small muted">{t("orders.page.acceptHint")}</p>
          <button type="submit" name="intent" value="accept" className="button button-primary">
            {t("orders.page.accept", { n: order.currentVersion })}
          </button>
        </Form>
      ) : null}
      {may.counter ? (
        <p>
          <LocaleLink to={`/profile/orders/${order.id}/counter`} className="button button-secondary">
            {t("orders.page.counter")}
          </LocaleLink>
        </p>
      ) : null}
      {may.markStage ? <MarkStage order={order} values={values} /> : null}
      {may.answerStage ? (
        <>
          <Form method="post">
            <input type="hidden" name="stage" value={may.answerStage} />
            <input type="hidden" name="action" value="confirm" />
            <button type="submit" name="intent" value="stage" className="button button-primary">
              {t("orders.page.confirm")}: {t(`orders.stages.${may.answerStage}`)}
            </button>
          </Form>
          <details>
            <summary>{t("orders.page.dispute")}</summary>
            <Form method="post">
              <input type="hidden" name="stage" value={may.answerStage} />
              <input type="hidden" name="action" value="dispute" />
              <label>
                {t("orders.page.disputeNote")}
                <textarea name="note" rows={2} />
              </label>
              <button type="submit" name="intent" value="stage" className="button button-secondary">
                {t("orders.page.dispute")}
              </button>
            </Form>
          </details>
        </>
      ) : null}
      {may.agreeCancel ? (
        <Form method="post">
          <p>{t("orders.page.cancelAsked", { side: t(`orders.sides.${order.cancel.requestedBy}`), reason: order.cancel.reason ?? "" })}</p>
          <button type="submit" name="intent" value="agree" className="button button-secondary">
            {t("orders.page.agreeCancel")}
          </button>
        </Form>
      ) : null}
      {ownCancelRequest ? (
        <Form method="post">
          <p>{t("orders.page.cancelAsked", { side: t(`orders.sides.${order.side}`), reason: order.cancel.reason ?? "" })}</p>
          <button type="submit" name="intent" value="withdraw" className="button button-secondary">
            {t("orders.page.withdrawCancel")}
          </button>
        </Form>
      ) : null}
      {may.cancel ? (
        <details>
          <summary>{order.state === "negotiating" ? t("orders.page.cancel") : t("orders.page.askCancel")}</summary>
          <Form method="post">
            <label>
              {t("orders.page.reason")}
              <textarea name="reason" rows={2} />
            </label>
            <button type="submit" name="intent" value="cancel" className="button button-secondary">
              {order.state === "negotiating" ? t("orders.page.cancel") : t("orders.page.askCancel")}
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}

/** One recorded payment in a line: «Предоплата: зачислен через 4 дн., комиссии 1 200 CNY». */
function paymentLine(t: ReturnType<typeof useT>, lang: ReturnType<typeof useLang>, p: OrderPayment): string {
  const parts = [
    t("orders.payments.line", { stage: t(`orders.payments.stages.${p.stage}`), outcome: t(`orders.payments.outcomes.${p.outcome}`) }),
  ];
  if (p.days !== null) parts.push(t("orders.payments.afterDays", { days: p.days }));
  if (p.feesAmount && p.feesCurrency)
    parts.push(t("orders.payments.fees", { amount: formatPrice(p.feesAmount, p.feesCurrency, lang) ?? "" }));
  return parts.join(" · ");
}

/**
 * The order's payments (issue 28 §3): the outcomes the payer recorded, and for the payer the form to
 * record one — a Conform form of the project's fields (each shows its own translated error), a plain
 * post that works without JavaScript.
 */
function Payments({ order, result }: { order: OrderView; result: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { recorded, open } = order.payments;
  const agreedRoute = order.agreed?.snapshot.terms.paymentRoute;
  const [form, fields] = useForm({
    id: `order-payment-${order.id}`,
    lastResult: navigation.state === "idle" ? result : undefined,
    defaultValue: { stage: open[0], outcome: "credited" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrderPaymentSchema }),
    shouldValidate: "onSubmit",
  });
  if (!order.agreed || (recorded.length === 0 && open.length === 0 && order.side !== "buyer")) return null;
  return (
    <section className="card" aria-labelledby="order-payments" data-testid="order-payments">
      <h2 id="order-payments">{t("orders.payments.title")}</h2>
      {agreedRoute ? <p>{agreedRoute.label}</p> : null}
      {recorded.length ? (
        <ul>
          {recorded.map((p, index) => (
            <li key={index}>
              {paymentLine(t, lang, p)}
              {p.bankReason ? <div className="small muted">{p.bankReason}</div> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="small muted">{t("orders.payments.none")}</p>
      )}
      {order.side === "buyer" && !agreedRoute?.routeId ? <p className="small muted">{t("orders.payments.noRoute")}</p> : null}
      {open.length ? (
        <Form method="post" {...getFormProps(form)} className="order-payment-form">
          <p className="small muted">{t("orders.payments.lead")}</p>
          <FormErrors errors={form.errors} />
          <div className="rfq-form-row">
            <SelectField
              field={fields.stage}
              label={t("orders.payments.stage")}
              options={open.map((s) => ({ value: s, label: t(`orders.payments.stages.${s}`) }))}
            />
            <SelectField
              field={fields.outcome}
              label={t("orders.payments.outcome")}
              options={PAYMENT_OUTCOMES.map((o) => ({ value: o, label: t(`orders.payments.outcomes.${o}`) }))}
            />
            <InputField field={fields.days} label={t("orders.payments.days")} inputMode="numeric" />
          </div>
          <InputField field={fields.bankReason} label={t("orders.payments.bankReason")} />
          <div className="rfq-form-row">
            <InputField field={fields.feesAmount} label={t("orders.payments.feesAmount")} inputMode="decimal" />
            <SelectField
              field={fields.feesCurrency}
              label={t("orders.payments.feesCurrency")}
              placeholder="—"
              options={ROUTE_CURRENCIES.map((c) => ({ value: c, label: c }))}
            />
          </div>
          <button type="submit" name="intent" value="payment" className="button button-primary">
            {t("orders.payments.record")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function Stages({ order, issues, values }: { order: OrderView; issues: Issue[] | undefined; values: Record<string, unknown> }) {
  const t = useT();
  const lang = useLang();
  if (order.stages.length === 0) return null;
  return (
    <section aria-labelledby="order-stages">
      <h2 id="order-stages">{t("orders.page.stages")}</h2>
      <ol className="order-stages">
        {order.stages.map((s) => (
          <li
            key={s.stage}
            id={`stage-${s.stage}`}
            className={`order-stage${s.stage === order.stage ? " is-current" : ""}`}
            data-stage={s.stage}
          >
            <div className="order-stage-head">
              <strong>{t(`orders.stages.${s.stage}`)}</strong>
              <span className={`badge order-stage-${s.status}`}>{t(`orders.stageStatuses.${s.status}`)}</span>
              <span className="small muted">{t("orders.page.markedBy", { side: t(`orders.sides.${s.owner}`) })}</span>
              {s.dueDate ? <span className="small">{t("orders.page.due", { date: formatDate(s.dueDate, lang) })}</span> : null}
              {s.overdue ? <span className="badge order-overdue">{t("orders.page.overdue")}</span> : null}
            </div>
            {Object.keys(s.data).length ? (
              <p className="small">
                {Object.entries(s.data)
                  .map(
                    ([key, value]) =>
                      `${t(`orders.page.${key}`)}: ${key === "transportDocument" ? t(`orders.transportDocuments.${value}`) : value}`,
                  )
                  .join(" · ")}
              </p>
            ) : null}
            {s.note ? <p className="small">{s.note}</p> : null}
            {s.disputeNote ? <p className="small order-overdue">{s.disputeNote}</p> : null}
            <StageDocuments documents={s.documents} />
            {order.may.documentStages.includes(s.stage) ? (
              <DocumentUpload stage={s.stage} issues={values.intent === "documents" && values.stage === s.stage ? issues : undefined} />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { order } = loaderData;
  const refused = actionData && "issues" in actionData ? actionData : undefined;
  const values = (refused?.values ?? {}) as Record<string, unknown>;
  return (
    <section className="rfq-page order-page" data-testid="order-page">
      <p className="small">
        <LocaleLink to="/profile/orders">← {t("orders.page.back")}</LocaleLink>
      </p>
      <div className="order-head">
        <h1>{t("orders.number", { id: order.id })}</h1>
        <span className={`badge order-state-${order.state}`} data-testid="order-state">
          {t(`orders.states.${order.state}`)}
        </span>
        {order.stage ? <span className="badge">{t(`orders.stages.${order.stage}`)}</span> : null}
        {order.overdue ? <span className="badge order-overdue">{t("orders.page.overdue")}</span> : null}
      </div>
      <p>
        <strong>{order.counterparty.name}</strong> · <Money amount={order.total} currency={order.currency} />
        {order.side ? <span className="muted"> · {t(`orders.sides.${order.side}`)}</span> : null}
      </p>
      {order.waitingFor ? (
        <p className="notice">{order.waitingFor === order.side ? t("orders.page.waitingYou") : t("orders.page.waitingOther")}</p>
      ) : null}
      {order.side === null ? <p className="notice">{t("orders.page.staffReadOnly")}</p> : null}
      {order.state === "cancelled" ? (
        <p className="notice">{t("orders.page.cancelledNote", { reason: order.cancel.reason ?? "" })}</p>
      ) : null}
      <Actions order={order} issues={refused?.issues} values={values} />
      <Terms order={order} />
      <Payments order={order} result={actionData && "payment" in actionData ? actionData.payment : undefined} />
      <Stages order={order} issues={refused?.issues} values={values} />
      <Disputes order={order} issues={refused?.issues} values={values} />
      <section aria-labelledby="order-versions">
        <h2 id="order-versions">{t("orders.page.versions")}</h2>
        {order.versions.map((v) => (
          <details key={v.number} className="card" open={v.number === order.currentVersion && v.number > 1}>
            <summary>
              {t("orders.page.version", { n: v.number })} · {t(`orders.versionStates.${v.state}`)} ·{" "}
              {t("orders.page.proposedBy", {
                side: t(`orders.sides.${v.proposedBy.side}`),
                name: v.proposedBy.name,
                date: formatDate(v.createdAt, lang),
              })}
            </summary>
            {v.note ? <p className="rfq-description">{v.note}</p> : null}
            {v.number > 1 ? (
              <>
                <p className="small muted">{t("orders.page.changes", { n: v.number - 1 })}</p>
                <DiffView diff={v.diff} firstSubmission={false} />
              </>
            ) : null}
          </details>
        ))}
      </section>
    </section>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: rfqStyles },
  { rel: "stylesheet", href: ordersStyles },
];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
