/**
 * The buyer's quote comparison in one currency (issue 14 follow-up; ADR 033), on both engines:
 * every quote's prices also at the Bank of Russia's latest rate (the real XML_daily answer of
 * 15.10.2024), and the price order across currencies through those rates — a USD quote of 100 is
 * cheaper than a CNY quote of 800 although 100 < 800 and "CNY" < "USD".
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { convert, rubPerUnit } from "#contract/money.ts";
import { companies, companyMembers } from "#server/db/schema.ts";
import { importCbrDaily } from "#server/money/rates.ts";
import { ratesView } from "#server/money/service.ts";
import { trustBuyer } from "../support/rfq.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";

let api: TestApi;
let buyer: TestUser;
let rfqId: number;
const quoteIds: Record<"cny" | "usd" | "rub", number> = {} as never;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function supplier(label: string) {
  const user = await createUser(api, label, { locale: "en" });
  const [company] = await api.db
    .insert(companies)
    .values({ name: { en: `${label} Co`, ru: `${label} ООО` }, country: "CN", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  await api.db.insert(companyMembers).values({ companyId: company!.id, userId: user.id, role: "owner", status: "active" });
  return { user, companyId: company!.id };
}

async function quoteIn(token: string, currency: string, tiers: { minQuantity: string; price: string }[]): Promise<number> {
  const res = await call(
    api,
    "POST",
    "/api/profile/quotes",
    {
      rfqId,
      tiers,
      currency,
      moq: "1",
      leadTimeDays: 20,
      incoterms: "FOB",
      incotermsPlace: "Ningbo",
      validUntil: inDays(30),
      lang: "en",
    },
    token,
  );
  expect(res.status).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await importCbrDaily(api.db, new Uint8Array(await readFile(path.join(api.dataDir, "cbr", "daily", "cbr_daily_2024-10-15.xml"))));
  const code = await api.db.execute<{ code_digits: string }>(
    sql`select code_digits from tnved_codes where level = (select max(level) from tnved_codes) and code_digits like '7304%' order by code limit 1`,
  );
  const cny = await supplier("Quote CNY");
  const usd = await supplier("Quote USD");
  const rub = await supplier("Quote RUB");
  buyer = await createUser(api, "fx buyer", { locale: "ru" });
  // Two requests opened long ago: no longer a new buyer, whose private requests wait for moderation (N3).
  await trustBuyer(api, buyer.id, code.rows[0]!.code_digits);
  const created = await buyer.post("/api/profile/rfq", {
    title: "Трубы стальные",
    description: "Трубы по ГОСТ 8732-78.",
    lang: "ru",
    tnvedCode: code.rows[0]!.code_digits,
    quantity: "10",
    unit: "t",
    currency: "RUB",
    incoterms: "DAP",
    destinationCountry: "ru",
    destinationCity: "Москва",
    deadline: inDays(10),
    visibility: "private",
    invitedCompanyIds: [cny.companyId, usd.companyId, rub.companyId],
  });
  rfqId = created.body.data.id;
  expect((await buyer.post(`/api/profile/rfq/${rfqId}/status`, { action: "submit" })).status).toBe(200);
  quoteIds.cny = await quoteIn(cny.user.token, "CNY", [
    { minQuantity: "1", price: "900" },
    { minQuantity: "5", price: "800" },
  ]);
  quoteIds.usd = await quoteIn(usd.user.token, "USD", [{ minQuantity: "1", price: "100" }]);
  quoteIds.rub = await quoteIn(rub.user.token, "RUB", [{ minQuantity: "1", price: "10500" }]);
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from rfqs where id = ${rfqId ?? 0}`);
    await cleanupProfileData(api);
    await api.close();
  }
});

type Compared = { id: number; currency: string; priceFrom: string; converted: { priceFrom: string; tiers: string[] } | null };

describe("the quote comparison in one currency", () => {
  test("by price, a USD and a CNY quote sort through the Bank of Russia rate, in roubles, both ways", async () => {
    const rates = rubPerUnit(await ratesView(api.db));
    // The premise: 100 USD is fewer roubles than 800 CNY, and 10 500 ₽ lies between them.
    const usdRub = Number(convert("100", "USD", "RUB", rates));
    const cnyRub = Number(convert("800", "CNY", "RUB", rates));
    expect(usdRub).toBeLessThan(10500);
    expect(cnyRub).toBeGreaterThan(10500);

    const asc = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?sort=price&currency=RUB`);
    expect(asc.status).toBe(200);
    expect(asc.body.data.quotes.map((q: Compared) => q.id)).toEqual([quoteIds.usd, quoteIds.rub, quoteIds.cny]);
    expect(asc.body.data.best.price).toEqual([quoteIds.usd]);
    expect(asc.body.data).toMatchObject({ currency: "RUB", rateDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const byId = new Map(asc.body.data.quotes.map((q: Compared) => [q.id, q]));
    expect((byId.get(quoteIds.usd) as Compared).converted).toEqual({
      priceFrom: convert("100", "USD", "RUB", rates),
      tiers: [convert("100", "USD", "RUB", rates)],
    });
    expect((byId.get(quoteIds.cny) as Compared).converted).toEqual({
      priceFrom: convert("800", "CNY", "RUB", rates),
      tiers: [convert("900", "CNY", "RUB", rates), convert("800", "CNY", "RUB", rates)],
    });
    expect((byId.get(quoteIds.rub) as Compared).converted?.priceFrom).toBe("10500.00");

    const desc = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?sort=price&dir=desc&currency=RUB`);
    expect(desc.body.data.quotes.map((q: Compared) => q.id)).toEqual([quoteIds.cny, quoteIds.rub, quoteIds.usd]);
  });

  test("the one currency defaults by language and may be chosen; the order does not depend on it", async () => {
    const zh = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?lang=zh`);
    expect(zh.body.data.currency).toBe("CNY");
    expect(zh.body.data.quotes.map((q: Compared) => q.id)).toEqual([quoteIds.usd, quoteIds.rub, quoteIds.cny]);
    const cny = zh.body.data.quotes.find((q: Compared) => q.id === quoteIds.cny) as Compared;
    expect(cny.converted).toEqual({ priceFrom: "800.00", tiers: ["900.00", "800.00"] });
    const usd = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?lang=ru&currency=USD`);
    expect(usd.body.data.currency).toBe("USD");
    const usdQuote = usd.body.data.quotes.find((q: Compared) => q.id === quoteIds.usd) as Compared;
    expect(usdQuote.converted?.priceFrom).toBe("100.00");
    // A currency outside the list is the usual 400, not a 5xx.
    expect((await buyer.get(`/api/profile/rfq/${rfqId}/quotes?currency=XYZ`)).status).toBe(400);
  });

  test("without a stored rate for a currency, its quotes come after the compared ones, unconverted", async () => {
    await api.db.execute(sql`create temporary table if not exists saved_rates as select * from exchange_rates where currency = 'CNY'`);
    await api.db.execute(sql`delete from exchange_rates where currency = 'CNY'`);
    try {
      const res = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?sort=price&currency=RUB`);
      expect(res.body.data.quotes.map((q: Compared) => q.id)).toEqual([quoteIds.usd, quoteIds.rub, quoteIds.cny]);
      expect((res.body.data.quotes[2] as Compared).converted).toBeNull();
      expect(res.body.data.best.price).toEqual([quoteIds.usd, quoteIds.cny]);
    } finally {
      await api.db.execute(sql`insert into exchange_rates select * from saved_rates on conflict do nothing`);
    }
  });
});
