/**
 * `/admin/messages`: reported conversation messages, oldest report first (issue 14 follow-up; ADR
 * 028), each with the reporter, their reason and the message among its neighbours (the reported one
 * marked), and two plain form posts: "Hide" (the message disappears for both sides; every open
 * report of it closes) and "Dismiss" (this report closes). Staff API: GET and POST
 * `/app/admin/message-reports` (contract/conversations.ts); both are audited by the API. Works
 * without JavaScript.
 */
import { data } from "react-router";
import { PostButton } from "#app/components/form/post-button.tsx";
import { z } from "zod";
import type { Route } from "./+types/messages";
import { AdminHeader, AdminResults, formatDateTime } from "./components/ui.tsx";
import { FormErrors } from "#app/components/form/errors.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as conversationsApi from "#contract/conversations.ts";
import { adminMeta } from "./lib/meta.ts";
import { ADMIN_ERRORS } from "./lib/actions.server.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { apiErrorMessages } from "#app/lib/forms/api-errors.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";

const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });
const Decision = z.object({ reportId: z.coerce.number().int().positive(), intent: z.enum(["hide", "dismiss"]) });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  const { page } = PageQuery.parse(Object.fromEntries(documentUrl(request).searchParams));
  const result = await context.get(apiContext).send(conversationsApi.listMessageReports, { query: { page, perPage: 20 } });
  return { items: result.data, meta: result.meta, title: getInstance(context).t("admin.messages.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffData(context);
  const parsed = Decision.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ errors: ["invalid_option"] }, { status: 400 });
  try {
    await context
      .get(apiContext)
      .send(conversationsApi.resolveMessageReport, { params: { id: parsed.data.reportId }, body: { action: parsed.data.intent } });
  } catch (error) {
    const { messages, status } = apiErrorMessages(error, ADMIN_ERRORS);
    return data({ errors: messages }, { status });
  }
  return localizedRedirect(
    request,
    "/admin/messages",
    parsed.data.intent === "hide" ? "admin.messages.flash.hidden" : "admin.messages.flash.dismissed",
  );
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { items, meta } = loaderData;
  return (
    <>
      <AdminHeader title={t("admin.messages.title")} lead={t("admin.messages.lead")} />
      <FormErrors errors={actionData?.errors} />
      <AdminResults items={items} empty={t("admin.messages.empty")} meta={meta}>
        <ol className="admin-queue">
          {items.map((report) => (
            <li key={report.id} className="admin-queue-item" data-report={report.id}>
              <h2>{t("admin.messages.conversation", { id: report.conversationId })}</h2>
              <p className="admin-queue-meta">
                <span>
                  {t("admin.messages.reporter")}:{" "}
                  {report.reporter.id ? (
                    <LocaleLink to={`/admin/users/${report.reporter.id}`}>{report.reporter.name ?? `#${report.reporter.id}`}</LocaleLink>
                  ) : (
                    "—"
                  )}
                </span>
                <span>{formatDateTime(report.createdAt, lang)}</span>
              </p>
              <p>
                <strong>{t("admin.messages.reason")}:</strong> {report.reason || t("admin.messages.noReason")}
              </p>
              <ol className="admin-message-context" aria-label={t("admin.messages.context")}>
                {report.context.map((m) => (
                  <li
                    key={m.id}
                    className={m.reported ? "admin-message-reported" : undefined}
                    aria-current={m.reported ? "true" : undefined}
                  >
                    <p className="muted small">
                      {m.author ?? "—"} · {t(`inquiries.side.${m.side}`)} · {formatDateTime(m.createdAt, lang)}
                      {m.reported ? (
                        <>
                          {" "}
                          <span className="badge">{t("admin.messages.reported")}</span>
                        </>
                      ) : null}
                      {m.hidden ? (
                        <>
                          {" "}
                          <span className="badge">{t("admin.messages.hidden")}</span>
                        </>
                      ) : null}
                    </p>
                    <p className="admin-message-body">{m.body}</p>
                  </li>
                ))}
              </ol>
              <div className="page-actions">
                <PostButton intent="hide" hidden={{ reportId: report.id }} className="button button-danger">
                  {t("admin.messages.hide")}
                </PostButton>
                <PostButton intent="dismiss" hidden={{ reportId: report.id }} className="button">
                  {t("admin.messages.dismiss")}
                </PostButton>
              </div>
            </li>
          ))}
        </ol>
      </AdminResults>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
