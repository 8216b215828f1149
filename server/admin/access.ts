/**
 * Who may do what in the admin area (issue 7; ADR 013, docs/decisions/013-admin-roles-and-audit.md).
 *
 * Site roles live in `users.role`. The caller's role is read from the database on every request
 * (server/api/caller.ts), so a promotion, a demotion or a block takes effect on the very next call,
 * not when the 30-minute access token runs out.
 *
 * | permission        | MODERATOR | ADMIN | what it covers |
 * |-------------------|:---------:|:-----:|----------------|
 * | `read`            |     ✓     |   ✓   | every GET: queue, filters, CSV export, audit log, records |
 * | `moderate`        |     ✓     |   ✓   | approve or reject companies and products |
 * | `manageCompanies` |     ✓     |   ✓   | verification level and evidence; block and unblock a company |
 * | `manageContent`   |     ✓     |   ✓   | categories, service types, press stories and tags, content pages |
 * | `manageUsers`     |     ✓     |   ✓   | block, unblock, sign out everywhere — of USER accounts only for a moderator |
 * | `manageRoles`     |           |   ✓   | change a user's site role; block or sign out a moderator or an admin |
 *
 * `staffAccess(c, permission)` refuses: no valid access token → 401 `unauthorized`; a USER → 403
 * `forbidden` (the same answer for every admin path, so nothing about the area is revealed); a
 * moderator without the permission → 403 `forbidden_role`.
 */
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client.ts";
import { users, type UserRole } from "../db/schema.ts";
import { requireCaller } from "../api/caller.ts";
import { ApiError } from "../api/http.ts";

export const STAFF_ROLES = ["MODERATOR", "ADMIN"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_PERMISSIONS = {
  read: ["MODERATOR", "ADMIN"],
  moderate: ["MODERATOR", "ADMIN"],
  manageCompanies: ["MODERATOR", "ADMIN"],
  manageContent: ["MODERATOR", "ADMIN"],
  manageUsers: ["MODERATOR", "ADMIN"],
  manageRoles: ["ADMIN"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

/**
 * Who did an admin action, as the audit log records it: a staff member (their id, e-mail or phone
 * and role) or the command line (`npm run admin`, no user). `requestId` and `ip` locate the request.
 */
export interface AdminActor {
  userId: number | null;
  label: string;
  role: StaffRole | "CLI";
  requestId?: string | null;
  ip?: string | null;
}

/** The actor of `npm run admin` commands. */
export const CLI_ACTOR: AdminActor = { userId: null, label: "cli", role: "CLI" };

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === "MODERATOR" || role === "ADMIN";
}

/** Whether `role` has `permission` (see the table in the module comment). */
export function can(role: UserRole | StaffRole | "CLI", permission: AdminPermission): boolean {
  if (role === "CLI") return true;
  return (ADMIN_PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** The permissions of a role, for the admin UI to show only what the caller may do. */
export function permissionsOf(role: StaffRole): AdminPermission[] {
  return (Object.keys(ADMIN_PERMISSIONS) as AdminPermission[]).filter((p) => can(role, p));
}

/**
 * Checks that the caller is a site moderator or admin with `permission` and returns them as an
 * audit actor. Throws ApiError 401/403 as described in the module comment.
 */
export async function staffAccess(c: Context, permission: AdminPermission = "read"): Promise<AdminActor> {
  const caller = requireCaller(c);
  if (!isStaffRole(caller.role)) throw new ApiError(403, "forbidden", "This area is for site staff only");
  if (!can(caller.role, permission)) throw new ApiError(403, "forbidden_role", "Your site role does not allow this");
  const db = c.get("db") as Db;
  const [row] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, caller.userId)).limit(1);
  return {
    userId: caller.userId,
    label: row?.email ?? row?.phone ?? `user ${caller.userId}`,
    role: caller.role,
    requestId: c.req.header("x-request-id")?.slice(0, 128) ?? null,
    ip: c.req.header("x-client-ip")?.slice(0, 64) ?? null,
  };
}
