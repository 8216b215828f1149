/**
 * The caller's own company (issue 5; spec §7 Profile `/api/profile/company*`): the card, its facts,
 * logo and files, the moderation status, and the dealer/distributor links to other companies'
 * products. Every operation needs a signed-in, active employee (server/profile/access.ts, ADR 009:
 * 403 `no_company`, `member_blocked`; `forbidden_role` where an owner or admin is needed); creating
 * a company needs only a signed-in user without one.
 *
 * The card is shown as stored, every language of every text (not localized for reading); the
 * forms (`CompanySchema`, `FactsSchema`…) are the ones the pages validate with.
 */
import { z } from "zod";
import { CountrySchema, FileViewSchema, LocalizedFactSchema } from "../common.ts";
import { LANGS, LangSchema, LocalizedSchema } from "../lang-schemas.ts";
import { DeletedIdSchema, defineRoute } from "../route.ts";
import {
  COMPANY_STATUSES,
  COUNTRY_CODES,
  Email,
  FactsSchema,
  form,
  HEADCOUNT_RANGES,
  Id,
  LangField,
  localized,
  localizedRequired,
  MEMBER_ROLES,
  nullable,
  OkvedCode,
  PathId,
  Phone,
  RegionCode,
  StatusActionSchema,
  typeError,
  WebUrl,
  AttachFileSchema,
  UploadFormSchema,
  checkSourceLang,
  EDIT_ERRORS,
  MEMBER_ERRORS,
  UPLOAD_ERRORS,
} from "./fields.ts";

/* ─── forms ─────────────────────────────────────────────────────────────────────────────────── */

/** Company card fields (the company form: create and edit). */
export const CompanyFields = form({
  name: localizedRequired(200),
  description: localized(5000).optional(),
  sourceLang: LangField.default("ru"),
  country: z.enum(COUNTRY_CODES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
  regionCode: nullable(RegionCode),
  city: localized(100).optional(),
  address: localized(300).optional(),
  latitude: nullable(z.number({ error: typeError }).min(-90, { error: "too_small" }).max(90, { error: "too_big" })),
  longitude: nullable(z.number({ error: typeError }).min(-180, { error: "too_small" }).max(180, { error: "too_big" })),
  website: nullable(WebUrl),
  phone: nullable(Phone),
  email: nullable(Email),
  yearFounded: nullable(
    z.number({ error: typeError }).int({ error: "invalid_type" }).min(1800, { error: "too_small" }).max(2100, { error: "too_big" }),
  ),
  headcountRange: nullable(z.enum(HEADCOUNT_RANGES, { error: "invalid_option" })),
  okvedMain: nullable(OkvedCode),
  /** Additional OKVED codes (besides the main one). */
  okvedCodes: z.array(OkvedCode, { error: typeError }).max(50, { error: "too_many" }).optional(),
});

/** The company form: card fields plus the source-language rule and a founding year not in the future. */
export const CompanySchema = CompanyFields.superRefine((value, ctx) => {
  checkSourceLang(ctx, value.name, value.sourceLang, ["name", value.sourceLang]);
  if (value.yearFounded && value.yearFounded > new Date().getFullYear())
    ctx.addIssue({ code: "custom", message: "too_big", path: ["yearFounded"] });
});
export type CompanyInput = z.output<typeof CompanySchema>;

/** PATCH: any subset of the card (merged with the stored card, then checked by CompanySchema); a left-out source language stays. */
export const CompanyPatchSchema = CompanyFields.extend({ sourceLang: LangField.optional() }).partial();

/** A dealer/distributor link to another company's product. */
export const ProductCompanySchema = form({
  productId: Id,
  kind: z
    .enum(["dealer", "distributor"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") })
    .default("dealer"),
});

/* ─── answers ───────────────────────────────────────────────────────────────────────────────── */

/** What a complete profile still lacks, in the order a user should add it. */
export const COMPANY_MISSING = ["description", "logo", "contacts", "legalEntity", "product", "okved"] as const;

/** The employee's view of their company: every field as stored, plus status, role and completeness. */
export const CompanyViewSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedSchema,
    description: LocalizedSchema,
    sourceLang: z.enum(LANGS),
    country: CountrySchema,
    regionCode: z.string().nullable(),
    city: LocalizedSchema,
    address: LocalizedSchema,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    yearFounded: z.number().int().nullable(),
    headcountRange: z.string().nullable(),
    okvedMain: z.string().nullable(),
    okvedCodes: z.array(z.string()).meta({ description: "Additional OKVED codes" }),
    facts: z.array(LocalizedFactSchema),
    logo: FileViewSchema.nullable(),
    status: z.enum(COMPANY_STATUSES),
    moderationNote: z.string().nullable().meta({ description: "The moderator's reason of a rejection or block" }),
    moderationNoteLang: z.enum(LANGS).nullable(),
    verificationLevel: z.number().int(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    role: z.enum(MEMBER_ROLES).meta({ description: "The caller's company role" }),
    missing: z.array(z.enum(COMPANY_MISSING)).meta({ description: "What is still missing; empty when the profile is complete" }),
    completeness: z.number().int().min(0).max(100).meta({ description: "Share of the profile filled in, percent" }),
    productCounts: z.record(z.string(), z.number().int()).meta({ description: "Product counts by status" }),
  })
  .meta({ id: "ProfileCompany" });
export type CompanyView = z.infer<typeof CompanyViewSchema>;

/** A company file (document or picture) with its title and place in the list. */
export const CompanyFileViewSchema = FileViewSchema.extend({ title: LocalizedSchema, position: z.number().int().min(0) }).meta({
  id: "ProfileCompanyFile",
});
export type CompanyFileView = z.infer<typeof CompanyFileViewSchema>;

const LinkKindSchema = z.enum(["dealer", "distributor"]);
const NamedRefSchema = z.object({
  id: z.number().int(),
  name: LocalizedSchema,
  title: z.string().meta({ description: "The name in `lang`" }),
});

/** A dealer link seen from either side: the product, the other company, how it is supplied. */
export const ProductLinkSchema = z
  .object({ product: NamedRefSchema, company: NamedRefSchema, kind: LinkKindSchema, createdAt: z.string() })
  .meta({ id: "ProfileProductLink" });
export type ProductLink = z.infer<typeof ProductLinkSchema>;

/* ─── operations ────────────────────────────────────────────────────────────────────────────── */

const TAG = "Profile: company";
const UPLOAD_NOTE =
  "Multipart `file` (and `title.ru|en|zh`), or JSON `{ fileId }` of a temporary upload (`/api/files/common`). Images are re-encoded to WebP with a thumbnail.";

export const getCompany = defineRoute({
  method: "GET",
  path: "/api/profile/company",
  operationId: "getProfileCompany",
  tag: TAG,
  summary: "The caller's company",
  description:
    "Every language as stored, the logo, status and moderator's note, the caller's role, what is missing and how complete the profile is. Access: any employee.",
  auth: "user",
  data: CompanyViewSchema,
  errors: MEMBER_ERRORS,
});

export const createCompany = defineRoute({
  method: "POST",
  path: "/api/profile/company",
  operationId: "createProfileCompany",
  tag: TAG,
  summary: "Create a company; the caller becomes its owner",
  description:
    "Region and OKVED codes must exist (`unknown_region`, `unknown_code` issues); a region must be of the company's country. Access: signed in, no company.",
  auth: "user",
  body: CompanySchema,
  data: CompanyViewSchema,
  status: 201,
  errors: ["already_member"],
});

export const updateCompany = defineRoute({
  method: "PATCH",
  path: "/api/profile/company",
  operationId: "updateProfileCompany",
  tag: TAG,
  summary: "Change the company card",
  description:
    'Fields left out stay; `null` or `""` clears an optional field. The merged card must pass the company form. Access: owner or admin.',
  auth: "user",
  body: CompanyPatchSchema,
  data: CompanyViewSchema,
  errors: EDIT_ERRORS,
});

export const getCompanyFacts = defineRoute({
  method: "GET",
  path: "/api/profile/company/facts",
  operationId: "getProfileCompanyFacts",
  tag: TAG,
  summary: "Company facts",
  description: "Access: any employee.",
  auth: "user",
  data: z.array(LocalizedFactSchema),
  errors: MEMBER_ERRORS,
});

export const putCompanyFacts = defineRoute({
  method: "PUT",
  path: "/api/profile/company/facts",
  operationId: "putProfileCompanyFacts",
  tag: TAG,
  summary: "Replace the company facts",
  description: "Access: owner or admin.",
  auth: "user",
  body: FactsSchema,
  data: z.array(LocalizedFactSchema),
  errors: EDIT_ERRORS,
});

export const putCompanyLogo = defineRoute({
  method: "PUT",
  path: "/api/profile/company/logo",
  operationId: "putProfileCompanyLogo",
  tag: TAG,
  summary: "Set the logo (an image)",
  description: `${UPLOAD_NOTE} Access: owner or admin.`,
  auth: "user",
  bodyType: "multipart",
  body: UploadFormSchema,
  jsonBody: AttachFileSchema,
  data: CompanyViewSchema,
  errors: [...EDIT_ERRORS, ...UPLOAD_ERRORS],
});

export const deleteCompanyLogo = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/logo",
  operationId: "deleteProfileCompanyLogo",
  tag: TAG,
  summary: "Remove the logo",
  description: "Access: owner or admin.",
  auth: "user",
  data: CompanyViewSchema,
  errors: EDIT_ERRORS,
});

export const listCompanyFiles = defineRoute({
  method: "GET",
  path: "/api/profile/company/files",
  operationId: "listProfileCompanyFiles",
  tag: TAG,
  summary: "Company files, in order",
  description: "Access: any employee.",
  auth: "user",
  data: z.array(CompanyFileViewSchema),
  errors: MEMBER_ERRORS,
});

export const addCompanyFile = defineRoute({
  method: "POST",
  path: "/api/profile/company/files",
  operationId: "addProfileCompanyFile",
  tag: TAG,
  summary: "Add a company file (image or document)",
  description: `${UPLOAD_NOTE} At most 50 files. Access: owner or admin.`,
  auth: "user",
  bodyType: "multipart",
  body: UploadFormSchema,
  jsonBody: AttachFileSchema,
  data: CompanyFileViewSchema,
  status: 201,
  errors: [...EDIT_ERRORS, ...UPLOAD_ERRORS, "too_many_files"],
});

export const FileIdParams = z.object({ fileId: PathId });

export const deleteCompanyFile = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/files/{fileId}",
  operationId: "deleteProfileCompanyFile",
  tag: TAG,
  summary: "Delete a company file",
  description: "Access: owner or admin.",
  auth: "user",
  params: FileIdParams,
  data: DeletedIdSchema,
  errors: [...EDIT_ERRORS, "not_found"],
});

export const changeCompanyStatus = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/status",
  operationId: "changeProfileCompanyStatus",
  tag: TAG,
  summary: "Submit the company for moderation or withdraw it",
  description:
    "draft/rejected → moderation (submit; needs a name and, for a Russian company, a legal entity: 422 `incomplete` with the missing parts as issues); moderation/published/rejected → draft (withdraw). Access: owner or admin.",
  auth: "user",
  body: StatusActionSchema,
  data: CompanyViewSchema,
  errors: [...MEMBER_ERRORS, "forbidden_role", "company_blocked", "invalid_transition", "incomplete"],
});

export const listProductLinks = defineRoute({
  method: "GET",
  path: "/api/profile/company/product-company",
  operationId: "listProfileProductLinks",
  tag: TAG,
  summary: "Dealer and distributor links, both sides",
  description:
    "`supplied`: other companies' products this company declares it supplies; `suppliedBy`: companies declaring they supply this company's products. Access: any employee.",
  auth: "user",
  query: z.object({ lang: LangSchema }),
  data: z.object({ supplied: z.array(ProductLinkSchema), suppliedBy: z.array(ProductLinkSchema) }),
  errors: MEMBER_ERRORS,
});

export const addProductLink = defineRoute({
  method: "POST",
  path: "/api/profile/company/product-company",
  operationId: "addProfileProductLink",
  tag: TAG,
  summary: "Declare that the company also supplies another company's published product",
  description: "Declaring it again changes the kind. `not_found`: no such published product. Access: owner or admin.",
  auth: "user",
  body: ProductCompanySchema,
  data: z.object({ productId: z.number().int(), kind: LinkKindSchema, createdAt: z.string() }),
  status: 201,
  errors: [...MEMBER_ERRORS, "forbidden_role", "company_blocked", "not_found", "own_product"],
});

export const deleteProductLink = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/product-company/{productId}",
  operationId: "deleteProfileProductLink",
  tag: TAG,
  summary: "Remove the company's link to a product",
  description: "Access: owner or admin.",
  auth: "user",
  params: z.object({ productId: PathId }),
  data: z.object({ productId: z.number().int(), deleted: z.literal(true) }),
  errors: [...MEMBER_ERRORS, "forbidden_role", "company_blocked", "not_found"],
});
