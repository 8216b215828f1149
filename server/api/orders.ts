/**
 * Orders over the API (contract/orders.ts; ADR 048): `/api/profile/orders*` — the company's orders,
 * what a new one starts from, proposing, countering, accepting, cancelling, and the stages. Rules
 * live in server/orders/*; who may see or act is server/orders/access.ts. Proposals (new orders
 * and counters) are limited per person (LIMITS.orderProposal), stage actions and documents too
 * (LIMITS.orderAction), disputes and their messages (LIMITS.orderDispute, orderDisputeMessage), all
 * in server/api/rate-limits.ts. Staff list disputes at `/app/admin/order-disputes` (ADR 056).
 */
import * as api from "#contract/orders.ts";
import { acceptOrder, cancelOrder, counterOrder, createOrder, orderDraft, stageAction } from "../orders/service.ts";
import { listOrders, orderView } from "../orders/views.ts";
import { orderAccess } from "../orders/access.ts";
import { orderContractPdf } from "../orders/contract.ts";
import { recordOrderPayment } from "../orders/payments.ts";
import { addDocuments } from "../orders/documents.ts";
import { answerDispute, disputeViews, listDisputes, openDispute, postDisputeMessage } from "../orders/disputes.ts";
import { staffAccess } from "./admin/staff.ts";
import { requireCaller } from "./caller.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";
import { pageMeta } from "./admin/paging.ts";
import { LIMITS, limiterFor } from "./rate-limits.ts";

const proposalLimit = limiterFor(LIMITS.orderProposal, "Too many order proposals: wait a little");
const actionLimit = limiterFor(LIMITS.orderAction, "Too many order changes: wait a little");
const disputeLimit = limiterFor(LIMITS.orderDispute, "Too many problems reported: wait a little");
const disputeMessageLimit = limiterFor(LIMITS.orderDisputeMessage, "Too many dispute messages: wait a little");

export const orderResource = resource("/api/profile/orders", [
  implement(api.listOrders, async (c, { query }) => {
    const access = await callerAccess(c, "read");
    const { items, total } = await listOrders(c.var.db, access.companyId, query);
    return { data: items, meta: pageMeta(query.page, query.perPage, total) };
  }),
  implement(api.getOrderDraft, async (c, { query }) => {
    const caller = requireCaller(c);
    return { data: await orderDraft(c.var.db, caller.userId, query, caller.role) };
  }),
  implement(api.createOrder, async (c, { query, body }) => {
    const caller = requireCaller(c);
    await proposalLimit(c.var.db).consume(String(caller.userId));
    const id = await createOrder(c.var.db, c.var.jobs, caller.userId, body, query.lang);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, id), query.lang) };
  }),
  implement(api.getOrder, async (c, { params, query }) => ({
    data: await orderView(c.var.db, await orderAccess(c.var.db, requireCaller(c), params.id), query.lang),
  })),
  implement(api.getOrderContract, async (c, { params }) => {
    const { bytes, fileName } = await orderContractPdf(c.var.db, await orderAccess(c.var.db, requireCaller(c), params.id));
    return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  }),
  implement(api.recordOrderPayment, async (c, { params, query, body }) => {
    const caller = requireCaller(c);
    await actionLimit(c.var.db).consume(String(caller.userId));
    await recordOrderPayment(c.var.db, caller, params.id, body);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, params.id), query.lang) };
  }),
  implement(api.counterOrder, async (c, { params, query, body }) => {
    const caller = requireCaller(c);
    await orderAccess(c.var.db, caller, params.id);
    await proposalLimit(c.var.db).consume(String(caller.userId));
    await counterOrder(c.var.db, c.var.jobs, caller, params.id, body);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, params.id), query.lang) };
  }),
  implement(api.acceptOrder, async (c, { params, query, body }) => {
    const caller = requireCaller(c);
    await acceptOrder(c.var.db, c.var.jobs, caller, params.id, body.version);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, params.id), query.lang) };
  }),
  implement(api.cancelOrder, async (c, { params, query, body }) => {
    const caller = requireCaller(c);
    await cancelOrder(c.var.db, c.var.jobs, caller, params.id, body);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, params.id), query.lang) };
  }),
  implement(api.stageAction, async (c, { params, query, body }) => {
    const caller = requireCaller(c);
    await orderAccess(c.var.db, caller, params.id);
    await actionLimit(c.var.db).consume(String(caller.userId));
    await stageAction(c.var.db, c.var.jobs, caller, params.id, body);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, params.id), query.lang) };
  }),
  implement(api.addOrderDocuments, async (c, { params, query, body }) => {
    const caller = requireCaller(c);
    await orderAccess(c.var.db, caller, params.id);
    await actionLimit(c.var.db).consume(String(caller.userId));
    await addDocuments(c.var.db, caller, params.id, body);
    return { data: await orderView(c.var.db, await orderAccess(c.var.db, caller, params.id), query.lang) };
  }),
  implement(api.openOrderDispute, async (c, { params, body }) => {
    const caller = requireCaller(c);
    await orderAccess(c.var.db, caller, params.id);
    await disputeLimit(c.var.db).consume(String(caller.userId));
    const id = await openDispute(c.var.db, c.var.jobs, caller, params.id, body);
    return { data: (await disputeViews(c.var.db, await orderAccess(c.var.db, caller, params.id), id))[0]! };
  }),
  implement(api.postDisputeMessage, async (c, { params, body }) => {
    const caller = requireCaller(c);
    await orderAccess(c.var.db, caller, params.id);
    await disputeMessageLimit(c.var.db).consume(String(caller.userId));
    await postDisputeMessage(c.var.db, c.var.jobs, caller, params.id, params.disputeId, body);
    return { data: (await disputeViews(c.var.db, await orderAccess(c.var.db, caller, params.id), params.disputeId))[0]! };
  }),
  implement(api.answerOrderDispute, async (c, { params, body }) => {
    const caller = requireCaller(c);
    await orderAccess(c.var.db, caller, params.id);
    await disputeMessageLimit(c.var.db).consume(String(caller.userId));
    await answerDispute(c.var.db, c.var.jobs, caller, params.id, params.disputeId, body);
    return { data: (await disputeViews(c.var.db, await orderAccess(c.var.db, caller, params.id), params.disputeId))[0]! };
  }),
]);

/** Staff's list of disputes (`/app/admin/order-disputes`); the thread itself is the order's (GET /api/profile/orders/{id}). */
export const adminOrderDisputeResource = resource("/app/admin/order-disputes", [
  implement(api.listOrderDisputes, async (c, { query }) => {
    await staffAccess(c, "read");
    const { items, total } = await listDisputes(c.var.db, query);
    return { data: items, meta: pageMeta(query.page, query.perPage, total) };
  }),
]);
