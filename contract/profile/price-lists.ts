/**
 * Price lists (issue 15, spec §3): a supplier uploads a whole price list — CSV, XLSX or YML (Yandex
 * Market Language) — sees how its columns (or YML categories) map to product fields with the first
 * rows and every row's errors, adjusts the mapping, and imports: the valid rows become DRAFT
 * products, or update the company's product with the same SKU. The import runs in the background
 * (server/price-lists/job.ts); its run record shows the progress. The company's own products are
 * exported in the same three formats. Access as for products (ADR 009): any employee, refused while
 * the company is blocked.
 *
 * A run's life: `preview` (mapping editable) → `queued` → `running` → `done` | `failed` (a failed
 * import leaves nothing behind, ADR 027). Row numbers are 1-based as a spreadsheet shows them (the
 * header is row 1 of a CSV/XLSX); a YML offer's "row" is its position among the offers.
 */
import { z } from "zod";
import { LANGS } from "../lang-schemas.ts";
import { defineRoute, PageMetaSchema, PagingSchema } from "../route.ts";
import { UNIT_IDS } from "../units.ts";
import { CURRENCY_CODES, MEMBER_ERRORS, PathIdParams, UPLOAD_ERRORS } from "./fields.ts";

export const PRICE_LIST_FORMATS = ["csv", "xlsx", "yml"] as const;
export type PriceListFormat = (typeof PRICE_LIST_FORMATS)[number];
export const PRICE_LIST_STATUSES = ["preview", "queued", "running", "done", "failed"] as const;
export type PriceListStatus = (typeof PRICE_LIST_STATUSES)[number];

/**
 * Product fields a column can map to. `price`, `currency`, `minQuantity` and `unit` make a price
 * tier (rows with the same SKU are one product with several tiers); `priceTier` is a wholesale
 * column whose header names its threshold («от 10 шт», «Цена от 50 000 руб»): one more tier per row;
 * `productId` is our product number (an export's first column: a row with it updates that product,
 * with or without an SKU); `spec` keeps the column as a specification named by its header; "" ignores
 * the column.
 */
export const PRICE_LIST_FIELDS = [
  "productId",
  "sku",
  "name",
  "description",
  "price",
  "currency",
  "minQuantity",
  "unit",
  "moq",
  "tnvedCode",
  "category",
  "originCountry",
  "priceTier",
  "spec",
] as const;
export type PriceListField = (typeof PRICE_LIST_FIELDS)[number];

/** Why a row cannot be imported (locale keys `priceLists.rowError.<code>`). */
export const ROW_ERROR_CODES = [
  "name_required",
  "too_long",
  "price_invalid",
  "currency_unknown",
  "unit_unknown",
  "quantity_invalid",
  "moq_invalid",
  "tnved_invalid",
  "tnved_unknown",
  "category_unknown",
  "country_invalid",
  "product_locked",
  "tier_duplicate",
] as const;
export type RowErrorCode = (typeof ROW_ERROR_CODES)[number];

/**
 * What was read but not as written, on a row that is still imported (locale keys
 * `priceLists.rowWarning.<code>`): an offer the feed marks `available="false"` (imported as a draft,
 * so it stays hidden), a YML categoryId the file does not declare, a MOQ written as text («от 5 т»,
 * its number taken) or not readable at all (left out), an old price (`oldprice`, not kept), wholesale
 * level columns without a threshold («Опт 1», kept as specifications).
 */
export const ROW_WARNING_CODES = [
  "offer_unavailable",
  "category_not_declared",
  "moq_read_from_text",
  "moq_ignored",
  "oldprice_ignored",
  "tier_without_threshold",
] as const;
export type RowWarningCode = (typeof ROW_WARNING_CODES)[number];

export const RowErrorSchema = z
  .object({
    row: z.number().int().min(1),
    sheet: z.string().optional().meta({ description: "The worksheet of a workbook with several" }),
    field: z.string().meta({ description: "A field of PRICE_LIST_FIELDS, or the YML element" }),
    code: z.enum(ROW_ERROR_CODES),
    value: z.string().meta({ description: "The cell as read (at most 100 characters)" }),
  })
  .meta({ id: "PriceListRowError" });
export type RowError = z.infer<typeof RowErrorSchema>;

export const RowWarningSchema = z
  .object({
    row: z.number().int().min(1),
    sheet: z.string().optional(),
    field: z.string(),
    code: z.enum(ROW_WARNING_CODES),
    value: z.string().meta({ description: "The cell as read (at most 100 characters)" }),
  })
  .meta({ id: "PriceListRowWarning" });
export type RowWarning = z.infer<typeof RowWarningSchema>;

/**
 * One kind of row error and how often it occurs in the whole file (every row counted, not only the
 * kept errors), with the first row that has it — so "every row fails on the country" shows at once.
 */
export const PriceListErrorCountSchema = z
  .object({
    code: z.enum(ROW_ERROR_CODES),
    field: z.string().meta({ description: "A field of PRICE_LIST_FIELDS, or the YML element" }),
    count: z.number().int().min(1).meta({ description: "Rows with this error in this field" }),
    example: z.object({ row: z.number().int().min(1), value: z.string() }).meta({ description: "The first row with it" }),
  })
  .meta({ id: "PriceListErrorCount" });
export type PriceListErrorCount = z.infer<typeof PriceListErrorCountSchema>;

/** Row errors shown per page (and the most a page asks for). */
export const ERRORS_PER_PAGE = 50;

/**
 * How the file maps to products. `columns[i]` is the field of column `i` (CSV/XLSX); `categories`
 * maps a YML categoryId to one of ours (null: none); `currency` and `unit` apply where a row names
 * none.
 */
export const PriceListMappingSchema = z
  .object({
    columns: z.array(z.union([z.enum(PRICE_LIST_FIELDS), z.literal("")])).max(200),
    categories: z.record(z.string().max(50), z.number().int().positive().nullable()),
    currency: z.enum(CURRENCY_CODES),
    unit: z.enum(UNIT_IDS),
  })
  .meta({ id: "PriceListMapping" });
export type PriceListMapping = z.infer<typeof PriceListMappingSchema>;

/** One row of the preview as it will be imported. */
export const PreviewRowSchema = z
  .object({
    row: z.number().int(),
    sku: z.string().nullable(),
    name: z.string(),
    price: z.string().nullable(),
    currency: z.enum(CURRENCY_CODES).nullable(),
    minQuantity: z.string().nullable(),
    unit: z.enum(UNIT_IDS).nullable(),
    moq: z.string().nullable(),
    tnvedCode: z.string().nullable(),
    categoryId: z.number().int().nullable(),
    specs: z.array(z.object({ key: z.string(), value: z.string() })),
    errors: z.array(RowErrorSchema),
  })
  .meta({ id: "PriceListPreviewRow" });
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

export const PriceListRunSchema = z
  .object({
    id: z.number().int(),
    format: z.enum(PRICE_LIST_FORMATS),
    originalName: z.string().nullable(),
    lang: z.enum(LANGS).meta({ description: "The language names and descriptions are written in" }),
    status: z.enum(PRICE_LIST_STATUSES),
    reading: z.record(z.string(), z.string()).meta({ description: "How the file was read: `encoding`, `delimiter` of a CSV" }),
    columns: z.array(z.object({ index: z.number().int(), header: z.string() })).meta({ description: "CSV/XLSX header row" }),
    ymlCategories: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() })),
    mapping: PriceListMappingSchema,
    sample: z.array(PreviewRowSchema).meta({ description: "The first rows as they will be imported" }),
    totalRows: z.number().int(),
    validRows: z.number().int(),
    invalidRows: z.number().int(),
    products: z.number().int().meta({ description: "Products the valid rows make (rows of one SKU are one product with several tiers)" }),
    errors: z.array(RowErrorSchema).meta({ description: "The first 200 row errors (paged: listPriceListErrors)" }),
    errorCounts: z
      .array(PriceListErrorCountSchema)
      .meta({ description: "Every row's errors by code and field, most frequent first (sums to at least `invalidRows`)" }),
    warnings: z.array(RowWarningSchema).optional().meta({ description: "The first 200 warnings: rows imported, but not quite as written" }),
    progress: z.object({
      processed: z.number().int(),
      total: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
    }),
    failure: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "PriceListRun" });
export type PriceListRun = z.infer<typeof PriceListRunSchema>;

/** The upload: the file (CSV, XLSX or YML, ≤ 20 MB, checked by content) and the language its texts are in. */
export const PriceListUploadSchema = z.object({
  file: z.file().meta({ description: "CSV (UTF-8 or windows-1251; `;`, `,` or tab), XLSX, or YML (≤ 20 MB)" }),
  lang: z.enum(LANGS).optional().meta({ description: "Language of names and descriptions (default ru)" }),
});

export const ExportQuery = z.object({
  format: z.enum(PRICE_LIST_FORMATS).default("csv"),
  lang: z.enum(LANGS).default("ru").meta({ description: "Language of names and descriptions in the file" }),
});

const TAG = "Profile: price lists";
const CHANGE_ERRORS = [...MEMBER_ERRORS, "company_blocked", "not_found"] as const;

export const listPriceLists = defineRoute({
  method: "GET",
  path: "/api/profile/company/price-lists",
  operationId: "listPriceLists",
  tag: TAG,
  summary: "The company's latest 20 price-list uploads, newest first",
  description: "Access: any employee.",
  auth: "user",
  data: z.array(PriceListRunSchema.omit({ sample: true, errors: true, errorCounts: true, columns: true, ymlCategories: true })),
  errors: MEMBER_ERRORS,
});

export const uploadPriceList = defineRoute({
  method: "POST",
  path: "/api/profile/company/price-lists",
  operationId: "uploadPriceList",
  tag: TAG,
  summary: "Upload a price list: answers its preview (guessed mapping, first rows, row errors)",
  description:
    "Nothing is imported yet. A file over a reading bound (rows, columns, cells, characters, YML categories, XML depth, zip sizes and ratio, the reader's memory and time) is 422 `price_list_too_large` with `details: { limit, value, max }`. The file counts against the storage quota; 20 uploads per company per day (429 `rate_limited`). Access: any employee.",
  auth: "user",
  bodyType: "multipart",
  body: PriceListUploadSchema,
  data: PriceListRunSchema,
  status: 201,
  errors: [
    ...MEMBER_ERRORS,
    "company_blocked",
    ...UPLOAD_ERRORS,
    "price_list_unreadable",
    "price_list_empty",
    "price_list_too_large",
    "too_many_uploads",
    "rate_limited",
  ],
});

export const getPriceList = defineRoute({
  method: "GET",
  path: "/api/profile/company/price-lists/{id}",
  operationId: "getPriceList",
  tag: TAG,
  summary: "One upload: its preview, or its import's progress and outcome",
  description: "Another company's run is a 404. Access: any employee.",
  auth: "user",
  params: PathIdParams,
  data: PriceListRunSchema,
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const PriceListErrorsQuery = PagingSchema.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(ERRORS_PER_PAGE),
  code: z.enum(ROW_ERROR_CODES).optional().meta({ description: "Only errors of this code" }),
  field: z.string().max(100).optional().meta({ description: "Only errors in this field" }),
});

export const listPriceListErrors = defineRoute({
  method: "GET",
  path: "/api/profile/company/price-lists/{id}/errors",
  operationId: "listPriceListErrors",
  tag: TAG,
  summary: "A page of the run's kept row errors (the first 200), in row order, optionally of one kind",
  description: "The counts of every kind are the run's `errorCounts`. Another company's run is a 404. Access: any employee.",
  auth: "user",
  params: PathIdParams,
  query: PriceListErrorsQuery,
  data: z.array(RowErrorSchema),
  meta: PageMetaSchema,
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const mapPriceList = defineRoute({
  method: "PUT",
  path: "/api/profile/company/price-lists/{id}/mapping",
  operationId: "mapPriceList",
  tag: TAG,
  summary: "Change the mapping: answers the preview read again with it",
  description: "Only while the run is a preview (409 `invalid_transition`). Access: any employee.",
  auth: "user",
  params: PathIdParams,
  body: PriceListMappingSchema,
  data: PriceListRunSchema,
  errors: [...CHANGE_ERRORS, "invalid_transition", "file_not_found", "price_list_unreadable", "price_list_too_large"],
});

export const importPriceList = defineRoute({
  method: "POST",
  path: "/api/profile/company/price-lists/{id}/import",
  operationId: "importPriceList",
  tag: TAG,
  summary: "Import the valid rows in the background (drafts, or updates by SKU)",
  description:
    "Queues the import and answers the run (`queued`); poll it for progress. 409 `invalid_transition` unless a preview, `no_valid_rows` when nothing can be imported. Access: any employee.",
  auth: "user",
  params: PathIdParams,
  data: PriceListRunSchema,
  errors: [...CHANGE_ERRORS, "invalid_transition", "no_valid_rows", "file_not_found"],
});

export const exportProducts = defineRoute({
  method: "GET",
  path: "/api/profile/company/price-lists/export",
  operationId: "exportPriceList",
  tag: TAG,
  summary: "The company's products as a price list (CSV, XLSX or YML)",
  description:
    "One row per price tier (CSV/XLSX) with the columns an upload maps by itself; a YML offer per product. Cells a spreadsheet would run as formulas are escaped. Access: any employee.",
  auth: "user",
  query: ExportQuery,
  data: z.null(),
  raw: { contentType: "text/csv", description: "The file, as an attachment (text/csv, XLSX or application/xml by `format`)" },
  errors: MEMBER_ERRORS,
});
