/**
 * Recording what happened to a payment (issue 28 §3): the order page calls `recordPaymentOutcome`
 * when the payer marks a payment stage (prepayment or balance) — the orders module wires it in at
 * the merge; it checks the order itself (that the order joins these two companies, that the stage
 * is a payment stage the terms have, that the route is the order's).
 *
 * What is checked here: the input by the contract's `PaymentOutcomeSchema` (400 `invalid_body` with
 * validation codes); the route belongs to the payee (404 otherwise, like an unknown route); the user
 * recording is an active employee of the payer company (403 `no_company`, `member_blocked`, or 404
 * when they work for another company: the payment is not theirs to see). The route's channel (kind,
 * currency, bank or BIC, agent) is copied onto the outcome (server/db/schema.ts `payment_outcomes`).
 */
import { and, eq } from "drizzle-orm";
import { PaymentOutcomeSchema, type PaymentOutcomeInput } from "#contract/payment-routes.ts";
import type { Db } from "../db/client.ts";
import { paymentOutcomes, paymentRoutes } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { checkForm } from "../profile/forms.ts";
import { companyAccess } from "../profile/access.ts";

/**
 * Validates and stores one outcome recorded by user `userId` (see the module comment); returns its
 * id. `input` is unparsed (the order page's form values or an API body); `now` is the recording time.
 */
export async function recordPaymentOutcome(db: Db, userId: number, input: unknown, now = new Date()): Promise<number> {
  const value: PaymentOutcomeInput = checkForm(PaymentOutcomeSchema, input);
  const access = await companyAccess(db, userId, "read");
  if (access.companyId !== value.payerCompanyId) throw notFound("Order");
  const [route] = await db
    .select()
    .from(paymentRoutes)
    .where(and(eq(paymentRoutes.id, value.routeId), eq(paymentRoutes.companyId, value.payeeCompanyId)))
    .limit(1);
  if (!route) throw notFound("Payment route");
  const [row] = await db
    .insert(paymentOutcomes)
    .values({
      orderId: value.orderId,
      routeId: route.id,
      payerCompanyId: value.payerCompanyId,
      payeeCompanyId: value.payeeCompanyId,
      stage: value.stage,
      outcome: value.outcome,
      days: value.days ?? null,
      bankReason: value.bankReason ?? null,
      feesAmount: value.feesAmount ?? null,
      feesCurrency: value.feesAmount ? (value.feesCurrency ?? null) : null,
      routeKind: route.kind,
      currency: route.currency,
      bankRegNumber: route.bankRegNumber,
      swiftBic: route.swiftBic,
      foreignBankName: route.foreignBankName,
      agentName: route.agentName,
      recordedBy: userId,
      recordedAt: now,
    })
    .returning({ id: paymentOutcomes.id });
  return row!.id;
}
