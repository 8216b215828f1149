/**
 * The landed-cost calculation (server/money/landed-cost.ts) on worked examples checked by hand, at
 * the Bank of Russia rates of 15.10.2024 (CNY 13,4987; USD 96,1021; EUR 105,4854 — the shared
 * snapshot cbr_daily_2024-10-15.xml), and the ETT rate cells it reads (server/money/tariff.ts).
 */
import { describe, expect, test } from "vitest";
import type { DutyRate } from "#contract/money.ts";
import { convert, isStale } from "#contract/money.ts";
import { dec, toFixed } from "#contract/money-math.ts";
import type { PriceTier } from "#contract/products.ts";
import { landedCost, tierFor, type LandedCostInput, type LandedCostResult } from "#server/money/landed-cost.ts";
import { parseRateText } from "#server/money/tariff.ts";

const RATES = { CNY: "13.4987", USD: "96.1021", EUR: "105.4854" };
const duty = (text: string, type: string): DutyRate => ({
  code: "0000000000",
  text,
  footnote: null,
  sourcePdf: "x.pdf",
  ...parseRateText(text, type),
});
const tiers = (currency: PriceTier["currency"], unit: string, ...pairs: [string, string][]): PriceTier[] =>
  pairs.map(([minQuantity, price]) => ({ minQuantity, price, currency, unit }));

describe("ETT rate cells", () => {
  test("ad valorem, specific and combined cells are read into their parts", () => {
    expect(parseRateText("7,5", "ad_valorem")).toMatchObject({ type: "ad_valorem", adValoremPct: "7.5", specific: null, computable: true });
    expect(parseRateText("0,06 евро за 1 кг", "specific")).toMatchObject({
      type: "specific",
      adValoremPct: null,
      specific: { amount: "0.06", currency: "EUR", per: "1", unit: "кг" },
    });
    expect(parseRateText("2 доллара США за 1 кг", "specific").specific).toEqual({ amount: "2", currency: "USD", per: "1", unit: "кг" });
    expect(parseRateText("0,28 евро за 1 пару", "specific").specific?.unit).toBe("пар");
    expect(parseRateText("50, но не менее 1 евро за 1 кг", "combined")).toMatchObject({
      adValoremPct: "50",
      combination: "min",
      specific: { amount: "1", currency: "EUR", per: "1", unit: "кг" },
    });
    expect(parseRateText("4,5 плюс 0,02 евро за 1 кг", "combined")).toMatchObject({ adValoremPct: "4.5", combination: "plus" });
    expect(parseRateText("10 либо 5, но не менее 0,5 евро за 1 см3", "combined").computable).toBe(false);
    expect(parseRateText("155С)", "unparsed").computable).toBe(false);
  });
});

describe("landed cost", () => {
  test("seamless steel pipes 7304 19 100 9 (7,5 %), 12 t at 5 000 CNY/t, freight 50 000 ₽", () => {
    // Tier "from 10 t: 5 000 CNY" applies to 12 t.
    // goods value    = 5 000 × 12 × 13,4987              = 809 922,00 ₽
    // customs value  = 809 922,00 + 50 000,00 (freight)    = 859 922,00 ₽
    // duty 7,5 %     = 859 922,00 × 0,075                  =  64 494,15 ₽
    // VAT base       = 859 922,00 + 64 494,15              = 924 416,15 ₽
    // VAT 20 %       = 924 416,15 × 0,2                    = 184 883,23 ₽
    // total          = 924 416,15 + 184 883,23             = 1 109 299,38 ₽; per t = 1 109 299,38 / 12 = 92 441,615 → 92 441,62 ₽
    const result = landedCost({
      tiers: tiers("CNY", "t", ["1", "5200"], ["10", "5000"]),
      quantity: "12",
      rubPerUnit: RATES,
      duty: duty("7,5", "ad_valorem"),
      freight: "50000",
    })!;
    expect(result.tier.price).toBe("5000");
    expect(result.belowMoq).toBe(false);
    expect(result.missing).toBeNull();
    expect(result.steps).toEqual({
      goodsValue: "809922.00",
      freight: "50000.00",
      insurance: "0.00",
      customsValue: "859922.00",
      dutyAdValorem: "64494.15",
      dutySpecific: null,
      duty: "64494.15",
      vatPct: "20",
      vatBase: "924416.15",
      vat: "184883.23",
      total: "1109299.38",
      perUnit: "92441.62",
    });
  });

  /** Worked examples of combined rates: the order (at RATES) and the steps it must show, each checked by hand. */
  const COMBINED: { name: string; order: Omit<LandedCostInput, "rubPerUnit">; steps: Partial<NonNullable<LandedCostResult["steps"]>> }[] = [
    {
      // goods = 4 × 1 000 × 96,1021 = 384 408,40; ad valorem 50 % = 192 204,20;
      // specific = 1 × 105,4854 × 1 000 kg = 105 485,40; the larger: 192 204,20
      // VAT base = 576 612,60; VAT = 115 322,52; total = 691 935,12; per kg = 691,93512 → 691,94
      name: "combined «50 %, но не менее 1 евро за 1 кг»: the ad valorem part is larger",
      order: {
        tiers: tiers("USD", "kg", ["100", "4"]),
        quantity: "1000",
        duty: duty("50, но не менее 1 евро за 1 кг", "combined"),
        dutyUnits: "1",
      },
      steps: {
        goodsValue: "384408.40",
        dutyAdValorem: "192204.20",
        dutySpecific: "105485.40",
        duty: "192204.20",
        vat: "115322.52",
        total: "691935.12",
        perUnit: "691.94",
      },
    },
    {
      // goods = 1 × 1 000 × 96,1021 = 96 102,10; ad valorem 50 % = 48 051,05; specific = 105 485,40 (larger)
      // VAT base = 96 102,10 + 105 485,40 = 201 587,50; VAT = 40 317,50; total = 241 905,00; per kg = 241,905 → 241,91
      name: "combined «но не менее»: the specific part is larger",
      order: {
        tiers: tiers("USD", "kg", ["1", "1"]),
        quantity: "1000",
        duty: duty("50, но не менее 1 евро за 1 кг", "combined"),
        dutyUnits: "1",
      },
      steps: { duty: "105485.40", vatBase: "201587.50", vat: "40317.50", total: "241905.00", perUnit: "241.91" },
    },
    {
      // goods = 100 × 1 000 = 100 000,00 ₽ (roubles: rate 1); ad valorem 4,5 % = 4 500,00
      // specific = 0,02 EUR × 105,4854 × (1 000 pcs × 0,1 kg) = 210,9708 → 210,97; duty = 4 710,97
      // VAT base = 104 710,97; VAT = 20 942,194 → 20 942,19; total = 125 653,16; per piece = 125,65316 → 125,65
      name: "combined «плюс»: the two parts add up; the weight per piece comes from the buyer",
      order: {
        tiers: tiers("RUB", "pcs", ["1", "100"]),
        quantity: "1000",
        duty: duty("4,5 плюс 0,02 евро за 1 кг", "combined"),
        dutyUnits: "0.1",
      },
      steps: { dutyAdValorem: "4500.00", dutySpecific: "210.97", duty: "4710.97", vat: "20942.19", total: "125653.16", perUnit: "125.65" },
    },
  ];

  test.each(COMBINED)("$name", ({ order, steps }) => {
    expect(landedCost({ ...order, rubPerUnit: RATES })!.steps).toMatchObject(steps);
  });

  test("below the lowest tier its price is used and flagged", () => {
    const chosen = tierFor(tiers("CNY", "t", ["5", "5200"], ["10", "5000"]), "2");
    expect(chosen).toEqual({ tier: { minQuantity: "5", price: "5200", currency: "CNY", unit: "t" }, belowMoq: true });
  });

  test("what is missing is said instead of a wrong number", () => {
    const base = { tiers: tiers("CNY", "t", ["1", "5000"]), quantity: "1" };
    expect(landedCost({ ...base, rubPerUnit: {}, duty: duty("5", "ad_valorem") })!.missing).toBe("rate");
    expect(landedCost({ ...base, rubPerUnit: RATES, duty: null })!.missing).toBe("tariff_line");
    expect(landedCost({ ...base, rubPerUnit: RATES, duty: duty("0,06 евро за 1 кг", "specific") })!.missing).toBe("duty_units");
    expect(landedCost({ ...base, rubPerUnit: RATES, duty: duty("155С)", "unparsed") })!.missing).toBe("not_computable");
    expect(landedCost({ tiers: [], quantity: "1", rubPerUnit: RATES, duty: null })).toBeNull();
  });
});

describe("conversion and staleness", () => {
  test("an amount converts through roubles exactly, and not at all within one currency", () => {
    const rates = { RUB: "1", CNY: "13.4987", USD: "96.1021" };
    // 100 CNY × 13,4987 = 1 349,87 ₽; ÷ 96,1021 = 14,0462… → 14,05 USD
    expect(convert("100", "CNY", "RUB", rates)).toBe("1349.87");
    expect(convert("100", "CNY", "USD", rates)).toBe("14.05");
    expect(convert("100", "CNY", "CNY", rates)).toBe("100.00");
    expect(convert("100", "CNY", "EUR", rates)).toBeNull();
  });

  test("rounding is half away from zero on exact decimals", () => {
    expect(toFixed(dec("1.005"))).toBe("1.01");
    expect(toFixed(dec("2,675"))).toBe("2.68");
    expect(toFixed(dec("-1.005"))).toBe("-1.01");
  });

  test("a rate more than 3 days old is stale", () => {
    expect(isStale("2024-10-15", new Date("2024-10-18T12:00:00Z"))).toBe(false);
    expect(isStale("2024-10-15", new Date("2024-10-19T12:00:00Z"))).toBe(true);
  });
});
