/**
 * Orders over the API (contract/orders.ts; ADR 048): `/api/profile/orders*` — the company's orders,
 * what a new one starts from, proposing, countering, accepting, cancelling, and the stages. Rules
 * live in server/orders/*; who may see or act is server/orders/access.ts. Proposals (new orders
 * and counters) are limited per person (LIMITS.orderProposal), stage actions too
 * (LIMITS.orderAction), both in server/api/rate-limits.ts.
 */
import * as api from "#contract/orders.ts";
import { acceptOrder, cancelOrder, counterOrder, createOrder, orderDraft, stageAction } from "../orders/service.ts";
import { listOrders, orderView } from "../orders/views.ts";
import { orderAccess } from "../orders/access.ts";
import { orderContractPdf } from "../orders/contract.ts";
import { recordOrderPayment } from "../orders/payments.ts";
import { requireCaller } from "./caller.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";
import { pageMeta } from "./admin/paging.ts";
import { LIMITS, limiterFor } from "./rate-limits.ts";

const proposalLimit = limiterFor(LIMITS.orderProposal, "Too many order proposals: wait a little");
const actionLimit = limiterFor(LIMITS.orderAction, "Too many order changes: wait a little");

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
]);
