/**
 * The payments of an order (issue 28 §3): what happened to the buyer's prepayment and balance on the
 * payment route the agreed terms name — credited, returned with the bank's reason, frozen, partially
 * credited, after how many days, with what fees. Recorded by the payer (the buyer's people who may
 * act) and kept in `payment_outcomes`, whose 180-day aggregates the supplier page and
 * `/payment-routes` show (server/payment-routes/stats.ts, ADR 049).
 *
 * `recordOrderPayment(db, caller, orderId, input)`: checks the order, then `recordPaymentOutcome`
 * (server/payment-routes/outcomes.ts) checks the input and stores it. `orderPayments(db, order,
 * agreed)`: the outcomes recorded for an order and which stages may still be recorded, given the
 * agreed version's snapshot the caller already holds (the order view has it; recording reads it
 * once).
 *
 * Errors: 404 for an order the caller may not see (or staff: they act on none); 403
 * `forbidden_role` for a member who may only read, and for the supplier's side (the payer records);
 * 409 `invalid_transition` before the order is confirmed, when the agreed terms name no listed
 * route, for a stage the terms do not have (no prepayment; nothing left after 100 % prepayment),
 * before the prepayment is marked sent, and for a stage already recorded (one outcome per stage:
 * a second would count the payment twice in the platform's figures); 400 `invalid_body` with the
 * field's code for a bad outcome (days, the bank's reason, fees).
 */
import { and, eq } from "drizzle-orm";
import type { OrderSnapshot } from "#contract/orders.ts";
import type { OrderPaymentInput, PaymentOutcome, PaymentStage } from "#contract/payment-routes.ts";
import type { Db } from "../db/client.ts";
import { orderStages, orderVersions, paymentOutcomes } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { recordPaymentOutcome } from "../payment-routes/outcomes.ts";
import { assertMayAct, orderAccess, type OrderCaller, type OrderRow } from "./access.ts";

/** One recorded payment as the order page shows it. */
export interface OrderPaymentView {
  stage: PaymentStage;
  outcome: PaymentOutcome;
  days: number | null;
  bankReason: string | null;
  feesAmount: string | null;
  feesCurrency: string | null;
  recordedAt: string;
}

/** The snapshot of the order's agreed version (null before confirmation). */
export async function agreedSnapshot(db: Db, order: OrderRow): Promise<OrderSnapshot | null> {
  if (!order.agreedVersion) return null;
  const [row] = await db
    .select({ snapshot: orderVersions.snapshot })
    .from(orderVersions)
    .where(and(eq(orderVersions.orderId, order.id), eq(orderVersions.number, order.agreedVersion)))
    .limit(1);
  return (row?.snapshot as unknown as OrderSnapshot | undefined) ?? null;
}

/** The payment stages the agreed terms have: prepayment above 0 %, a balance below 100 %. */
function stagesOf(snapshot: OrderSnapshot): PaymentStage[] {
  const pct = Number(snapshot.terms.prepaymentPct);
  return [...(pct > 0 ? (["prepayment"] as const) : []), ...(pct < 100 ? (["balance"] as const) : [])];
}

/**
 * The order's recorded payments, and the stages the payer may still record (empty unless the order
 * is confirmed or closed on a listed route). `agreed` is the agreed version's snapshot (null before
 * confirmation), passed in so that it is read once per request.
 */
export async function orderPayments(
  db: Db,
  order: OrderRow,
  agreed: OrderSnapshot | null,
): Promise<{ recorded: OrderPaymentView[]; open: PaymentStage[] }> {
  const rows = await db.select().from(paymentOutcomes).where(eq(paymentOutcomes.orderId, order.id)).orderBy(paymentOutcomes.id);
  const recorded = rows.map((r) => ({
    stage: r.stage,
    outcome: r.outcome,
    days: r.days,
    bankReason: r.bankReason,
    feesAmount: r.feesAmount,
    feesCurrency: r.feesCurrency,
    recordedAt: r.recordedAt.toISOString(),
  }));
  if (!agreed?.terms.paymentRoute?.routeId || (order.state !== "confirmed" && order.state !== "closed")) return { recorded, open: [] };
  const sent = await db
    .select({ id: orderStages.id })
    .from(orderStages)
    .where(and(eq(orderStages.orderId, order.id), eq(orderStages.stage, "prepayment_sent")))
    .limit(1);
  const open = stagesOf(agreed).filter((stage) => !recorded.some((r) => r.stage === stage) && (stage !== "prepayment" || sent.length > 0));
  return { recorded, open };
}

/** Records the payer's outcome of one payment stage of order `orderId` (module comment). */
export async function recordOrderPayment(db: Db, caller: OrderCaller, orderId: number, input: OrderPaymentInput): Promise<void> {
  const access = await orderAccess(db, caller, orderId);
  const side = await assertMayAct(db, access);
  if (side !== "buyer") throw new DomainError("forbidden_role", "The payer (the buyer) records what happened to a payment");
  const order = access.order;
  const snapshot = await agreedSnapshot(db, order);
  const routeId = snapshot?.terms.paymentRoute?.routeId;
  if (!snapshot || !routeId) throw new DomainError("invalid_transition", "The agreed terms name no payment route the supplier lists");
  const { open } = await orderPayments(db, order, snapshot);
  if (!open.includes(input.stage))
    throw new DomainError(
      "invalid_transition",
      `The ${input.stage} payment cannot be recorded now (not in the terms, not sent yet, or recorded)`,
    );
  await recordPaymentOutcome(db, caller.userId, {
    ...input,
    orderId: order.id,
    routeId,
    payerCompanyId: order.buyerCompanyId,
    payeeCompanyId: order.supplierCompanyId,
  });
}
