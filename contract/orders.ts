/**
 * Orders (issue 28 §1–§2; ADR 048): the deal after the handshake between a buyer company and a
 * supplier company.
 *
 * An order is created from an accepted quote, from a conversation (either side proposes) or by a
 * buyer from a supplier's products. Its terms live in VERSIONS: each version is a frozen snapshot
 * (`OrderSnapshot`: both parties with their legal entities, the lines, the terms) proposed by one
 * side; the other side accepts it (both consents are then recorded: who, when, from which account)
 * or counters it with a new version. The field-by-field difference between versions is shown with
 * the moderation diff machinery (server/admin/diff.ts).
 *
 * States: `negotiating` (a version waits for the other side) → `confirmed` (a version was accepted;
 * the stages run) → `closed` (the last stage confirmed); `cancelled` from `negotiating` by either
 * side with a reason, or from `confirmed` by agreement (one side asks, the other agrees).
 *
 * Stages (§2) after confirmation, each owned by one side, marked by it and confirmed or disputed by
 * the other, in order: ORDER_STAGES. Stages the terms make irrelevant are skipped (no prepayment, no
 * inspection). `shipped` carries the carrier, the transport document's kind and number, and a
 * tracking number; `customs_cleared` the declaration number.
 *
 * Who may act: the active employees of the two companies whose role answers buyers (owner, admin,
 * sales — ADR 009 `mayAnswerBuyers`); every employee of either company reads; staff (moderators,
 * admins) read every order; everyone else gets 404 `not_found`. Proposals (create and counter) are
 * limited per person like inquiries (server/api/rate-limits.ts `LIMITS.orderProposal`).
 */
import { z } from "zod";
import { LANGS } from "./lang-schemas.ts";
import {
  CURRENCY_CODES,
  Currency,
  decimal,
  form,
  Id,
  optionalText,
  optionError,
  PathIdParams,
  text,
  TnvedCode,
  typeError,
  Unit,
} from "./profile/fields.ts";
import { UNIT_IDS } from "./units.ts";
import { DateField, IncotermField, INCOTERMS, todayUtc } from "./rfq.ts";
import { defineRoute, PageMetaSchema, PagingSchema } from "./route.ts";
import { DiffFieldSchema } from "./admin/moderation.ts";
import { FileViewSchema } from "./files.ts";
import { isValidUscc } from "./uscc.ts";
import { OrderPaymentSchema, PAYMENT_OUTCOMES, PAYMENT_STAGES } from "./payment-routes.ts";
import type { ErrorCode } from "./errors.ts";

export const ORDER_STATES = ["negotiating", "confirmed", "cancelled", "closed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_ORIGINS = ["quote", "conversation", "products"] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
export const VERSION_STATES = ["proposed", "accepted", "countered", "superseded"] as const;
export type VersionState = (typeof VERSION_STATES)[number];
export const SIDES = ["buyer", "supplier"] as const;
export type Side = (typeof SIDES)[number];

/** How the balance after the prepayment is paid. */
export const BALANCE_TERMS = ["shipment_documents", "on_arrival", "letter_of_credit", "deferred"] as const;
export type BalanceTerm = (typeof BALANCE_TERMS)[number];
/** Who inspects the goods before shipment (`none`: no inspection, its stages are skipped). */
export const INSPECTORS = ["none", "buyer", "third_party"] as const;
/** Documents the buyer needs with the goods (a fixed list; anything else goes to `documentsOther`). */
export const ORDER_DOCUMENTS = [
  "commercial_invoice",
  "packing_list",
  "certificate_of_origin",
  "eac_declaration",
  "eac_certificate",
  "quality_certificate",
  "inspection_report",
  "insurance_policy",
] as const;
export type OrderDocument = (typeof ORDER_DOCUMENTS)[number];

/**
 * Stages after confirmation, in order, with the side that marks each (the other confirms or
 * disputes). Prepayment stages are skipped at 0 % prepayment; inspection stages without an inspector.
 */
export const ORDER_STAGES = [
  "prepayment_sent",
  "prepayment_received",
  "in_production",
  "ready_for_inspection",
  "inspected",
  "shipped",
  "arrived",
  "customs_cleared",
  "accepted",
  "closed",
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];
export const STAGE_OWNER: Record<OrderStage, Side> = {
  prepayment_sent: "buyer",
  prepayment_received: "supplier",
  in_production: "supplier",
  ready_for_inspection: "supplier",
  inspected: "buyer",
  shipped: "supplier",
  arrived: "buyer",
  customs_cleared: "buyer",
  accepted: "buyer",
  closed: "supplier",
};
export const STAGE_STATUSES = ["marked", "confirmed", "disputed"] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];
/** Kinds of transport document of the `shipped` stage: CMR (road), СМГС railway bill, bill of lading, air waybill. */
export const TRANSPORT_DOCUMENTS = ["cmr", "smgs", "bill_of_lading", "air_waybill"] as const;

/**
 * Kinds of a stage's document (issue 28 §2; ADR 056): the commercial documents, photos, the
 * inspection report and the transport documents of TRANSPORT_DOCUMENTS (CMR, СМГС railway bill, bill
 * of lading, air waybill); `other` for anything else.
 */
export const ORDER_DOCUMENT_KINDS = [
  "invoice",
  "packing_list",
  "certificate",
  "photo",
  "inspection_report",
  ...TRANSPORT_DOCUMENTS,
  "other",
] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];
/** Documents one stage may carry (both sides together). */
export const MAX_STAGE_DOCUMENTS = 30;
/** Files one upload of documents (or one dispute message) may bring. */
export const MAX_DOCUMENT_FILES = 5;

/** Resolutions one side proposes to end a dispute; a refund and a discount carry an amount in the order's currency. */
export const DISPUTE_RESOLUTIONS = ["partial_refund", "replacement", "discount", "other"] as const;
export type DisputeResolutionKind = (typeof DISPUTE_RESOLUTIONS)[number];
export const DISPUTE_STATES = ["open", "resolved", "withdrawn"] as const;
/** Characters of one dispute message (as an inquiry's message, contract/inquiries.ts). */
export const MAX_DISPUTE_MESSAGE = 5000;

/** The stages that apply under `terms` (prepayment and inspection stages skipped when the terms have none). */
export function stagesFor(terms: Pick<OrderTerms, "prepaymentPct" | "inspectionBy">): OrderStage[] {
  return ORDER_STAGES.filter((stage) => {
    if (stage === "prepayment_sent" || stage === "prepayment_received") return Number(terms.prepaymentPct) > 0;
    if (stage === "ready_for_inspection" || stage === "inspected") return terms.inspectionBy !== "none";
    return true;
  });
}

export const MAX_ORDER_LINES = 50;

/* ─── the proposal form ─────────────────────────────────────────────────────────────────────── */

/** A positive whole number of days (form values arrive as strings). */
const Days = (max: number) =>
  z.coerce.number({ error: typeError }).int({ error: "invalid_number" }).min(0, { error: "too_small" }).max(max, { error: "too_big" });
const optionalDays = (max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), Days(max).optional()) as unknown as z.ZodOptional<ReturnType<typeof Days>>;

/** A line: a product of the supplier (by id) or free text, quantity and unit (OKEI), unit price, TN VED code. */
export const OrderLineSchema = form({
  productId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: typeError }).pipe(Id).optional()),
  name: text(300),
  quantity: decimal({ integerDigits: 11, scale: 3 }),
  unit: Unit,
  unitPrice: decimal({ integerDigits: 12, scale: 2 }),
  tnvedCode: z.preprocess((v) => (v === "" || v === null ? undefined : v), TnvedCode.optional()),
});
export type OrderLineInput = z.output<typeof OrderLineSchema>;

const DocumentList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value.filter((v) => v !== "") : [value]),
  z.array(z.enum(ORDER_DOCUMENTS, { error: optionError }), { error: typeError }).max(ORDER_DOCUMENTS.length),
);

/** The terms of a proposal (see the module comment); the lines' prices are in `currency`. */
export const OrderTermsFields = {
  currency: Currency,
  incoterms: IncotermField,
  incotermsPlace: text(200),
  /** A fixed delivery date, or a lead time in days from confirmation: one of the two. */
  deliveryDate: z.preprocess((v) => (v === "" || v === null ? undefined : v), DateField.optional()),
  leadTimeDays: optionalDays(730),
  prepaymentPct: z.coerce
    .number({ error: typeError })
    .int({ error: "invalid_number" })
    .min(0, { error: "too_small" })
    .max(100, { error: "too_big" }),
  balance: z.enum(BALANCE_TERMS, { error: optionError }),
  /** Days of deferral with `balance: deferred`. */
  balanceDays: optionalDays(365),
  /** One of the supplier's active payment routes (contract/payment-routes.ts; OrderDraft.paymentRoutes). */
  paymentRouteId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: typeError }).pipe(Id).optional()),
  /** A route the supplier does not list, or a note on the chosen one (bank branch, agent's terms), as typed. */
  paymentRouteLabel: optionalText(200),
  packing: optionalText(1000),
  inspectionBy: z.enum(INSPECTORS, { error: optionError }),
  inspectionWhen: optionalText(300),
  documents: DocumentList,
  documentsOther: optionalText(500),
  conditions: optionalText(5000),
};

/**
 * The proposing side's own legal party: a legal entity of its company's profile (Russian: INN, KPP,
 * OGRN), or a Chinese party's registered name and unified social credit code (18 characters, check
 * character per GB 32100-2015).
 */
export const PartyFields = {
  legalEntityId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: typeError }).pipe(Id).optional()),
  registeredName: optionalText(300),
  uscc: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\s+/g, "").toUpperCase() || undefined : v === null ? undefined : v),
    z.string({ error: typeError }).optional(),
  ),
};

export const ProposalFields = form({
  lines: z.array(OrderLineSchema, { error: typeError }).min(1, { error: "required" }).max(MAX_ORDER_LINES, { error: "too_many" }),
  ...OrderTermsFields,
  ...PartyFields,
  /** A note to the other side with this version (shown with it; not part of the terms). */
  note: optionalText(2000),
});

/** The rules across fields of a proposal. */
function proposalRules(value: z.output<typeof ProposalFields>, ctx: z.RefinementCtx): void {
  if (!value.deliveryDate && value.leadTimeDays === undefined)
    ctx.addIssue({ code: "custom", message: "required", path: ["deliveryDate"] });
  if (value.deliveryDate && value.deliveryDate < todayUtc()) ctx.addIssue({ code: "custom", message: "too_small", path: ["deliveryDate"] });
  if (value.balance === "deferred" && value.balanceDays === undefined)
    ctx.addIssue({ code: "custom", message: "required", path: ["balanceDays"] });
  if (value.inspectionBy !== "none" && !value.inspectionWhen)
    ctx.addIssue({ code: "custom", message: "required", path: ["inspectionWhen"] });
  if (value.uscc !== undefined) {
    if (!isValidUscc(value.uscc)) ctx.addIssue({ code: "custom", message: "uscc_checksum", path: ["uscc"] });
    if (!value.registeredName) ctx.addIssue({ code: "custom", message: "required", path: ["registeredName"] });
  } else if (value.registeredName) ctx.addIssue({ code: "custom", message: "required", path: ["uscc"] });
  if (value.uscc !== undefined && value.legalEntityId !== undefined) ctx.addIssue({ code: "custom", message: "one_party", path: ["uscc"] });
}

/** A proposal (a counter of an order's version; also the body of a new order with its origin). */
export const ProposalSchema = ProposalFields.superRefine(proposalRules);
export type ProposalInput = z.output<typeof ProposalSchema>;

/** Where a new order comes from: an accepted quote, a conversation, or a supplier (a buyer ordering its products). */
export const OrderOriginFields = {
  quoteId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: typeError }).pipe(Id).optional()),
  conversationId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: typeError }).pipe(Id).optional()),
  supplierCompanyId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: typeError }).pipe(Id).optional(),
  ),
};

export const CreateOrderSchema = ProposalFields.extend(OrderOriginFields).superRefine((value, ctx) => {
  proposalRules(value, ctx);
  const given = [value.quoteId, value.conversationId, value.supplierCompanyId].filter((v) => v !== undefined).length;
  if (given !== 1) ctx.addIssue({ code: "custom", message: "one_origin", path: ["quoteId"] });
});
export type CreateOrderInput = z.output<typeof CreateOrderSchema>;

/** Accepting a version: which version the caller read (a newer one makes it 409 `invalid_transition`). */
export const AcceptSchema = form({
  version: z.coerce.number({ error: typeError }).int({ error: "invalid_type" }).min(1, { error: "too_small" }),
});

/** Cancelling (before confirmation: at once; after: asks the other side) or answering the other side's request to cancel. */
export const CancelSchema = form({
  action: z.enum(["cancel", "agree", "withdraw"], { error: optionError }),
  reason: optionalText(1000),
}).superRefine((value, ctx) => {
  if (value.action === "cancel" && !value.reason) ctx.addIssue({ code: "custom", message: "required", path: ["reason"] });
});

/** Marking a stage (its owner) or answering a mark (the other side). */
export const StageActionSchema = form({
  stage: z.enum(ORDER_STAGES, { error: optionError }),
  action: z.enum(["mark", "confirm", "dispute"], { error: optionError }),
  note: optionalText(2000),
  carrier: optionalText(200),
  transportDocument: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(TRANSPORT_DOCUMENTS, { error: optionError }).optional(),
  ),
  transportDocumentNumber: optionalText(100),
  trackingNumber: optionalText(100),
  declarationNumber: optionalText(100),
  fileIds: z
    .preprocess(
      (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value.filter((v) => v !== "") : [value]),
      z.array(z.coerce.number().pipe(Id), { error: typeError }).max(10, { error: "too_many" }),
    )
    .optional(),
}).superRefine((value, ctx) => {
  if (value.action === "dispute" && !value.note) ctx.addIssue({ code: "custom", message: "required", path: ["note"] });
  if (value.action === "mark" && value.stage === "shipped") {
    if (!value.carrier) ctx.addIssue({ code: "custom", message: "required", path: ["carrier"] });
    if (!value.transportDocument) ctx.addIssue({ code: "custom", message: "required", path: ["transportDocument"] });
    if (!value.transportDocumentNumber) ctx.addIssue({ code: "custom", message: "required", path: ["transportDocumentNumber"] });
  }
  if (value.action === "mark" && value.stage === "customs_cleared" && !value.declarationNumber)
    ctx.addIssue({ code: "custom", message: "required", path: ["declarationNumber"] });
});
export type StageActionInput = z.output<typeof StageActionSchema>;

/** Ids of earlier temporary uploads (contract/files.ts createUpload), one or several form values. */
const FileIds = (min: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value.filter((v) => v !== "") : [value]),
    z
      .array(z.coerce.number({ error: typeError }).pipe(Id), { error: typeError })
      .min(min, { error: "required" })
      .max(MAX_DOCUMENT_FILES, { error: "too_many" })
      .transform((ids) => [...new Set(ids)]),
  );

/** Attaching documents to a stage: the stage, the documents' kind, the uploads (1–MAX_DOCUMENT_FILES). */
export const AddDocumentsSchema = form({
  stage: z.enum(ORDER_STAGES, { error: optionError }),
  kind: z.enum(ORDER_DOCUMENT_KINDS, { error: optionError }),
  fileIds: FileIds(1),
});
export type AddDocumentsInput = z.output<typeof AddDocumentsSchema>;

/** A proposed resolution's fields (prefixed `proposal` in a message form; all empty: no proposal). */
const ProposalKind = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.enum(DISPUTE_RESOLUTIONS, { error: optionError }).optional(),
);
const DisputeMessageFields = {
  message: text(MAX_DISPUTE_MESSAGE),
  fileIds: FileIds(0),
  proposalKind: ProposalKind,
  /** A partial refund's or a discount's amount, in the order's currency. */
  proposalAmount: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    decimal({ integerDigits: 14, scale: 2 }).optional(),
  ) as unknown as z.ZodOptional<ReturnType<typeof decimal>>,
};

function disputeMessageRules(
  value: { proposalKind?: DisputeResolutionKind | undefined; proposalAmount?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const needsAmount = value.proposalKind === "partial_refund" || value.proposalKind === "discount";
  if (needsAmount && !value.proposalAmount) ctx.addIssue({ code: "custom", message: "required", path: ["proposalAmount"] });
  if (!needsAmount && value.proposalAmount) ctx.addIssue({ code: "custom", message: "invalid_option", path: ["proposalAmount"] });
}

/** A message in a dispute: text, evidence files, optionally a proposed resolution. */
export const DisputeMessageSchema = form(DisputeMessageFields).superRefine(disputeMessageRules);
export type DisputeMessageInput = z.output<typeof DisputeMessageSchema>;

/** Reporting a problem on a stage: the stage and the first message (with evidence, optionally a proposal). */
export const OpenDisputeSchema = form({ stage: z.enum(ORDER_STAGES, { error: optionError }), ...DisputeMessageFields }).superRefine(
  disputeMessageRules,
);
export type OpenDisputeInput = z.output<typeof OpenDisputeSchema>;

/** Answering the other side's proposal (the newest open one: `messageId`), or withdrawing one's own dispute. */
export const DisputeAnswerSchema = form({
  action: z.enum(["accept", "reject", "withdraw"], { error: optionError }),
  messageId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: typeError }).pipe(Id).optional()),
}).superRefine((value, ctx) => {
  if (value.action !== "withdraw" && value.messageId === undefined)
    ctx.addIssue({ code: "custom", message: "required", path: ["messageId"] });
});
export type DisputeAnswerInput = z.output<typeof DisputeAnswerSchema>;

/* ─── views ─────────────────────────────────────────────────────────────────────────────────── */

const Lang = z.enum(LANGS);

export const LegalPartySchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("ru"),
      legalEntityId: z.number().int(),
      inn: z.string(),
      kpp: z.string().nullable(),
      ogrn: z.string().nullable(),
      nameFull: z.string(),
    }),
    z.object({ kind: z.literal("cn"), registeredName: z.string(), uscc: z.string().meta({ description: "Unified social credit code" }) }),
  ])
  .meta({ id: "OrderLegalParty" });
export type LegalParty = z.infer<typeof LegalPartySchema>;

export const OrderPartySchema = z.object({
  companyId: z.number().int(),
  name: z.string().meta({ description: "The company's name as of the version (in the language it was written)" }),
  country: z.string(),
  legal: LegalPartySchema.nullable().meta({ description: "Its legal entity; null until that side names it" }),
});

export const OrderLineViewSchema = z.object({
  productId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.string(),
  unit: z.enum(UNIT_IDS as [string, ...string[]]),
  unitPrice: z.string(),
  tnvedCode: z.string().nullable(),
});
export type OrderLine = z.infer<typeof OrderLineViewSchema>;

export const OrderTermsSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  incoterms: z.enum(INCOTERMS),
  incotermsPlace: z.string(),
  deliveryDate: z.string().nullable(),
  leadTimeDays: z.number().int().nullable(),
  prepaymentPct: z.number().int(),
  balance: z.enum(BALANCE_TERMS),
  balanceDays: z.number().int().nullable(),
  paymentRoute: z.object({ routeId: z.number().int().nullable(), label: z.string() }).nullable(),
  packing: z.string().nullable(),
  inspectionBy: z.enum(INSPECTORS),
  inspectionWhen: z.string().nullable(),
  documents: z.array(z.enum(ORDER_DOCUMENTS)),
  documentsOther: z.string().nullable(),
  conditions: z.string().nullable(),
});
export type OrderTerms = z.infer<typeof OrderTermsSchema>;

/** One version's frozen content: both parties, the lines and the terms. */
export const OrderSnapshotSchema = z
  .object({ buyer: OrderPartySchema, supplier: OrderPartySchema, lines: z.array(OrderLineViewSchema), terms: OrderTermsSchema })
  .meta({ id: "OrderSnapshot" });
export type OrderSnapshot = z.infer<typeof OrderSnapshotSchema>;

export const ConsentSchema = z.object({
  side: z.enum(SIDES),
  userId: z.number().int(),
  name: z.string().meta({ description: "The person's name as of consenting" }),
  email: z.string().nullable().meta({ description: "The account's sign-in e-mail as of consenting" }),
  at: z.string(),
});
export type Consent = z.infer<typeof ConsentSchema>;

export const OrderVersionSchema = z
  .object({
    number: z.number().int(),
    state: z.enum(VERSION_STATES),
    proposedBy: z.object({ side: z.enum(SIDES), companyId: z.number().int(), userId: z.number().int(), name: z.string() }),
    note: z.string().nullable(),
    snapshot: OrderSnapshotSchema,
    consents: z.array(ConsentSchema),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    diff: z.array(DiffFieldSchema).meta({ description: "Field by field against the previous version (empty for the first)" }),
  })
  .meta({ id: "OrderVersion" });
export type OrderVersion = z.infer<typeof OrderVersionSchema>;

/** A line's amount and its landed-cost estimate in roubles (duty and import VAT by its TN VED code), when computable. */
export const LineTotalSchema = z.object({
  amount: z.string(),
  amountRub: z.string().nullable(),
  landedRub: z.string().nullable().meta({
    description: "Price + duty + import VAT in RUB (server/money/landed-cost.ts); null without a TN VED code, tariff line or rate",
  }),
});
export const OrderTotalsSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  total: z.string(),
  totalRub: z.string().nullable().meta({ description: "≈ RUB at the Bank of Russia rate of `rateDate`; null without a rate" }),
  rateDate: z.string().nullable(),
  lines: z.array(LineTotalSchema),
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

export const OrderDocumentViewSchema = z
  .object({
    id: z.number().int(),
    stage: z.enum(ORDER_STAGES),
    kind: z.enum(ORDER_DOCUMENT_KINDS),
    side: z.enum(SIDES),
    uploadedBy: z.string().meta({ description: "The person's name as of uploading" }),
    createdAt: z.string(),
    file: FileViewSchema.meta({ description: "A private file: `url` is `/files/{id}`, for the two companies' employees and staff" }),
  })
  .meta({ id: "OrderDocument" });
export type OrderDocumentView = z.infer<typeof OrderDocumentViewSchema>;

export const DisputeProposalSchema = z.object({
  kind: z.enum(DISPUTE_RESOLUTIONS),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
});

export const DisputeMessageViewSchema = z.object({
  id: z.number().int(),
  side: z.enum(SIDES).nullable().meta({ description: "null: staff" }),
  author: z.string(),
  body: z.string(),
  files: z.array(FileViewSchema),
  proposal: DisputeProposalSchema.nullable(),
  proposalState: z.enum(["open", "accepted", "rejected", "superseded"]).nullable(),
  createdAt: z.string(),
});

export const DisputeViewSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    stage: z.enum(ORDER_STAGES),
    state: z.enum(DISPUTE_STATES),
    openedBySide: z.enum(SIDES),
    resolution: DisputeProposalSchema.extend({
      proposedBySide: z.enum(SIDES),
      acceptedBySide: z.enum(SIDES),
      acceptedByName: z.string(),
      at: z.string(),
    })
      .nullable()
      .meta({ description: "The accepted proposal, once resolved" }),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
    messages: z.array(DisputeMessageViewSchema),
    may: z.object({
      post: z.boolean(),
      answer: z.number().int().nullable().meta({ description: "The open proposal the caller may accept or reject" }),
      withdraw: z.boolean(),
    }),
  })
  .meta({ id: "OrderDispute" });
export type DisputeView = z.infer<typeof DisputeViewSchema>;

export const StageViewSchema = z.object({
  stage: z.enum(ORDER_STAGES),
  owner: z.enum(SIDES),
  status: z.enum(["pending", ...STAGE_STATUSES]),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  data: z
    .record(z.string(), z.string())
    .meta({ description: "carrier, transportDocument, transportDocumentNumber, trackingNumber, declarationNumber" }),
  note: z.string().nullable(),
  disputeNote: z.string().nullable(),
  markedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  documents: z.array(OrderDocumentViewSchema).meta({ description: "Oldest first" }),
});
export type StageView = z.infer<typeof StageViewSchema>;

export const OrderSummarySchema = z
  .object({
    id: z.number().int(),
    state: z.enum(ORDER_STATES),
    origin: z.enum(ORDER_ORIGINS),
    side: z.enum(SIDES).nullable().meta({ description: "The caller's side; null for staff" }),
    counterparty: z.object({ companyId: z.number().int(), name: z.string() }),
    currentVersion: z.number().int(),
    waitingFor: z.enum(SIDES).nullable().meta({ description: "The side whose answer a proposed version awaits" }),
    stage: z.enum(ORDER_STAGES).nullable().meta({ description: "The current stage of a confirmed order (the first not confirmed)" }),
    overdue: z.boolean(),
    total: z.string(),
    currency: z.enum(CURRENCY_CODES),
    updatedAt: z.string(),
  })
  .meta({ id: "OrderSummary" });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderViewSchema = OrderSummarySchema.extend({
  buyerCompanyId: z.number().int(),
  supplierCompanyId: z.number().int(),
  quoteId: z.number().int().nullable(),
  conversationId: z.number().int().nullable(),
  versions: z.array(OrderVersionSchema).meta({ description: "Newest first" }),
  current: OrderVersionSchema,
  agreed: OrderVersionSchema.nullable().meta({ description: "The accepted version (frozen), once confirmed" }),
  totals: OrderTotalsSchema,
  stages: z.array(StageViewSchema),
  disputes: z.array(DisputeViewSchema).meta({ description: "Newest first" }),
  cancel: z
    .object({ requestedBy: z.enum(SIDES).nullable(), reason: z.string().nullable(), cancelledAt: z.string().nullable() })
    .meta({ description: "A pending request to cancel by agreement, or the cancellation" }),
  payments: z
    .object({
      recorded: z.array(
        z.object({
          stage: z.enum(PAYMENT_STAGES),
          outcome: z.enum(PAYMENT_OUTCOMES),
          days: z.number().int().nullable(),
          bankReason: z.string().nullable(),
          feesAmount: z.string().nullable(),
          feesCurrency: z.string().nullable(),
          recordedAt: z.string(),
        }),
      ),
      open: z.array(z.enum(PAYMENT_STAGES)).meta({ description: "Payment stages the caller (the payer) may record now" }),
    })
    .meta({ description: "What happened to the buyer's payments on the agreed route (issue 28 §3), as the payer recorded it" }),
  may: z.object({
    accept: z.boolean(),
    counter: z.boolean(),
    cancel: z.boolean(),
    agreeCancel: z.boolean(),
    markStage: z.enum(ORDER_STAGES).nullable(),
    answerStage: z.enum(ORDER_STAGES).nullable(),
    documentStages: z.array(z.enum(ORDER_STAGES)).meta({ description: "Stages the caller may attach documents to now" }),
    disputeStages: z
      .array(z.enum(ORDER_STAGES))
      .meta({ description: "Stages the caller may report a problem on now (no open dispute on them)" }),
  }),
}).meta({ id: "Order" });
export type OrderView = z.infer<typeof OrderViewSchema>;
export type OrderPayment = OrderView["payments"]["recorded"][number];

/** What a new-order form starts from: the counterparty, lines and terms carried over from the origin, the caller's legal entities. */
export const OrderDraftSchema = z
  .object({
    side: z.enum(SIDES),
    counterparty: z.object({ companyId: z.number().int(), name: z.string(), country: z.string() }),
    origin: z.enum(ORDER_ORIGINS),
    lines: z.array(OrderLineViewSchema),
    terms: OrderTermsSchema.partial(),
    legalEntities: z.array(z.object({ id: z.number().int(), inn: z.string(), nameFull: z.string() })),
    paymentRoutes: z
      .array(z.object({ id: z.number().int(), label: z.string() }))
      .meta({ description: "The supplier's active payment routes (issue 28 §3), to choose one in the terms" }),
    products: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        unit: z.string().nullable(),
        price: z.string().nullable(),
        currency: z.string().nullable(),
        tnvedCode: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "OrderDraft" });
export type OrderDraft = z.infer<typeof OrderDraftSchema>;

/* ─── routes ────────────────────────────────────────────────────────────────────────────────── */

const TAG = "Profile: orders";
const MEMBER = ["no_company", "member_blocked"] as const satisfies readonly ErrorCode[];
const ViewQuery = z.object({ lang: Lang.default("ru") });

export const ListOrdersQuery = PagingSchema.extend({
  lang: Lang.default("ru"),
  state: z.enum(ORDER_STATES).optional(),
  stage: z.enum(ORDER_STAGES).optional(),
  overdue: z.preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "" ? undefined : v), z.boolean().optional()),
  counterparty: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  awaiting: z
    .preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "" ? undefined : v), z.boolean().optional())
    .meta({
      description:
        "Only orders waiting for the caller's company: a version the other side proposed, a stage it owns and has not marked, a stage the other side marked for it to confirm, or an overdue stage",
    }),
});

export const listOrders = defineRoute({
  method: "GET",
  path: "/api/profile/orders",
  operationId: "listOrders",
  tag: TAG,
  summary: "The caller's company's orders (as buyer and as supplier), last changed first",
  description:
    "Filters: `state`, `stage` (the current stage), `overdue`, `counterparty` (a company id), `awaiting` (the company's turn: the inbox's list).",
  auth: "user",
  scopes: ["orders"],
  query: ListOrdersQuery,
  data: z.array(OrderSummarySchema),
  meta: PageMetaSchema,
  errors: MEMBER,
});

export const OrderDraftQuery = z.object({
  lang: Lang.default("ru"),
  quoteId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  conversationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  supplierCompanyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  productId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  orderId: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .meta({ description: "A counter-proposal: the order's current version" }),
});

export const getOrderDraft = defineRoute({
  method: "GET",
  path: "/api/profile/orders/draft",
  operationId: "getOrderDraft",
  tag: TAG,
  summary: "What a new order starts from: an accepted quote, a conversation, or a supplier (and one of its products)",
  description:
    "Exactly one of `quoteId`, `conversationId`, `supplierCompanyId` (else 400 `invalid_query`). The origin must be the caller's company's (404 otherwise); a quote must be the accepted one (409 `invalid_transition`).",
  auth: "user",
  query: OrderDraftQuery,
  data: OrderDraftSchema,
  errors: [...MEMBER, "forbidden_role", "not_found", "invalid_transition", "own_company"],
});

export const createOrder = defineRoute({
  method: "POST",
  path: "/api/profile/orders",
  operationId: "createOrder",
  tag: TAG,
  summary: "Propose a new order (its version 1) to the other company",
  description:
    "From an accepted quote (either side), a conversation (either side) or a supplier's products (the buyer). Access: owner, admin or sales (ADR 009). Limited per person (`LIMITS.orderProposal`).",
  auth: "user",
  query: ViewQuery,
  body: CreateOrderSchema,
  data: OrderViewSchema,
  status: 201,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "own_company", "rate_limited"],
});

export const getOrder = defineRoute({
  method: "GET",
  path: "/api/profile/orders/{id}",
  operationId: "getOrder",
  tag: TAG,
  summary: "One order with its versions (and their diffs), totals and stages",
  description: "For the two companies' employees and staff; 404 for everyone else.",
  auth: "user",
  scopes: ["orders"],
  params: PathIdParams,
  query: ViewQuery,
  data: OrderViewSchema,
  errors: ["not_found"],
});

export const counterOrder = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/versions",
  operationId: "counterOrder",
  tag: TAG,
  summary: "Counter the version waiting for the caller's side with a new version",
  description: "Only while negotiating and by the side the current version waits for (409 `invalid_transition` otherwise).",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: ProposalSchema,
  data: OrderViewSchema,
  status: 201,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "rate_limited"],
});

export const acceptOrder = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/accept",
  operationId: "acceptOrder",
  tag: TAG,
  summary: "Accept the current version: it is frozen with both consents and the order is confirmed",
  description:
    "By the side the version waits for; `version` must be the current one. Both legal parties must be named (409 `party_missing`: counter with yours).",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: AcceptSchema,
  data: OrderViewSchema,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "party_missing"],
});

export const cancelOrder = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/cancel",
  operationId: "cancelOrder",
  tag: TAG,
  summary: "Cancel: at once before confirmation (with a reason); after it, by agreement",
  description: "`cancel` before confirmation cancels; after it asks the other side, who may `agree`; the asking side may `withdraw`.",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: CancelSchema,
  data: OrderViewSchema,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition"],
});

export const stageAction = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/stages",
  operationId: "orderStageAction",
  tag: TAG,
  summary: "Mark a stage (its owner side) or confirm or dispute it (the other side)",
  description: "Stages go in order: a stage is marked once the one before is confirmed. A disputed stage may be marked again.",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: StageActionSchema,
  data: OrderViewSchema,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "file_not_found", "rate_limited"],
});

export const getOrderContract = defineRoute({
  method: "GET",
  path: "/api/profile/orders/{id}/contract.pdf",
  operationId: "getOrderContract",
  tag: TAG,
  summary: "The agreed version as a bilingual contract (PDF)",
  description:
    "Russian and the supplier's language (Chinese for a supplier in China, English otherwise): both parties with their legal entities, the lines, totals, terms and both sides' recorded consent (server/orders/contract.ts). For the two companies' employees and staff; 404 for everyone else; 409 `invalid_transition` while no version is agreed.",
  auth: "user",
  params: PathIdParams,
  data: z.null(),
  raw: { contentType: "application/pdf", description: "The contract, as an attachment named order-<id>-v<version>.pdf" },
  errors: ["not_found", "invalid_transition"],
});

export const recordOrderPayment = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/payments",
  operationId: "recordOrderPayment",
  tag: TAG,
  summary: "Record what happened to a payment of the order (the payer)",
  description:
    "Credited or partially credited after N days, returned after N days with the bank's reason as given, or frozen; the fees actually paid. One outcome per payment stage (prepayment after it is marked sent; balance), on the payment route the agreed terms name. Feeds the route's 180-day figures on the supplier page and /payment-routes (ADR 049). The buyer's people who may act; the supplier's get 403 `forbidden_role`; 409 `invalid_transition` when the stage cannot be recorded now.",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: OrderPaymentSchema,
  data: OrderViewSchema,
  errors: [...MEMBER, "not_found", "forbidden_role", "company_blocked", "invalid_transition", "rate_limited"],
});

const DisputeParams = z.object({ id: PathIdParams.shape.id, disputeId: PathIdParams.shape.id });

export const addOrderDocuments = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/documents",
  operationId: "addOrderDocuments",
  tag: TAG,
  summary: "Attach documents (earlier uploads) to a stage: invoice, packing list, certificates, photos, transport documents",
  description:
    "Either side's people who may act, on a confirmed order, to a stage reached so far (the current one or before). The files are uploaded first (`POST /api/files/common`: type sniffing, size and storage quota) and become private to the two companies and staff. At most `MAX_STAGE_DOCUMENTS` per stage (409 `too_many_files`). Limited with the stage actions (`LIMITS.orderAction`).",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: AddDocumentsSchema,
  data: OrderViewSchema,
  status: 201,
  errors: [
    ...MEMBER,
    "forbidden_role",
    "company_blocked",
    "not_found",
    "invalid_transition",
    "file_not_found",
    "too_many_files",
    "rate_limited",
  ],
});

export const openOrderDispute = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/disputes",
  operationId: "openOrderDispute",
  tag: TAG,
  summary: "Report a problem on a stage: opens a dispute thread inside the order",
  description:
    "Either side's people who may act, on a confirmed or closed order, on a stage reached so far, one open dispute per stage (409 `invalid_transition`). The first message may bring evidence files and a proposed resolution. E-mails the other side; staff see it in the admin area. Limited like new inquiries (`LIMITS.orderDispute`).",
  auth: "user",
  params: PathIdParams,
  query: ViewQuery,
  body: OpenDisputeSchema,
  data: DisputeViewSchema,
  status: 201,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "file_not_found", "rate_limited"],
});

export const postDisputeMessage = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/disputes/{disputeId}/messages",
  operationId: "postOrderDisputeMessage",
  tag: TAG,
  summary: "Write in a dispute (evidence files, optionally a new proposed resolution); staff may step in",
  description:
    "Both sides' people who may act, and staff (moderators, admins), while the dispute is open. A new proposal supersedes the author side's earlier open one. E-mails the other side (both sides for staff). Limited like conversation messages (`LIMITS.orderDisputeMessage`).",
  auth: "user",
  params: DisputeParams,
  query: ViewQuery,
  body: DisputeMessageSchema,
  data: DisputeViewSchema,
  status: 201,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "file_not_found", "rate_limited"],
});

export const answerOrderDispute = defineRoute({
  method: "POST",
  path: "/api/profile/orders/{id}/disputes/{disputeId}/answer",
  operationId: "answerOrderDispute",
  tag: TAG,
  summary: "Accept or reject the other side's proposed resolution, or withdraw one's own dispute",
  description:
    "`accept` (the other side's open proposal `messageId`) resolves the dispute and records the resolution on the order; `reject` leaves the thread open; `withdraw` is for the side that opened it. 409 `invalid_transition` otherwise.",
  auth: "user",
  params: DisputeParams,
  query: ViewQuery,
  body: DisputeAnswerSchema,
  data: DisputeViewSchema,
  errors: [...MEMBER, "forbidden_role", "company_blocked", "not_found", "invalid_transition", "rate_limited"],
});

/** A dispute in the staff's list. */
export const DisputeSummarySchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    stage: z.enum(ORDER_STAGES),
    state: z.enum(DISPUTE_STATES),
    openedBySide: z.enum(SIDES),
    buyer: z.string(),
    supplier: z.string(),
    messages: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "OrderDisputeSummary" });
export type DisputeSummary = z.infer<typeof DisputeSummarySchema>;

export const listOrderDisputes = defineRoute({
  method: "GET",
  path: "/app/admin/order-disputes",
  operationId: "adminListOrderDisputes",
  tag: "Admin: order disputes",
  summary: "Disputes of every order, open ones by default, last active first (staff)",
  auth: "staff",
  query: PagingSchema.extend({ lang: Lang.default("ru"), state: z.enum(DISPUTE_STATES).default("open") }),
  data: z.array(DisputeSummarySchema),
  meta: PageMetaSchema,
});
