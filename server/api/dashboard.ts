/**
 * The company dashboard over the API (contract/dashboard.ts; ADR 051): `/api/profile/dashboard`,
 * the caller's own company only (any active employee, `read`), so no other company's numbers can
 * be named, let alone read.
 */
import * as dashboard from "#contract/dashboard.ts";
import { companyDashboard } from "../dashboard/metrics.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";

export const dashboardResource = resource("/api/profile/dashboard", [
  implement(dashboard.getDashboard, async (c, { query }) => {
    const access = await callerAccess(c, "read");
    return { data: await companyDashboard(c.var.db, access.companyId, query.period, new Date(), query.lang) };
  }),
]);
