/**
 * `/admin/moderation/{company|product}/{id}`: one review (issue 7). The field-by-field diff against
 * the published version, the supplier's languages, and the decision: approve, or reject with a
 * reason (required) written in the supplier's language — the company's source language is
 * preselected, the moderator may pick another. Both forms post here and work without JavaScript;
 * the decision is e-mailed to the company's people and shown in their profile.
 * A company whose INN another published, reviewed or blocked company lists shows those companies
 * first (security review F7, ADR 034): their status and links to their card and review, so the
 * moderator can tell the owner from a squatter; approval is refused while a published one lists it.
 * A buying request (kind `rfq`) is reviewed in its own words (usability review #10): the side box is
 * its buyer, the status the request's ("on moderation"), the hints and the toasts speak of the
 * buyer; contacts found in its text are listed and highlighted (#16, contract/rfq.ts `findContacts`).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/moderation-item";
import { HistorySection } from "./components/audit-list.tsx";
import { DiffView } from "#app/components/diff-view.tsx";
import { AdminHeader, AdminSection, formatDateTime, nameIn, StatusBadge } from "./components/ui.tsx";
import { RecordGrid } from "./components/record-grid.tsx";
import { TableHead } from "#app/components/table-head.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { invalid, sendThenRedirect } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { LANG_NAMES, pageLang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as moderationApi from "#contract/admin/moderation.ts";
import { RejectSchema } from "#contract/admin/moderation.ts";
import { useStaff } from "./layout.tsx";
import { requireStaffData } from "./lib/guard.server.ts";
import { AdminActionForm, ReasonActionForm } from "./components/action-form.tsx";
import * as rfqApi from "#contract/rfq.ts";
import { findContacts } from "#contract/rfq.ts";
import { HighlightContacts, RfqStatus } from "#app/components/rfq/rfq-parts.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  if (params.kind !== "company" && params.kind !== "product" && params.kind !== "rfq") pageNotFound(request);
  const lang = pageLang(request);
  const item = (
    await orNotFound(
      request,
      context.get(apiContext).send(moderationApi.getQueueItem, { params: { kind: params.kind, id: params.id }, query: { lang } }),
    )
  ).data;
  const t = getInstance(context).t;
  return {
    item,
    title: `${t(`admin.entities.${params.kind}`)}: ${nameIn(item.entry.name, lang) || `#${item.entry.id}`}`,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = context.get(apiContext);
  const back = "/admin/moderation";
  const isRfq = params.kind === "rfq";
  if (formData.get("intent") === "approve") {
    const approved = { here: back, flash: isRfq ? "rfq.admin.approved" : "admin.flash.approved" } as const;
    return sendThenRedirect(
      request,
      null,
      () => api.send(moderationApi.approve, { params: { kind: params.kind, id: params.id } }),
      approved,
    );
  }
  const submission = parseWithZod(formData, { schema: RejectSchema });
  if (submission.status !== "success") return invalid(submission);
  if (formData.get("intent") === "hide") {
    const hidden = { here: `/admin/moderation/rfq/${params.id}`, flash: "rfq.hide.done" } as const;
    return sendThenRedirect(
      request,
      submission,
      () => api.send(rfqApi.hideRfq, { params: { id: params.id }, body: submission.value }),
      hidden,
    );
  }
  const rejected = { here: back, flash: isRfq ? "rfq.admin.rejected" : "admin.flash.rejected" } as const;
  const reject = () => api.send(moderationApi.reject, { params: { kind: params.kind, id: params.id }, body: submission.value });
  return sendThenRedirect(request, submission, reject, rejected);
}

export default function ModerationItem({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const staff = useStaff();
  const { item } = loaderData;
  const { entry, company } = item;
  const [form, fields] = useZodForm(RejectSchema, {
    lastResult: actionData?.result,
    defaultValue: { lang: company.sourceLang },
  });
  const canDecide = item.awaiting && Boolean(staff?.permissions.includes("moderate"));
  const rfqDoc = entry.kind === "rfq" ? (item.after as moderationApi.RfqDoc) : null;
  const canHide =
    entry.kind === "rfq" && ["open", "closed", "awarded"].includes(entry.status) && Boolean(staff?.permissions.includes("moderate"));
  const kindText = entry.changesOnly
    ? t("admin.moderation.changes", { parts: entry.parts.map((p) => t(`admin.parts.${p}`)).join(", ") })
    : entry.resubmission
      ? t("admin.moderation.resubmission")
      : t("admin.moderation.first");
  return (
    <>
      <AdminHeader
        back={{ to: "/admin/moderation", label: t("admin.moderation.title") }}
        title={nameIn(entry.name, lang) || `#${entry.id}`}
        actions={
          entry.kind === "product" && entry.status === "published" ? (
            <LocaleLink to={`/product/${entry.id}`} className="button button-secondary button-small">
              {t("admin.moderation.publicPage")}
            </LocaleLink>
          ) : entry.kind === "rfq" && entry.status === "open" ? (
            <LocaleLink to={`/rfq/${entry.id}`} className="button button-secondary button-small">
              {t("admin.moderation.publicPage")}
            </LocaleLink>
          ) : entry.kind === "company" && company.status === "published" ? (
            <LocaleLink to={`/suppliers/${entry.id}`} className="button button-secondary button-small">
              {t("admin.moderation.publicPage")}
            </LocaleLink>
          ) : null
        }
      />
      <RecordGrid
        aside={
          <>
            {entry.kind === "rfq" ? (
              <RfqBuyer item={item} />
            ) : (
              <AdminSection title={t("admin.moderation.supplier")}>
                <dl className="admin-kv">
                  <dt>{t("admin.fields.name")}</dt>
                  <dd>
                    {company.id ? (
                      <LocaleLink to={`/admin/companies/${company.id}`}>{nameIn(company.name, lang) || `#${company.id}`}</LocaleLink>
                    ) : (
                      // A buyer without a company: their name.
                      nameIn(company.name, lang)
                    )}
                  </dd>
                  <dt>{t("admin.fields.status")}</dt>
                  <dd>
                    <StatusBadge status={company.status} />
                  </dd>
                  <dt>{t("admin.moderation.sourceLang")}</dt>
                  <dd>{LANG_NAMES[company.sourceLang]}</dd>
                  <dt>{t("admin.moderation.peopleLangs")}</dt>
                  <dd>{company.peopleLangs.length ? company.peopleLangs.map((l) => LANG_NAMES[l]).join(", ") : "—"}</dd>
                </dl>
              </AdminSection>
            )}
            {item.moderationNote ? (
              <AdminSection title={t("admin.moderation.lastReason")}>
                <p className="admin-note" lang={item.moderationNoteLang ?? undefined}>
                  {item.moderationNote}
                </p>
              </AdminSection>
            ) : null}
            {canDecide ? (
              <section className="admin-section" aria-labelledby="decision-title">
                <h2 id="decision-title">{t("admin.moderation.decision")}</h2>
                <AdminActionForm intent="approve" label={t("admin.moderation.approve")} tone="ok">
                  <p className="small muted">
                    {entry.kind === "rfq"
                      ? t(rfqDoc?.visibility === "private" ? "rfq.admin.approvePrivateHint" : "rfq.admin.approveHint")
                      : entry.changesOnly
                        ? t("admin.moderation.approveChangesHint")
                        : t("admin.moderation.approveHint")}
                  </p>
                </AdminActionForm>
                <hr />
                <ReasonActionForm
                  intent={entry.kind === "rfq" ? "rejectRfq" : "reject"}
                  form={form}
                  fields={fields}
                  supplierLang={company.sourceLang}
                />
              </section>
            ) : canHide ? (
              // A listed buying request: staff can take it down with a reason for its buyer (issue 14 §3).
              <section className="admin-section" aria-labelledby="hide-title">
                <h2 id="hide-title">{t("rfq.hide.title")}</h2>
                <ReasonActionForm intent="hide" form={form} fields={fields} supplierLang={company.sourceLang} />
              </section>
            ) : (
              <p className="notice">{item.awaiting ? t("admin.moderation.readOnly") : t("admin.moderation.notWaiting")}</p>
            )}
            <HistorySection rows={item.history} compact />
          </>
        }
      >
        <p className="admin-queue-meta">
          <span className="badge">{t(`admin.entities.${entry.kind}`)}</span>
          {entry.kind === "rfq" ? <RfqStatus status={entry.status} /> : <StatusBadge status={entry.status} />}
          <span>{kindText}</span>
          <span>{t("admin.moderation.updated", { when: formatDateTime(entry.waitingSince, lang) })}</span>
        </p>
        {entry.changesOnly ? <p className="notice">{t("admin.moderation.publishedStays")}</p> : null}
        {item.innConflicts?.length ? <InnConflicts conflicts={item.innConflicts} /> : null}
        {rfqDoc ? <ContactsFound doc={rfqDoc} /> : null}
        <h2 className="visually-hidden">{t("admin.diff.label")}</h2>
        <DiffView diff={item.diff} firstSubmission={item.before === null} />
      </RecordGrid>
    </>
  );
}

/** The side box of a buying request: its buyer (their company, if any), the request's status and languages. */
function RfqBuyer({ item }: { item: moderationApi.QueueItemDetail }) {
  const t = useT();
  const lang = useLang();
  const { company, entry } = item;
  const doc = item.after as moderationApi.RfqDoc;
  return (
    <AdminSection title={t("rfq.admin.buyer")}>
      <dl className="admin-kv" data-testid="rfq-buyer">
        <dt>{company.id ? t("rfq.admin.company") : t("rfq.admin.buyerName")}</dt>
        <dd>
          {company.id ? (
            <LocaleLink to={`/admin/companies/${company.id}`}>{nameIn(company.name, lang) || `#${company.id}`}</LocaleLink>
          ) : (
            nameIn(company.name, lang)
          )}
        </dd>
        <dt>{t("rfq.admin.status")}</dt>
        <dd>
          <RfqStatus status={entry.status} />
        </dd>
        {doc.visibility ? (
          <>
            <dt>{t("rfq.admin.visibility")}</dt>
            <dd>{t(`rfq.visibility.${doc.visibility}`)}</dd>
          </>
        ) : null}
        <dt>{t("rfq.admin.writes")}</dt>
        <dd>{LANG_NAMES[company.sourceLang]}</dd>
        <dt>{t("rfq.admin.uiLang")}</dt>
        <dd>{company.peopleLangs.length ? company.peopleLangs.map((l) => LANG_NAMES[l]).join(", ") : "—"}</dd>
      </dl>
    </AdminSection>
  );
}

/** Phones, e-mails and links found in a buying request's title and description, listed and highlighted in its text. */
function ContactsFound({ doc }: { doc: moderationApi.RfqDoc }) {
  const t = useT();
  const found = findContacts(`${doc.title}\n${doc.description}`);
  if (found.length === 0) return null;
  return (
    <section className="admin-section notice notice-warn" aria-labelledby="rfq-contacts-title" data-testid="rfq-contacts">
      <h2 id="rfq-contacts-title">{t("rfq.contacts.moderatorTitle")}</h2>
      <p className="small">{t("rfq.contacts.moderator")}</p>
      <ul>
        {found.map((c) => (
          <li key={c}>
            <mark className="rfq-contact-mark">{c}</mark>
          </li>
        ))}
      </ul>
      <p className="rfq-description" lang={doc.lang}>
        <HighlightContacts text={doc.description} contacts={found} />
      </p>
    </section>
  );
}

/** The other companies listing one of the reviewed company's INNs, published ones first. */
function InnConflicts({ conflicts }: { conflicts: moderationApi.InnConflict[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="admin-section notice notice-warn" aria-labelledby="inn-conflicts-title" data-testid="inn-conflicts">
      <h2 id="inn-conflicts-title">{t("admin.moderation.innConflictsTitle")}</h2>
      <p className="small">{t("admin.moderation.innConflictsHint")}</p>
      <table className="admin-table">
        <TableHead
          columns={[
            { title: t("admin.fields.inn") },
            { title: t("admin.fields.company") },
            { title: t("admin.fields.status") },
            { title: <span className="visually-hidden">{t("admin.moderation.innConflictLinks")}</span> },
          ]}
        />
        <tbody>
          {conflicts.map((c) => (
            <tr key={`${c.inn}-${c.companyId}`}>
              <td>{c.inn}</td>
              <td>
                <LocaleLink to={`/admin/companies/${c.companyId}`}>{nameIn(c.name, lang) || `#${c.companyId}`}</LocaleLink>
              </td>
              <td>
                <StatusBadge status={c.status} />
              </td>
              <td>
                {c.status === "moderation" ? (
                  <LocaleLink to={`/admin/moderation/company/${c.companyId}`}>{t("admin.moderation.innConflictReview")}</LocaleLink>
                ) : c.status === "published" ? (
                  <LocaleLink to={`/suppliers/${c.companyId}`}>{t("admin.moderation.publicPage")}</LocaleLink>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
