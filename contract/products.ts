/**
 * Products of the public catalogue (spec §7 `/api/products*`): published products of published
 * suppliers only, every text localized for `lang` with the language it is actually in.
 *
 * Prices: a product's price tiers (quantity breaks) are exact decimals per currency and unit; the
 * card's `priceFrom` is its lowest tier price and `moq`/`moqUnit` its minimum order quantity (MOQ).
 * With `currency` the price filters and sorts apply within that currency; without it prices in
 * every currency compare through the latest Bank of Russia rates (`priceIn` names the currency of
 * `priceMin`/`priceMax`; contract/money.ts, ADR 026).
 */
import { z } from "zod";
import { LANGS, LangSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import {
  CountrySchema,
  CurrencySchema,
  DecimalSchema,
  DocumentRefSchema,
  FactSchema,
  FlagQuery,
  LangQuery,
  ListMetaSchema,
  MediaRefSchema,
  RandomQuery,
  RegionCodeSchema,
  SearchWords,
} from "./common.ts";
import { CompanyCardSchema, ProductCardSchema } from "./product-card.ts";
import { ContentTranslationsSchema } from "./translation.ts";
import { OKVED_CODE } from "./classifier-codes.ts";
import { IdParams, IdSchema, PagingSchema, defineRoute } from "./route.ts";

export { CompanyCardSchema, ProductCardSchema, type CompanyCard, type ProductCard } from "./product-card.ts";

/** A TN VED EAEU code or code prefix (2 to 10 digits). */
export const TnvedPrefixSchema = z.string().regex(/^\d{2,10}$/);

/** One price tier: from `minQuantity` units on, `price` per `unit`. */
export const PriceTierSchema = z
  .object({ minQuantity: DecimalSchema, price: DecimalSchema, currency: CurrencySchema, unit: z.string() })
  .meta({ id: "PriceTier" });
export type PriceTier = z.infer<typeof PriceTierSchema>;

/** A variant (size, grade, colour) with its own attributes and, when it differs, its own price. */
export const ProductVariantSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    attributes: z.record(z.string(), z.string()),
    price: DecimalSchema.nullable(),
    currency: CurrencySchema.nullable(),
  })
  .meta({ id: "ProductVariant" });

const NamedRefSchema = z.object({ id: z.number().int(), name: LocalizedTextSchema });

export const ProductDetailSchema = ProductCardSchema.extend({
  description: LocalizedTextSchema.nullable(),
  sourceLang: z.enum(LANGS).meta({ description: "The language the supplier wrote in" }),
  originCountry: z.string().nullable().meta({ description: "Country of origin (ISO 3166-1 alpha-2)" }),
  facts: z.array(FactSchema).meta({ description: "Specifications" }),
  prices: z.array(PriceTierSchema).meta({ description: "Price tiers by currency, then quantity" }),
  variants: z.array(ProductVariantSchema),
  images: z.array(MediaRefSchema.extend({ title: LocalizedTextSchema.nullable() })),
  documents: z.array(DocumentRefSchema),
  category: NamedRefSchema.extend({
    path: z.array(NamedRefSchema).meta({ description: "From the top category down to this one" }),
  }).nullable(),
  tnved: z.object({ code: z.string(), name: LocalizedTextSchema }).nullable(),
  alsoSuppliedBy: z
    .array(CompanyCardSchema.extend({ relation: z.enum(["dealer", "distributor"]) }))
    .meta({ description: "Other suppliers that declare they also supply this product" }),
  translations: ContentTranslationsSchema,
}).meta({ id: "ProductDetail" });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** One value of a facet with its count; `name` localized where the value has one. */
function facetValue<V extends z.ZodType>(value: V) {
  return z.object({ value, name: LocalizedTextSchema.nullable(), count: z.number().int().min(0) });
}
export const FacetValueSchema = facetValue(z.string()).meta({ id: "FacetCount" });
export type FacetValue = z.infer<typeof FacetValueSchema>;

const RangeSchema = z.object({ count: z.number().int().min(0), min: DecimalSchema, max: DecimalSchema });

/**
 * The most products a facet of words or of a filter the cached counts do not hold is counted over
 * (ADR 067): past it the counts are those of the first PRODUCT_FACET_CAP products found, and
 * `capped` says so.
 */
export const PRODUCT_FACET_CAP = 10_000;

export const ProductFacetsSchema = z
  .object({
    total: z.number().int().min(0),
    capped: z.boolean().meta({
      description: `More than ${PRODUCT_FACET_CAP} products match: every count (and range) is of the first ${PRODUCT_FACET_CAP} found, and \`total\` is ${PRODUCT_FACET_CAP}`,
    }),
    categories: z.array(facetValue(z.number().int())),
    regions: z.array(FacetValueSchema),
    chapters: z.array(FacetValueSchema).meta({ description: "TN VED chapters (first two digits)" }),
    verified: z.number().int().min(0).meta({ description: "Products of verified suppliers" }),
    prices: z.array(RangeSchema.extend({ currency: CurrencySchema })).meta({ description: "Lowest-tier price range per currency" }),
    moq: z.array(RangeSchema.extend({ unit: z.string() })).meta({ description: "MOQ range per unit" }),
  })
  .meta({ id: "ProductFacets" });
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

/** The product list's filters and sort (also taken by a supplier's product list and the facets). */
export const ProductListQuery = PagingSchema.extend({
  lang: LangSchema,
  category: IdSchema.optional().meta({ description: "Category id (a top category includes its subcategories)" }),
  company: IdSchema.optional().meta({ description: "Supplier id" }),
  tnved: TnvedPrefixSchema.optional().meta({ description: "TN VED code or prefix" }),
  region: RegionCodeSchema.optional(),
  country: CountrySchema.optional(),
  verified: FlagQuery.optional().meta({ description: "Only verified suppliers" }),
  currency: CurrencySchema.optional().meta({
    description: "Only prices in this currency; without it, prices in all currencies compare through the exchange rates",
  }),
  priceMin: z.coerce.number().min(0).optional(),
  priceMax: z.coerce.number().min(0).optional(),
  priceIn: CurrencySchema.optional().meta({ description: "Without `currency`: the currency of priceMin/priceMax (default RUB)" }),
  moqMax: z.coerce
    .number()
    .min(0)
    .optional()
    .meta({ description: "MOQ at most this quantity (products without an MOQ included); within `moqUnit` when given" }),
  moqUnit: z.string().trim().min(1).max(20).optional().meta({ description: "The unit `moqMax` counts in (e.g. `pcs`, `kg`)" }),
  okved: z
    .string()
    .regex(OKVED_CODE)
    .optional()
    .meta({ description: "The supplier's main or extra OKVED2 activity is this code or under it" }),
  sort: z.enum(["newest", "price_asc", "price_desc"]).optional(),
});
export type ProductListInput = z.input<typeof ProductListQuery>;

export const ProductFacetQuery = ProductListQuery.extend({
  q: SearchWords.optional().meta({ description: "Words: facets of the matching products only" }),
});

/**
 * `GET /api/products`'s query: the list's filters and sort, plus the random mode (spec §7 "/api/products
 * (list, random)"): `sort=random` draws the page at random among the filtered products, reproducibly
 * with `seed` (server/catalog/random.ts).
 */
export const ProductListOrRandomQuery = ProductListQuery.extend({
  sort: z.enum(["newest", "price_asc", "price_desc", "random"]).optional(),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional()
    .meta({
      description:
        "With `sort=random`: the same seed, filters and page give the same products while the catalogue is unchanged; without it every call draws anew. Ignored by the other orders",
    }),
});

export const listProducts = defineRoute({
  method: "GET",
  path: "/api/products",
  operationId: "listProducts",
  tag: "Products",
  summary: "Published products",
  description:
    "Newest first, or by lowest tier price (within one `currency`, or across currencies in roubles at the latest Bank of Russia rates), or `random`: a page drawn at random among the filtered products (all of them, shuffled, when there are at most 200; `seed` makes the draw reproducible). Totals stop counting at 10,000 (`meta.totalCapped`).",
  auth: "public",
  scopes: ["catalog:read"],
  query: ProductListOrRandomQuery,
  data: z.array(ProductCardSchema),
  meta: ListMetaSchema,
});

export const randomProducts = defineRoute({
  method: "GET",
  path: "/api/products/random",
  operationId: "randomProducts",
  tag: "Products",
  summary: "Random published products",
  auth: "public",
  scopes: ["catalog:read"],
  query: RandomQuery,
  data: z.array(ProductCardSchema),
});

export const productFacets = defineRoute({
  method: "GET",
  path: "/api/products/filter",
  operationId: "productFacets",
  tag: "Products",
  summary: "Product facets",
  description:
    "Counts by category, region, TN VED chapter and verification; price ranges per currency and MOQ ranges per unit, over the products the filters (and `q`) select. Paging parameters are accepted and ignored.",
  auth: "public",
  scopes: ["catalog:read"],
  query: ProductFacetQuery,
  data: ProductFacetsSchema,
});

export const getProduct = defineRoute({
  method: "GET",
  path: "/api/products/{id}",
  operationId: "getProduct",
  tag: "Products",
  summary: "One product",
  description: "With its price tiers, MOQ, variants, specifications, pictures, documents, category path, TN VED code and supplier.",
  auth: "public",
  scopes: ["catalog:read"],
  params: IdParams,
  query: LangQuery,
  data: ProductDetailSchema,
  errors: ["not_found"],
});

export const relatedProducts = defineRoute({
  method: "GET",
  path: "/api/products/{id}/products",
  operationId: "relatedProducts",
  tag: "Products",
  summary: "Related products",
  description: "Published products of the same category or TN VED code, other suppliers' first. Empty for an unknown product.",
  auth: "public",
  scopes: ["catalog:read"],
  params: IdParams,
  query: RandomQuery,
  data: z.array(ProductCardSchema),
});
