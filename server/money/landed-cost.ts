/**
 * Estimated landed cost of goods imported into the Russian Federation (EAEU), per the usual order
 * of customs payments (Customs Code of the EAEU art. 38–40 for the customs value; Tax Code of the
 * Russian Federation art. 160 p. 1 for the VAT base):
 *
 * 1. goods value = tier price × quantity × rouble rate of the price's currency (the tier is the one
 *    with the largest minimum quantity not above the quantity; below the lowest tier, the lowest);
 * 2. customs value = goods value + freight + insurance (to the EAEU border; optional, in roubles);
 * 3. import duty (ETT EAEU): ad valorem = customs value × rate %; specific = amount × rouble rate of
 *    its currency (EUR or USD) × quantity in the tariff's unit ÷ its `per`; combined «но не менее» =
 *    the larger of the two, «плюс» = their sum;
 * 4. import VAT = 20 % × (customs value + duty) (Tax Code art. 164 p. 3; the 10 % rate for goods on
 *    the Government's lists is NOT applied: it depends on the exact goods, not on the code alone);
 * 5. total = customs value + duty + VAT; per unit = total ÷ quantity.
 *
 * Every amount is rounded to kopecks at each step, as customs payments are. Excise, customs
 * clearance fees (сборы), anti-dumping duties and tariff footnotes (temporary or RF-only rates) are
 * not included: the result is an estimate and the pages say so. Pure: no I/O.
 */
import { IMPORT_VAT_PCT, type DutyRate, type LandedCost } from "#contract/money.ts";
import { add, dec, div, max, mul, pct, round, toFixed, type Dec } from "#contract/money-math.ts";
import type { PriceTier } from "#contract/products.ts";

export interface LandedCostInput {
  /** The product's price tiers (any order; one currency is used: the first tier's after sorting by quantity). */
  tiers: PriceTier[];
  /** Quantity in the tiers' unit (> 0). */
  quantity: string;
  /** Roubles per one unit of each currency needed (the price's, and EUR/USD for a specific duty); "RUB" may be omitted. */
  rubPerUnit: Partial<Record<string, string>>;
  /** The tariff line's rate, or null when unknown. */
  duty: DutyRate | null;
  /** Roubles for the whole quantity. */
  freight?: string;
  insurance?: string;
  /** For a specific duty: units of the tariff's measure in one unit of the product (e.g. kg per piece). */
  dutyUnits?: string | null;
}

export type LandedCostResult = Pick<LandedCost, "tier" | "belowMoq" | "missing" | "steps">;

/** The tier that applies to `quantity`: the largest minimum quantity not above it, else the lowest tier. */
export function tierFor(tiers: PriceTier[], quantity: string): { tier: PriceTier; belowMoq: boolean } | null {
  if (tiers.length === 0) return null;
  const currency = tiers[0]!.currency;
  const sorted = tiers.filter((t) => t.currency === currency).sort((a, b) => (dec(a.minQuantity) < dec(b.minQuantity) ? -1 : 1));
  const q = dec(quantity);
  const applicable = sorted.filter((t) => dec(t.minQuantity) <= q);
  return applicable.length > 0 ? { tier: applicable.at(-1)!, belowMoq: false } : { tier: sorted[0]!, belowMoq: true };
}

const money = (value: Dec) => round(value, 2);

/** Computes the landed cost (see the module note). `steps` is null and `missing` says why when it cannot be computed. */
export function landedCost(input: LandedCostInput): LandedCostResult | null {
  const chosen = tierFor(input.tiers, input.quantity);
  if (!chosen) return null;
  const { tier, belowMoq } = chosen;
  const rates: Partial<Record<string, string>> = { RUB: "1", ...input.rubPerUnit };
  const fail = (missing: NonNullable<LandedCost["missing"]>): LandedCostResult => ({ tier, belowMoq, missing, steps: null });
  const priceRate = rates[tier.currency];
  if (!priceRate) return fail("rate");
  if (!input.duty) return fail("tariff_line");
  if (!input.duty.computable) return fail("not_computable");

  const quantity = dec(input.quantity);
  const goodsValue = money(mul(mul(dec(tier.price), quantity), dec(priceRate)));
  const freight = money(dec(input.freight ?? "0"));
  const insurance = money(dec(input.insurance ?? "0"));
  const customsValue = add(goodsValue, freight, insurance);

  const { adValoremPct, specific, combination } = input.duty;
  const dutyAdValorem = adValoremPct === null ? null : money(pct(customsValue, dec(adValoremPct)));
  let dutySpecific: Dec | null = null;
  if (specific) {
    const specificRate = rates[specific.currency];
    if (!specificRate) return fail("rate");
    if (!input.dutyUnits) return fail("duty_units");
    const tariffQuantity = mul(quantity, dec(input.dutyUnits));
    dutySpecific = money(div(mul(mul(dec(specific.amount), dec(specificRate)), tariffQuantity), dec(specific.per)));
  }
  let duty: Dec;
  if (dutyAdValorem !== null && dutySpecific !== null) {
    duty = combination === "plus" ? add(dutyAdValorem, dutySpecific) : max(dutyAdValorem, dutySpecific);
  } else duty = dutyAdValorem ?? dutySpecific ?? 0n;

  const vatBase = add(customsValue, duty);
  const vat = money(pct(vatBase, dec(IMPORT_VAT_PCT)));
  const total = add(vatBase, vat);
  const s = (v: Dec) => toFixed(v, 2);
  return {
    tier,
    belowMoq,
    missing: null,
    steps: {
      goodsValue: s(goodsValue),
      freight: s(freight),
      insurance: s(insurance),
      customsValue: s(customsValue),
      dutyAdValorem: dutyAdValorem === null ? null : s(dutyAdValorem),
      dutySpecific: dutySpecific === null ? null : s(dutySpecific),
      duty: s(duty),
      vatPct: IMPORT_VAT_PCT,
      vatBase: s(vatBase),
      vat: s(vat),
      total: s(total),
      perUnit: s(div(total, quantity)),
    },
  };
}
