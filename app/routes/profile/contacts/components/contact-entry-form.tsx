/**
 * The entry step of a sign-in contact change (ADR 017): one field for the new e-mail or phone and a
 * "Send code" button. Posts to the page's own action (which starts the change and moves to the code
 * step); without JavaScript the page comes back with a 400 and the error under the field, the typed
 * address kept; with it, Conform checks the address as it is typed (ContactChangeSchema, the API's
 * own rule).
 */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { ContactChangeSchema } from "#app/routes/profile/lib/personal-forms.ts";
import { useT } from "#app/lib/use-t.ts";
import type { FormResult } from "#app/components/form/result.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { InputField } from "#app/components/form/field.tsx";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export function ContactEntryForm({
  kind,
  lastResult,
  defaultValue,
  action,
}: {
  kind: "email" | "phone";
  lastResult?: FormResult;
  defaultValue?: string;
  /** Where the form posts; default the page itself. */
  action?: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(ContactChangeSchema, {
    id: `contact-${kind}`,
    lastResult: lastResult,
    defaultValue: { kind, value: defaultValue ?? "" },
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("kind") === kind;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack contact-entry">
      <input type="hidden" name="kind" value={kind} />
      <InputField
        field={fields.value}
        type={kind === "email" ? "email" : "tel"}
        label={t(kind === "email" ? "profileContacts.newEmail" : "profileContacts.newPhone")}
        hint={t(kind === "email" ? "profileContacts.emailHint" : "profileContacts.phoneHint")}
        autoComplete={kind === "email" ? "email" : "tel"}
        autoCapitalize="none"
        spellCheck={false}
        inputMode={kind === "email" ? "email" : "tel"}
        placeholder={t(kind === "email" ? "profileContacts.emailPlaceholder" : "profileContacts.phonePlaceholder")}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t("profileContacts.sendCode")}
      </button>
    </Form>
  );
}
