/** Users in the admin area (contract/admin/users.ts): `/app/admin/users/{id}*`. */
import * as users from "#contract/admin/users.ts";
import { adminUserView, blockUser, changeRole, signOutEverywhere, unblockUser } from "#server/admin/users.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminUserResource = resource("/app/admin/users", [
  implement(users.getUser, async (c, { params }) => {
    await staffAccess(c, "read");
    return { data: await adminUserView(c.var.db, params.id) };
  }),
  implement(users.setRole, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageRoles");
    await changeRole(c.var.db, actor, params.id, body.role);
    return { data: await adminUserView(c.var.db, params.id) };
  }),
  implement(users.blockUser, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageUsers");
    await blockUser(c.var.db, actor, params.id, body.reason);
    return { data: await adminUserView(c.var.db, params.id) };
  }),
  implement(users.unblockUser, async (c, { params }) => {
    const actor = await staffAccess(c, "manageUsers");
    await unblockUser(c.var.db, actor, params.id);
    return { data: await adminUserView(c.var.db, params.id) };
  }),
  implement(users.signOutUser, async (c, { params }) => {
    const actor = await staffAccess(c, "manageUsers");
    const sessionsEnded = await signOutEverywhere(c.var.db, actor, params.id);
    return { data: { ...(await adminUserView(c.var.db, params.id)), sessionsEnded } };
  }),
]);
