/** Service types in the admin area (contract/admin/service-types.ts): `/app/admin/service-types*`. */
import * as serviceTypes from "#contract/admin/service-types.ts";
import { createServiceType, deleteServiceType, getServiceType, listServiceTypes, updateServiceType } from "#server/admin/catalogue.ts";
import { resource } from "../resource.ts";
import { adminRecordOperations } from "./records.ts";

export const adminServiceTypeResource = resource(
  "/app/admin/service-types",
  adminRecordOperations(serviceTypes.serviceTypeRoutes, {
    list: listServiceTypes,
    get: getServiceType,
    create: createServiceType,
    update: updateServiceType,
    remove: deleteServiceType,
  }),
);
