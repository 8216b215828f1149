/**
 * Who answers buyers for a company (issue 14 §1 "employees with a role allowed to answer"; ADR 009
 * `answerBuyers`, ADR 028), on PGlite and PostgreSQL: the access matrix of the four company roles
 * — owner, admin, sales, member — over reading the company's inbox and a conversation, replying,
 * closing and reopening, and creating and changing a quote. Owners, admins and sales managers do
 * all of it; a member reads everything and every write is 403 `forbidden_role` that changes nothing
 * (nor does a member's reading clear the company's unread mark).
 * A new inquiry's e-mail goes to those who answer, not to a member.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, rfqs } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, type TestUser, expectError } from "../support/profile.ts";

const ROLES = ["owner", "admin", "sales", "member"] as const;
type Role = (typeof ROLES)[number];
/** The roles with the `answerBuyers` permission (server/profile/access.ts). */
const ANSWERS: Record<Role, boolean> = { owner: true, admin: true, sales: true, member: false };

let api: TestApi;
let buyer: TestUser;
const staff = {} as Record<Role, TestUser>;
let companyId: number;
let conversationId: number;
/** Mails sent by the new inquiry's notification jobs. */
let inquiryMails: { to: string; text: string }[] = [];
const ip = `10.9.${process.pid % 250}.${Math.floor(Math.random() * 250)}`;
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An open public buying request of `buyer` (written straight to the table: its moderation is another test's). */
async function openRfq(title: string): Promise<number> {
  const [row] = await api.db
    .insert(rfqs)
    .values({
      buyerUserId: buyer.id,
      title,
      description: "Нужны трубы по ГОСТ 8732-78.",
      lang: "ru",
      quantity: "10",
      unit: "t",
      incoterms: "DAP",
      destinationCountry: "ru",
      destinationCity: "Екатеринбург",
      deadline: new Date(Date.now() + 10 * 86_400_000),
      visibility: "public",
      status: "open",
    })
    .returning({ id: rfqs.id });
  return row!.id;
}

function quote(rfqId: number | undefined, price: string) {
  return {
    ...(rfqId === undefined ? {} : { rfqId }),
    tiers: [{ minQuantity: "5", price }],
    currency: "USD",
    moq: "5",
    leadTimeDays: 30,
    incoterms: "FOB",
    incotermsPlace: "Dalian",
    validUntil: inFuture(30),
    lang: "en",
  };
}

const conversation = (role: Role) => staff[role].get(`/api/conversations/${conversationId}`);

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  buyer = await createUser(api, "roles-buyer");
  const [company] = await api.db
    .insert(companies)
    .values({ name: { ru: "Ролевой завод" }, country: "RU", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  companyId = company!.id;
  for (const role of ROLES) {
    staff[role] = await createUser(api, `roles-${role}`);
    await api.db.insert(companyMembers).values({ companyId, userId: staff[role].id, role, status: "active" });
  }
  await api.jobs.runDue("notification-mail");
  const before = api.mail.length;
  const sent = await buyer.post(
    "/api/inquiries",
    { supplierId: companyId, message: "Какая цена на 20 тонн труб?" },
    {
      "x-client-ip": ip,
    },
  );
  expect(sent.status).toBe(201);
  conversationId = sent.body.data.conversationId;
  await api.jobs.runDue("notification-mail");
  inquiryMails = api.mail.slice(before).filter((m) => m.text.includes(`/profile/conversations/${conversationId}`));
});

afterAll(async () => {
  if (api) {
    if (companyId) await api.db.delete(companies).where(eq(companies.id, companyId));
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("a company's conversations by role", () => {
  test.each(ROLES)("%s reads the company inbox and the conversation; canReply says whether they may write", async (role) => {
    const inbox = await staff[role].get("/api/conversations?box=company");
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.map((c: { id: number }) => c.id)).toContain(conversationId);
    const seen = await conversation(role);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ side: "supplier", canReply: ANSWERS[role] });
  });

  test("a member's reading leaves the company's unread mark for those who answer; an answerer's clears it", async () => {
    expect((await conversation("owner")).body.data.unread).toBe(1);
    expect((await staff.member.post(`/api/conversations/${conversationId}/read`)).status).toBe(200);
    expect((await conversation("owner")).body.data.unread).toBe(1);
    expect((await staff.sales.post(`/api/conversations/${conversationId}/read`)).status).toBe(200);
    expect((await conversation("owner")).body.data.unread).toBe(0);
  });

  test("the buyer may always write", async () => {
    const seen = await buyer.get(`/api/conversations/${conversationId}`);
    expect(seen.body.data).toMatchObject({ side: "buyer", canReply: true });
  });

  test.each(ROLES)("%s replies to the buyer, or is refused with forbidden_role and nothing is written", async (role) => {
    const before = (await conversation(role)).body.data.messages.length;
    const reply = await staff[role].post(`/api/conversations/${conversationId}/messages`, { message: `Ответ от роли ${role}` });
    const after = (await conversation(role)).body.data.messages;
    if (ANSWERS[role]) {
      expect(reply.status).toBe(201);
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ side: "supplier", body: `Ответ от роли ${role}`, own: true });
    } else {
      expectError(reply, 403, "forbidden_role");
      expect(after).toHaveLength(before);
    }
  });

  test.each(ROLES)("%s closes and reopens the conversation, or is refused and the status stays", async (role) => {
    const status = (await conversation(role)).body.data.status;
    expect(status).not.toBe("closed");
    const close = await staff[role].post(`/api/conversations/${conversationId}/status`, { action: "close" });
    if (ANSWERS[role]) {
      expect(close.status).toBe(200);
      expect((await conversation(role)).body.data.status).toBe("closed");
      const reopen = await staff[role].post(`/api/conversations/${conversationId}/status`, { action: "reopen" });
      expect(reopen.status).toBe(200);
      expect((await conversation(role)).body.data.status).toBe(status);
    } else {
      expectError(close, 403, "forbidden_role");
      expect((await conversation(role)).body.data.status).toBe(status);
    }
  });

  test("a new inquiry is e-mailed to the owner, the admin and the sales manager, not to the member", () => {
    const recipients = new Set(inquiryMails.map((m) => m.to));
    expect(recipients).toEqual(new Set([staff.owner.email, staff.admin.email, staff.sales.email]));
  });
});

describe("a company's quotes by role", () => {
  const rfqIds = {} as Record<Role, number>;
  let salesQuoteId: number;

  beforeAll(async () => {
    for (const role of ROLES) rfqIds[role] = await openRfq(`Трубы для роли ${role}`);
  });

  afterAll(async () => {
    await api.db.delete(rfqs).where(inArray(rfqs.id, Object.values(rfqIds)));
  });

  test.each(ROLES)("%s sees a request; it says whether they may quote", async (role) => {
    const seen = await staff[role].get(`/api/rfq/${rfqIds[role]}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.viewer.canQuote).toBe(ANSWERS[role]);
  });

  test.each(ROLES)("%s sends a quote, or is refused with forbidden_role and none is stored", async (role) => {
    const sent = await staff[role].post("/api/profile/quotes", quote(rfqIds[role], "1000"));
    if (ANSWERS[role]) {
      expect(sent.status).toBe(201);
      expect(sent.body.data).toMatchObject({ rfqId: rfqIds[role], priceFrom: "1000.00" });
      if (role === "sales") salesQuoteId = sent.body.data.id;
    } else {
      expectError(sent, 403, "forbidden_role");
      const seen = await staff[role].get(`/api/rfq/${rfqIds[role]}`);
      expect(seen.body.data.viewer.myQuoteId).toBeNull();
    }
  });

  test.each(ROLES)("%s changes the company's quote, or is refused and it stays as it was", async (role) => {
    const price = `${ROLES.indexOf(role) + 2}000.00`;
    const before = (await staff[role].get(`/api/profile/quotes/${salesQuoteId}`)).body.data;
    expect(before.id).toBe(salesQuoteId);
    const changed = await staff[role].put(`/api/profile/quotes/${salesQuoteId}`, quote(undefined, price));
    const after = (await staff[role].get(`/api/profile/quotes/${salesQuoteId}`)).body.data;
    if (ANSWERS[role]) {
      expect(changed.status).toBe(200);
      expect(after.priceFrom).toBe(price);
    } else {
      expectError(changed, 403, "forbidden_role");
      expect(after.priceFrom).toBe(before.priceFrom);
    }
  });

  test("a member reads the company's quotes", async () => {
    const list = await staff.member.get("/api/profile/quotes");
    expect(list.status).toBe(200);
    expect(list.body.data.map((q: { id: number }) => q.id)).toContain(salesQuoteId);
  });
});
