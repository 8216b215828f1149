/**
 * Suppliers for visitors (spec §7 `/api/companies*`): published companies only, localized, with
 * their legal entities' public identifiers (INN, KPP, OGRN), OKVED2 activities, facts, files and
 * service offers.
 */
import { z } from "zod";
import { LANGS, LangSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import {
  CountrySchema,
  DocumentRefSchema,
  FactSchema,
  FlagQuery,
  LangQuery,
  ListMetaSchema,
  RegionCodeSchema,
  SupplierKindSchema,
} from "./common.ts";
import { CompanyCardSchema, ProductCardSchema, ProductListQuery } from "./products.ts";
import { ServiceOfferSchema } from "./services.ts";
import { IdParams, IdSchema, PagingSchema, defineRoute } from "./route.ts";
import { ContentTranslationsSchema } from "./translation.ts";
import { OKVED_CODE } from "./classifier-codes.ts";
import { CompanyOriginSchema, HeadcountBandSchema, RegisterFactsSchema, RevenueBandSchema, SmeCategorySchema } from "./registers.ts";

/** An OKVED2 code or a code above it (`24`, `24.2`, `24.20`, `24.20.1`). */
export const OkvedPrefixSchema = z.string().regex(OKVED_CODE);

export const CompanyListItemSchema = CompanyCardSchema.extend({
  productCount: z.number().int().min(0).meta({ description: "Published products" }),
  origin: CompanyOriginSchema.optional().meta({
    description:
      "`platform`: run by its people here; `register`: from the FNS registers, nobody runs it here yet (the supplier lists fill it)",
  }),
  response: z
    .object({
      rate: z.number().min(0).max(1).meta({ description: "Share of inquiries answered within 48 h over the last 90 days" }),
      medianS: z.number().int().nullable().meta({ description: "Median first-reply time in seconds" }),
    })
    .nullable()
    .optional()
    .meta({ description: "Response metrics; null when the supplier had too few inquiries to say (list endpoints fill it)" }),
}).meta({ id: "CompanyListItem" });
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;

/**
 * A legal entity's public identifiers: INN (10 digits for an organisation, 12 for a sole proprietor),
 * KPP (organisations only; 9 characters, the 5th and 6th may be letters), OGRN (13 digits) or OGRNIP
 * (15 digits). Checked when written (check digits per the FNS rules, server/catalog/identifiers.ts).
 */
export const LegalEntityPublicSchema = z
  .object({
    kind: z.enum(["legal", "individual"]).meta({ description: "`legal`: an organisation; `individual`: a sole proprietor" }),
    inn: z
      .string()
      .regex(/^(\d{10}|\d{12})$/)
      .meta({ description: "INN" }),
    kpp: z
      .string()
      .regex(/^\d{4}[\dA-Z]{2}\d{3}$/)
      .nullable()
      .meta({ description: "KPP (organisations)" }),
    ogrn: z
      .string()
      .regex(/^(\d{13}|\d{15})$/)
      .nullable()
      .meta({ description: "OGRN, or OGRNIP of a sole proprietor" }),
    nameFull: z.string(),
    nameShort: z.string().nullable(),
    address: z.string().nullable().meta({ description: "Registered address, as in the state register" }),
  })
  .meta({ id: "LegalEntityPublic" });
export type LegalEntityPublic = z.infer<typeof LegalEntityPublicSchema>;

export const CompanyDetailSchema = CompanyListItemSchema.extend({
  description: LocalizedTextSchema.nullable(),
  sourceLang: z.enum(LANGS).meta({ description: "The language the supplier wrote in" }),
  address: LocalizedTextSchema.nullable(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable().meta({ description: "WGS 84 decimal degrees" }),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  yearFounded: z.number().int().nullable(),
  headcountRange: z.string().nullable().meta({ description: "e.g. `11-50`" }),
  facts: z.array(FactSchema),
  verification: z.object({
    level: z.number().int().min(0),
    evidence: LocalizedTextSchema.nullable().meta({ description: "What the moderator checked" }),
    verifiedAt: z.string().nullable(),
  }),
  okved: z
    .array(z.object({ code: z.string(), isMain: z.boolean(), name: LocalizedTextSchema }))
    .meta({ description: "OKVED2 activities, the main one first" }),
  legalEntities: z.array(LegalEntityPublicSchema),
  files: z.array(DocumentRefSchema),
  services: z.array(ServiceOfferSchema).meta({ description: "Published service offers" }),
  translations: ContentTranslationsSchema,
  register: RegisterFactsSchema.nullable().meta({
    description: "What the FNS registers say about the company (ADR 057); null when no register lists it",
  }),
}).meta({ id: "CompanyDetail" });
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export const CompanyListQuery = PagingSchema.extend({
  lang: LangSchema,
  region: RegionCodeSchema.optional(),
  country: CountrySchema.optional(),
  okved: OkvedPrefixSchema.optional().meta({ description: "Main or extra activity is this OKVED2 code or under it" }),
  category: IdSchema.optional().meta({ description: "Has published products in this category" }),
  verified: FlagQuery.optional().meta({ description: "Only verified suppliers" }),
  kind: SupplierKindSchema.optional(),
  sme: SmeCategorySchema.optional().meta({ description: "SME category in the FNS register" }),
  headcount: HeadcountBandSchema.optional().meta({ description: "Headcount band" }),
  revenue: RevenueBandSchema.optional().meta({ description: "Yearly revenue band (FNS revenue data set), in roubles" }),
  origin: CompanyOriginSchema.optional().meta({
    description: "`platform`: only companies on the platform; `register`: only companies from the FNS registers nobody runs here yet",
  }),
});

export const listCompanies = defineRoute({
  method: "GET",
  path: "/api/companies",
  operationId: "listCompanies",
  tag: "Suppliers",
  summary: "Published suppliers",
  description: "Verified first, then the most recently published. Totals stop counting at 10,000 (`meta.totalCapped`).",
  auth: "public",
  scopes: ["catalog:read"],
  query: CompanyListQuery,
  data: z.array(CompanyListItemSchema),
  meta: ListMetaSchema,
});

export const getCompany = defineRoute({
  method: "GET",
  path: "/api/companies/{id}",
  operationId: "getCompany",
  tag: "Suppliers",
  summary: "One supplier",
  description: "With its legal entities (INN, KPP, OGRN), OKVED2 activities, facts, files and service offers.",
  auth: "public",
  scopes: ["catalog:read"],
  params: IdParams,
  query: LangQuery,
  data: CompanyDetailSchema,
  errors: ["not_found"],
});

export const listCompanyProducts = defineRoute({
  method: "GET",
  path: "/api/companies/{id}/products",
  operationId: "listCompanyProducts",
  tag: "Suppliers",
  summary: "A supplier's products",
  description: "The product list with its filters, of one supplier (empty for an unknown one).",
  auth: "public",
  scopes: ["catalog:read"],
  params: IdParams,
  query: ProductListQuery,
  data: z.array(ProductCardSchema),
  meta: ListMetaSchema,
});
