/**
 * Claiming a company from the FNS registers (issue 30 §3, ADR 057; rules in
 * server/registers/claims.ts): the claim page's state, starting a claim (moderation or a code at the
 * company's own domain), typing the code, and the moderators' queue of claims with approve/reject.
 */
import { z } from "zod";
import { LocalizedSchema } from "./lang-schemas.ts";
import { IdParams, defineRoute } from "./route.ts";
import { EmailField } from "./profile-contacts.ts";
import { RegisterFactsSchema } from "./registers.ts";
import { STAFF_ERRORS } from "./admin/access.ts";

const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

export const CLAIM_METHODS = ["moderation", "email"] as const;
export const CLAIM_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export const CLAIM_BLOCKERS = ["not_claimable", "already_member", "claim_pending"] as const;

export const ClaimViewSchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    method: z.enum(CLAIM_METHODS),
    status: z.enum(CLAIM_STATUSES),
    email: z.string().nullable().meta({ description: "The address at the company's domain the code went to (`email`)" }),
    note: z.string().nullable().meta({ description: "The moderator's reason for a rejection" }),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "CompanyClaim" });
export type ClaimView = z.infer<typeof ClaimViewSchema>;

export const ClaimStateSchema = z
  .object({
    companyId: z.number().int(),
    name: LocalizedSchema,
    claimable: z.boolean(),
    blocker: z.enum(CLAIM_BLOCKERS).nullable().meta({
      description: "Why the caller cannot claim it now: on the platform already, the caller is in a company, a claim is under way",
    }),
    emailDomain: z
      .string()
      .nullable()
      .meta({ description: "The company's web domain an address must be at; null: only moderation can prove the claim" }),
    claim: ClaimViewSchema.nullable().meta({ description: "The caller's latest claim of this company" }),
  })
  .meta({ id: "CompanyClaimState" });
export type ClaimState = z.infer<typeof ClaimStateSchema>;

export const StartClaimSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("moderation"),
    statement: z
      .string({ error: typeError })
      .trim()
      .min(20, { error: "too_short" })
      .max(2000, { error: "too_long" })
      .meta({ description: "Who the person is at the company and how a moderator can check it" }),
  }),
  z.object({ method: z.literal("email"), email: EmailField }),
]);

export const ConfirmClaimSchema = z.object({
  code: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{6}$/, { error: "code_format" }),
});

export const PendingClaimSchema = ClaimViewSchema.extend({
  statement: z.string(),
  companyName: LocalizedSchema,
  inn: z.string().nullable(),
  ogrn: z.string().nullable(),
  legalName: z.string().nullable(),
  register: RegisterFactsSchema.nullable(),
  person: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    since: z.string().meta({ description: "When the person first signed in" }),
  }),
}).meta({ id: "PendingCompanyClaim" });
export type PendingClaim = z.infer<typeof PendingClaimSchema>;

const TAG = "Company claims";

export const getClaimState = defineRoute({
  method: "GET",
  path: "/api/claims/companies/{id}",
  operationId: "getCompanyClaimState",
  tag: TAG,
  summary: "Whether the caller can claim a company from the FNS registers, and their claim of it",
  auth: "user",
  params: IdParams,
  data: ClaimStateSchema,
  errors: ["unauthorized", "not_found"],
});

export const startClaim = defineRoute({
  method: "POST",
  path: "/api/claims/companies/{id}",
  operationId: "startCompanyClaim",
  tag: TAG,
  summary: "Claim a company from the FNS registers: through moderation, or by a code sent to an address at its domain",
  description:
    "At most 5 claims a day per person and 20 per IP. A company on the platform (`not_claimable`), a caller in a company (`already_member`), a claim under way (`claim_pending`), an unknown domain for `email` (`no_company_domain`) are refused.",
  auth: "user",
  params: IdParams,
  body: StartClaimSchema,
  data: ClaimViewSchema,
  status: 201,
  errors: ["unauthorized", "not_found", "not_claimable", "already_member", "claim_pending", "no_company_domain", "rate_limited"],
});

export const confirmClaim = defineRoute({
  method: "POST",
  path: "/api/claims/{id}/confirm",
  operationId: "confirmCompanyClaim",
  tag: TAG,
  summary: "Type the e-mailed code of a claim: the caller becomes the company's owner",
  auth: "user",
  params: IdParams,
  body: ConfirmClaimSchema,
  data: ClaimViewSchema,
  errors: ["unauthorized", "not_found", "invalid_code", "code_expired", "too_many_attempts", "already_member", "not_claimable"],
});

export const listPendingClaims = defineRoute({
  method: "GET",
  path: "/app/admin/claims",
  operationId: "adminListCompanyClaims",
  tag: "Admin: company claims",
  summary: "Claims of register companies waiting for a moderator, oldest first, with the register facts",
  auth: "staff",
  data: z.array(PendingClaimSchema),
  errors: [...STAFF_ERRORS],
});

export const approveClaim = defineRoute({
  method: "POST",
  path: "/app/admin/claims/{id}/approve",
  operationId: "adminApproveCompanyClaim",
  tag: "Admin: company claims",
  summary: "Approve a claim: the person becomes the company's owner and the company goes on the platform",
  auth: "staff",
  params: IdParams,
  data: ClaimViewSchema,
  errors: [...STAFF_ERRORS, "not_found", "already_member", "not_claimable"],
});

export const rejectClaim = defineRoute({
  method: "POST",
  path: "/app/admin/claims/{id}/reject",
  operationId: "adminRejectCompanyClaim",
  tag: "Admin: company claims",
  summary: "Reject a claim with a reason the person reads on the claim page",
  auth: "staff",
  params: IdParams,
  body: z.object({ note: z.string({ error: typeError }).trim().min(1, { error: "required" }).max(1000, { error: "too_long" }) }),
  data: ClaimViewSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});
