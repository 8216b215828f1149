/**
 * Buying requests (contract/rfq.ts; ADR 029): writing, submitting, closing, who may see one, and
 * the views the API answers with.
 *
 * Visibility (`visibleRfq`): the buyer sees their own request in any status; anyone sees a public
 * request once a moderator approved it (open, closed, awarded); a private one is seen by the people
 * of the companies it invited; anything else is a 404 `not_found`, exactly like a missing id.
 *
 * Only a PUBLISHED company sees requests as a supplier (security review N9): a draft, hidden or
 * blocked company neither sees a private request it was invited to nor quotes.
 *
 * Opening (`markOpen` + `enqueueOpenJobs`, from a private request's submit or a moderator's approval) enqueues the
 * matching job (server/rfq/jobs.ts `rfq-match`) and the close job at the deadline (`rfq-close`).
 * Submitting is limited per buyer and day (server/api/rate-limits.ts `RFQ_LIMITS`, security review
 * N3), and a new buyer's private request goes to the moderators like a public one.
 * Errors: DomainError `not_found`, `invalid_transition` (not editable, nothing to submit or close),
 * `incomplete` (the deadline passed before submitting), `file_not_found` (an unknown upload),
 * `invalid_body` with an issue on `categoryId` or `invitedCompanyIds` naming a missing record,
 * `rate_limited` (a daily limit of submissions or invitations, with `retryAfter` and the field).
 */
import { and, desc, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { deadlineEnd, type OwnRfq, type RfqDetail, type RfqInput, type RfqPublic, type RfqReach } from "#contract/rfq.ts";
import { AWARD_UNDO_MINUTES } from "#contract/quotes.ts";
import { RFQ_LIMITS } from "../api/rate-limits.ts";
import type { Db } from "../db/client.ts";
import {
  categories,
  companies,
  companyMembers,
  files,
  quotes,
  rfqFiles,
  rfqInvitations,
  rfqMatches,
  rfqs,
  tnvedCodes,
  type Lang,
  type Localized,
} from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { claimUpload, fileView } from "../files/repository.ts";
import { privateFileView } from "../files/links.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { pageOfTable, type Queryable } from "../db/queries.ts";
import { membershipOf } from "../profile/access.ts";
import { mayAnswerBuyers } from "#contract/profile/fields.ts";

export type RfqRow = typeof rfqs.$inferSelect;

/** The companies whose people see a request as a supplier: their active membership's company, or null. */
export async function activeCompanyOf(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.status, "active")))
    .limit(1);
  return row?.companyId ?? null;
}

/** A localized name in `lang`, falling back to Russian, then English, then any. */
export function nameIn(value: Localized | null | undefined, lang: Lang): string {
  if (!value) return "";
  return value[lang] || value.ru || value.en || value.zh || "";
}

/** The TN VED code's own name (or, when unknown, its heading's) in `lang`. */
async function tnvedNames(db: Queryable, codes: string[], lang: Lang): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (codes.length === 0) return out;
  const wanted = [...new Set(codes.flatMap((code) => [code, code.slice(0, 4)]))];
  const rows = await db
    .select({ digits: tnvedCodes.codeDigits, ru: tnvedCodes.nameRu, en: tnvedCodes.nameEn, zh: tnvedCodes.nameZh, level: tnvedCodes.level })
    .from(tnvedCodes)
    .where(inArray(tnvedCodes.codeDigits, wanted));
  const byDigits = new Map(rows.map((r) => [r.digits, r]));
  for (const code of codes) {
    const row = byDigits.get(code) ?? byDigits.get(code.slice(0, 4));
    if (!row) continue;
    out.set(code, (lang === "zh" ? row.zh || row.en : lang === "en" ? row.en : null) || row.ru);
  }
  return out;
}

/** Public views of `rows` in `lang` (names, the buyer's company name, quote counts, files), in order. */
export async function publicViews(db: Queryable, rows: RfqRow[], lang: Lang): Promise<RfqPublic[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const names = await tnvedNames(
    db,
    rows.map((r) => r.tnvedCode).filter((c): c is string => !!c),
    lang,
  );
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((c): c is number => c !== null))];
  const categoryRows = categoryIds.length
    ? await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, categoryIds))
    : [];
  const companyIds = [...new Set(rows.map((r) => r.buyerCompanyId).filter((c): c is number => c !== null))];
  const companyRows = companyIds.length
    ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds))
    : [];
  const counts = await db
    .select({ rfqId: quotes.rfqId, n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(inArray(quotes.rfqId, ids))
    .groupBy(quotes.rfqId);
  const fileRows = await db
    .select({ rfqId: rfqFiles.rfqId, file: files })
    .from(rfqFiles)
    .innerJoin(files, eq(files.id, rfqFiles.fileId))
    .where(inArray(rfqFiles.rfqId, ids))
    .orderBy(rfqFiles.position, files.id);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    lang: r.lang,
    tnvedCode: r.tnvedCode,
    tnved: r.tnvedCode ? { code: r.tnvedCode, name: names.get(r.tnvedCode) ?? "" } : null,
    category: r.categoryId ? { id: r.categoryId, name: nameIn(categoryRows.find((c) => c.id === r.categoryId)?.name, lang) } : null,
    quantity: r.quantity,
    unit: r.unit,
    targetPrice: r.targetPrice,
    currency: r.currency,
    incoterms: r.incoterms as RfqPublic["incoterms"],
    destinationCountry: r.destinationCountry,
    destinationCity: r.destinationCity,
    deadline: r.deadline.toISOString().slice(0, 10),
    visibility: r.visibility,
    status: r.status,
    buyerCompany: r.buyerCompanyId ? nameIn(companyRows.find((c) => c.id === r.buyerCompanyId)?.name, lang) || null : null,
    openedAt: r.openedAt?.toISOString() ?? null,
    quoteCount: counts.find((c) => c.rfqId === r.id)?.n ?? 0,
    // A private request's files are served only to those who may see it (ADR 040).
    files: fileRows.filter((f) => f.rfqId === r.id).map((f) => (r.visibility === "public" ? fileView(f.file) : privateFileView(f.file))),
  }));
}

/** Who request `rfqId` reached and how (contract/rfq.ts `RfqReachSchema`): counted from its matches. */
export async function reachOf(db: Queryable, rfqId: number): Promise<RfqReach> {
  const [r] = await db
    .select({
      matched: sql<number>`count(*)::int`,
      byAccount: sql<number>`count(*) filter (where ${rfqMatches.notifiedAt} is not null and ${rfqMatches.notifiedVia} = 'account')::int`,
      byEmail: sql<number>`count(*) filter (where ${rfqMatches.notifiedAt} is not null and ${rfqMatches.notifiedVia} = 'email')::int`,
      noAddress: sql<number>`count(*) filter (where ${rfqMatches.notifiedAt} is null and ${rfqMatches.heldBack} = 'no_address')::int`,
      heldBack: sql<number>`count(*) filter (where ${rfqMatches.notifiedAt} is null and ${rfqMatches.heldBack} = 'cap')::int`,
      unclaimed: sql<number>`count(*) filter (where ${rfqMatches.notifiedAt} is null and ${rfqMatches.heldBack} = 'unclaimed')::int`,
    })
    .from(rfqMatches)
    .where(eq(rfqMatches.rfqId, rfqId));
  const matched = r?.matched ?? 0;
  const byAccount = r?.byAccount ?? 0;
  const byEmail = r?.byEmail ?? 0;
  const noAddress = r?.noAddress ?? 0;
  const heldBack = r?.heldBack ?? 0;
  const unclaimed = r?.unclaimed ?? 0;
  const told = byAccount + byEmail;
  return { matched, told, byAccount, byEmail, noAddress, heldBack, unclaimed, pending: matched - told - noAddress - heldBack - unclaimed };
}

/** The end of an award's undo window (contract/quotes.ts AWARD_UNDO_MINUTES). */
export function undoUntil(awardedAt: Date): Date {
  return new Date(awardedAt.getTime() + AWARD_UNDO_MINUTES * 60_000);
}

/** The buyer's view of their own request. */
export async function ownView(db: Queryable, row: RfqRow, lang: Lang): Promise<OwnRfq> {
  const [view] = await publicViews(db, [row], lang);
  const invited = await db
    .select({ id: companies.id, name: companies.name })
    .from(rfqInvitations)
    .innerJoin(companies, eq(companies.id, rfqInvitations.companyId))
    .where(eq(rfqInvitations.rfqId, row.id))
    .orderBy(companies.id);
  const reach = await reachOf(db, row.id);
  return {
    ...view!,
    categoryId: row.categoryId,
    moderationNote: row.moderationNote,
    moderationNoteLang: row.moderationNoteLang,
    invitedCompanies: invited.map((c) => ({ id: c.id, name: nameIn(c.name, lang) })),
    matchedCount: reach.matched,
    reach,
    awardedQuoteId: row.awardedQuoteId,
    award:
      row.status === "awarded" && row.awardedQuoteId !== null && row.awardedAt
        ? {
            quoteId: row.awardedQuoteId,
            acceptedAt: row.awardedAt.toISOString(),
            undoUntil: undoUntil(row.awardedAt).toISOString(),
            notified: row.awardNotifiedAt !== null,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function rfqRow(db: Queryable, id: number): Promise<RfqRow | null> {
  const [row] = await db.select().from(rfqs).where(eq(rfqs.id, id)).limit(1);
  return row ?? null;
}

/** The caller's own request (404 for anyone else's). */
export async function ownRfq(db: Queryable, userId: number, id: number): Promise<RfqRow> {
  const row = await rfqRow(db, id);
  if (!row || row.buyerUserId !== userId) throw notFound("Buying request");
  return row;
}

const LISTED = ["open", "closed", "awarded"] as const;

/** Whether company `companyId` is published (only a published company acts as a supplier, security review N9). */
export async function companyPublished(db: Queryable, companyId: number): Promise<boolean> {
  const [row] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.status === "published";
}

/**
 * Whether `companyId`'s people may see `row` as a supplier: listed and public, or invited — and the
 * company published (security review N9). Anyone may still read a listed public request as a visitor.
 */
export async function supplierMaySee(db: Queryable, row: RfqRow, companyId: number | null): Promise<boolean> {
  if (!(LISTED as readonly string[]).includes(row.status)) return false;
  if (row.visibility === "public" && companyId === null) return true;
  if (companyId === null) return false;
  if (!(await companyPublished(db, companyId))) return row.visibility === "public";
  if (row.visibility === "public") return true;
  const [invited] = await db
    .select({ n: sql<number>`1` })
    .from(rfqInvitations)
    .where(and(eq(rfqInvitations.rfqId, row.id), eq(rfqInvitations.companyId, companyId)))
    .limit(1);
  return !!invited;
}

/** Whether quotes are taken now: open and before the end of the deadline day. */
export function takesQuotes(row: RfqRow, now = new Date()): boolean {
  return row.status === "open" && row.deadline.getTime() >= now.getTime();
}

/** A request as `userId` (null: anonymous) may see it, with what they may do (404 otherwise). */
export async function visibleRfq(db: Db, id: number, userId: number | null, lang: Lang): Promise<RfqDetail> {
  const row = await rfqRow(db, id);
  if (!row) throw notFound("Buying request");
  const isBuyer = userId !== null && row.buyerUserId === userId;
  const member = userId !== null ? await membershipOf(db, userId) : null;
  const companyId = member?.status === "active" ? member.companyId : null;
  if (!isBuyer && !(await supplierMaySee(db, row, companyId))) throw notFound("Buying request");
  const [view] = await publicViews(db, [row], lang);
  let myQuoteId: number | null = null;
  if (companyId !== null) {
    const [mine] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.rfqId, id), eq(quotes.companyId, companyId)))
      .limit(1);
    myQuoteId = mine?.id ?? null;
  }
  const ownCompany = companyId !== null && row.buyerCompanyId === companyId;
  return {
    ...view!,
    viewer: {
      isBuyer,
      // A company's `member` sees the request but only the roles that answer buyers quote (ADR 009);
      // a company that is not published does not quote at all (security review N9).
      canQuote:
        companyId !== null &&
        member?.companyStatus === "published" &&
        mayAnswerBuyers(member?.role ?? "") &&
        !isBuyer &&
        !ownCompany &&
        takesQuotes(row),
      myQuoteId,
    },
  };
}

/**
 * Open public requests, newest first; `q` matches words of the title or description (any case),
 * `tnved` a code prefix, `category` the category or its subcategories (issue 29 §3: the MCP tool
 * `list_buying_requests` filters by them).
 */
export async function listPublicRfqs(
  db: Db,
  query: { page: number; perPage: number; q?: string; lang: Lang; tnved?: string; category?: number },
): Promise<{ items: RfqPublic[]; total: number }> {
  const text = query.q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const where = and(
    eq(rfqs.visibility, "public"),
    eq(rfqs.status, "open"),
    pattern ? sql`(${rfqs.title} ilike ${pattern} or ${rfqs.description} ilike ${pattern})` : undefined,
    // Digits only (the query schema's pattern), so the prefix needs no escaping for `like`.
    query.tnved ? sql`${rfqs.tnvedCode} like ${`${query.tnved}%`}` : undefined,
    // A category takes in its subcategories, as the product list's filter does.
    query.category
      ? sql`${rfqs.categoryId} in (select ${categories.id} from ${categories} where ${categories.id} = ${query.category} or ${categories.parentId} = ${query.category})`
      : undefined,
  );
  const { rows, total } = await pageOfTable(db, rfqs, where, [desc(rfqs.openedAt), desc(rfqs.id)], query.page, query.perPage);
  return { items: await publicViews(db, rows, query.lang), total };
}

export async function listOwnRfqs(db: Db, userId: number, lang: Lang): Promise<OwnRfq[]> {
  const rows = await db.select().from(rfqs).where(eq(rfqs.buyerUserId, userId)).orderBy(desc(rfqs.createdAt), desc(rfqs.id)).limit(200);
  return Promise.all(rows.map((row) => ownView(db, row, lang)));
}

/** Checks the records a form names (category, invited companies): an unknown one is an issue on its field. */
async function checkReferences(db: Queryable, input: RfqInput, buyerCompanyId: number | null): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  if (input.categoryId) {
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1);
    if (!found) issues.push({ path: "categoryId", message: "invalid_option" });
  }
  const invited = input.visibility === "private" ? [...new Set(input.invitedCompanyIds ?? [])] : [];
  if (invited.length) {
    const found = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(inArray(companies.id, invited), eq(companies.status, "published")));
    if (found.length !== invited.length || (buyerCompanyId !== null && invited.includes(buyerCompanyId))) {
      issues.push({ path: "invitedCompanyIds", message: "invalid_option" });
    }
  }
  if (issues.length) throw new DomainError("invalid_body", "The form names records that do not exist", { issues });
}

function columns(input: RfqInput) {
  const tnvedCode = input.tnvedCode ?? null;
  return {
    title: input.title,
    description: input.description,
    lang: input.lang,
    tnvedCode,
    tnvedHeading: tnvedCode ? tnvedCode.slice(0, 4) : null,
    categoryId: input.categoryId ?? null,
    quantity: input.quantity,
    unit: input.unit,
    targetPrice: input.targetPrice ?? null,
    currency: input.currency ?? null,
    incoterms: input.incoterms,
    destinationCountry: input.destinationCountry,
    destinationCity: input.destinationCity,
    deadline: deadlineEnd(input.deadline),
    visibility: input.visibility,
  };
}

/** Replaces the invitations and attaches new uploads, inside the write's transaction. */
async function writeParts(tx: Queryable, rfqId: number, userId: number, input: RfqInput): Promise<void> {
  await tx.delete(rfqInvitations).where(eq(rfqInvitations.rfqId, rfqId));
  const invited = input.visibility === "private" ? [...new Set(input.invitedCompanyIds ?? [])] : [];
  if (invited.length) await tx.insert(rfqInvitations).values(invited.map((companyId) => ({ rfqId, companyId })));
  const attached = new Set((await tx.select({ id: rfqFiles.fileId }).from(rfqFiles).where(eq(rfqFiles.rfqId, rfqId))).map((r) => r.id));
  let position = attached.size;
  for (const fileId of input.fileIds ?? []) {
    if (attached.has(fileId)) continue;
    const file = await claimUpload(tx, fileId, userId);
    if (!file) throw new DomainError("file_not_found", "No such upload: upload the file again");
    await tx.insert(rfqFiles).values({ rfqId, fileId, position: position++ });
    attached.add(fileId);
  }
}

/** Writes a new draft for `userId`; returns its id. */
export async function createRfq(db: Db, userId: number, input: RfqInput): Promise<number> {
  const buyerCompanyId = await activeCompanyOf(db, userId);
  await checkReferences(db, input, buyerCompanyId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rfqs)
      .values({ ...columns(input), buyerUserId: userId, buyerCompanyId })
      .returning({ id: rfqs.id });
    await writeParts(tx, row!.id, userId, input);
    return row!.id;
  });
}

/** Rewrites a draft or rejected request (409 `invalid_transition` otherwise). */
export async function updateRfq(db: Db, userId: number, id: number, input: RfqInput): Promise<void> {
  const row = await ownRfq(db, userId, id);
  if (row.status !== "draft" && row.status !== "rejected") {
    throw new DomainError("invalid_transition", `A ${row.status} request cannot be edited`);
  }
  await checkReferences(db, input, row.buyerCompanyId);
  await db.transaction(async (tx) => {
    await tx
      .update(rfqs)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(rfqs.id, id));
    await writeParts(tx, id, userId, input);
  });
}

/** Marks a checked request open (inside the caller's transaction, if any); then call `enqueueOpenJobs`. */
export async function markOpen(db: Queryable, row: RfqRow, now = new Date()): Promise<void> {
  await db.update(rfqs).set({ status: "open", openedAt: now, updatedAt: now, moderationNote: null }).where(eq(rfqs.id, row.id));
}

/**
 * The jobs of a request that opened: matching now, closing at the deadline. Sent after the status
 * change is committed (the queue has its own connection; on PGlite the one connection must be free).
 * The jobs check the status themselves, so a repeated call is harmless.
 */
export async function enqueueOpenJobs(jobs: JobQueue, row: RfqRow): Promise<void> {
  await jobs.send("rfq-match", { rfqId: row.id });
  await jobs.send("rfq-close", { rfqId: row.id }, { startAfter: row.deadline });
}

const DAY_MS = 24 * 3600 * 1000;

/** A 429 `rate_limited` of a buying-request limit: `field` names the form field it concerns, if any. */
function limited(message: string, field?: string): DomainError {
  return new DomainError("rate_limited", message, {
    retryAfter: 3600,
    ...(field ? { issues: [{ path: field, message: "too_many" }] } : {}),
  });
}

/**
 * The daily limits of submitting `row` (server/api/rate-limits.ts RFQ_LIMITS; security review N3):
 * requests the buyer sent in the last 24 hours (`submittedAt`), companies invited by the private
 * ones, and requests to each invited company.
 */
async function checkSubmitLimits(db: Db, row: RfqRow, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  const sent = and(eq(rfqs.buyerUserId, row.buyerUserId), ne(rfqs.id, row.id), gt(rfqs.submittedAt, since));
  const [counts] = await db
    .select({
      private: sql<number>`count(*) filter (where ${rfqs.visibility} = 'private')::int`,
      public: sql<number>`count(*) filter (where ${rfqs.visibility} = 'public')::int`,
    })
    .from(rfqs)
    .where(sent);
  if (row.visibility === "public") {
    if ((counts?.public ?? 0) >= RFQ_LIMITS.publicSubmitsPerDay) throw limited("Too many public buying requests sent today");
    return;
  }
  if ((counts?.private ?? 0) >= RFQ_LIMITS.privateSubmitsPerDay) throw limited("Too many private buying requests sent today");
  const invitedNow = await db.select({ companyId: rfqInvitations.companyId }).from(rfqInvitations).where(eq(rfqInvitations.rfqId, row.id));
  const earlier = await db
    .select({ companyId: rfqInvitations.companyId, n: sql<number>`count(*)::int` })
    .from(rfqInvitations)
    .innerJoin(rfqs, eq(rfqs.id, rfqInvitations.rfqId))
    .where(and(sent, eq(rfqs.visibility, "private")))
    .groupBy(rfqInvitations.companyId);
  const total = earlier.reduce((sum, r) => sum + r.n, 0);
  if (total + invitedNow.length > RFQ_LIMITS.inviteesPerDay) throw limited("Too many suppliers invited today", "invitedCompanyIds");
  const perCompany = new Map(earlier.map((r) => [r.companyId, r.n]));
  if (invitedNow.some((r) => (perCompany.get(r.companyId) ?? 0) >= RFQ_LIMITS.sameCompanyPerDay)) {
    throw limited("Too many requests to the same supplier today", "invitedCompanyIds");
  }
}

/** Whether the buyer is new: fewer requests ever opened than RFQ_LIMITS.trustedAfterOpened (their private ones are reviewed). */
async function isNewBuyer(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rfqs)
    .where(and(eq(rfqs.buyerUserId, userId), isNotNull(rfqs.openedAt)));
  return (row?.n ?? 0) < RFQ_LIMITS.trustedAfterOpened;
}

/**
 * The buyer's status action: `submit` a draft or rejected request (public → `moderation`, private →
 * open at once, or to `moderation` too while the buyer is new), or `close` an open one.
 */
export async function changeRfqStatus(db: Db, jobs: JobQueue, userId: number, id: number, action: "submit" | "close"): Promise<void> {
  const row = await ownRfq(db, userId, id);
  const now = new Date();
  if (action === "close") {
    if (row.status !== "open") throw new DomainError("invalid_transition", `A ${row.status} request cannot be closed`);
    await db.update(rfqs).set({ status: "closed", closedAt: now, updatedAt: now }).where(eq(rfqs.id, id));
    // The quoting suppliers hear of it through the notifications (server/rfq/notify.ts).
    await jobs.send("rfq-closed-notify", { rfqId: id });
    return;
  }
  if (row.status !== "draft" && row.status !== "rejected") {
    throw new DomainError("invalid_transition", `A ${row.status} request cannot be submitted`);
  }
  if (row.deadline.getTime() < now.getTime()) {
    throw new DomainError("incomplete", "The deadline has passed: choose a new one", {
      issues: [{ path: "deadline", message: "too_small" }],
    });
  }
  await checkSubmitLimits(db, row, now);
  if (row.visibility === "public" || (await isNewBuyer(db, userId))) {
    await db.update(rfqs).set({ status: "moderation", submittedAt: now, updatedAt: now }).where(eq(rfqs.id, id));
    return;
  }
  await db.update(rfqs).set({ submittedAt: now }).where(eq(rfqs.id, id));
  await markOpen(db, row, now);
  await enqueueOpenJobs(jobs, row);
}

/**
 * Closes open requests whose deadline has passed (`id` only that one); returns the ids closed (the
 * caller notifies their suppliers). The job at a request's deadline and the sweep both call it, so
 * either may run first; only the one that closed a request gets its id.
 */
export async function closeExpired(db: Db, now = new Date(), id?: number): Promise<number[]> {
  const closed = await db
    .update(rfqs)
    .set({ status: "closed", closedAt: now, updatedAt: now })
    .where(and(eq(rfqs.status, "open"), sql`${rfqs.deadline} < ${now}`, id === undefined ? undefined : eq(rfqs.id, id)))
    .returning({ id: rfqs.id });
  return closed.map((r) => r.id);
}
