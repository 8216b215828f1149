/**
 * `/profile/employee` (spec §2; ADR 009): the company's employees — owners first, invitations last —
 * with role, position and status. Owners and admins invite by e-mail with a role and position (the
 * invited person gets an e-mail and accepts on `/profile/start`) and revoke invitations; every row
 * opens `/profile/employee/{id}`. Plain members see the list read-only.
 * Actions (`intent`): `invite` (InviteEmployeeSchema) and `revoke` (`id`). With JavaScript a revoked
 * invitation disappears at once, before the server answers.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useFetcher, useFetchers } from "react-router";
import type { Route } from "./+types/employees";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { EmployeeInviteForm } from "./components/employee-invite-form.tsx";
import { assignableRoles, RoleBadge, StatusBadge } from "../components/employee-parts.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { InviteEmployeeSchema } from "../lib/personal-forms.ts";
import * as employeesApi from "#contract/profile/employees.ts";
import { ApiClientError, quotedName, employeeForPage } from "../lib/personal.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const org = context.get(profileContext).organization!;
  const { data: list } = await context.get(apiContext).send(employeesApi.listEmployees);
  const canManage = org.role === "owner" || org.role === "admin";
  return {
    company: quotedName(org.name, lang),
    callerRole: org.role,
    canManage,
    roles: assignableRoles(org.role),
    employees: list.map((e) => ({
      ...employeeForPage(e, lang),
      // Owners are touched by owners only (ADR 009).
      editable: canManage && (e.role !== "owner" || org.role === "owner"),
    })),
    seo: { title: getInstance(context).t("profileEmployees.title") },
  };
}

const INVITE_ERRORS = {
  already_employee: { field: "email" },
  already_invited: { field: "email" },
  forbidden_role: { field: "role", message: "profileEmployees.errors.ownerOnly" },
  rate_limited: { message: "hardening.invitationRateLimited" },
};

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const api = context.get(apiContext);
  if (intent === "revoke") {
    const id = Number(formData.get("id"));
    try {
      if (!Number.isInteger(id) || id <= 0) throw new ApiClientError(404, "not_found", "No such invitation");
      await api.send(employeesApi.removeEmployee, { params: { id } });
    } catch (error) {
      if (!(error instanceof ApiClientError)) throw error;
      // Already gone (revoked elsewhere or accepted and removed): the list shows how things stand.
      if (error.status !== 404) return replyWithApiError(null, error, { data: { intent: "revoke" as const } });
    }
    return localizedRedirect(request, "/profile/employee", { message: "profileEmployees.flash.revoked", tone: "info" });
  }
  const submission = parseWithZod(formData, { schema: InviteEmployeeSchema });
  if (submission.status !== "success") return data({ intent: "invite" as const, result: submission.reply() }, { status: 400 });
  try {
    const { data: invited } = await api.send(employeesApi.inviteEmployee, { body: submission.value });
    return localizedRedirect(
      request,
      "/profile/employee",
      invited.mailSent ? "profileEmployees.flash.invited" : { message: "profileEmployees.flash.invitedMailFailed", tone: "warning" },
    );
  } catch (error) {
    return replyWithApiError(submission, error, { codes: INVITE_ERRORS, data: { intent: "invite" as const } });
  }
}

function RevokeButton({ id, label }: { id: number; label: string }) {
  const t = useT();
  const fetcher = useFetcher({ key: `revoke-${id}` });
  return (
    <fetcher.Form method="post" className="inline-form">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="revoke"
        className="button button-link button-link-danger"
        aria-label={`${t("profileEmployees.revoke")}: ${label}`}
      >
        {t("profileEmployees.revoke")}
      </button>
    </fetcher.Form>
  );
}

export default function Employees({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { employees: list, canManage, roles } = loaderData;
  const revoking = useRevoking();
  const visible = list.filter((e) => !revoking.has(e.id));
  const revokeError = actionData?.intent === "revoke" ? (actionData.result as { error?: Record<string, string[]> }).error?.[""] : undefined;
  // A new key after each change of the list empties the invitation form once it has succeeded.
  const listKey = list.map((e) => `${e.id}:${e.role}:${e.status}`).join(",");
  return (
    <section className="profile-section">
      <h1>{t("profileEmployees.title")}</h1>
      <p className="page-lead">
        {t("profileEmployees.lead", { company: loaderData.company, count: list.filter((e) => e.status !== "invited").length })}
      </p>
      <FormErrors errors={revokeError} />
      <ul className="employee-list" aria-label={t("profileEmployees.listLabel")}>
        {visible.map((e) => (
          <li key={e.id} className={`card employee-row employee-${e.status}`}>
            <div className="employee-who">
              <LocaleLink to={`/profile/employee/${e.id}`} className="employee-name">
                {e.name}
              </LocaleLink>
              {e.isSelf ? <span className="muted small"> · {t("profileEmployees.you")}</span> : null}
              <p className="muted small employee-contact">
                {[e.status === "invited" ? null : e.email, e.phone].filter(Boolean).join(" · ") ||
                  (e.status === "invited" ? t("profileEmployees.invitedOn", { date: e.since }) : "")}
              </p>
            </div>
            <p className="employee-position">{e.position ?? <span className="muted">{t("profileEmployees.noPosition")}</span>}</p>
            <p className="employee-badges">
              <RoleBadge role={e.role} />
              <StatusBadge status={e.status} />
            </p>
            <div className="employee-actions">
              {e.editable && e.status === "invited" ? <RevokeButton id={e.id} label={e.name} /> : null}
              {e.editable ? (
                <LocaleLink to={`/profile/employee/${e.id}`} className="button button-small button-secondary">
                  {t("profileEmployees.manage")}
                </LocaleLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {canManage ? (
        <div className="card">
          <h2>{t("profileEmployees.inviteTitle")}</h2>
          <p className="muted small">{t("profileEmployees.inviteLead")}</p>
          <EmployeeInviteForm key={listKey} roles={roles} lastResult={actionData?.intent === "invite" ? actionData.result : undefined} />
        </div>
      ) : (
        <p className="notice">{t("profileEmployees.readOnly")}</p>
      )}
    </section>
  );
}

/** Ids of invitations being revoked right now (their rows are hidden at once). */
function useRevoking(): Set<number> {
  const fetchers = useFetchers();
  return new Set(fetchers.filter((f) => f.formData?.get("intent") === "revoke").map((f) => Number(f.formData?.get("id"))));
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
