/**
 * Notifications (issue 14 §3; ADR 028): the one function every feature calls when something
 * happens that people should hear about (an inquiry, a reply, a status change; later the buying
 * requests' events).
 *
 * `notify(db, jobs, { recipients, event: { kind, payload }, link })`:
 * - writes one `notifications` row per distinct recipient (user ids; the inbox and the header's
 *   unread count read them);
 * - for each recipient whose e-mail setting is `instant` (the default) enqueues the
 *   `notification-mail` job, which e-mails the event in the recipient's UI language (`users.locale`);
 *   `digest` recipients get the daily `notification-digest` job's one e-mail; `off` none.
 * `link` is a language-neutral site path ("/profile/conversations/12"); e-mails prefix the
 * recipient's language and the public origin. Returns the ids of the rows written.
 *
 * Some kinds mail a recipient at most once per window about the same `link` (MAIL_QUIET_S in
 * server/api/rate-limits.ts; review N4): the row is written every time, the e-mail only when the
 * recipient had no row of that kind and link in the window.
 *
 * `once: true` makes the call idempotent per recipient, for jobs that fan out and may be retried
 * after failing halfway (server/rfq/jobs.ts): a recipient who already has a notification of this
 * `kind` and `link` gets no second row; if that row's e-mail is still due (the failed attempt may
 * have stopped before enqueuing it) its e-mail job is enqueued again — the job mails a row at most
 * once (it claims `emailed_at` first), so a duplicate job sends nothing.
 */
import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { MAIL_QUIET_S } from "../api/rate-limits.ts";
import type { Db } from "../db/client.ts";
import { notifications, notificationSettings } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { pageOfTable } from "../db/queries.ts";
import type { EmailMode, Notification } from "#contract/notifications.ts";

/** Kinds of events with an e-mail text (locales `inquiries.mail.*`, `rfq.mail.*`; server/notifications/mail.ts). */
export const NOTIFICATION_KINDS = [
  "inquiry.new",
  "conversation.reply",
  "conversation.status",
  "rfq.new",
  "rfq.quote",
  "rfq.accepted",
  "rfq.declined",
  "rfq.closed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number] | (string & {});

export interface NotifyInput {
  recipients: readonly number[];
  event: { kind: NotificationKind; payload: Record<string, unknown> };
  link: string;
  /** Skip recipients who already have this kind and link (see the module comment). */
  once?: boolean;
}

export const NOTIFICATION_MAIL_JOB = "notification-mail";
export const NOTIFICATION_DIGEST_JOB = "notification-digest";

/** Records the event for every recipient and enqueues the e-mails (see the module comment). */
export async function notify(db: Db, jobs: JobQueue, input: NotifyInput): Promise<number[]> {
  let recipients = [...new Set(input.recipients.filter((id) => Number.isInteger(id) && id > 0))];
  if (recipients.length === 0) return [];
  const modes = await emailModes(db, recipients);
  const instant = (userId: number) => (modes.get(userId) ?? "instant") === "instant";
  if (input.once) {
    const earlier = await db
      .select({ id: notifications.id, userId: notifications.userId, emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(and(inArray(notifications.userId, recipients), eq(notifications.kind, input.event.kind), eq(notifications.link, input.link)));
    for (const row of earlier) {
      if (row.emailedAt === null && instant(row.userId)) await jobs.send(NOTIFICATION_MAIL_JOB, { notificationId: row.id });
    }
    const told = new Set(earlier.map((r) => r.userId));
    recipients = recipients.filter((id) => !told.has(id));
    if (recipients.length === 0) return [];
  }
  const quietS = MAIL_QUIET_S[input.event.kind];
  const quiet = new Set<number>();
  if (quietS) {
    const recent = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, recipients),
          eq(notifications.kind, input.event.kind),
          eq(notifications.link, input.link),
          gt(notifications.createdAt, new Date(Date.now() - quietS * 1000)),
        ),
      );
    for (const r of recent) quiet.add(r.userId);
  }
  const rows = await db
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, kind: input.event.kind, payload: input.event.payload, link: input.link })))
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const row of rows) {
    if (instant(row.userId) && !quiet.has(row.userId)) await jobs.send(NOTIFICATION_MAIL_JOB, { notificationId: row.id });
  }
  return rows.map((r) => r.id);
}

/** The e-mail setting of each of `userIds` that has one (the rest are `instant`). */
export async function emailModes(db: Db, userIds: number[]): Promise<Map<number, EmailMode>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationSettings.userId, mode: notificationSettings.emailMode })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.mode]));
}

export async function emailModeOf(db: Db, userId: number): Promise<EmailMode> {
  return (await emailModes(db, [userId])).get(userId) ?? "instant";
}

export async function setEmailMode(db: Db, userId: number, mode: EmailMode): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, emailMode: mode })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailMode: mode, updatedAt: new Date() } });
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A page of a person's notifications, newest first, with the total and the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ items: Notification[]; total: number; unread: number }> {
  const { rows, total } = await pageOfTable(
    db,
    notifications,
    eq(notifications.userId, userId),
    [desc(notifications.createdAt), desc(notifications.id)],
    page,
    perPage,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      payload: r.payload,
      link: r.link,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    unread: await unreadCount(db, userId),
  };
}

/** Marks `ids` (or every notification) of `userId` read; returns the unread count left. */
export async function markRead(db: Db, userId: number, ids?: number[]): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.userId, userId), isNull(notifications.readAt), ids && ids.length ? inArray(notifications.id, ids) : undefined),
    );
  return unreadCount(db, userId);
}

/** Marks read the notifications of `userId` that link to `link` (opening a conversation reads its events). */
export async function markReadByLink(db: Db, userId: number, link: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), eq(notifications.link, link)));
}

/** Used by the digest: unmailed notifications of digest users, oldest first. */
export function unmailedForDigest(db: Db) {
  return db
    .select({ notification: notifications })
    .from(notifications)
    .innerJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(and(isNull(notifications.emailedAt), eq(notificationSettings.emailMode, "digest")))
    .orderBy(notifications.userId, notifications.createdAt)
    .limit(5000);
}

export const markEmailed = (db: Db, ids: number[]) =>
  ids.length
    ? db
        .update(notifications)
        .set({ emailedAt: sql`now()` })
        .where(inArray(notifications.id, ids))
    : Promise.resolve();
