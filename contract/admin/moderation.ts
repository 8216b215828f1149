/**
 * The moderation queue (issue 7): companies and products waiting for a moderator, oldest first;
 * one record with its documents before and after and their field-by-field difference; approving
 * and rejecting (the company's people get an e-mail in their language).
 *
 * A document is a company or a product as one self-contained JSON object (every field a visitor
 * sees, referenced records named in all three languages): the approved one is kept as the "before"
 * of the next review (server/admin/diff.ts).
 */
import { z } from "zod";
import { LANGS, LangSchema, LocalizedSchema } from "../lang-schemas.ts";
import { IdSchema, PageMetaSchema, defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { AuditRowSchema } from "./audit.ts";
import { QueueCountsSchema } from "./home.ts";
import { LangField, form, text } from "./fields.ts";

/** `rfq`: a public buying request before it is listed (contract/rfq.ts). */
export const QUEUE_KINDS = ["company", "product", "rfq"] as const;
export const QueueKindSchema = z.enum(QUEUE_KINDS);
export type QueueKind = z.infer<typeof QueueKindSchema>;
const Lang = z.enum(LANGS);

export const QueueEntrySchema = z
  .object({
    kind: QueueKindSchema,
    id: z.number().int(),
    companyId: z.number().int(),
    name: LocalizedSchema,
    companyName: LocalizedSchema,
    status: z.string(),
    changesOnly: z.boolean().meta({ description: "A published product's changes (its public version stays until they are approved)" }),
    parts: z
      .array(z.string())
      .meta({ description: "Which parts a published product's changes touch (card, facts, prices, variants, files)" }),
    resubmission: z.boolean().meta({ description: "Approved before: the diff is against that version" }),
    sourceLang: Lang,
    waitingSince: z.string().meta({ description: "ISO 8601: the record's last change" }),
    innConflict: z
      .boolean()
      .optional()
      .meta({ description: "A company only: another published, moderated or blocked company lists one of its INNs (ADR 034)" }),
  })
  .meta({ id: "QueueEntry" });
export type QueueEntry = z.infer<typeof QueueEntrySchema>;

export const FileRefSchema = z
  .object({
    id: z.number().int(),
    url: z.string().nullable(),
    thumbUrl: z.string().nullable(),
    name: z.string().nullable(),
    mime: z.string().nullable(),
    title: LocalizedSchema,
    missing: z.boolean().optional().meta({ description: "The file was deleted after the snapshot was taken" }),
  })
  .meta({ id: "FileRef" });
export type FileRef = z.infer<typeof FileRefSchema>;

/** A referenced classifier code or region with its names. */
export const NamedSchema = z.object({ code: z.string(), name: LocalizedSchema }).meta({ id: "NamedCode" });
export type Named = z.infer<typeof NamedSchema>;

export const LocalizedFactSchema = z.object({ key: LocalizedSchema, value: LocalizedSchema });

export const ProductDocSchema = z
  .object({
    name: LocalizedSchema,
    description: LocalizedSchema,
    sourceLang: Lang,
    category: z.object({ id: z.number().int(), name: LocalizedSchema }).nullable(),
    tnved: NamedSchema.nullable(),
    moq: z.string().nullable(),
    moqUnit: z.string().nullable(),
    originCountry: z.string().nullable(),
    facts: z.array(LocalizedFactSchema),
    prices: z.array(z.object({ minQuantity: z.string(), price: z.string(), currency: z.string(), unit: z.string() })),
    variants: z.array(
      z.object({
        name: LocalizedSchema,
        attributes: z.array(z.object({ key: z.string(), value: z.string() })),
        price: z.string().nullable().optional(),
        currency: z.string().nullable().optional(),
      }),
    ),
    images: z.array(FileRefSchema),
    documents: z.array(FileRefSchema),
    translations: z.object({ name: LocalizedSchema, description: LocalizedSchema }).optional().meta({
      description:
        "The supplier's own translations of the name and description by language (machine ones are not reviewed); absent in snapshots approved before ADR 046",
    }),
  })
  .meta({ id: "ProductDoc" });
export type ProductDoc = z.infer<typeof ProductDocSchema>;

export const CompanyDocSchema = z
  .object({
    name: LocalizedSchema,
    description: LocalizedSchema,
    sourceLang: Lang,
    country: z.string(),
    region: NamedSchema.nullable(),
    city: LocalizedSchema,
    address: LocalizedSchema,
    website: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    yearFounded: z.number().int().nullable(),
    headcountRange: z.string().nullable(),
    okvedMain: NamedSchema.nullable(),
    okvedCodes: z.array(NamedSchema),
    facts: z.array(LocalizedFactSchema),
    logo: z.array(FileRefSchema),
    files: z.array(FileRefSchema),
    legalEntities: z.array(
      z.object({ kind: z.string(), inn: z.string(), kpp: z.string().nullable(), ogrn: z.string().nullable(), nameFull: z.string() }),
    ),
  })
  .meta({ id: "CompanyDoc" });
export type CompanyDoc = z.infer<typeof CompanyDocSchema>;

/** A buying request as a moderator reviews it (contract/rfq.ts): what visitors will read. */
export const RfqDocSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    lang: Lang,
    tnvedCode: z.string().nullable(),
    category: z.string().nullable(),
    quantity: z.string(),
    unit: z.string(),
    targetPrice: z.string().nullable(),
    currency: z.string().nullable(),
    incoterms: z.string(),
    destination: z.string(),
    deadline: z.string(),
    visibility: z
      .enum(["public", "private"])
      .optional()
      .meta({ description: "Public (listed once approved) or private (invited suppliers only)" }),
    files: z.array(FileRefSchema),
  })
  .meta({ id: "RfqDoc" });
export type RfqDoc = z.infer<typeof RfqDocSchema>;

export const ROW_STATUSES = ["same", "added", "removed"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];
const RowStatusSchema = z.enum(ROW_STATUSES);

/** One field of the diff. `text`: one value each side; `list`: rows; `files`: pictures and documents. */
export const DiffFieldSchema = z
  .discriminatedUnion("kind", [
    z.object({
      field: z.string(),
      kind: z.literal("text"),
      changed: z.boolean(),
      before: z.string().nullable(),
      after: z.string().nullable(),
      lang: Lang.optional(),
    }),
    z.object({
      field: z.string(),
      kind: z.literal("list"),
      changed: z.boolean(),
      before: z.array(z.object({ text: z.string(), status: RowStatusSchema })),
      after: z.array(z.object({ text: z.string(), status: RowStatusSchema })),
    }),
    z.object({
      field: z.string(),
      kind: z.literal("files"),
      changed: z.boolean(),
      images: z.boolean(),
      before: z.array(FileRefSchema.extend({ status: RowStatusSchema })),
      after: z.array(FileRefSchema.extend({ status: RowStatusSchema })),
    }),
  ])
  .meta({ id: "DiffField" });
export type DiffField = z.infer<typeof DiffFieldSchema>;

/** Another company listing one of the reviewed company's INNs (security review F7, ADR 034). */
export const InnConflictSchema = z
  .object({
    inn: z.string(),
    companyId: z.number().int(),
    name: LocalizedSchema,
    status: z.string().meta({ description: "published, moderation or blocked: a published one makes approval impossible" }),
  })
  .meta({ id: "InnConflict" });
export type InnConflict = z.infer<typeof InnConflictSchema>;

export const QueueItemDetailSchema = z
  .object({
    entry: QueueEntrySchema,
    awaiting: z.boolean().meta({ description: "Whether a moderator can decide now (it is in the queue)" }),
    company: z.object({
      id: z.number().int(),
      name: LocalizedSchema,
      status: z.string(),
      country: z.string(),
      sourceLang: Lang,
      peopleLangs: z.array(Lang).meta({ description: "Interface languages of the company's active people, most common first" }),
    }),
    moderationNote: z.string().nullable(),
    moderationNoteLang: Lang.nullable(),
    before: z.union([ProductDocSchema, CompanyDocSchema, RfqDocSchema]).nullable(),
    after: z.union([ProductDocSchema, CompanyDocSchema, RfqDocSchema]),
    diff: z.array(DiffFieldSchema),
    history: z.array(AuditRowSchema),
    innConflicts: z
      .array(InnConflictSchema)
      .optional()
      .meta({ description: "A company only: other companies listing one of its INNs, published ones first" }),
  })
  .meta({ id: "QueueItemDetail" });
export type QueueItemDetail = z.infer<typeof QueueItemDetailSchema>;

/** What a moderator decided (the notification e-mails are built from it). */
export const ModerationResultSchema = z
  .object({
    kind: QueueKindSchema,
    id: z.number().int(),
    companyId: z.number().int(),
    name: LocalizedSchema.meta({ description: "The company's or product's name after the decision" }),
    decision: z.enum(["approved", "rejected"]),
    status: z
      .enum(["published", "rejected"])
      .meta({ description: "A rejected change of a published product leaves it published; an approved buying request is open (listed)" }),
    reason: z.string().nullable(),
    reasonLang: Lang.nullable(),
    changesOnly: z.boolean(),
  })
  .meta({ id: "ModerationResult" });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

export const DecisionSchema = ModerationResultSchema.extend({
  mailed: z.number().int().min(0).meta({ description: "E-mails sent to the company's people" }),
}).meta({ id: "ModerationDecision" });
export type Decision = z.infer<typeof DecisionSchema>;

/** Rejecting a company or a product: the reason the supplier will read, and the language it is in. */
export const RejectSchema = form({ reason: text(2000), lang: LangField });
export type RejectInput = z.output<typeof RejectSchema>;

export const QueueQuery = z.object({
  kind: QueueKindSchema.optional(),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ description: "Part of a name or the supplier's name in any language, or the record's number" }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: LangSchema,
});

export const QueueItemParams = z.object({ kind: QueueKindSchema, id: IdSchema });

export const listQueue = defineRoute({
  method: "GET",
  path: "/app/admin/moderation",
  operationId: "adminListQueue",
  tag: "Admin: moderation",
  summary: "Companies and products waiting for a moderator, oldest first",
  auth: "staff",
  query: QueueQuery,
  data: z.array(QueueEntrySchema),
  meta: PageMetaSchema.extend({ counts: QueueCountsSchema }),
  errors: STAFF_ERRORS,
});

export const getQueueItem = defineRoute({
  method: "GET",
  path: "/app/admin/moderation/{kind}/{id}",
  operationId: "adminGetQueueItem",
  tag: "Admin: moderation",
  summary: "One record as a moderator reviews it: documents before and after, their diff, its history",
  auth: "staff",
  params: QueueItemParams,
  query: z.object({ lang: LangSchema }),
  data: QueueItemDetailSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});

export const approve = defineRoute({
  method: "POST",
  path: "/app/admin/moderation/{kind}/{id}/approve",
  operationId: "adminApprove",
  tag: "Admin: moderation",
  summary: "Approve: publish the record (or a published product's changes) and tell the company's people",
  auth: "staff",
  params: QueueItemParams,
  data: DecisionSchema,
  errors: [...MANAGE_ERRORS, "not_found", "nothing_to_approve", "inn_conflict"],
});

export const reject = defineRoute({
  method: "POST",
  path: "/app/admin/moderation/{kind}/{id}/reject",
  operationId: "adminReject",
  tag: "Admin: moderation",
  summary: "Reject with a reason in the supplier's language (a published product's version stays public)",
  auth: "staff",
  params: QueueItemParams,
  body: RejectSchema,
  data: DecisionSchema,
  errors: [...MANAGE_ERRORS, "not_found", "nothing_to_reject"],
});

/* ─── submissions: many products sent to moderation together (issue 26 §3) ───────────────────── */

export const SubmissionEntrySchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    companyName: LocalizedSchema,
    sourceLang: Lang,
    state: z.enum(["waiting", "approving", "decided"]),
    decision: z.enum(["approved", "rejected"]).nullable(),
    productCount: z.number().int().meta({ description: "Products sent with it" }),
    awaiting: z.number().int().meta({ description: "Of them, still waiting for a moderator" }),
    priceListRunId: z.number().int().nullable(),
    fileName: z.string().nullable().meta({ description: "The price list the products came from, when they came from one" }),
    submittedAt: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "SubmissionEntry" });
export type SubmissionEntry = z.infer<typeof SubmissionEntrySchema>;

/** One product of a submission's sample: its id and the document a moderator reads. */
export const SubmissionSampleSchema = z.object({ id: z.number().int(), status: z.string(), doc: ProductDocSchema });

export const SubmissionDetailSchema = z
  .object({
    entry: SubmissionEntrySchema,
    /** What a moderator checks at a glance over the whole submission, not only the sample. */
    summary: z.object({
      categories: z
        .array(z.object({ id: z.number().int().nullable(), name: LocalizedSchema.nullable(), count: z.number().int() }))
        .meta({ description: "Products per category, most first (at most 10)" }),
      withoutTnved: z.number().int(),
      withoutPrice: z.number().int(),
      withoutImage: z.number().int(),
    }),
    sample: z.array(SubmissionSampleSchema).meta({ description: "At most 12 of the awaiting products, spread over the submission" }),
  })
  .meta({ id: "SubmissionDetail" });
export type SubmissionDetail = z.infer<typeof SubmissionDetailSchema>;

export const SubmissionParams = z.object({ id: IdSchema });

export const listSubmissions = defineRoute({
  method: "GET",
  path: "/app/admin/moderation/submissions",
  operationId: "adminListSubmissions",
  tag: "Admin: moderation",
  summary: "Products sent to moderation together (a supplier's bulk submission), oldest first",
  auth: "staff",
  query: z.object({ lang: LangSchema }),
  data: z.array(SubmissionEntrySchema),
  errors: STAFF_ERRORS,
});

export const getSubmission = defineRoute({
  method: "GET",
  path: "/app/admin/moderation/submissions/{id}",
  operationId: "adminGetSubmission",
  tag: "Admin: moderation",
  summary: "One submission: a summary of all its products and a sample to review",
  auth: "staff",
  params: SubmissionParams,
  query: z.object({ lang: LangSchema }),
  data: SubmissionDetailSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});

export const decideSubmission = defineRoute({
  method: "POST",
  path: "/app/admin/moderation/submissions/{id}/decide",
  operationId: "adminDecideSubmission",
  tag: "Admin: moderation",
  summary: "Approve or reject every awaiting product of a submission (in the background; one e-mail to the company's people)",
  auth: "staff",
  params: SubmissionParams,
  body: form({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(2000).optional(),
    lang: LangField.optional(),
  }).superRefine((value, ctx) => {
    if (value.decision === "reject" && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "required" });
  }),
  data: SubmissionEntrySchema,
  errors: [...MANAGE_ERRORS, "not_found", "nothing_to_approve"],
});
