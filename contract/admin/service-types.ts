/**
 * The service types suppliers offer (issue 7): localized names and descriptions, icon and order.
 * Slugs are unique (409 `slug_taken`); a type with offers is not deleted (409 `in_use`).
 */
import { z } from "zod";
import { LocalizedSchema } from "../lang-schemas.ts";
import { adminRecordRoutes } from "./crud.ts";
import { Icon, nameRu } from "./categories.ts";
import { Slug, form, integer, localized } from "./fields.ts";

export const AdminServiceTypeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    icon: z.string().nullable(),
    name: LocalizedSchema,
    description: LocalizedSchema,
    position: z.number().int(),
    offerCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminServiceType" });
export type AdminServiceType = z.infer<typeof AdminServiceTypeSchema>;

export const ServiceTypeSchema = form({
  slug: Slug,
  name: nameRu(200),
  description: localized(2000).optional(),
  icon: Icon,
  position: integer(0, 100_000).default(0),
});
export type ServiceTypeInput = z.output<typeof ServiceTypeSchema>;

/** The service types operations (contract/admin/crud.ts), also exported one by one below. */
export const serviceTypeRoutes = adminRecordRoutes({
  path: "/app/admin/service-types",
  names: { one: "ServiceType", many: "ServiceTypes", tag: "Admin: service types" },
  record: AdminServiceTypeSchema,
  body: ServiceTypeSchema,
  list: { summary: "Every service type with its number of offers" },
  summaries: {
    create: "Create a service type",
    get: "One service type",
    update: "Change a service type",
    delete: "Delete a service type no supplier offers",
  },
  deleteErrors: ["in_use"],
});
export const {
  list: listServiceTypes,
  create: createServiceType,
  get: getServiceType,
  update: updateServiceType,
  remove: deleteServiceType,
} = serviceTypeRoutes;
