/**
 * Disputes inside an order (issue 28 §2; ADR 056): "report a problem" on a stage opens a thread
 * between the two sides — messages with evidence files (private, ADR 040) and proposed resolutions
 * (a partial refund or a discount with an amount in the order's currency, a replacement, something
 * else) that the other side accepts or rejects. Accepting resolves the dispute and records the
 * resolution on the order (`order_disputes.resolution`, shown in the order's history of disputes);
 * the side that opened it may withdraw it. Staff (moderators, admins) read every dispute, see the
 * open ones in the admin area and may step in with a message (never a proposal or an answer).
 *
 * Rules (refusal codes in brackets): either side's people who may act (ADR 048: 403
 * `forbidden_role`, `company_blocked`; 404 for anyone else); a dispute opens on a confirmed or
 * closed order, on a stage reached so far, one open dispute per stage (`invalid_transition`);
 * messages only while open (`invalid_transition`); a side answers only the other side's newest open
 * proposal (`invalid_transition`); a new proposal supersedes the author side's earlier open one.
 * Evidence files are the author's temporary uploads (`file_not_found`). Each event e-mails the other
 * side (staff messages both sides) through server/orders/notify.ts, in each reader's language and
 * e-mail setting. Limits: opening as a new inquiry, messages as conversation messages
 * (server/api/rate-limits.ts `orderDispute`, `orderDisputeMessage`).
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  DisputeAnswerInput,
  DisputeMessageInput,
  DisputeSummary,
  DisputeView,
  OpenDisputeInput,
  OrderStage,
  Side,
} from "#contract/orders.ts";
import { pickLocalized } from "#contract/lang-schemas.ts";
import type { Db } from "../db/client.ts";
import { orderDisputeMessages, orderDisputes, orders, type Lang, type OrderDisputeProposal, type OrderDisputeState } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { claimUpload } from "../files/repository.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { assertMayAct, orderAccess, personOf, type OrderAccess, type OrderCaller } from "./access.ts";
import { fileViews, reachedStages } from "./documents.ts";
import { notifyOrderEvent } from "./notify.ts";
import { agreedSnapshot } from "./payments.ts";

const other = (side: Side): Side => (side === "buyer" ? "supplier" : "buyer");

function proposalOf(input: DisputeMessageInput, currency: string): OrderDisputeProposal | null {
  if (!input.proposalKind) return null;
  const amount = input.proposalKind === "partial_refund" || input.proposalKind === "discount" ? (input.proposalAmount ?? null) : null;
  return { kind: input.proposalKind, amount, currency: amount ? currency : null, note: null };
}

async function claimAll(tx: Db, fileIds: readonly number[], userId: number): Promise<void> {
  for (const id of fileIds) {
    if (!(await claimUpload(tx, id, userId))) throw new DomainError("file_not_found", "No such upload: upload the file again");
  }
}

/** Whether a Postgres error is a unique violation (two people opening a dispute on one stage at once). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** The stages `access` may report a problem on now: reached, without an open dispute. */
export function disputeStages(access: OrderAccess, reached: OrderStage[], open: readonly { stage: string }[]): OrderStage[] {
  if (!access.mayAct || !access.side) return [];
  return reached.filter((stage) => !open.some((d) => d.stage === stage));
}

/** Opens a dispute on a stage of order `orderId` with its first message; returns the dispute's id. */
export async function openDispute(db: Db, jobs: JobQueue, caller: OrderCaller, orderId: number, input: OpenDisputeInput): Promise<number> {
  const access = await orderAccess(db, caller, orderId);
  const side = await assertMayAct(db, access);
  const agreed = await agreedSnapshot(db, access.order);
  if (!reachedStages(access.order, agreed).includes(input.stage))
    throw new DomainError("invalid_transition", "A problem is reported on a stage the confirmed order has reached");
  const person = await personOf(db, caller.userId);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderDisputes)
        .values({ orderId, stage: input.stage, openedBySide: side, openedByUserId: caller.userId })
        .returning({ id: orderDisputes.id });
      await claimAll(tx, input.fileIds, caller.userId);
      const proposal = proposalOf(input, access.order.currency);
      await tx.insert(orderDisputeMessages).values({
        disputeId: row!.id,
        side,
        authorUserId: caller.userId,
        authorName: person.name,
        body: input.message,
        fileIds: input.fileIds,
        proposal,
        proposalState: proposal ? "open" : null,
      });
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("invalid_transition", "A dispute on this stage is open already");
    throw error;
  }
  await notifyOrderEvent(db, jobs, { orderId, to: other(side), kind: "order.disputeOpened", stage: input.stage });
  return id;
}

async function disputeRow(db: Db, orderId: number, disputeId: number) {
  const [row] = await db
    .select()
    .from(orderDisputes)
    .where(and(eq(orderDisputes.id, disputeId), eq(orderDisputes.orderId, orderId)))
    .limit(1);
  if (!row) throw notFound("Dispute");
  return row;
}

/** A message in an open dispute by a side who may act, or by staff (no proposal then). */
export async function postDisputeMessage(
  db: Db,
  jobs: JobQueue,
  caller: OrderCaller,
  orderId: number,
  disputeId: number,
  input: DisputeMessageInput,
): Promise<void> {
  const access = await orderAccess(db, caller, orderId);
  const side = access.side === null ? null : await assertMayAct(db, access);
  const dispute = await disputeRow(db, orderId, disputeId);
  if (dispute.state !== "open") throw new DomainError("invalid_transition", "The dispute is closed");
  const proposal = proposalOf(input, access.order.currency);
  if (proposal && !side) throw new DomainError("invalid_transition", "Staff write in a dispute; the sides propose resolutions");
  const person = await personOf(db, caller.userId);
  await db.transaction(async (tx) => {
    await claimAll(tx, input.fileIds, caller.userId);
    if (proposal && side) {
      // Each side has at most one open proposal: the newest.
      await tx
        .update(orderDisputeMessages)
        .set({ proposalState: "superseded" })
        .where(
          and(
            eq(orderDisputeMessages.disputeId, disputeId),
            eq(orderDisputeMessages.side, side),
            eq(orderDisputeMessages.proposalState, "open"),
          ),
        );
    }
    await tx.insert(orderDisputeMessages).values({
      disputeId,
      side,
      authorUserId: caller.userId,
      authorName: person.name,
      body: input.message,
      fileIds: input.fileIds,
      proposal,
      proposalState: proposal ? "open" : null,
    });
    await tx.update(orderDisputes).set({ updatedAt: new Date() }).where(eq(orderDisputes.id, disputeId));
  });
  const stage = dispute.stage as OrderStage;
  const to: Side[] = side ? [other(side)] : ["buyer", "supplier"];
  for (const recipient of to)
    await notifyOrderEvent(db, jobs, { orderId, to: recipient, kind: side ? "order.disputeMessage" : "order.disputeStaff", stage });
}

/** Accepts or rejects the other side's open proposal, or withdraws the caller side's own dispute. */
export async function answerDispute(
  db: Db,
  jobs: JobQueue,
  caller: OrderCaller,
  orderId: number,
  disputeId: number,
  input: DisputeAnswerInput,
  now = new Date(),
): Promise<void> {
  const access = await orderAccess(db, caller, orderId);
  const side = await assertMayAct(db, access);
  const dispute = await disputeRow(db, orderId, disputeId);
  if (dispute.state !== "open") throw new DomainError("invalid_transition", "The dispute is closed");
  const stage = dispute.stage as OrderStage;
  if (input.action === "withdraw") {
    if (dispute.openedBySide !== side) throw new DomainError("invalid_transition", "Only the side that reported the problem withdraws it");
    await closeDispute(db, disputeId, "withdrawn", null, now);
    await notifyOrderEvent(db, jobs, { orderId, to: other(side), kind: "order.disputeWithdrawn", stage });
    return;
  }
  const [message] = await db
    .select()
    .from(orderDisputeMessages)
    .where(and(eq(orderDisputeMessages.id, input.messageId!), eq(orderDisputeMessages.disputeId, disputeId)))
    .limit(1);
  if (!message?.proposal || message.proposalState !== "open" || message.side !== other(side))
    throw new DomainError("invalid_transition", "That is not the other side's open proposal");
  if (input.action === "reject") {
    await db
      .update(orderDisputeMessages)
      .set({ proposalState: "rejected", answeredAt: now })
      .where(eq(orderDisputeMessages.id, message.id));
    await db.update(orderDisputes).set({ updatedAt: now }).where(eq(orderDisputes.id, disputeId));
    await notifyOrderEvent(db, jobs, { orderId, to: other(side), kind: "order.disputeRejected", stage });
    return;
  }
  const person = await personOf(db, caller.userId);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orderDisputeMessages)
      .set({ proposalState: "accepted", answeredAt: now })
      .where(and(eq(orderDisputeMessages.id, message.id), eq(orderDisputeMessages.proposalState, "open")))
      .returning({ id: orderDisputeMessages.id });
    if (!claimed) throw new DomainError("invalid_transition", "The proposal changed meanwhile");
    await tx
      .update(orderDisputeMessages)
      .set({ proposalState: "superseded" })
      .where(and(eq(orderDisputeMessages.disputeId, disputeId), eq(orderDisputeMessages.proposalState, "open")));
    await closeDispute(
      tx,
      disputeId,
      "resolved",
      {
        ...message.proposal!,
        messageId: message.id,
        proposedBySide: message.side!,
        acceptedBySide: side,
        acceptedByName: person.name,
        at: now.toISOString(),
      },
      now,
    );
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
  });
  await notifyOrderEvent(db, jobs, { orderId, to: other(side), kind: "order.disputeResolved", stage });
}

async function closeDispute(
  db: Pick<Db, "update">,
  disputeId: number,
  state: OrderDisputeState,
  resolution: (typeof orderDisputes.$inferInsert)["resolution"],
  now: Date,
): Promise<void> {
  const [done] = await db
    .update(orderDisputes)
    .set({ state, resolution: resolution ?? null, closedAt: now, updatedAt: now })
    .where(and(eq(orderDisputes.id, disputeId), eq(orderDisputes.state, "open")))
    .returning({ id: orderDisputes.id });
  if (!done) throw new DomainError("invalid_transition", "The dispute changed meanwhile");
}

/** The disputes of an order, newest first, with their messages and what the caller may do (contract DisputeView). */
export async function disputeViews(db: Db, access: OrderAccess, only?: number): Promise<DisputeView[]> {
  const rows = await db
    .select()
    .from(orderDisputes)
    .where(and(eq(orderDisputes.orderId, access.order.id), only ? eq(orderDisputes.id, only) : undefined))
    .orderBy(desc(orderDisputes.id));
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(orderDisputeMessages)
    .where(
      inArray(
        orderDisputeMessages.disputeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderDisputeMessages.id);
  const filesById = await fileViews(db, [...new Set(messages.flatMap((m) => m.fileIds))]);
  const side = access.mayAct ? access.side : null;
  return rows.map((d) => {
    const own = messages.filter((m) => m.disputeId === d.id);
    const open = d.state === "open";
    const answer = side && open ? own.findLast((m) => m.proposalState === "open" && m.side === other(side)) : undefined;
    return {
      id: d.id,
      orderId: d.orderId,
      stage: d.stage as OrderStage,
      state: d.state,
      openedBySide: d.openedBySide,
      resolution: d.resolution
        ? {
            kind: d.resolution.kind,
            amount: d.resolution.amount,
            currency: d.resolution.currency,
            note: d.resolution.note,
            proposedBySide: d.resolution.proposedBySide,
            acceptedBySide: d.resolution.acceptedBySide,
            acceptedByName: d.resolution.acceptedByName,
            at: d.resolution.at,
          }
        : null,
      createdAt: d.createdAt.toISOString(),
      closedAt: d.closedAt?.toISOString() ?? null,
      messages: own.map((m) => ({
        id: m.id,
        side: m.side,
        author: m.authorName,
        body: m.body,
        files: m.fileIds.map((id) => filesById.get(id)).filter((f) => f !== undefined),
        proposal: m.proposal,
        proposalState: m.proposalState,
        createdAt: m.createdAt.toISOString(),
      })),
      may: {
        // Staff (no side) step in with messages; a side who may act writes too.
        post: open && (access.side === null || access.mayAct),
        answer: answer?.id ?? null,
        withdraw: open && side !== null && d.openedBySide === side,
      },
    };
  });
}

/** Disputes of every order in `state`, last active first, for staff (contract listOrderDisputes). */
export async function listDisputes(
  db: Db,
  query: { state: OrderDisputeState; page: number; perPage: number; lang: Lang },
): Promise<{ items: DisputeSummary[]; total: number }> {
  const where = eq(orderDisputes.state, query.state);
  const rows = await db
    .select({
      dispute: orderDisputes,
      buyerName: sql<Record<string, string>>`(select name from companies where id = ${orders.buyerCompanyId})`,
      buyerLang: sql<Lang>`(select source_lang from companies where id = ${orders.buyerCompanyId})`,
      supplierName: sql<Record<string, string>>`(select name from companies where id = ${orders.supplierCompanyId})`,
      supplierLang: sql<Lang>`(select source_lang from companies where id = ${orders.supplierCompanyId})`,
      messages: sql<number>`(select count(*)::int from order_dispute_messages m where m.dispute_id = ${orderDisputes.id})`,
    })
    .from(orderDisputes)
    .innerJoin(orders, eq(orders.id, orderDisputes.orderId))
    .where(where)
    .orderBy(desc(orderDisputes.updatedAt), desc(orderDisputes.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [counted] = await db.select({ n: count() }).from(orderDisputes).where(where);
  const name = (value: Record<string, string> | null, lang: Lang) => pickLocalized(value ?? {}, query.lang, lang)?.text ?? "";
  return {
    items: rows.map((r) => ({
      id: r.dispute.id,
      orderId: r.dispute.orderId,
      stage: r.dispute.stage as OrderStage,
      state: r.dispute.state,
      openedBySide: r.dispute.openedBySide,
      buyer: name(r.buyerName, r.buyerLang),
      supplier: name(r.supplierName, r.supplierLang),
      messages: Number(r.messages),
      createdAt: r.dispute.createdAt.toISOString(),
      updatedAt: r.dispute.updatedAt.toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}
