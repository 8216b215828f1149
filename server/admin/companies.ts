/**
 * Managing a company from the admin area (issue 7):
 * - verification: level 0 (none), 1 (documents checked), 2 (documents and a site visit), with the
 *   evidence (what was checked, per language) and the date of the check; levels 1 and 2 need both
 *   (400 `invalid_body`), level 0 clears them. Visitors see the level as the "verified" badge.
 * - block / unblock: a blocked company disappears from the catalogue (only `published` is shown)
 *   and its people cannot change it (403 `company_blocked`); the reason goes to `moderation_note`
 *   in the language chosen. Unblocking restores the status the block interrupted.
 * Each change and its audit row are one transaction.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { AdminCompanyView } from "#contract/admin/companies.ts";
import type { Db } from "../db/client.ts";
import {
  companies,
  companyMembers,
  legalEntities,
  products,
  regions,
  users,
  type CompanyStatus,
  type Lang,
  type Localized,
} from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { assertNoPublishedHolder } from "../profile/inn-conflicts.ts";
import { rowById } from "../db/queries.ts";
import type { AdminActor } from "../audit/access.ts";
import { auditedChange, historyOf } from "../audit/log.ts";

export type { AdminCompanyView } from "#contract/admin/companies.ts";

export async function adminCompanyView(db: Db, id: number): Promise<AdminCompanyView> {
  const row = await rowById(db, companies, id, "Company");
  const [region, counts, legal, people, history] = await Promise.all([
    row.regionCode
      ? db.select({ code: regions.code, name: regions.name }).from(regions).where(eq(regions.code, row.regionCode)).limit(1)
      : Promise.resolve([]),
    db
      .select({ status: products.status, n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.companyId, id))
      .groupBy(products.status),
    db.select().from(legalEntities).where(eq(legalEntities.companyId, id)).orderBy(asc(legalEntities.id)),
    db
      .select({
        memberId: companyMembers.id,
        userId: companyMembers.userId,
        first: users.firstName,
        last: users.lastName,
        email: users.email,
        invited: companyMembers.invitedEmail,
        role: companyMembers.role,
        status: companyMembers.status,
        locale: users.locale,
      })
      .from(companyMembers)
      .leftJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, id))
      .orderBy(asc(companyMembers.id)),
    historyOf(db, "company", id),
  ]);
  return {
    id: row.id,
    name: row.name,
    sourceLang: row.sourceLang,
    status: row.status,
    country: row.country,
    region: region[0] ?? null,
    city: row.city,
    website: row.website,
    phone: row.phone,
    email: row.email,
    moderationNote: row.moderationNote,
    moderationNoteLang: row.moderationNoteLang,
    verificationLevel: row.verificationLevel,
    verificationEvidence: row.verificationEvidence ?? {},
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    productCounts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
    legalEntities: legal.map((l) => ({ id: l.id, kind: l.kind, inn: l.inn, kpp: l.kpp, ogrn: l.ogrn, nameFull: l.nameFull })),
    people: people.map((p) => ({
      memberId: p.memberId,
      userId: p.userId,
      name: p.first ? `${p.first} ${p.last ?? ""}`.trim() : "",
      email: p.email ?? p.invited,
      role: p.role,
      status: p.status,
      locale: p.locale,
    })),
    history,
  };
}

/** The company `id` as an audited record at `at` (404 "Company"). */
const companyRecord = (id: number, at?: Date) => ({ table: companies, id, entityType: "company", what: "Company", at }) as const;

export interface VerificationInput {
  level: 0 | 1 | 2;
  evidence: Localized;
  /** The day of the check (UTC midnight), not in the future. */
  verifiedAt: Date | null;
}

export async function setVerification(db: Db, actor: AdminActor, id: number, input: VerificationInput, now = new Date()): Promise<void> {
  const evidence = input.level === 0 ? {} : input.evidence;
  const verifiedAt = input.level === 0 ? null : input.verifiedAt;
  await auditedChange(db, actor, companyRecord(id, now), async (tx, row) => {
    await tx
      .update(companies)
      .set({ verificationLevel: input.level, verificationEvidence: evidence, verifiedAt, updatedAt: now })
      .where(eq(companies.id, id));
    return {
      action: "company.verify",
      before: {
        verificationLevel: row.verificationLevel,
        verificationEvidence: row.verificationEvidence ?? {},
        verifiedAt: row.verifiedAt?.toISOString() ?? null,
      },
      after: { verificationLevel: input.level, verificationEvidence: evidence, verifiedAt: verifiedAt?.toISOString() ?? null },
    };
  });
}

/** Blocks a company with a reason (in `lang`). 409 `already_blocked`. */
export async function blockCompany(db: Db, actor: AdminActor, id: number, reason: string, lang: Lang, now = new Date()): Promise<void> {
  await auditedChange(db, actor, companyRecord(id, now), async (tx, row) => {
    if (row.status === "blocked") throw new DomainError("already_blocked", "The company is blocked already");
    await tx
      .update(companies)
      .set({ status: "blocked", blockedFromStatus: row.status, moderationNote: reason, moderationNoteLang: lang, updatedAt: now })
      .where(eq(companies.id, id));
    return {
      action: "company.block",
      before: { status: row.status, moderationNote: row.moderationNote },
      after: { status: "blocked", moderationNote: reason, moderationNoteLang: lang },
    };
  });
}

/**
 * Lifts a block: back to the status it interrupted (draft when unknown). 409 `not_blocked`; 409
 * `inn_conflict` when it would be published again while another published company lists one of its INNs.
 */
export async function unblockCompany(db: Db, actor: AdminActor, id: number, now = new Date()): Promise<CompanyStatus> {
  const row = await auditedChange(db, actor, companyRecord(id, now), async (tx, row) => {
    if (row.status !== "blocked") throw new DomainError("not_blocked", "The company is not blocked");
    const status = statusBeforeBlock(row);
    // Back to published is a publication: refused while another published company lists its INN (ADR 034).
    if (status === "published") await assertNoPublishedHolder(tx, id);
    await tx
      .update(companies)
      .set({ status, blockedFromStatus: null, moderationNote: null, moderationNoteLang: null, updatedAt: now })
      .where(and(eq(companies.id, id), eq(companies.status, "blocked")));
    return { action: "company.unblock", before: { status: "blocked", moderationNote: row.moderationNote }, after: { status } };
  });
  return statusBeforeBlock(row);
}

/** The status a block interrupted, which unblocking returns to (draft when unknown). */
function statusBeforeBlock(row: typeof companies.$inferSelect): CompanyStatus {
  return row.blockedFromStatus && row.blockedFromStatus !== "blocked" ? row.blockedFromStatus : "draft";
}
