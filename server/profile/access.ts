/**
 * Who may do what in a company profile (ADR 009, docs/decisions/009-company-roles.md).
 *
 * Every profile endpoint starts with `companyAccess(db, userId, permission)`, which reads the caller's
 * membership from the database on every request (no cache, so blocking an employee or removing
 * them takes effect on their very next request; a signed-in request's membership is read once, with
 * its access token's check, server/auth/service.ts `pq_auth_caller`) and refuses:
 * (the API has already refused a caller without a valid access token: 401 `unauthorized`)
 * - no company → 403 `no_company`;
 * - a blocked employee → 403 `member_blocked`;
 * - a company role without the permission → 403 `forbidden_role`.
 * Resources are then looked up WITHIN the caller's company only, so another company's product,
 * file, employee or legal entity is a 404 `not_found`, exactly like one that does not exist.
 *
 * Permissions by company role:
 *
 * | permission        | owner | admin | sales | member | what it covers |
 * |-------------------|:-----:|:-----:|:-----:|:------:|----------------|
 * | `read`            |   ✓   |   ✓   |   ✓   |   ✓    | every GET of the profile, the company's inbox, conversations and quotes |
 * | `editProducts`    |   ✓   |   ✓   |   ✓   |   ✓    | create and edit products, prices, facts, files, variants; submit or withdraw a product |
 * | `answerBuyers`    |   ✓   |   ✓   |   ✓   |        | reply in the company's conversations, close or reopen them, send and change its quotes |
 * | `deleteProducts`  |   ✓   |   ✓   |       |        | delete a product |
 * | `editCompany`     |   ✓   |   ✓   |       |        | company card, facts, logo, files, status, dealer links, legal entities |
 * | `manageEmployees` |   ✓   |   ✓   |       |        | invite, change role or position, block, remove (owners and the owner role: owners only) |
 *
 * `answerBuyers` (issue 14 §1) is the sales manager's reason to exist: what the company says to a
 * buyer commits it, so a read-mostly `member` sees the inbox but does not speak for the company.
 */
import { eq, sql } from "drizzle-orm";
import type { PERMISSION_KEYS } from "#contract/profile/employees.ts";
import { ANSWER_BUYERS_ROLES, MANAGING_ROLES } from "#contract/profile/fields.ts";
import type { Db } from "../db/client.ts";
import { preparedQuery } from "../db/named-statement.ts";
import { companies, companyMembers, type CompanyRole, type CompanyStatus, type Lang, type Localized } from "../db/schema.ts";
import { DomainError } from "../errors.ts";

export const PERMISSIONS = {
  read: ["owner", "admin", "sales", "member"],
  editProducts: ["owner", "admin", "sales", "member"],
  answerBuyers: ANSWER_BUYERS_ROLES,
  deleteProducts: MANAGING_ROLES,
  editCompany: MANAGING_ROLES,
  manageEmployees: MANAGING_ROLES,
} as const satisfies Record<(typeof PERMISSION_KEYS)[number], readonly CompanyRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export interface CompanyAccess {
  userId: number;
  memberId: number;
  companyId: number;
  role: CompanyRole;
  companyStatus: CompanyStatus;
}

/** A user's company membership (a user belongs to at most one company), whatever its status. */
export interface Membership {
  memberId: number;
  companyId: number;
  role: CompanyRole;
  /** The employee's status (`active`, `invited`…). */
  status: string;
  companyStatus: CompanyStatus;
  companyName: Localized;
  /** The language the company's card is written in (the fallback for its name). */
  companySourceLang: Lang;
}

/** The membership of user `userId` (see Membership), or null when they belong to no company. */
export async function membershipOf(db: Db, userId: number): Promise<Membership | null> {
  const [row] = await membershipQuery.execute(db, { userId });
  return row ?? null;
}

// Read on every request of the profile and of the company's API: prepared once (issue 31 §5).
const membershipQuery = preparedQuery("pq_membership_of", (db, name) =>
  db
    .select({
      memberId: companyMembers.id,
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      status: companyMembers.status,
      companyStatus: companies.status,
      companyName: companies.name,
      companySourceLang: companies.sourceLang,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare(name),
);

/**
 * Checks that the signed-in user `userId` is an active employee of a company with `permission`;
 * returns the company and the caller's role. Throws DomainError 403 `no_company`,
 * `member_blocked` or `forbidden_role` otherwise.
 */
export async function companyAccess(
  db: Db,
  userId: number,
  permission: Permission,
  /** The membership as read at the request's start with the caller's token (`StoredCaller`); read now when left out. */
  known?: Membership | null,
): Promise<CompanyAccess> {
  const member = known === undefined ? await membershipOf(db, userId) : known;
  if (!member) throw new DomainError("no_company", "Create a company or accept an invitation first");
  if (member.status !== "active") throw new DomainError("member_blocked", "Your access to this company has been blocked");
  if (!(PERMISSIONS[permission] as readonly CompanyRole[]).includes(member.role)) {
    throw new DomainError("forbidden_role", "Your role in the company does not allow this");
  }
  return { userId, memberId: member.memberId, companyId: member.companyId, role: member.role, companyStatus: member.companyStatus };
}

/** Refuses changes to a company a moderator blocked (403 `company_blocked`). */
export function assertCompanyNotBlocked(access: CompanyAccess): void {
  if (access.companyStatus === "blocked") throw new DomainError("company_blocked", "The company has been blocked by a moderator");
}

/** Refuses changes to the company card while a moderator is reviewing it (409 `under_moderation`). */
export function assertCompanyEditable(access: CompanyAccess): void {
  assertCompanyNotBlocked(access);
  if (access.companyStatus === "moderation")
    throw new DomainError("under_moderation", "The company is being reviewed: withdraw it from moderation to change it");
}
