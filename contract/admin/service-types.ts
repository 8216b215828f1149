/**
 * The service types suppliers offer (issue 7): localized names and descriptions, icon and order.
 * Slugs are unique (409 `slug_taken`); a type with offers is not deleted (409 `in_use`).
 */
import { z } from "zod";
import { LocalizedSchema } from "../lang.ts";
import { IdParams, defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { Icon, nameRu } from "./categories.ts";
import { DeletedSchema, Slug, form, integer, localized } from "./fields.ts";

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

const TAG = "Admin: service types";

export const listServiceTypes = defineRoute({
  method: "GET",
  path: "/app/admin/service-types",
  operationId: "adminListServiceTypes",
  tag: TAG,
  summary: "Every service type with its number of offers",
  auth: "staff",
  data: z.array(AdminServiceTypeSchema),
  errors: STAFF_ERRORS,
});

export const createServiceType = defineRoute({
  method: "POST",
  path: "/app/admin/service-types",
  operationId: "adminCreateServiceType",
  tag: TAG,
  summary: "Create a service type",
  auth: "staff",
  body: ServiceTypeSchema,
  data: AdminServiceTypeSchema,
  status: 201,
  errors: [...MANAGE_ERRORS, "slug_taken"],
});

export const getServiceType = defineRoute({
  method: "GET",
  path: "/app/admin/service-types/{id}",
  operationId: "adminGetServiceType",
  tag: TAG,
  summary: "One service type",
  auth: "staff",
  params: IdParams,
  data: AdminServiceTypeSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});

export const updateServiceType = defineRoute({
  method: "PUT",
  path: "/app/admin/service-types/{id}",
  operationId: "adminUpdateServiceType",
  tag: TAG,
  summary: "Change a service type",
  auth: "staff",
  params: IdParams,
  body: ServiceTypeSchema,
  data: AdminServiceTypeSchema,
  errors: [...MANAGE_ERRORS, "not_found", "slug_taken"],
});

export const deleteServiceType = defineRoute({
  method: "DELETE",
  path: "/app/admin/service-types/{id}",
  operationId: "adminDeleteServiceType",
  tag: TAG,
  summary: "Delete a service type no supplier offers",
  auth: "staff",
  params: IdParams,
  data: DeletedSchema,
  errors: [...MANAGE_ERRORS, "not_found", "in_use"],
});
