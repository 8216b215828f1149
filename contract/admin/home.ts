/**
 * The admin area's frame (issue 7): who the caller is and what they may do, the dashboard summary,
 * and the regions the forms offer.
 */
import { z } from "zod";
import { CountrySchema } from "../common.ts";
import { LocalizedSchema } from "../lang-schemas.ts";
import { defineRoute } from "../route.ts";
import { PERMISSION_NAMES, STAFF_ERRORS, STAFF_ROLES } from "./access.ts";
import { AuditRowSchema } from "./audit.ts";

export const StaffMeSchema = z
  .object({
    userId: z.number().int(),
    label: z.string().meta({ description: "The staff member's e-mail or phone" }),
    role: z.enum(STAFF_ROLES),
    permissions: z.array(z.enum(PERMISSION_NAMES)),
  })
  .meta({ id: "StaffMe" });
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const QueueCountsSchema = z
  .object({ company: z.number().int(), product: z.number().int(), rfq: z.number().int() })
  .meta({ id: "QueueCounts" });

export const AdminSummarySchema = z
  .object({
    queue: QueueCountsSchema,
    companies: z.record(z.string(), z.number().int()).meta({ description: "Companies by status" }),
    users: z.object({ total: z.number().int(), blocked: z.number().int(), staff: z.number().int() }),
    recentActions: z.array(AuditRowSchema),
  })
  .meta({ id: "AdminSummary" });
export type AdminSummary = z.infer<typeof AdminSummarySchema>;

export const AdminRegionSchema = z.object({ code: z.string(), country: CountrySchema, name: LocalizedSchema }).meta({ id: "AdminRegion" });
export type AdminRegion = z.infer<typeof AdminRegionSchema>;

export const getMe = defineRoute({
  method: "GET",
  path: "/app/admin/me",
  operationId: "adminGetMe",
  tag: "Admin",
  summary: "The signed-in staff member, their role and permissions",
  auth: "staff",
  data: StaffMeSchema,
  errors: STAFF_ERRORS,
});

export const getSummary = defineRoute({
  method: "GET",
  path: "/app/admin/summary",
  operationId: "adminGetSummary",
  tag: "Admin",
  summary: "Queue counts, companies by status, users and the latest actions",
  auth: "staff",
  data: AdminSummarySchema,
  errors: STAFF_ERRORS,
});

export const listRegions = defineRoute({
  method: "GET",
  path: "/app/admin/regions",
  operationId: "adminListRegions",
  tag: "Admin",
  summary: "Every region (Russian subjects, Chinese provinces) for the forms",
  auth: "staff",
  data: z.array(AdminRegionSchema),
  errors: STAFF_ERRORS,
});
