/**
 * Managing a company from the admin area (issue 7): verification (level 0 none, 1 documents
 * checked, 2 documents and a site visit, with the evidence and the day of the check), and block /
 * unblock (a blocked company leaves the catalogue; unblocking restores the status it interrupted).
 */
import { z } from "zod";
import { LANGS, LocalizedSchema } from "../lang-schemas.ts";
import { IdParams, defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { AuditRowSchema } from "./audit.ts";
import { COMPANY_STATUSES } from "./constants.ts";
import { Day, LangField, form, localized, nullable, text, typeError } from "./fields.ts";

const Lang = z.enum(LANGS);

export const AdminCompanyViewSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedSchema,
    sourceLang: Lang,
    status: z.enum(COMPANY_STATUSES),
    country: z.string(),
    region: z.object({ code: z.string(), name: LocalizedSchema }).nullable(),
    city: LocalizedSchema,
    website: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    moderationNote: z.string().nullable(),
    moderationNoteLang: Lang.nullable(),
    verificationLevel: z.number().int(),
    verificationEvidence: LocalizedSchema,
    verifiedAt: z.string().nullable(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    productCounts: z.record(z.string(), z.number().int()).meta({ description: "Products by status" }),
    legalEntities: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        inn: z.string(),
        kpp: z.string().nullable(),
        ogrn: z.string().nullable(),
        nameFull: z.string(),
      }),
    ),
    people: z.array(
      z.object({
        memberId: z.number().int(),
        userId: z.number().int().nullable(),
        name: z.string(),
        email: z.string().nullable(),
        role: z.string(),
        status: z.string(),
        locale: Lang.nullable(),
      }),
    ),
    history: z.array(AuditRowSchema),
  })
  .meta({ id: "AdminCompanyView" });
export type AdminCompanyView = z.infer<typeof AdminCompanyViewSchema>;

export const BlockCompanySchema = form({ reason: text(2000), lang: LangField });

/**
 * Verification: level 0 (none), 1 (documents checked), 2 (documents and a site visit). Levels 1–2
 * need the evidence in at least one language and the day of the check (not in the future).
 */
export const VerificationSchema = form({
  level: z.coerce
    .number({ error: typeError })
    .int({ error: "invalid_type" })
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "invalid_option" })),
  evidence: localized(2000).optional(),
  verifiedAt: nullable(Day),
}).superRefine((value, ctx) => {
  if (value.level === 0) return;
  if (!value.evidence || Object.keys(value.evidence).length === 0)
    ctx.addIssue({ code: "custom", message: "evidence_required", path: ["evidence"] });
  if (!value.verifiedAt) ctx.addIssue({ code: "custom", message: "date_required", path: ["verifiedAt"] });
  else if (value.verifiedAt.getTime() > Date.now()) ctx.addIssue({ code: "custom", message: "date_future", path: ["verifiedAt"] });
});
export type VerificationFormInput = z.output<typeof VerificationSchema>;

export const getCompany = defineRoute({
  method: "GET",
  path: "/app/admin/companies/{id}",
  operationId: "adminGetCompany",
  tag: "Admin: companies",
  summary: "One company: card, verification, legal entities, people, products by status, history",
  auth: "staff",
  params: IdParams,
  data: AdminCompanyViewSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});

export const setVerification = defineRoute({
  method: "PUT",
  path: "/app/admin/companies/{id}/verification",
  operationId: "adminSetVerification",
  tag: "Admin: companies",
  summary: "Set the verification level with its evidence and day (level 0 clears them)",
  auth: "staff",
  params: IdParams,
  body: VerificationSchema,
  data: AdminCompanyViewSchema,
  errors: [...MANAGE_ERRORS, "not_found"],
});

export const blockCompany = defineRoute({
  method: "POST",
  path: "/app/admin/companies/{id}/block",
  operationId: "adminBlockCompany",
  tag: "Admin: companies",
  summary: "Block a company with a reason in the language chosen",
  auth: "staff",
  params: IdParams,
  body: BlockCompanySchema,
  data: AdminCompanyViewSchema,
  errors: [...MANAGE_ERRORS, "not_found", "already_blocked"],
});

export const unblockCompany = defineRoute({
  method: "POST",
  path: "/app/admin/companies/{id}/unblock",
  operationId: "adminUnblockCompany",
  tag: "Admin: companies",
  summary: "Lift a company's block: back to the status it interrupted",
  auth: "staff",
  params: IdParams,
  data: AdminCompanyViewSchema,
  errors: [...MANAGE_ERRORS, "not_found", "not_blocked", "inn_conflict"],
});
