/**
 * The order proposal form (contract/orders.ts ProposalSchema): the lines — each a catalogue product
 * of the supplier or free text, quantity, unit (OKEI), unit price, TN VED code — added and removed
 * with Conform's `insert`/`remove` intents, which are plain submit buttons without JavaScript (the
 * route action answers with the form's state, every typed value kept); then the terms and the
 * proposing side's own legal entity. Used for a new order (app/routes/profile/orders/new.tsx) and a
 * counter-proposal (counter.tsx).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { BALANCE_TERMS, INSPECTORS, ORDER_DOCUMENTS, type OrderDraft } from "#contract/orders.ts";
import { CURRENCY_CODES } from "#contract/profile/fields.ts";
import { INCOTERMS } from "#contract/rfq.ts";
import { UNIT_IDS, UNITS, type UnitId } from "#contract/units.ts";
import { useT } from "#app/lib/use-t.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField, TextareaField, type AnyField } from "#app/components/form/field.tsx";
import { codeOptions } from "#app/components/form/options.tsx";

export function OrderForm({
  id,
  schema,
  result,
  defaultValue,
  legalEntities,
  products,
  paymentRoutes,
  submitLabel,
  hidden,
}: {
  id: string;
  schema: z.ZodType;
  result?: SubmissionResult<string[]>;
  defaultValue: Record<string, unknown>;
  legalEntities: OrderDraft["legalEntities"];
  products: OrderDraft["products"];
  /** The supplier's active payment routes (issue 28 §3). */
  paymentRoutes: OrderDraft["paymentRoutes"];
  submitLabel: string;
  /** Hidden fields posted with the form (the order's origin). */
  hidden?: Record<string, string>;
}) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const [form, conformFields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? result : undefined,
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    shouldValidate: "onSubmit",
  });
  const fields = conformFields as unknown as Record<string, AnyField> & { lines: AnyField };
  const lines = (fields.lines as unknown as { getFieldList: () => AnyField[] }).getFieldList();
  const unitOptions = UNIT_IDS.map((u) => ({ value: u, label: UNITS[u as UnitId][lang] }));
  const typed = (result?.initialValue?.documents ?? defaultValue.documents ?? []) as string[] | string;
  const documents = new Set(Array.isArray(typed) ? typed : [typed]);
  return (
    <Form method="post" {...getFormProps(form)} className="card rfq-form order-form">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors errors={form.errors} />
      <fieldset className="field">
        <legend>{t("orders.form.lines")}</legend>
        {lines.map((line, index) => {
          const f = (line as unknown as { getFieldset: () => Record<string, AnyField> }).getFieldset();
          return (
            <fieldset key={line.key} className="order-line">
              <legend className="small muted">#{index + 1}</legend>
              <div className="rfq-form-row">
                {products.length ? (
                  <SelectField
                    field={f.productId!}
                    label={t("orders.form.product")}
                    placeholder={t("orders.form.noProduct")}
                    options={products.map((p) => ({ value: String(p.id), label: p.name }))}
                  />
                ) : null}
                <InputField field={f.name!} label={t("orders.form.lineName")} />
              </div>
              <div className="rfq-form-row">
                <InputField field={f.quantity!} label={t("orders.form.quantity")} inputMode="decimal" />
                <SelectField field={f.unit!} label={t("orders.form.unit")} options={unitOptions} />
                <InputField field={f.unitPrice!} label={t("orders.form.unitPrice")} inputMode="decimal" />
                <InputField field={f.tnvedCode!} label={t("orders.form.tnved")} inputMode="numeric" />
              </div>
              {lines.length > 1 ? (
                <button className="button button-secondary" {...form.remove.getButtonProps({ name: fields.lines.name, index })}>
                  {t("orders.form.removeLine", { n: index + 1 })}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        <FieldError id={fields.lines.errorId} errors={fields.lines.errors} />
        <button
          className="button button-secondary"
          {...form.insert.getButtonProps({
            name: fields.lines.name,
            defaultValue: { unit: "pcs", name: "", quantity: "", unitPrice: "" } as never,
          })}
        >
          {t("orders.form.addLine")}
        </button>
      </fieldset>

      <h3>{t("orders.form.terms")}</h3>
      <div className="rfq-form-row">
        <SelectField field={fields.currency!} label={t("orders.fields.currency")} options={codeOptions(CURRENCY_CODES)} />
        <SelectField field={fields.incoterms!} label="Incoterms® 2020" options={codeOptions(INCOTERMS)} />
        <InputField field={fields.incotermsPlace!} label={t("orders.form.place")} />
      </div>
      <div className="rfq-form-row">
        <InputField field={fields.deliveryDate!} type="date" label={t("orders.fields.deliveryDate")} hint={t("orders.form.deliveryHint")} />
        <InputField field={fields.leadTimeDays!} label={t("orders.fields.leadTimeDays")} inputMode="numeric" />
      </div>
      <div className="rfq-form-row">
        <InputField field={fields.prepaymentPct!} label={t("orders.fields.prepaymentPct")} inputMode="numeric" />
        <SelectField
          field={fields.balance!}
          label={t("orders.fields.balance")}
          options={BALANCE_TERMS.map((b) => ({ value: b, label: t(`orders.balance.${b}`) }))}
        />
        <InputField field={fields.balanceDays!} label={t("orders.form.balanceDays")} inputMode="numeric" />
      </div>
      <div className="rfq-form-row">
        {paymentRoutes.length > 0 ? (
          <SelectField
            field={fields.paymentRouteId!}
            label={t("orders.fields.paymentRoute")}
            placeholder={t("orders.form.paymentRouteNone")}
            options={paymentRoutes.map((r) => ({ value: String(r.id), label: r.label }))}
          />
        ) : null}
        <InputField
          field={fields.paymentRouteLabel!}
          label={paymentRoutes.length > 0 ? t("orders.form.paymentRouteNote") : t("orders.fields.paymentRoute")}
          hint={t("orders.form.paymentRouteHint")}
        />
      </div>
      <div className="rfq-form-row">
        <SelectField
          field={fields.inspectionBy!}
          label={t("orders.fields.inspection")}
          options={INSPECTORS.map((i) => ({ value: i, label: t(`orders.inspectors.${i}`) }))}
        />
        <InputField field={fields.inspectionWhen!} label={t("orders.form.inspectionWhen")} />
      </div>
      <fieldset className="field">
        <legend>{t("orders.fields.documents")}</legend>
        <div className="order-documents">
          {ORDER_DOCUMENTS.map((d) => (
            <label key={d} className="radio">
              <input type="checkbox" name={fields.documents!.name} value={d} defaultChecked={documents.has(d)} />{" "}
              {t(`orders.documents.${d}`)}
            </label>
          ))}
        </div>
        <FieldError id={fields.documents!.errorId} errors={fields.documents!.errors} />
      </fieldset>
      <InputField field={fields.documentsOther!} label={t("orders.fields.documentsOther")} />
      <TextareaField field={fields.packing!} label={t("orders.fields.packing")} rows={2} />
      <TextareaField field={fields.conditions!} label={t("orders.fields.conditions")} rows={3} />

      <fieldset className="field">
        <legend>{t("orders.form.party")}</legend>
        <p className="field-hint">{t("orders.form.partyHint")}</p>
        {legalEntities.length ? (
          <SelectField
            field={fields.legalEntityId!}
            label={t("orders.form.legalEntity")}
            placeholder={t("orders.form.noEntity")}
            options={legalEntities.map((e) => ({ value: String(e.id), label: `${e.nameFull} · ИНН ${e.inn}` }))}
          />
        ) : null}
        <p className="small muted">{t("orders.form.orCn")}</p>
        <div className="rfq-form-row">
          <InputField field={fields.registeredName!} label={t("orders.form.registeredName")} />
          <InputField field={fields.uscc!} label={t("orders.form.uscc")} autoCapitalize="characters" />
        </div>
      </fieldset>
      <TextareaField field={fields.note!} label={t("orders.form.note")} rows={2} />
      <p className="page-actions">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
      </p>
    </Form>
  );
}
