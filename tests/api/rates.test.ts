/**
 * Exchange rates (issue 15 §1) on both engines: the Bank of Russia's real XML_daily answers in both
 * encodings (windows-1251 as published; UTF-8 under a windows-1251 declaration), history kept,
 * `/api/rates` with its stale flag, the daily job, and the price order across currencies.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RatesView } from "#contract/money.ts";
import type { ProductCard } from "#contract/products.ts";
import { companies, productPrices, products } from "#server/db/schema.ts";
import { CbrFormatError, decodeCbrXml, importCbrDaily, parseCbrDaily } from "#server/money/rates.ts";
import { ratesView } from "#server/money/service.ts";
import { openTestApi, type Envelope, type ErrorEnvelope, type TestApi } from "../support/api.ts";
import { expectError } from "../support/profile.ts";

let api: TestApi;
const daily = (date: string) => path.join(api.dataDir, "cbr", "daily", `cbr_daily_${date}.xml`);
const bytes = async (date: string) => new Uint8Array(await readFile(daily(date)));

async function rate(currency: string, date: string) {
  const rows = await api.db.execute<{ nominal: number; value: string }>(
    sql`select nominal, value::text as value from exchange_rates where currency = ${currency} and date = ${date}`,
  );
  return rows.rows[0];
}

beforeAll(async () => {
  api = await openTestApi();
  // Only the dates this file asserts on as new (tariff.test.ts shares 2024-10-15 and asserts nothing about its import).
  await api.db.execute(sql`delete from exchange_rates where date in ('2024-03-28', '2020-07-04', '2023-09-27')`);
  await api.db.execute(sql`delete from companies where email like '%@rates.test'`);
});

afterAll(async () => {
  await api.db.execute(sql`delete from companies where email like '%@rates.test'`);
  await api.close();
});

describe("reading XML_daily.asp", () => {
  test("a windows-1251 file is decoded as windows-1251 and its Cyrillic names read", async () => {
    const text = decodeCbrXml(await bytes("2024-03-28"));
    expect(text).toContain("Австралийский доллар");
    const parsed = parseCbrDaily(text);
    expect(parsed.date).toBe("2024-03-28");
    expect(parsed.rates).toHaveLength(43);
    expect(parsed.rates.find((r) => r.currency === "USD")).toEqual({ currency: "USD", nominal: 1, value: "92.5919" });
  });

  test("a UTF-8 file that declares windows-1251 is decoded as UTF-8", async () => {
    const raw = await bytes("2024-10-15");
    expect(new TextDecoder("latin1").decode(raw.subarray(0, 60))).toContain('encoding="windows-1251"');
    const text = decodeCbrXml(raw);
    expect(text).toContain("Австралийский доллар");
    expect(parseCbrDaily(text).rates.find((r) => r.currency === "CNY")).toEqual({ currency: "CNY", nominal: 1, value: "13.4987" });
  });

  test("a nominal of 10 is kept as published (CNY on 04.07.2020: 99,7522 per 10)", async () => {
    const parsed = parseCbrDaily(decodeCbrXml(await bytes("2020-07-04")));
    expect(parsed.rates.find((r) => r.currency === "CNY")).toEqual({ currency: "CNY", nominal: 10, value: "99.7522" });
  });

  test("something else is refused with a reason", () => {
    expect(() => parseCbrDaily("<html><body>Not rates</body></html>")).toThrow(CbrFormatError);
    expect(() => parseCbrDaily('<ValCurs Date="01.02.2024"></ValCurs>')).toThrow(/No <Valute>/);
    expect(() =>
      parseCbrDaily('<ValCurs Date="01.02.2024"><Valute><CharCode>USD</CharCode><Nominal>1</Nominal><Value>abc</Value></Valute></ValCurs>'),
    ).toThrow(/Bad Value of USD/);
  });
});

describe("storing rates", () => {
  test("both encodings import; history is kept; a re-import changes nothing", async () => {
    const first = await importCbrDaily(api.db, await bytes("2024-03-28"));
    expect(first).toEqual({ date: "2024-03-28", added: 43, unchanged: 0, kept: [] });
    await importCbrDaily(api.db, await bytes("2024-10-15"));
    await importCbrDaily(api.db, await bytes("2020-07-04"));
    expect(await rate("USD", "2024-03-28")).toEqual({ nominal: 1, value: "92.5919" });
    expect(await rate("USD", "2024-10-15")).toEqual({ nominal: 1, value: "96.1021" });
    expect(await rate("CNY", "2020-07-04")).toEqual({ nominal: 10, value: "99.7522" });

    const again = await importCbrDaily(api.db, await bytes("2024-03-28"));
    expect(again).toEqual({ date: "2024-03-28", added: 0, unchanged: 43, kept: [] });
    // A file claiming different values for a stored date does not overwrite history.
    const altered = new TextEncoder().encode(
      '<ValCurs Date="28.03.2024"><Valute><CharCode>USD</CharCode><Nominal>1</Nominal><Value>1,0000</Value></Valute></ValCurs>',
    );
    expect(await importCbrDaily(api.db, altered)).toEqual({ date: "2024-03-28", added: 0, unchanged: 0, kept: ["USD"] });
    expect(await rate("USD", "2024-03-28")).toEqual({ nominal: 1, value: "92.5919" });
  });

  test("GET /api/rates answers the newest rates per unit, their date and that they are stale", async () => {
    const res = await api.getJson<Envelope<RatesView>>("/api/rates");
    expect(res.status).toBe(200);
    expect(res.body.data.date).toBe("2024-10-15");
    expect(res.body.data.stale).toBe(true);
    expect(res.body.data.rates.map((r) => [r.currency, r.perUnit, r.date])).toEqual([
      ["CNY", "13.49870000", "2024-10-15"],
      ["USD", "96.10210000", "2024-10-15"],
      ["EUR", "105.48540000", "2024-10-15"],
    ]);
  });

  test("a rate is stale only when more than 3 days old", async () => {
    expect((await ratesView(api.db, new Date("2024-10-18T23:00:00Z"))).stale).toBe(false);
    expect((await ratesView(api.db, new Date("2024-10-19T00:30:00Z"))).stale).toBe(true);
  });

  test("the daily job fetches the configured URL and stores the rates", async () => {
    const body = await readFile(daily("2023-09-27"));
    const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/xml" }).end(body));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`;
      await api.jobs.send("import-rates", { url });
      expect(await api.jobs.runDue("import-rates")).toBe(1);
      expect(await rate("USD", "2023-09-27")).toEqual({ nominal: 1, value: "96.2378" });
    } finally {
      server.close();
    }
  });
});

describe("prices across currencies", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const [company] = await api.db
      .insert(companies)
      .values({ name: { ru: "ООО «Курсы»" }, status: "published", country: "RU", email: "a@rates.test", publishedAt: new Date() })
      .returning();
    ids.company = company!.id;
    // At the 15.10.2024 rates (CNY 13.4987, USD 96.1021): 1000 RUB; 100 CNY = 1349.87 RUB; 12 USD = 1153.23 RUB; 80 CNY = 1079.90 RUB.
    const rows = [
      { key: "rub", price: "1000", currency: "RUB" as const },
      { key: "cny", price: "100", currency: "CNY" as const },
      { key: "usd", price: "12", currency: "USD" as const },
      { key: "cny80", price: "80", currency: "CNY" as const },
    ];
    for (const row of rows) {
      const [p] = await api.db
        .insert(products)
        .values({
          companyId: company!.id,
          name: { ru: `Товар ${row.key}` },
          status: "published",
          priceFrom: row.price,
          priceCurrency: row.currency,
          publishedAt: new Date(),
        })
        .returning();
      ids[row.key] = p!.id;
      await api.db
        .insert(productPrices)
        .values({ productId: p!.id, minQuantity: "1", price: row.price, currency: row.currency, unit: "pcs" });
    }
  });

  const list = async (query: string) => {
    const res = await api.getJson<Envelope<ProductCard[], { total: number }>>(`/api/companies/${ids.company}/products?lang=ru&${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  test("cheapest first mixes currencies by their rouble price", async () => {
    const body = await list("sort=price_asc");
    expect(body.data.map((p) => p.id)).toEqual([ids.rub, ids.cny80, ids.usd, ids.cny]);
    expect((await list("sort=price_desc")).data.map((p) => p.id)).toEqual([ids.cny, ids.usd, ids.cny80, ids.rub]);
  });

  test("pages of the mixed order follow on", async () => {
    const first = await list("sort=price_asc&perPage=3&page=1");
    const second = await list("sort=price_asc&perPage=3&page=2");
    expect([...first.data, ...second.data].map((p) => p.id)).toEqual([ids.rub, ids.cny80, ids.usd, ids.cny]);
  });

  test("a price range in one currency selects every currency's prices within it", async () => {
    // 1050–1200 RUB: 80 CNY (1079.90) and 12 USD (1153.23).
    expect((await list("sort=price_asc&priceMin=1050&priceMax=1200")).data.map((p) => p.id)).toEqual([ids.cny80, ids.usd]);
    // In yuan: 1050 RUB ≈ 77.79 CNY … 1200 RUB ≈ 88.90 CNY; the same two, also without a price order.
    const byYuan = await list("priceIn=CNY&priceMin=77.79&priceMax=88.9");
    expect(byYuan.data.map((p) => p.id).sort()).toEqual([ids.cny80, ids.usd].sort());
    expect(byYuan.meta?.total).toBe(2);
  });

  test("with a currency the list keeps to it", async () => {
    expect((await list("currency=CNY&sort=price_asc")).data.map((p) => p.id)).toEqual([ids.cny80, ids.cny]);
  });

  test("a bad currency is a 400, not a 500", async () => {
    const res = await api.getJson<ErrorEnvelope>(`/api/products?lang=ru&sort=price_asc&priceIn=XYZ`);
    expectError(res, 400, "invalid_query");
  });
});
