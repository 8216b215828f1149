/**
 * The demo's orders (server/orders/demo.ts; `npm run demo`): with two Chinese suppliers and a
 * Russian one that list payment routes, the seed makes orders in various stages — countered and
 * in production, shipped and disputed, closed with both payments recorded, waiting for the supplier,
 * and six earlier closed orders that give one route a history shown on the supplier page — through
 * the orders' own rules, and does nothing on a second run.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { companies, paymentRoutes } from "#server/db/schema.ts";
import { seedDemoOrders } from "#server/orders/demo.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData } from "../support/profile.ts";

let api: TestApi;
const supplierIds: number[] = [];

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await api.db.execute(sql`delete from orders`);
  for (const [name, country] of [
    ["Dalian Pump Works (demo test)", "CN"],
    ["Ningbo Valves (demo test)", "CN"],
    ["Насосный завод (демо-тест)", "RU"],
  ] as const) {
    const [c] = await api.db
      .insert(companies)
      .values({ name: { en: name, ru: name }, country, status: "published", publishedAt: new Date() })
      .returning({ id: companies.id });
    supplierIds.push(c!.id);
    await api.db
      .insert(paymentRoutes)
      .values({ companyId: c!.id, kind: "bank_transfer", currency: "CNY", foreignBankName: "Bank of China", swiftBic: "BKCHCNBJ" });
  }
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from orders`);
    await api.db.execute(sql`delete from rfqs where buyer_user_id in (select id from users where email like 'demo-%@demo.postavka.test')`);
    await api.db.execute(
      sql`delete from companies where name->>'ru' like '%(демо)%' or name->>'en' like '%(demo test)%' or name->>'ru' like '%(демо-тест)%'`,
    );
    await api.db.execute(sql`delete from users where email like 'demo-%@demo.postavka.test'`);
    await api.close();
  }
});

test("orders in various stages and a payment route with a history, once", async () => {
  expect(await seedDemoOrders(api.db, { supplierIds })).toBe(10);
  const rows = await api.db.execute<{ state: string; stage: string | null; versions: number; disputes: number; payments: number }>(sql`
    select o.state, o.stage,
      (select count(*)::int from order_versions v where v.order_id = o.id) as versions,
      (select count(*)::int from order_disputes d where d.order_id = o.id and d.state = 'open') as disputes,
      (select count(*)::int from payment_outcomes p where p.order_id = o.id) as payments
    from orders o order by o.id`);
  expect(rows.rows).toEqual([
    { state: "confirmed", stage: "in_production", versions: 2, disputes: 0, payments: 1 },
    { state: "confirmed", stage: "arrived", versions: 2, disputes: 1, payments: 0 },
    { state: "closed", stage: null, versions: 2, disputes: 0, payments: 2 },
    ...Array.from({ length: 6 }, () => ({ state: "closed", stage: null, versions: 2, disputes: 0, payments: 2 })),
    { state: "negotiating", stage: null, versions: 1, disputes: 0, payments: 0 },
  ]);
  // The first Chinese supplier's route: 13 payments by 3 payers, past the thresholds, so the supplier
  // page shows its outcomes (one prepayment returned, one partially credited).
  const routes = await api.getJson<{ data: { stats: Record<string, number | null> | null }[] }>(
    `/api/payment-routes/companies/${supplierIds[0]}`,
  );
  expect(routes.status).toBe(200);
  expect(routes.body.data[0]!.stats).toMatchObject({ payments: 13, returned: 1, partiallyCredited: 1, credited: 11, frozen: 0 });
  expect(routes.body.data[0]!.stats!.medianDays).toEqual(expect.any(Number));
  expect(await seedDemoOrders(api.db, { supplierIds })).toBe(0);
});
