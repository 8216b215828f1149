/**
 * The quote form (contract/quotes.ts QuoteSchema): up to five price-tier rows (empty rows are
 * dropped by the action, app/routes/profile/rfq/lib/forms.ts), currency, MOQ, lead time, Incoterms rule and
 * place, validity, comment and its language, attachments (multipart; uploaded by the action through
 * app/routes/profile/rfq/lib/attachments.server.ts). Works without JavaScript.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CURRENCY_CODES } from "#contract/profile/fields.ts";
import type { FileView } from "#contract/files.ts";
import { MAX_QUOTE_FILES, QuoteSchema } from "#contract/quotes.ts";
import { INCOTERMS } from "#contract/rfq.ts";
import { LANGS } from "#contract/lang-schemas.ts";
import { quoteFormData } from "../lib/forms.ts";
import { useT } from "#app/lib/use-t.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField, TextareaField, type AnyField } from "#app/components/form/field.tsx";
import { codeOptions } from "#app/components/form/options.tsx";
import { AttachmentsField } from "#app/components/rfq/attachments.tsx";

const ROWS = 5;

export function QuoteForm({
  result,
  defaultValue,
  submitLabel,
  disabled,
  files,
}: {
  /** Files already attached (the company's quote). */
  files?: readonly FileView[];
  result?: SubmissionResult<string[]>;
  defaultValue: Record<string, any>;
  submitLabel: string;
  disabled?: boolean;
}) {
  const t = useT();
  const navigation = useNavigation();
  const [form, conformFields] = useForm({
    id: "quote-form",
    lastResult: navigation.state === "idle" ? result : undefined,
    defaultValue,
    // Empty tier rows are dropped before validating, as the action does.
    onValidate: ({ formData }) => parseWithZod(quoteFormData(formData), { schema: QuoteSchema }),
    shouldValidate: "onSubmit",
  });
  // The preprocessed id list makes Conform's inferred field map partial; every field below exists.
  const fields = conformFields as unknown as Record<
    "tiers" | "currency" | "moq" | "leadTimeDays" | "incoterms" | "incotermsPlace" | "validUntil" | "comment" | "lang",
    AnyField
  >;
  // The typed tiers: the last submission's (kept on an error) or the stored ones.
  const submitted = (result?.initialValue?.tiers ?? defaultValue.tiers ?? []) as { minQuantity?: string; price?: string }[];
  const rows = Array.from({ length: ROWS }, (_, index) => submitted[index] ?? {});
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card rfq-form">
      <fieldset disabled={disabled} className="rfq-fieldset">
        <fieldset className="field">
          <legend>{t("rfq.compare.tiers")}</legend>
          <p className="field-hint">{t("rfq.quoteForm.tierHint")}</p>
          {rows.map((tier, index) => {
            const errors = (name: string) => form.allErrors[`tiers[${index}].${name}`];
            return (
              <div key={index} className="rfq-form-row">
                <label className="field">
                  <span>{t("rfq.quoteForm.tierFrom")}</span>
                  <input name={`tiers[${index}].minQuantity`} defaultValue={tier.minQuantity ?? ""} inputMode="decimal" />
                  <FieldError id={`tier-${index}-q`} errors={errors("minQuantity")} />
                </label>
                <label className="field">
                  <span>{t("rfq.quoteForm.tierPrice")}</span>
                  <input name={`tiers[${index}].price`} defaultValue={tier.price ?? ""} inputMode="decimal" />
                  <FieldError id={`tier-${index}-p`} errors={errors("price")} />
                </label>
              </div>
            );
          })}
          <FieldError id={fields.tiers.errorId} errors={fields.tiers.errors} />
        </fieldset>
        <div className="rfq-form-row">
          <SelectField field={fields.currency} label={t("rfq.fields.currency")} options={codeOptions(CURRENCY_CODES)} />
          <InputField field={fields.moq} label={t("rfq.compare.moq")} inputMode="decimal" />
          <InputField field={fields.leadTimeDays} label={t("rfq.quoteForm.leadTimeDays")} inputMode="numeric" />
        </div>
        <div className="rfq-form-row">
          <SelectField field={fields.incoterms} label={t("rfq.fields.incoterms")} options={codeOptions(INCOTERMS)} />
          <InputField field={fields.incotermsPlace} label={t("rfq.quoteForm.incotermsPlace")} maxLength={200} />
        </div>
        <InputField field={fields.validUntil} label={t("rfq.quoteForm.validUntil")} type="date" />
        <TextareaField field={fields.comment} label={t("rfq.quoteForm.comment")} rows={4} maxLength={3000} />
        <SelectField
          field={fields.lang}
          label={t("rfq.quoteForm.lang")}
          options={LANGS.map((l) => ({ value: l, label: t(`rfq.langNames.${l}`) }))}
        />
        <AttachmentsField id="quote-form" files={files} errors={form.allErrors.attachments} max={MAX_QUOTE_FILES} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="page-actions">
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {submitLabel}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
