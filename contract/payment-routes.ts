/**
 * Payment routes (issue 28 §3; ADR 049): how a company accepts payment, and what happened to the
 * payments sent along each route — the corridor's first shared record of which routes work.
 *
 * - A **route** is one of ROUTE_KINDS: `rub_account` (RUB to the company's account at a Russian bank
 *   of the Bank of Russia register), `bank_transfer` (CNY, USD or EUR to a named bank: a register
 *   bank, or a foreign bank by name and SWIFT BIC) or `agent` (through a named payment agent, any
 *   currency, a bank optional). Typical fees as the supplier states them: a percent and/or a fixed
 *   amount with its currency, and a free note. Owners and admins manage them; the public sees the
 *   active ones on the supplier page.
 * - **Never an account number**: a text field holding a run of 16 or more digits (a Russian account
 *   has 20, Chinese accounts and cards 16–19; a phone number at most 15, ITU-T E.164) or an IBAN
 *   (ISO 13616: a country code, two check digits, 11–30 letters and digits) is refused with the
 *   validation code `account_number` (`findAccountNumber`).
 * - A SWIFT BIC follows ISO 9362: 4 letters (the bank), 2 letters (an ISO 3166-1 country), 2 letters
 *   or digits (the location) and optionally 3 letters or digits (the branch); anything else is
 *   `swift_bic_format`.
 * - An **outcome** is recorded by the payer when an order's payment stage is marked
 *   (`PaymentOutcomeSchema`, server/payment-routes/outcomes.ts `recordPaymentOutcome`).
 * - **Aggregates** only (server/payment-routes/stats.ts): over the last STATS_WINDOW_DAYS days,
 *   shown when at least MIN_PAYMENTS payments from at least MIN_PAYERS different payer companies
 *   were recorded; median days rounded to whole days; a bank's reason is shown only when
 *   MIN_REASON_PAYERS different payers gave it. No single payment is identifiable (ADR 049).
 *
 * Isomorphic: the profile's form validates with these schemas in the browser.
 */
import { z } from "zod";
import { decimal, form, Id, nullable, optionalText, PathIdParams, typeError, MEMBER_ERRORS } from "./profile/fields.ts";
import { DeletedIdSchema, defineRoute } from "./route.ts";

export const ROUTE_KINDS = ["rub_account", "bank_transfer", "agent"] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];
/** Currencies of a route (ISO 4217). */
export const ROUTE_CURRENCIES = ["RUB", "CNY", "USD", "EUR"] as const;
export type RouteCurrency = (typeof ROUTE_CURRENCIES)[number];
/** The payment stages of an order that carry a payment (issue 28 §2). */
export const PAYMENT_STAGES = ["prepayment", "balance"] as const;
export type PaymentStage = (typeof PAYMENT_STAGES)[number];
export const PAYMENT_OUTCOMES = ["credited", "returned", "frozen", "partially_credited"] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
/** Licence status of a register bank (server/db/schema.ts `banks`). */
export const LICENCE_STATUSES = ["active", "revoked", "liquidation", "annulled", "unknown"] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** Aggregation window, in days before now (issue 28 §3: "over 180 days"). */
export const STATS_WINDOW_DAYS = 180;
/** Fewest payments of a route, bank or agent before its outcomes are shown (ADR 049). */
export const MIN_PAYMENTS = 5;
/** Fewest different payer companies among them (ADR 049): one buyer's payments are never shown alone. */
export const MIN_PAYERS = 3;
/** Fewest different payers who gave the same bank reason before it is shown as a common reason. */
export const MIN_REASON_PAYERS = 2;
/** At most this many routes per company. */
export const MAX_PAYMENT_ROUTES = 30;
/** Days an outcome may report (two years: longer than any freeze reported in the corridor). */
export const MAX_OUTCOME_DAYS = 730;

/* ─── rules on text ─────────────────────────────────────────────────────────────────────────── */

/** ISO 3166-1 alpha-2 country codes (and XK, which SWIFT uses for Kosovo). */
const ISO_COUNTRIES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG " +
    "CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL " +
    "GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA " +
    "LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP " +
    "NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK"
  ).split(" "),
);

/** True when `bic` (upper case, no spaces) has the ISO 9362 form: AAAA CC LL [BBB], CC a country. */
export function isSwiftBic(bic: string): boolean {
  const m = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.exec(bic);
  return m !== null && ISO_COUNTRIES.has(m[1]!);
}

/**
 * The first thing in `text` that looks like a bank account number, or null: a run of 16 or more
 * digits (single spaces, dots or dashes between them allowed), or an IBAN-shaped token (an ISO 3166
 * country, two digits, then 11–30 letters and digits, spaces allowed every few characters).
 */
export function findAccountNumber(text: string): string | null {
  const digits = /\d(?:[ .-]?\d){15,}/.exec(text);
  if (digits) return digits[0];
  for (const m of text.toUpperCase().matchAll(/\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){11,30})\b/g)) {
    if (ISO_COUNTRIES.has(m[1]!) && (m[3]!.match(/\d/g)?.length ?? 0) >= 6) return m[0];
  }
  return null;
}

/** A free text field that must not carry an account number (`account_number`). */
const safeText = (max: number) =>
  optionalText(max).superRefine((value, ctx) => {
    if (value && findAccountNumber(value)) ctx.addIssue({ code: "custom", message: "account_number" });
  });

const optionError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === "" ? "required" : "invalid_option");
const RouteCurrencyField = z.enum(ROUTE_CURRENCIES, { error: optionError });

/** A register bank's registration number (digits, as the Bank of Russia prints it). */
export const BankRegNumber = z
  .string({ error: typeError })
  .trim()
  .regex(/^\d{1,6}(-[A-ZА-Я0-9]{1,4})?$/u, { error: "invalid_option" });

/** A SWIFT BIC as typed: spaces dropped, upper case, then the ISO 9362 form. */
export const SwiftBicField = z
  .string({ error: typeError })
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().refine(isSwiftBic, { error: "swift_bic_format" }));

/** "true"/"false" of a select (or a JSON boolean); left out stays undefined (a new route is active). */
const ActiveField = z
  .preprocess((value) => (value === "true" || value === "on" ? true : value === "false" ? false : value), z.boolean({ error: typeError }))
  .optional();

export const PaymentRouteFields = form({
  kind: z.enum(ROUTE_KINDS, { error: optionError }),
  currency: RouteCurrencyField,
  bankRegNumber: nullable(BankRegNumber),
  foreignBankName: safeText(200),
  swiftBic: nullable(SwiftBicField),
  agentName: safeText(200),
  /** Percent of the amount, 0–100, two decimals. */
  feePercent: nullable(decimal({ integerDigits: 3, scale: 2, allowZero: true })),
  feeFixed: nullable(decimal({ integerDigits: 10, scale: 2, allowZero: true })),
  feeCurrency: nullable(RouteCurrencyField),
  feeNote: safeText(500),
  active: ActiveField,
});

/**
 * The route form with its cross-field rules: `rub_account` is RUB to a register bank;
 * `bank_transfer` is CNY/USD/EUR (`route_currency` otherwise) to a register bank or a foreign bank
 * named with its SWIFT BIC (`required` on what is missing); `agent` names the agent. A fixed fee
 * needs its currency (`price_currency_pair`); a percent is at most 100 (`too_big`).
 */
export const PaymentRouteSchema = PaymentRouteFields.superRefine((value, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
  if (value.kind === "rub_account") {
    if (value.currency !== "RUB") issue("currency", "route_currency");
    if (!value.bankRegNumber) issue("bankRegNumber", "required");
  }
  if (value.kind === "bank_transfer") {
    if (value.currency === "RUB") issue("currency", "route_currency");
    if (!value.bankRegNumber) {
      if (!value.foreignBankName) issue(value.swiftBic ? "foreignBankName" : "bankRegNumber", "required");
      if (value.foreignBankName && !value.swiftBic) issue("swiftBic", "required");
    }
  }
  if (value.kind === "agent" && !value.agentName) issue("agentName", "required");
  if (value.feeFixed && !value.feeCurrency) issue("feeCurrency", "price_currency_pair");
  if (value.feePercent && Number(value.feePercent) > 100) issue("feePercent", "too_big");
});
export type PaymentRouteInput = z.output<typeof PaymentRouteSchema>;
/** PATCH: any subset, merged with the stored route, then checked by PaymentRouteSchema. */
export const PaymentRoutePatchSchema = PaymentRouteFields.partial();

/**
 * One outcome of an order's payment stage, recorded by the payer: credited or partially credited
 * after `days`, returned after `days` with the bank's reason as given (`required`), or frozen
 * (days so far optional). Fees actually paid: an amount with its currency (`price_currency_pair`).
 */
export const OrderPaymentFields = form({
  stage: z.enum(PAYMENT_STAGES, { error: optionError }),
  outcome: z.enum(PAYMENT_OUTCOMES, { error: optionError }),
  days: nullable(
    z.coerce
      .number({ error: typeError })
      .int({ error: "invalid_number" })
      .min(0, { error: "too_small" })
      .max(MAX_OUTCOME_DAYS, { error: "too_big" }),
  ),
  bankReason: safeText(500),
  feesAmount: nullable(decimal({ integerDigits: 12, scale: 2, allowZero: true })),
  feesCurrency: nullable(RouteCurrencyField),
});

/** The rules across an outcome's fields (the type comment above). */
function outcomeRules(value: z.output<typeof OrderPaymentFields>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
  if (value.outcome !== "frozen" && (value.days === undefined || value.days === null)) issue("days", "required");
  if (value.outcome === "returned" && !value.bankReason) issue("bankReason", "required");
  if (value.feesAmount && !value.feesCurrency) issue("feesCurrency", "price_currency_pair");
}

/** What the payer records on the order page (the order, route and companies come from the order). */
export const OrderPaymentSchema = OrderPaymentFields.superRefine(outcomeRules);
export type OrderPaymentInput = z.output<typeof OrderPaymentSchema>;

export const PaymentOutcomeSchema = OrderPaymentFields.extend({
  /** The order (issue 28 §1); checked by the orders module that calls `recordPaymentOutcome`. */
  orderId: Id,
  routeId: Id,
  payerCompanyId: Id,
  payeeCompanyId: Id,
}).superRefine((value, ctx) => {
  outcomeRules(value, ctx);
  if (value.payerCompanyId === value.payeeCompanyId) ctx.addIssue({ code: "custom", message: "invalid_option", path: ["payeeCompanyId"] });
});
export type PaymentOutcomeInput = z.output<typeof PaymentOutcomeSchema>;

/* ─── answers ───────────────────────────────────────────────────────────────────────────────── */

export const BankSchema = z
  .object({
    regNumber: z.string().meta({ description: "Bank of Russia registration number" }),
    name: z.string(),
    ogrn: z.string().nullable(),
    orgType: z.string().nullable(),
    licenceStatus: z.enum(LICENCE_STATUSES).meta({ description: "`revoked`, `liquidation`, `annulled`: the bank may not take payments" }),
  })
  .meta({ id: "Bank" });
export type Bank = z.infer<typeof BankSchema>;

/**
 * Outcomes of one route over the window, or null below the thresholds. `medianDays`: whole days to
 * credit among credited payments (null when none).
 */
export const RouteStatsSchema = z
  .object({
    payments: z.number().int(),
    credited: z.number().int(),
    partiallyCredited: z.number().int(),
    returned: z.number().int(),
    frozen: z.number().int(),
    medianDays: z.number().int().nullable(),
  })
  .meta({ id: "PaymentRouteStats" });
export type RouteStats = z.infer<typeof RouteStatsSchema>;

const FeesSchema = z.object({
  percent: z.string().nullable(),
  fixed: z.string().nullable(),
  currency: z.enum(ROUTE_CURRENCIES).nullable(),
  note: z.string().nullable(),
});

export const PaymentRouteViewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ROUTE_KINDS),
    currency: z.enum(ROUTE_CURRENCIES),
    bank: BankSchema.nullable().meta({ description: "A bank of the Bank of Russia register" }),
    foreignBank: z.object({ name: z.string(), swiftBic: z.string() }).nullable(),
    agentName: z.string().nullable(),
    fees: FeesSchema,
    active: z.boolean(),
    stats: RouteStatsSchema.nullable().meta({
      description: `Outcomes of the last ${STATS_WINDOW_DAYS} days; null below ${MIN_PAYMENTS} payments from ${MIN_PAYERS} payers`,
    }),
  })
  .meta({ id: "PaymentRoute" });
export type PaymentRouteView = z.infer<typeof PaymentRouteViewSchema>;

/** One bank, foreign bank or agent on the platform's page. */
export const ChannelStatsSchema = z
  .object({
    key: z.string().meta({ description: "`bank:<reg number>`, `bic:<BIC8>` or `agent:<name>`" }),
    kind: z.enum(["bank", "foreign_bank", "agent"]),
    name: z.string(),
    regNumber: z.string().nullable(),
    swiftBic: z.string().nullable().meta({ description: "BIC8 (the institution)" }),
    licenceStatus: z.enum(LICENCE_STATUSES).nullable(),
    payments: z.number().int(),
    credited: z.number().int(),
    creditedShare: z.number().int().meta({ description: "Percent of payments credited in full, rounded" }),
    medianDays: z.number().int().nullable(),
    returned: z.number().int(),
    frozen: z.number().int(),
    reasons: z.array(z.string()).meta({ description: `Bank reasons given by at least ${MIN_REASON_PAYERS} payers, most frequent first` }),
  })
  .meta({ id: "PaymentChannelStats" });
export type ChannelStats = z.infer<typeof ChannelStatsSchema>;

export const PLATFORM_SORTS = ["payments", "credited", "days", "returned", "name"] as const;
export type PlatformSort = (typeof PLATFORM_SORTS)[number];

export const PlatformStatsSchema = z
  .object({
    asOf: z.string().meta({ description: "Date (UTC) the figures were computed" }),
    from: z.string().meta({ description: "First day of the window (UTC)" }),
    windowDays: z.number().int(),
    minPayments: z.number().int(),
    minPayers: z.number().int(),
    banks: z.array(ChannelStatsSchema),
    agents: z.array(ChannelStatsSchema),
    /** Banks and agents with outcomes below the thresholds (not listed). */
    belowThreshold: z.number().int(),
  })
  .meta({ id: "PaymentPlatformStats" });
export type PlatformStats = z.infer<typeof PlatformStatsSchema>;

/* ─── routes ────────────────────────────────────────────────────────────────────────────────── */

const TAG = "Payment routes";
const PROFILE_TAG = "Profile: payment routes";

export const listBanks = defineRoute({
  method: "GET",
  path: "/api/payment-routes/banks",
  operationId: "listBanks",
  tag: TAG,
  summary: "Banks of the Bank of Russia register",
  description:
    "Banks whose licence is active (or not yet stated), by name; `q` filters by name or registration number; `all=true` lists every status.",
  auth: "public",
  query: z.object({
    q: z.string().trim().max(100).optional(),
    all: z.enum(["true", "false"]).optional(),
  }),
  data: z.array(BankSchema),
});

export const getPlatformStats = defineRoute({
  method: "GET",
  path: "/api/payment-routes",
  operationId: "getPaymentRouteStats",
  tag: TAG,
  summary: "Outcomes per bank and per agent across the platform",
  description: `The last ${STATS_WINDOW_DAYS} days; only banks and agents with at least ${MIN_PAYMENTS} payments from ${MIN_PAYERS} payers (ADR 049).`,
  auth: "public",
  query: z.object({
    sort: z.enum(PLATFORM_SORTS).default("payments"),
    dir: z.enum(["asc", "desc"]).optional(),
  }),
  data: PlatformStatsSchema,
});

export const listCompanyPaymentRoutes = defineRoute({
  method: "GET",
  path: "/api/payment-routes/companies/{id}",
  operationId: "listCompanyPaymentRoutes",
  tag: TAG,
  summary: "A published supplier's active payment routes with their outcomes",
  auth: "public",
  scopes: ["catalog:read"],
  params: PathIdParams,
  data: z.array(PaymentRouteViewSchema),
  errors: ["not_found"],
});

export const listOwnPaymentRoutes = defineRoute({
  method: "GET",
  path: "/api/profile/company/payment-routes",
  operationId: "listProfilePaymentRoutes",
  tag: PROFILE_TAG,
  summary: "The company's payment routes, active and paused",
  description: "Access: any employee.",
  auth: "user",
  data: z.array(PaymentRouteViewSchema),
  errors: MEMBER_ERRORS,
});

const WRITE_ERRORS = [...MEMBER_ERRORS, "forbidden_role", "company_blocked"] as const;

export const createPaymentRoute = defineRoute({
  method: "POST",
  path: "/api/profile/company/payment-routes",
  operationId: "createProfilePaymentRoute",
  tag: PROFILE_TAG,
  summary: "Add a payment route",
  description: `Never an account number (\`account_number\`). At most ${MAX_PAYMENT_ROUTES}. Access: owner or admin.`,
  auth: "user",
  body: PaymentRouteSchema,
  data: PaymentRouteViewSchema,
  status: 201,
  errors: [...WRITE_ERRORS, "too_many_payment_routes"],
});

export const updatePaymentRoute = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/payment-routes/{id}",
  operationId: "updateProfilePaymentRoute",
  tag: PROFILE_TAG,
  summary: "Change a payment route",
  description: "Fields left out stay; the merged route must pass the route form. Access: owner or admin.",
  auth: "user",
  params: PathIdParams,
  body: PaymentRoutePatchSchema,
  data: PaymentRouteViewSchema,
  errors: [...WRITE_ERRORS, "not_found"],
});

export const deletePaymentRoute = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/payment-routes/{id}",
  operationId: "deleteProfilePaymentRoute",
  tag: PROFILE_TAG,
  summary: "Delete a payment route",
  description: "Recorded outcomes stay in the platform's figures (the route's bank or agent is kept on them). Access: owner or admin.",
  auth: "user",
  params: PathIdParams,
  data: DeletedIdSchema,
  errors: [...WRITE_ERRORS, "not_found"],
});

/** The route's name in one line: the bank, the foreign bank with its SWIFT BIC, or the agent it goes through. */
export function routeName(route: Pick<PaymentRouteView, "kind" | "bank" | "foreignBank" | "agentName">): string {
  if (route.kind === "agent" && route.agentName) return route.agentName;
  if (route.bank) return route.bank.name;
  if (route.foreignBank) return `${route.foreignBank.name} (${route.foreignBank.swiftBic})`;
  return "";
}

/** The route as an order's terms and contract name it: «Bank of China (BKCHCNBJ) · CNY». */
export function routeLabel(route: Pick<PaymentRouteView, "kind" | "bank" | "foreignBank" | "agentName" | "currency">): string {
  return `${routeName(route)} · ${route.currency}`;
}
