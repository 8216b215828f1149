/**
 * Issue 25 §3 and the security review's N4, N11, N13, N14: actions that send mail to someone else
 * are limited. A close/reopen loop is refused after LIMITS.conversationStatus and e-mails the other
 * side at most once per 15 minutes (the inbox rows stay); a per-IP limit counts an IPv6 /64 as one
 * client; an inquiry to a company nobody runs is mailed as a fixed notice without the buyer's
 * words, capped per sender and held for fresh accounts; a blocked company cannot reply, close or
 * reopen. On PGlite and PostgreSQL.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, notifications, products, users } from "#server/db/schema.ts";
import { apiLimiter, LIMITS, UNCLAIMED_MAIL } from "#server/api/rate-limits.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, expectError, uniqueEmail, type TestUser } from "../support/profile.ts";

let api: TestApi;
let buyer: TestUser;
let owner: TestUser;
let supplierId: number;
const createdCompanies: number[] = [];
const run = `${process.pid}-${Date.now()}`;

async function company(name: string, email: string | null = null): Promise<number> {
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: name }, country: "RU", status: "published", email, publishedAt: new Date() })
    .returning({ id: companies.id });
  createdCompanies.push(row!.id);
  return row!.id;
}

const age = (user: TestUser, hours: number) =>
  api.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
    .where(eq(users.id, user.id));

async function inquire(user: TestUser, to: number, message: string, ip = "10.41.0.1"): Promise<number> {
  const sent = await user.post("/api/inquiries", { supplierId: to, message }, { "x-client-ip": ip });
  expect(sent.status).toBe(201);
  return sent.body.data.conversationId;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  buyer = await createUser(api, "limits-buyer");
  owner = await createUser(api, "limits-owner");
  supplierId = await company("Завод писем");
  await api.db.insert(companyMembers).values({ companyId: supplierId, userId: owner.id, role: "owner", status: "active" });
});

afterAll(async () => {
  if (api) {
    if (createdCompanies.length) await api.db.delete(companies).where(inArray(companies.id, createdCompanies));
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("N4: closing and reopening a conversation", () => {
  test("a loop e-mails the other side once per 15 minutes, every change stays in the inbox, and is refused past the limit", async () => {
    const id = await inquire(buyer, supplierId, "Цена на трубы?");
    await api.jobs.runDue("notification-mail");
    const before = api.mail.filter((m) => m.to === owner.email).length;
    let refused = 0;
    let changed = 0;
    for (let i = 0; i < LIMITS.conversationStatus.points + 2; i++) {
      const reply = await buyer.post(
        `/api/conversations/${id}/status`,
        { action: i % 2 === 0 ? "close" : "reopen" },
        { "x-client-ip": "10.41.0.2" },
      );
      if (reply.status === 429) refused++;
      else {
        expect(reply.status).toBe(200);
        changed++;
      }
    }
    expect(changed).toBe(LIMITS.conversationStatus.points);
    expect(refused).toBe(2);
    await api.jobs.runDue("notification-mail");
    const statusMails = api.mail.filter((m) => m.to === owner.email).slice(before);
    expect(statusMails).toHaveLength(1);
    const rows = await api.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "conversation.status")));
    expect(rows).toHaveLength(LIMITS.conversationStatus.points);
  });
});

describe("N11: per-IP limits count an IPv6 /64 as one client", () => {
  test("two addresses of one /64 share a counter; another /64 has its own", async () => {
    const limiter = apiLimiter(api.db, { keyPrefix: `test_v6_${run}`, points: 1, windowS: 60 });
    await limiter.consume("2001:db8:aa:1::1");
    await expect(limiter.consume("2001:db8:aa:1:ffff::2")).rejects.toMatchObject({ code: "rate_limited" });
    await expect(limiter.consume("2001:db8:aa:2::1")).resolves.toBeUndefined();
    await expect(limiter.consume("42")).resolves.toBeUndefined();
  });
});

describe("N13: inquiries to companies nobody runs", () => {
  test("a fixed notice naming the product, without the buyer's name or words", async () => {
    const address = uniqueEmail("unclaimed-notice");
    const unclaimed = await company("Завод без людей", address);
    const [product] = await api.db
      .insert(products)
      .values({ companyId: unclaimed, name: { ru: "Труба стальная" }, status: "published", publishedAt: new Date() })
      .returning({ id: products.id });
    const asker = await createUser(api, "URGENT verify your account at evil.example");
    await age(asker, 48);
    const sent = await asker.post(
      "/api/inquiries",
      { supplierId: unclaimed, productIds: [product!.id], message: "Pay the deposit to card 4111 1111 1111 1111 at evil.example" },
      { "x-client-ip": "10.41.0.3" },
    );
    expect(sent.status).toBe(201);
    await api.jobs.runDue("inquiry-supplier-mail");
    const [mail] = api.mail.filter((m) => m.to === address);
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("4111");
    }
    expect(mail!.text).toContain("«Труба стальная»");
  });

  test(`a sender reaches at most ${UNCLAIMED_MAIL.perSenderDay} such companies a day, whatever the text`, async () => {
    const sender = await createUser(api, "spammer");
    await age(sender, 48);
    const addresses: string[] = [];
    for (let i = 0; i < UNCLAIMED_MAIL.perSenderDay + 2; i++) {
      const address = uniqueEmail(`target-${i}`);
      addresses.push(address);
      await inquire(sender, await company(`Компания ${i}`, address), `Вопрос номер ${i} про цену`, "10.41.0.4");
    }
    await api.jobs.runDue("inquiry-supplier-mail");
    expect(api.mail.filter((m) => addresses.includes(m.to))).toHaveLength(UNCLAIMED_MAIL.perSenderDay);
  });

  test("a fresh account's inquiry is not mailed until the account is a day old", async () => {
    const address = uniqueEmail("fresh-target");
    const target = await company("Ждущий завод", address);
    const fresh = await createUser(api, "fresh");
    await inquire(fresh, target, "Нужна цена", "10.41.0.5");
    await api.jobs.runDue("inquiry-supplier-mail");
    expect(api.mail.filter((m) => m.to === address)).toHaveLength(0);
  });
});

describe("N14: a blocked company", () => {
  test("cannot reply, close or reopen; the buyer still can", async () => {
    const blockedId = await company("Заблокированный завод");
    const seller = await createUser(api, "blocked-seller");
    await api.db.insert(companyMembers).values({ companyId: blockedId, userId: seller.id, role: "owner", status: "active" });
    const asker = await createUser(api, "blocked-asker");
    const id = await inquire(asker, blockedId, "Цена?", "10.41.0.6");
    await api.db.update(companies).set({ status: "blocked" }).where(eq(companies.id, blockedId));
    expectError(await seller.post(`/api/conversations/${id}/messages`, { message: "Оплатите на карту" }), 403, "company_blocked");
    expectError(await seller.post(`/api/conversations/${id}/status`, { action: "close" }), 403, "company_blocked");
    expect((await seller.get(`/api/conversations/${id}`)).status).toBe(200);
    expect((await asker.post(`/api/conversations/${id}/status`, { action: "close" }, { "x-client-ip": "10.41.0.7" })).status).toBe(200);
    expectError(await seller.post(`/api/conversations/${id}/status`, { action: "reopen" }), 403, "company_blocked");
  });
});
