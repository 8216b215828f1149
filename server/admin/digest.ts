/**
 * `moderation-digest` (issue 15 §5): every day at 06:00 UTC (09:00 Moscow), when anything waits in
 * the moderation queue (server/admin/queue.ts `queueCounts`), each active moderator and admin with an
 * e-mail address gets one message in their language with the counts and a link to the queue.
 * Nothing waiting: no mail. A failed delivery to one person is logged and does not stop the others.
 */
import { and, inArray, isNotNull, isNull } from "drizzle-orm";
import { moderationDigestMail } from "../auth/delivery/messages.ts";
import { users } from "../db/schema.ts";
import { defineJob } from "../jobs/queue.ts";
import { queueCounts } from "./queue.ts";

export const MODERATION_DIGEST_JOB = "moderation-digest";

export const moderationDigestJob = defineJob({
  name: MODERATION_DIGEST_JOB,
  cron: "0 6 * * *",
  retryLimit: 1,
  async run(_data, { services, logger }) {
    const { db, mailer, publicUrl } = services;
    if (!db || !mailer) throw new Error("moderation-digest needs db and mailer");
    const counts = await queueCounts(db);
    if (counts.company + counts.product === 0) return;
    const staff = await db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(and(inArray(users.role, ["MODERATOR", "ADMIN"]), isNull(users.blockedAt), isNotNull(users.email)));
    const link = `${publicUrl?.() ?? ""}/admin/moderation`;
    let sent = 0;
    for (const person of staff) {
      const lang = person.locale;
      try {
        await mailer.send(
          moderationDigestMail({
            to: person.email!,
            companies: counts.company,
            products: counts.product,
            link: lang === "ru" ? link : link.replace("/admin/", `/${lang}/admin/`),
            lang,
            appName: "Postavka",
          }),
        );
        sent += 1;
      } catch (error) {
        logger.warn({ err: error, to: person.email }, "moderation digest not delivered");
      }
    }
    logger.info({ ...counts, sent }, "moderation digest sent");
  },
});
