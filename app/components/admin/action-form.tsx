/**
 * The decision forms of the admin record pages (moderation, companies, users): one `intent`, the
 * form's fields (`children`), its errors and one button; with Conform's `form` the errors are the
 * form's own, without it (a single button) they come from the page. Buttons wait while any request
 * of the page is under way.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { LANG_NAMES, LANGS, type Lang } from "../../lib/i18n.ts";
import { useT } from "../../lib/use-t.ts";
import { FormErrors } from "../form/errors.tsx";
import { SelectField, TextareaField, type AnyField } from "../form/field.tsx";

export function AdminActionForm({
  intent,
  form,
  label,
  tone,
  children,
}: {
  intent: string;
  // Conform's metadata of the form, whatever its schema.
  form?: FormMetadata<any, string[]>;
  label: string;
  /** The button's look: `danger` (block, reject), `ok` (approve), `secondary`; plain when absent. */
  tone?: "danger" | "ok" | "secondary";
  children?: ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" {...(form ? getFormProps(form) : {})} className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      {children}
      {form ? <FormErrors id={form.errorId} errors={form.errors} /> : null}
      <button type="submit" className={`button${tone ? ` button-${tone}` : ""}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/**
 * A reason sent to a supplier (a rejection, a block) and the language it is written in, the
 * supplier's own marked (and chosen unless the form says otherwise).
 */
export function ReasonFields({
  reason,
  lang,
  supplierLang,
  label,
  hint,
  rows,
}: {
  reason: AnyField;
  lang: AnyField;
  supplierLang: Lang;
  label: string;
  hint: string;
  rows: number;
}) {
  const t = useT();
  return (
    <>
      <TextareaField field={reason} label={label} rows={rows} hint={hint} lang={(lang.value as string | undefined) ?? supplierLang} />
      <SelectField field={lang} label={t("admin.moderation.reasonLang")}>
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {LANG_NAMES[l]}
            {l === supplierLang ? ` — ${t("admin.moderation.suppliersLang")}` : ""}
          </option>
        ))}
      </SelectField>
    </>
  );
}
