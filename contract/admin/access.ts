/**
 * Who may do what in the admin area (issue 7; ADR 013). Site roles live in `users.role`; the API
 * reads the caller's role from the database on every request (server/audit/access.ts checks it).
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
 * A route descriptor's `auth` is `admin` when its permission belongs to administrators only
 * (`manageRoles`), `staff` otherwise.
 */
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
export const PERMISSION_NAMES = Object.keys(ADMIN_PERMISSIONS) as [AdminPermission, ...AdminPermission[]];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === "MODERATOR" || role === "ADMIN";
}

/** Whether a site role (or the command line, `CLI`) has `permission` (see the table above). */
export function can(role: string, permission: AdminPermission): boolean {
  if (role === "CLI") return true;
  return (ADMIN_PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** The permissions of a role, for the admin UI to show only what the caller may do. */
export function permissionsOf(role: StaffRole): AdminPermission[] {
  return PERMISSION_NAMES.filter((p) => can(role, p));
}

/** Error codes of every staff operation: a plain user is refused (403 `forbidden`). */
export const STAFF_ERRORS = ["forbidden"] as const;
/** …and of operations a moderator may lack the permission for (403 `forbidden_role`). */
export const MANAGE_ERRORS = ["forbidden", "forbidden_role"] as const;
