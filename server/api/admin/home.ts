/** The admin area's frame (contract/admin/home.ts): `/app/admin/me`, `/summary`, `/regions`. */
import * as home from "#contract/admin/home.ts";
import { permissionsOf } from "#server/audit/access.ts";
import { adminSummary, regionsForForms } from "#server/admin/summary.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminHomeResource = resource("/app/admin", [
  implement(home.getMe, async (c) => {
    const actor = await staffAccess(c, "read");
    // Only a signed-in staff member gets here (never the command line's actor).
    const role = actor.role === "CLI" ? "ADMIN" : actor.role;
    return { data: { userId: actor.userId!, label: actor.label, role, permissions: permissionsOf(role) } };
  }),
  implement(home.getSummary, async (c) => {
    await staffAccess(c, "read");
    return { data: await adminSummary(c.var.db) };
  }),
  implement(home.listRegions, async (c) => {
    await staffAccess(c, "read");
    return { data: await regionsForForms(c.var.db) };
  }),
]);
