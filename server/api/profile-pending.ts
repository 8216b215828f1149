/**
 * A supplier's own pending changes (contract/profile-pending.ts): the moderator's diff of
 * server/admin/queue.ts `queueItem` (reused, ADR 014), without the moderator-only parts.
 */
import * as pending from "#contract/profile-pending.ts";
import { queueItem } from "../admin/queue.ts";
import { notFound } from "../errors.ts";
import { loadProduct } from "../profile/products.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";

export const pendingResource = resource("/api/profile/pending", [
  implement(pending.getProductPendingDiff, async (c, { params, query }) => {
    const access = await callerAccess(c, "read");
    await loadProduct(c.var.db, access.companyId, params.id);
    const item = await queueItem(c.var.db, "product", params.id, query.lang);
    if (!item) throw notFound("Product");
    return { data: { awaiting: item.awaiting, firstSubmission: item.before === null, diff: item.diff } };
  }),
  implement(pending.getCompanyPendingDiff, async (c, { query }) => {
    const access = await callerAccess(c, "read");
    const item = await queueItem(c.var.db, "company", access.companyId, query.lang);
    if (!item) throw notFound("Company");
    return { data: { awaiting: item.awaiting, firstSubmission: item.before === null, diff: item.diff } };
  }),
]);
