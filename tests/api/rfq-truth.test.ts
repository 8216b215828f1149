/**
 * Buying requests tell the truth and can be taken back (issue 26 §4, §6; usability review #3, #8,
 * #9, #16; security review N3, N9; ADR 041), through the API on PGlite and PostgreSQL:
 * - every matched supplier is told — by its account, or, for a company nobody runs, by an
 *   invitation to its public e-mail under daily caps — and the buyer reads how many were told, how;
 * - the comparison ranks quotes by the price at the asked quantity;
 * - accepting a quote tells nobody until the undo window ends; undo cancels the e-mails;
 * - private requests are limited per buyer and day, a new buyer's go to the moderators, and no
 *   e-mail subject carries the buyer's words;
 * - a company that is not published neither quotes nor sees the supplier side;
 * - contacts in a public request's text are refused unless the buyer keeps them on purpose.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, conversations, products, rfqMatches, rfqs } from "#server/db/schema.ts";
import { RFQ_LIMITS } from "#server/api/rate-limits.ts";
import { trustBuyer } from "../support/rfq.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, expectError, type TestUser } from "../support/profile.ts";

let api: TestApi;
let moderator: TestUser;
let code: string;
let otherCode: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A published company making goods under `tnved`: with an owner (`owner` locale) or nobody, with or without a public e-mail. */
async function company(label: string, tnved: string, options: { owner?: "ru" | "en" | "zh"; email?: string | null; status?: string } = {}) {
  const [row] = await api.db
    .insert(companies)
    .values({
      name: { ru: `${label} ООО` },
      country: "RU",
      status: (options.status ?? "published") as "published",
      email: options.email ?? null,
      publishedAt: new Date(),
    })
    .returning({ id: companies.id });
  const id = row!.id;
  let user: TestUser | null = null;
  if (options.owner) {
    user = await createUser(api, label, { locale: options.owner });
    await api.db.insert(companyMembers).values({ companyId: id, userId: user.id, role: "owner", status: "active" });
  }
  await api.db
    .insert(products)
    .values({ companyId: id, name: { ru: `Товар ${label}` }, tnvedCode: tnved, status: "published", publishedAt: new Date() });
  return { id, user };
}

function request(overrides: Record<string, unknown> = {}) {
  return {
    title: "Задвижки стальные DN100",
    description: "Нужны задвижки клиновые, PN16, с ответными фланцами.",
    lang: "ru",
    tnvedCode: code,
    quantity: "50",
    unit: "pcs",
    incoterms: "DAP",
    destinationCountry: "RU",
    destinationCity: "Казань",
    deadline: inDays(10),
    visibility: "public",
    ...overrides,
  };
}

function quote(rfqId: number, tiers: { minQuantity: string; price: string }[], overrides: Record<string, unknown> = {}) {
  return {
    rfqId,
    tiers,
    currency: "USD",
    moq: tiers[0]!.minQuantity,
    leadTimeDays: 20,
    incoterms: "FCA",
    incotermsPlace: "Tianjin",
    validUntil: inDays(30),
    lang: "en",
    ...overrides,
  };
}

/** A buyer with two requests opened long ago (not new: their private requests open at once). */
async function trustedBuyer(label: string): Promise<TestUser> {
  const user = await createUser(api, label, { locale: "ru" });
  await trustBuyer(api, user.id, otherCode);
  return user;
}

/** `buyer`'s public request, sent and approved by the moderator: open, matched once the job runs. */
async function openPublic(buyer: TestUser, overrides: Record<string, unknown> = {}): Promise<number> {
  const created = await buyer.post("/api/profile/rfq", request(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as number;
  expect((await buyer.post(`/api/profile/rfq/${id}/status`, { action: "submit" })).body.data.status).toBe("moderation");
  expect((await moderator.post(`/app/admin/moderation/rfq/${id}/approve`)).status).toBe(200);
  return id;
}

async function drain() {
  for (const name of ["rfq-match", "rfq-quote-mail", "notification-mail"]) await api.jobs.runDue(name);
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await api.db.execute(sql`delete from rfqs`);
  // Jobs another file left queued on this worker's database are not this file's to run or count.
  await api.db.execute(
    sql`delete from pgboss.job where state in ('created', 'retry') and (name like 'rfq-%' or name = 'notification-mail')`,
  );
  const pick = async (heading: string) =>
    (
      await api.db.execute<{ code_digits: string }>(
        sql`select code_digits from tnved_codes where level = (select max(level) from tnved_codes) and code_digits like ${`${heading}%`} order by code limit 1`,
      )
    ).rows[0]!.code_digits;
  code = await pick("8481");
  otherCode = await pick("9403");
  moderator = await createUser(api, "moderator", { role: "MODERATOR" });
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from rfqs`);
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("every matched supplier is told, and the buyer reads who was (usability review #3)", () => {
  let buyer: TestUser;
  let claimed: { id: number; user: TestUser | null };
  let unclaimed: { id: number };
  let silent: { id: number };
  const address = `sales-${Date.now()}@valves.example`;

  beforeAll(async () => {
    buyer = await trustedBuyer("buyer-told");
    claimed = await company("Valves with people", code, { owner: "zh" });
    unclaimed = await company("Valves nobody runs", code, { email: address });
    silent = await company("Valves without address", code, { email: null });
  });

  test("a company nobody runs gets an invitation at its public address; one without an address is not counted as told", async () => {
    const before = api.mail.length;
    const id = await openPublic(buyer);
    const pendingView = await buyer.get(`/api/profile/rfq/${id}`);
    expect(pendingView.body.data.reach).toMatchObject({ matched: 0, told: 0 });
    await drain();
    const sent = api.mail.slice(before);
    const invitation = sent.find((m) => m.to === address);
    expect(invitation, "the unclaimed company's e-mail").toBeDefined();
    // A fixed subject: the buyer's words only in the body, marked as theirs (security review N3).
    expect(invitation!.subject).not.toContain(request().title);
    expect(invitation!.text).toContain(`«${request().title}»`);
    expect(invitation!.text).toContain("собственные слова");
    expect(invitation!.text).toContain(`/profile/quotes/new?rfq=${id}`);
    expect(sent.some((m) => m.to === claimed.user!.email)).toBe(true);
    // The address got an owner invitation to the company: signing in with it lets them claim it and quote.
    const [invited] = await api.db.select().from(companyMembers).where(eq(companyMembers.invitedEmail, address));
    expect(invited).toMatchObject({ companyId: unclaimed.id, role: "owner", status: "invited" });

    const own = await buyer.get(`/api/profile/rfq/${id}`);
    expect(own.body.data.reach).toEqual({
      matched: 3,
      told: 2,
      byAccount: 1,
      byEmail: 1,
      noAddress: 1,
      heldBack: 0,
      unclaimed: 0,
      pending: 0,
    });
    const marks = await api.db.select().from(rfqMatches).where(eq(rfqMatches.rfqId, id));
    expect(marks.find((m) => m.companyId === silent.id)).toMatchObject({ notifiedAt: null, heldBack: "no_address" });
    expect(marks.find((m) => m.companyId === unclaimed.id)).toMatchObject({ notifiedVia: "email" });
    expect(marks.find((m) => m.companyId === claimed.id)).toMatchObject({ notifiedVia: "account" });
  });

  test("a company's daily cap of unsolicited e-mails (inquiries count too) holds the invitation back, and the job tries again later", async () => {
    // Inquiries were e-mailed to the company today: with the invitation above they make the cap.
    const someone = await createUser(api, "inquirer");
    for (let i = 0; i < RFQ_LIMITS.unclaimedMailsPerCompanyPerDay - 1; i++) {
      await api.db.insert(conversations).values({
        buyerUserId: someone.id,
        supplierCompanyId: unclaimed.id,
        supplierMailedAt: new Date(),
      });
    }
    const before = api.mail.length;
    const id = await openPublic(buyer, { title: "Задвижки DN150" });
    await drain();
    expect(api.mail.slice(before).map((m) => m.to)).not.toContain(address);
    const own = await buyer.get(`/api/profile/rfq/${id}`);
    expect(own.body.data.reach).toMatchObject({ matched: 3, told: 1, byAccount: 1, byEmail: 0, heldBack: 1, noAddress: 1 });
    const retry = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'rfq-match' and data->>'rfqId' = ${String(id)} and state = 'created' and start_after > now()`,
    );
    expect(retry.rows[0]!.n).toBe(1);
  });
});

describe("the comparison ranks quotes by their price at the asked quantity (usability review #8)", () => {
  test("a quote cheap only from 100 pcs does not beat a quote cheaper at the 50 pcs asked", async () => {
    const buyer = await trustedBuyer("buyer-compare");
    const a = await company("Tiered valves", code, { owner: "en" });
    const b = await company("Flat valves", code, { owner: "en" });
    const id = await openPublic(buyer, { title: "Задвижки для сравнения" });
    await drain();
    const qa = await a.user!.post(
      "/api/profile/quotes",
      quote(id, [
        { minQuantity: "10", price: "130" },
        { minQuantity: "100", price: "100" },
      ]),
    );
    const qb = await b.user!.post("/api/profile/quotes", quote(id, [{ minQuantity: "1", price: "120" }]));
    expect([qa.status, qb.status]).toEqual([201, 201]);
    const compared = (await buyer.get(`/api/profile/rfq/${id}/quotes?sort=price&currency=USD`)).body.data;
    expect(compared).toMatchObject({ quantity: "50.000", unit: "pcs" });
    expect(compared.quotes.map((q: { id: number }) => q.id)).toEqual([qb.body.data.id, qa.body.data.id]);
    expect(compared.best.price).toEqual([qb.body.data.id]);
    const tiered = compared.quotes.find((q: { id: number }) => q.id === qa.body.data.id);
    expect(tiered.atQuantity).toMatchObject({ tier: 0, minQuantity: "10", price: "130", total: "6500.00", belowFirstTier: false });
    expect(tiered.atQuantity.converted).toBe("130.00");
  });
});

describe("accepting a quote can be taken back before anyone is told (usability review #9)", () => {
  let buyer: TestUser;
  let winner: { id: number; user: TestUser | null };
  let other: { id: number; user: TestUser | null };
  let id: number;
  const quoteIds: number[] = [];

  beforeAll(async () => {
    buyer = await trustedBuyer("buyer-undo");
    winner = await company("Winner valves", code, { owner: "en" });
    other = await company("Other valves", code, { owner: "zh" });
    id = await openPublic(buyer, { title: "Задвижки: выбор с отменой" });
    for (const c of [winner, other]) {
      const q = await c.user!.post("/api/profile/quotes", quote(id, [{ minQuantity: "1", price: "99" }]));
      quoteIds.push(q.body.data.id);
    }
    await drain();
  });

  const mailTo = (from: number) => api.mail.slice(from).map((m) => m.to);
  const scheduled = async (state: string) =>
    (
      await api.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'rfq-award-mail' and data->>'rfqId' = ${String(id)} and state = ${state}`,
      )
    ).rows[0]!.n;

  test("accepting tells nobody at once; the suppliers' own quotes do not read 'declined' yet", async () => {
    const before = api.mail.length;
    const accepted = await buyer.post(`/api/profile/rfq/${id}/quotes/${quoteIds[0]}/accept`, {});
    expect(accepted.body.data.status).toBe("accepted");
    expect(await api.jobs.runDue("rfq-award-mail")).toBe(0);
    await api.jobs.runDue("notification-mail");
    expect(mailTo(before)).toEqual([]);
    const own = (await buyer.get(`/api/profile/rfq/${id}`)).body.data;
    expect(own.status).toBe("awarded");
    expect(own.award).toMatchObject({ quoteId: quoteIds[0], notified: false });
    expect(Date.parse(own.award.undoUntil) - Date.parse(own.award.acceptedAt)).toBe(10 * 60_000);
    expect((await other.user!.get(`/api/profile/quotes/${quoteIds[1]}`)).body.data.status).toBe("submitted");
    expect(await scheduled("created")).toBe(1);
  });

  test("undo reopens the request and cancels the scheduled e-mails; nobody is ever told", async () => {
    const undone = await buyer.post(`/api/profile/rfq/${id}/award/undo`, {});
    expect(undone.status).toBe(200);
    const own = (await buyer.get(`/api/profile/rfq/${id}`)).body.data;
    expect(own).toMatchObject({ status: "open", award: null, awardedQuoteId: null });
    expect(await scheduled("created")).toBe(0);
    expect(await scheduled("cancelled")).toBe(1);
    expectError(await buyer.post(`/api/profile/rfq/${id}/award/undo`, {}), 409, "invalid_transition");
  });

  test("accepted again, the window passes: the winner and the other supplier are told once, and undo is refused", async () => {
    const before = api.mail.length;
    expect((await buyer.post(`/api/profile/rfq/${id}/quotes/${quoteIds[0]}/accept`, {})).status).toBe(200);
    await api.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'rfq-award-mail' and data->>'rfqId' = ${String(id)} and state = 'created'`,
    );
    expect(await api.jobs.runDue("rfq-award-mail")).toBe(1);
    await api.jobs.runDue("notification-mail");
    expect(mailTo(before).sort()).toEqual([winner.user!.email, other.user!.email].sort());
    expect((await other.user!.get(`/api/profile/quotes/${quoteIds[1]}`)).body.data.status).toBe("declined");
    expect((await buyer.get(`/api/profile/rfq/${id}`)).body.data.award.notified).toBe(true);
    expectError(await buyer.post(`/api/profile/rfq/${id}/award/undo`, {}), 409, "invalid_transition");
  });

  test("a job of an award that was undone tells nobody, even when it runs", async () => {
    const another = await openPublic(buyer, { title: "Задвижки: отменённый выбор" });
    const q = await winner.user!.post("/api/profile/quotes", quote(another, [{ minQuantity: "1", price: "90" }]));
    await drain();
    const accepted = await buyer.post(`/api/profile/rfq/${another}/quotes/${q.body.data.id}/accept`, {});
    expect(accepted.status).toBe(200);
    const [row] = await api.db.select().from(rfqs).where(eq(rfqs.id, another));
    expect((await buyer.post(`/api/profile/rfq/${another}/award/undo`, {})).status).toBe(200);
    const before = api.mail.length;
    // As if the cancel had not reached the queue: the stale job runs and finds no award of its own.
    await api.jobs.send("rfq-award-mail", { rfqId: another, awardedAt: row!.awardedAt!.toISOString() });
    await api.jobs.runDue("rfq-award-mail");
    await api.jobs.runDue("notification-mail");
    expect(api.mail.length).toBe(before);
  });
});

describe("private requests cannot be an e-mail relay (security review N3)", () => {
  test("a new buyer's private request waits for the moderators, and its invitation's subject carries no words of the buyer", async () => {
    const supplier = await company("Invited valves", code, { owner: "ru" });
    const newcomer = await createUser(api, "newcomer");
    const title = "URGENT: your account is suspended, verify at evil.example";
    const created = await newcomer.post("/api/profile/rfq", request({ title, visibility: "private", invitedCompanyIds: [supplier.id] }));
    const id = created.body.data.id as number;
    const submitted = await newcomer.post(`/api/profile/rfq/${id}/status`, { action: "submit" });
    expect(submitted.body.data.status).toBe("moderation");
    const before = api.mail.length;
    await drain();
    expect(api.mail.slice(before).map((m) => m.to)).not.toContain(supplier.user!.email);
    expect((await moderator.post(`/app/admin/moderation/rfq/${id}/approve`)).status).toBe(200);
    await drain();
    const invitation = api.mail.slice(before).find((m) => m.to === supplier.user!.email)!;
    expect(invitation.subject).toBe("Вас приглашают отправить предложение на Postavka");
    expect(invitation.text).toContain(`«${title}»`);
  });

  test("private requests per day, invitees per day and requests to one company per day are limited (429)", async () => {
    const buyer = await trustedBuyer("buyer-limits");
    const targets = [];
    for (let i = 0; i < 3; i++) targets.push(await company(`Target ${i}`, otherCode, { owner: "ru" }));
    const send = async (ids: number[]) => {
      const created = await buyer.post("/api/profile/rfq", request({ visibility: "private", invitedCompanyIds: ids }));
      return buyer.post(`/api/profile/rfq/${created.body.data.id}/status`, { action: "submit" });
    };
    // One company gets at most RFQ_LIMITS.sameCompanyPerDay requests from one buyer a day.
    for (let i = 0; i < RFQ_LIMITS.sameCompanyPerDay; i++) expect((await send([targets[0]!.id])).status).toBe(200);
    const third = await send([targets[0]!.id]);
    expectError(third, 429, "rate_limited");
    expect(third.body.error.issues).toEqual([{ path: "invitedCompanyIds", message: "too_many" }]);
    // The buyer sends at most RFQ_LIMITS.privateSubmitsPerDay private requests a day.
    let sent = RFQ_LIMITS.sameCompanyPerDay;
    while (sent < RFQ_LIMITS.privateSubmitsPerDay) {
      expect((await send([targets[1 + (sent % 2)]!.id])).status).toBe(200);
      sent += 1;
    }
    expectError(await send([targets[2]!.id]), 429, "rate_limited");
    // The refused requests stay drafts to send another day; nothing was e-mailed for them.
    const drafts = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from rfqs where buyer_user_id = ${buyer.id} and status = 'draft'`,
    );
    expect(drafts.rows[0]!.n).toBe(2);
  });

  test("invitees per day are limited across requests", async () => {
    const buyer = await trustedBuyer("buyer-invitees");
    const ids: number[] = [];
    for (let i = 0; i < 51; i++) ids.push((await company(`Many ${i}`, otherCode)).id);
    const send = async (list: number[]) => {
      const created = await buyer.post("/api/profile/rfq", request({ visibility: "private", invitedCompanyIds: list }));
      expect(created.status).toBe(201);
      return buyer.post(`/api/profile/rfq/${created.body.data.id}/status`, { action: "submit" });
    };
    expect((await send(ids.slice(0, 50))).status).toBe(200);
    expect((await send(ids.slice(1, 51))).status).toBe(200);
    const over = await send(ids.slice(0, 1));
    expectError(over, 429, "rate_limited");
  });
});

describe("a company that is not published is no supplier (security review N9)", () => {
  test("it cannot quote, list the requests for suppliers, or see a private request it was invited to", async () => {
    const buyer = await trustedBuyer("buyer-n9");
    const draft = await company("PAYMENT NOTICE: wire deposit to IBAN XX00", code, { owner: "ru", status: "draft" });
    const published = await company("Soon hidden valves", code, { owner: "ru" });
    const open = await openPublic(buyer, { title: "Задвижки для N9" });
    await drain();
    const refused = await draft.user!.post("/api/profile/quotes", quote(open, [{ minQuantity: "1", price: "1" }]));
    expectError(refused, 403, "company_not_published");
    expectError(await draft.user!.get("/api/profile/quotes/requests"), 403, "company_not_published");
    const view = await draft.user!.get(`/api/rfq/${open}`);
    expect(view.status).toBe(200);
    expect(view.body.data.viewer.canQuote).toBe(false);
    // Invited while published, then blocked by staff: the private request is a 404 to it.
    const created = await buyer.post("/api/profile/rfq", request({ visibility: "private", invitedCompanyIds: [published.id] }));
    const privateId = created.body.data.id as number;
    expect((await buyer.post(`/api/profile/rfq/${privateId}/status`, { action: "submit" })).body.data.status).toBe("open");
    expect((await published.user!.get(`/api/rfq/${privateId}`)).status).toBe(200);
    await api.db.update(companies).set({ status: "blocked" }).where(eq(companies.id, published.id));
    expect((await published.user!.get(`/api/rfq/${privateId}`)).status).toBe(404);
  });
});

describe("contacts in a public request's text (usability review #16)", () => {
  test("are refused unless the buyer keeps them on purpose; a private request may carry them", async () => {
    const buyer = await trustedBuyer("buyer-contacts");
    const description = "Телефон +7 999 123-45-67, buyer.js@example.com — не показывать!";
    const refused = await buyer.post("/api/profile/rfq", request({ description }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([{ path: "description", message: "contacts_found" }]);
    // A TN VED code, a standard and sizes are not contacts.
    const plain = await buyer.post("/api/profile/rfq", request({ description: "Код 8481 80 819 9, ГОСТ 5762-2002, DN100 PN16, 57×3,5" }));
    expect(plain.status).toBe(201);
    expect((await buyer.post("/api/profile/rfq", request({ description, allowContacts: true }))).status).toBe(201);
    const target = await company("Contact valves", otherCode, { owner: "ru" });
    expect(
      (await buyer.post("/api/profile/rfq", request({ description, visibility: "private", invitedCompanyIds: [target.id] }))).status,
    ).toBe(201);
  });
});
