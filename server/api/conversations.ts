/**
 * Conversations in the API (contract/conversations.ts; ADR 028): `/api/conversations*`. Rules and
 * who may see what: server/conversations/repository.ts. Writing is limited per person, status
 * changes also per IP (server/api/rate-limits.ts `LIMITS`, 429 `rate_limited`).
 */
import * as conv from "#contract/conversations.ts";
import { pageMetaOf } from "#contract/route.ts";
import {
  addMessage,
  changeStatus,
  getConversation,
  listConversations,
  markConversationRead,
  reportMessage,
  unreadCounts,
} from "../conversations/repository.ts";
import { translateMessage } from "../conversations/translate.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { listOpenReports, resolveReport } from "../conversations/admin.ts";
import { staffAccess } from "./admin/staff.ts";
import { LIMITS, limiterFor } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";

/** Replies per person an hour (server/api/rate-limits.ts `LIMITS`). */
export const MESSAGES_PER_USER = LIMITS.conversationMessage.points;
const messageLimit = limiterFor(LIMITS.conversationMessage, "Too many messages: wait a little");
const statusLimit = limiterFor(LIMITS.conversationStatus, "Too many status changes: wait a little");
const statusIpLimit = limiterFor(LIMITS.conversationStatusIp, "Too many status changes: wait a little");

export const conversationResource = resource("/api/conversations", [
  implement(conv.listConversations, async (c, { query }) => {
    const { items, meta } = await listConversations(c.var.db, requireCaller(c).userId, query);
    return { data: items, meta };
  }),
  implement(conv.unreadConversations, async (c) => ({ data: await unreadCounts(c.var.db, requireCaller(c).userId) })),
  implement(conv.getConversation, async (c, { params, query }) => ({
    data: await getConversation(c.var.db, requireCaller(c).userId, params.id, { lang: query.lang, canTranslate: !!c.var.translator }),
  })),
  implement(conv.markConversationRead, async (c, { params }) => {
    await markConversationRead(c.var.db, requireCaller(c).userId, params.id);
    return { data: { ok: true as const } };
  }),
  implement(conv.replyToConversation, async (c, { params, body }) => {
    const { userId } = requireCaller(c);
    await messageLimit(c.var.db).consume(String(userId));
    return { data: await addMessage(c.var.db, c.var.jobs, userId, params.id, body, await c.var.auth.locale(userId)) };
  }),
  implement(conv.changeConversationStatus, async (c, { params, body }) => {
    const { userId } = requireCaller(c);
    // Every change tells the other side (review N4: a close/reopen loop was an e-mail bomb).
    await statusLimit(c.var.db).consume(String(userId));
    await statusIpLimit(c.var.db).consume(clientContext(c).ip);
    return { data: await changeStatus(c.var.db, c.var.jobs, userId, params.id, body.action) };
  }),
  implement(conv.translateMessage, async (c, { params, query }) => {
    const { userId } = requireCaller(c);
    const lang = query.lang ?? (await c.var.auth.locale(userId));
    return { data: await translateMessage(c.var.db, c.var.translator, userId, params.id, lang) };
  }),
  implement(conv.reportMessage, async (c, { params, body }) => {
    await reportMessage(c.var.db, requireCaller(c).userId, params.id, body.reason);
    return { data: { ok: true as const } };
  }),
]);

/** Staff: reported messages (under `/app/admin`, behind the admin gate). */
export const messageReportResource = resource("/app/admin/message-reports", [
  implement(conv.listMessageReports, async (c, { query }) => {
    await staffAccess(c, "moderate");
    const { items, total } = await listOpenReports(c.var.db, query.page, query.perPage);
    return { data: items, meta: pageMetaOf(query.page, query.perPage, total) };
  }),
  implement(conv.resolveMessageReport, async (c, { params, body }) => {
    const actor = await staffAccess(c, "moderate");
    await resolveReport(c.var.db, actor, params.id, body.action);
    return { data: { ok: true as const } };
  }),
]);
