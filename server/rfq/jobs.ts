/**
 * Background jobs of buying requests (server/jobs/queue.ts; ADR 029):
 * - `rfq-match` `{ rfqId }`: when a request opens, records the suppliers it reaches
 *   (server/rfq/matching.ts) and notifies each company's active people (`rfq.new`), marking the
 *   company notified afterwards (a retry notifies only the rest).
 * - `rfq-close` `{ rfqId }`: enqueued to start at the request's deadline; closes it if still open and
 *   tells the quoting suppliers (also on a retry after the close itself went through).
 * - `rfq-deadlines`: every 15 minutes, closes every open request past its deadline (the safety net
 *   when a deadline job was lost or the deadline moved) and enqueues `rfq-closed-notify` for each.
 * - `rfq-closed-notify` `{ rfqId }`: the request closed: its quoting suppliers hear so.
 * - `rfq-award-mail` `{ rfqId }`: after the buyer accepted a quote, tells the winner (`rfq.accepted`)
 *   and, politely, every other quoting supplier (`rfq.declined`).
 * - `rfq-quote-mail` `{ quoteId }`: tells the buyer that a supplier quoted (`rfq.quote`).
 * Every event goes through `notify` (server/notifications; ADR 028): an inbox row, and an e-mail at
 * once or in the daily digest per the recipient's setting. The job names are kept from before.
 * The fan-out jobs (match, close, award) may fail halfway and be retried by the queue: each event is
 * sent with `notify`'s `once` (one notification per person, kind and link — per request for
 * `rfq.new`, per quote for the others), so a retry tells only those not yet told and nobody gets
 * the same e-mail twice.
 */
import { defineJob, type JobServices } from "../jobs/queue.ts";
import { markNotified, matchRfq } from "./matching.ts";
import { eq } from "drizzle-orm";
import { companies, quotes } from "../db/schema.ts";
import { companyRecipients } from "../conversations/repository.ts";
import { notify } from "../notifications/index.ts";
import { notifyClosed } from "./notify.ts";
import { quotesOf } from "./quotes.ts";
import { closeExpired, rfqRow } from "./requests.ts";

function services(name: string, s: JobServices) {
  if (!s.db) throw new Error(`${name} needs db`);
  return { db: s.db };
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
    for (const companyId of pending) {
      await notify(db, jobs, {
        recipients: await companyRecipients(db, companyId),
        event: { kind: "rfq.new", payload },
        link: `/profile/quotes/new?rfq=${rfqId}`,
        once: true,
      });
      await markNotified(db, rfqId, companyId);
    }
    logger.info({ rfqId, notified: pending.length }, "buying request matched");
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

export const rfqAwardMailJob = defineJob<{ rfqId: number }>({
  name: "rfq-award-mail",
  async run({ rfqId }, { services: s, jobs }) {
    const { db } = services("rfq-award-mail", s);
    const rfq = await rfqRow(db, rfqId);
    if (!rfq || rfq.status !== "awarded") return;
    for (const quote of await quotesOf(db, rfqId)) {
      await notify(db, jobs, {
        recipients: await companyRecipients(db, quote.companyId),
        event: {
          kind: quote.status === "accepted" ? "rfq.accepted" : "rfq.declined",
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
      .select({ rfqId: quotes.rfqId, companyName: companies.name })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .where(eq(quotes.id, quoteId))
      .limit(1);
    const rfq = row ? await rfqRow(db, row.rfqId) : null;
    if (!row || !rfq) return;
    await notify(db, jobs, {
      recipients: [rfq.buyerUserId],
      event: { kind: "rfq.quote", payload: { rfqId: rfq.id, quoteId, title: rfq.title, company: row.companyName } },
      link: `/profile/rfq/${rfq.id}#quotes`,
    });
  },
});

export const RFQ_JOBS = [rfqMatchJob, rfqCloseJob, rfqDeadlineSweepJob, rfqClosedNotifyJob, rfqAwardMailJob, rfqQuoteMailJob];
