/**
 * Catalogue search (spec §7, the `/dev/*` calls — real endpoints despite the prefix; ADR 007): one
 * query across products, suppliers, services and stories; ranked product search with the product
 * filters; the supplier and service lists with their facets. Words may be Russian, English or
 * Chinese: translations are indexed, so «труба» finds a Chinese supplier's 钢管 product and the hit
 * says which translation matched. A search that finds nothing is run again with its spelling
 * corrected against the catalogue's vocabulary (`meta.correctedQuery`, else null).
 */
import { z } from "zod";
import { LangSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import { CountrySchema, ListMetaSchema, RegionCodeSchema, SearchMetaSchema, SearchWords } from "./common.ts";
import { CompanyListItemSchema, CompanyListQuery } from "./companies.ts";
import { ProductCardSchema, ProductListQuery } from "./products.ts";
import { CompanyServiceItemSchema, ServiceTypeKey, ServiceTypeSchema } from "./services.ts";
import { StoryCardSchema } from "./stories.ts";
import { HeadcountBandSchema, RevenueBandSchema } from "./registers.ts";
import { PageMetaSchema, PagingSchema, defineRoute } from "./route.ts";

export const ProductHitSchema = ProductCardSchema.extend({
  matched: LocalizedTextSchema.nullable().meta({
    description: "The name in the language whose text matched, when it is not the one shown",
  }),
}).meta({ id: "ProductHit" });
export type ProductHit = z.infer<typeof ProductHitSchema>;

const CountSchema = z.number().int().min(0);

/**
 * The most suppliers a facet is counted over when words or an OKVED, category or identifier filter
 * select them (ADR 062); the same 10,000 as the capped list totals (server/catalog/repository.ts TOTAL_CAP).
 */
export const SUPPLIER_FACET_CAP = 10_000;

export const SupplierFacetsSchema = z
  .object({
    total: CountSchema,
    regions: z.array(z.object({ value: z.string(), name: LocalizedTextSchema.nullable(), count: CountSchema })),
    kinds: z.object({ manufacturer: CountSchema, trader: CountSchema }),
    verified: CountSchema.meta({ description: "Verified suppliers" }),
    countries: z.array(z.object({ value: CountrySchema, name: LocalizedTextSchema.nullable(), count: CountSchema })),
    sme: z.object({ micro: CountSchema, small: CountSchema, medium: CountSchema }).meta({ description: "Per SME category" }),
    headcount: z.array(z.object({ value: HeadcountBandSchema, count: CountSchema })).meta({ description: "Per headcount band" }),
    revenue: z.array(z.object({ value: RevenueBandSchema, count: CountSchema })).meta({ description: "Per revenue band" }),
    origins: z
      .object({ platform: CountSchema, register: CountSchema })
      .meta({ description: "On the platform vs only from the FNS registers" }),
    capped: z.boolean().meta({
      description:
        "True when the words or a category, identifier or OKVED filter match more than 10,000 suppliers and the counts were sampled: each count is then of the first 10,000 found, not of all (`total` is at most 10,000). An OKVED code with only facet filters is counted exactly while its count groups are up to date",
    }),
  })
  .meta({ id: "SupplierFacets" });
export type SupplierFacets = z.infer<typeof SupplierFacetsSchema>;

/** A group of the cross search: its first hits and how many there are in all. */
function group<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: CountSchema });
}

export const CrossSearchSchema = z
  .object({
    products: group(ProductHitSchema).extend({ totalCapped: z.boolean() }),
    suppliers: group(CompanyListItemSchema),
    services: group(CompanyServiceItemSchema),
    stories: group(StoryCardSchema),
  })
  .meta({ id: "CrossSearch" });
export type CrossSearch = z.infer<typeof CrossSearchSchema>;

export const CrossSearchQuery = z.object({
  q: SearchWords,
  lang: LangSchema,
  perGroup: z.coerce.number().int().min(1).max(20).default(5).meta({ description: "Hits per group" }),
});
export const ProductSearchQuery = ProductListQuery.extend({ q: SearchWords });
export const SupplierFilterQuery = CompanyListQuery.extend({
  q: SearchWords.optional().meta({ description: "Words: ranked matches instead of the filtered list" }),
});
export const ServiceFilterQuery = PagingSchema.extend({
  lang: LangSchema,
  q: SearchWords.optional(),
  serviceType: ServiceTypeKey.optional(),
  region: RegionCodeSchema.optional(),
  country: CountrySchema.optional(),
});

export const crossSearch = defineRoute({
  method: "GET",
  path: "/dev/search",
  operationId: "crossSearch",
  tag: "Search",
  summary: "One query across products, suppliers, services and stories",
  description:
    "The first `perGroup` hits of each group with its total. Spelling is corrected only when none of the four finds anything (`meta.correctedQuery`).",
  auth: "public",
  scopes: ["catalog:read"],
  query: CrossSearchQuery,
  data: CrossSearchSchema,
  meta: z.object({ q: z.string(), correctedQuery: z.string().nullable() }),
});

export const searchProducts = defineRoute({
  method: "GET",
  path: "/dev/product/search",
  operationId: "searchProducts",
  tag: "Search",
  summary: "Ranked product search with the product filters",
  description:
    "Words in ru, en or zh; each hit says which translation matched (`matched`). Totals count at most 2,000 ranked matches (`meta.totalCapped`). Typos are corrected when nothing matches (`meta.correctedQuery`).",
  auth: "public",
  scopes: ["catalog:read"],
  query: ProductSearchQuery,
  data: z.array(ProductHitSchema),
  meta: SearchMetaSchema,
});

export const filterSuppliers = defineRoute({
  method: "GET",
  path: "/dev/suppliers/filter",
  operationId: "filterSuppliers",
  tag: "Search",
  summary: "Suppliers with filters and facets",
  description:
    "Without `q`, the supplier list with its filters; with `q`, ranked matches within the filters. The facets count the suppliers the words and filters select, each facet without its own filter (a chosen region still shows the other regions' counts); `total` applies every filter.",
  auth: "public",
  scopes: ["catalog:read"],
  query: SupplierFilterQuery,
  data: z.object({ items: z.array(CompanyListItemSchema), facets: SupplierFacetsSchema }),
  meta: ListMetaSchema,
});

export const filterServices = defineRoute({
  method: "GET",
  path: "/dev/services/filter",
  operationId: "filterServices",
  tag: "Search",
  summary: "Service offers with filters and the service types",
  auth: "public",
  scopes: ["catalog:read"],
  query: ServiceFilterQuery,
  data: z.object({ items: z.array(CompanyServiceItemSchema), serviceTypes: z.array(ServiceTypeSchema) }),
  meta: PageMetaSchema,
});
