/**
 * Quotes on buying requests (issue 14 §2; ADR 029): a supplier's company answers a request it was
 * matched to or invited to (or any open public one) with price tiers per unit (from a quantity, a
 * price), a currency, MOQ, lead time in days, an Incoterms 2020 rule and place, a validity date, a
 * comment and files. One quote per company per request (a second create is 409 `quote_exists`),
 * editable until the request's deadline (`rfq_closed` after it or once the request is closed or
 * awarded).
 *
 * The buyer compares the quotes side by side (`GET /api/profile/rfq/{id}/quotes?sort=price|leadTime|moq`):
 * each quote at the price of the tier that applies to the quantity the buyer asked for (usability
 * review #8), shortlists, and accepts one after a confirmation step: the request becomes `awarded`
 * at once, and AWARD_UNDO_MINUTES later a job tells the winner and, politely, the other suppliers
 * (server/rfq/jobs.ts `rfq-award-mail`); until then the buyer may undo the choice (`undoAward`;
 * usability review #9, ADR 041).
 *
 * Validation codes: repeated tier quantities `duplicate_tier`; a validity date in the past `too_small`.
 *
 * Every employee of the company reads its matched requests and quotes; only the roles that answer
 * buyers (owner, admin, sales — ADR 009) send or change a quote: a `member` gets 403 `forbidden_role`.
 */
import { z } from "zod";
import { LANGS } from "./lang-schemas.ts";
import { CURRENCY_CODES, Currency, decimal, form, Id, LangField, optionalText, PathIdParams, text, typeError } from "./profile/fields.ts";
import { defineRoute, OkSchema, PageMetaSchema, PagingSchema } from "./route.ts";
import type { ErrorCode } from "./errors.ts";
import { FileViewSchema } from "./files.ts";
import { DateField, IncotermField, INCOTERMS, RfqPublicSchema, todayUtc } from "./rfq.ts";
import { parseDecimalInput } from "./decimal.ts";
import { LandedCostSchema } from "./money.ts";

export const QUOTE_STATUSES = ["submitted", "accepted", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** `landed`: by estimated landed cost in roubles (ADR 050), the default; `price`: by the price at the asked quantity. */
export const QUOTE_SORTS = ["landed", "price", "leadTime", "moq"] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];
export const MAX_TIERS = 10;
/** Minutes the buyer may take back an accepted quote before the suppliers are told (ADR 041). */
export const AWARD_UNDO_MINUTES = 10;
export const MAX_QUOTE_FILES = 10;

export const QuoteTierSchema = form({
  minQuantity: decimal({ integerDigits: 11, scale: 3 }),
  price: decimal({ integerDigits: 12, scale: 2 }),
});

const IdList = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value.filter((v) => v !== "") : [value]),
    z.array(z.coerce.number().pipe(Id), { error: typeError }).max(max, { error: "too_many" }),
  );

export const QuoteFields = form({
  tiers: z.array(QuoteTierSchema, { error: typeError }).min(1, { error: "required" }).max(MAX_TIERS, { error: "too_many" }),
  currency: Currency,
  moq: decimal({ integerDigits: 11, scale: 3 }),
  leadTimeDays: z.coerce
    .number({ error: typeError })
    .int({ error: "invalid_number" })
    .min(0, { error: "too_small" })
    .max(730, { error: "too_big" }),
  incoterms: IncotermField,
  incotermsPlace: text(200),
  validUntil: DateField,
  comment: optionalText(3000),
  /** The language the supplier writes the comment in. */
  lang: LangField,
  fileIds: IdList(MAX_QUOTE_FILES).optional(),
});

/** The quote form with its rules (see the module comment). */
export const QuoteSchema = QuoteFields.superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.tiers.forEach((tier, index) => {
    const key = String(Number(tier.minQuantity));
    if (seen.has(key)) ctx.addIssue({ code: "custom", message: "duplicate_tier", path: ["tiers", index, "minQuantity"] });
    seen.add(key);
  });
  if (value.validUntil < todayUtc()) ctx.addIssue({ code: "custom", message: "too_small", path: ["validUntil"] });
});
export type QuoteInput = z.output<typeof QuoteSchema>;

/** Creating a quote: the form and the request it answers. */
export const CreateQuoteSchema = QuoteFields.extend({ rfqId: Id }).superRefine((value, ctx) => {
  const parsed = QuoteSchema.safeParse(value);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
});

const Lang = z.enum(LANGS);

/** A quote as its supplier and the buyer see it. */
export const QuoteViewSchema = z
  .object({
    id: z.number().int(),
    rfqId: z.number().int(),
    company: z.object({
      id: z.number().int(),
      name: z.string(),
      verificationLevel: z.number().int().meta({ description: "0 none, 1 documents checked, 2 documents and site visit" }),
      country: z.string(),
    }),
    tiers: z.array(z.object({ minQuantity: z.string(), price: z.string() })),
    priceFrom: z.string().meta({ description: "The lowest tier price" }),
    currency: z.enum(CURRENCY_CODES),
    moq: z.string(),
    leadTimeDays: z.number().int(),
    incoterms: z.enum(INCOTERMS),
    incotermsPlace: z.string(),
    validUntil: z.string(),
    comment: z.string().nullable(),
    lang: Lang.meta({ description: "The language the supplier wrote in" }),
    status: z.enum(QUOTE_STATUSES),
    shortlisted: z.boolean(),
    editable: z.boolean().meta({ description: "The supplier may still change it (before the deadline, request open)" }),
    files: z.array(FileViewSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Quote" });
export type QuoteView = z.infer<typeof QuoteViewSchema>;

/** A supplier's quote with the request it answers. */
export const OwnQuoteSchema = QuoteViewSchema.extend({ rfq: RfqPublicSchema }).meta({ id: "OwnQuote" });
export type OwnQuote = z.infer<typeof OwnQuoteSchema>;

/** A request the supplier's company was matched to or invited to, with its own quote if any. */
export const MatchedRfqSchema = z
  .object({
    rfq: RfqPublicSchema,
    reason: z.enum(["tnved", "category", "okved", "invited"]),
    matchedAt: z.string(),
    myQuote: z.object({ id: z.number().int(), status: z.enum(QUOTE_STATUSES) }).nullable(),
  })
  .meta({ id: "MatchedRfq" });
export type MatchedRfq = z.infer<typeof MatchedRfqSchema>;

/** A number of the query as a person types it («12,5», «1 000»: contract/decimal.ts), within `min`…`max`. */
const typedAmount = (min: number, max: number) =>
  z
    .union([z.number(), z.string()])
    .transform((value) => (typeof value === "string" ? parseDecimalInput(value) : value))
    .pipe(z.number({ error: "invalid_number" }).min(min, { error: "too_small" }).max(max, { error: "too_big" }));

/**
 * The buyer's own import costs for the landed-cost comparison (ADR 050), each optional (the page
 * says which quotes miss one): roubles for the whole quantity asked.
 */
export const LandedCostInputs = z.object({
  freight: typedAmount(0, 1e12).optional().meta({
    description:
      "Main carriage to the EAEU border, RUB for the whole quantity: added to quotes whose Incoterms rule leaves it to the buyer (EXW, FCA, FAS, FOB)",
  }),
  insurance: typedAmount(0, 1e12).optional().meta({
    description: "Cargo insurance, RUB: added to quotes whose rule leaves it to the buyer (EXW, FCA, FAS, FOB, CFR, CPT)",
  }),
  dutyUnits: typedAmount(0.001, 1e9).optional().meta({
    description: "For a specific or combined duty: units of the tariff's measure (e.g. kg) in one unit of the request",
  }),
});

export const ComparisonQuery = LandedCostInputs.extend({
  lang: z.enum(LANGS).default("ru"),
  sort: z.enum(QUOTE_SORTS).default("landed"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  currency: z
    .enum(CURRENCY_CODES)
    .optional()
    .meta({ description: "The one currency every quote's prices are also shown in; default by `lang` (ru → RUB, zh → CNY, en → USD)" }),
});

/** A quote's prices in the comparison's one currency at the Bank of Russia's latest rates (null when a rate is missing). */
export const ConvertedPricesSchema = z.object({
  priceFrom: z.string().meta({ description: "The lowest tier price, converted (2 decimals)" }),
  tiers: z.array(z.string()).meta({ description: "Each tier's price, converted, in the order of `tiers`" }),
});

/**
 * A quote's price at the quantity the buyer asked for: the tier with the largest `minQuantity` not
 * above it (`tier`, an index into `tiers`), or the first tier when the quantity is below every
 * tier (`belowFirstTier`); `total` is that price times the quantity (2 decimals); `converted` and
 * `convertedTotal` the same in the comparison's currency (null without a rate).
 */
export const PriceAtQuantitySchema = z.object({
  tier: z.number().int(),
  minQuantity: z.string(),
  price: z.string(),
  total: z.string(),
  belowFirstTier: z.boolean(),
  converted: z.string().nullable(),
  convertedTotal: z.string().nullable(),
});
export type PriceAtQuantity = z.infer<typeof PriceAtQuantitySchema>;

/**
 * A quote's estimated landed cost at the asked quantity (ADR 050): the product page's calculation
 * (server/money/landed-cost.ts; `steps` in roubles, `missing` says why there are none) plus what its
 * Incoterms rule leaves to the buyer (`buyerCosts`, contract/incoterms.ts) and which of those the
 * buyer has not entered yet (`notEntered`: the total then leaves them out, and the page says so).
 * For DDP the seller pays duty and VAT: `steps.duty` and `steps.vat` are 0 and `duty` is null.
 */
export const QuoteLandedSchema = LandedCostSchema.omit({ productId: true })
  .extend({
    buyerCosts: z.object({ freight: z.boolean(), insurance: z.boolean(), dutyAndVat: z.boolean() }),
    notEntered: z.array(z.enum(["freight", "insurance"])),
  })
  .meta({ id: "QuoteLandedCost" });
export type QuoteLanded = z.infer<typeof QuoteLandedSchema>;

/** A quote in the comparison: its view, its prices in the comparison's currency, its price at the asked quantity and its landed cost. */
export const ComparedQuoteSchema = QuoteViewSchema.extend({
  converted: ConvertedPricesSchema.nullable(),
  atQuantity: PriceAtQuantitySchema,
  landed: QuoteLandedSchema,
}).meta({ id: "ComparedQuote" });
export type ComparedQuote = z.infer<typeof ComparedQuoteSchema>;

/**
 * The buyer's comparison: every quote, sorted (by landed cost by default, ADR 050), with its prices also in one currency (`currency`)
 * at the Bank of Russia's latest rates (`rateDate`, the oldest date among the rates applied). By
 * price, quotes compare by their price at the asked `quantity` (`atQuantity`), across currencies
 * through those rates (ADR 033); a quote whose currency has no rate stored comes after the others,
 * by currency then price.
 */
export const ComparisonSchema = z
  .object({
    sort: z.enum(QUOTE_SORTS),
    dir: z.enum(["asc", "desc"]),
    quantity: z.string().meta({ description: "The quantity the buyer asked for (the request's)" }),
    unit: z.string().meta({ description: "The request's unit (contract/units.ts): tiers and MOQ are in it" }),
    currency: z.enum(CURRENCY_CODES).meta({ description: "The currency of every quote's `converted` prices" }),
    rateDate: z.string().nullable().meta({ description: "Date of the Bank of Russia rates applied (the oldest of them); null when none" }),
    stale: z.boolean().meta({ description: "A rate applied is more than 3 days old" }),
    quotes: z.array(ComparedQuoteSchema),
    landed: z
      .object({
        tnved: z.string().nullable().meta({ description: "The request's TN VED code, whose duty applies to every quote" }),
        freight: z.string().nullable().meta({ description: "The buyer's freight as applied (RUB), null when not entered" }),
        insurance: z.string().nullable(),
        dutyUnits: z.string().nullable().meta({ description: "Tariff units in one unit of the request, as applied" }),
        needsDutyUnits: z
          .string()
          .nullable()
          .meta({ description: "The tariff's unit (e.g. кг) when a specific duty needs the buyer to say how many are in one unit" }),
      })
      .meta({ description: "The landed-cost basis shared by every quote" }),
    best: z.object({
      landed: z.number().int().nullable().meta({ description: "Id of the quote with the lowest landed cost, null when none has one" }),
      price: z.array(z.number().int()).meta({
        description: "Ids of the lowest-priced quote across the currencies with a rate, and of the lowest in each currency without one",
      }),
      leadTime: z.number().int().nullable(),
      moq: z.number().int().nullable(),
    }),
  })
  .meta({ id: "QuoteComparison" });
export type Comparison = z.infer<typeof ComparisonSchema>;

const SUPPLIER_TAG = "Profile: quotes";
const BUYER_TAG = "Profile: buying requests";
const MEMBER = ["no_company", "member_blocked"] as const satisfies readonly ErrorCode[];
const FILE_ERRORS = ["file_not_found", "file_kind_mismatch"] as const satisfies readonly ErrorCode[];
const ViewQuery = z.object({ lang: z.enum(LANGS).default("ru") });

export const listMatchedRfqs = defineRoute({
  method: "GET",
  path: "/api/profile/quotes/requests",
  operationId: "listMatchedRfqs",
  tag: SUPPLIER_TAG,
  summary: "Buying requests the caller's company was matched to or invited to, newest first",
  description: "Only for a published company (security review N9): others get 403 `company_not_published`.",
  auth: "user",
  scopes: ["rfq"],
  query: PagingSchema.extend({ lang: z.enum(LANGS).default("ru") }),
  data: z.array(MatchedRfqSchema),
  meta: PageMetaSchema,
  errors: [...MEMBER, "company_not_published"],
});

export const listOwnQuotes = defineRoute({
  method: "GET",
  path: "/api/profile/quotes",
  operationId: "listOwnQuotes",
  tag: SUPPLIER_TAG,
  summary: "The caller's company's quotes, last changed first",
  auth: "user",
  scopes: ["rfq"],
  query: ViewQuery,
  data: z.array(OwnQuoteSchema),
  errors: MEMBER,
});

export const createQuote = defineRoute({
  method: "POST",
  path: "/api/profile/quotes",
  operationId: "createQuote",
  tag: SUPPLIER_TAG,
  summary: "Quote on a buying request",
  description:
    "One per company per request; the request must be open and its deadline not passed; not on the company's own request. Access: owner, admin or sales (a member gets 403 `forbidden_role`, ADR 009).",
  auth: "user",
  scopes: ["rfq"],
  query: ViewQuery,
  body: CreateQuoteSchema,
  data: OwnQuoteSchema,
  status: 201,
  errors: [...MEMBER, "forbidden_role", "company_not_published", ...FILE_ERRORS, "not_found", "quote_exists", "rfq_closed", "own_rfq"],
});

export const getOwnQuote = defineRoute({
  method: "GET",
  path: "/api/profile/quotes/{id}",
  operationId: "getOwnQuote",
  tag: SUPPLIER_TAG,
  summary: "One of the company's quotes",
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  data: OwnQuoteSchema,
  errors: [...MEMBER, "not_found"],
});

export const updateQuote = defineRoute({
  method: "PUT",
  path: "/api/profile/quotes/{id}",
  operationId: "updateQuote",
  tag: SUPPLIER_TAG,
  summary: "Change a quote (the whole form) until the request's deadline",
  description: "Access: owner, admin or sales (a member gets 403 `forbidden_role`, ADR 009).",
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  body: QuoteSchema,
  data: OwnQuoteSchema,
  errors: [...MEMBER, "forbidden_role", "company_not_published", ...FILE_ERRORS, "not_found", "rfq_closed"],
});

export const compareQuotes = defineRoute({
  method: "GET",
  path: "/api/profile/rfq/{id}/quotes",
  operationId: "compareQuotes",
  tag: BUYER_TAG,
  summary: "The quotes on the caller's request, side by side",
  description:
    "Every quote at the request's quantity, with its estimated landed cost in roubles (price at the Bank of Russia rate, plus the freight and insurance the buyer gives for the rules that leave them to the buyer, plus the ETT EAEU duty of the request's TN VED code and 20 % import VAT; DDP: duty and VAT paid by the seller). Sorted by landed cost unless `sort` says otherwise.",
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ComparisonQuery,
  data: ComparisonSchema,
  errors: ["not_found"],
});

export const QuoteDecisionParams = z.object({ id: PathIdParams.shape.id, quoteId: PathIdParams.shape.id });
export const ShortlistSchema = form({
  shortlisted: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: typeError })),
});

export const shortlistQuote = defineRoute({
  method: "POST",
  path: "/api/profile/rfq/{id}/quotes/{quoteId}/shortlist",
  operationId: "shortlistQuote",
  tag: BUYER_TAG,
  summary: "Put a quote on (or take it off) the shortlist",
  auth: "user",
  scopes: ["rfq"],
  params: QuoteDecisionParams,
  query: ViewQuery,
  body: ShortlistSchema,
  data: QuoteViewSchema,
  errors: ["not_found"],
});

export const acceptQuote = defineRoute({
  method: "POST",
  path: "/api/profile/rfq/{id}/quotes/{quoteId}/accept",
  operationId: "acceptQuote",
  tag: BUYER_TAG,
  summary: "Accept a quote: the request is awarded; the suppliers are told when the undo window ends",
  description: `The winner and the other quoting suppliers are told ${AWARD_UNDO_MINUTES} minutes later (a scheduled job); until then \`undoAward\` takes the choice back.`,
  auth: "user",
  scopes: ["rfq"],
  params: QuoteDecisionParams,
  query: ViewQuery,
  body: z.object({}).optional(),
  data: QuoteViewSchema,
  errors: ["not_found", "invalid_transition"],
});

export const undoAward = defineRoute({
  method: "POST",
  path: "/api/profile/rfq/{id}/award/undo",
  operationId: "undoAward",
  tag: BUYER_TAG,
  summary: "Take back the accepted quote before the suppliers are told",
  description: `Within ${AWARD_UNDO_MINUTES} minutes of accepting and before the suppliers were told: the request is open again (closed if its deadline passed meanwhile), the scheduled e-mails are cancelled. Later: 409 \`invalid_transition\`.`,
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  body: z.object({}).optional(),
  data: OkSchema,
  errors: ["not_found", "invalid_transition"],
});
