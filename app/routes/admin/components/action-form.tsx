/**
 * The decision forms of the admin record pages (moderation, companies, users): one `intent`, the
 * form's fields (`children`), its errors and one button; with Conform's `form` the errors are the
 * form's own, without it (a single button) they come from the page. Buttons wait while any request
 * of the page is under way.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { LANG_NAMES, LANGS, type Lang } from "#app/lib/i18n.ts";
import { useT } from "#app/lib/use-t.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { SelectField, TextareaField, type AnyField } from "#app/components/form/field.tsx";

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
 * The decisions staff send to a supplier (or a buyer) with a reason: the locale keys of the button,
 * of the reason's label and hint (given the supplier's language as `lang`), and the reason box's rows.
 */
const REASON_ACTIONS = {
  reject: { button: "admin.moderation.reject", reason: "admin.moderation.reason", hint: "admin.moderation.reasonHint", rows: 5 },
  // A buying request's reason goes to its buyer, in the buyer's language (usability review #10).
  rejectRfq: {
    button: "admin.moderation.reject",
    reason: "admin.moderation.reason",
    hint: "rfq.admin.reasonHint",
    rows: 5,
    whose: "rfq.admin.buyersLang",
  },
  hide: { button: "rfq.hide.submit", reason: "rfq.hide.reason", hint: "rfq.admin.reasonHint", rows: 4, whose: "rfq.admin.buyersLang" },
  block: { button: "admin.company.block", reason: "admin.company.blockReason", hint: "admin.company.blockHint", rows: 3 },
} as const;

/**
 * A decision with a reason (`intent`: reject a submission, hide a buying request, block a company):
 * the reason and its language (Conform's `fields.reason`, `fields.lang` of `form`) and a danger button.
 */
export function ReasonActionForm({
  intent,
  form,
  fields,
  supplierLang,
}: {
  intent: keyof typeof REASON_ACTIONS;
  form: FormMetadata<any, string[]>;
  fields: { reason: AnyField; lang: AnyField };
  /** The language the supplier writes in: the reason's default language. */
  supplierLang: Lang;
}) {
  const t = useT();
  const action = REASON_ACTIONS[intent];
  return (
    <AdminActionForm intent={intent} form={form} label={t(action.button)} tone="danger">
      <ReasonFields
        reason={fields.reason}
        lang={fields.lang}
        supplierLang={supplierLang}
        label={t(action.reason)}
        hint={t(action.hint, { lang: LANG_NAMES[supplierLang] })}
        rows={action.rows}
        whose={t("whose" in action ? action.whose : "admin.moderation.suppliersLang")}
      />
    </AdminActionForm>
  );
}

/**
 * A reason sent to a supplier (a rejection, a block) and the language it is written in, the
 * supplier's own marked (and chosen unless the form says otherwise).
 */
function ReasonFields({
  reason,
  lang,
  supplierLang,
  label,
  hint,
  rows,
  whose,
}: {
  reason: AnyField;
  lang: AnyField;
  supplierLang: Lang;
  label: string;
  hint: string;
  rows: number;
  /** The mark of the reader's own language in the list ("the supplier's language"). */
  whose: string;
}) {
  const t = useT();
  return (
    <>
      <TextareaField field={reason} label={label} rows={rows} hint={hint} lang={(lang.value as string | undefined) ?? supplierLang} />
      <SelectField field={lang} label={t("admin.moderation.reasonLang")}>
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {LANG_NAMES[l]}
            {l === supplierLang ? ` — ${whose}` : ""}
          </option>
        ))}
      </SelectField>
    </>
  );
}
