/**
 * The frame shared by the two proposal pages — a new order (../new.tsx) and a counter-proposal
 * (../counter.tsx): the link back, the heading, whom the proposal goes to and as which side, and
 * the proposal form (./order-form.tsx) filled from the API's draft (contract/orders.ts OrderDraft).
 * Each page keeps only what differs: its loader and action, the schema, the labels and the
 * hidden origin fields.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { OrderDraft } from "#contract/orders.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { useT } from "#app/lib/use-t.ts";
import { OrderForm } from "./order-form.tsx";

export function ProposalPage({
  formId,
  draft,
  schema,
  result,
  defaults,
  back,
  title,
  submitLabel,
  extra,
  hidden,
}: {
  /** The form's id (Conform's key for its state). */
  formId: string;
  draft: OrderDraft;
  schema: z.ZodType;
  result: SubmissionResult<string[]> | undefined;
  defaults: Record<string, unknown>;
  /** Where the back link goes, and its text. */
  back: { to: string; label: string };
  title: string;
  submitLabel: string;
  /** More facts after "to whom, as which side" (a new order: its origin). */
  extra?: ReactNode;
  /** Hidden fields posted with the form (a new order's origin). */
  hidden?: Record<string, string>;
}) {
  const t = useT();
  return (
    <section className="rfq-page order-page">
      <p className="small">
        <LocaleLink to={back.to}>← {back.label}</LocaleLink>
      </p>
      <h1>{title}</h1>
      <p>
        <strong>{t("orders.form.to", { name: draft.counterparty.name })}</strong> ·{" "}
        <span className="muted">{t("orders.form.as", { side: t(`orders.sides.${draft.side}`) })}</span>
        {extra ? <> · {extra}</> : null}
      </p>
      <OrderForm
        id={formId}
        schema={schema}
        result={result}
        defaultValue={defaults}
        legalEntities={draft.legalEntities}
        products={draft.products}
        paymentRoutes={draft.paymentRoutes}
        submitLabel={submitLabel}
        hidden={hidden}
      />
    </section>
  );
}
