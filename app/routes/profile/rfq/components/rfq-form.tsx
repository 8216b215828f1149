/**
 * The buying request form (contract/rfq.ts RfqSchema), shared by `/profile/rfq/new` and the edit
 * form of `/profile/rfq/:id`. Plain fields that post without JavaScript; the TN VED code is chosen
 * with the product form's ClassifierPicker (its no-JS search step answered by the route action,
 * app/routes/profile/components/classifier-picker.server.ts); the invited suppliers are found by name or INN and ticked
 * with the SupplierPicker (its no-JS search step answered by the route action too,
 * app/routes/profile/rfq/lib/picker.server.ts). The form posts multipart: its `attachments` are
 * uploaded by the action (app/routes/profile/rfq/lib/attachments.server.ts); the files already attached are listed.
 * Contacts typed into a public request's title or description (contract/rfq.ts `findContacts`) are
 * named in a warning under the description before sending, with the box to keep them on purpose —
 * live while typing with JavaScript, and in the page the server answers without it (usability
 * review #16; the schema refuses them otherwise).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { CURRENCY_CODES } from "#contract/profile/fields.ts";
import type { FileView } from "#contract/files.ts";
import { findContacts, INCOTERMS, MAX_RFQ_FILES, RfqSchema } from "#contract/rfq.ts";
import { UNIT_IDS } from "#contract/units.ts";
import { LANGS } from "#contract/lang-schemas.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { rfqFormData } from "../lib/forms.ts";
import { useT } from "#app/lib/use-t.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { ClassifierPicker, type PickerSearch } from "#app/routes/profile/components/classifier-picker.tsx";
import { InputField, SelectField, TextareaField, type AnyField } from "#app/components/form/field.tsx";
import { codeOptions } from "#app/components/form/options.tsx";
import { AttachmentsField } from "#app/components/rfq/attachments.tsx";
import { SupplierPicker, type SupplierPick } from "./supplier-picker.tsx";

export interface RfqFormProps {
  id: string;
  result?: SubmissionResult<string[]>;
  categories: { id: number; name: string; depth: number }[];
  defaultValue?: Record<string, any>;
  /** Labels of the submit buttons: `[intent, label]`. */
  buttons: [string, string][];
  /** Names of the chosen TN VED code, and the picker's no-JS search step (from the action). */
  tnvedNames?: Record<string, string>;
  picker?: PickerSearch | null;
  /** Files already attached (the edit form). */
  files?: readonly FileView[];
  /** The invitation picker's state from the action, and the names of companies invited before (the edit form). */
  suppliers?: SupplierPick | null;
  invitedKnown?: readonly { id: number; name: string }[];
}

export function RfqForm({
  id,
  result,
  categories,
  defaultValue,
  buttons,
  tnvedNames,
  picker,
  files,
  suppliers,
  invitedKnown,
}: RfqFormProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const [form, conformFields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? result : undefined,
    defaultValue: defaultValue ?? { lang, visibility: "public", unit: "pcs", incoterms: "FCA", destinationCountry: "RU" },
    onValidate: ({ formData }) => parseWithZod(rfqFormData(formData), { schema: RfqSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The schema's preprocessed id lists make Conform's inferred field map partial; every field below exists.
  const fields = conformFields as unknown as Record<
    | "title"
    | "description"
    | "lang"
    | "tnvedCode"
    | "categoryId"
    | "quantity"
    | "unit"
    | "targetPrice"
    | "currency"
    | "incoterms"
    | "destinationCountry"
    | "destinationCity"
    | "deadline"
    | "visibility"
    | "invitedCompanyIds"
    | "allowContacts",
    AnyField
  >;
  const initial = (field: AnyField) => (typeof field.initialValue === "string" ? field.initialValue : "");
  const contactsOf = (title: string, description: string, visibility: string) =>
    visibility === "private" ? [] : findContacts(`${title}\n${description}`);
  const [contacts, setContacts] = useState(() =>
    contactsOf(initial(fields.title), initial(fields.description), initial(fields.visibility) || "public"),
  );
  const watch = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const found = contactsOf(String(data.get("title") ?? ""), String(data.get("description") ?? ""), String(data.get("visibility") ?? ""));
    setContacts((before) => (before.join("\n") === found.join("\n") ? before : found));
  };
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card rfq-form" onInput={watch} onChange={watch}>
      <button type="submit" name="intent" value={buttons[0]![0]} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <InputField field={fields.title} label={t("rfq.fields.title")} maxLength={200} />
      <TextareaField field={fields.description} label={t("rfq.fields.description")} rows={6} maxLength={5000} />
      {contacts.length > 0 ? (
        <div className="notice notice-warn rfq-contacts-warning" role="status" data-testid="contacts-warning">
          <p>{t("rfq.contacts.warning", { list: contacts.join(", ") })}</p>
          <label className="checkbox">
            <input
              type="checkbox"
              name={fields.allowContacts.name}
              value="on"
              defaultChecked={fields.allowContacts.initialValue === "on"}
            />{" "}
            {t("rfq.contacts.allow")}
          </label>
        </div>
      ) : null}
      <SelectField
        field={fields.lang}
        label={t("rfq.fields.lang")}
        options={LANGS.map((l) => ({ value: l, label: t(`rfq.langNames.${l}`) }))}
      />
      <ClassifierPicker
        classifier="tnved"
        form={form}
        field={fields.tnvedCode}
        label={t("rfq.fields.tnvedCode")}
        hint={t("rfq.hints.tnvedCode")}
        names={tnvedNames}
        search={picker}
      />
      <SelectField
        field={fields.categoryId}
        label={t("rfq.fields.category")}
        options={[
          { value: "", label: t("rfq.noCategory") },
          ...categories.map((c) => ({ value: String(c.id), label: `${"\u00a0\u00a0".repeat(c.depth)}${c.name}` })),
        ]}
      />
      <div className="rfq-form-row">
        <InputField field={fields.quantity} label={t("rfq.fields.quantity")} inputMode="decimal" />
        <SelectField
          field={fields.unit}
          label={t("rfq.fields.unit")}
          options={UNIT_IDS.map((u) => ({ value: u, label: t(`rfq.units.${u}`) }))}
        />
      </div>
      <div className="rfq-form-row">
        <InputField field={fields.targetPrice} label={t("rfq.fields.targetPrice")} hint={t("rfq.hints.targetPrice")} inputMode="decimal" />
        <SelectField
          field={fields.currency}
          label={t("rfq.fields.currency")}
          options={[{ value: "", label: t("rfq.none") }, ...codeOptions(CURRENCY_CODES)]}
        />
      </div>
      <SelectField field={fields.incoterms} label={t("rfq.fields.incoterms")} options={codeOptions(INCOTERMS)} />
      <div className="rfq-form-row">
        <InputField field={fields.destinationCountry} label={t("rfq.fields.destinationCountry")} maxLength={2} autoComplete="country" />
        <InputField field={fields.destinationCity} label={t("rfq.fields.destinationCity")} maxLength={200} />
      </div>
      <InputField field={fields.deadline} label={t("rfq.fields.deadline")} type="date" />
      <fieldset className="field">
        <legend>{t("rfq.fields.visibility")}</legend>
        {(["public", "private"] as const).map((v) => (
          <label key={v} className="radio">
            <input
              type="radio"
              name={fields.visibility.name}
              value={v}
              defaultChecked={(fields.visibility.initialValue ?? "public") === v}
            />{" "}
            {t(`rfq.visibility.${v}`)}
          </label>
        ))}
      </fieldset>
      <SupplierPicker
        form={form}
        field={fields.invitedCompanyIds}
        label={t("rfq.fields.invitedCompanyIds")}
        hint={t("rfq.hints.invited")}
        known={invitedKnown ?? []}
        pick={suppliers}
      />
      <AttachmentsField id={id} files={files} errors={form.allErrors.attachments} max={MAX_RFQ_FILES} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="page-actions">
        {buttons.map(([intent, label], index) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            className={`button ${index === buttons.length - 1 ? "button-primary" : "button-secondary"}`}
            disabled={navigation.state === "submitting"}
          >
            {label}
          </button>
        ))}
      </div>
    </Form>
  );
}
