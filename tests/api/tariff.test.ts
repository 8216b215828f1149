/**
 * ETT EAEU import duties and the landed-cost endpoint (issue 15 §2) on both engines: the tariff as
 * imported with the classifiers (global setup), a 10-digit line's rate, the range of a shorter code,
 * and GET /api/products/{id}/landed-cost matching a hand calculation; bad input is a 400, not a 500.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DutyInfo, LandedCost } from "#contract/money.ts";
import { companies, productPrices, products } from "#server/db/schema.ts";
import { importCbrDaily } from "#server/money/rates.ts";
import { openTestApi, type Envelope, type ErrorEnvelope, type TestApi } from "../support/api.ts";
import { expectError } from "../support/profile.ts";

let api: TestApi;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await openTestApi();
  await api.db.execute(sql`delete from companies where email like '%@tariff.test'`);
  // The newest snapshot (15.10.2024: CNY 13,4987; USD 96,1021; EUR 105,4854); a no-op when already stored.
  await importCbrDaily(api.db, new Uint8Array(await readFile(path.join(api.dataDir, "cbr", "daily", "cbr_daily_2024-10-15.xml"))));
  const [company] = await api.db
    .insert(companies)
    .values({ name: { ru: "ООО «Тариф»" }, status: "published", country: "CN", email: "a@tariff.test", publishedAt: new Date() })
    .returning();
  const rows = await api.db
    .insert(products)
    .values([
      {
        companyId: company!.id,
        tnvedCode: "7304191009",
        name: { ru: "Трубы" },
        status: "published",
        priceFrom: "5000",
        priceCurrency: "CNY",
        publishedAt: new Date(),
      },
      {
        companyId: company!.id,
        tnvedCode: "730419",
        name: { ru: "Трубы (6 знаков)" },
        status: "published",
        priceFrom: "5000",
        priceCurrency: "CNY",
        publishedAt: new Date(),
      },
      { companyId: company!.id, name: { ru: "Без цены" }, status: "published", publishedAt: new Date() },
    ])
    .returning();
  [ids.pipe, ids.pipe6, ids.noPrice] = rows.map((r) => r.id) as [number, number, number];
  for (const id of [ids.pipe, ids.pipe6]) {
    await api.db.insert(productPrices).values([
      { productId: id!, minQuantity: "1", price: "5200", currency: "CNY", unit: "t" },
      { productId: id!, minQuantity: "10", price: "5000", currency: "CNY", unit: "t" },
    ]);
  }
});

afterAll(async () => {
  await api.db.execute(sql`delete from companies where email like '%@tariff.test'`);
  await api.close();
});

describe("GET /api/tariff/{code}", () => {
  test("a 10-digit line has its printed rate", async () => {
    const res = await api.getJson<Envelope<DutyInfo>>("/api/tariff/7304191009");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: "single", lines: 1, sourceDate: "2026-03-08" });
    expect(res.body.data.rate).toMatchObject({ text: "7,5", type: "ad_valorem", adValoremPct: "7.5", computable: true });
  });

  test("a shorter code shows the range of its lines' ad valorem rates", async () => {
    const res = await api.getJson<Envelope<DutyInfo>>("/api/tariff/730419");
    expect(res.body.data).toMatchObject({ kind: "range", lines: 9, min: "5", max: "10", rate: null });
  });

  test("a combined rate keeps its euro part", async () => {
    const res = await api.getJson<Envelope<DutyInfo>>("/api/tariff/0201100008");
    expect(res.body.data.rate).toMatchObject({
      type: "combined",
      adValoremPct: "50",
      combination: "min",
      specific: { amount: "1", currency: "EUR", per: "1", unit: "кг" },
    });
  });

  test("a code without tariff lines is a 404; a malformed one too", async () => {
    expect((await api.getJson<ErrorEnvelope>("/api/tariff/9999999999")).status).toBe(404);
    expect((await api.getJson<ErrorEnvelope>("/api/tariff/73-04")).status).toBe(404);
  });
});

describe("GET /api/products/{id}/landed-cost", () => {
  test("12 t of pipes at 5 000 CNY/t with 50 000 ₽ freight: the hand calculation", async () => {
    // See tests/unit/landed-cost.test.ts: 809 922,00 + 50 000 = 859 922,00; duty 7,5 % 64 494,15;
    // VAT 184 883,23; total 1 109 299,38 ₽, per t 92 441,62 ₽;
    // in yuan ÷ 13,4987: 82 178,2379… → 82 178,24 and 6 848,1868… → 6 848,19.
    const res = await api.getJson<Envelope<LandedCost>>(`/api/products/${ids.pipe}/landed-cost?qty=12&freight=50000&currency=CNY`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.missing).toBeNull();
    expect(data.tier).toEqual({ minQuantity: "10.000", price: "5000.00", currency: "CNY", unit: "t" });
    expect(data.steps).toMatchObject({
      customsValue: "859922.00",
      duty: "64494.15",
      vat: "184883.23",
      total: "1109299.38",
      perUnit: "92441.62",
    });
    expect(data.inCurrency).toEqual({ currency: "CNY", total: "82178.24", perUnit: "6848.19" });
    expect(data.rateDate).toBe("2024-10-15");
    expect(data.stale).toBe(true);
    expect(data.rates.map((r) => r.currency)).toEqual(["CNY"]);
  });

  test("a product classified to 6 digits gets no estimate: its lines' rates differ", async () => {
    const res = await api.getJson<Envelope<LandedCost>>(`/api/products/${ids.pipe6}/landed-cost?qty=12`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ missing: "rate_range", steps: null, duty: { kind: "range", min: "5", max: "10" } });
  });

  test("bad input is a 400, an unknown product a 404, no price a 422", async () => {
    for (const query of ["qty=abc", "qty=-1", "qty=0", "", "qty=5&currency=EUR", "qty=5&freight=-3"]) {
      const res = await api.getJson<ErrorEnvelope>(`/api/products/${ids.pipe}/landed-cost?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("invalid_query");
    }
    expect((await api.getJson<ErrorEnvelope>(`/api/products/2000000000/landed-cost?qty=1`)).status).toBe(404);
    const noPrice = await api.getJson<ErrorEnvelope>(`/api/products/${ids.noPrice}/landed-cost?qty=1`);
    expectError(noPrice, 422, "no_price");
  });
});
