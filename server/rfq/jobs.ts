/**
 * Background jobs of buying requests (server/jobs/queue.ts; ADR 029):
 * - `rfq-match` `{ rfqId }`: when a request opens, records the suppliers it reaches
 *   (server/rfq/matching.ts) and tells every one of them (usability review #3): a company with
 *   active people through their notifications (`rfq.new`); a company nobody runs yet by an
 *   invitation to its public e-mail (server/rfq/mail.ts `rfqInvitationMail`, with an OWNER
 *   invitation to that address kept open, as inquiries do), under the daily caps of
 *   server/api/rate-limits.ts RFQ_LIMITS (per company — counting the inquiries e-mailed to it too —,
 *   per buyer, for the whole site). A company is marked notified only once it was really told, with
 *   how; one without people or address is marked `no_address`, one over a cap `cap`, and while any
 *   is held back by a cap the job runs again `heldBackRetryS` later (as long as the request is open).
 *   A retry notifies only the rest. A company from the FNS registers nobody claimed is never mailed
 *   (no address exists; issue 30 §3): it is marked `unclaimed` and its new owner is told on approval
 *   of the claim (server/rfq/matching.ts `noticeWaitingRequests`; ADR 057).
 * - `rfq-close` `{ rfqId }`: enqueued to start at the request's deadline; closes it if still open and
 *   tells the quoting suppliers (also on a retry after the close itself went through).
 * - `rfq-deadlines`: every 15 minutes, closes every open request past its deadline (the safety net
 *   when a deadline job was lost or the deadline moved) and enqueues `rfq-closed-notify` for each.
 * - `rfq-closed-notify` `{ rfqId }`: the request closed: its quoting suppliers hear so.
 * - `rfq-award-mail` `{ rfqId, awardedAt }`: scheduled AWARD_UNDO_MINUTES after the buyer accepted
 *   a quote (contract/quotes.ts; ADR 041) — undoing cancels it, and a job of an award that was
 *   undone (its `awardedAt` no longer the request's) does nothing. It claims the award
 *   (`award_notified_at`: no undo after), sets the quotes' statuses, and tells the winner
 *   (`rfq.accepted`) and, politely, every other quoting supplier (`rfq.declined`).
 * - `rfq-quote-mail` `{ quoteId }`: tells the buyer that a supplier quoted (`rfq.quote`).
 * Every event goes through `notify` (server/notifications; ADR 028): an inbox row, and an e-mail at
 * once or in the daily digest per the recipient's setting. The job names are kept from before.
 * The fan-out jobs (match, close, award) may fail halfway and be retried by the queue: each event is
 * sent with `notify`'s `once` (one notification per person, kind and link — per request for
 * `rfq.new`, per quote for the others), so a retry tells only those not yet told and nobody gets
 * the same e-mail twice.
 */
import { defineJob, type JobServices } from "../jobs/queue.ts";
import { markHeldBack, markNotified, matchRfq } from "./matching.ts";
import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { companies, companyMembers, conversations, quotes, rfqMatches, rfqs, type Lang } from "../db/schema.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import { RFQ_LIMITS } from "../api/rate-limits.ts";
import { APP_NAME } from "../catalog/app-data.ts";
import { siteUrl } from "../notifications/mail.ts";
import { rfqInvitationMail } from "./mail.ts";
import { companyRecipients } from "../conversations/repository.ts";
import { notify } from "../notifications/index.ts";
import { notifyClosed } from "./notify.ts";
import { quotesOf } from "./quotes.ts";
import { closeExpired, nameIn, rfqRow, type RfqRow } from "./requests.ts";

function services(name: string, s: JobServices) {
  if (!s.db) throw new Error(`${name} needs db`);
  return { db: s.db };
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Which daily cap stops one more invitation e-mail to `companyId` for `rfq`, if any (RFQ_LIMITS):
 * the company's unsolicited e-mails (request invitations and e-mailed inquiries), the buyer's
 * invitation e-mails, the site's.
 */
async function capReached(db: Db, rfq: RfqRow, companyId: number, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - DAY_MS);
  const emailed = and(eq(rfqMatches.notifiedVia, "email"), gt(rfqMatches.notifiedAt, since));
  const [company] = await db
    .select({ n: count() })
    .from(rfqMatches)
    .where(and(emailed, eq(rfqMatches.companyId, companyId)));
  const [inquiries] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.supplierCompanyId, companyId), gt(conversations.supplierMailedAt, since)));
  if ((company?.n ?? 0) + (inquiries?.n ?? 0) >= RFQ_LIMITS.unclaimedMailsPerCompanyPerDay) return "company";
  const [buyer] = await db
    .select({ n: count() })
    .from(rfqMatches)
    .innerJoin(rfqs, eq(rfqs.id, rfqMatches.rfqId))
    .where(and(emailed, eq(rfqs.buyerUserId, rfq.buyerUserId)));
  if ((buyer?.n ?? 0) >= RFQ_LIMITS.unclaimedMailsPerBuyerPerDay) return "buyer";
  const [site] = await db.select({ n: count() }).from(rfqMatches).where(emailed);
  if ((site?.n ?? 0) >= RFQ_LIMITS.unclaimedMailsPerDay) return "site";
  return null;
}

/**
 * Tells a company nobody runs of `rfq` at its public address (see the module comment): "told",
 * "no_address", "cap", or "unclaimed" for a company from the FNS registers (held, never mailed). Keeps an OWNER invitation to that address open, so that signing in with
 * it lets them claim the company and quote.
 */
async function inviteByEmail(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  rfq: RfqRow,
  companyId: number,
  now: Date,
): Promise<"told" | "no_address" | "cap" | "unclaimed"> {
  const [company] = await db
    .select({ email: companies.email, name: companies.name, country: companies.country, origin: companies.origin })
    .from(companies)
    .where(eq(companies.id, companyId));
  // A company from the FNS registers nobody claimed: the registers hold no address and nothing goes
  // to a guessed one (issue 30 §3); its people are told once it is claimed (noticeWaitingRequests).
  if (company?.origin === "register") return "unclaimed";
  const email = company?.email?.trim().toLowerCase();
  if (!company || !email || !email.includes("@")) return "no_address";
  if (await capReached(db, rfq, companyId, now)) return "cap";
  const renewed = await db
    .update(companyMembers)
    .set({ updatedAt: now })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.invitedEmail, email), isNull(companyMembers.userId)))
    .returning({ id: companyMembers.id });
  if (renewed.length === 0) {
    await db.insert(companyMembers).values({ companyId, invitedEmail: email, role: "owner", status: "invited" }).onConflictDoNothing();
  }
  const lang: Lang = company.country === "CN" ? "zh" : "ru";
  const start = `${lang === "ru" ? "" : `/${lang}`}/profile/start`;
  await mailer.send(
    rfqInvitationMail({
      to: email,
      lang,
      company: nameIn(company.name, lang),
      title: rfq.title,
      quantity: rfq.quantity,
      unit: rfq.unit,
      deadline: rfq.deadline.toISOString().slice(0, 10),
      invited: rfq.visibility === "private",
      signInLink: siteUrl(publicUrl, lang, `/auth?redirectTo=${encodeURIComponent(start)}`),
      quoteLink: siteUrl(publicUrl, lang, `/profile/quotes/new?rfq=${rfq.id}`),
      appName: APP_NAME,
    }),
  );
  return "told";
}

export const rfqMatchJob = defineJob<{ rfqId: number }>({
  name: "rfq-match",
  async run({ rfqId }, { services: s, logger, jobs }) {
    const { db } = services("rfq-match", s);
    const rfq = await rfqRow(db, rfqId);
    if (!rfq || rfq.status !== "open") return;
    const pending = await matchRfq(db, rfq);
    const payload = {
      rfqId,
      title: rfq.title,
      quantity: rfq.quantity,
      unit: rfq.unit,
      deadline: rfq.deadline.toISOString().slice(0, 10),
      invited: rfq.visibility === "private",
    };
    const outcome = { account: 0, email: 0, no_address: 0, cap: 0, unclaimed: 0 };
    for (const companyId of pending) {
      const recipients = await companyRecipients(db, companyId);
      if (recipients.length > 0) {
        await notify(db, jobs, {
          recipients,
          event: { kind: "rfq.new", payload },
          link: `/profile/quotes/new?rfq=${rfqId}`,
          once: true,
        });
        await markNotified(db, rfqId, companyId, "account");
        outcome.account += 1;
        continue;
      }
      if (!s.mailer) throw new Error("rfq-match needs a mailer to invite companies nobody runs");
      const now = new Date();
      const told = await inviteByEmail(db, s.mailer, s.publicUrl?.() ?? "http://localhost:3000", rfq, companyId, now);
      if (told === "told") {
        await markNotified(db, rfqId, companyId, "email", now);
        outcome.email += 1;
      } else {
        await markHeldBack(db, rfqId, companyId, told);
        outcome[told] += 1;
      }
    }
    if (outcome.cap > 0) {
      // Tell the held-back companies once a daily cap frees; a later run skips everyone told.
      await jobs.send("rfq-match", { rfqId }, { startAfter: RFQ_LIMITS.heldBackRetryS, singletonKey: `rfq-match-retry-${rfqId}` });
    }
    logger.info({ rfqId, ...outcome }, "buying request matched");
  },
});

export const rfqCloseJob = defineJob<{ rfqId: number }>({
  name: "rfq-close",
  async run({ rfqId }, { services: s, jobs }) {
    const { db } = services("rfq-close", s);
    await closeExpired(db, new Date(), rfqId);
    // Not only when this run closed it: a retry finds it closed already and must still tell the rest.
    if ((await rfqRow(db, rfqId))?.status === "closed") await notifyClosed(db, jobs, rfqId);
  },
});

export const rfqDeadlineSweepJob = defineJob({
  name: "rfq-deadlines",
  cron: "*/15 * * * *",
  retryLimit: 1,
  async run(_data, { services: s, logger, jobs }) {
    const { db } = services("rfq-deadlines", s);
    const closed = await closeExpired(db);
    // One job per request: a retry of the sweep would not see the requests it already closed.
    for (const id of closed) await jobs.send("rfq-closed-notify", { rfqId: id });
    if (closed.length > 0) logger.info({ closed: closed.length }, "buying requests closed at their deadline");
  },
});

export const rfqClosedNotifyJob = defineJob<{ rfqId: number }>({
  name: "rfq-closed-notify",
  async run({ rfqId }, { services: s, jobs }) {
    const { db } = services("rfq-closed-notify", s);
    const rfq = await rfqRow(db, rfqId);
    if (rfq?.status === "closed") await notifyClosed(db, jobs, rfqId);
  },
});

export const rfqAwardMailJob = defineJob<{ rfqId: number; awardedAt?: string }>({
  name: "rfq-award-mail",
  async run({ rfqId, awardedAt }, { services: s, jobs }) {
    const { db } = services("rfq-award-mail", s);
    // Claim the award this job was scheduled for (an undone or replaced award is not ours); a
    // retry after a half-done fan-out finds it claimed already and tells the rest.
    const [rfq] = await db
      .update(rfqs)
      .set({ awardNotifiedAt: sql`coalesce(${rfqs.awardNotifiedAt}, now())` })
      .where(
        and(
          eq(rfqs.id, rfqId),
          eq(rfqs.status, "awarded"),
          awardedAt ? eq(rfqs.awardedAt, new Date(awardedAt)) : undefined,
          sql`${rfqs.awardedQuoteId} is not null`,
        ),
      )
      .returning();
    if (!rfq) return;
    const winner = rfq.awardedQuoteId!;
    await db
      .update(quotes)
      .set({ status: "accepted", updatedAt: new Date() })
      .where(and(eq(quotes.id, winner), ne(quotes.status, "accepted")));
    await db
      .update(quotes)
      .set({ status: "declined", updatedAt: new Date() })
      .where(and(eq(quotes.rfqId, rfqId), ne(quotes.id, winner), eq(quotes.status, "submitted")));
    for (const quote of await quotesOf(db, rfqId)) {
      await notify(db, jobs, {
        recipients: await companyRecipients(db, quote.companyId),
        event: {
          kind: quote.id === winner ? "rfq.accepted" : "rfq.declined",
          payload: { rfqId, quoteId: quote.id, title: rfq.title },
        },
        link: `/profile/quotes/${quote.id}`,
        once: true,
      });
    }
  },
});

export const rfqQuoteMailJob = defineJob<{ quoteId: number }>({
  name: "rfq-quote-mail",
  async run({ quoteId }, { services: s, jobs }) {
    const { db } = services("rfq-quote-mail", s);
    const [row] = await db
      .select({ rfqId: quotes.rfqId, companyName: companies.name, companyStatus: companies.status })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .where(eq(quotes.id, quoteId))
      .limit(1);
    const rfq = row ? await rfqRow(db, row.rfqId) : null;
    // Only a published (moderated) company's name goes into the buyer's e-mail (security review N9).
    if (!row || !rfq || row.companyStatus !== "published") return;
    await notify(db, jobs, {
      recipients: [rfq.buyerUserId],
      event: { kind: "rfq.quote", payload: { rfqId: rfq.id, quoteId, title: rfq.title, company: row.companyName } },
      link: `/profile/rfq/${rfq.id}#quotes`,
    });
  },
});

export const RFQ_JOBS = [rfqMatchJob, rfqCloseJob, rfqDeadlineSweepJob, rfqClosedNotifyJob, rfqAwardMailJob, rfqQuoteMailJob];
