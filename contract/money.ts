/**
 * Comparable prices and landed cost (issue 15): the Bank of Russia's official exchange rates,
 * import duty rates of the EAEU Common Customs Tariff (ЕТТ ЕАЭС) by TN VED code, and an estimated
 * landed cost of a product for a quantity. ADR 026 says how rates are kept and applied.
 *
 * Amounts are exact decimals as strings (DecimalSchema). A rate is roubles per `nominal` units as
 * published (`value`) and per one unit (`perUnit`, 8 decimals). A rate is `stale` when its date is
 * more than STALE_AFTER_DAYS days before today (UTC): the bank publishes every working day, so an
 * older one means the daily import has stopped.
 *
 * Also here, pure and shared by both tiers: `convert` (an amount from one currency to another
 * through roubles) and the visitor's display currency rules.
 */
import { z } from "zod";
import { CURRENCIES, CurrencySchema, DecimalSchema, type Currency } from "./common.ts";
import { defineRoute, IdParams } from "./route.ts";
import { dec, div, mul, toFixed } from "./money-math.ts";
import type { Lang } from "./lang-schemas.ts";
import { TnvedPrefixSchema } from "./products.ts";
import { parseDecimalInput } from "./decimal.ts";

/** A rate older than this many days is said to be stale. */
export const STALE_AFTER_DAYS = 3;
/** Currencies whose rates the API serves: the price currencies (but RUB) and EUR, in which specific duties are set. */
export const RATE_CURRENCIES = ["CNY", "USD", "EUR"] as const;
/** The general import VAT rate, % (Tax Code of the Russian Federation art. 164 p. 3). */
export const IMPORT_VAT_PCT = "20";

/** The visitor's display currency when none is chosen: by the page's language (ru → RUB, zh → CNY, en → USD). */
export const DEFAULT_DISPLAY_CURRENCY: Record<Lang, Currency> = { ru: "RUB", zh: "CNY", en: "USD" };
/** Cookie that keeps the visitor's chosen display currency (a currency code). */
export const CURRENCY_COOKIE = "currency";

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

export const ExchangeRateSchema = z
  .object({
    currency: z.string().meta({ description: "ISO 4217 letter code" }),
    nominal: z.number().int().min(1),
    value: DecimalSchema.meta({ description: "Roubles for `nominal` units, as published" }),
    perUnit: DecimalSchema.meta({ description: "Roubles for one unit (value / nominal)" }),
    date: z.string().meta({ description: "The date the Bank of Russia set the rate for (YYYY-MM-DD)" }),
  })
  .meta({ id: "ExchangeRate" });
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const RatesViewSchema = z
  .object({
    source: z.literal("cbr").meta({ description: "Bank of Russia official rates (XML_daily.asp)" }),
    date: z.string().nullable().meta({ description: "Date of the newest rate; null when none is stored" }),
    stale: z.boolean().meta({ description: `The newest rate is more than ${STALE_AFTER_DAYS} days old` }),
    rates: z.array(ExchangeRateSchema),
  })
  .meta({ id: "Rates" });
export type RatesView = z.infer<typeof RatesViewSchema>;

/** roubles per one unit of a currency (RUB itself is "1"). */
export type RubPerUnit = Partial<Record<string, string>>;

/** The rates of a view as roubles per unit, RUB included. */
export function rubPerUnit(view: Pick<RatesView, "rates">): RubPerUnit {
  return { RUB: "1", ...Object.fromEntries(view.rates.map((r) => [r.currency, r.perUnit])) };
}

/**
 * `amount` of `from` expressed in `to` through roubles (amount × rub(from) ÷ rub(to)), rounded to
 * 2 decimals; null when a rate is missing. Exact decimal arithmetic (money-math.ts).
 */
export function convert(amount: string, from: string, to: string, rates: RubPerUnit): string | null {
  if (from === to) return toFixed(dec(amount));
  const a = rates[from];
  const b = rates[to];
  if (!a || !b) return null;
  return toFixed(div(mul(dec(amount), dec(a)), dec(b)));
}

/** Whole days from `date` (YYYY-MM-DD) to `today` (default: now, UTC). */
export function ageInDays(date: string, today: Date = new Date()): number {
  const start = Date.parse(`${date}T00:00:00Z`);
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.floor((now - start) / 86_400_000);
}

export const isStale = (date: string, today?: Date) => ageInDays(date, today) > STALE_AFTER_DAYS;

const SpecificSchema = z.object({
  amount: DecimalSchema,
  currency: z.enum(["EUR", "USD"]),
  per: DecimalSchema,
  unit: z.string().meta({ description: "Unit of measure as printed (кг, л, пар, шт, см³, м2…)" }),
});

export const DutyRateSchema = z
  .object({
    code: z.string().meta({ description: "10-digit TN VED code of the tariff line" }),
    text: z.string().meta({ description: "The rate as printed in the ETT (Russian), without the footnote marker" }),
    type: z.enum(["ad_valorem", "specific", "combined", "unparsed"]),
    adValoremPct: DecimalSchema.nullable(),
    specific: SpecificSchema.nullable(),
    combination: z
      .enum(["min", "plus"])
      .nullable()
      .meta({ description: "min: the larger of the two parts (но не менее); plus: their sum" }),
    computable: z.boolean().meta({ description: "False when the rate cannot be applied automatically (alternatives, unparsed cells)" }),
    footnote: z.string().nullable().meta({ description: "ETT footnote the line refers to, e.g. 63С)" }),
    sourcePdf: z.string(),
  })
  .meta({ id: "DutyRate" });
export type DutyRate = z.infer<typeof DutyRateSchema>;

export const DutyInfoSchema = z
  .object({
    code: z.string().meta({ description: "The code asked for (digits)" }),
    lines: z.number().int().min(1).meta({ description: "Tariff lines under the code" }),
    kind: z.enum(["single", "range", "ambiguous"]).meta({
      description:
        "single: one rate applies; range: the lines' ad valorem rates differ (min…max); ambiguous: they differ and are not all ad valorem",
    }),
    rate: DutyRateSchema.nullable(),
    min: DecimalSchema.nullable(),
    max: DecimalSchema.nullable(),
    sourcePdf: z.string(),
    sourceDate: z.string().nullable().meta({ description: "Consolidation date of the official chapter text" }),
  })
  .meta({ id: "DutyInfo" });
export type DutyInfo = z.infer<typeof DutyInfoSchema>;

/** A number of a query as a person types it («12,5», «1 000»: contract/decimal.ts); a JSON number as is. */
const typedNumber = (inner: z.ZodNumber) =>
  z
    .union([z.number(), z.string()])
    .transform((value) => (typeof value === "string" ? parseDecimalInput(value) : value))
    .pipe(inner);

export const LandedCostQuery = z.object({
  qty: typedNumber(z.number().min(0.001).max(1e9)).meta({ description: "Quantity in the product's price unit" }),
  currency: CurrencySchema.default("RUB").meta({ description: "Currency to show the result in, besides roubles" }),
  freight: typedNumber(z.number().min(0).max(1e12))
    .default(0)
    .meta({ description: "Freight to the EAEU border for the whole quantity, RUB" }),
  insurance: typedNumber(z.number().min(0).max(1e12)).default(0).meta({ description: "Insurance for the whole quantity, RUB" }),
  dutyUnits: typedNumber(z.number().min(0.001).max(1e9))
    .optional()
    .meta({ description: "For a specific or combined duty: units of the tariff's measure (e.g. kg) in one unit of the product" }),
});

export const LandedCostSchema = z
  .object({
    productId: z.number().int(),
    quantity: DecimalSchema,
    unit: z.string(),
    tier: z.object({ minQuantity: DecimalSchema, price: DecimalSchema, currency: CurrencySchema, unit: z.string() }),
    belowMoq: z.boolean().meta({ description: "The quantity is below the lowest tier: its price is used" }),
    duty: DutyInfoSchema.nullable(),
    rates: z.array(ExchangeRateSchema).meta({ description: "The rates applied" }),
    rateDate: z.string().nullable(),
    stale: z.boolean(),
    /** Why no full estimate could be made; null when it was. */
    missing: z.enum(["tnved", "tariff_line", "rate_range", "rate", "duty_units", "not_computable"]).nullable(),
    steps: z
      .object({
        goodsValue: DecimalSchema.meta({ description: "price × quantity in roubles" }),
        freight: DecimalSchema,
        insurance: DecimalSchema,
        customsValue: DecimalSchema,
        dutyAdValorem: DecimalSchema.nullable(),
        dutySpecific: DecimalSchema.nullable(),
        duty: DecimalSchema,
        vatPct: DecimalSchema,
        vatBase: DecimalSchema,
        vat: DecimalSchema,
        total: DecimalSchema,
        perUnit: DecimalSchema,
      })
      .nullable()
      .meta({ description: "Every step in roubles; null when `missing` is set" }),
    inCurrency: z
      .object({ currency: CurrencySchema, total: DecimalSchema, perUnit: DecimalSchema })
      .nullable()
      .meta({ description: "Total and per-unit cost in the asked currency" }),
  })
  .meta({ id: "LandedCost" });
export type LandedCost = z.infer<typeof LandedCostSchema>;

export const getRates = defineRoute({
  method: "GET",
  path: "/api/rates",
  operationId: "getRates",
  tag: "Exchange rates",
  summary: "Latest official exchange rates",
  description: `The Bank of Russia's newest stored rates of ${RATE_CURRENCIES.join(", ")} (roubles per unit), their date and whether they are stale (older than ${STALE_AFTER_DAYS} days).`,
  auth: "public",
  scopes: ["catalog:read"],
  data: RatesViewSchema,
});

export const getDuty = defineRoute({
  method: "GET",
  path: "/api/tariff/{code}",
  operationId: "getDuty",
  tag: "Customs tariff",
  summary: "Import duty of a TN VED code",
  description:
    "The ETT EAEU import duty rate of a 10-digit line, or for a shorter code the rate its lines share, the range of their ad valorem rates, or `ambiguous`.",
  auth: "public",
  scopes: ["catalog:read"],
  params: z.object({ code: TnvedPrefixSchema }),
  data: DutyInfoSchema,
  errors: ["not_found"],
});

export const getLandedCost = defineRoute({
  method: "GET",
  path: "/api/products/{id}/landed-cost",
  operationId: "getLandedCost",
  tag: "Products",
  summary: "Estimated landed cost",
  description:
    "Price of the tier for `qty`, converted at the Bank of Russia rate, plus freight and insurance if given (the customs value), the ETT EAEU import duty, and 20 % import VAT on customs value plus duty. An estimate: no customs fees, no 10 % VAT for listed goods, rates of the latest stored date.",
  auth: "public",
  scopes: ["catalog:read"],
  params: IdParams,
  query: LandedCostQuery,
  data: LandedCostSchema,
  errors: ["not_found", "no_price"],
});

export { CURRENCIES };
