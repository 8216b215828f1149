/**
 * Which suppliers a buying request reaches (ADR 029). Candidates are PUBLISHED companies (never the
 * buyer's own) with, in order of relevance:
 * 1. `tnved`: a published product whose TN VED code starts with the request's heading (first four
 *    digits) — within it, those with a product under the request's full code first;
 * 2. `category`: a published product in the request's catalogue category;
 * 3. `okved`: an OKVED2 activity the TN VED chapter maps to (`OKVED_BY_TNVED_CHAPTER`, a simple map
 *    of the goods' chapter to the manufacturing division that makes them).
 * Within a relevance band: companies on the platform before those from the FNS registers (millions
 * of register companies share the OKVED activities and would otherwise fill the cap; ADR 057),
 * verification level (2 site visit, 1 documents, 0 none), then how many matching products, then the
 * older company. At most MATCH_CAP (50) per request.
 * A private request reaches exactly the companies the buyer invited (`invited`).
 *
 * `matchRfq` records the matches (`rfq_matches`, once per company) and returns the companies not yet
 * notified; the job (server/rfq/jobs.ts) tells each — its people, or an invitation to its public
 * address when nobody runs it — and marks it notified (`markNotified`, with how) or held back
 * (`markHeldBack`, with why).
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { MATCH_CAP } from "#contract/rfq.ts";
import type { Db } from "../db/client.ts";
import { notifications, rfqInvitations, rfqMatches, rfqs } from "../db/schema.ts";
import type { RfqRow } from "./requests.ts";

/**
 * TN VED chapter (2 digits) → OKVED2 division prefixes of the activities that make such goods. A
 * deliberately small, hand-made map (OK 029-2014 section C against the HS chapters); wholesale
 * (46.*) is left out because nearly every trading company lists it.
 */
export const OKVED_BY_TNVED_CHAPTER: Record<string, string[]> = {
  "02": ["10.1"],
  "03": ["10.2"],
  "04": ["10.5"],
  "07": ["01.1", "10.3"],
  "08": ["01.2", "10.3"],
  "10": ["01.1"],
  "11": ["10.6"],
  "15": ["10.4"],
  "17": ["10.8"],
  "19": ["10.7"],
  "20": ["10.3"],
  "22": ["11"],
  "25": ["23"],
  "27": ["19"],
  "28": ["20.1"],
  "29": ["20.1"],
  "30": ["21"],
  "31": ["20.1"],
  "32": ["20.3"],
  "33": ["20.4"],
  "34": ["20.4"],
  "38": ["20.5"],
  "39": ["20.1", "22.2"],
  "40": ["22.1"],
  "44": ["16"],
  "48": ["17"],
  "52": ["13"],
  "54": ["13"],
  "55": ["13"],
  "61": ["14"],
  "62": ["14"],
  "63": ["13.9"],
  "64": ["15.2"],
  "68": ["23.7"],
  "69": ["23.3", "23.4"],
  "70": ["23.1"],
  "72": ["24.1"],
  "73": ["24.2", "25"],
  "74": ["24.4"],
  "76": ["24.4"],
  "82": ["25.7"],
  "83": ["25.9"],
  "84": ["28"],
  "85": ["26", "27"],
  "86": ["30.2"],
  "87": ["29"],
  "89": ["30.1"],
  "90": ["26.5", "26.6", "32.5"],
  "94": ["31"],
  "95": ["32.4"],
};

export type MatchReason = "tnved" | "category" | "okved" | "invited";

export interface MatchCandidate {
  companyId: number;
  reason: MatchReason;
  score: number;
}

/** The ranked candidates of a public request (see the module comment). */
export async function findCandidates(db: Db, rfq: RfqRow, cap = MATCH_CAP): Promise<MatchCandidate[]> {
  const heading = rfq.tnvedHeading;
  const code = rfq.tnvedCode;
  const categoryId = rfq.categoryId;
  const okved = heading ? (OKVED_BY_TNVED_CHAPTER[heading.slice(0, 2)] ?? []) : [];
  if (!heading && !categoryId) return [];
  const headingLike = heading ? `${heading}%` : null;
  const codeLike = code ? `${code}%` : null;
  const productFilter = sql.join(
    [headingLike ? sql`p.tnved_code like ${headingLike}` : null, categoryId ? sql`p.category_id = ${categoryId}` : null].filter(
      (part): part is ReturnType<typeof sql> => part !== null,
    ),
    sql` or `,
  );
  const okvedPatterns = okved.map((prefix) => `${prefix}%`);
  const okvedPart = okvedPatterns.length
    ? sql`select distinct co.company_id from company_okved_codes co where co.okved_code like any(array[${sql.join(
        okvedPatterns.map((pattern) => sql`${pattern}`),
        sql`, `,
      )}]::text[])`
    : sql`select null::int as company_id where false`;
  const result = await db.execute<{
    company_id: number;
    tnved_n: number;
    exact_n: number;
    cat_n: number;
    okved: boolean;
    verification_level: number;
  }>(sql`
    with prod as (
      select p.company_id,
        count(*) filter (where ${headingLike ? sql`p.tnved_code like ${headingLike}` : sql`false`})::int as tnved_n,
        count(*) filter (where ${codeLike ? sql`p.tnved_code like ${codeLike}` : sql`false`})::int as exact_n,
        count(*) filter (where ${categoryId ? sql`p.category_id = ${categoryId}` : sql`false`})::int as cat_n
      from products p
      where p.status = 'published' and (${productFilter})
      group by p.company_id
    ), okv as (${okvedPart})
    select c.id as company_id, coalesce(prod.tnved_n, 0) as tnved_n, coalesce(prod.exact_n, 0) as exact_n,
      coalesce(prod.cat_n, 0) as cat_n, (okv.company_id is not null) as okved, c.verification_level
    from companies c
    left join prod on prod.company_id = c.id
    left join okv on okv.company_id = c.id
    where c.status = 'published' and (prod.company_id is not null or okv.company_id is not null)
      and c.id <> ${rfq.buyerCompanyId ?? 0}
    order by (case when coalesce(prod.tnved_n, 0) > 0 then 3 when coalesce(prod.cat_n, 0) > 0 then 2 else 1 end) desc,
      (coalesce(prod.exact_n, 0) > 0) desc, (c.origin = 'platform') desc, c.verification_level desc,
      coalesce(prod.tnved_n, 0) + coalesce(prod.cat_n, 0) desc, c.id asc
    limit ${cap}`);
  return result.rows.map((r) => {
    const reason: MatchReason = r.tnved_n > 0 ? "tnved" : r.cat_n > 0 ? "category" : "okved";
    const band = reason === "tnved" ? 3 : reason === "category" ? 2 : 1;
    return {
      companyId: r.company_id,
      reason,
      score: band * 10_000 + (r.exact_n > 0 ? 1000 : 0) + r.verification_level * 100 + Math.min(99, r.tnved_n + r.cat_n),
    };
  });
}

/**
 * Records the request's matches (invited companies for a private request, ranked candidates for a
 * public one) and returns the ids of matched companies not notified yet. Idempotent.
 */
export async function matchRfq(db: Db, rfq: RfqRow): Promise<number[]> {
  const candidates: MatchCandidate[] =
    rfq.visibility === "private"
      ? (await db.select({ companyId: rfqInvitations.companyId }).from(rfqInvitations).where(eq(rfqInvitations.rfqId, rfq.id))).map(
          (r) => ({ companyId: r.companyId, reason: "invited" as const, score: 0 }),
        )
      : await findCandidates(db, rfq);
  if (candidates.length) {
    await db
      .insert(rfqMatches)
      .values(candidates.map((c) => ({ rfqId: rfq.id, companyId: c.companyId, reason: c.reason, score: c.score })))
      .onConflictDoNothing();
  }
  const pending = await db
    .select({ companyId: rfqMatches.companyId })
    .from(rfqMatches)
    .where(and(eq(rfqMatches.rfqId, rfq.id), isNull(rfqMatches.notifiedAt)))
    .orderBy(sql`${rfqMatches.score} desc`, rfqMatches.companyId);
  return pending.map((r) => r.companyId);
}

/** Marks a matched company as really told, `via` its people's notifications or an e-mail to its public address. */
export async function markNotified(db: Db, rfqId: number, companyId: number, via: "account" | "email", now = new Date()): Promise<void> {
  await db
    .update(rfqMatches)
    .set({ notifiedAt: now, notifiedVia: via, heldBack: null })
    .where(and(eq(rfqMatches.rfqId, rfqId), eq(rfqMatches.companyId, companyId)));
}

/**
 * Records why a matched company was not told: nobody runs it and it has no address, a daily e-mail
 * cap, or a company from the FNS registers nobody claimed yet (`unclaimed`).
 */
export async function markHeldBack(db: Db, rfqId: number, companyId: number, reason: "no_address" | "cap" | "unclaimed"): Promise<void> {
  await db
    .update(rfqMatches)
    .set({ heldBack: reason })
    .where(and(eq(rfqMatches.rfqId, rfqId), eq(rfqMatches.companyId, companyId), isNull(rfqMatches.notifiedAt)));
}

/**
 * A company from the FNS registers was just claimed (server/registers/claims.ts `approveClaim`):
 * its new owner `userId` hears of the open buying requests that were held for it (matches marked
 * `unclaimed` by the `rfq-match` job; issue 30 §3, ADR 057) — one `rfq.new` inbox row per request
 * (the payload the job writes), marked e-mailed like the waiting inquiries (noticeWaitingInquiries:
 * they read it on the site, not as a burst of late e-mails) — and the matches become told by
 * account, so the buyer's reach line counts them. Requests closed or past their deadline stay
 * untold. A person who already has the row for a request gets no second one. Returns how many
 * requests were noticed.
 */
export async function noticeWaitingRequests(db: Db, userId: number, companyId: number, now = new Date()): Promise<number> {
  const waiting = await db
    .select({
      id: rfqs.id,
      title: rfqs.title,
      quantity: rfqs.quantity,
      unit: rfqs.unit,
      deadline: rfqs.deadline,
      visibility: rfqs.visibility,
    })
    .from(rfqMatches)
    .innerJoin(rfqs, eq(rfqs.id, rfqMatches.rfqId))
    .where(
      and(
        eq(rfqMatches.companyId, companyId),
        isNull(rfqMatches.notifiedAt),
        eq(rfqMatches.heldBack, "unclaimed"),
        eq(rfqs.status, "open"),
        gt(rfqs.deadline, now),
      ),
    )
    .orderBy(rfqs.id);
  if (waiting.length === 0) return 0;
  const link = (id: number) => `/profile/quotes/new?rfq=${id}`;
  const had = await db
    .select({ link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, "rfq.new"),
        inArray(
          notifications.link,
          waiting.map((w) => link(w.id)),
        ),
      ),
    );
  const known = new Set(had.map((h) => h.link));
  const fresh = waiting.filter((w) => !known.has(link(w.id)));
  if (fresh.length > 0)
    await db.insert(notifications).values(
      fresh.map((w) => ({
        userId,
        kind: "rfq.new",
        payload: {
          rfqId: w.id,
          title: w.title,
          quantity: w.quantity,
          unit: w.unit,
          deadline: w.deadline.toISOString().slice(0, 10),
          invited: w.visibility === "private",
        },
        link: link(w.id),
        emailedAt: now,
        createdAt: now,
      })),
    );
  await db
    .update(rfqMatches)
    .set({ notifiedAt: now, notifiedVia: "account", heldBack: null })
    .where(
      and(
        eq(rfqMatches.companyId, companyId),
        inArray(
          rfqMatches.rfqId,
          waiting.map((w) => w.id),
        ),
        isNull(rfqMatches.notifiedAt),
      ),
    );
  return waiting.length;
}
