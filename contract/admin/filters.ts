/**
 * The admin filters (spec §7 `/app/admin/filter/{company,user,service,product,legal-entiries,
 * employees}`; issue 7): every record of six kinds — not only what visitors see — found by text,
 * status, dates and the fields of each kind, sorted by a whitelisted column, paged, with facet
 * counts, or exported as CSV (`format=csv`: every matching row, UTF-8 with a BOM for Excel, the
 * total in `X-Total-Count`).
 *
 * Facets count each value on the filtered set WITHOUT the facet's own filter ("disjunctive"
 * facets), so the form can show what choosing another value would give.
 *
 * Common query parameters: `q`, `page` (1…), `limit` (1…200, default 25), `sort`, `order`
 * (asc|desc), `createdFrom`/`createdTo`, `updatedFrom`/`updatedTo` (YYYY-MM-DD, inclusive days,
 * UTC), `format` (json|csv), `lang`. List parameters (`status`, `role`…) take repeated keys or
 * commas. Rows are the records' columns as stored (snake_case), timestamps as ISO 8601.
 */
import { z } from "zod";
import { LANGS, LangSchema, LocalizedSchema } from "../lang-schemas.ts";
import { PageMetaSchema, defineRoute } from "../route.ts";
import { STAFF_ERRORS } from "./access.ts";
import { COMPANY_ROLES, COMPANY_STATUSES, CURRENCIES, EMPLOYEE_STATUSES, PRODUCT_STATUSES, SITE_ROLES } from "./constants.ts";
import { DayParam } from "./fields.ts";
import { RFQ_STATUSES, RFQ_VISIBILITIES } from "../rfq.ts";
import { CONVERSATION_STATUSES } from "../conversation-states.ts";

export const FILTER_KINDS = ["company", "user", "service", "product", "legal-entities", "employees", "rfq", "inquiries"] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** A list parameter: repeated keys or comma-separated values, each one of `values`. */
function list<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined
        ? []
        : (Array.isArray(v) ? v : [v])
            .flatMap((s) => s.split(","))
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).max(values.length));
}

const id = z.coerce.number().int().positive().max(2_147_483_647).optional();
const yesNo = z.enum(["yes", "no"]).optional();
const region = z
  .string()
  .regex(/^(CN-)?\d{2}$/)
  .optional()
  .meta({ description: "A region code such as 77 or CN-21" });

const Common = {
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  order: z.enum(["asc", "desc"]).default("desc"),
  createdFrom: DayParam.optional(),
  createdTo: DayParam.optional(),
  updatedFrom: DayParam.optional(),
  updatedTo: DayParam.optional(),
  format: z.enum(["json", "csv"]).default("json"),
  lang: LangSchema,
};

export const CompanyFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "name", "createdAt", "updatedAt", "publishedAt", "verificationLevel", "products"]).default("id"),
  status: list(COMPANY_STATUSES),
  country: z.enum(["RU", "CN"]).optional(),
  region,
  verification: z.enum(["0", "1", "2"]).optional(),
});

export const UserFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "email", "lastName", "createdAt", "updatedAt", "lastSignInAt"]).default("id"),
  role: list(SITE_ROLES),
  blocked: yesNo,
  locale: z.enum(LANGS).optional(),
  hasCompany: yesNo,
});

export const ServiceFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "createdAt", "updatedAt", "priceFrom"]).default("id"),
  status: list(PRODUCT_STATUSES),
  serviceType: id,
  company: id,
  region,
});

export const ProductFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "name", "createdAt", "updatedAt", "publishedAt", "priceFrom"]).default("id"),
  status: list(PRODUCT_STATUSES),
  company: id,
  category: id,
  pending: yesNo,
  currency: z.enum(CURRENCIES).optional(),
  region,
});

export const LegalEntityFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "inn", "nameFull", "createdAt", "updatedAt"]).default("id"),
  kind: z.enum(["legal", "individual"]).optional(),
  company: id,
  innRegion: z
    .string()
    .regex(/^\d{2}$/)
    .optional()
    .meta({ description: "The two leading digits of the INN: the tax office's region" }),
  companyStatus: list(COMPANY_STATUSES),
});

export const EmployeeFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "createdAt", "updatedAt", "role", "status"]).default("id"),
  status: list(EMPLOYEE_STATUSES),
  role: list(COMPANY_ROLES),
  company: id,
});

/** Buying requests (issue 14 §3): every status, public and private. */
export const RfqFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "createdAt", "updatedAt", "deadline", "quotes"]).default("id"),
  status: list(RFQ_STATUSES),
  visibility: z.enum(RFQ_VISIBILITIES).optional(),
  buyer: id,
  tnved: z
    .string()
    .regex(/^\d{2,10}$/)
    .optional()
    .meta({ description: "TN VED code or its first digits (chapter, heading…)" }),
});

/** Inquiries (conversations a buyer opened with a supplier; issue 14 §3). */
export const InquiryFilterQuery = z.object({
  ...Common,
  sort: z.enum(["id", "createdAt", "lastMessageAt", "messages"]).default("id"),
  status: list(CONVERSATION_STATUSES),
  company: id,
  buyer: id,
  reported: yesNo,
  belowMoq: yesNo,
});

export const FILTER_QUERIES = {
  company: CompanyFilterQuery,
  user: UserFilterQuery,
  service: ServiceFilterQuery,
  product: ProductFilterQuery,
  "legal-entities": LegalEntityFilterQuery,
  employees: EmployeeFilterQuery,
  rfq: RfqFilterQuery,
  inquiries: InquiryFilterQuery,
} as const;

/** Any kind's query after validation (the fields of the other kinds absent). */
export type FilterQuery = z.output<typeof CompanyFilterQuery> &
  Partial<z.output<typeof UserFilterQuery>> &
  Partial<z.output<typeof ServiceFilterQuery>> &
  Partial<z.output<typeof ProductFilterQuery>> &
  Partial<z.output<typeof LegalEntityFilterQuery>> &
  Partial<z.output<typeof EmployeeFilterQuery>> &
  Partial<z.output<typeof RfqFilterQuery>> &
  Partial<z.output<typeof InquiryFilterQuery>>;

export const FacetValueSchema = z
  .object({
    value: z.string(),
    count: z.number().int(),
    label: LocalizedSchema.optional().meta({ description: "Names of the value (regions, categories, service types)" }),
  })
  .meta({ id: "FacetValue" });
export type FacetValue = z.infer<typeof FacetValueSchema>;

const time = z.string().meta({ description: "ISO 8601" });
const names = LocalizedSchema.nullable();

export const CompanyRowSchema = z.object({
  id: z.number().int(),
  name: LocalizedSchema,
  status: z.enum(COMPANY_STATUSES),
  country: z.string(),
  region_code: z.string().nullable(),
  region_name: names,
  city: LocalizedSchema,
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  verification_level: z.number().int(),
  source_lang: z.enum(LANGS),
  created_at: time,
  updated_at: time,
  published_at: time.nullable(),
  products: z.number().int(),
  inns: z.string().nullable().meta({ description: "INNs of its legal entities, space-separated" }),
});

export const UserRowSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(SITE_ROLES),
  locale: z.enum(LANGS),
  blocked_at: time.nullable(),
  block_reason: z.string().nullable(),
  last_sign_in_at: time.nullable(),
  created_at: time,
  updated_at: time,
  company_id: z.number().int().nullable(),
  company_name: names,
  company_role: z.string().nullable(),
  employee_status: z.string().nullable(),
});

export const ServiceRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  description: LocalizedSchema,
  price_from: z.string().nullable().meta({ description: "Decimal as a string" }),
  currency: z.string().nullable(),
  price_unit: names,
  created_at: time,
  updated_at: time,
  company_id: z.number().int(),
  company_name: LocalizedSchema,
  region_code: z.string().nullable(),
  service_type_id: z.number().int(),
  service_type_name: LocalizedSchema,
});

export const ProductRowSchema = z.object({
  id: z.number().int(),
  name: LocalizedSchema.meta({ description: "The pending name when changes wait, else the published one" }),
  status: z.enum(PRODUCT_STATUSES),
  tnved_code: z.string().nullable(),
  price_from: z.string().nullable().meta({ description: "Decimal as a string" }),
  price_currency: z.string().nullable(),
  pending: z.boolean(),
  moderation_note: z.string().nullable(),
  created_at: time,
  updated_at: time,
  published_at: time.nullable(),
  company_id: z.number().int(),
  company_name: LocalizedSchema,
  region_code: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: names,
});

export const LegalEntityRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["legal", "individual"]),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  name_full: z.string(),
  name_short: z.string().nullable(),
  address: z.string().nullable(),
  created_at: time,
  updated_at: time,
  company_id: z.number().int(),
  company_name: LocalizedSchema,
  company_status: z.enum(COMPANY_STATUSES),
});

export const EmployeeRowSchema = z.object({
  id: z.number().int(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(EMPLOYEE_STATUSES),
  position: z.string().nullable(),
  invited_email: z.string().nullable(),
  created_at: time,
  updated_at: time,
  user_id: z.number().int().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  company_id: z.number().int(),
  company_name: LocalizedSchema,
});

export const RfqRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  lang: z.enum(LANGS),
  status: z.enum(RFQ_STATUSES),
  visibility: z.enum(RFQ_VISIBILITIES),
  tnved_code: z.string().nullable(),
  quantity: z.string().meta({ description: "Decimal as a string" }),
  unit: z.string(),
  deadline: time,
  created_at: time,
  updated_at: time,
  buyer_user_id: z.number().int(),
  buyer_email: z.string().nullable(),
  buyer_company_id: z.number().int().nullable(),
  buyer_company_name: names,
  quotes: z.number().int(),
});

export const InquiryRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  below_moq: z.boolean(),
  created_at: time,
  last_message_at: time,
  first_reply_at: time.nullable(),
  buyer_user_id: z.number().int(),
  buyer_email: z.string().nullable(),
  supplier_company_id: z.number().int(),
  supplier_name: LocalizedSchema,
  messages: z.number().int(),
  reports: z.number().int().meta({ description: "Open reports of its messages" }),
});

/** One row of any kind, as the list pages read it. */
export type FilterRow =
  | z.infer<typeof CompanyRowSchema>
  | z.infer<typeof UserRowSchema>
  | z.infer<typeof ServiceRowSchema>
  | z.infer<typeof ProductRowSchema>
  | z.infer<typeof LegalEntityRowSchema>
  | z.infer<typeof EmployeeRowSchema>
  | z.infer<typeof RfqRowSchema>
  | z.infer<typeof InquiryRowSchema>;

export const FilterMetaSchema = PageMetaSchema.extend({ limit: z.number().int(), sort: z.string(), order: z.enum(["asc", "desc"]) }).meta({
  id: "FilterMeta",
});
export type FilterMeta = z.infer<typeof FilterMetaSchema>;

const CSV = {
  contentType: "text/csv; charset=utf-8",
  description: "With `format=csv`: every matching row as CSV (UTF-8 with BOM; the total in X-Total-Count)",
  when: "format=csv",
} as const;

function filterRoute<const P extends string, Q extends z.ZodObject, R extends z.ZodObject>(
  path: P,
  operationId: string,
  what: string,
  query: Q,
  row: R,
  deprecated = false,
) {
  return defineRoute({
    method: "GET",
    path: `/app/admin/filter/${path}`,
    operationId,
    tag: "Admin: filters",
    summary: `${what}: filter with facet counts, or export as CSV`,
    ...(deprecated ? { description: "The spec's spelling of `/app/admin/filter/legal-entities`, kept for its clients." } : {}),
    auth: "staff",
    query,
    data: z.object({ items: z.array(row), facets: z.record(z.string(), z.array(FacetValueSchema)) }),
    meta: FilterMetaSchema,
    raw: CSV,
    errors: STAFF_ERRORS,
  } as const);
}

export const filterCompanies = filterRoute("company", "adminFilterCompanies", "Companies", CompanyFilterQuery, CompanyRowSchema);
export const filterUsers = filterRoute("user", "adminFilterUsers", "Users", UserFilterQuery, UserRowSchema);
export const filterServices = filterRoute("service", "adminFilterServices", "Service offers", ServiceFilterQuery, ServiceRowSchema);
export const filterProducts = filterRoute("product", "adminFilterProducts", "Products", ProductFilterQuery, ProductRowSchema);
export const filterLegalEntities = filterRoute(
  "legal-entities",
  "adminFilterLegalEntities",
  "Legal entities",
  LegalEntityFilterQuery,
  LegalEntityRowSchema,
);
/** The spec's spelling (`legal-entiries`) of the same operation. */
export const filterLegalEntitiesSpec = filterRoute(
  "legal-entiries",
  "adminFilterLegalEntitiesSpec",
  "Legal entities",
  LegalEntityFilterQuery,
  LegalEntityRowSchema,
  true,
);
export const filterEmployees = filterRoute(
  "employees",
  "adminFilterEmployees",
  "Company employees",
  EmployeeFilterQuery,
  EmployeeRowSchema,
);

export const filterRfqs = filterRoute("rfq", "adminFilterRfqs", "Buying requests", RfqFilterQuery, RfqRowSchema);

export const filterInquiries = filterRoute("inquiries", "adminFilterInquiries", "Inquiries", InquiryFilterQuery, InquiryRowSchema);

/** The filter of each kind (the web tier's list pages and CSV export pick theirs by kind). */
export const FILTERS = {
  company: filterCompanies,
  user: filterUsers,
  service: filterServices,
  product: filterProducts,
  "legal-entities": filterLegalEntities,
  employees: filterEmployees,
  rfq: filterRfqs,
  inquiries: filterInquiries,
} as const;
