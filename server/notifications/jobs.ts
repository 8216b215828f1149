/**
 * Jobs of the notifications (server/jobs/queue.ts):
 * - `notification-mail` `{ notificationId }`: e-mails one notification in its recipient's language,
 *   once: it claims the row (`emailed_at`, set only if still empty) before sending, so two jobs for
 *   one row (a retried fan-out re-enqueues; see `notify`'s `once`) send one e-mail; a failed send
 *   releases the claim for the retry. A recipient without an e-mail address (phone-only) is skipped.
 * - `notification-digest`: daily at 06:00 UTC, one e-mail per `digest` recipient with every event
 *   not yet e-mailed.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { defineJob } from "../jobs/queue.ts";
import { notifications, users } from "../db/schema.ts";
import { APP_NAME } from "../catalog/app-data.ts";
import { digestMail, notificationMail } from "./mail.ts";
import { markEmailed, NOTIFICATION_DIGEST_JOB, NOTIFICATION_MAIL_JOB, unmailedForDigest } from "./index.ts";

const publicOf = (services: { publicUrl?: () => string }) => services.publicUrl?.() ?? "http://localhost:3000";

export const notificationMailJob = defineJob<{ notificationId: number }>({
  name: NOTIFICATION_MAIL_JOB,
  retryLimit: 3,
  async run({ notificationId }, { services }) {
    const { db, mailer } = services;
    if (!db || !mailer) throw new Error("notification-mail needs db and mailer");
    const [row] = await db
      .select({ n: notifications, email: users.email, lang: users.locale })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, notificationId));
    if (!row || row.n.emailedAt || !row.email) return;
    const claimed = await db
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(and(eq(notifications.id, notificationId), isNull(notifications.emailedAt)))
      .returning({ id: notifications.id });
    if (claimed.length === 0) return;
    try {
      await mailer.send(
        notificationMail({
          to: row.email,
          lang: row.lang,
          kind: row.n.kind,
          payload: row.n.payload,
          link: row.n.link,
          publicUrl: publicOf(services),
          appName: APP_NAME,
        }),
      );
    } catch (error) {
      await db.update(notifications).set({ emailedAt: null }).where(eq(notifications.id, notificationId));
      throw error;
    }
  },
});

export const notificationDigestJob = defineJob({
  name: NOTIFICATION_DIGEST_JOB,
  cron: "0 6 * * *",
  retryLimit: 1,
  async run(_data, { services, logger }) {
    const { db, mailer } = services;
    if (!db || !mailer) throw new Error("notification-digest needs db and mailer");
    const rows = await unmailedForDigest(db);
    const byUser = new Map<number, (typeof rows)[number]["notification"][]>();
    for (const { notification } of rows) byUser.set(notification.userId, [...(byUser.get(notification.userId) ?? []), notification]);
    for (const [userId, events] of byUser) {
      const [user] = await db.select({ email: users.email, lang: users.locale }).from(users).where(eq(users.id, userId));
      if (user?.email) {
        await mailer.send(digestMail({ to: user.email, lang: user.lang, events, publicUrl: publicOf(services), appName: APP_NAME }));
      }
      await markEmailed(
        db,
        events.map((e) => e.id),
      );
    }
    if (byUser.size > 0) logger.info({ recipients: byUser.size }, "notification digests sent");
  },
});
