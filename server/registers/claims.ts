/**
 * Claiming a company from the FNS registers (issue 30 §3, ADR 057): a signed-in person says "this
 * is my company" and proves it, then becomes its owner.
 *
 * Two proofs:
 * - `moderation`: the person's statement (who they are at the company, how to check) goes to the
 *   moderators, who see it beside the register facts (listPendingClaims) and approve or reject it;
 * - `email`: a code sent to an address at the company's own web domain (its card's website), typed
 *   back on the claim page within CODE_TTL_MS, at most CODE_ATTEMPTS tries. A company whose domain is
 *   unknown can be claimed only through moderation (409 `no_company_domain`): the registers hold no
 *   address, and a domain the person names proves nothing.
 *
 * Refusals: a company that is not published (404 `not_found`) or is already on the platform (409
 * `not_claimable`); a person already in a company (409 `already_member`: one company per person,
 * `company_members_user_key`); a pending claim of the company, the person's or anyone's (409
 * `claim_pending`, also from the unique index `company_claims_pending_key` for a concurrent one);
 * an address outside the domain (400 `invalid_body`, issue `email` `email_domain`).
 *
 * Approval (approveClaim): in one transaction the claim is `approved`, the person an active owner,
 * the company's origin `platform` (published now: it is on the platform from this day). Its
 * `register_entries` row stays linked, so later imports keep the register facts and the company's
 * SME category and revenue band, but no longer touch its card (server/registers/import.ts updates
 * the card only `where origin = 'register'`). Inquiries held for the company (sent while nobody ran
 * it; the registers have no address to mail) wait in its inbox; the new owner is told of them
 * (noticeWaitingInquiries), and of the open buying requests held for it (noticeWaitingRequests).
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, companyClaims, companyMembers, legalEntities, users, type Localized } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { isUniqueViolation } from "../db/queries.ts";
import { noticeWaitingInquiries } from "../inquiries/service.ts";
import { noticeWaitingRequests } from "../rfq/matching.ts";
import { registerFacts } from "../catalog/companies.ts";
import type { ClaimState, ClaimView, PendingClaim } from "#contract/claims.ts";
import type { AdminActor } from "../audit/access.ts";
import { recordAdminAction } from "../audit/log.ts";

/** How long an e-mailed claim code works, and how many wrong tries spend it. */
export const CODE_TTL_MS = 30 * 60 * 1000;
export const CODE_ATTEMPTS = 5;

type ClaimRow = typeof companyClaims.$inferSelect;

const hashCode = (claimId: number, code: string) => createHash("sha256").update(`claim:${claimId}:${code}`).digest("hex");

/**
 * The host of a company's website without `www.`, lower case (`https://www.Metall.ru/about` →
 * `metall.ru`), or null when there is no website or it is not a URL with a host.
 */
export function websiteDomain(website: string | null): string | null {
  if (!website?.trim()) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website.trim()) ? website.trim() : `https://${website.trim()}`);
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host.includes(".") ? host : null;
  } catch {
    return null;
  }
}

/** Whether `email` is an address at `domain` or one of its subdomains (`sales@msk.metall.ru` for `metall.ru`). */
export function emailAtDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const host = email.slice(at + 1).toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

function claimView(row: ClaimRow): ClaimView {
  return {
    id: row.id,
    companyId: row.companyId,
    method: row.method,
    status: row.status,
    email: row.email,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function claimableCompany(db: Db, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, status: companies.status, origin: companies.origin, website: companies.website })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company || company.status !== "published") throw notFound("Company");
  return company;
}

/**
 * What the claim page shows person `userId` about company `companyId`: whether it can be claimed
 * and why not, the domain an address must be at (null: moderation only), the person's latest claim
 * of it. 404 for an unknown or unpublished company.
 */
export async function claimState(db: Db, userId: number, companyId: number): Promise<ClaimState> {
  const company = await claimableCompany(db, companyId);
  const [mine] = await db
    .select()
    .from(companyClaims)
    .where(and(eq(companyClaims.companyId, companyId), eq(companyClaims.userId, userId)))
    .orderBy(desc(companyClaims.id))
    .limit(1);
  const [pending] = await db
    .select({ id: companyClaims.id })
    .from(companyClaims)
    .where(and(eq(companyClaims.companyId, companyId), eq(companyClaims.status, "pending")));
  const [member] = await db.select({ id: companyMembers.id }).from(companyMembers).where(eq(companyMembers.userId, userId));
  const blocker = company.origin !== "register" ? "not_claimable" : member ? "already_member" : pending ? "claim_pending" : null;
  return {
    companyId,
    name: company.name as Localized,
    claimable: blocker === null,
    blocker,
    emailDomain: websiteDomain(company.website),
    claim: mine ? claimView(mine) : null,
  };
}

export type ClaimInput = { method: "moderation"; statement: string } | { method: "email"; email: string };

/**
 * Starts person `userId`'s claim of company `companyId` (see the module's refusals). For `email`
 * the code is returned to the caller to send (`code`), never stored in clear.
 */
export async function startClaim(
  db: Db,
  userId: number,
  companyId: number,
  input: ClaimInput,
  now = new Date(),
): Promise<{ claim: ClaimView; code: string | null; company: Localized }> {
  const state = await claimState(db, userId, companyId);
  if (state.blocker === "not_claimable") throw new DomainError("not_claimable", "The company is already on the platform");
  if (state.blocker === "already_member") throw new DomainError("already_member", "You already belong to a company");
  if (state.blocker === "claim_pending") throw new DomainError("claim_pending", "The company already has a claim under way");
  let email: string | null = null;
  if (input.method === "email") {
    if (!state.emailDomain) throw new DomainError("no_company_domain", "The company's web domain is unknown: claim it through moderation");
    email = input.email.trim().toLowerCase();
    if (!emailAtDomain(email, state.emailDomain))
      throw new DomainError("invalid_body", `The address must be at ${state.emailDomain}`, {
        issues: [{ path: "email", message: "email_domain" }],
      });
  }
  const code = input.method === "email" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : null;
  let row: ClaimRow;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(companyClaims)
        .values({
          companyId,
          userId,
          method: input.method,
          statement: input.method === "moderation" ? input.statement.trim() : null,
          email,
          codeExpiresAt: code ? new Date(now.getTime() + CODE_TTL_MS) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!code) return inserted!;
      const [withCode] = await tx
        .update(companyClaims)
        .set({ codeHash: hashCode(inserted!.id, code) })
        .where(eq(companyClaims.id, inserted!.id))
        .returning();
      return withCode!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("claim_pending", "The company already has a claim under way");
    throw error;
  }
  return { claim: claimView(row), code, company: state.name };
}

/**
 * Person `userId` types the e-mailed `code` of their pending claim `claimId`: the right one approves
 * the claim (approveClaim). 404 for another's claim or one not pending by e-mail; 400 `code_expired`;
 * 400 `invalid_code` with `details.attemptsLeft`; 429 `too_many_attempts` once CODE_ATTEMPTS are spent
 * (the claim is cancelled: start again for a new code).
 */
export async function confirmClaimCode(db: Db, userId: number, claimId: number, code: string, now = new Date()): Promise<ClaimView> {
  const [row] = await db.select().from(companyClaims).where(eq(companyClaims.id, claimId));
  if (!row || row.userId !== userId || row.method !== "email" || row.status !== "pending" || !row.codeHash) throw notFound("Claim");
  if (row.codeExpiresAt && row.codeExpiresAt <= now) {
    await db.update(companyClaims).set({ status: "cancelled", updatedAt: now }).where(eq(companyClaims.id, claimId));
    throw new DomainError("code_expired", "The code has expired; start the claim again");
  }
  const [counted] = await db
    .update(companyClaims)
    .set({ codeAttempts: sql`${companyClaims.codeAttempts} + 1`, updatedAt: now })
    .where(and(eq(companyClaims.id, claimId), eq(companyClaims.status, "pending")))
    .returning({ attempts: companyClaims.codeAttempts });
  if (!counted) throw notFound("Claim");
  const given = Buffer.from(hashCode(claimId, code.replace(/\s+/g, "")), "hex");
  const expected = Buffer.from(row.codeHash, "hex");
  if (!timingSafeEqual(given, expected)) {
    const attemptsLeft = CODE_ATTEMPTS - counted.attempts;
    if (attemptsLeft <= 0) {
      await db.update(companyClaims).set({ status: "cancelled", updatedAt: now }).where(eq(companyClaims.id, claimId));
      throw new DomainError("too_many_attempts", "Too many wrong codes; start the claim again", { details: { retryAfter: 1 } });
    }
    throw new DomainError("invalid_code", `The code is wrong: ${attemptsLeft} attempts left`, { details: { attemptsLeft } });
  }
  return approveClaim(db, claimId, null, now);
}

/**
 * Approves pending claim `claimId` (a moderator `actorId`, or null for a confirmed e-mail code): the
 * person becomes the company's active owner and the company goes on the platform (see the module).
 * 404 when the claim is not pending; 409 `already_member` when the person joined a company meanwhile;
 * 409 `not_claimable` when the company is on the platform by now.
 */
export async function approveClaim(db: Db, claimId: number, actor: AdminActor | null, now = new Date()): Promise<ClaimView> {
  const actorId = actor?.userId ?? null;
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(companyClaims).where(eq(companyClaims.id, claimId)).for("update");
    if (!row || row.status !== "pending") throw notFound("Claim");
    const flipped = await tx
      .update(companies)
      .set({ origin: "platform", publishedAt: now, updatedAt: now })
      .where(and(eq(companies.id, row.companyId), eq(companies.origin, "register")))
      .returning({ id: companies.id });
    if (flipped.length === 0) throw new DomainError("not_claimable", "The company is already on the platform");
    try {
      await tx.insert(companyMembers).values({ companyId: row.companyId, userId: row.userId, role: "owner", status: "active" });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError("already_member", "The person already belongs to a company");
      throw error;
    }
    const [done] = await tx
      .update(companyClaims)
      .set({ status: "approved", decidedBy: actorId, decidedAt: now, updatedAt: now, codeHash: null })
      .where(eq(companyClaims.id, claimId))
      .returning();
    // A moderator's approval is audited with the change (a confirmed code is the person's own act).
    if (actor)
      await recordAdminAction(
        tx,
        actor,
        {
          entityType: "company",
          entityId: row.companyId,
          action: "company.claim_approve",
          before: { origin: "register" },
          after: { origin: "platform", claimId, userId: row.userId },
        },
        now,
      );
    return done!;
  });
  await noticeWaitingInquiries(db, approved.userId, approved.companyId, "owner", now);
  await noticeWaitingRequests(db, approved.userId, approved.companyId, now);
  return claimView(approved);
}

/** Rejects pending claim `claimId` with the moderator's `note` (404 when it is not pending). */
export async function rejectClaim(db: Db, claimId: number, actor: AdminActor, note: string, now = new Date()): Promise<ClaimView> {
  const row = await db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(companyClaims)
      .set({ status: "rejected", decidedBy: actor.userId, decidedAt: now, note: note.trim(), updatedAt: now })
      .where(and(eq(companyClaims.id, claimId), eq(companyClaims.status, "pending"), eq(companyClaims.method, "moderation")))
      .returning();
    if (!rejected) throw notFound("Claim");
    await recordAdminAction(
      tx,
      actor,
      { entityType: "company", entityId: rejected.companyId, action: "company.claim_reject", after: { claimId, note: note.trim() } },
      now,
    );
    return rejected;
  });
  return claimView(row);
}

/**
 * Claims waiting for a moderator, oldest first (company_claims_review_idx): the person (name, sign-in
 * e-mail and phone, when they joined), their statement, and the company with its legal entity and
 * register facts to check the statement against.
 */
export async function listPendingClaims(db: Db): Promise<PendingClaim[]> {
  const rows = await db
    .select({
      claim: companyClaims,
      companyName: companies.name,
      firstName: users.firstName,
      lastName: users.lastName,
      userEmail: users.email,
      userPhone: users.phone,
      userSince: users.createdAt,
    })
    .from(companyClaims)
    .innerJoin(companies, eq(companies.id, companyClaims.companyId))
    .innerJoin(users, eq(users.id, companyClaims.userId))
    .where(and(eq(companyClaims.status, "pending"), eq(companyClaims.method, "moderation")))
    .orderBy(companyClaims.createdAt, companyClaims.id)
    .limit(200);
  return Promise.all(
    rows.map(async (r) => {
      const [entity] = await db
        .select({ inn: legalEntities.inn, ogrn: legalEntities.ogrn, nameFull: legalEntities.nameFull })
        .from(legalEntities)
        .where(eq(legalEntities.companyId, r.claim.companyId))
        .limit(1);
      return {
        ...claimView(r.claim),
        statement: r.claim.statement ?? "",
        companyName: r.companyName as Localized,
        inn: entity?.inn ?? null,
        ogrn: entity?.ogrn ?? null,
        legalName: entity?.nameFull ?? null,
        register: await registerFacts(db, r.claim.companyId),
        person: {
          id: r.claim.userId,
          name: [r.firstName, r.lastName].filter(Boolean).join(" "),
          email: r.userEmail,
          phone: r.userPhone,
          since: r.userSince.toISOString(),
        },
      };
    }),
  );
}
