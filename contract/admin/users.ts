/**
 * Managing users from the admin area (issue 7; ADR 013): site role (administrators only), block and
 * unblock, and "sign out everywhere". Nobody does these to their own account here (409
 * `own_account`); the last administrator keeps the role (409 `last_admin`); a moderator acts on
 * USER accounts only (403 `forbidden_role` for staff accounts).
 */
import { z } from "zod";
import { LANGS, LocalizedSchema } from "../lang-schemas.ts";
import { IdParams, defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { AuditRowSchema } from "./audit.ts";
import { SITE_ROLES } from "./constants.ts";
import { choice, form, text } from "./fields.ts";

export const AdminUserViewSchema = z
  .object({
    id: z.number().int(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.enum(LANGS),
    role: z.enum(SITE_ROLES),
    blockedAt: z.string().nullable(),
    blockReason: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    company: z
      .object({ id: z.number().int(), name: LocalizedSchema, status: z.string(), role: z.string(), employeeStatus: z.string() })
      .nullable(),
    activeSessions: z.number().int().meta({ description: "Devices signed in now (refresh-token families with a live token)" }),
    history: z.array(AuditRowSchema),
  })
  .meta({ id: "AdminUserView" });
export type AdminUserView = z.infer<typeof AdminUserViewSchema>;

export const RoleSchema = form({ role: choice(SITE_ROLES) });
export const BlockUserSchema = form({ reason: text(500) });

export const getUser = defineRoute({
  method: "GET",
  path: "/app/admin/users/{id}",
  operationId: "adminGetUser",
  tag: "Admin: users",
  summary: "One user: account, company, sessions and history",
  auth: "staff",
  params: IdParams,
  data: AdminUserViewSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});

export const setRole = defineRoute({
  method: "PATCH",
  path: "/app/admin/users/{id}/role",
  operationId: "adminSetUserRole",
  tag: "Admin: users",
  summary: "Change a user's site role",
  auth: "admin",
  params: IdParams,
  body: RoleSchema,
  data: AdminUserViewSchema,
  errors: [...MANAGE_ERRORS, "not_found", "own_account", "last_admin"],
});

export const blockUser = defineRoute({
  method: "POST",
  path: "/app/admin/users/{id}/block",
  operationId: "adminBlockUser",
  tag: "Admin: users",
  summary: "Block a user with a reason; every session ends at once",
  auth: "staff",
  params: IdParams,
  body: BlockUserSchema,
  data: AdminUserViewSchema,
  errors: [...MANAGE_ERRORS, "not_found", "own_account", "already_blocked"],
});

export const unblockUser = defineRoute({
  method: "POST",
  path: "/app/admin/users/{id}/unblock",
  operationId: "adminUnblockUser",
  tag: "Admin: users",
  summary: "Lift a user's block",
  auth: "staff",
  params: IdParams,
  data: AdminUserViewSchema,
  errors: [...MANAGE_ERRORS, "not_found", "own_account", "not_blocked"],
});

export const signOutUser = defineRoute({
  method: "POST",
  path: "/app/admin/users/{id}/sign-out",
  operationId: "adminSignOutUser",
  tag: "Admin: users",
  summary: "Sign a user out everywhere (every refresh-token family revoked)",
  auth: "staff",
  params: IdParams,
  data: AdminUserViewSchema.extend({ sessionsEnded: z.number().int().min(0) }),
  errors: [...MANAGE_ERRORS, "not_found", "own_account"],
});
