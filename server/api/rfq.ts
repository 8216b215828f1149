/**
 * Buying requests and quotes over the API (contract/rfq.ts, contract/quotes.ts; ADR 029):
 * - `/api/rfq*` public: the open public requests and one request as the caller may see it;
 * - `/api/profile/rfq*` the buyer's own requests, their quotes side by side, shortlist and accept,
 *   and the private request's invitation picker (`/api/profile/rfq/suppliers`);
 * - `/api/profile/quotes*` the supplier's matched requests and its company's quotes.
 * Rules live in server/rfq/*; a supplier acts through its company membership (`editProducts`:
 * any active employee, ADR 009). Writing requests is limited per user and per IP (the /64 for IPv6)
 * and day, submitting per buyer and day (server/api/rate-limits.ts RFQ_LIMITS; security review N3).
 */
import type { Context } from "hono";
import * as rfq from "#contract/rfq.ts";
import * as quotesApi from "#contract/quotes.ts";
import { assertCompanyNotBlocked } from "../profile/access.ts";
import { changeRfqStatus, createRfq, listOwnRfqs, listPublicRfqs, ownRfq, ownView, updateRfq, visibleRfq } from "../rfq/requests.ts";
import {
  acceptQuote,
  undoAward,
  compareQuotes,
  createQuote,
  getOwnQuote,
  listMatchedRfqs,
  listOwnQuotes,
  shortlistQuote,
  updateQuote,
} from "../rfq/quotes.ts";
import { searchSuppliers } from "../rfq/suppliers.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";
import { pageMeta } from "./admin/paging.ts";
import { apiLimiter, RFQ_LIMITS, type ApiLimiter } from "./rate-limits.ts";
import { rateLimitKey } from "../client-ip.ts";
import type { Db } from "../db/client.ts";
import type { ApiEnv } from "./env.ts";

const limiters = new WeakMap<Db, { user: ApiLimiter; ip: ApiLimiter }>();
/** The daily limits of writing requests (RFQ_LIMITS.createPerDay per user, createPerIpPerDay per IP). */
async function limitCreation(c: Context<ApiEnv>): Promise<void> {
  const db = c.var.db;
  let found = limiters.get(db);
  if (!found) {
    const message = "Too many buying requests written today: try again tomorrow";
    found = {
      user: apiLimiter(db, { keyPrefix: "rfq_create_user", points: RFQ_LIMITS.createPerDay, windowS: 86_400 }, message),
      ip: apiLimiter(db, { keyPrefix: "rfq_create_ip", points: RFQ_LIMITS.createPerIpPerDay, windowS: 86_400 }, message),
    };
    limiters.set(db, found);
  }
  await found.user.consume(String(requireCaller(c).userId));
  await found.ip.consume(rateLimitKey(clientContext(c).ip));
}

export const rfqResource = resource("/api/rfq", [
  implement(rfq.listRfqs, async (c, { query }) => {
    const { items, total } = await listPublicRfqs(c.var.db, query);
    return { data: items, meta: pageMeta(query.page, query.perPage, total) };
  }),
  implement(rfq.getRfq, async (c, { params, query }) => ({
    data: await visibleRfq(c.var.db, params.id, c.var.caller?.userId ?? null, query.lang),
  })),
]);

export const ownRfqResource = resource("/api/profile/rfq", [
  implement(rfq.listOwnRfqs, async (c, { query }) => ({ data: await listOwnRfqs(c.var.db, requireCaller(c).userId, query.lang) })),
  implement(rfq.searchRfqSuppliers, async (c, { query }) => ({
    data: await searchSuppliers(c.var.db, requireCaller(c).userId, query),
  })),
  implement(rfq.createRfq, async (c, { query, body }) => {
    const userId = requireCaller(c).userId;
    await limitCreation(c);
    const id = await createRfq(c.var.db, userId, body);
    return { data: await ownView(c.var.db, await ownRfq(c.var.db, userId, id), query.lang) };
  }),
  implement(rfq.getOwnRfq, async (c, { params, query }) => ({
    data: await ownView(c.var.db, await ownRfq(c.var.db, requireCaller(c).userId, params.id), query.lang),
  })),
  implement(rfq.updateRfq, async (c, { params, query, body }) => {
    const userId = requireCaller(c).userId;
    await updateRfq(c.var.db, userId, params.id, body);
    return { data: await ownView(c.var.db, await ownRfq(c.var.db, userId, params.id), query.lang) };
  }),
  implement(rfq.changeRfqStatus, async (c, { params, query, body }) => {
    const userId = requireCaller(c).userId;
    await changeRfqStatus(c.var.db, c.var.jobs, userId, params.id, body.action);
    return { data: await ownView(c.var.db, await ownRfq(c.var.db, userId, params.id), query.lang) };
  }),
  implement(quotesApi.compareQuotes, async (c, { params, query }) => ({
    data: await compareQuotes(c.var.db, requireCaller(c).userId, params.id, query),
  })),
  implement(quotesApi.shortlistQuote, async (c, { params, query, body }) => ({
    data: await shortlistQuote(c.var.db, requireCaller(c).userId, params.id, params.quoteId, body.shortlisted, query.lang),
  })),
  implement(quotesApi.acceptQuote, async (c, { params, query }) => ({
    data: await acceptQuote(c.var.db, c.var.jobs, requireCaller(c).userId, params.id, params.quoteId, query.lang),
  })),
  implement(quotesApi.undoAward, async (c, { params }) => {
    await undoAward(c.var.db, c.var.jobs, requireCaller(c).userId, params.id);
    return { data: { ok: true as const } };
  }),
]);

export const quoteResource = resource("/api/profile/quotes", [
  implement(quotesApi.listMatchedRfqs, async (c, { query }) => {
    const access = await callerAccess(c, "read");
    const { items, total } = await listMatchedRfqs(c.var.db, access.companyId, query);
    return { data: items, meta: pageMeta(query.page, query.perPage, total) };
  }),
  implement(quotesApi.listOwnQuotes, async (c, { query }) => ({
    data: await listOwnQuotes(c.var.db, (await callerAccess(c, "read")).companyId, query.lang),
  })),
  implement(quotesApi.createQuote, async (c, { query, body }) => {
    const access = await callerAccess(c, "answerBuyers");
    assertCompanyNotBlocked(access);
    const id = await createQuote(c.var.db, access, body.rfqId, body);
    await c.var.jobs.send("rfq-quote-mail", { quoteId: id });
    return { data: await getOwnQuote(c.var.db, access.companyId, id, query.lang) };
  }),
  implement(quotesApi.getOwnQuote, async (c, { params, query }) => ({
    data: await getOwnQuote(c.var.db, (await callerAccess(c, "read")).companyId, params.id, query.lang),
  })),
  implement(quotesApi.updateQuote, async (c, { params, query, body }) => {
    const access = await callerAccess(c, "answerBuyers");
    assertCompanyNotBlocked(access);
    await updateQuote(c.var.db, access, params.id, body);
    return { data: await getOwnQuote(c.var.db, access.companyId, params.id, query.lang) };
  }),
]);
