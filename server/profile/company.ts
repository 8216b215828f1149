/**
 * The company card as its own employees see and edit it (issue 5; spec §7 Profile;
 * contract/profile/company.ts): every field in every language as stored (not localized for
 * reading), the logo, extra OKVED codes, status and moderator's note, and how complete the profile
 * is; its facts, logo and files (at most MAX_COMPANY_FILES: 409 `too_many_files`; an upload claimed
 * by another request or expired: 404 `file_not_found`). Errors are DomainError.
 *
 * Rules kept here:
 * - A user belongs to at most one company (unique `company_members.user_id`): creating a company
 *   when already an employee (active, blocked) is a 409 `already_member`; the creator becomes its
 *   `owner`.
 * - Region, OKVED codes must exist in the reference tables (400 `unknown_region`,
 *   `unknown_code`); a region must belong to the company's country.
 * - Status machine (companies): draft → moderation (submit; needs a name and, for a Russian
 *   company, at least one legal entity: 422 `incomplete` with the missing parts) → published or
 *   rejected (moderator, with a note); submit again from rejected; withdraw moderation, published or
 *   rejected → draft. `blocked` is a moderator's and refuses every change (403 `company_blocked`).
 *   Edits of a published company apply at once (post-moderation, ADR 009); during moderation the
 *   card is frozen (409 `under_moderation`).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CompanyFileView, CompanyInput, CompanyView } from "#contract/profile/company.ts";
import type { FactsInput, StatusAction } from "#contract/profile/fields.ts";
import type { Db } from "../db/client.ts";
import {
  companies,
  companyFiles,
  companyMembers,
  companyOkvedCodes,
  files,
  legalEntities,
  okvedCodes,
  products,
  regions,
  type CompanyRole,
  type CompanyStatus,
  type LocalizedFact,
} from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { claimUpload, deleteUnusedFiles, fileView } from "../files/repository.ts";
import type { ReceivedFile } from "../files/receive.ts";
import type { FileStorage } from "../files/storage.ts";
import { isUniqueViolation, rowById, type Queryable } from "../db/queries.ts";

export type { CompanyFileView, CompanyInput, CompanyView };

export type CompanyRow = typeof companies.$inferSelect;

/** A stored company's own fields, as the form and the employee's view show them (in that order). */
function storedFields(row: CompanyRow) {
  return {
    name: row.name,
    description: row.description,
    sourceLang: row.sourceLang,
    country: row.country,
    regionCode: row.regionCode,
    city: row.city,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    website: row.website,
    phone: row.phone,
    email: row.email,
    yearFounded: row.yearFounded,
    headcountRange: row.headcountRange,
    okvedMain: row.okvedMain,
  };
}

/** The company form's values of a stored company (the inverse of `companyColumns`). */
export function companyFormValues(row: CompanyRow, okvedExtra: string[]): CompanyInput {
  return {
    ...storedFields(row),
    headcountRange: row.headcountRange as CompanyInput["headcountRange"],
    okvedCodes: okvedExtra,
  };
}

/** Column values of a validated company form. */
/** Whether two localized texts say the same in every language (blank entries count as absent). */
function sameLocalized(a: Record<string, string | undefined> | null, b: Record<string, string | undefined> | null): boolean {
  const norm = (v: Record<string, string | undefined> | null) =>
    JSON.stringify(
      Object.entries(v ?? {})
        .filter(([, text]) => text?.trim())
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return norm(a) === norm(b);
}

function companyColumns(input: CompanyInput) {
  return {
    name: input.name,
    description: input.description ?? {},
    sourceLang: input.sourceLang,
    country: input.country,
    regionCode: input.regionCode ?? null,
    city: input.city ?? {},
    address: input.address ?? {},
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    website: input.website ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    yearFounded: input.yearFounded ?? null,
    headcountRange: input.headcountRange ?? null,
    okvedMain: input.okvedMain ?? null,
  };
}

async function okvedExtraOf(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ code: companyOkvedCodes.okvedCode })
    .from(companyOkvedCodes)
    .where(and(eq(companyOkvedCodes.companyId, companyId), eq(companyOkvedCodes.isMain, false)))
    .orderBy(asc(companyOkvedCodes.okvedCode));
  return rows.map((r) => r.code);
}

/** The company `companyId` as stored. 404 `not_found`. */
export async function loadCompany(db: Db, companyId: number): Promise<CompanyRow> {
  return rowById(db, companies, companyId, "Company");
}

/** The employee's view of their company. */
export async function companyView(db: Db, companyId: number, role: CompanyRole): Promise<CompanyView> {
  const row = await loadCompany(db, companyId);
  const [extra, logo, counts, legal] = await Promise.all([
    okvedExtraOf(db, companyId),
    row.logoFileId ? db.select().from(files).where(eq(files.id, row.logoFileId)).limit(1) : Promise.resolve([]),
    db
      .select({ status: products.status, count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.companyId, companyId))
      .groupBy(products.status),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(legalEntities)
      .where(eq(legalEntities.companyId, companyId)),
  ]);
  const productCounts = Object.fromEntries(counts.map((c) => [c.status, c.count]));
  const checks: [CompanyView["missing"][number], boolean][] = [
    ["legalEntity", row.country === "CN" || (legal[0]?.count ?? 0) > 0],
    ["description", Object.keys(row.description ?? {}).length > 0],
    ["logo", row.logoFileId !== null],
    ["contacts", Boolean(row.phone || row.email || row.website)],
    ["okved", row.okvedMain !== null],
    ["product", counts.reduce((sum, c) => sum + c.count, 0) > 0],
  ];
  const missing = checks.filter(([, done]) => !done).map(([what]) => what);
  return {
    id: row.id,
    ...storedFields(row),
    okvedCodes: extra,
    facts: row.facts,
    logo: logo[0] ? fileView(logo[0]) : null,
    status: row.status,
    moderationNote: row.moderationNote,
    moderationNoteLang: row.moderationNoteLang,
    verificationLevel: row.verificationLevel,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    role,
    missing,
    completeness: Math.round((100 * (checks.length + 1 - missing.length)) / (checks.length + 1)),
    productCounts,
  };
}

/**
 * Checks the reference values of a company form against the database: region (exists, same
 * country) and OKVED codes (exist, not a section letter). Throws 400 `invalid_body` naming each.
 */
export async function checkCompanyReferences(db: Db, input: CompanyInput): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  if (input.regionCode) {
    const [region] = await db.select({ country: regions.country }).from(regions).where(eq(regions.code, input.regionCode)).limit(1);
    if (!region || region.country !== input.country) issues.push({ path: "regionCode", message: "unknown_region" });
  }
  const codes = [...new Set([input.okvedMain, ...(input.okvedCodes ?? [])].filter((c): c is string => Boolean(c)))];
  if (codes.length > 0) {
    const found = new Set(
      (await db.select({ code: okvedCodes.code }).from(okvedCodes).where(inArray(okvedCodes.code, codes))).map((r) => r.code),
    );
    if (input.okvedMain && !found.has(input.okvedMain)) issues.push({ path: "okvedMain", message: "unknown_code" });
    (input.okvedCodes ?? []).forEach((code, index) => {
      if (!found.has(code)) issues.push({ path: `okvedCodes.${index}`, message: "unknown_code" });
    });
  }
  if (issues.length > 0) throw new DomainError("invalid_body", "Invalid request body", { issues });
}

async function writeOkved(tx: Queryable, companyId: number, main: string | null, extra: string[]) {
  await tx.delete(companyOkvedCodes).where(eq(companyOkvedCodes.companyId, companyId));
  const rows = [...new Set([...(main ? [main] : []), ...extra])].map((code) => ({ companyId, okvedCode: code, isMain: code === main }));
  if (rows.length > 0) await tx.insert(companyOkvedCodes).values(rows);
}

/** Creates a company with `userId` as its active owner. 409 `already_member` if they have a company. */
export async function createCompany(db: Db, userId: number, input: CompanyInput): Promise<number> {
  const [existing] = await db.select({ id: companyMembers.id }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1);
  if (existing) throw new DomainError("already_member", "You already belong to a company");
  await checkCompanyReferences(db, input);
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ ...companyColumns(input), status: "draft" })
        .returning({ id: companies.id });
      await tx.insert(companyMembers).values({ companyId: company!.id, userId, role: "owner", status: "active" });
      await writeOkved(tx, company!.id, input.okvedMain ?? null, input.okvedCodes ?? []);
      return company!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError("already_member", "You already belong to a company");
    }
    throw error;
  }
}

/**
 * Security review F11: the "verified" badge (level, evidence, date) stands for the company name and
 * legal entities a moderator checked; a change to either withdraws it, and a moderator verifies
 * again (server/admin/companies.ts). `db` may be a transaction.
 */
export async function resetVerification(db: Queryable, companyId: number): Promise<void> {
  await db
    .update(companies)
    .set({ verificationLevel: 0, verificationEvidence: null, verifiedAt: null })
    .where(and(eq(companies.id, companyId), sql`${companies.verificationLevel} > 0`));
}

/** Writes a validated, merged company form; a new name withdraws the verification (F11). */
export async function updateCompany(db: Db, companyId: number, input: CompanyInput, okvedChanged: boolean): Promise<void> {
  await checkCompanyReferences(db, input);
  const before = await loadCompany(db, companyId);
  await db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ ...companyColumns(input), updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    if (!sameLocalized(before.name, companyColumns(input).name)) await resetVerification(tx, companyId);
    if (okvedChanged) await writeOkved(tx, companyId, input.okvedMain ?? null, input.okvedCodes ?? []);
  });
}

/** The stored form values of a company (for merging a PATCH). */
export async function companyForm(db: Db, companyId: number): Promise<CompanyInput> {
  return companyFormValues(await loadCompany(db, companyId), await okvedExtraOf(db, companyId));
}

/**
 * Moves the company through the status machine for its own employees (`submit` / `withdraw`).
 * Returns the new status. 409 `invalid_transition` for a move the machine does not allow,
 * 422 `incomplete` when a submission lacks required parts.
 */
export async function changeCompanyStatus(db: Db, companyId: number, action: StatusAction): Promise<CompanyStatus> {
  const row = await loadCompany(db, companyId);
  if (row.status === "blocked") throw new DomainError("company_blocked", "The company has been blocked by a moderator");
  if (action === "submit") {
    if (row.status !== "draft" && row.status !== "rejected") {
      throw new DomainError(
        "invalid_transition",
        row.status === "moderation" ? "The company is already being reviewed" : "The company is already published",
      );
    }
    const issues: { path: string; message: string }[] = [];
    if (Object.keys(row.name).length === 0) issues.push({ path: "name", message: "required" });
    if (row.country === "RU") {
      const [legal] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(legalEntities)
        .where(eq(legalEntities.companyId, companyId));
      if ((legal?.count ?? 0) === 0) issues.push({ path: "legalEntities", message: "required" });
    }
    if (issues.length > 0)
      throw new DomainError("incomplete", "Fill in the required parts of the profile before sending it for review", { issues });
    await db
      .update(companies)
      .set({ status: "moderation", updatedAt: new Date() })
      .where(and(eq(companies.id, companyId), eq(companies.status, row.status)));
    return "moderation";
  }
  if (row.status === "draft") throw new DomainError("invalid_transition", "The company is not under review or published");
  await db
    .update(companies)
    .set({ status: "draft", publishedAt: null, updatedAt: new Date() })
    .where(and(eq(companies.id, companyId), eq(companies.status, row.status)));
  return "draft";
}

/** A company's files (documents and pictures), in order. */
export async function companyFilesOf(db: Db, companyId: number): Promise<CompanyFileView[]> {
  const rows = await db
    .select({ file: files, title: companyFiles.title, position: companyFiles.position })
    .from(companyFiles)
    .innerJoin(files, eq(files.id, companyFiles.fileId))
    .where(eq(companyFiles.companyId, companyId))
    .orderBy(asc(companyFiles.position), asc(companyFiles.id));
  return rows.map((r) => ({ ...fileView(r.file), title: r.title, position: r.position }));
}

/** At most this many files per company. */
export const MAX_COMPANY_FILES = 50;

/** A company's facts as stored. */
export async function companyFacts(db: Db, companyId: number): Promise<LocalizedFact[]> {
  return (await loadCompany(db, companyId)).facts;
}

/** Replaces a company's facts with the whole list of the facts form. */
export async function setCompanyFacts(db: Db, companyId: number, facts: FactsInput["facts"]): Promise<LocalizedFact[]> {
  await db.update(companies).set({ facts, updatedAt: new Date() }).where(eq(companies.id, companyId));
  return facts;
}

/** 404 `file_not_found`: the upload was attached meanwhile, expired or is someone else's. */
const uploadGone = () => new DomainError("file_not_found", "No such upload: upload the file again");

/**
 * Makes the received upload the company's logo (claimed by `userId`, so it no longer expires) and
 * deletes the previous logo's file when nothing else uses it.
 */
export async function setCompanyLogo(
  db: Db,
  storage: FileStorage,
  companyId: number,
  userId: number,
  received: ReceivedFile,
): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const [company] = await tx.select({ logo: companies.logoFileId }).from(companies).where(eq(companies.id, companyId)).for("update");
    const claimed = await claimUpload(tx, received.file.id, userId);
    if (!claimed) throw uploadGone();
    await tx.update(companies).set({ logoFileId: claimed.id, updatedAt: new Date() }).where(eq(companies.id, companyId));
    return company?.logo ?? null;
  });
  if (previous) await deleteUnusedFiles(db, storage, [previous]);
}

/** Removes the company's logo (its file goes when nothing else uses it). */
export async function removeCompanyLogo(db: Db, storage: FileStorage, companyId: number): Promise<void> {
  const [company] = await db.select({ logo: companies.logoFileId }).from(companies).where(eq(companies.id, companyId));
  await db.update(companies).set({ logoFileId: null, updatedAt: new Date() }).where(eq(companies.id, companyId));
  if (company?.logo) await deleteUnusedFiles(db, storage, [company.logo]);
}

/** 409 `too_many_files` once the company has MAX_COMPANY_FILES (checked before an upload is stored, and again when attaching). */
export async function assertRoomForCompanyFile(db: Queryable, companyId: number): Promise<void> {
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companyFiles)
    .where(eq(companyFiles.companyId, companyId));
  if ((count?.count ?? 0) >= MAX_COMPANY_FILES)
    throw new DomainError("too_many_files", `A company may have at most ${MAX_COMPANY_FILES} files`);
}

/** Attaches the received upload as the company's last file, with its title. */
export async function addCompanyFile(db: Db, companyId: number, userId: number, received: ReceivedFile): Promise<CompanyFileView> {
  return db.transaction(async (tx) => {
    const claimed = await claimUpload(tx, received.file.id, userId);
    if (!claimed) throw uploadGone();
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${companyFiles.position}), -1)::int` })
      .from(companyFiles)
      .where(eq(companyFiles.companyId, companyId));
    const [row] = await tx
      .insert(companyFiles)
      .values({ companyId, fileId: claimed.id, title: received.title, position: (last?.max ?? -1) + 1 })
      .returning();
    return { ...fileView(claimed), title: row!.title, position: row!.position };
  });
}

/** Detaches a company file (404 unless it is this company's) and deletes it when nothing else uses it. */
export async function removeCompanyFile(db: Db, storage: FileStorage, companyId: number, fileId: number): Promise<void> {
  const removed = await db
    .delete(companyFiles)
    .where(and(eq(companyFiles.companyId, companyId), eq(companyFiles.fileId, fileId)))
    .returning({ fileId: companyFiles.fileId });
  if (removed.length === 0) throw notFound("File");
  await deleteUnusedFiles(db, storage, [fileId]);
}
