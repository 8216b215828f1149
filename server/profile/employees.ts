/**
 * Employees of a company and invitations (issue 5; contract/profile/employees.ts). Rules (ADR 009):
 * - owners and admins invite, change roles and positions, block and remove (the caller's
 *   permission is checked by server/profile/access.ts); only an owner may touch an owner or give
 *   the owner role (403 `forbidden_role`);
 * - the company always keeps an active owner (409 `last_owner`); nobody blocks themselves (409
 *   `cannot_block_self`); an invitation not yet accepted cannot be blocked (409 `not_joined`);
 * - anyone may leave (remove their own row), except the last owner;
 * - an invitation is a `company_members` row with `invited_email` and no user; it is valid
 *   INVITATION_TTL_DAYS after it was (last) sent, at most MAX_OPEN_INVITATIONS per company, and
 *   accepted by the person signed in with that address, who must not belong to a company yet (409
 *   `already_member`; a user belongs to at most one company).
 * Another company's row is a 404, like an unknown one. While a moderator has blocked the company,
 * nobody invites, changes, blocks or removes others (403 `company_blocked`); leaving stays open.
 */
import { noticeWaitingInquiries } from "../inquiries/service.ts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Lang } from "#contract/lang-schemas.ts";
import type {
  EmployeePatchInput,
  EmployeeView,
  InvitationView,
  InvitedEmployee,
  InviteEmployeeInput,
} from "#contract/profile/employees.ts";
import { inviteMail } from "../auth/delivery/messages.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import type { Db } from "../db/client.ts";
import { preparedQuery } from "../db/named-statement.ts";
import { companies, companyMembers, users, type CompanyRole } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { assertCompanyNotBlocked, type CompanyAccess } from "./access.ts";
import { isUniqueViolation, rowById } from "../db/queries.ts";
import { personName } from "#contract/people.ts";

export type { EmployeeView, InvitationView, InvitedEmployee };

/** Invitations are valid this many days after they were (last) sent. */
export const INVITATION_TTL_DAYS = 14;
/** Open invitations one company may have at a time. */
export const MAX_OPEN_INVITATIONS = 100;

const DAY_MS = 86_400_000;

type MemberRow = typeof companyMembers.$inferSelect;

/**
 * The daily caps on invitation e-mails (security review F6; contract INVITATION_LIMITS), counted
 * in the database by the API tier (server/api/profile-access.ts).
 */
export interface InvitationLimits {
  /** Seconds before an open invitation's e-mail may be sent again. */
  resendS: number;
  /** Counts one invitation e-mail from `companyId` to `email`; throws 429 `rate_limited` once a daily cap is used up. */
  consume(companyId: number, email: string): Promise<void>;
}

/** What sending an invitation e-mail needs. */
export interface InvitationMail {
  /** Caps on sending (none: unlimited, for scripts and tests that do not look at them). */
  limits?: InvitationLimits;
  mailer: Mailer;
  logger: Logger;
  /** Origin of the site, for the link in the e-mail. */
  publicUrl: () => string;
  appName: string;
}

const ROLE_ORDER: Record<CompanyRole, number> = { owner: 0, admin: 1, sales: 2, member: 3 };

/** The company's employees and invitations (owners first, invitations last), or the one `memberId`. */
export async function listEmployees(db: Db, companyId: number, callerId: number, memberId?: number): Promise<EmployeeView[]> {
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
    .sort(
      (a, b) => Number(a.status === "invited") - Number(b.status === "invited") || ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.id - b.id,
    );
}

/** One employee (or invitation) of the caller's company. */
export async function getEmployee(db: Db, access: CompanyAccess, id: number): Promise<EmployeeView> {
  const [view] = await listEmployees(db, access.companyId, access.userId, id);
  if (!view) throw notFound("Employee");
  return view;
}

async function loadMember(db: Db, access: CompanyAccess, id: number): Promise<MemberRow> {
  return rowById(db, companyMembers, id, "Employee", { within: eq(companyMembers.companyId, access.companyId) });
}

function ownerOnly(access: CompanyAccess) {
  if (access.role !== "owner") throw new DomainError("forbidden_role", "Only an owner may do this with owners");
}

/** 409 `last_owner` when `row` is the company's only active owner and would stop being one. */
async function assertNotLastOwner(db: Db, row: MemberRow) {
  if (row.role !== "owner" || row.status !== "active") return;
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.role, "owner"), eq(companyMembers.status, "active")));
  if ((count?.count ?? 0) <= 1) throw new DomainError("last_owner", "The company must keep at least one active owner");
}

/**
 * Sends the invitation e-mail in the invitee's language (a registered person's), else the
 * inviter's; returns false (logged) when the mailer fails, so the invitation still stands.
 */
async function sendInvitation(db: Db, mail: InvitationMail, access: CompanyAccess, email: string, role: CompanyRole): Promise<boolean> {
  const [[inviter], [company], [invitee]] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, locale: users.locale })
      .from(users)
      .where(eq(users.id, access.userId))
      .limit(1),
    db
      .select({ name: companies.name, sourceLang: companies.sourceLang })
      .from(companies)
      .where(eq(companies.id, access.companyId))
      .limit(1),
    db.select({ locale: users.locale }).from(users).where(eq(users.email, email)).limit(1),
  ]);
  const lang: Lang = invitee?.locale ?? inviter?.locale ?? "ru";
  const name = company?.name ?? {};
  const companyName = name[lang] ?? name[company?.sourceLang ?? "ru"] ?? Object.values(name)[0] ?? "";
  const prefix = lang === "ru" ? "" : `/${lang}`;
  try {
    await mail.mailer.send(
      inviteMail({
        to: email,
        inviter: personName(inviter),
        company: companyName,
        role,
        link: `${mail.publicUrl()}${prefix}/profile/start`,
        lang,
        appName: mail.appName,
      }),
    );
    return true;
  } catch (error) {
    mail.logger.error({ err: error, to: email }, "invitation e-mail failed");
    return false;
  }
}

/**
 * Invites `input.email` to the caller's company with `input.role` and `input.position` and sends
 * the invitation e-mail (the one implementation behind POST /api/profile/company/employees and
 * POST /app/employee/form). An open invitation to the same address is renewed (`renewed`: role and
 * position updated, e-mail sent again); otherwise a new one is created. `access` must carry
 * `manageEmployees`. Throws DomainError: 403 `forbidden_role` (only an owner invites an owner or
 * renews an owner's invitation), 409 `already_employee` / `already_invited` (with an `email`
 * issue), 409 `too_many_invitations`.
 */
export async function inviteEmployee(
  db: Db,
  mail: InvitationMail,
  access: CompanyAccess,
  input: InviteEmployeeInput,
): Promise<{ renewed: boolean; employee: InvitedEmployee }> {
  // A company a moderator blocked sends no more e-mail in its name (security review F21).
  assertCompanyNotBlocked(access);
  if (input.role === "owner") ownerOnly(access);
  const [joined] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, access.companyId), eq(users.email, input.email)))
    .limit(1);
  if (joined)
    throw new DomainError("already_employee", "This person is already an employee of the company", {
      issues: [{ path: "email", message: "already_employee" }],
    });
  const [open] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, access.companyId), eq(companyMembers.invitedEmail, input.email), isNull(companyMembers.userId)))
    .limit(1);
  if (open) {
    if (open.role === "owner") ownerOnly(access);
    const waitMs = open.updatedAt.getTime() + (mail.limits?.resendS ?? 0) * 1000 - Date.now();
    if (waitMs > 0)
      throw new DomainError("rate_limited", "The invitation was sent a moment ago: wait a little", { retryAfter: waitMs / 1000 });
    await mail.limits?.consume(access.companyId, input.email);
    await db
      .update(companyMembers)
      .set({
        role: input.role,
        position: input.position ?? open.position,
        status: "invited",
        invitedBy: access.userId,
        updatedAt: new Date(),
      })
      .where(eq(companyMembers.id, open.id));
    const mailSent = await sendInvitation(db, mail, access, input.email, input.role);
    return { renewed: true, employee: { ...(await getEmployee(db, access, open.id)), mailSent } };
  }
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, access.companyId), eq(companyMembers.status, "invited")));
  if ((count?.count ?? 0) >= MAX_OPEN_INVITATIONS)
    throw new DomainError("too_many_invitations", `A company may have at most ${MAX_OPEN_INVITATIONS} open invitations`);
  await mail.limits?.consume(access.companyId, input.email);
  let id: number;
  try {
    const [row] = await db
      .insert(companyMembers)
      .values({
        companyId: access.companyId,
        invitedEmail: input.email,
        invitedBy: access.userId,
        role: input.role,
        position: input.position ?? null,
        status: "invited",
      })
      .returning({ id: companyMembers.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError("already_invited", "An invitation to this address has just been sent", {
        issues: [{ path: "email", message: "already_invited" }],
      });
    throw error;
  }
  const mailSent = await sendInvitation(db, mail, access, input.email, input.role);
  return { renewed: false, employee: { ...(await getEmployee(db, access, id)), mailSent } };
}

/** Changes an employee's role and/or position (owners: owners only; the last owner stays one). */
export async function updateEmployee(db: Db, access: CompanyAccess, id: number, patch: EmployeePatchInput): Promise<EmployeeView> {
  assertCompanyNotBlocked(access);
  const row = await loadMember(db, access, id);
  if (row.role === "owner" || patch.role === "owner") ownerOnly(access);
  if (patch.role && patch.role !== row.role) await assertNotLastOwner(db, row);
  // The invitation's age is counted from updatedAt: a role change must not extend it.
  const set: Partial<MemberRow> = { updatedAt: row.updatedAt };
  if (patch.role) set.role = patch.role;
  if (patch.position !== undefined) set.position = patch.position;
  await db.update(companyMembers).set(set).where(eq(companyMembers.id, row.id));
  return getEmployee(db, access, row.id);
}

/**
 * Removes an employee or revokes an invitation; with the caller's own id, leaves the company.
 * `self` is the caller's `read` access; `manage` gives `manageEmployees` (asked for only when the
 * row is someone else's, so leaving needs no more than membership).
 */
export async function removeEmployee(db: Db, self: CompanyAccess, id: number, manage: () => Promise<CompanyAccess>): Promise<void> {
  const row = await loadMember(db, self, id);
  const access = row.userId === self.userId ? self : await manage();
  // Leaving stays open to everyone; managing others waits until a moderator unblocks the company (F21).
  if (access !== self) assertCompanyNotBlocked(access);
  if (row.role === "owner" && row.userId !== self.userId) ownerOnly(access);
  await assertNotLastOwner(db, row);
  await db.delete(companyMembers).where(eq(companyMembers.id, row.id));
}

/** Blocks or unblocks an employee who has joined (a blocked one loses access on their next request). */
export async function setEmployeeStatus(db: Db, access: CompanyAccess, id: number, status: "active" | "blocked"): Promise<EmployeeView> {
  assertCompanyNotBlocked(access);
  const row = await loadMember(db, access, id);
  if (row.status === "invited") throw new DomainError("not_joined", "The invitation has not been accepted yet: delete it instead");
  if (row.userId === access.userId) throw new DomainError("cannot_block_self", "You cannot block yourself");
  if (row.role === "owner") ownerOnly(access);
  if (status === "blocked") await assertNotLastOwner(db, row);
  await db.update(companyMembers).set({ status, updatedAt: new Date() }).where(eq(companyMembers.id, row.id));
  return getEmployee(db, access, row.id);
}

/* ─── the invited person ─── */

const inviters = alias(users, "inviters");

/**
 * Open, unexpired invitations to the e-mail address of `person` — a user id, or a profile already read
 * (its `email`, so the profile's own reads do not fetch the address again). None for a phone-only account.
 */
export async function invitationsFor(db: Db, person: number | { email: string | null }, now = new Date()): Promise<InvitationView[]> {
  const user =
    typeof person === "number" ? (await db.select({ email: users.email }).from(users).where(eq(users.id, person)).limit(1))[0] : person;
  if (!user?.email) return [];
  const since = new Date(now.getTime() - INVITATION_TTL_DAYS * DAY_MS);
  const rows = await openInvitations.execute(db, { email: user.email, since });
  return rows.map((r) => ({
    id: r.member.id,
    company: { id: r.member.companyId, name: r.companyName, status: r.companyStatus },
    role: r.member.role,
    position: r.member.position,
    invitedBy: r.inviterFirst !== null && r.inviterLast !== null ? { firstName: r.inviterFirst, lastName: r.inviterLast } : null,
    invitedAt: r.member.createdAt.toISOString(),
    expiresAt: new Date(r.member.updatedAt.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
  }));
}

// Read by every profile load of a person without a company: prepared once (issue 31 §5).
const openInvitations = preparedQuery("pq_open_invitations", (db, name) =>
  db
    .select({
      member: companyMembers,
      companyName: companies.name,
      companyStatus: companies.status,
      inviterFirst: inviters.firstName,
      inviterLast: inviters.lastName,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(inviters, eq(inviters.id, companyMembers.invitedBy))
    .where(
      and(
        eq(companyMembers.invitedEmail, sql.placeholder("email")),
        eq(companyMembers.status, "invited"),
        isNull(companyMembers.userId),
        sql`${companyMembers.updatedAt} > ${sql.placeholder("since")}`,
      ),
    )
    .orderBy(asc(companyMembers.id))
    .prepare(name),
);

/** The open invitation `id` to `userId`'s e-mail address (404 for any other). */
async function invitationOf(db: Db, userId: number, id: number): Promise<MemberRow> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const [row] = user?.email
    ? await db
        .select()
        .from(companyMembers)
        .where(
          and(
            eq(companyMembers.id, id),
            eq(companyMembers.invitedEmail, user.email),
            eq(companyMembers.status, "invited"),
            isNull(companyMembers.userId),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw notFound("Invitation");
  return row;
}

const alreadyMember = () => new DomainError("already_member", "You already belong to a company: leave it first");

/** Joins the inviting company as an active employee (410 `invitation_expired`, 409 `already_member`). */
export async function acceptInvitation(db: Db, userId: number, id: number): Promise<{ companyId: number; role: CompanyRole }> {
  const row = await invitationOf(db, userId, id);
  if (row.updatedAt.getTime() + INVITATION_TTL_DAYS * DAY_MS < Date.now())
    throw new DomainError("invitation_expired", "The invitation has expired: ask for a new one");
  const [existing] = await db.select({ id: companyMembers.id }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1);
  if (existing) throw alreadyMember();
  try {
    const [updated] = await db
      .update(companyMembers)
      .set({ userId, status: "active", updatedAt: new Date() })
      .where(and(eq(companyMembers.id, row.id), isNull(companyMembers.userId), eq(companyMembers.status, "invited")))
      .returning();
    if (!updated) throw notFound("Invitation");
    await noticeWaitingInquiries(db, userId, updated.companyId, updated.role);
    return { companyId: updated.companyId, role: updated.role };
  } catch (error) {
    // The person joined another company in between (one company per user: a unique index).
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
}

/** Declines (deletes) an invitation to the caller's address. */
export async function declineInvitation(db: Db, userId: number, id: number): Promise<void> {
  const row = await invitationOf(db, userId, id);
  await db.delete(companyMembers).where(eq(companyMembers.id, row.id));
}
