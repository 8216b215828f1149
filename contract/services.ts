/**
 * Services (spec §7 `/api/services`, `/api/company-services*`): the service types (customs
 * clearance, logistics, certification…) with how many published suppliers offer each, and the
 * suppliers' offers themselves.
 */
import { z } from "zod";
import { LangSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import { CountrySchema, CurrencySchema, DecimalSchema, LangQuery, ListMetaSchema, RegionCodeSchema, SlugSchema } from "./common.ts";
import { CompanyCardSchema } from "./product-card.ts";
import { IdParams, IdSchema, PagingSchema, defineRoute } from "./route.ts";

export const ServiceTypeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    icon: z.string().nullable().meta({ description: "Name of an icon of the site's sprite" }),
    name: LocalizedTextSchema,
    description: LocalizedTextSchema.nullable(),
    companyCount: z.number().int().min(0).meta({ description: "Published suppliers offering it" }),
  })
  .meta({ id: "ServiceType" });
export type ServiceType = z.infer<typeof ServiceTypeSchema>;

export const ServiceTypeRefSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: LocalizedTextSchema })
  .meta({ id: "ServiceTypeRef" });

/** A supplier's offer of a service, without the supplier (as the supplier's own page lists them). */
export const ServiceOfferSchema = z
  .object({
    id: z.number().int(),
    serviceType: ServiceTypeRefSchema,
    description: LocalizedTextSchema.nullable(),
    priceFrom: DecimalSchema.nullable(),
    currency: CurrencySchema.nullable(),
    priceUnit: LocalizedTextSchema.nullable().meta({ description: "What the price is per (a declaration, a container…)" }),
  })
  .meta({ id: "ServiceOffer" });
export type ServiceOffer = z.infer<typeof ServiceOfferSchema>;

export const CompanyServiceItemSchema = ServiceOfferSchema.extend({ company: CompanyCardSchema }).meta({ id: "CompanyServiceItem" });
export type CompanyServiceItem = z.infer<typeof CompanyServiceItemSchema>;

/** A service type by id or slug. */
export const ServiceTypeKey = SlugSchema.meta({ description: "Service type id or slug" });

export const CompanyServiceListQuery = PagingSchema.extend({
  lang: LangSchema,
  serviceType: ServiceTypeKey.optional(),
  region: RegionCodeSchema.optional(),
  country: CountrySchema.optional(),
  company: IdSchema.optional().meta({ description: "Supplier id" }),
});

export const listServiceTypes = defineRoute({
  method: "GET",
  path: "/api/services",
  operationId: "listServiceTypes",
  tag: "Services",
  summary: "Service types with supplier counts",
  auth: "public",
  scopes: ["catalog:read"],
  query: LangQuery,
  data: z.array(ServiceTypeSchema),
});

export const listCompanyServices = defineRoute({
  method: "GET",
  path: "/api/company-services",
  operationId: "listCompanyServices",
  tag: "Services",
  summary: "Suppliers' service offers",
  description: "Offers of verified suppliers first. Totals stop counting at 10,000 (`meta.totalCapped`).",
  auth: "public",
  scopes: ["catalog:read"],
  query: CompanyServiceListQuery,
  data: z.array(CompanyServiceItemSchema),
  meta: ListMetaSchema,
});

export const getCompanyService = defineRoute({
  method: "GET",
  path: "/api/company-services/{id}",
  operationId: "getCompanyService",
  tag: "Services",
  summary: "One service offer",
  auth: "public",
  scopes: ["catalog:read"],
  params: IdParams,
  query: LangQuery,
  data: CompanyServiceItemSchema,
  errors: ["not_found"],
});
