/**
 * What the API tier answers about money (contract/money.ts): the latest rates with their staleness,
 * the duty of a TN VED code, and a product's estimated landed cost. Reads through rates.ts,
 * tariff.ts and the catalogue's getProduct (so a product's visibility rules are the catalogue's).
 */
import type { z } from "zod";
import { convert, isStale, RATE_CURRENCIES, rubPerUnit, type LandedCost, type LandedCostQuery, type RatesView } from "#contract/money.ts";
import type { UnitId } from "#contract/units.ts";
import { getProduct } from "../catalog/repository.ts";
import type { Db } from "../db/client.ts";
import { DomainError, notFound } from "../errors.ts";
import { landedCost } from "./landed-cost.ts";
import { latestRates, latestRatesCached } from "./rates.ts";
import { dutyForCodeCached } from "./tariff.ts";

/**
 * The newest stored rates of RATE_CURRENCIES; `date` is the newest of their dates. `cached`: read
 * through the per-process cache (rates.ts `latestRatesCached`, up to a minute old) — for `/api/rates`,
 * which every page's layout asks.
 */
export async function ratesView(db: Db, today: Date = new Date(), { cached = false } = {}): Promise<RatesView> {
  const rates = await (cached ? latestRatesCached : latestRates)(db, RATE_CURRENCIES);
  const date =
    rates
      .map((r) => r.date)
      .sort()
      .at(-1) ?? null;
  return { source: "cbr", date, stale: date === null || isStale(date, today), rates };
}

/** Tariff units in one unit of a product, when the units are the same measure ("кг" and t → 1000). */
const DUTY_UNITS: Record<string, Partial<Record<UnitId, string>>> = {
  кг: { kg: "1", t: "1000" },
  л: { l: "1", m3: "1000" },
  пар: { pair: "1" },
  шт: { pcs: "1" },
  м2: { m2: "1" },
  "м²": { m2: "1" },
};

/** Units of the tariff's measure in one product unit, or null when they are different measures (the buyer then says). */
export function defaultDutyUnits(productUnit: string, tariffUnit: string): string | null {
  return DUTY_UNITS[tariffUnit]?.[productUnit as UnitId] ?? null;
}

/** A number as a plain decimal string (no exponent), at most 3 decimals: "1500", "0.25". */
function decimalText(n: number): string {
  return n.toFixed(3).replace(/\.?0+$/, "");
}

/**
 * A published product's landed cost for `query` (contract getLandedCost). 404 for a product that is
 * not visible; 422 `no_price` for one without price tiers.
 */
export async function landedCostFor(
  db: Db,
  productId: number,
  query: z.output<typeof LandedCostQuery>,
  today: Date = new Date(),
): Promise<LandedCost> {
  const product = await getProduct(db, productId, "en");
  if (!product) throw notFound("Product");
  if (product.prices.length === 0) throw new DomainError("no_price", "The product has no price tiers");
  const [view, duty] = await Promise.all([ratesView(db, today), product.tnved ? dutyForCodeCached(db, product.tnved.code) : null]);
  const rates = rubPerUnit(view);
  const line = duty?.kind === "single" ? duty.rate : null;
  const quantity = decimalText(query.qty);
  const tierUnit = product.prices[0]!.unit;
  const dutyUnits =
    query.dutyUnits !== undefined ? decimalText(query.dutyUnits) : line?.specific ? defaultDutyUnits(tierUnit, line.specific.unit) : null;
  const result = landedCost({
    tiers: product.prices,
    quantity,
    rubPerUnit: rates,
    duty: line,
    freight: decimalText(query.freight),
    insurance: decimalText(query.insurance),
    dutyUnits,
  })!;
  const missing = !product.tnved ? "tnved" : !duty ? "tariff_line" : duty.kind !== "single" ? "rate_range" : result.missing;
  const steps = missing ? null : result.steps;
  const used = new Set<string>([result.tier.currency, query.currency, ...(line?.specific ? [line.specific.currency] : [])]);
  const inCurrency = steps
    ? (() => {
        const total = convert(steps.total, "RUB", query.currency, rates);
        const perUnit = convert(steps.perUnit, "RUB", query.currency, rates);
        return total && perUnit ? { currency: query.currency, total, perUnit } : null;
      })()
    : null;
  const applied = view.rates.filter((r) => used.has(r.currency));
  return {
    productId,
    quantity,
    unit: tierUnit,
    tier: result.tier,
    belowMoq: result.belowMoq,
    duty,
    rates: applied,
    rateDate: applied.map((r) => r.date).sort()[0] ?? view.date,
    stale: applied.some((r) => isStale(r.date, today)),
    missing,
    steps,
    inCurrency,
  };
}
