/**
 * The invitation form of the employees page: e-mail, company role and position (the API's own
 * InviteEmployeeSchema, so the form and the endpoint agree). Only owners may give the owner role,
 * so admins are not offered it. The invited person gets an e-mail and accepts on `/profile/start`.
 */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { InviteEmployeeSchema } from "../../lib/profile-api/personal-forms.ts";
import { useT } from "../../lib/use-t.ts";
import { RoleAndPositionFields, type EmployeeRole } from "./employee-parts.tsx";
import type { FormResult } from "../form/result.ts";
import { FormErrors } from "../form/errors.tsx";
import { InputField } from "../form/field.tsx";
import { useZodForm } from "../../lib/use-zod-form.ts";

export function EmployeeInviteForm({ roles, lastResult }: { roles: EmployeeRole[]; lastResult?: FormResult }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(InviteEmployeeSchema, {
    id: "employee-invite",
    lastResult: lastResult,
    defaultValue: { role: "member" },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  return (
    <Form method="post" {...getFormProps(form)} className="invite-form">
      <div className="invite-fields">
        <InputField
          field={fields.email}
          type="email"
          label={t("profileEmployees.email")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@company.ru"
        />
        <RoleAndPositionFields fields={fields} roles={roles} />
      </div>
      <p className="muted small">{t("profileEmployees.roleHelp")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="invite" className="button" disabled={busy}>
        {t("profileEmployees.invite")}
      </button>
    </Form>
  );
}
