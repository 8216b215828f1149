/**
 * Who may do what in the admin area (issue 7; ADR 013, docs/decisions/013-admin-roles-and-audit.md).
 * The roles and the permission table are the contract's (contract/admin/access.ts).
 *
 * Site roles live in `users.role`. The API reads the caller's role from the database on every
 * request (server/api/caller.ts), so a promotion, a demotion or a block takes effect on the very
 * next call, not when the 30-minute access token runs out.
 *
 * `staffActor(db, caller, permission, origin)` is what the HTTP layer calls with the signed-in
 * caller (server/api/admin/staff.ts): a USER → DomainError `forbidden` (the same answer for every
 * admin path, so nothing about the area is revealed); a moderator without the permission →
 * `forbidden_role`; otherwise the staff member as an audit actor.
 */
import { eq } from "drizzle-orm";
import { can, isStaffRole, type AdminPermission, type StaffRole } from "#contract/admin/access.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { DomainError } from "../errors.ts";

export {
  ADMIN_PERMISSIONS,
  STAFF_ROLES,
  can,
  isStaffRole,
  permissionsOf,
  type AdminPermission,
  type StaffRole,
} from "#contract/admin/access.ts";

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

/**
 * Checks that `caller` (signed in, role as stored now) is a site moderator or admin with
 * `permission` and returns them as an audit actor; `origin` is the request that acts (its id and
 * client IP go to the audit log). Throws DomainError `forbidden` / `forbidden_role`.
 */
export async function staffActor(
  db: Db,
  caller: { userId: number; role: string },
  permission: AdminPermission,
  origin: { requestId?: string | null; ip?: string | null } = {},
): Promise<AdminActor> {
  if (!isStaffRole(caller.role)) throw new DomainError("forbidden", "This area is for site staff only");
  if (!can(caller.role, permission)) throw new DomainError("forbidden_role", "Your site role does not allow this");
  const [row] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, caller.userId)).limit(1);
  return {
    userId: caller.userId,
    label: row?.email ?? row?.phone ?? `user ${caller.userId}`,
    role: caller.role,
    requestId: origin.requestId ?? null,
    ip: origin.ip ?? null,
  };
}
