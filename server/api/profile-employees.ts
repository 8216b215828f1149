/**
 * Employees of the caller's company and invitations (issue 5; spec §7 Profile
 * `/company/employees…`). Rules (ADR 009):
 * - every employee sees the list; owners and admins invite, change roles and positions, block and
 *   remove; only an owner may touch an owner or give the owner role (403 `forbidden_role`);
 * - the company always keeps an active owner (409 `last_owner`); nobody blocks themselves (409
 *   `cannot_block_self`); an invitation not yet accepted cannot be blocked (409 `not_joined`);
 * - anyone may leave (DELETE their own row), except the last owner.
 *
 * Company side
 * - GET /api/profile/company/employees → EmployeeView[] (owners first, invitations last).
 * - POST /api/profile/company/employees InviteEmployeeSchema → 201 EmployeeView (a new invitation,
 *   `mailSent` says whether the e-mail went out) or 200 (an open invitation to the same address:
 *   role and position updated, e-mail sent again); 409 `already_employee`, `too_many_invitations`.
 * - GET /api/profile/company/employees/{id} → EmployeeView.
 * - PATCH /api/profile/company/employees/{id} EmployeePatchSchema → EmployeeView.
 * - DELETE /api/profile/company/employees/{id} → `{ id, deleted }` (removes a member or revokes an invitation).
 * - PATCH /api/profile/company/employees/{id}/status EmployeeStatusSchema → EmployeeView. A blocked
 *   employee loses access on their next request (membership is read on every request).
 *
 * Invited person's side (signed in with the invited e-mail address)
 * - GET /api/profile/invitations → InvitationView[] (also in GET /api/profile as `invitations`).
 * - POST /api/profile/invitations/{id}/accept → `{ companyId, role }`: joins the company as an
 *   active employee; 409 `already_member` when they belong to a company; 410 `invitation_expired`
 *   after INVITATION_TTL_DAYS; 404 for an invitation to another address.
 * - DELETE /api/profile/invitations/{id} → `{ id, declined: true }`.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { alias } from "drizzle-orm/pg-core";
import { APP_NAME } from "./app-data.ts";
import { inviteMail } from "../auth/delivery/messages.ts";
import type { Db } from "../db/client.ts";
import { companies, companyMembers, users, type CompanyRole, type Lang } from "../db/schema.ts";
import { companyAccess, type CompanyAccess } from "../profile/access.ts";
import { isUniqueViolation } from "../profile/db.ts";
import { EmployeePatchSchema, EmployeeStatusSchema, InviteEmployeeSchema, type InviteEmployeeInput } from "../profile/schemas.ts";
import type { ApiEnv } from "./app.ts";
import { requireCaller } from "./caller.ts";
import { ApiError, notFound, ok } from "./http.ts";
import { parseForm, pathId } from "./profile-support.ts";

/** Invitations are valid this many days after they were (last) sent. */
export const INVITATION_TTL_DAYS = 14;
/** Open invitations one company may have at a time. */
export const MAX_OPEN_INVITATIONS = 100;

type MemberRow = typeof companyMembers.$inferSelect;

export interface EmployeeView {
  id: number;
  userId: number | null;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  role: CompanyRole;
  status: "invited" | "active" | "blocked";
  position: string | null;
  /** When the invitation was sent (or the company created, for its creator). */
  invitedAt: string;
  /** The caller's own row. */
  isSelf: boolean;
}

const ROLE_ORDER: Record<CompanyRole, number> = { owner: 0, admin: 1, member: 2 };

async function employees(db: Db, companyId: number, callerId: number, memberId?: number): Promise<EmployeeView[]> {
  const rows = await db
    .select({ member: companyMembers, email: users.email, phone: users.phone, firstName: users.firstName, lastName: users.lastName })
    .from(companyMembers)
    .leftJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), memberId === undefined ? undefined : eq(companyMembers.id, memberId)))
    .orderBy(asc(companyMembers.id));
  return rows
    .map((r) => ({
      id: r.member.id,
      userId: r.member.userId,
      email: r.email ?? r.member.invitedEmail,
      phone: r.phone,
      firstName: r.firstName,
      lastName: r.lastName,
      role: r.member.role,
      status: r.member.status,
      position: r.member.position,
      invitedAt: r.member.createdAt.toISOString(),
      isSelf: r.member.userId === callerId,
    }))
    .sort((a, b) => Number(a.status === "invited") - Number(b.status === "invited") || ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.id - b.id);
}

async function employee(c: Context<ApiEnv>, access: CompanyAccess, id: number): Promise<EmployeeView> {
  const [view] = await employees(c.var.db, access.companyId, access.userId, id);
  if (!view) throw notFound("Employee");
  return view;
}

async function loadMember(c: Context<ApiEnv>, access: CompanyAccess): Promise<MemberRow> {
  const id = pathId(c, "id", "Employee");
  const [row] = await c.var.db.select().from(companyMembers).where(and(eq(companyMembers.id, id), eq(companyMembers.companyId, access.companyId))).limit(1);
  if (!row) throw notFound("Employee");
  return row;
}

function ownerOnly(access: CompanyAccess) {
  if (access.role !== "owner") throw new ApiError(403, "forbidden_role", "Only an owner may do this with owners");
}

/** 409 `last_owner` when `row` is the company's only active owner and would stop being one. */
async function assertNotLastOwner(db: Db, row: MemberRow) {
  if (row.role !== "owner" || row.status !== "active") return;
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.role, "owner"), eq(companyMembers.status, "active")));
  if ((count?.count ?? 0) <= 1) throw new ApiError(409, "last_owner", "The company must keep at least one active owner");
}

function fullName(user: { firstName: string; lastName: string } | undefined): string {
  return user ? `${user.firstName} ${user.lastName}`.trim() : "";
}

/** Sends the invitation e-mail; returns false (logged) when the mailer fails. */
async function sendInvitation(c: Context<ApiEnv>, access: CompanyAccess, email: string, role: CompanyRole): Promise<boolean> {
  const db = c.var.db;
  const [[inviter], [company], [invitee]] = await Promise.all([
    db.select({ firstName: users.firstName, lastName: users.lastName, locale: users.locale }).from(users).where(eq(users.id, access.userId)).limit(1),
    db.select({ name: companies.name, sourceLang: companies.sourceLang }).from(companies).where(eq(companies.id, access.companyId)).limit(1),
    db.select({ locale: users.locale }).from(users).where(eq(users.email, email)).limit(1),
  ]);
  const lang: Lang = invitee?.locale ?? inviter?.locale ?? "ru";
  const name = company?.name ?? {};
  const companyName = name[lang] ?? name[company?.sourceLang ?? "ru"] ?? Object.values(name)[0] ?? "";
  const prefix = lang === "ru" ? "" : `/${lang}`;
  try {
    await c.var.mailer.send(
      inviteMail({ to: email, inviter: fullName(inviter), company: companyName, role, link: `${c.var.publicUrl()}${prefix}/profile/start`, lang, appName: APP_NAME }),
    );
    return true;
  } catch (error) {
    c.var.logger.error({ err: error, to: email }, "invitation e-mail failed");
    return false;
  }
}

export interface InvitationView {
  id: number;
  company: { id: number; name: Record<string, string>; status: string };
  role: CompanyRole;
  position: string | null;
  invitedBy: { firstName: string; lastName: string } | null;
  invitedAt: string;
  expiresAt: string;
}

const inviters = alias(users, "inviters");

/** Open, unexpired invitations to the e-mail address of `userId` (none for a phone-only account). */
export async function invitationsFor(db: Db, userId: number, now = new Date()): Promise<InvitationView[]> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.email) return [];
  const since = new Date(now.getTime() - INVITATION_TTL_DAYS * 86_400_000);
  const rows = await db
    .select({ member: companyMembers, companyName: companies.name, companyStatus: companies.status, inviterFirst: inviters.firstName, inviterLast: inviters.lastName })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(inviters, eq(inviters.id, companyMembers.invitedBy))
    .where(and(eq(companyMembers.invitedEmail, user.email), eq(companyMembers.status, "invited"), isNull(companyMembers.userId), sql`${companyMembers.updatedAt} > ${since}`))
    .orderBy(asc(companyMembers.id));
  return rows.map((r) => ({
    id: r.member.id,
    company: { id: r.member.companyId, name: r.companyName, status: r.companyStatus },
    role: r.member.role,
    position: r.member.position,
    invitedBy: r.inviterFirst !== null && r.inviterLast !== null ? { firstName: r.inviterFirst, lastName: r.inviterLast } : null,
    invitedAt: r.member.createdAt.toISOString(),
    expiresAt: new Date(r.member.updatedAt.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
  }));
}

async function invitationOfCaller(c: Context<ApiEnv>): Promise<{ userId: number; row: MemberRow }> {
  const caller = requireCaller(c);
  const id = pathId(c, "id", "Invitation");
  const [user] = await c.var.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId)).limit(1);
  const [row] = user?.email
    ? await c.var.db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.id, id), eq(companyMembers.invitedEmail, user.email), eq(companyMembers.status, "invited"), isNull(companyMembers.userId)))
        .limit(1)
    : [];
  if (!row) throw notFound("Invitation");
  return { userId: caller.userId, row };
}

/**
 * Invites `input.email` to the caller's company with `input.role` and `input.position` and sends
 * the invitation e-mail (the one implementation behind POST /api/profile/company/employees and
 * POST /app/employee/form). An open invitation to the same address is renewed (status 200: role
 * and position updated, e-mail sent again); otherwise a new one is created (201). `access` must
 * carry `manageEmployees`. Throws `ApiError`: 403 `forbidden_role` (only an owner invites an owner
 * or renews an owner's invitation), 409 `already_employee` / `already_invited` (with an `email`
 * issue), 409 `too_many_invitations`.
 */
export async function inviteEmployee(c: Context<ApiEnv>, access: CompanyAccess, input: InviteEmployeeInput): Promise<{ status: 200 | 201; employee: EmployeeView & { mailSent: boolean } }> {
  if (input.role === "owner") ownerOnly(access);
  const db = c.var.db;
  const [joined] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, access.companyId), eq(users.email, input.email)))
    .limit(1);
  if (joined) throw new ApiError(409, "already_employee", "This person is already an employee of the company", [{ path: "email", message: "already_employee" }]);
  const [open] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, access.companyId), eq(companyMembers.invitedEmail, input.email), isNull(companyMembers.userId)))
    .limit(1);
  if (open) {
    if (open.role === "owner") ownerOnly(access);
    await db.update(companyMembers).set({ role: input.role, position: input.position ?? open.position, status: "invited", invitedBy: access.userId, updatedAt: new Date() }).where(eq(companyMembers.id, open.id));
    const mailSent = await sendInvitation(c, access, input.email, input.role);
    return { status: 200, employee: { ...(await employee(c, access, open.id)), mailSent } };
  }
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, access.companyId), eq(companyMembers.status, "invited")));
  if ((count?.count ?? 0) >= MAX_OPEN_INVITATIONS) throw new ApiError(409, "too_many_invitations", `A company may have at most ${MAX_OPEN_INVITATIONS} open invitations`);
  let id: number;
  try {
    const [row] = await db
      .insert(companyMembers)
      .values({ companyId: access.companyId, invitedEmail: input.email, invitedBy: access.userId, role: input.role, position: input.position ?? null, status: "invited" })
      .returning({ id: companyMembers.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "already_invited", "An invitation to this address has just been sent", [{ path: "email", message: "already_invited" }]);
    throw error;
  }
  const mailSent = await sendInvitation(c, access, input.email, input.role);
  return { status: 201, employee: { ...(await employee(c, access, id)), mailSent } };
}

export const profileEmployeeRoutes = new Hono<ApiEnv>()
  .get("/api/profile/company/employees", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await employees(c.var.db, access.companyId, access.userId));
  })
  .post("/api/profile/company/employees", async (c) => {
    const access = await companyAccess(c, "manageEmployees");
    const input = await parseForm(c, InviteEmployeeSchema);
    const { status, employee: view } = await inviteEmployee(c, access, input);
    return c.json({ data: view }, status);
  })
  .get("/api/profile/company/employees/:id", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await employee(c, access, pathId(c, "id", "Employee")));
  })
  .patch("/api/profile/company/employees/:id", async (c) => {
    const access = await companyAccess(c, "manageEmployees");
    const row = await loadMember(c, access);
    const patch = await parseForm(c, EmployeePatchSchema);
    if (row.role === "owner" || patch.role === "owner") ownerOnly(access);
    if (patch.role && patch.role !== row.role) await assertNotLastOwner(c.var.db, row);
    const set: Partial<MemberRow> = { updatedAt: row.updatedAt };
    if (patch.role) set.role = patch.role;
    if (patch.position !== undefined) set.position = patch.position;
    await c.var.db.update(companyMembers).set(set).where(eq(companyMembers.id, row.id));
    return ok(c, await employee(c, access, row.id));
  })
  .delete("/api/profile/company/employees/:id", async (c) => {
    // Leaving the company is open to everyone; removing someone else needs manageEmployees.
    const self = await companyAccess(c, "read");
    const row = await loadMember(c, self);
    const access = row.userId === self.userId ? self : await companyAccess(c, "manageEmployees");
    if (row.role === "owner" && row.userId !== self.userId) ownerOnly(access);
    await assertNotLastOwner(c.var.db, row);
    await c.var.db.delete(companyMembers).where(eq(companyMembers.id, row.id));
    return ok(c, { id: row.id, deleted: true });
  })
  .patch("/api/profile/company/employees/:id/status", async (c) => {
    const access = await companyAccess(c, "manageEmployees");
    const row = await loadMember(c, access);
    const { status } = await parseForm(c, EmployeeStatusSchema);
    if (row.status === "invited") throw new ApiError(409, "not_joined", "The invitation has not been accepted yet: delete it instead");
    if (row.userId === access.userId) throw new ApiError(409, "cannot_block_self", "You cannot block yourself");
    if (row.role === "owner") ownerOnly(access);
    if (status === "blocked") await assertNotLastOwner(c.var.db, row);
    await c.var.db.update(companyMembers).set({ status, updatedAt: new Date() }).where(eq(companyMembers.id, row.id));
    return ok(c, await employee(c, access, row.id));
  })
  /* ─── the invited person ─── */
  .get("/api/profile/invitations", async (c) => {
    const caller = requireCaller(c);
    return ok(c, await invitationsFor(c.var.db, caller.userId));
  })
  .post("/api/profile/invitations/:id/accept", async (c) => {
    const { userId, row } = await invitationOfCaller(c);
    if (row.updatedAt.getTime() + INVITATION_TTL_DAYS * 86_400_000 < Date.now()) {
      throw new ApiError(410, "invitation_expired", "The invitation has expired: ask for a new one");
    }
    const [existing] = await c.var.db.select({ id: companyMembers.id }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1);
    if (existing) throw new ApiError(409, "already_member", "You already belong to a company: leave it first");
    try {
      const [updated] = await c.var.db
        .update(companyMembers)
        .set({ userId, status: "active", updatedAt: new Date() })
        .where(and(eq(companyMembers.id, row.id), isNull(companyMembers.userId), eq(companyMembers.status, "invited")))
        .returning();
      if (!updated) throw notFound("Invitation");
      return ok(c, { companyId: updated.companyId, role: updated.role });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, "already_member", "You already belong to a company: leave it first");
      throw error;
    }
  })
  .delete("/api/profile/invitations/:id", async (c) => {
    const { row } = await invitationOfCaller(c);
    await c.var.db.delete(companyMembers).where(eq(companyMembers.id, row.id));
    return ok(c, { id: row.id, declined: true });
  });
