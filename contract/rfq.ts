/**
 * Buying requests (RFQ, issue 14 §2; ADR 029): a signed-in buyer asks suppliers for quotes on goods
 * named by a TN VED code and/or a catalogue category, with quantity and unit (contract/units.ts),
 * an optional target price, an Incoterms 2020 rule, a destination and a deadline.
 *
 * - A **public** request is reviewed by a moderator (the admin moderation queue, kind `rfq`), then
 *   `open`: listed at `/rfq` in three languages WITHOUT the buyer's contacts, and the matching job
 *   notifies suppliers whose published products share its TN VED heading (first four digits), its
 *   category or (by a small map) their OKVED activities.
 * - A **private** request opens at once and reaches only the companies the buyer invited; to anyone
 *   else it does not exist (404).
 * - Statuses: draft → (moderation → rejected | open, public only) → open → closed (deadline or the
 *   buyer) | awarded (the buyer accepted a quote). Only a draft or a rejected request can be edited.
 *
 * Validation codes (contract/validation.ts): a deadline before tomorrow is `too_small`, more than a
 * year ahead `too_big`; a target price without a currency `price_currency_pair`; neither TN VED code
 * nor category `required` on `tnvedCode`; a private request without invited companies `required` on
 * `invitedCompanyIds`; a PUBLIC request whose title or description holds contacts (`findContacts`:
 * phone numbers, e-mail addresses, links) `contacts_found` on `description`, unless the buyer ticked
 * `allowContacts` (usability review #16: a public request is shown to everyone "without your
 * contacts"; a private one goes only to the invited suppliers, so contacts there are fine).
 *
 * Limits per buyer and day (security review N3) are server/api/rate-limits.ts `RFQ_LIMITS`; a new
 * buyer's private requests are reviewed like public ones.
 *
 * Quotes are contract/quotes.ts. Isomorphic: the browser's forms validate with these schemas.
 */
import { z } from "zod";
import { LANGS } from "./lang-schemas.ts";
import { CURRENCY_CODES, Currency, decimal, form, Id, LangField, nullable, PathIdParams, text, typeError, Unit } from "./profile/fields.ts";
import { OkSchema, PageMetaSchema, PagingSchema, defineRoute } from "./route.ts";
import type { ErrorCode } from "./errors.ts";
import { FileViewSchema } from "./files.ts";
import { UNIT_IDS } from "./units.ts";

/** Incoterms® 2020 rules, in the ICC's order (any mode of transport first, then sea and inland waterway). */
export const INCOTERMS = ["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP", "FAS", "FOB", "CFR", "CIF"] as const;
export type Incoterm = (typeof INCOTERMS)[number];
/** `hidden`: a listed request staff took down (reason in `moderationNote`); only its buyer still sees it. */
export const RFQ_STATUSES = ["draft", "moderation", "rejected", "open", "closed", "awarded", "hidden"] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const RFQ_VISIBILITIES = ["public", "private"] as const;
export type RfqVisibility = (typeof RFQ_VISIBILITIES)[number];
/** At most this many suppliers are notified of one request (the best ranked). */
export const MATCH_CAP = 50;
/** At most this many companies invited to a private request, and files attached. */
export const MAX_INVITED = 50;
export const MAX_RFQ_FILES = 10;

const optionError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === "" ? "required" : "invalid_option");
export const IncotermField = z.enum(INCOTERMS, { error: optionError });

/** A TN VED EAEU code of 4, 6, 8 or 10 digits (spaces removed): a heading is enough to find suppliers. */
export const RfqTnvedCode = z
  .string({ error: typeError })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{4}(\d{2}){0,3}$/, { error: "invalid_format" }));

/** ISO 3166-1 alpha-2 country code of the destination (any country: goods go to Kazakhstan too). */
export const CountryField = z
  .string({ error: typeError })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "invalid_format" });

/** A calendar date `YYYY-MM-DD` (an HTML date input's value). */
export const DateField = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: "required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "invalid_format" });

/** Today's date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The moment a deadline date ends: requests close at 23:59:59 UTC of their deadline day. */
export function deadlineEnd(date: string): Date {
  return new Date(`${date}T23:59:59Z`);
}

/**
 * Contacts written into a request's text (usability review #16), in the order found, each once:
 * - e-mail addresses;
 * - links: `http(s)://…`, `www.…`, messenger links (t.me, wa.me) and bare domains of common zones;
 * - phone numbers: 10–15 digits with spaces, dashes, dots or brackets between them that start with
 *   `+`, or contain a bracketed area code, or are 11 digits starting with 7 or 8 (Russia) or a
 *   Chinese mobile number (1[3-9] and 9 more digits). A TN VED code («7304 19 300 9», 10 digits
 *   starting with 7), a standard («ГОСТ 8732-78») or a size («57×3,5») is not a phone.
 * Used by the form's warning, the schema's `contacts_found` and the moderators' highlighting.
 */
export function findContacts(text: string): string[] {
  const found: { at: number; value: string }[] = [];
  const taken: [number, number][] = [];
  const add = (at: number, value: string) => {
    const end = at + value.length;
    if (taken.some(([a, b]) => at < b && end > a)) return;
    taken.push([at, end]);
    found.push({ at, value });
  };
  for (const m of text.matchAll(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu)) add(m.index, m[0]);
  const link =
    /\b(?:https?:\/\/[^\s<>«»"]+|www\.[^\s<>«»"]+|(?:t\.me|wa\.me)\/[^\s<>«»"]+|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:ru|com|cn|net|org|su|info|biz|io|me|рф)\b(?:\/[^\s<>«»"]*)?)/giu;
  for (const m of text.matchAll(link)) add(m.index, m[0].replace(/[.,;:!?)»]+$/u, ""));
  for (const m of text.matchAll(/\+?\d[\d\s().-]{8,22}\d/g)) {
    const raw = m[0];
    const digits = raw.replace(/\D/g, "");
    if (digits.length < 10 || digits.length > 15) continue;
    const phone =
      raw.startsWith("+") || /\(\d{2,5}\)/.test(raw) || (digits.length === 11 && /^[78]/.test(digits)) || /^1[3-9]\d{9}$/.test(digits);
    if (phone) add(m.index, raw.trim());
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.value))];
}

/** A form checkbox's value as a boolean ("on", "true" or true; anything else false). */
const Checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** Ids of a form's repeated field: an array, or one id (a form with one checkbox ticked). */
const IdList = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value.filter((v) => v !== "") : [value]),
    z.array(z.coerce.number().pipe(Id), { error: typeError }).max(max, { error: "too_many" }),
  );

export const RfqFields = form({
  title: text(200),
  description: text(5000),
  /** The language the buyer writes in (shown on the request). */
  lang: LangField,
  tnvedCode: nullable(RfqTnvedCode),
  categoryId: nullable(Id),
  quantity: decimal({ integerDigits: 11, scale: 3 }),
  unit: Unit,
  targetPrice: nullable(decimal({ integerDigits: 12, scale: 2 })),
  currency: nullable(Currency),
  incoterms: IncotermField,
  destinationCountry: CountryField,
  destinationCity: text(200),
  /** The last day quotes are accepted (UTC). */
  deadline: DateField,
  visibility: z.enum(RFQ_VISIBILITIES, { error: optionError }),
  invitedCompanyIds: IdList(MAX_INVITED).optional(),
  /** Temporary uploads (`POST /api/files/common`) to attach; checked by content when uploaded. */
  fileIds: IdList(MAX_RFQ_FILES).optional(),
  /** The buyer saw the warning and keeps the contacts in a public request's text (not stored). */
  allowContacts: Checkbox.optional(),
});

/** The request form with its cross-field rules (see the module comment). */
export const RfqSchema = RfqFields.superRefine((value, ctx) => {
  if (!value.tnvedCode && !value.categoryId) ctx.addIssue({ code: "custom", message: "required", path: ["tnvedCode"] });
  if (value.targetPrice && !value.currency) ctx.addIssue({ code: "custom", message: "price_currency_pair", path: ["currency"] });
  const today = todayUtc();
  if (value.deadline <= today) ctx.addIssue({ code: "custom", message: "too_small", path: ["deadline"] });
  const yearAhead = todayUtc(new Date(Date.now() + 366 * 86_400_000));
  if (value.deadline > yearAhead) ctx.addIssue({ code: "custom", message: "too_big", path: ["deadline"] });
  if (value.visibility === "private" && !value.invitedCompanyIds?.length) {
    ctx.addIssue({ code: "custom", message: "required", path: ["invitedCompanyIds"] });
  }
  if (value.visibility === "public" && !value.allowContacts && findContacts(`${value.title}\n${value.description}`).length > 0) {
    ctx.addIssue({ code: "custom", message: "contacts_found", path: ["description"] });
  }
});
export type RfqInput = z.output<typeof RfqSchema>;

/* ─── answers ───────────────────────────────────────────────────────────────────────────────── */

const Lang = z.enum(LANGS);
const NamedCode = z.object({ code: z.string(), name: z.string() });

/** A request as a supplier or a visitor sees it: no buyer contacts, only the company's name if any. */
export const RfqPublicSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    lang: Lang.meta({ description: "The language the buyer wrote the request in" }),
    tnvedCode: z.string().nullable(),
    tnved: NamedCode.nullable().meta({ description: "The TN VED code's (or heading's) name in the asked language" }),
    category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    quantity: z.string(),
    unit: z.enum(UNIT_IDS as [string, ...string[]]),
    targetPrice: z.string().nullable(),
    currency: z.enum(CURRENCY_CODES).nullable(),
    incoterms: z.enum(INCOTERMS),
    destinationCountry: z.string(),
    destinationCity: z.string(),
    deadline: z.string().meta({ description: "Last day for quotes, YYYY-MM-DD (UTC)" }),
    visibility: z.enum(RFQ_VISIBILITIES),
    status: z.enum(RFQ_STATUSES),
    buyerCompany: z.string().nullable().meta({ description: "The buyer's company name, if they have one (no contacts)" }),
    openedAt: z.string().nullable(),
    quoteCount: z.number().int(),
    files: z.array(FileViewSchema),
  })
  .meta({ id: "Rfq" });
export type RfqPublic = z.infer<typeof RfqPublicSchema>;

/** What the caller may do with a request they see. */
export const RfqViewerSchema = z.object({
  isBuyer: z.boolean(),
  canQuote: z.boolean().meta({
    description:
      "The caller may quote for their company now: open, before the deadline, not the buyer's own, and the caller's company role answers buyers (owner, admin, sales)",
  }),
  myQuoteId: z.number().int().nullable(),
});

export const RfqDetailSchema = RfqPublicSchema.extend({ viewer: RfqViewerSchema }).meta({ id: "RfqDetail" });
export type RfqDetail = z.infer<typeof RfqDetailSchema>;

/**
 * Who a request reached (usability review #3): `matched` companies (found by the matching job, or
 * invited), of which `told` were really told — `byAccount` through their people's notifications,
 * `byEmail` by an invitation to the public address of a company nobody runs yet. The rest were not
 * told: `noAddress` (nobody runs the company and it has no public e-mail) or `heldBack` by a daily
 * e-mail cap (told later while the request is open), `unclaimed`: companies from the FNS registers
 * nobody claimed yet (no address exists; their owner sees the request once a claim is approved,
 * issue 30 §3), the others still `pending` (the job is running).
 */
export const RfqReachSchema = z
  .object({
    matched: z.number().int(),
    told: z.number().int(),
    byAccount: z.number().int(),
    byEmail: z.number().int(),
    noAddress: z.number().int(),
    heldBack: z.number().int(),
    unclaimed: z.number().int(),
    pending: z.number().int(),
  })
  .meta({ id: "RfqReach" });
export type RfqReach = z.infer<typeof RfqReachSchema>;

/**
 * An accepted quote while it can still be taken back (contract/quotes.ts AWARD_UNDO_MINUTES): the
 * suppliers are told when the window ends (`notified` once they were), and until then the buyer may
 * undo (`undoAward`).
 */
export const RfqAwardSchema = z
  .object({
    quoteId: z.number().int(),
    acceptedAt: z.string(),
    undoUntil: z.string().meta({ description: "The end of the undo window; the suppliers are told then" }),
    notified: z.boolean().meta({ description: "The suppliers were told: the award can no longer be undone" }),
  })
  .meta({ id: "RfqAward" });
export type RfqAward = z.infer<typeof RfqAwardSchema>;

/** The buyer's own request: everything, with the moderator's note and who it reached. */
export const OwnRfqSchema = RfqPublicSchema.extend({
  categoryId: z.number().int().nullable(),
  moderationNote: z.string().nullable(),
  moderationNoteLang: Lang.nullable(),
  invitedCompanies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  matchedCount: z.number().int().meta({ description: "Suppliers the request was matched to (see `reach` for who was told)" }),
  reach: RfqReachSchema,
  awardedQuoteId: z.number().int().nullable(),
  award: RfqAwardSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "OwnRfq" });
export type OwnRfq = z.infer<typeof OwnRfqSchema>;

export const RfqListQuery = PagingSchema.extend({
  lang: z.enum(LANGS).default("ru"),
  q: z.string().trim().max(200).optional().meta({ description: "Words of the title or description" }),
  tnved: z
    .string()
    .regex(/^\d{2,10}$/)
    .optional()
    .meta({ description: "TN VED code or prefix (2–10 digits): requests whose code starts with it" }),
  category: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .meta({ description: "Category id: requests in it or in one of its subcategories" }),
});

const TAG = "Buying requests";
const BUYER_TAG = "Profile: buying requests";
const ViewQuery = z.object({ lang: z.enum(LANGS).default("ru") });
const EDIT_ERRORS = ["not_found", "invalid_transition"] as const satisfies readonly ErrorCode[];
const FILE_ERRORS = ["file_not_found", "file_kind_mismatch"] as const satisfies readonly ErrorCode[];

export const listRfqs = defineRoute({
  method: "GET",
  path: "/api/rfq",
  operationId: "listRfqs",
  tag: TAG,
  summary: "Open public buying requests, newest first",
  description: "Public: approved requests whose deadline has not passed. Never a private one, never the buyer's contacts.",
  auth: "public",
  scopes: ["rfq"],
  query: RfqListQuery,
  data: z.array(RfqPublicSchema),
  meta: PageMetaSchema,
});

export const getRfq = defineRoute({
  method: "GET",
  path: "/api/rfq/{id}",
  operationId: "getRfq",
  tag: TAG,
  summary: "One buying request",
  description:
    "A public request once approved (open, closed or awarded) to anyone; a private one only to the buyer and the invited companies' people; a draft or one under review only to the buyer. Anything else: 404.",
  auth: "public",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  data: RfqDetailSchema,
  errors: ["not_found"],
});

export const listOwnRfqs = defineRoute({
  method: "GET",
  path: "/api/profile/rfq",
  operationId: "listOwnRfqs",
  tag: BUYER_TAG,
  summary: "The caller's buying requests, newest first",
  auth: "user",
  scopes: ["rfq"],
  query: ViewQuery,
  data: z.array(OwnRfqSchema),
});

export const createRfq = defineRoute({
  method: "POST",
  path: "/api/profile/rfq",
  operationId: "createRfq",
  tag: BUYER_TAG,
  summary: "Write a buying request (a draft)",
  description: "Then `submit` it: a public request goes to moderation, a private one opens at once.",
  auth: "user",
  scopes: ["rfq"],
  query: ViewQuery,
  body: RfqSchema,
  data: OwnRfqSchema,
  status: 201,
  errors: [...FILE_ERRORS, "not_found", "rate_limited"],
});

export const getOwnRfq = defineRoute({
  method: "GET",
  path: "/api/profile/rfq/{id}",
  operationId: "getOwnRfq",
  tag: BUYER_TAG,
  summary: "One of the caller's buying requests",
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  data: OwnRfqSchema,
  errors: ["not_found"],
});

export const updateRfq = defineRoute({
  method: "PUT",
  path: "/api/profile/rfq/{id}",
  operationId: "updateRfq",
  tag: BUYER_TAG,
  summary: "Rewrite a draft or rejected request",
  description: "The whole form. Attached files not named in `fileIds` stay; a 409 `invalid_transition` once submitted.",
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  body: RfqSchema,
  data: OwnRfqSchema,
  errors: [...EDIT_ERRORS, ...FILE_ERRORS],
});

export const RfqActionSchema = form({ action: z.enum(["submit", "close"], { error: optionError }) });

export const changeRfqStatus = defineRoute({
  method: "POST",
  path: "/api/profile/rfq/{id}/status",
  operationId: "changeRfqStatus",
  tag: BUYER_TAG,
  summary: "Submit a draft (public → moderation, private → open) or close an open request",
  description:
    "A private request of a new buyer (fewer opened requests than RFQ_LIMITS.trustedAfterOpened) goes to moderation too. Daily limits per buyer (private and public submissions, invitees, requests to the same company): 429 `rate_limited`.",
  auth: "user",
  scopes: ["rfq"],
  params: PathIdParams,
  query: ViewQuery,
  body: RfqActionSchema,
  data: OwnRfqSchema,
  errors: [...EDIT_ERRORS, "incomplete", "rate_limited"],
});

/** The most suppliers one search of the invitation picker returns. */
export const SUPPLIER_SEARCH_LIMIT = 20;

/**
 * The invitation picker's search: `q` — words of a published company's name (in any of its
 * languages, or its legal entity's name) or the first digits (at least 4) of its INN; or `ids` —
 * the named companies, comma-separated (the picker's chosen list after a no-JS search step). A `q`
 * shorter than 2 characters is `too_small`.
 */
export const SupplierSearchQuery = z.object({
  lang: z.enum(LANGS).default("ru"),
  q: z.string().trim().min(2, { error: "too_small" }).max(100, { error: "too_big" }).optional(),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, { error: "invalid_format" })
    .transform((value) => [...new Set(value.split(",").map(Number))])
    .pipe(z.array(Id).max(MAX_INVITED, { error: "too_many" }))
    .optional(),
});

export const RfqSupplierSchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: "In the asked language, else Russian, English or Chinese" }),
    inn: z.string().nullable().meta({ description: "The INN of its (first) legal entity" }),
    city: z.string().nullable(),
    country: z.enum(["RU", "CN"]),
    verificationLevel: z.number().int().meta({ description: "0 none, 1 documents checked, 2 documents and site visit" }),
  })
  .meta({ id: "RfqSupplier" });
export type RfqSupplier = z.infer<typeof RfqSupplierSchema>;

export const searchRfqSuppliers = defineRoute({
  method: "GET",
  path: "/api/profile/rfq/suppliers",
  operationId: "searchRfqSuppliers",
  tag: BUYER_TAG,
  summary: "Find published suppliers to invite to a private request",
  description: `By name or INN (\`q\`), or by id (\`ids\`): published companies only, never the caller's own; the best ${SUPPLIER_SEARCH_LIMIT} — an exact INN or a name starting with \`q\` first, then by verification. Neither \`q\` nor \`ids\`: an empty list.`,
  auth: "user",
  scopes: ["rfq"],
  query: SupplierSearchQuery,
  data: z.array(RfqSupplierSchema),
});

/**
 * Staff take a listed request (open, closed or awarded) down: it leaves `/rfq`, its page is a 404 to
 * everyone but its buyer, suppliers can no longer quote; the buyer reads the reason (e-mail and the
 * request's page). Audited `rfq.hide`. 409 `invalid_transition` for a request that is not listed.
 */
export const hideRfq = defineRoute({
  method: "POST",
  path: "/app/admin/rfq/{id}/hide",
  operationId: "adminHideRfq",
  tag: "Admin: buying requests",
  summary: "Hide a listed buying request with a reason for its buyer; audited",
  auth: "staff",
  params: PathIdParams,
  body: form({ reason: text(2000), lang: LangField }),
  data: OkSchema,
  errors: ["unauthorized", "forbidden", "not_found", "invalid_transition"],
});
