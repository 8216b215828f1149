/**
 * The company dashboard and the page views behind it (issue 28 §4; ADR 051), on PGlite and
 * PostgreSQL:
 * - a browser's visit to a product page, a supplier's card, its product list and a service offer is
 *   counted — also when the anonymous page cache answers it — and a robot's, a prefetch, a HEAD, a
 *   failed page or another page are not; nothing about the visitor is stored;
 * - the aggregation job sums the raw flushes into the daily table with each entity's company, and
 *   running it again changes nothing; old raw rows are purged after the days they may still change;
 * - the dashboard's numbers for a seeded company are the ones seeded (page views, inquiries,
 *   response rate and median time, buying requests matched, quotes sent and won, the buyer's side);
 * - every company sees only its own numbers; a user without a company is refused (403 `no_company`).
 */
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  companies,
  companyMembers,
  companyServices,
  conversations,
  pageViewHits,
  pageViewsDaily,
  products,
  quotes,
  rfqMatches,
  rfqs,
  serviceTypes,
} from "#server/db/schema.ts";
import { countPageViews } from "#server/page-views/middleware.ts";
import { createPageViewRecorder, utcDay, type PageViewRecorder } from "#server/page-views/recorder.ts";
import { aggregatePageViews } from "#server/page-views/aggregate.ts";
import { PageCache } from "#server/page-cache.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, expectError, type TestUser } from "../support/profile.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY = 86_400_000;

let api: TestApi;
let owner: TestUser;
let other: TestUser;
let loner: TestUser;
let buyer: TestUser;
let companyId: number;
let otherCompanyId: number;
let productId: number;
let serviceId: number;

/** A published company with `user` as its active owner. */
async function companyOf(user: TestUser, name: string): Promise<number> {
  const [company] = await api.db
    .insert(companies)
    .values({ name: { ru: name }, country: "CN", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  await api.db.insert(companyMembers).values({ companyId: company!.id, userId: user.id, role: "owner", status: "active" });
  return company!.id;
}

/**
 * The web server's counting as server/http.ts wires it: the middleware around a catch-all that
 * answers through the anonymous page cache (so a second visit is a cache HIT), with a page for
 * every path of the site's shape and a 404 for `/product/999999`.
 */
function site(recorder: PageViewRecorder) {
  const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
  const app = new Hono();
  app.use(countPageViews(recorder));
  app.all("*", async (c) =>
    cache.serve(c.req.raw, "nonce", async () => {
      const missing = c.req.path.endsWith("/999999");
      const type = c.req.path.endsWith(".data") ? "text/x-script" : "text/html; charset=utf-8";
      return {
        response: new Response(missing ? "not found" : "<p>page</p>", { status: missing ? 404 : 200, headers: { "content-type": type } }),
        nonce: "nonce",
      };
    }),
  );
  return app;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await api.db.execute(sql`delete from page_view_hits`);
  await api.db.execute(sql`delete from page_views_daily`);
  owner = await createUser(api, "Дашборд");
  other = await createUser(api, "Чужой");
  loner = await createUser(api, "Одиночка");
  buyer = await createUser(api, "Покупатель");
  companyId = await companyOf(owner, "Шэньян Дашборд");
  otherCompanyId = await companyOf(other, "Другая компания");
  const [product] = await api.db
    .insert(products)
    .values({ companyId, name: { ru: "Ножи почвофрезы" }, status: "published", publishedAt: new Date() })
    .returning({ id: products.id });
  productId = product!.id;
  const [type] = await api.db.select({ id: serviceTypes.id }).from(serviceTypes).limit(1);
  const typeId =
    type?.id ??
    (
      await api.db
        .insert(serviceTypes)
        .values({ slug: "dashboard-logistics", name: { ru: "Логистика" } })
        .returning({ id: serviceTypes.id })
    )[0]!.id;
  const [service] = await api.db
    .insert(companyServices)
    .values({ companyId, serviceTypeId: typeId, status: "published" })
    .returning({ id: companyServices.id });
  serviceId = service!.id;
});

afterAll(async () => {
  await api?.close();
});

describe("page views", () => {
  test("a browser's visits are counted, cached ones too; robots, prefetches, HEAD and failed pages are not", async () => {
    const recorder = createPageViewRecorder({ db: api.db, flushEveryMs: 0 });
    const app = site(recorder);
    const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      app.request(path, { method, headers: { "user-agent": CHROME, "sec-fetch-mode": "navigate", ...headers } });

    const first = await visit(`/product/${productId}`);
    const second = await visit(`/product/${productId}`);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    await visit(`/zh/product/${productId}.data`, { "sec-fetch-mode": "cors" });
    await visit(`/en/suppliers/${companyId}`);
    await visit(`/suppliers/${companyId}/products`);
    await visit(`/services/company/${serviceId}`);
    // Not views: a robot, a prefetch (both spellings), HEAD, no user agent, an HTTP client wearing
    // Chrome's name without the Fetch Metadata Chrome always sends here, a 404, a page of no supplier.
    await visit(`/product/${productId}`, { "user-agent": GOOGLEBOT });
    await visit(`/product/${productId}`, { "sec-purpose": "prefetch" });
    await visit(`/product/${productId}`, { purpose: "prefetch" });
    await visit(`/product/${productId}`, {}, "HEAD");
    await app.request(`/product/${productId}`, { headers: {} });
    await app.request(`/product/${productId}`, { headers: { "user-agent": CHROME } });
    await visit(`/product/999999`);
    await visit(`/catalog/1`);
    await recorder.close();

    const today = utcDay(Date.now());
    const hits = await api.db
      .select({ kind: pageViewHits.kind, entityId: pageViewHits.entityId, day: pageViewHits.day, views: pageViewHits.views })
      .from(pageViewHits);
    expect(hits.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "company", entityId: companyId, day: today, views: 1 },
      { kind: "company_products", entityId: companyId, day: today, views: 1 },
      { kind: "product", entityId: productId, day: today, views: 3 },
      { kind: "service", entityId: serviceId, day: today, views: 1 },
    ]);
    // Nothing about the visitor: the table has no column for it.
    expect(Object.keys(hits[0]!).sort()).toEqual(["day", "entityId", "kind", "views"]);
  });

  test("the aggregation sums the flushes per entity and day with its company, and a second run changes nothing", async () => {
    const now = Date.now();
    const yesterday = utcDay(now - DAY);
    const longAgo = utcDay(now - 5 * DAY);
    await api.db.insert(pageViewHits).values([
      { kind: "product", entityId: productId, day: yesterday, views: 4 },
      { kind: "product", entityId: productId, day: yesterday, views: 2 },
      { kind: "product", entityId: 2_000_000_000, day: yesterday, views: 9 }, // a product that does not exist
      { kind: "company", entityId: companyId, day: longAgo, views: 7 },
    ]);
    const first = await aggregatePageViews(api.db, now);
    const read = () =>
      api.db
        .select()
        .from(pageViewsDaily)
        .orderBy(pageViewsDaily.day, pageViewsDaily.kind)
        .then((rows) => rows);
    const after = await read();
    expect(after).toEqual([
      { kind: "company", entityId: companyId, companyId, day: longAgo, views: 7 },
      { kind: "product", entityId: productId, companyId, day: yesterday, views: 6 },
      { kind: "company", entityId: companyId, companyId, day: utcDay(now), views: 1 },
      { kind: "company_products", entityId: companyId, companyId, day: utcDay(now), views: 1 },
      { kind: "product", entityId: productId, companyId, day: utcDay(now), views: 3 },
      { kind: "service", entityId: serviceId, companyId, day: utcDay(now), views: 1 },
    ]);
    expect(first.purgedRaw).toBe(1); // the day five days back is final and its raw row gone
    const second = await aggregatePageViews(api.db, now);
    expect(await read()).toEqual(after);
    expect(second.purgedRaw).toBe(0);
    // The queued job (what the server's worker runs every 10 minutes) writes the same totals again.
    await api.jobs.send("page-views-aggregate", {});
    expect(await api.jobs.runDue("page-views-aggregate")).toBe(1);
    expect(await read()).toEqual(after);
  });
});

describe("the dashboard", () => {
  beforeAll(async () => {
    const now = Date.now();
    const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000);
    // Inquiries: answered in 2 h and in 10 h (both within 48 h), one answered after 72 h, one never
    // (5 days old), one just now (not yet due) — and one 200 days ago, outside 90 days.
    await api.db.insert(conversations).values([
      { buyerUserId: buyer.id, supplierCompanyId: companyId, createdAt: ago(3), firstReplyAt: ago(3, -2) },
      { buyerUserId: buyer.id, supplierCompanyId: companyId, createdAt: ago(4), firstReplyAt: ago(4, -10) },
      { buyerUserId: buyer.id, supplierCompanyId: companyId, createdAt: ago(10), firstReplyAt: ago(10, -72) },
      { buyerUserId: buyer.id, supplierCompanyId: companyId, createdAt: ago(5) },
      { buyerUserId: buyer.id, supplierCompanyId: companyId, createdAt: ago(0, 1) },
      { buyerUserId: buyer.id, supplierCompanyId: companyId, createdAt: ago(200), firstReplyAt: ago(200, -1) },
      { buyerUserId: buyer.id, supplierCompanyId: otherCompanyId, createdAt: ago(2) },
    ]);
    // The other company buys: two requests (one open), three quotes from our company, one won.
    const request = (title: string, status: "open" | "awarded") => ({
      buyerUserId: other.id,
      buyerCompanyId: otherCompanyId,
      title,
      description: "Трубы",
      lang: "ru" as const,
      quantity: "10",
      unit: "t",
      incoterms: "DAP",
      destinationCountry: "RU",
      destinationCity: "Москва",
      deadline: ago(-10),
      visibility: "public" as const,
      status,
      submittedAt: ago(6),
      openedAt: ago(6),
    });
    const [open, awarded] = await api.db
      .insert(rfqs)
      .values([request("Открытый", "open"), request("Присуждённый", "awarded")])
      .returning({ id: rfqs.id });
    await api.db.insert(rfqMatches).values([
      { rfqId: open!.id, companyId, reason: "tnved", createdAt: ago(6) },
      { rfqId: awarded!.id, companyId, reason: "invited", createdAt: ago(6) },
    ]);
    const quote = (rfqId: number, status: "submitted" | "accepted") => ({
      rfqId,
      companyId,
      tiers: [{ minQuantity: "1", price: "100" }],
      priceFrom: "100",
      currency: "USD" as const,
      moq: "1",
      leadTimeDays: 30,
      incoterms: "FOB",
      incotermsPlace: "Dalian",
      validUntil: utcDay(now + 30 * DAY),
      lang: "en" as const,
      status,
      createdAt: ago(5),
    });
    const [, won] = await api.db
      .insert(quotes)
      .values([quote(open!.id, "submitted"), quote(awarded!.id, "accepted")])
      .returning({ id: quotes.id });
    await api.db
      .update(rfqs)
      .set({ awardedQuoteId: won!.id, awardedAt: ago(2), awardNotifiedAt: ago(2) })
      .where(sql`id = ${awarded!.id}`);
  });

  type Series = { key: string; total: number | null; points: { period: string; value: number | null }[] };
  const series = (list: Series[], key: string) => list.find((s) => s.key === key)!;

  test("a supplier's numbers over 90 days are the seeded ones, bucket by bucket", async () => {
    const reply = await owner.get("/api/profile/dashboard?period=90");
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect({ companyId: data.companyId, period: data.period, bucket: data.bucket }).toEqual({ companyId, period: "90", bucket: "week" });
    expect(data.supplier.map((s: { key: string }) => s.key)).toEqual([
      "productViews",
      "companyViews",
      "inquiries",
      "responseRate",
      "medianResponseHours",
      "requestsMatched",
      "quotesSent",
      "quotesWon",
      "ordersByStage",
      "revenue",
    ]);
    const totals = Object.fromEntries(data.supplier.map((s: { key: string; total: number | null }) => [s.key, s.total]));
    expect(totals).toEqual({
      productViews: 9, // 6 yesterday + 3 today
      companyViews: 10, // 7 five days ago + card, product list and service offer today
      inquiries: 5,
      responseRate: 50, // 2 of the 4 due answered within 48 h (the one of the last hour is not due yet)
      medianResponseHours: 10, // of 2 h, 10 h and 72 h
      requestsMatched: 2,
      quotesSent: 2,
      quotesWon: 1,
      // No orders (tests/api/orders.test.ts reads these series with orders).
      ordersByStage: 0,
      revenue: 0,
    });
    // Every bucket is there, weeks from Monday; the values add up to the totals.
    const views = series(data.supplier, "productViews");
    expect(views.points.length).toBeGreaterThanOrEqual(13);
    expect(views.points.every((p: { period: string }) => new Date(`${p.period}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    for (const key of ["productViews", "companyViews", "inquiries", "requestsMatched", "quotesSent", "quotesWon"])
      expect(
        series(data.supplier, key).points.reduce((sum: number, p: { value: number | null }) => sum + (p.value ?? 0), 0),
        key,
      ).toBe(totals[key]);
    // A week without inquiries has no response rate, not 0 %.
    expect(series(data.supplier, "responseRate").points[0]!.value).toBeNull();
    // The company buys nothing.
    expect(data.buyer).toBeNull();
  });

  test("365 days are months and include the inquiry of 200 days ago; a period not offered is refused", async () => {
    const data = (await owner.get("/api/profile/dashboard?period=365")).body.data;
    expect(data.bucket).toBe("month");
    expect(series(data.supplier, "inquiries").total).toBe(6);
    expect(series(data.supplier, "productViews").points.length).toBeGreaterThanOrEqual(12);
    expectError(await owner.get("/api/profile/dashboard?period=7"), 400, "invalid_query");
  });

  test("a buying company sees its buyer side; each company only its own numbers", async () => {
    const data = (await other.get("/api/profile/dashboard?period=30")).body.data;
    expect(data.companyId).toBe(otherCompanyId);
    expect(series(data.supplier, "inquiries").total).toBe(1);
    expect(series(data.supplier, "productViews").total).toBe(0);
    expect(data.buyer.openRequests).toBe(1);
    expect(Object.fromEntries(data.buyer.series.map((s: { key: string; total: number }) => [s.key, s.total]))).toEqual({
      requestsSent: 2,
      quotesReceived: 2,
      openRequests: 1,
      ordersByStage: 0,
      spend: 0,
      spendBySupplier: 0,
    });
    // There is no way to name another company: a query parameter for it is not read.
    const asked = (await other.get(`/api/profile/dashboard?period=30&companyId=${companyId}`)).body.data;
    expect(asked.companyId).toBe(otherCompanyId);
    expectError(await loner.get("/api/profile/dashboard"), 403, "no_company");
    const anonymous = await api.app.request("/api/profile/dashboard");
    expect(anonymous.status).toBe(401);
  });
});
