/**
 * Order events to the other side (issue 28 §2): every event that needs the other company's answer
 * or tells it something it must know — a proposal or counter, acceptance, a request to cancel and
 * the cancellation, a stage marked (to confirm), disputed or confirmed, the order closed, a stage
 * overdue (to the side that owns it and to the other side; server/orders/reminders.ts), a problem
 * reported, a message, a proposal rejected or accepted, a dispute withdrawn (server/orders/disputes.ts). Sent
 * through server/notifications `notify` to the company's people who answer buyers
 * (`companyRecipients`), so each reader's e-mail setting (at once, digest, off) and language
 * apply; the texts are `orders.mail.*` (server/notifications/mail.ts). Links are `/profile/orders/<id>`.
 */
import { eq } from "drizzle-orm";
import type { OrderStage, Side } from "#contract/orders.ts";
import type { Db } from "../db/client.ts";
import { companies, orders } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { companyRecipients } from "../conversations/repository.ts";
import { notify } from "../notifications/index.ts";

/** The kinds of order events (each has `orders.mail.<kind without "order.">` texts). */
export const ORDER_EVENT_KINDS = [
  "order.proposed",
  "order.countered",
  "order.accepted",
  "order.cancelRequested",
  "order.cancelled",
  "order.stageMarked",
  "order.stageDisputed",
  "order.stageConfirmed",
  "order.closed",
  "order.overdue",
  "order.overdueOther",
  "order.disputeOpened",
  "order.disputeMessage",
  "order.disputeStaff",
  "order.disputeRejected",
  "order.disputeResolved",
  "order.disputeWithdrawn",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Tells side `to` of order `orderId` about `kind` (payload: the order, the other company's name, version or stage). */
export async function notifyOrderEvent(
  db: Db,
  jobs: JobQueue,
  event: { orderId: number; to: Side; kind: OrderEventKind; version?: number; stage?: OrderStage },
): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, event.orderId)).limit(1);
  if (!order) return;
  const toCompany = event.to === "buyer" ? order.buyerCompanyId : order.supplierCompanyId;
  const fromCompany = event.to === "buyer" ? order.supplierCompanyId : order.buyerCompanyId;
  const [from] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, fromCompany)).limit(1);
  await notify(db, jobs, {
    recipients: await companyRecipients(db, toCompany),
    event: {
      kind: event.kind,
      payload: { orderId: order.id, company: from?.name ?? {}, version: event.version ?? null, stage: event.stage ?? null },
    },
    link: `/profile/orders/${order.id}`,
  });
}
