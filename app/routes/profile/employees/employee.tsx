/**
 * `/profile/employee/{id}` (spec §2; ADR 009): one employee or invitation — contacts, role, position,
 * status. Owners and admins change the role and position, block and unblock (a blocked employee
 * loses access on their very next request) and remove the person or revoke the invitation; only
 * owners touch owners or give the owner role. Refusals are explained on the page: the company's last
 * owner, blocking oneself, an invitation not yet accepted. Plain members, and admins looking at an
 * owner, see the page read-only. An id of another company is the 404 page.
 * Actions (`intent`): `save` (EmployeePatchSchema), `status` (EmployeeStatusSchema), `remove`.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/employee";
import { LocaleLink } from "#app/components/locale-link.tsx";
import {
  assignableRoles,
  EmployeeForm,
  employeeName,
  RoleAndPositionFields,
  RoleBadge,
  StatusBadge,
  type EmployeeRole,
  type EmployeeStatus,
} from "../components/employee-parts.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { localizedPath, pageLang } from "#app/lib/i18n.ts";
import { EmployeePatchSchema, EmployeeStatusSchema } from "../lib/personal-forms.ts";
import * as employeesApi from "#contract/profile/employees.ts";
import { ApiClientError, employeeForPage } from "../lib/personal.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { flashRedirect, localizedRedirect } from "#app/lib/redirect.server.ts";
import type { FormResult } from "#app/components/form/result.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { BackLink } from "../components/back-link.tsx";
import { idParam } from "#app/lib/id-param.ts";

function employeeId(request: Request, raw: string | undefined): number {
  return idParam(raw) ?? pageNotFound(request);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const id = employeeId(request, params.id);
  const org = context.get(profileContext).organization!;
  const { data: e } = await orNotFound(request, context.get(apiContext).send(employeesApi.getEmployee, { params: { id } }));
  const canManage = (org.role === "owner" || org.role === "admin") && (e.role !== "owner" || org.role === "owner");
  return {
    employee: employeeForPage(e, lang),
    canManage,
    roles: assignableRoles(org.role),
    seo: { title: `${employeeName(e)} — ${getInstance(context).t("profileEmployees.title")}` },
  };
}

/** Refusals of the employee endpoints as the page says them (ADR 009's rules). */
const EMPLOYEE_ERRORS = {
  last_owner: { message: "profileEmployees.errors.lastOwner" },
  cannot_block_self: { message: "profileEmployees.errors.blockSelf" },
  not_joined: { message: "profileEmployees.errors.notJoined" },
  forbidden_role: { message: "profileEmployees.errors.ownerOnly" },
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = employeeId(request, params.id);
  const api = context.get(apiContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = localizedPath(request, `/profile/employee/${id}`);
  const refused = (kind: "save" | "status" | "remove", error: unknown, submission: Pick<Submission<unknown>, "reply"> | null = null) => {
    if (error instanceof ApiClientError && error.status === 404) pageNotFound(request);
    return replyWithApiError(submission, error, { codes: EMPLOYEE_ERRORS, data: { intent: kind } });
  };

  if (intent === "status") {
    const submission = parseWithZod(formData, { schema: EmployeeStatusSchema });
    if (submission.status !== "success") return data({ intent: "status" as const, result: submission.reply() }, { status: 400 });
    try {
      await api.send(employeesApi.setEmployeeStatus, { params: { id }, body: { status: submission.value.status } });
    } catch (error) {
      return refused("status", error);
    }
    return flashRedirect(
      here,
      submission.value.status === "blocked" ? "profileEmployees.flash.blocked" : "profileEmployees.flash.unblocked",
    );
  }
  if (intent === "remove") {
    let wasInvitation = false;
    try {
      wasInvitation = (await api.send(employeesApi.getEmployee, { params: { id } })).data.status === "invited";
      await api.send(employeesApi.removeEmployee, { params: { id } });
    } catch (error) {
      return refused("remove", error);
    }
    return localizedRedirect(
      request,
      "/profile/employee",
      wasInvitation ? "profileEmployees.flash.revoked" : "profileEmployees.flash.removed",
    );
  }
  const submission = parseWithZod(formData, { schema: EmployeePatchSchema });
  if (submission.status !== "success") return data({ intent: "save" as const, result: submission.reply() }, { status: 400 });
  try {
    await api.send(employeesApi.updateEmployee, {
      params: { id },
      body: { role: submission.value.role, position: submission.value.position ?? null },
    });
  } catch (error) {
    return refused("save", error, submission);
  }
  return flashRedirect(here, "profileEmployees.flash.saved");
}

function EditForm({
  role,
  position,
  roles,
  lastResult,
}: {
  role: EmployeeRole;
  position: string | null;
  roles: EmployeeRole[];
  lastResult?: FormResult;
}) {
  const t = useT();
  const [form, fields] = useZodForm(EmployeePatchSchema, {
    id: "employee-edit",
    lastResult: lastResult,
    defaultValue: { role, position: position ?? "" },
  });
  // An owner's row seen by an owner offers every role; the role an employee has is always listed.
  const options = roles.includes(role) ? roles : [role, ...roles];
  return (
    <EmployeeForm form={form} layout="settings" intent="save" submit={t("profileEmployees.save")}>
      <RoleAndPositionFields fields={fields} roles={options} />
    </EmployeeForm>
  );
}

/** Block or unblock; with JavaScript the status changes on the page at once (optimistic). */
function StatusControl({ status, name, error }: { status: EmployeeStatus; name: string; error?: string[] }) {
  const t = useT();
  const fetcher = useFetcher<{ result?: { error?: Record<string, string[]> } }>({ key: "employee-status" });
  const pending = fetcher.formData?.get("status") as EmployeeStatus | undefined;
  const errors = fetcher.state === "idle" && fetcher.data?.result?.error?.[""] ? fetcher.data.result.error[""] : error;
  const shown = pending ?? status;
  const next = shown === "blocked" ? "active" : "blocked";
  return (
    <div className="employee-status-control">
      <p>
        {t("profileEmployees.statusNow")} <StatusBadge status={shown} />
      </p>
      <p className="muted small">{t(shown === "blocked" ? "profileEmployees.blockedHelp" : "profileEmployees.blockHelp", { name })}</p>
      <FormErrors errors={errors} />
      <fetcher.Form method="post">
        <input type="hidden" name="status" value={next} />
        <button type="submit" name="intent" value="status" className={next === "blocked" ? "button button-danger" : "button"}>
          {t(next === "blocked" ? "profileEmployees.block" : "profileEmployees.unblock")}
        </button>
      </fetcher.Form>
    </div>
  );
}

export default function EmployeeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { employee: e, canManage, roles } = loaderData;
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const errorsOf = (intent: string) => (resultOf(intent) as { error?: Record<string, string[]> } | undefined)?.error?.[""];
  const invited = e.status === "invited";
  return (
    <section className="profile-section">
      <BackLink to="/profile/employee" className="profile-back" label={t("profileEmployees.title")} />
      <h1>
        {e.name}
        {e.isSelf ? <span className="muted h1-note"> · {t("profileEmployees.you")}</span> : null}
      </h1>
      <div className="card employee-card">
        <p className="employee-badges">
          <RoleBadge role={e.role} />
          <StatusBadge status={e.status} />
        </p>
        <dl className="facts">
          <div>
            <dt>{t("profileEmployees.email")}</dt>
            <dd>{e.email ?? "—"}</dd>
          </div>
          <div>
            <dt>{t("profileContacts.phone")}</dt>
            <dd>{e.phone ?? "—"}</dd>
          </div>
          <div>
            <dt>{t("profileEmployees.position")}</dt>
            <dd>{e.position ?? "—"}</dd>
          </div>
          <div>
            <dt>{t(invited ? "profileEmployees.invitedAt" : "profileEmployees.since")}</dt>
            <dd>{e.since}</dd>
          </div>
        </dl>
        {invited ? <p className="notice">{t("profileEmployees.invitedNote", { email: e.email })}</p> : null}
      </div>

      {canManage ? (
        <>
          <div className="card">
            <h2>{t("profileEmployees.roleTitle")}</h2>
            <EditForm role={e.role} position={e.position} roles={roles} lastResult={resultOf("save")} />
          </div>
          {!invited && !e.isSelf ? (
            <div className="card">
              <h2>{t("profileEmployees.accessTitle")}</h2>
              <StatusControl status={e.status} name={e.name} error={errorsOf("status")} />
            </div>
          ) : null}
          {e.isSelf ? (
            <p className="notice">
              {t("profileEmployees.selfNote")} <LocaleLink to="/profile/settings">{t("profileSettings.title")}</LocaleLink>
            </p>
          ) : (
            <div className="card">
              <h2>{t(invited ? "profileEmployees.revokeTitle" : "profileEmployees.removeTitle")}</h2>
              <details className="danger-zone" open={Boolean(errorsOf("remove"))}>
                <summary>{t(invited ? "profileEmployees.revoke" : "profileEmployees.remove")}</summary>
                <p className="small">
                  {t(invited ? "profileEmployees.revokeWarning" : "profileEmployees.removeWarning", { name: e.name })}
                </p>
                <FormErrors errors={errorsOf("remove")} />
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="button button-danger"
                    disabled={navigation.state !== "idle" && navigation.formData?.get("intent") === "remove"}
                  >
                    {t(invited ? "profileEmployees.revokeConfirm" : "profileEmployees.removeConfirm")}
                  </button>
                </Form>
              </details>
            </div>
          )}
        </>
      ) : (
        <p className="notice">{t(e.role === "owner" ? "profileEmployees.ownerReadOnly" : "profileEmployees.readOnly")}</p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
