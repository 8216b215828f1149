/**
 * Small pieces of the employee pages: the role and status badges, the person's name line (an
 * invitation has no name yet: its e-mail stands in), and the frame and the role and position fields
 * of the invitation and edit forms.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { MemberRole } from "#contract/profile/fields.ts";
import { useT } from "#app/lib/use-t.ts";
import { FormSubmit } from "#app/components/form/errors.tsx";
import { InputField, SelectField, type AnyField } from "#app/components/form/field.tsx";
import { personName } from "#contract/people.ts";

/** A company role (contract/profile/fields.ts MEMBER_ROLES; what each may do: ADR 009). */
export type EmployeeRole = MemberRole;
export type EmployeeStatus = "invited" | "active" | "blocked";

const STATUS_CLASS: Record<EmployeeStatus, string> = {
  invited: "badge badge-warn",
  active: "badge badge-ok",
  blocked: "badge badge-danger",
};

export function RoleBadge({ role }: { role: EmployeeRole }) {
  const t = useT();
  return <span className={role === "owner" ? "badge badge-role-owner" : "badge"}>{t(`profileEmployees.roles.${role}`)}</span>;
}

export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const t = useT();
  return <span className={STATUS_CLASS[status]}>{t(`profileEmployees.statuses.${status}`)}</span>;
}

/** "Anna Petrova" or, for an invitation, its e-mail address. */
export function employeeName(e: { firstName: string | null; lastName: string | null; email: string | null }): string {
  const name = personName(e);
  return name || e.email || "—";
}

/**
 * The company roles a caller may hand out, least powerful first: owners every role, admins not the
 * owner role (ADR 009).
 */
export function assignableRoles(callerRole: string): EmployeeRole[] {
  return callerRole === "owner" ? ["member", "sales", "admin", "owner"] : ["member", "sales", "admin"];
}

/** The role (among `roles`) and position fields of an employee form, each in its own column. */
export function RoleAndPositionFields({
  fields,
  roles,
}: {
  fields: { role: AnyField; position: AnyField };
  roles: readonly EmployeeRole[];
}) {
  const t = useT();
  return (
    <>
      <SelectField
        field={fields.role}
        label={t("profileEmployees.role")}
        options={roles.map((role) => ({ value: role, label: t(`profileEmployees.roles.${role}`) }))}
      />
      <InputField field={fields.position} label={t("profileEmployees.position")} placeholder={t("profileEmployees.positionPlaceholder")} />
    </>
  );
}

/**
 * The frame of an employee form (the invitation on the employees page, the role and position on an
 * employee's page): a POST form with `children` as its fields, the note on what each role may do, the
 * form's own errors and one submit button posting `intent`, disabled while that intent is being sent.
 * `layout` names the form's classes (`invite-form` / `invite-fields`, `settings-form` / `settings-fields`).
 */
export function EmployeeForm({
  form,
  layout,
  intent,
  submit,
  children,
}: {
  form: FormMetadata<any, string[]>;
  layout: "invite" | "settings";
  intent: string;
  submit: string;
  children: ReactNode;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className={`${layout}-form`}>
      <div className={`${layout}-fields`}>{children}</div>
      <p className="muted small">{t("profileEmployees.roleHelp")}</p>
      <FormSubmit form={form} label={submit} intent={intent} busy={busy} />
    </Form>
  );
}
