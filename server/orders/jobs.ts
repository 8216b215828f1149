/**
 * `order-reminders` (server/jobs/queue.ts; ADR 056): every hour at :15, e-mails both sides of each
 * order whose current stage passed its due date, once per order and stage (./reminders.ts).
 * Idempotent: a retry or a second run sends nothing twice.
 */
import { defineJob } from "../jobs/queue.ts";
import { remindOverdueStages } from "./reminders.ts";

export const ORDER_REMINDERS_JOB = "order-reminders";

export const orderRemindersJob = defineJob<{ now?: string }>({
  name: ORDER_REMINDERS_JOB,
  cron: "15 * * * *",
  retryLimit: 2,
  async run(data, { services, jobs, logger }) {
    if (!services.db) throw new Error("order-reminders needs db");
    // `now` lets an operator (or a test) run the job as of a given moment.
    const sent = await remindOverdueStages(services.db, jobs, data.now ? new Date(data.now) : new Date());
    if (sent > 0) logger.info({ sent }, "overdue order stages reminded");
  },
});
