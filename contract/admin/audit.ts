/**
 * The admin audit log (issue 7; ADR 013): who did what to which record, the changed fields before
 * and after, when, and from which request. Newest first.
 */
import { z } from "zod";
import { PageMetaSchema, defineRoute } from "../route.ts";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "./constants.ts";
import { DayParam } from "./fields.ts";

export const AuditRowSchema = z
  .object({
    id: z.number().int(),
    actorUserId: z.number().int().nullable().meta({ description: "Null for the command line (`npm run admin`)" }),
    actorLabel: z.string().meta({ description: "The actor's e-mail or phone, or `cli`" }),
    actorRole: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    action: z.string(),
    // The changed fields as stored: each action records its own shape (free JSON by design).
    before: z.unknown().meta({ description: "The changed fields as they were (null for a creation)" }),
    after: z.unknown().meta({ description: "The changed fields as they are now (null for a deletion)" }),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "AuditRow" });
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const AuditQuery = z.object({
  actor: z.string().trim().max(200).optional().meta({ description: "Part of the actor's label, or an actor's user id" }),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.string().trim().max(80).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: DayParam.optional().meta({ description: "First day (YYYY-MM-DD, UTC), inclusive" }),
  to: DayParam.optional().meta({ description: "Last day (YYYY-MM-DD, UTC), inclusive" }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AuditActorSchema = z.object({ label: z.string(), count: z.number().int() });

export const listAudit = defineRoute({
  method: "GET",
  path: "/app/admin/audit",
  operationId: "adminListAudit",
  tag: "Admin: audit log",
  summary: "The audit log, newest first, by actor, record, action and days",
  auth: "staff",
  query: AuditQuery,
  data: z.array(AuditRowSchema),
  meta: PageMetaSchema.extend({
    actors: z.array(AuditActorSchema).meta({ description: "Actors seen in the log, most active first (for the filter)" }),
  }),
});
