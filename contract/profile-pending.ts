/**
 * A supplier's own changes awaiting moderation, field by field (issue 15 §5; ADR 014): the same diff
 * a moderator reviews (server/admin/diff.ts), of the working copy against the last approved version.
 * `awaiting` is false when nothing waits (the diff then compares the current state with the last
 * approved one, and may be all unchanged); `firstSubmission` when nothing was ever approved.
 */
import { z } from "zod";
import { DiffFieldSchema } from "./admin/moderation.ts";
import { LangSchema } from "./lang-schemas.ts";
import { MEMBER_ERRORS, PathIdParams } from "./profile/fields.ts";
import { defineRoute } from "./route.ts";

export const PendingDiffSchema = z
  .object({
    awaiting: z.boolean(),
    firstSubmission: z.boolean(),
    diff: z.array(DiffFieldSchema),
  })
  .meta({ id: "PendingDiff" });
export type PendingDiff = z.infer<typeof PendingDiffSchema>;

const TAG = "Profile: moderation";

export const getProductPendingDiff = defineRoute({
  method: "GET",
  path: "/api/profile/pending/products/{id}",
  operationId: "getProductPendingDiff",
  tag: TAG,
  summary: "A product's changes awaiting moderation, field by field",
  description: "Access: any employee.",
  auth: "user",
  params: PathIdParams,
  query: z.object({ lang: LangSchema }),
  data: PendingDiffSchema,
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const getCompanyPendingDiff = defineRoute({
  method: "GET",
  path: "/api/profile/pending/company",
  operationId: "getCompanyPendingDiff",
  tag: TAG,
  summary: "The company card's changes awaiting moderation, field by field",
  description: "Access: any employee.",
  auth: "user",
  query: z.object({ lang: LangSchema }),
  data: PendingDiffSchema,
  errors: MEMBER_ERRORS,
});
