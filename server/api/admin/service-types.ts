/** Service types in the admin area (contract/admin/service-types.ts): `/app/admin/service-types*`. */
import * as serviceTypes from "../../../contract/admin/service-types.ts";
import { createServiceType, deleteServiceType, getServiceType, listServiceTypes, updateServiceType } from "../../admin/catalogue.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminServiceTypeResource = resource("/app/admin/service-types", [
  implement(serviceTypes.listServiceTypes, async (c) => {
    await staffAccess(c, "read");
    return { data: await listServiceTypes(c.var.db) };
  }),
  implement(serviceTypes.createServiceType, async (c, { body }) => {
    const actor = await staffAccess(c, "manageContent");
    return { data: await getServiceType(c.var.db, await createServiceType(c.var.db, actor, body)) };
  }),
  implement(serviceTypes.getServiceType, async (c, { params }) => {
    await staffAccess(c, "read");
    return { data: await getServiceType(c.var.db, params.id) };
  }),
  implement(serviceTypes.updateServiceType, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageContent");
    await updateServiceType(c.var.db, actor, params.id, body);
    return { data: await getServiceType(c.var.db, params.id) };
  }),
  implement(serviceTypes.deleteServiceType, async (c, { params }) => {
    const actor = await staffAccess(c, "manageContent");
    await deleteServiceType(c.var.db, actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
]);
