/**
 * Inquiries ("request a price", issue 14 §1; ADR 028): a buyer asks a supplier company for a price
 * of one or several of its products, with quantity, target price, Incoterms 2020 rule, destination,
 * wanted-by date, message and attachments. Sending one opens a conversation
 * (contract/conversations.ts) between the buyer and the supplier's company.
 *
 * - `POST /api/inquiries` (signed in): 201 with the conversation's id. Refusals: 400
 *   `invalid_body` (field issues, validation codes of contract/validation.ts), 400
 *   `spam_suspected` (the hidden honeypot field `website` was filled), 404 `not_found` (no such
 *   published supplier, or a product not of this supplier), 409 `own_company` (one's own
 *   company), 429 `duplicate_inquiry` (the same message to 3 different suppliers within 10
 *   minutes), 429 `rate_limited` (per person and per IP; `details.retryAfter`).
 * - `GET /api/inquiries/form?supplier=&product=` (public): what the form shows — the supplier and
 *   its published products with MOQ, and which are pre-selected.
 * - `POST /api/inquiries/drafts`, `GET /api/inquiries/drafts/{token}` (public): a visitor's filled
 *   form kept for 24 h under a random token while they sign in (nothing typed is lost, also
 *   without JavaScript). The web tier keeps the token in an HttpOnly cookie of the browser that
 *   filled the form, never in a URL (security review N15). Sending the inquiry with its
 *   `draftToken` spends the draft: afterwards it keeps only `supplierId` and `sent.conversationId`, and a
 *   second send from it is 409 `inquiry_already_sent` (issue 26 defect #5).
 * - `GET /api/inquiries/stats/{companyId}` (public): response rate and median first-reply time
 *   over the last 90 days, or nulls below 5 inquiries.
 *
 * Isomorphic: the inquiry form validates with `InquirySchema` in the browser and on the server.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";
import { decimal, form, Id, LangField, nullable, optionalText, PathIdParams, text, Unit } from "./profile/fields.ts";
import { UNIT_IDS } from "./units.ts";
import { LANGS } from "./langs.ts";

/** Incoterms 2020: the 11 rules (ICC; ../shared/data/incoterms/incoterms_2020.csv). Any-mode rules first, then sea. */
export const INCOTERMS = ["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP", "FAS", "FOB", "CFR", "CIF"] as const;
export type Incoterm = (typeof INCOTERMS)[number];
/** Currencies of a target price. */
export const INQUIRY_CURRENCIES = ["RUB", "CNY", "USD", "EUR"] as const;
export type InquiryCurrency = (typeof INQUIRY_CURRENCIES)[number];
/** Products one inquiry may name; attachments one message may carry. */
export const MAX_INQUIRY_PRODUCTS = 20;
export const MAX_MESSAGE_FILES = 5;
export const MAX_MESSAGE_LENGTH = 5000;

const optionError = (issue: { input?: unknown }) => (issue.input === undefined ? "required" : "invalid_option");

/** A `YYYY-MM-DD` date (an `<input type=date>` value). */
const DateField = z
  .string({ error: "invalid_type" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "invalid_format" });

/** A draft's token: 32 URL-safe characters from 24 random bytes (older drafts: 20–64). */
export const DraftToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

/** A list of ids from a form (repeated field) or JSON; duplicates dropped. */
const IdList = (max: number) =>
  z
    .array(Id, { error: "invalid_type" })
    .max(max, { error: "too_many" })
    .transform((ids) => [...new Set(ids)])
    .default([]);

export const InquiryFields = form({
  supplierId: Id,
  productIds: IdList(MAX_INQUIRY_PRODUCTS),
  quantity: nullable(decimal({ integerDigits: 11, scale: 3 })),
  unit: nullable(Unit),
  targetPrice: nullable(decimal({ integerDigits: 12, scale: 2 })),
  currency: nullable(z.enum(INQUIRY_CURRENCIES, { error: optionError })),
  incoterm: nullable(z.enum(INCOTERMS, { error: optionError })),
  destinationCountry: optionalText(100),
  destinationCity: optionalText(100),
  wantedBy: nullable(DateField),
  message: text(MAX_MESSAGE_LENGTH),
  fileIds: IdList(MAX_MESSAGE_FILES),
  /** The sender's UI language (the message's language when it cannot be told from the text). */
  lang: LangField.optional(),
  /** Honeypot: hidden from people; a bot that fills it is refused with `spam_suspected`. */
  website: z.string().max(500).optional(),
  /** The draft this inquiry was restored from: sending spends it (a second send is `inquiry_already_sent`). */
  draftToken: DraftToken.optional(),
});

/** The inquiry form: a target price needs its currency and a quantity its unit. */
export const InquirySchema = InquiryFields.superRefine((value, ctx) => {
  if (value.targetPrice && !value.currency) ctx.addIssue({ code: "custom", message: "price_currency_pair", path: ["currency"] });
  if (value.quantity && !value.unit) ctx.addIssue({ code: "custom", message: "moq_unit_pair", path: ["unit"] });
});
export type InquiryInput = z.output<typeof InquirySchema>;

export const InquiryCreatedSchema = z
  .object({
    conversationId: z.number().int(),
    belowMoq: z.boolean(),
    held: z.boolean().meta({
      description:
        "The supplier is a company from the FNS registers nobody runs yet: the inquiry waits in its inbox until someone claims the company (nothing is e-mailed; ADR 057)",
    }),
  })
  .meta({ id: "InquiryCreated" });

const LocalizedName = z.object({ ru: z.string().optional(), en: z.string().optional(), zh: z.string().optional() });

export const InquiryFormProductSchema = z.object({
  id: z.number().int(),
  name: LocalizedName,
  /** The language the supplier wrote the name in (the fallback after the reader's: contract/lang-schemas.ts `pickLocalized`). */
  sourceLang: z.enum(LANGS),
  moq: z.string().nullable().meta({ description: "Minimum order quantity (decimal string)" }),
  moqUnit: z.enum(UNIT_IDS as [string, ...string[]]).nullable(),
  selected: z.boolean(),
});

export const InquiryFormSchema = z
  .object({
    supplier: z.object({
      id: z.number().int(),
      name: LocalizedName,
      country: z.string(),
      /** Someone of the company is on the platform; otherwise the inquiry is e-mailed to its public address. */
      claimed: z.boolean(),
      /** A company from the FNS registers nobody runs: the inquiry is held until someone claims it (ADR 057). */
      held: z.boolean(),
    }),
    products: z.array(InquiryFormProductSchema),
  })
  .meta({ id: "InquiryForm" });
export type InquiryForm = z.infer<typeof InquiryFormSchema>;

export const InquiryFormQuery = z.object({
  supplier: z.coerce.number().int().positive().max(2_147_483_647),
  product: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : value ? [value] : [])
        .filter((v) => /^\d{1,10}$/.test(v))
        .map(Number)
        .slice(0, MAX_INQUIRY_PRODUCTS),
    ),
});

/** A draft: the form's values as typed (strings and string lists), at most 16 KiB. */
export const InquiryDraftBodySchema = z.object({
  values: z
    .record(z.string(), z.union([z.string().max(MAX_MESSAGE_LENGTH), z.array(z.string().max(100)).max(MAX_INQUIRY_PRODUCTS)]))
    .refine((v) => JSON.stringify(v).length <= 16_384, { error: "too_long" }),
});
export const InquiryDraftSchema = z
  .object({
    token: z.string(),
    /** The form as typed (with `supplierId`); only `supplierId` once the inquiry was sent. */
    values: InquiryDraftBodySchema.shape.values,
    /** Set once the inquiry was sent from this draft: the conversation it opened (null if since deleted). */
    sent: z.object({ conversationId: z.number().int().nullable() }).nullable(),
  })
  .meta({ id: "InquiryDraft" });

export const ResponseStatsSchema = z
  .object({
    /** Inquiries received in the window. */
    inquiries: z.number().int(),
    /** Share (0–1) answered within 48 h; null below the minimum number of inquiries. */
    responseRate: z.number().min(0).max(1).nullable(),
    /** Median time to the first reply, seconds; null below the minimum or when none was answered. */
    medianResponseS: z.number().int().nullable(),
    windowDays: z.number().int(),
    minimum: z.number().int(),
  })
  .meta({ id: "ResponseStats" });
export type ResponseStats = z.infer<typeof ResponseStatsSchema>;

const TAG = "Inquiries";

export const createInquiry = defineRoute({
  method: "POST",
  path: "/api/inquiries",
  operationId: "createInquiry",
  tag: TAG,
  summary: "Send an inquiry (request a price) to a supplier",
  description:
    "Opens a conversation with the supplier's company. Limits: per person and per IP; the same message to 3 different suppliers within 10 minutes is refused.",
  auth: "user",
  body: InquirySchema,
  data: InquiryCreatedSchema,
  status: 201,
  errors: [
    "unauthorized",
    "not_found",
    "own_company",
    "spam_suspected",
    "duplicate_inquiry",
    "rate_limited",
    "user_blocked",
    "file_not_found",
    "inquiry_already_sent",
  ],
});

export const getInquiryForm = defineRoute({
  method: "GET",
  path: "/api/inquiries/form",
  operationId: "getInquiryForm",
  tag: TAG,
  summary: "What the inquiry form shows for a supplier",
  auth: "public",
  query: InquiryFormQuery,
  data: InquiryFormSchema,
  errors: ["not_found"],
});

export const saveInquiryDraft = defineRoute({
  method: "POST",
  path: "/api/inquiries/drafts",
  operationId: "saveInquiryDraft",
  tag: TAG,
  summary: "Keep a visitor's filled inquiry form while they sign in (24 h)",
  auth: "public",
  body: InquiryDraftBodySchema,
  data: InquiryDraftSchema,
  status: 201,
  errors: ["rate_limited"],
});

export const getInquiryDraft = defineRoute({
  method: "GET",
  path: "/api/inquiries/drafts/{token}",
  operationId: "getInquiryDraft",
  tag: TAG,
  summary: "A kept inquiry form",
  auth: "public",
  params: z.object({ token: DraftToken }),
  data: InquiryDraftSchema,
  errors: ["not_found"],
});

export const getResponseStats = defineRoute({
  method: "GET",
  path: "/api/inquiries/stats/{id}",
  operationId: "getSupplierResponseStats",
  tag: TAG,
  summary: "A supplier's response rate and median response time (last 90 days)",
  auth: "public",
  scopes: ["catalog:read"],
  params: PathIdParams,
  data: ResponseStatsSchema,
  errors: ["not_found"],
});
