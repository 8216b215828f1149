/**
 * The invitation form of the employees page: e-mail, company role and position (the API's own
 * InviteEmployeeSchema, so the form and the endpoint agree). Only owners may give the owner role,
 * so admins are not offered it. The invited person gets an e-mail and accepts on `/profile/start`.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { InviteEmployeeSchema } from "../../lib/profile-api/personal-forms.ts";
import { useT } from "../../lib/use-t.ts";
import { RoleAndPositionFields, type EmployeeRole } from "./employee-parts.tsx";
import type { FormResult } from "../form/result.ts";
import { FieldError, FormErrors } from "../form/errors.tsx";

export function EmployeeInviteForm({ roles, lastResult }: { roles: EmployeeRole[]; lastResult?: FormResult }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "employee-invite",
    lastResult: lastResult,
    defaultValue: { role: "member" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteEmployeeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  return (
    <Form method="post" {...getFormProps(form)} className="invite-form">
      <div className="invite-fields">
        <div className="invite-email">
          <label className="field" htmlFor={fields.email.id}>
            <span>{t("profileEmployees.email")}</span>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="name@company.ru"
              aria-describedby={fields.email.errorId}
            />
          </label>
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
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
