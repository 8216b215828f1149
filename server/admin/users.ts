/**
 * Managing users from the admin area (issue 7): site role (admins only), block and unblock, and
 * "sign out everywhere". Rules (ADR 013):
 * - nobody changes their own role, blocks or signs out themselves here (409 `own_account`): an admin
 *   cannot lock themselves out by a slip;
 * - the last ADMIN keeps the role (409 `last_admin`);
 * - a moderator may block, unblock and sign out USER accounts only (403 `forbidden_role` for staff);
 * - blocking ends every session at once: the refresh-token families are revoked and the API treats
 *   the user as anonymous from the next request (server/api/caller.ts); sign-in is refused
 *   (403 `user_blocked`);
 * - "sign out everywhere" revokes every refresh-token family of the user: each device must sign in
 *   again once its access token (at most 30 minutes) runs out.
 * Each change and its audit row are one transaction.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { AdminUserView } from "#contract/admin/users.ts";
import { refreshTokens, users, type UserRole } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { membershipOf } from "../profile/access.ts";
import { rowById, type Queryable } from "../db/queries.ts";
import { can, type AdminActor } from "../audit/access.ts";
import { auditedChange, historyOf } from "../audit/log.ts";

export type { AdminUserView } from "#contract/admin/users.ts";

type UserRow = typeof users.$inferSelect;

async function activeSessions(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${refreshTokens.familyId})::int` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.usedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    );
  return row?.n ?? 0;
}

/** One user as the admin area shows them. 404 `not_found`. */
export async function adminUserView(db: Db, id: number): Promise<AdminUserView> {
  const row = await rowById(db, users, id, "User");
  const membership = await membershipOf(db, id);
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    firstName: row.firstName,
    lastName: row.lastName,
    locale: row.locale,
    role: row.role,
    blockedAt: row.blockedAt?.toISOString() ?? null,
    blockReason: row.blockReason,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    company: membership && {
      id: membership.companyId,
      name: membership.companyName,
      status: membership.companyStatus,
      role: membership.role,
      employeeStatus: membership.status,
    },
    activeSessions: await activeSessions(db, id),
    history: await historyOf(db, "user", id),
  };
}

function assertNotSelf(actor: AdminActor, targetId: number) {
  if (actor.userId === targetId) throw new DomainError("own_account", "You cannot do this to your own account here");
}

/** A moderator may act on USER accounts only; acting on staff needs `manageRoles` (admins). */
function assertMayManage(actor: AdminActor, target: UserRow) {
  if (target.role !== "USER" && !can(actor.role, "manageRoles"))
    throw new DomainError("forbidden_role", "Only an admin can do this to a moderator or an admin");
}

/** Ends every session: refresh families revoked and the session version raised, so access tokens stop at once too (ADR 017). */
async function revokeAll(tx: Queryable, userId: number, reason: string, now: Date): Promise<number> {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
  const rows = await tx
    .update(refreshTokens)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return new Set(rows.map((r) => r.familyId)).size;
}

/** The user `id` as an audited record at `at` (404 "User"). */
const userRecord = (id: number, at?: Date) => ({ table: users, id, entityType: "user", what: "User", at }) as const;

/** Sets a user's site role (admins only — the route checks `manageRoles`). */
export async function changeRole(db: Db, actor: AdminActor, id: number, role: UserRole, now = new Date()): Promise<void> {
  assertNotSelf(actor, id);
  await auditedChange(db, actor, userRecord(id, now), async (tx, row) => {
    if (row.role === role) return null;
    if (row.role === "ADMIN") {
      const [admins] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "ADMIN"), isNull(users.blockedAt)));
      if ((admins?.n ?? 0) <= 1) throw new DomainError("last_admin", "The site must keep at least one admin");
    }
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
    return { action: "user.role", before: { role: row.role }, after: { role } };
  });
}

/** Blocks a user with a reason and ends their sessions. 409 `already_blocked`. */
export async function blockUser(db: Db, actor: AdminActor, id: number, reason: string, now = new Date()): Promise<void> {
  assertNotSelf(actor, id);
  await auditedChange(db, actor, userRecord(id, now), async (tx, row) => {
    assertMayManage(actor, row);
    if (row.blockedAt) throw new DomainError("already_blocked", "The user is blocked already");
    await tx.update(users).set({ blockedAt: now, blockReason: reason, updatedAt: now }).where(eq(users.id, id));
    const sessions = await revokeAll(tx, id, "blocked", now);
    return {
      action: "user.block",
      before: { blockedAt: null },
      after: { blockedAt: now.toISOString(), blockReason: reason, sessionsEnded: sessions },
    };
  });
}

/** Lifts a block. 409 `not_blocked`. */
export async function unblockUser(db: Db, actor: AdminActor, id: number, now = new Date()): Promise<void> {
  assertNotSelf(actor, id);
  await auditedChange(db, actor, userRecord(id, now), async (tx, row) => {
    assertMayManage(actor, row);
    if (!row.blockedAt) throw new DomainError("not_blocked", "The user is not blocked");
    await tx.update(users).set({ blockedAt: null, blockReason: null, updatedAt: now }).where(eq(users.id, id));
    return {
      action: "user.unblock",
      before: { blockedAt: row.blockedAt.toISOString(), blockReason: row.blockReason },
      after: { blockedAt: null },
    };
  });
}

/** Revokes every refresh-token family of the user; returns how many sessions ended. */
export async function signOutEverywhere(db: Db, actor: AdminActor, id: number, now = new Date()): Promise<number> {
  assertNotSelf(actor, id);
  let sessions = 0;
  await auditedChange(db, actor, userRecord(id, now), async (tx, row) => {
    assertMayManage(actor, row);
    sessions = await revokeAll(tx, id, "admin_sign_out", now);
    return { action: "user.sign_out", before: null, after: { sessionsEnded: sessions } };
  });
  return sessions;
}
