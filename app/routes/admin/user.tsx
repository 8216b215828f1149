/**
 * `/admin/users/{id}`: one user (issue 7) — contacts, language, company, sessions, history — and what
 * staff may do: change the site role (admins only), block with a reason or unblock, and sign out of
 * every device. Each action is a form posting here (works without JavaScript) and ends with a flash
 * message; refusals (own account, last admin) are shown on the form.
 */
import { data } from "react-router";
import type { Route } from "./+types/user";
import { AdminHeader, AdminSection, formatDateTime, nameIn, StatusBadge } from "./components/ui.tsx";
import { RecordGrid } from "./components/record-grid.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { sendThenRedirect, submitAdminForm } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { LANG_NAMES } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import * as usersApi from "#contract/admin/users.ts";
import { BlockUserSchema, RoleSchema } from "#contract/admin/users.ts";
import { SITE_ROLES } from "#contract/admin/constants.ts";
import { useStaff } from "./layout.tsx";
import { requireStaffData } from "./lib/guard.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { SelectField, TextareaField } from "#app/components/form/field.tsx";
import { AdminActionForm } from "./components/action-form.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { personName } from "#contract/people.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  const user = (await orNotFound(request, context.get(apiContext).send(usersApi.getUser, { params: { id: params.id } }))).data;
  return { user, title: personName(user) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const api = context.get(apiContext);
  const here = `/admin/users/${params.id}`;
  if (intent === "role") {
    return submitAdminForm(request, formData, { form: "role", schema: RoleSchema, here, flash: "admin.flash.roleChanged" }, (value) =>
      api.send(usersApi.setRole, { params: { id: params.id }, body: { role: value.role } }),
    );
  }
  if (intent === "block") {
    return submitAdminForm(request, formData, { form: "block", schema: BlockUserSchema, here, flash: "admin.flash.blocked" }, (value) =>
      api.send(usersApi.blockUser, { params: { id: params.id }, body: { reason: value.reason } }),
    );
  }
  if (intent !== "unblock" && intent !== "signout") {
    return data({ form: "other" as const, result: { status: "error" as const, error: { "": ["invalid_option"] } } }, { status: 400 });
  }
  const route = intent === "unblock" ? usersApi.unblockUser : usersApi.signOutUser;
  const done = { here, flash: intent === "unblock" ? "admin.flash.unblocked" : "admin.flash.signedOut" } as const;
  return sendThenRedirect(request, null, () => api.send(route, { params: { id: params.id } }), done, { form: "other" as const });
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const staff = useStaff();
  const { user } = loaderData;
  const own = staff?.userId === user.id;
  const mayManage = !own && (user.role === "USER" || Boolean(staff?.permissions.includes("manageRoles")));
  const forForm = (name: string) => (actionData && "form" in actionData && actionData.form === name ? actionData.result : undefined);
  const [roleForm, roleFields] = useZodForm(RoleSchema, {
    id: "role",
    lastResult: forForm("role"),
    defaultValue: { role: user.role },
  });
  const [blockForm, blockFields] = useZodForm(BlockUserSchema, {
    id: "block",
    lastResult: forForm("block"),
  });
  const other = forForm("other") as { error?: Record<string, string[]> } | undefined;
  return (
    <>
      <AdminHeader
        back={{ to: "/admin/users", label: t("admin.records.user.title") }}
        title={personName(user)}
        lead={user.email ?? user.phone ?? undefined}
      />
      <RecordGrid
        history={user.history}
        aside={
          <>
            {own ? <p className="notice">{t("admin.user.own")}</p> : null}
            {!own && staff?.permissions.includes("manageRoles") ? (
              <AdminSection title={t("admin.user.roleTitle")}>
                <AdminActionForm intent="role" form={roleForm} label={t("admin.user.changeRole")}>
                  <SelectField field={roleFields.role} label={t("admin.fields.role")} hint={t("admin.user.roleHint")}>
                    {SITE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`admin.roles.${role}`)}
                      </option>
                    ))}
                  </SelectField>
                </AdminActionForm>
              </AdminSection>
            ) : null}
            {mayManage ? (
              <>
                <AdminSection title={user.blockedAt ? t("admin.user.unblockTitle") : t("admin.user.blockTitle")}>
                  {user.blockedAt ? (
                    <AdminActionForm intent="unblock" label={t("admin.user.unblock")} />
                  ) : (
                    <AdminActionForm intent="block" form={blockForm} label={t("admin.user.block")} tone="danger">
                      <TextareaField
                        field={blockFields.reason}
                        label={t("admin.user.blockReason")}
                        rows={3}
                        hint={t("admin.user.blockHint")}
                      />
                    </AdminActionForm>
                  )}
                </AdminSection>
                <AdminSection title={t("admin.user.signOutTitle")}>
                  <p className="small muted">{t("admin.user.signOutHint")}</p>
                  <AdminActionForm intent="signout" label={t("admin.user.signOut")} tone="secondary" />
                </AdminSection>
              </>
            ) : !own ? (
              <p className="notice">{t("admin.user.adminsOnly")}</p>
            ) : null}
            <FormErrors errors={other?.error?.[""]} />
          </>
        }
      >
        <AdminSection title={t("admin.user.about")}>
          <dl className="admin-kv">
            <dt>{t("admin.fields.role")}</dt>
            <dd>
              <span className="badge">{t(`admin.roles.${user.role}`)}</span>
              {user.blockedAt ? <StatusBadge status="blocked" /> : null}
            </dd>
            <dt>{t("admin.fields.email")}</dt>
            <dd>{user.email ?? "—"}</dd>
            <dt>{t("admin.fields.phone")}</dt>
            <dd>{user.phone ?? "—"}</dd>
            <dt>{t("admin.fields.locale")}</dt>
            <dd>{LANG_NAMES[user.locale]}</dd>
            <dt>{t("admin.fields.company")}</dt>
            <dd>
              {user.company ? (
                <>
                  <LocaleLink to={`/admin/companies/${user.company.id}`}>{nameIn(user.company.name, lang)}</LocaleLink> ·{" "}
                  {t(`admin.companyRoles.${user.company.role}`)} <StatusBadge status={user.company.employeeStatus} />
                </>
              ) : (
                "—"
              )}
            </dd>
            <dt>{t("admin.user.sessions")}</dt>
            <dd>{user.activeSessions}</dd>
            <dt>{t("admin.sorts.lastSignInAt")}</dt>
            <dd>{formatDateTime(user.lastSignInAt, lang)}</dd>
            <dt>{t("admin.sorts.createdAt")}</dt>
            <dd>{formatDateTime(user.createdAt, lang)}</dd>
            {user.blockedAt ? (
              <>
                <dt>{t("admin.user.blockedAt")}</dt>
                <dd>{formatDateTime(user.blockedAt, lang)}</dd>
                <dt>{t("admin.user.blockReason")}</dt>
                <dd className="admin-note">{user.blockReason}</dd>
              </>
            ) : null}
          </dl>
        </AdminSection>
      </RecordGrid>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
