/**
 * The caller's company's products (issue 5; spec §7 Profile `/api/profile/company/products*`): the
 * card, price tiers, facts (specifications), variants, images and documents, and the moderation
 * status. Every employee reads, edits and submits products; deleting one needs an owner or admin
 * (ADR 009). Another company's product id is a 404, like an unknown one.
 *
 * Editing a PUBLISHED product keeps the published version public: the change waits for a moderator
 * (server/profile/products.ts), and every answer shows the WORKING COPY (pending parts included),
 * `pending` saying which parts wait. Decimals (MOQ, quantities, prices) travel as strings.
 */
import { z } from "zod";
import { FileViewSchema, LocalizedFactSchema } from "../common.ts";
import { LANGS, LocalizedSchema } from "../lang-schemas.ts";
import { defineRoute, DeletedIdSchema, PageMetaSchema, PagingSchema } from "../route.ts";
import { UNIT_IDS } from "../units.ts";
import {
  AttachFileSchema,
  checkSourceLang,
  Currency,
  CURRENCY_CODES,
  decimal,
  FactsSchema,
  form,
  Id,
  LangField,
  localized,
  localizedRequired,
  MEMBER_ERRORS,
  optionError,
  nullable,
  PathId,
  PathIdParams,
  PRODUCT_STATUSES,
  StatusActionSchema,
  text,
  TnvedCode,
  typeError,
  Unit,
  UPLOAD_ERRORS,
  UploadFormSchema,
} from "./fields.ts";

/* ─── forms ─────────────────────────────────────────────────────────────────────────────────── */

export const ProductFields = form({
  name: localizedRequired(300),
  description: localized(10_000).optional(),
  sourceLang: LangField.default("ru"),
  categoryId: nullable(Id),
  tnvedCode: nullable(TnvedCode),
  /** MOQ: the minimum order quantity, in `moqUnit`. */
  moq: nullable(decimal({ integerDigits: 11, scale: 3 })),
  moqUnit: nullable(Unit),
  /** ISO 3166-1 alpha-2 country of origin. */
  originCountry: nullable(
    z
      .string({ error: typeError })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: "invalid_format" }),
  ),
});

/** The product card form (create and edit): the source language filled, MOQ and its unit together. */
export const ProductSchema = ProductFields.superRefine((value, ctx) => {
  checkSourceLang(ctx, value.name, value.sourceLang, ["name", value.sourceLang]);
  if ((value.moq == null) !== (value.moqUnit == null))
    ctx.addIssue({ code: "custom", message: "moq_unit_pair", path: [value.moq == null ? "moq" : "moqUnit"] });
});
export type ProductInput = z.output<typeof ProductSchema>;
/**
 * A card (the form's fields, or a stored card read back as them) with every optional field
 * explicit, so that a missing one clears the column — null, `{}` for the description — instead of
 * leaving the old value. The server writes it to the `products` row; the product page sends it as
 * the PATCH body and compares it with the stored card's to tell whether the card changed.
 */
export function explicitProductCard(input: ProductInput) {
  return {
    name: input.name,
    description: input.description ?? {},
    sourceLang: input.sourceLang,
    categoryId: input.categoryId ?? null,
    tnvedCode: input.tnvedCode ?? null,
    moq: input.moq ?? null,
    moqUnit: input.moqUnit ?? null,
    originCountry: input.originCountry ?? null,
  };
}
/** PATCH: any subset; a left-out source language stays as stored (the create default must not apply). */
export const ProductPatchSchema = ProductFields.extend({ sourceLang: LangField.optional() }).partial();

/** One price tier: from `minQuantity` units (in `unit`), `price` per unit in `currency`. */
export const PriceTierSchema = form({
  minQuantity: decimal({ integerDigits: 11, scale: 3 }),
  price: decimal({ integerDigits: 12, scale: 2 }),
  currency: Currency.default("RUB"),
  unit: Unit,
});

/** The price form: every tier at once (an empty list removes the prices); one tier per currency, unit and quantity. */
export const PriceTiersSchema = form({ tiers: z.array(PriceTierSchema, { error: typeError }).max(20, { error: "too_many" }) }).superRefine(
  (value, ctx) => {
    const seen = new Set<string>();
    value.tiers.forEach((tier, index) => {
      const key = `${tier.currency}:${tier.unit}:${Number(tier.minQuantity)}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: "duplicate_tier", path: ["tiers", index, "minQuantity"] });
      seen.add(key);
    });
  },
);
export type PriceTiersInput = z.output<typeof PriceTiersSchema>;

/** One variant: a localized name, attributes as name/value pairs, an optional own price. */
export const VariantSchema = form({
  name: localizedRequired(200),
  attributes: z
    .array(form({ key: text(50), value: text(200) }), { error: typeError })
    .max(20, { error: "too_many" })
    .default([]),
  price: nullable(decimal({ integerDigits: 12, scale: 2 })),
  currency: nullable(Currency),
}).superRefine((value, ctx) => {
  if ((value.price == null) !== (value.currency == null))
    ctx.addIssue({ code: "custom", message: "price_currency_pair", path: [value.price == null ? "price" : "currency"] });
  const keys = new Set<string>();
  value.attributes.forEach((attribute, index) => {
    if (keys.has(attribute.key)) ctx.addIssue({ code: "custom", message: "duplicate_key", path: ["attributes", index, "key"] });
    keys.add(attribute.key);
  });
});

/** The variants form: the whole list, replaced at once. */
export const VariantsSchema = form({
  variants: z.array(VariantSchema, { error: typeError }).max(50, { error: "too_many" }),
});
export type VariantsInput = z.output<typeof VariantsSchema>;

/**
 * Changing an attached product file: `position` moves it among the files of its kind (0 = first;
 * the first image is the product's main image, its cover), `title` replaces its caption.
 */
export const ProductFilePatchSchema = form({
  position: z
    .number({ error: typeError })
    .int({ error: "invalid_type" })
    .min(0, { error: "too_small" })
    .max(99, { error: "too_big" })
    .optional(),
  title: localized(200).optional(),
});

/** The supplier's product list: by status, and `q` matching a name in any language or the id. */
/** The filter of the product list, and of a bulk action over "every product it matches". */
export const ProductFilterSchema = z.object({
  status: z.enum(PRODUCT_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  run: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .meta({ description: "Only the products a price-list import (run id) created or changed last" }),
});
export type ProductFilter = z.infer<typeof ProductFilterSchema>;

export const ProfileProductListQuery = PagingSchema.extend(ProductFilterSchema.shape);

/* ─── answers ───────────────────────────────────────────────────────────────────────────────── */

/** A price tier as stored (decimals as strings). */
export const TierSchema = z
  .object({
    minQuantity: z.string().meta({ description: "From this quantity on (decimal string)" }),
    price: z.string().meta({ description: "Price per unit (decimal string)" }),
    currency: z.enum(CURRENCY_CODES),
    unit: z.enum(UNIT_IDS),
  })
  .meta({ id: "ProfilePriceTier" });
export type Tier = z.infer<typeof TierSchema>;

export const VariantViewSchema = z
  .object({
    name: LocalizedSchema,
    attributes: z.array(z.object({ key: z.string(), value: z.string() })),
    price: z.string().nullable().optional(),
    currency: z.enum(CURRENCY_CODES).nullable().optional(),
  })
  .meta({ id: "ProfileVariant" });
export type Variant = z.infer<typeof VariantViewSchema>;

/**
 * The parts of a product kept whole in `pending_changes` while a published product's edits wait for
 * a moderator; `translations` are the supplier's own translations of the name and description
 * (contract/translation.ts, ADR 046).
 */
export const PRODUCT_PARTS = ["card", "facts", "prices", "variants", "files", "translations"] as const;
export type ProductPart = (typeof PRODUCT_PARTS)[number];

/** The working copy of a product card with its status (the list's row and every card change's answer). */
export const ProductViewSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedSchema,
    description: LocalizedSchema.optional(),
    sourceLang: z.enum(LANGS),
    categoryId: z.number().int().nullable().optional(),
    tnvedCode: z.string().nullable().optional(),
    moq: z.string().nullable().optional().meta({ description: "MOQ (decimal string) in `moqUnit`" }),
    moqUnit: z.enum(UNIT_IDS).nullable().optional(),
    originCountry: z.string().nullable().optional(),
    status: z.enum(PRODUCT_STATUSES),
    moderationNote: z.string().nullable(),
    moderationNoteLang: z.enum(LANGS).nullable(),
    pending: z
      .object({ state: z.enum(["moderation", "rejected"]), parts: z.array(z.enum(PRODUCT_PARTS)) })
      .nullable()
      .meta({ description: "Edits of a published product awaiting a moderator (`moderation`) or sent back (`rejected`)" }),
    priceFrom: z.string().nullable().meta({ description: "Lowest price of the main currency" }),
    priceCurrency: z.enum(CURRENCY_CODES).nullable(),
    cover: FileViewSchema.nullable(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ProfileProduct" });
export type ProductView = z.infer<typeof ProductViewSchema>;

/** An image or document of a product with its caption and place among the files of its kind. */
export const ProductFileViewSchema = FileViewSchema.extend({ title: LocalizedSchema, position: z.number().int().min(0) }).meta({
  id: "ProfileProductFile",
});
export type ProductFileView = z.infer<typeof ProductFileViewSchema>;

/** One product with every part of its working copy. */
export const ProductDetailViewSchema = ProductViewSchema.extend({
  facts: z.array(LocalizedFactSchema),
  prices: z.array(TierSchema),
  variants: z.array(VariantViewSchema),
  files: z.array(ProductFileViewSchema).meta({ description: "Images first" }),
}).meta({ id: "ProfileProductDetail" });
export type ProductDetailView = z.infer<typeof ProductDetailViewSchema>;

/* ─── operations ────────────────────────────────────────────────────────────────────────────── */

const TAG = "Profile: products";
/**
 * Refusals of a change: the company or the product blocked by a moderator, the product under review,
 * or the company's hourly allowance of product changes spent (429 `rate_limited`, ADR 046).
 */
export const CHANGE_ERRORS = [
  ...MEMBER_ERRORS,
  "company_blocked",
  "product_blocked",
  "under_moderation",
  "not_found",
  "rate_limited",
] as const;
const PUBLISHED_NOTE = "For a published product the change waits in `pending` for a moderator; the published version stays public.";
const FileParams = z.object({ id: PathId, fileId: PathId });

export const listProducts = defineRoute({
  method: "GET",
  path: "/api/profile/company/products",
  operationId: "listProfileProducts",
  tag: TAG,
  summary: "The company's products, newest change first",
  description: "`status` filters; `q` matches the name in any language (stored or pending) or the id. Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  query: ProfileProductListQuery,
  data: z.array(ProductViewSchema),
  meta: PageMetaSchema,
  errors: MEMBER_ERRORS,
});

export const createProduct = defineRoute({
  method: "POST",
  path: "/api/profile/company/products",
  operationId: "createProfileProduct",
  tag: TAG,
  summary: "Create a product (a draft)",
  description:
    "Category and TN VED code must exist (`unknown_category`, `unknown_code` issues). Counts against the company's hourly allowance of product changes (429 `rate_limited`). Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  body: ProductSchema,
  data: ProductViewSchema,
  status: 201,
  errors: [...MEMBER_ERRORS, "company_blocked", "product_limit_reached", "rate_limited"],
});

export const getProduct = defineRoute({
  method: "GET",
  path: "/api/profile/company/products/{id}",
  operationId: "getProfileProduct",
  tag: TAG,
  summary: "One product: the working copy with its parts",
  description: "Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  data: ProductDetailViewSchema,
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const updateProduct = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/products/{id}",
  operationId: "updateProfileProduct",
  tag: TAG,
  summary: "Change the product card",
  description: `Fields left out stay. ${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  body: ProductPatchSchema,
  data: ProductViewSchema,
  errors: CHANGE_ERRORS,
});

export const deleteProduct = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/products/{id}",
  operationId: "deleteProfileProduct",
  tag: TAG,
  summary: "Delete a product with its files (owner or admin)",
  description: "Access: owner or admin.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  data: DeletedIdSchema,
  errors: [...MEMBER_ERRORS, "forbidden_role", "company_blocked", "not_found"],
});

/** At most this many products are named one by one in a bulk action; "all matching" has no such bound. */
export const BULK_MAX_IDS = 1000;
export const BULK_ACTIONS = ["submit", "delete", "set"] as const;

/**
 * A bulk action over drafts (issue 26 §3): `ids` names the products, or `all` takes every product
 * the `filter` matches (the list's own filter: status, search text, price-list import). `set`
 * carries the fields to write on each (only those given; an empty value clears the field).
 */
export const BulkProductsSchema = form({
  action: z.enum(BULK_ACTIONS, { error: optionError }),
  ids: z.array(Id).max(BULK_MAX_IDS, { error: "too_big" }).default([]),
  all: z.boolean().default(false),
  filter: ProductFilterSchema.default({}),
  set: form({
    categoryId: nullable(Id),
    tnvedCode: nullable(TnvedCode),
    moqUnit: nullable(Unit),
    originCountry: ProductFields.shape.originCountry,
  }).default({}),
}).superRefine((body, ctx) => {
  if (!body.all && body.ids.length === 0) ctx.addIssue({ code: "custom", path: ["ids"], message: "required" });
  if (body.action === "set" && Object.values(body.set).every((v) => v === undefined))
    ctx.addIssue({ code: "custom", path: ["set"], message: "required" });
});
export type BulkProductsInput = z.output<typeof BulkProductsSchema>;

/** Why a selected product was left as it was. */
export const BULK_SKIP_REASONS = ["under_moderation", "published", "nothing_to_submit", "blocked"] as const;

export const BulkProductsResultSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    matched: z.number().int().meta({ description: "Products selected (the company's own)" }),
    changed: z.number().int().meta({ description: "Products submitted, deleted or changed" }),
    skipped: z
      .array(z.object({ reason: z.enum(BULK_SKIP_REASONS), count: z.number().int() }))
      .meta({ description: "Selected products left as they were, counted by reason" }),
    submissionId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "A submit of two or more products: the submission a moderator approves as a whole" }),
  })
  .meta({ id: "BulkProductsResult" });
export type BulkProductsResult = z.infer<typeof BulkProductsResultSchema>;

export const bulkProducts = defineRoute({
  method: "POST",
  path: "/api/profile/company/products/bulk",
  operationId: "bulkProfileProducts",
  tag: TAG,
  summary: "Submit, delete or set a field on many products at once",
  description:
    "Drafts and rejected products are submitted (a published product's rejected changes go back to the moderator), deleted or changed; the others are skipped and counted by reason. Two or more submitted together form a submission a moderator can approve as a whole. Access: any employee; `delete` needs an owner or admin.",
  auth: "user",
  scopes: ["products:write"],
  body: BulkProductsSchema,
  data: BulkProductsResultSchema,
  errors: [...MEMBER_ERRORS, "forbidden_role", "company_blocked", "invalid_body", "rate_limited"],
});

export const changeProductStatus = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/products/{id}/status",
  operationId: "changeProfileProductStatus",
  tag: TAG,
  summary: "Submit for moderation or withdraw",
  description:
    "draft/rejected → moderation; a published product's rejected changes go back to the moderator; withdrawing applies a published product's pending changes to the draft. Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  body: StatusActionSchema,
  data: ProductViewSchema,
  errors: [...MEMBER_ERRORS, "company_blocked", "product_blocked", "invalid_transition", "not_found", "rate_limited"],
});

export const getPrices = defineRoute({
  method: "GET",
  path: "/api/profile/company/products/{id}/prices",
  operationId: "getProfileProductPrices",
  tag: TAG,
  summary: "Price tiers",
  description: "Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  data: z.array(TierSchema),
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const putPrices = defineRoute({
  method: "PUT",
  path: "/api/profile/company/products/{id}/prices",
  operationId: "putProfileProductPrices",
  tag: TAG,
  summary: "Replace the price tiers",
  description: `Answers the tiers sorted by currency, then quantity. ${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  body: PriceTiersSchema,
  data: z.array(TierSchema),
  errors: CHANGE_ERRORS,
});

export const getFacts = defineRoute({
  method: "GET",
  path: "/api/profile/company/products/{id}/facts",
  operationId: "getProfileProductFacts",
  tag: TAG,
  summary: "Product facts (specifications)",
  description: "Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  data: z.array(LocalizedFactSchema),
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const putFacts = defineRoute({
  method: "PUT",
  path: "/api/profile/company/products/{id}/facts",
  operationId: "putProfileProductFacts",
  tag: TAG,
  summary: "Replace the product facts",
  description: `${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  body: FactsSchema,
  data: z.array(LocalizedFactSchema),
  errors: CHANGE_ERRORS,
});

export const getVariants = defineRoute({
  method: "GET",
  path: "/api/profile/company/products/{id}/variants",
  operationId: "getProfileProductVariants",
  tag: TAG,
  summary: "Variants",
  description: "Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  data: z.array(VariantViewSchema),
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const putVariants = defineRoute({
  method: "PUT",
  path: "/api/profile/company/products/{id}/variants",
  operationId: "putProfileProductVariants",
  tag: TAG,
  summary: "Replace the variants",
  description: `${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  body: VariantsSchema,
  data: z.array(VariantViewSchema),
  errors: CHANGE_ERRORS,
});

export const listFiles = defineRoute({
  method: "GET",
  path: "/api/profile/company/products/{id}/files",
  operationId: "listProfileProductFiles",
  tag: TAG,
  summary: "Images and documents, images first",
  description: "Access: any employee.",
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  data: z.array(ProductFileViewSchema),
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const addFile = defineRoute({
  method: "POST",
  path: "/api/profile/company/products/{id}/files",
  operationId: "addProfileProductFile",
  tag: TAG,
  summary: "Add an image or a document",
  description: `Multipart \`file\` (with \`kind\`, \`title.ru|en|zh\`), or JSON \`{ fileId, kind?, title? }\` of a temporary upload (\`/api/files/common\`). At most 30 files. ${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: PathIdParams,
  bodyType: "multipart",
  body: UploadFormSchema,
  jsonBody: AttachFileSchema,
  data: ProductFileViewSchema,
  status: 201,
  errors: [...CHANGE_ERRORS, ...UPLOAD_ERRORS, "too_many_files"],
});

export const updateFile = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/products/{id}/files/{fileId}",
  operationId: "updateProfileProductFile",
  tag: TAG,
  summary: "Move a file (position among its kind; 0 = the main image) or change its title",
  description: `Answers the whole list, reordered. ${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: FileParams,
  body: ProductFilePatchSchema,
  data: z.array(ProductFileViewSchema),
  errors: CHANGE_ERRORS,
});

export const deleteFile = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/products/{id}/files/{fileId}",
  operationId: "deleteProfileProductFile",
  tag: TAG,
  summary: "Remove an image or a document",
  description: `${PUBLISHED_NOTE} Access: any employee.`,
  auth: "user",
  scopes: ["products:write"],
  params: FileParams,
  data: DeletedIdSchema,
  errors: CHANGE_ERRORS,
});
