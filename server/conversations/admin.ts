/**
 * Staff moderation of conversation messages (contract/conversations.ts `listMessageReports`,
 * `resolveMessageReport`; ADR 028): the open reports, oldest first; `hide` hides the message from
 * both sides and closes every open report of it, `dismiss` closes this report only. Each change and
 * its audit row (entity `message`, actions `message.hide` / `message.dismiss_report`) are one
 * transaction. Blocking the author is the existing user block (server/admin/users.ts).
 */
import { and, asc, count, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { conversationMessages, messageReports, users } from "../db/schema.ts";
import { rowById } from "../db/queries.ts";
import type { AdminActor } from "../audit/access.ts";
import { recordAdminAction } from "../audit/log.ts";
import { personName } from "#contract/people.ts";

const authors = alias(users, "authors");
const reporters = alias(users, "reporters");
const name = (u: { firstName: string | null; lastName: string | null } | null) => (u?.firstName ? personName(u) : null);

export async function listOpenReports(db: Db, page: number, perPage: number) {
  const open = isNull(messageReports.resolvedAt);
  const rows = await db
    .select({
      report: messageReports,
      message: conversationMessages,
      authorFirst: authors.firstName,
      authorLast: authors.lastName,
      reporterFirst: reporters.firstName,
      reporterLast: reporters.lastName,
    })
    .from(messageReports)
    .innerJoin(conversationMessages, eq(conversationMessages.id, messageReports.messageId))
    .leftJoin(authors, eq(authors.id, conversationMessages.authorUserId))
    .leftJoin(reporters, eq(reporters.id, messageReports.reporterUserId))
    .where(open)
    .orderBy(asc(messageReports.createdAt), asc(messageReports.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(messageReports).where(open);
  const contexts = await Promise.all(rows.map((r) => messageContext(db, r.message.conversationId, r.message.id)));
  return {
    items: rows.map((r, index) => ({
      id: r.report.id,
      messageId: r.message.id,
      conversationId: r.message.conversationId,
      body: r.message.body,
      hidden: r.message.hiddenAt !== null,
      author: { id: r.message.authorUserId, name: name({ firstName: r.authorFirst, lastName: r.authorLast }) },
      reporter: { id: r.report.reporterUserId, name: name({ firstName: r.reporterFirst, lastName: r.reporterLast }) },
      reason: r.report.reason,
      createdAt: r.report.createdAt.toISOString(),
      context: contexts[index]!,
    })),
    total: total?.n ?? 0,
  };
}

/** The message `messageId` with up to 2 messages before and 1 after it in its conversation, oldest first. */
async function messageContext(db: Db, conversationId: number, messageId: number) {
  const columns = {
    id: conversationMessages.id,
    side: conversationMessages.side,
    body: conversationMessages.body,
    hiddenAt: conversationMessages.hiddenAt,
    createdAt: conversationMessages.createdAt,
    first: authors.firstName,
    last: authors.lastName,
  };
  const base = () => db.select(columns).from(conversationMessages).leftJoin(authors, eq(authors.id, conversationMessages.authorUserId));
  const inConversation = eq(conversationMessages.conversationId, conversationId);
  const [before, self, after] = await Promise.all([
    base()
      .where(and(inConversation, lt(conversationMessages.id, messageId)))
      .orderBy(desc(conversationMessages.id))
      .limit(2),
    base().where(eq(conversationMessages.id, messageId)),
    base()
      .where(and(inConversation, gt(conversationMessages.id, messageId)))
      .orderBy(asc(conversationMessages.id))
      .limit(1),
  ]);
  return [...before.reverse(), ...self, ...after].map((m) => ({
    id: m.id,
    side: m.side,
    author: name({ firstName: m.first, lastName: m.last }),
    body: m.body,
    hidden: m.hiddenAt !== null,
    reported: m.id === messageId,
    createdAt: m.createdAt.toISOString(),
  }));
}

export async function resolveReport(db: Db, actor: AdminActor, reportId: number, action: "hide" | "dismiss"): Promise<void> {
  const report = await rowById(db, messageReports, reportId, "Report");
  const now = new Date();
  await db.transaction(async (tx) => {
    if (action === "hide") {
      await tx.update(conversationMessages).set({ hiddenAt: now }).where(eq(conversationMessages.id, report.messageId));
      await tx
        .update(messageReports)
        .set({ resolvedAt: now })
        .where(and(eq(messageReports.messageId, report.messageId), isNull(messageReports.resolvedAt)));
    } else {
      await tx.update(messageReports).set({ resolvedAt: now }).where(eq(messageReports.id, reportId));
    }
    await recordAdminAction(tx, actor, {
      entityType: "message",
      entityId: report.messageId,
      action: action === "hide" ? "message.hide" : "message.dismiss_report",
      before: { hidden: false },
      after: action === "hide" ? { hidden: true, reportId } : { reportId, dismissed: true },
    });
  });
}
