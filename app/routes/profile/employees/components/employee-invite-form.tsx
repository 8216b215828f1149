/**
 * The invitation form of the employees page: e-mail, company role and position (the API's own
 * InviteEmployeeSchema, so the form and the endpoint agree). Only owners may give the owner role,
 * so admins are not offered it. The invited person gets an e-mail and accepts on `/profile/start`.
 */
import { InviteEmployeeSchema } from "#app/routes/profile/lib/personal-forms.ts";
import { useT } from "#app/lib/use-t.ts";
import { EmployeeForm, RoleAndPositionFields, type EmployeeRole } from "#app/routes/profile/components/employee-parts.tsx";
import type { FormResult } from "#app/components/form/result.ts";
import { InputField } from "#app/components/form/field.tsx";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export function EmployeeInviteForm({ roles, lastResult }: { roles: EmployeeRole[]; lastResult?: FormResult }) {
  const t = useT();
  const [form, fields] = useZodForm(InviteEmployeeSchema, {
    id: "employee-invite",
    lastResult: lastResult,
    defaultValue: { role: "member" },
  });
  return (
    <EmployeeForm form={form} layout="invite" intent="invite" submit={t("profileEmployees.invite")}>
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
    </EmployeeForm>
  );
}
