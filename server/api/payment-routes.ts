/**
 * Payment routes over the API (contract/payment-routes.ts; issue 28 §3, ADR 049):
 * - `/api/payment-routes*` public: the platform's outcomes per bank and agent, a published
 *   supplier's active routes with their outcomes, and the register banks for the route form;
 * - `/api/profile/company/payment-routes*` the caller's company's routes: any employee reads, an
 *   owner or admin writes (`editCompany`, ADR 009); a blocked company changes nothing.
 * Rules live in server/payment-routes/*.
 */
import * as api from "#contract/payment-routes.ts";
import { assertCompanyNotBlocked } from "../profile/access.ts";
import { createRoute, deleteRoute, listBanks, listOwnRoutes, listPublicRoutes, updateRoute } from "../payment-routes/routes.ts";
import { platformStats } from "../payment-routes/stats.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";
import type { Context } from "hono";
import type { ApiEnv } from "./env.ts";

/** An owner's or admin's access to change the routes (not while the company is blocked). */
async function editor(c: Context<ApiEnv>) {
  const access = await callerAccess(c, "editCompany");
  assertCompanyNotBlocked(access);
  return access;
}

export const paymentRouteResource = resource("/api/payment-routes", [
  implement(api.getPlatformStats, async (c, { query }) => ({ data: await platformStats(c.var.db, query) })),
  implement(api.listBanks, async (c, { query }) => ({ data: await listBanks(c.var.db, { q: query.q, all: query.all === "true" }) })),
  implement(api.listCompanyPaymentRoutes, async (c, { params }) => ({ data: await listPublicRoutes(c.var.db, params.id) })),
]);

export const ownPaymentRouteResource = resource("/api/profile/company/payment-routes", [
  implement(api.listOwnPaymentRoutes, async (c) => ({ data: await listOwnRoutes(c.var.db, (await callerAccess(c, "read")).companyId) })),
  implement(api.createPaymentRoute, async (c, { body }) => ({ data: await createRoute(c.var.db, (await editor(c)).companyId, body) })),
  implement(api.updatePaymentRoute, async (c, { params, body }) => ({
    data: await updateRoute(c.var.db, (await editor(c)).companyId, params.id, body),
  })),
  implement(api.deletePaymentRoute, async (c, { params }) => {
    await deleteRoute(c.var.db, (await editor(c)).companyId, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
]);
