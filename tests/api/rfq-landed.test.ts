/**
 * The quote comparison compares landed costs (issue 28 §1; ADR 050), through the API on PGlite and
 * PostgreSQL, with the real ETT EAEU tariff imported with the classifiers (7304191009, seamless steel
 * pipes: 7.5 % ad valorem) and the Bank of Russia's rates of 15.10.2024 (CNY 13.4987):
 * - FOB, CFR, DAP and DDP quotes on one basis: the buyer's freight and insurance added only where
 *   the Incoterms rule leaves them to the buyer, duty and import VAT on all but DDP — by hand;
 * - what the buyer has not entered is named per quote, never silently zero;
 * - a request whose code has no single duty (a 6-digit code, lines at 5–10 %) says so and falls
 *   back to the price order;
 * - bad input is a 400 with the field named, not a 500.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Comparison } from "#contract/quotes.ts";
import { companies, companyMembers, products } from "#server/db/schema.ts";
import { importCbrDaily } from "#server/money/rates.ts";
import { trustBuyer } from "../support/rfq.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";

const PIPES = "7304191009";
let api: TestApi;
let moderator: TestUser;
let buyer: TestUser;
let rfqId: number;
let bareRfqId: number;
const quoteIds: Record<"fob" | "cfr" | "dap" | "ddp", number> = { fob: 0, cfr: 0, dap: 0, ddp: 0 };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A published Chinese company making pipes, with an English-speaking owner. */
async function supplier(label: string): Promise<TestUser> {
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: `${label} Co.` }, country: "CN", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  const user = await createUser(api, label, { locale: "en" });
  await api.db.insert(companyMembers).values({ companyId: row!.id, userId: user.id, role: "owner", status: "active" });
  await api.db
    .insert(products)
    .values({ companyId: row!.id, name: { ru: `Трубы ${label}` }, tnvedCode: PIPES, status: "published", publishedAt: new Date() });
  return user;
}

/** The buyer's public request for 10 t of pipes, approved: open to quotes. */
async function openRequest(overrides: Record<string, unknown>): Promise<number> {
  const created = await buyer.post("/api/profile/rfq", {
    title: "Трубы бесшовные стальные",
    description: "Трубы бесшовные для нефтепроводов, ГОСТ 8732.",
    lang: "ru",
    quantity: "10",
    unit: "t",
    incoterms: "DAP",
    destinationCountry: "RU",
    destinationCity: "Москва",
    deadline: inDays(10),
    visibility: "public",
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as number;
  await buyer.post(`/api/profile/rfq/${id}/status`, { action: "submit" });
  expect((await moderator.post(`/app/admin/moderation/rfq/${id}/approve`)).status).toBe(200);
  return id;
}

async function quote(user: TestUser, id: number, price: string, incoterms: string, place: string): Promise<number> {
  const res = await user.post("/api/profile/quotes", {
    rfqId: id,
    tiers: [{ minQuantity: "1", price }],
    currency: "CNY",
    moq: "1",
    leadTimeDays: 30,
    incoterms,
    incotermsPlace: place,
    validUntil: inDays(30),
    lang: "en",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const compare = async (id: number, query = ""): Promise<Comparison> => {
  const res = await buyer.get(`/api/profile/rfq/${id}/quotes?currency=RUB${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Comparison;
};

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await api.db.execute(sql`delete from rfqs`);
  await importCbrDaily(api.db, new Uint8Array(await readFile(path.join(api.dataDir, "cbr", "daily", "cbr_daily_2024-10-15.xml"))));
  moderator = await createUser(api, "moderator-landed", { role: "MODERATOR" });
  buyer = await createUser(api, "buyer-landed", { locale: "ru" });
  await trustBuyer(api, buyer.id, PIPES);
  rfqId = await openRequest({ tnvedCode: PIPES });
  // A heading-level code whose lines' rates differ (5–10 %): no single duty applies.
  bareRfqId = await openRequest({ title: "Трубы: код до подсубпозиции", tnvedCode: "730419" });
  const [fob, cfr, dap, ddp] = await Promise.all(["fob", "cfr", "dap", "ddp"].map((k) => supplier(`pipes-${k}`)));
  quoteIds.fob = await quote(fob!, rfqId, "5000", "FOB", "Shanghai");
  quoteIds.cfr = await quote(cfr!, rfqId, "5200", "CFR", "Saint Petersburg");
  quoteIds.dap = await quote(dap!, rfqId, "5600", "DAP", "Moscow");
  quoteIds.ddp = await quote(ddp!, rfqId, "8000", "DDP", "Moscow");
  await quote(fob!, bareRfqId, "5000", "FOB", "Shanghai");
  await quote(ddp!, bareRfqId, "8000", "DDP", "Moscow");
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from rfqs`);
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("GET /api/profile/rfq/{id}/quotes compares landed costs", () => {
  test("FOB, CFR, DAP and DDP on one basis: the buyer's freight and insurance where the rule leaves them to the buyer, duty and VAT but for DDP", async () => {
    // «2 500,5» as a Russian buyer types it.
    const c = await compare(rfqId, `&freight=60000&insurance=${encodeURIComponent("2 500,5")}`);
    expect(c.sort).toBe("landed");
    expect(c.landed).toMatchObject({ tnved: PIPES, freight: "60000", insurance: "2500.5", needsDutyUnits: null });
    const byId = new Map(c.quotes.map((q) => [q.id, q.landed]));
    // FOB Shanghai: 5000 × 10 t × 13.4987 = 674 935.00; + 60 000 + 2 500.50 = 737 435.50 customs value;
    // duty 7.5 % = 55 307.66; VAT 20 % of 792 743.16 = 158 548.63; total 951 291.79.
    expect(byId.get(quoteIds.fob)).toMatchObject({
      missing: null,
      buyerCosts: { freight: true, insurance: true, dutyAndVat: true },
      notEntered: [],
      steps: {
        goodsValue: "674935.00",
        freight: "60000.00",
        insurance: "2500.50",
        customsValue: "737435.50",
        duty: "55307.66",
        vatBase: "792743.16",
        vat: "158548.63",
        total: "951291.79",
        perUnit: "95129.18",
      },
    });
    expect(byId.get(quoteIds.fob)!.duty).toMatchObject({ kind: "single", rate: { adValoremPct: "7.5" } });
    expect(byId.get(quoteIds.fob)!.rates).toEqual([expect.objectContaining({ currency: "CNY", value: "13.4987", date: "2024-10-15" })]);
    // CFR: the seller pays the carriage, the buyer insures: 701 932.40 + 2 500.50 = 704 432.90; duty 52 832.47;
    // VAT 151 453.07; total 908 718.44.
    expect(byId.get(quoteIds.cfr)).toMatchObject({
      buyerCosts: { freight: false, insurance: true },
      steps: { goodsValue: "701932.40", freight: "0.00", insurance: "2500.50", duty: "52832.47", vat: "151453.07", total: "908718.44" },
    });
    // DAP Moscow: delivered — nothing added but duty and VAT: 755 927.20 → duty 56 694.54, VAT 162 524.35.
    expect(byId.get(quoteIds.dap)).toMatchObject({
      buyerCosts: { freight: false, insurance: false, dutyAndVat: true },
      steps: { customsValue: "755927.20", duty: "56694.54", vat: "162524.35", total: "975146.09" },
    });
    // DDP: duty and VAT are the seller's — the price in roubles is the landed cost.
    expect(byId.get(quoteIds.ddp)).toMatchObject({
      duty: null,
      buyerCosts: { freight: false, insurance: false, dutyAndVat: false },
      steps: { goodsValue: "1079896.00", duty: "0.00", vat: "0.00", total: "1079896.00" },
    });
    // Cheapest landed first: the CFR quote beats the FOB one that is cheaper ex works.
    expect(c.quotes.map((q) => q.id)).toEqual([quoteIds.cfr, quoteIds.fob, quoteIds.dap, quoteIds.ddp]);
    expect(c.best.landed).toBe(quoteIds.cfr);
    expect(c.best.price).toEqual([quoteIds.fob]);
  });

  test("what the buyer has not entered is named on each quote it concerns, and the order says so by itself", async () => {
    const c = await compare(rfqId);
    expect(c.landed).toMatchObject({ freight: null, insurance: null });
    const byId = new Map(c.quotes.map((q) => [q.id, q.landed]));
    expect(byId.get(quoteIds.fob)!.notEntered).toEqual(["freight", "insurance"]);
    expect(byId.get(quoteIds.cfr)!.notEntered).toEqual(["insurance"]);
    expect(byId.get(quoteIds.dap)!.notEntered).toEqual([]);
    expect(byId.get(quoteIds.ddp)!.notEntered).toEqual([]);
    // Without freight the FOB quote is cheapest: 674 935.00 + duty + VAT.
    expect(byId.get(quoteIds.fob)!.steps).toMatchObject({ freight: "0.00", customsValue: "674935.00" });
    expect(c.quotes[0]!.id).toBe(quoteIds.fob);
    // Descending order on request.
    const desc = await compare(rfqId, "&sort=landed&dir=desc");
    expect(desc.quotes[0]!.id).toBe(quoteIds.ddp);
  });

  test("a code without a single duty is said on every quote that needs one, and the quotes sort by price", async () => {
    const c = await compare(bareRfqId);
    const [first, second] = c.quotes;
    expect(c.landed.tnved).toBe("730419");
    expect(first!.incoterms).toBe("FOB");
    expect(first!.landed).toMatchObject({ missing: "rate_range", steps: null });
    expect(first!.landed.duty).toMatchObject({ kind: "range", min: "5", max: "10" });
    // DDP needs no tariff; it still has its landed cost, but a cost for only some quotes marks none cheapest.
    expect(second!.landed).toMatchObject({ missing: null, steps: { total: "1079896.00" } });
    expect(c.best.landed).toBeNull();
  });

  test("a freight that is not a number is a 400 naming the field, not a 500", async () => {
    const res = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?freight=abc`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("freight");
    const negative = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?insurance=-5`);
    expect(negative.status).toBe(400);
  });

  test("another buyer's request stays a 404", async () => {
    const stranger = await createUser(api, "stranger-landed");
    expect((await stranger.get(`/api/profile/rfq/${rfqId}/quotes?freight=1`)).status).toBe(404);
  });
});
