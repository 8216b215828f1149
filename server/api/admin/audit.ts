/** The audit log (contract/admin/audit.ts): `/app/admin/audit`. */
import * as audit from "#contract/admin/audit.ts";
import { auditActors, listAudit } from "#server/audit/log.ts";
import { implement, resource } from "../resource.ts";
import { pageMeta } from "./paging.ts";
import { staffAccess } from "./staff.ts";

const DAY_MS = 86_400_000;

export const adminAuditResource = resource("/app/admin/audit", [
  implement(audit.listAudit, async (c, { query }) => {
    await staffAccess(c, "read");
    // Days are UTC and inclusive: `to` ends at the next midnight.
    const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
    const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined;
    const { items, total } = await listAudit(c.var.db, { ...query, from, to });
    return { data: items, meta: { ...pageMeta(query.page, query.limit, total), actors: await auditActors(c.var.db) } };
  }),
]);
