/**
 * Overdue reminders of orders (issue 28 §2; ADR 056), run by the `order-reminders` job
 * (server/orders/jobs.ts, pg-boss cron, hourly).
 *
 * A confirmed order's current stage is overdue when its due date (`orders.stage_due_date`, set from
 * the terms by server/orders/service.ts `dueDateOf`) is before today (UTC) and it is not yet
 * confirmed — the "overdue" mark itself is computed from that date wherever it is shown (lists,
 * filters, the order page), so nothing needs to be marked. What the job adds is the e-mail: once per
 * order and stage, to the side that owns the stage ("mark it") and to the other side ("it is late"),
 * each in its readers' languages and e-mail settings (server/orders/notify.ts).
 *
 * Idempotent: the row of `order_reminders` (order, stage) is inserted first and only the run that
 * inserted it sends; if sending fails the row is removed again so that the job's retry sends it. A
 * stage that was marked and waits for the other side's confirmation is not reminded of (the owner
 * did its part; the mark's own e-mail asked the other side). Orders with an open request to cancel
 * are skipped too: stages do not move then.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { STAGE_OWNER, type OrderStage, type Side } from "#contract/orders.ts";
import type { Db } from "../db/client.ts";
import { orderReminders, orders, orderStages } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { notifyOrderEvent } from "./notify.ts";

/** Orders looked at per run (the next run picks up the rest). */
export const REMINDER_BATCH = 200;

/** Sends the overdue reminders due at `now`; returns how many stages were reminded of. */
export async function remindOverdueStages(db: Db, jobs: JobQueue, now: Date = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const due = await db
    .select({ id: orders.id, stage: orders.stage, dueDate: orders.stageDueDate })
    .from(orders)
    .leftJoin(orderReminders, and(eq(orderReminders.orderId, orders.id), eq(orderReminders.stage, orders.stage)))
    .leftJoin(orderStages, and(eq(orderStages.orderId, orders.id), eq(orderStages.stage, orders.stage)))
    .where(
      and(
        eq(orders.state, "confirmed"),
        isNull(orders.cancelRequestedBy),
        lt(orders.stageDueDate, today),
        isNull(orderReminders.orderId),
        // Not marked (or marked again after a dispute): the owner still has to act.
        sql`(${orderStages.status} is null or ${orderStages.status} = 'disputed')`,
      ),
    )
    .orderBy(orders.stageDueDate, orders.id)
    .limit(REMINDER_BATCH);
  let sent = 0;
  for (const row of due) {
    if (!row.stage || !row.dueDate) continue;
    const stage = row.stage as OrderStage;
    const [claimed] = await db
      .insert(orderReminders)
      .values({ orderId: row.id, stage, dueDate: row.dueDate, sentAt: now })
      .onConflictDoNothing()
      .returning({ orderId: orderReminders.orderId });
    if (!claimed) continue;
    const owner: Side = STAGE_OWNER[stage];
    try {
      await notifyOrderEvent(db, jobs, { orderId: row.id, to: owner, kind: "order.overdue", stage });
      await notifyOrderEvent(db, jobs, {
        orderId: row.id,
        to: owner === "buyer" ? "supplier" : "buyer",
        kind: "order.overdueOther",
        stage,
      });
    } catch (error) {
      await db.delete(orderReminders).where(and(eq(orderReminders.orderId, row.id), eq(orderReminders.stage, stage)));
      throw error;
    }
    sent++;
  }
  return sent;
}
