/**
 * Problems and disputes on the order page (issue 28 §2; ADR 056): every dispute's thread — who
 * reported what on which stage, the messages with their evidence files (private downloads) and
 * proposed resolutions with their answers, the resolution once accepted — and the forms: report a
 * problem on a stage reached (`may.disputeStages`), write in an open dispute (staff too, without a
 * proposal), accept or reject the other side's open proposal, withdraw one's own dispute. All plain
 * posts (multipart where files go), so everything works without JavaScript.
 */
import { Form } from "react-router";
import { DISPUTE_RESOLUTIONS, type DisputeView, type OrderView } from "#contract/orders.ts";
import { formatDate, formatPrice } from "#contract/format.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { Issues, type Issue } from "./issues.tsx";
import { DOCUMENT_ACCEPT } from "./stage-documents.tsx";

type Proposal = NonNullable<DisputeView["messages"][number]["proposal"]>;

function useResolutionText() {
  const t = useT();
  const lang = useLang();
  return (p: Pick<Proposal, "kind" | "amount" | "currency">) =>
    [t(`orders.disputes.resolutions.${p.kind}`), p.amount && p.currency ? formatPrice(p.amount, p.currency, lang) : null]
      .filter(Boolean)
      .join(" ");
}

/** Message, evidence and (for a side) a proposed resolution: the fields of a report and of a reply. */
function MessageFields({ currency, withProposal, values }: { currency: string; withProposal: boolean; values: Record<string, unknown> }) {
  const t = useT();
  const v = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <>
      <label>
        {t("orders.disputes.message")}
        <textarea name="message" rows={3} required maxLength={5000} defaultValue={v("message")} />
      </label>
      <label>
        {t("orders.disputes.evidence")}
        <input type="file" name="files" multiple accept={DOCUMENT_ACCEPT} />
        <span className="small muted">{t("orders.docs.hint")}</span>
      </label>
      {withProposal ? (
        <div className="rfq-form-row">
          <label>
            {t("orders.disputes.proposalKind")}
            <select name="proposalKind" defaultValue={v("proposalKind")}>
              <option value="">{t("orders.disputes.proposalNone")}</option>
              {DISPUTE_RESOLUTIONS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`orders.disputes.resolutions.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("orders.disputes.proposalAmount", { currency })}
            <input name="proposalAmount" inputMode="decimal" defaultValue={v("proposalAmount")} />
          </label>
        </div>
      ) : null}
    </>
  );
}

function Thread({
  order,
  dispute,
  issues,
  values,
}: {
  order: OrderView;
  dispute: DisputeView;
  issues?: Issue[];
  values: Record<string, unknown>;
}) {
  const t = useT();
  const lang = useLang();
  const resolution = useResolutionText();
  const mine = values.disputeId === String(dispute.id);
  const sideName = (side: "buyer" | "supplier" | null) => (side ? t(`orders.sides.${side}`) : t("orders.disputes.staff"));
  return (
    <article className="card order-dispute" id={`dispute-${dispute.id}`} data-testid="order-dispute" data-state={dispute.state}>
      <h3>
        {t(`orders.stages.${dispute.stage}`)}{" "}
        <span className={`badge order-dispute-${dispute.state}`}>{t(`orders.disputes.states.${dispute.state}`)}</span>
      </h3>
      <p className="small muted">
        {t("orders.disputes.openedBy", {
          side: t(`orders.sides.${dispute.openedBySide}`),
          stage: t(`orders.stages.${dispute.stage}`),
          date: formatDate(dispute.createdAt, lang),
        })}
      </p>
      {dispute.resolution ? (
        <p className="notice" data-testid="dispute-resolution">
          {t("orders.disputes.resolved", {
            date: formatDate(dispute.resolution.at, lang),
            resolution: resolution(dispute.resolution),
            proposer: t(`orders.sides.${dispute.resolution.proposedBySide}`),
            name: dispute.resolution.acceptedByName,
            acceptor: t(`orders.sides.${dispute.resolution.acceptedBySide}`),
          })}
        </p>
      ) : null}
      {dispute.state === "withdrawn" ? <p className="notice">{t("orders.disputes.withdrawnNote")}</p> : null}
      <ol className="order-dispute-messages">
        {dispute.messages.map((m) => (
          <li key={m.id} className={m.side === null ? "is-staff" : m.side === order.side ? "is-own" : ""}>
            <p className="small muted">
              <strong>{m.author}</strong> · {sideName(m.side)} · {formatDate(m.createdAt, lang)}
            </p>
            <p className="rfq-description">{m.body}</p>
            {m.files.length ? (
              <ul className="small">
                {m.files.map((f) => (
                  <li key={f.id}>
                    <a href={f.url}>{f.originalName ?? `#${f.id}`}</a>
                  </li>
                ))}
              </ul>
            ) : null}
            {m.proposal ? (
              <p className="order-dispute-proposal">
                <strong>{t("orders.disputes.proposal", { resolution: resolution(m.proposal) })}</strong>{" "}
                <span className="badge">{t(`orders.disputes.proposalStates.${m.proposalState ?? "open"}`)}</span>
              </p>
            ) : null}
            {dispute.may.answer === m.id
              ? (["accept", "reject"] as const).map((action) => (
                  <Form key={action} method="post" className="page-actions">
                    <input type="hidden" name="disputeId" value={dispute.id} />
                    <input type="hidden" name="messageId" value={m.id} />
                    <input type="hidden" name="action" value={action} />
                    <button
                      type="submit"
                      name="intent"
                      value="dispute-answer"
                      className={`button ${action === "accept" ? "button-primary" : "button-secondary"}`}
                    >
                      {t(`orders.disputes.${action}`)}
                    </button>
                  </Form>
                ))
              : null}
          </li>
        ))}
      </ol>
      {mine ? <Issues issues={issues} /> : null}
      {dispute.may.post ? (
        <details open={mine}>
          <summary>{t("orders.disputes.reply")}</summary>
          <Form method="post" encType="multipart/form-data" className="order-stage-form">
            <input type="hidden" name="disputeId" value={dispute.id} />
            <MessageFields currency={order.currency} withProposal={order.side !== null} values={mine ? values : {}} />
            <button type="submit" name="intent" value="dispute-message" className="button button-primary">
              {t("orders.disputes.send")}
            </button>
          </Form>
        </details>
      ) : null}
      {dispute.may.withdraw ? (
        <Form method="post">
          <input type="hidden" name="disputeId" value={dispute.id} />
          <input type="hidden" name="action" value="withdraw" />
          <button type="submit" name="intent" value="dispute-answer" className="button button-secondary">
            {t("orders.disputes.withdraw")}
          </button>
        </Form>
      ) : null}
    </article>
  );
}

/** The order's disputes and the form reporting a new problem (module comment). */
export function Disputes({ order, issues, values }: { order: OrderView; issues: Issue[] | undefined; values: Record<string, unknown> }) {
  const t = useT();
  const stages = order.may.disputeStages;
  if (order.disputes.length === 0 && stages.length === 0) return null;
  const reporting = values.intent === "dispute-open";
  return (
    <section aria-labelledby="order-disputes" data-testid="order-disputes">
      <h2 id="order-disputes">{t("orders.disputes.title")}</h2>
      {order.disputes.map((d) => (
        <Thread key={d.id} order={order} dispute={d} issues={issues} values={values} />
      ))}
      {stages.length ? (
        <details className="card" open={reporting}>
          <summary>{t("orders.disputes.report")}</summary>
          <Form method="post" encType="multipart/form-data" className="order-stage-form">
            {reporting ? <Issues issues={issues} /> : null}
            <p className="small muted">{t("orders.disputes.reportLead")}</p>
            <label>
              {t("orders.disputes.stage")}
              <select name="stage" defaultValue={(reporting && typeof values.stage === "string" ? values.stage : null) ?? stages.at(-1)}>
                {stages.map((s) => (
                  <option key={s} value={s}>
                    {t(`orders.stages.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <MessageFields currency={order.currency} withProposal values={reporting ? values : {}} />
            <button type="submit" name="intent" value="dispute-open" className="button button-primary">
              {t("orders.disputes.report")}
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
