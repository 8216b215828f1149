/**
 * Inquiries and notifications in the API (contract/inquiries.ts, contract/notifications.ts; ADR 028):
 * `/api/inquiries*` and `/api/notifications*`. The rules are in server/inquiries/service.ts and
 * server/notifications; this module adds the request limits of sending: per person
 * INQUIRIES_PER_USER an hour and per IP INQUIRIES_PER_IP an hour (429 `rate_limited`), and drafts
 * per IP (a visitor cannot fill the table).
 */
import * as inquiries from "#contract/inquiries.ts";
import * as notificationApi from "#contract/notifications.ts";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import { createInquiry, getDraft, inquiryForm, responseStats, saveDraft } from "../inquiries/service.ts";
import { emailModeOf, listNotifications, markRead, setEmailMode, unreadCount } from "../notifications/index.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { apiLimiter, LIMITS, type ApiLimiter } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";
import { pageMetaOf } from "#contract/route.ts";

// The allowances live with every other limit (server/api/rate-limits.ts `LIMITS`).
export const INQUIRIES_PER_USER = LIMITS.inquiryUser.points;
export const INQUIRIES_PER_IP = LIMITS.inquiryIp.points;
export const DRAFTS_PER_IP = LIMITS.inquiryDraftIp.points;

const limiters = new WeakMap<Db, { user: ApiLimiter; ip: ApiLimiter; drafts: ApiLimiter }>();
function limitsOf(db: Db) {
  let found = limiters.get(db);
  if (!found) {
    const message = "Too many inquiries: wait a little";
    found = {
      user: apiLimiter(db, LIMITS.inquiryUser, message),
      ip: apiLimiter(db, LIMITS.inquiryIp, message),
      drafts: apiLimiter(db, LIMITS.inquiryDraftIp),
    };
    limiters.set(db, found);
  }
  return found;
}

export const inquiryResource = resource("/api/inquiries", [
  implement(inquiries.createInquiry, async (c, { body }) => {
    const { userId } = requireCaller(c);
    // The honeypot before the limits: a bot's tries do not use up a person's allowance.
    if (body.website && body.website.trim() !== "") {
      throw new DomainError("spam_suspected", "The request looks automated");
    }
    const limits = limitsOf(c.var.db);
    await limits.user.consume(String(userId));
    await limits.ip.consume(clientContext(c).ip);
    return { data: await createInquiry(c.var.db, c.var.jobs, userId, body, await c.var.auth.locale(userId)) };
  }),
  implement(inquiries.getInquiryForm, async (c, { query }) => ({ data: await inquiryForm(c.var.db, query.supplier, query.product) })),
  implement(inquiries.saveInquiryDraft, async (c, { body }) => {
    await limitsOf(c.var.db).drafts.consume(clientContext(c).ip);
    return { data: await saveDraft(c.var.db, body.values) };
  }),
  implement(inquiries.getInquiryDraft, async (c, { params }) => ({ data: await getDraft(c.var.db, params.token) })),
  implement(inquiries.getResponseStats, async (c, { params }) => ({ data: await responseStats(c.var.db, params.id) })),
]);

export const notificationResource = resource("/api/notifications", [
  implement(notificationApi.listNotifications, async (c, { query }) => {
    const { userId } = requireCaller(c);
    const { items, total, unread } = await listNotifications(c.var.db, userId, query.page, query.perPage);
    return {
      data: items,
      meta: { ...pageMetaOf(query.page, query.perPage, total), unread },
    };
  }),
  implement(notificationApi.countUnreadNotifications, async (c) => ({
    data: { unread: await unreadCount(c.var.db, requireCaller(c).userId) },
  })),
  implement(notificationApi.markNotificationsRead, async (c, { body }) => ({
    data: { unread: await markRead(c.var.db, requireCaller(c).userId, body.ids) },
  })),
  implement(notificationApi.getNotificationSettings, async (c) => ({
    data: { emailMode: await emailModeOf(c.var.db, requireCaller(c).userId) },
  })),
  implement(notificationApi.putNotificationSettings, async (c, { body }) => {
    await setEmailMode(c.var.db, requireCaller(c).userId, body.emailMode);
    return { data: { emailMode: body.emailMode } };
  }),
]);
