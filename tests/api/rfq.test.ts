/**
 * Buying requests (RFQ), matching and quotes through the API (issue 14 §2; ADR 029), on PGlite and
 * PostgreSQL: a buyer writes a public request for goods of TN VED heading 7304 (seamless steel
 * pipes); a moderator approves it; the matching job e-mails the two suppliers whose published
 * products carry that heading — in each one's language — and not the supplier of another heading;
 * both quote; the buyer compares (sorted by price, lead time, MOQ) and accepts one; the other is
 * told politely. Then: validation never 5xx, quote edits until the deadline, the deadline jobs, and
 * who can see a private request (everyone else gets a 404).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, legalEntities, notifications, products, rfqs } from "#server/db/schema.ts";
import type { AnyJobDefinition, JobQueue } from "#server/jobs/queue.ts";
import { createLogger } from "#server/logger.ts";
import { rfqAwardMailJob, rfqClosedNotifyJob } from "#server/rfq/jobs.ts";
import { trustBuyer } from "../support/rfq.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, expectError, issuesByPath, type TestUser } from "../support/profile.ts";

let api: TestApi;
let buyer: TestUser;
let moderator: TestUser;
let stranger: TestUser;
const suppliers: Record<"zh" | "en" | "other", { user: TestUser; companyId: number }> = {} as never;
let pipeCode: string;
let otherCode: string;

const tomorrowPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A published supplier company with one active owner (locale `lang`) and a published product under `tnved`. */
async function supplier(label: string, lang: "ru" | "en" | "zh", tnved: string, verification: number) {
  const user = await createUser(api, label, { locale: lang });
  const [company] = await api.db
    .insert(companies)
    .values({
      name: { [lang]: `${label} Co`, ru: `${label} ООО` },
      country: lang === "zh" ? "CN" : "RU",
      status: "published",
      verificationLevel: verification,
      publishedAt: new Date(),
    })
    .returning({ id: companies.id });
  await api.db.insert(companyMembers).values({ companyId: company!.id, userId: user.id, role: "owner", status: "active" });
  await api.db.insert(products).values({
    companyId: company!.id,
    name: { ru: `Товар ${label}` },
    tnvedCode: tnved,
    status: "published",
    publishedAt: new Date(),
  });
  return { user, companyId: company!.id };
}

/**
 * The buyer's private request to `companyIds` (with `overrides` of the request body), submitted:
 * open, its invitations sent. Its id.
 */
async function openPrivateRequest(companyIds: number[], overrides: Record<string, unknown> = {}): Promise<number> {
  await forgetToday(buyer);
  const created = await buyer.post("/api/profile/rfq", request({ ...overrides, visibility: "private", invitedCompanyIds: companyIds }));
  const id = created.body.data.id as number;
  expect((await buyer.post(`/api/profile/rfq/${id}/status`, { action: "submit" })).body.data.status).toBe("open");
  return id;
}

/**
 * Moves `user`'s requests sent so far a day back, as if they were sent yesterday: the daily limits
 * (security review N3, tested on their own below) then leave the other scenarios alone.
 */
async function forgetToday(user: TestUser): Promise<void> {
  await api.db.execute(
    sql`update rfqs set submitted_at = now() - interval '2 days' where buyer_user_id = ${user.id} and submitted_at is not null`,
  );
}

/** Lets the undo window of request `id`'s award pass: its scheduled e-mail job becomes due now. */
async function passUndoWindow(id: number): Promise<void> {
  await api.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'rfq-award-mail' and data->>'rfqId' = ${String(id)} and state = 'created'`,
  );
}

/** Moves request `id`'s deadline `msAgo` milliseconds into the past, as if its time had come. */
async function passDeadline(id: number, msAgo: number): Promise<void> {
  await api.db
    .update(rfqs)
    .set({ deadline: new Date(Date.now() - msAgo) })
    .where(eq(rfqs.id, id));
}

function request(overrides: Record<string, unknown> = {}) {
  return {
    title: "Трубы стальные бесшовные 57×3,5",
    description: "Нужны трубы по ГОСТ 8732-78, сталь 20, длина 6 м.",
    lang: "ru",
    tnvedCode: pipeCode,
    quantity: "12.5",
    unit: "t",
    targetPrice: "95000",
    currency: "RUB",
    incoterms: "DAP",
    destinationCountry: "ru",
    destinationCity: "Екатеринбург",
    deadline: tomorrowPlus(10),
    visibility: "public",
    ...overrides,
  };
}

function quote(rfqId: number, overrides: Record<string, unknown> = {}) {
  return {
    rfqId,
    tiers: [
      { minQuantity: "5", price: "1200" },
      { minQuantity: "10", price: "1100" },
    ],
    currency: "USD",
    moq: "5",
    leadTimeDays: 30,
    incoterms: "FOB",
    incotermsPlace: "Dalian",
    validUntil: tomorrowPlus(30),
    comment: "Mill certificate 3.1 included.",
    lang: "en",
    ...overrides,
  };
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await api.db.execute(sql`delete from rfqs`);
  // Files run one after another on a worker's database: jobs another file left queued (its requests'
  // matching, quote and award mails, notification mails) are not this file's to run or count.
  await api.db.execute(
    sql`delete from pgboss.job where state in ('created', 'retry') and (name like 'rfq-%' or name = 'notification-mail')`,
  );
  const codes = await api.db.execute<{ code: string; code_digits: string }>(
    sql`select code, code_digits from tnved_codes where level = (select max(level) from tnved_codes) and code_digits like '7304%' order by code limit 1`,
  );
  const others = await api.db.execute<{ code: string }>(
    sql`select code from tnved_codes where level = (select max(level) from tnved_codes) and code_digits like '9403%' order by code limit 1`,
  );
  pipeCode = codes.rows[0]!.code_digits;
  otherCode = others.rows[0]!.code;
  // Products of other tests or the demo under these headings would compete for the cap; none exist in this database.
  suppliers.zh = await supplier("Pipes ZH", "zh", codes.rows[0]!.code, 2);
  suppliers.en = await supplier("Pipes EN", "en", codes.rows[0]!.code, 0);
  suppliers.other = await supplier("Furniture", "ru", otherCode, 2);
  buyer = await createUser(api, "buyer", { locale: "ru" });
  await trustBuyer(api, buyer.id, pipeCode);
  moderator = await createUser(api, "moderator", { role: "MODERATOR" });
  stranger = await createUser(api, "stranger");
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from rfqs`);
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("a public buying request from writing to award", () => {
  let rfqId: number;
  const quoteIds: Record<string, number> = {};

  test("the form's mistakes are 400 with a code per field, never a 5xx", async () => {
    const bad = await buyer.post(
      "/api/profile/rfq",
      request({
        title: "",
        quantity: "-1",
        unit: "barrels",
        incoterms: "FOO",
        deadline: "2001-01-01",
        tnvedCode: "73",
        targetPrice: "10",
        currency: "",
      }),
    );
    expect(bad.status).toBe(400);
    expect(issuesByPath(bad)).toMatchObject({
      title: "required",
      quantity: "too_small",
      unit: "invalid_option",
      incoterms: "invalid_option",
      tnvedCode: "invalid_format",
    });
    const pastDeadline = await buyer.post("/api/profile/rfq", request({ deadline: "2001-01-01" }));
    expect(pastDeadline.body.error.issues).toEqual([{ path: "deadline", message: "too_small" }]);
    const noCurrency = await buyer.post("/api/profile/rfq", request({ currency: "" }));
    expect(noCurrency.body.error.issues).toEqual([{ path: "currency", message: "price_currency_pair" }]);
    const nothingToMatch = await buyer.post("/api/profile/rfq", request({ tnvedCode: "" }));
    expect(nothingToMatch.body.error.issues).toEqual([{ path: "tnvedCode", message: "required" }]);
    const unknownCategory = await buyer.post("/api/profile/rfq", request({ categoryId: 99_999_999 }));
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.error.issues).toEqual([{ path: "categoryId", message: "invalid_option" }]);
    for (const junk of ["{", "[]", JSON.stringify({ title: { a: 1 } }), JSON.stringify(request({ quantity: 1e308 }))]) {
      const answer = await buyer.post("/api/profile/rfq", junk);
      expect(answer.status, junk.slice(0, 40)).toBe(400);
    }
    expect((await call(api, "POST", "/api/profile/rfq", request())).status).toBe(401);
  });

  test("a draft is the buyer's only; submitting a public one sends it to moderation, not to the list", async () => {
    const created = await buyer.post("/api/profile/rfq", request());
    expect(created.status).toBe(201);
    rfqId = created.body.data.id;
    expect(created.body.data).toMatchObject({
      status: "draft",
      destinationCountry: "RU",
      tnvedCode: pipeCode,
      lang: "ru",
      quantity: "12.500",
    });
    expect(created.body.data.tnved.name).not.toBe("");
    expect((await call(api, "GET", `/api/rfq/${rfqId}`)).status).toBe(404);
    expect((await suppliers.zh.user.get(`/api/rfq/${rfqId}`)).status).toBe(404);
    expect((await stranger.get(`/api/profile/rfq/${rfqId}`)).status).toBe(404);

    const submitted = await buyer.post(`/api/profile/rfq/${rfqId}/status`, { action: "submit" });
    expect(submitted.body.data.status).toBe("moderation");
    expect((await buyer.put(`/api/profile/rfq/${rfqId}`, request())).body.error.code).toBe("invalid_transition");
    expect((await api.getJson<any>("/api/rfq")).body.data.map((r: { id: number }) => r.id)).not.toContain(rfqId);
    expect(await api.jobs.runDue("rfq-match")).toBe(0);
  });

  test("the moderator sees it in the queue and approves it; it is listed without the buyer's contacts", async () => {
    const queue = await moderator.get("/app/admin/moderation?kind=rfq");
    expect(queue.status).toBe(200);
    expect(queue.body.meta.counts.rfq).toBeGreaterThanOrEqual(1);
    expect(queue.body.data.map((e: { id: number }) => e.id)).toContain(rfqId);
    const item = await moderator.get(`/app/admin/moderation/rfq/${rfqId}`);
    expect(item.body.data.awaiting).toBe(true);
    expect(item.body.data.after.title).toBe(request().title);

    const approved = await moderator.post(`/app/admin/moderation/rfq/${rfqId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ kind: "rfq", decision: "approved", mailed: 1 });
    expect(api.mail.at(-1)!.to).toBe(buyer.email);

    const list = await api.getJson<any>("/api/rfq?lang=en");
    const listed = list.body.data.find((r: { id: number }) => r.id === rfqId);
    expect(listed).toMatchObject({ status: "open", visibility: "public", buyerCompany: null });
    expect(JSON.stringify(list.body)).not.toContain(buyer.email);
    const page = await api.getJson<any>(`/api/rfq/${rfqId}?lang=zh`);
    expect(page.status).toBe(200);
    expect(page.body.data.viewer).toEqual({ isBuyer: false, canQuote: false, myQuoteId: null });
  });

  test("the matching job notifies the suppliers whose products carry the heading, in their language, and not the others", async () => {
    const before = api.mail.length;
    expect(await api.jobs.runDue("rfq-match")).toBe(1);
    // Through the notifications (instant by default): an inbox row each, then the e-mail job.
    expect(api.mail.length).toBe(before);
    await api.jobs.runDue("notification-mail");
    const sent = api.mail.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([suppliers.en.user.email, suppliers.zh.user.email].sort());
    const zh = sent.find((m) => m.to === suppliers.zh.user.email)!;
    expect(zh.subject).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.text).toContain(`/zh/profile/quotes/new?rfq=${rfqId}`);
    const en = sent.find((m) => m.to === suppliers.en.user.email)!;
    expect(en.subject).toContain("request");
    expect(en.text).toContain(request().title);

    const matched = await suppliers.zh.user.get("/api/profile/quotes/requests?lang=zh");
    expect(matched.body.data.map((m: { rfq: { id: number } }) => m.rfq.id)).toContain(rfqId);
    expect(matched.body.data.find((m: { rfq: { id: number } }) => m.rfq.id === rfqId).reason).toBe("tnved");
    const notMatched = await suppliers.other.user.get("/api/profile/quotes/requests");
    expect(notMatched.body.data.map((m: { rfq: { id: number } }) => m.rfq.id)).not.toContain(rfqId);
    // Running the job again mails nobody twice.
    await api.jobs.send("rfq-match", { rfqId });
    await api.jobs.runDue("rfq-match");
    await api.jobs.runDue("notification-mail");
    expect(api.mail.length).toBe(before + 2);
  });

  test("suppliers quote once each; the buyer cannot quote on their own request", async () => {
    const zh = await suppliers.zh.user.post("/api/profile/quotes?lang=zh", quote(rfqId, { lang: "zh", comment: "含3.1证书" }));
    expect(zh.status).toBe(201);
    expect(zh.body.data).toMatchObject({ priceFrom: "1100.00", status: "submitted", editable: true, lang: "zh" });
    quoteIds.zh = zh.body.data.id;
    const again = await suppliers.zh.user.post("/api/profile/quotes", quote(rfqId));
    expectError(again, 409, "quote_exists");
    const en = await suppliers.en.user.post(
      "/api/profile/quotes",
      quote(rfqId, { tiers: [{ minQuantity: "1", price: "1150" }], moq: "1", leadTimeDays: 14, currency: "USD" }),
    );
    expect(en.status).toBe(201);
    quoteIds.en = en.body.data.id;
    const dup = await suppliers.other.user.post(
      "/api/profile/quotes",
      quote(rfqId, {
        tiers: [
          { minQuantity: "5", price: "1" },
          { minQuantity: "5.0", price: "2" },
        ],
      }),
    );
    expect(dup.body.error.issues).toEqual([{ path: "tiers.1.minQuantity", message: "duplicate_tier" }]);
    expect((await buyer.post("/api/profile/quotes", quote(rfqId))).body.error.code).toBe("no_company");
    // A supplier sees only its own quote.
    expect((await suppliers.en.user.get(`/api/profile/quotes/${quoteIds.zh}`)).status).toBe(404);
    // The buyer hears of each quote in the inbox; by e-mail once per 15 minutes per request (N4),
    // in Russian (their language), with the link to the comparison.
    const before = api.mail.length;
    expect(await api.jobs.runDue("rfq-quote-mail")).toBe(2);
    await api.jobs.runDue("notification-mail");
    const told = api.mail.slice(before);
    expect(told.map((m) => m.to)).toEqual([buyer.email]);
    const inbox = await api.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.id),
          eq(notifications.kind, "rfq.quote"),
          eq(notifications.link, `/profile/rfq/${rfqId}#quotes`),
        ),
      );
    expect(inbox).toHaveLength(2);
    expect(told[0]!.subject).toContain("Новое предложение");
    expect(told[0]!.text).toContain(`/profile/rfq/${rfqId}#quotes`);
    const edited = await suppliers.zh.user.put(`/api/profile/quotes/${quoteIds.zh}`, {
      ...quote(rfqId, { leadTimeDays: 45 }),
      rfqId: undefined,
    });
    expect(edited.body.data.leadTimeDays).toBe(45);
  });

  test("the buyer compares the quotes side by side, sorted by price, lead time and MOQ", async () => {
    const byPrice = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?sort=price`);
    expect(byPrice.body.data.quotes.map((q: { id: number }) => q.id)).toEqual([quoteIds.zh, quoteIds.en]);
    // `best.landed` is the landed-cost comparison's (tests/api/rfq-landed.test.ts).
    expect(byPrice.body.data.best).toMatchObject({ price: [quoteIds.zh], leadTime: quoteIds.en, moq: quoteIds.en });
    const byLead = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?sort=leadTime`);
    expect(byLead.body.data.quotes.map((q: { id: number }) => q.id)).toEqual([quoteIds.en, quoteIds.zh]);
    const byMoqDesc = await buyer.get(`/api/profile/rfq/${rfqId}/quotes?sort=moq&dir=desc`);
    expect(byMoqDesc.body.data.quotes.map((q: { id: number }) => q.id)).toEqual([quoteIds.zh, quoteIds.en]);
    expect((await suppliers.zh.user.get(`/api/profile/rfq/${rfqId}/quotes`)).status).toBe(404);
    const shortlisted = await buyer.post(`/api/profile/rfq/${rfqId}/quotes/${quoteIds.en}/shortlist`, { shortlisted: true });
    expect(shortlisted.body.data.shortlisted).toBe(true);
  });

  test("accepting one quote awards the request; the other supplier is told politely in their language", async () => {
    const accepted = await buyer.post(`/api/profile/rfq/${rfqId}/quotes/${quoteIds.en}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe("accepted");
    const before = api.mail.length;
    await passUndoWindow(rfqId);
    await api.jobs.runDue("rfq-award-mail");
    await api.jobs.runDue("notification-mail");
    const sent = api.mail.slice(before);
    expect(sent).toHaveLength(2);
    const declined = sent.find((m) => m.to === suppliers.zh.user.email)!;
    expect(declined.subject).toMatch(/[\u4e00-\u9fff]/);
    expect(sent.find((m) => m.to === suppliers.en.user.email)!.subject).toMatch(/accepted/i);
    const own = await buyer.get(`/api/profile/rfq/${rfqId}`);
    expect(own.body.data).toMatchObject({ status: "awarded", awardedQuoteId: quoteIds.en });
    const late = await suppliers.zh.user.put(`/api/profile/quotes/${quoteIds.zh}`, { ...quote(rfqId), rfqId: undefined });
    expect(late.body.error.code).toBe("rfq_closed");
    expect((await buyer.post(`/api/profile/rfq/${rfqId}/quotes/${quoteIds.zh}/accept`, {})).body.error.code).toBe("invalid_transition");
  });

  test("staff hide a listed request: it leaves the list, is a 404 to suppliers, its buyer reads why; audited", async () => {
    const body = { reason: "Запрос повторяет другой запрос этого покупателя.", lang: "ru" };
    expect((await suppliers.en.user.post(`/app/admin/rfq/${rfqId}/hide`, body)).status).toBe(403);
    expect((await moderator.post(`/app/admin/rfq/${rfqId}/hide`, { reason: "" })).status).toBe(400);
    const before = api.mail.length;
    const hidden = await moderator.post(`/app/admin/rfq/${rfqId}/hide`, body);
    expect(hidden.status).toBe(200);
    const mail = api.mail.slice(before).find((m) => m.to === buyer.email)!;
    expect(mail.text).toContain(body.reason);
    expect((await suppliers.zh.user.get(`/api/rfq/${rfqId}`)).status).toBe(404);
    expect((await api.getJson<any>(`/api/rfq?lang=ru&perPage=100`)).body.data.map((r: any) => r.id)).not.toContain(rfqId);
    const own = await buyer.get(`/api/profile/rfq/${rfqId}`);
    expect(own.body.data).toMatchObject({ status: "hidden", moderationNote: body.reason });
    const again = await moderator.post(`/app/admin/rfq/${rfqId}/hide`, body);
    expect([again.status, again.body.error.code]).toEqual([409, "invalid_transition"]);
    const audit = await api.db.execute<{ action: string }>(
      sql`select action from admin_audit_log where entity_type = 'rfq' and entity_id = ${rfqId} order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toContain("rfq.hide");
  });
});

test("the staff filter finds buying requests of every status with facet counts, and exports them as CSV", async () => {
  const all = await moderator.get(`/app/admin/filter/rfq?buyer=${buyer.id}&limit=200`);
  expect(all.status).toBe(200);
  const statuses = all.body.data.items.map((r: any) => r.status);
  expect(statuses).toContain("hidden");
  expect(all.body.data.facets.status.find((f: any) => f.value === "hidden")?.count).toBeGreaterThanOrEqual(1);
  const open = await moderator.get(`/app/admin/filter/rfq?buyer=${buyer.id}&status=hidden&sort=quotes`);
  expect(open.body.data.items.every((r: any) => r.status === "hidden")).toBe(true);
  expect(open.body.data.items[0]).toMatchObject({ buyer_user_id: buyer.id, buyer_email: buyer.email, quotes: 2 });
  const csv = await api.app.request(`/app/admin/filter/rfq?buyer=${buyer.id}&format=csv`, {
    headers: { authorization: `Bearer ${moderator.token}` },
  });
  expect(csv.status).toBe(200);
  expect((await csv.text()).split("\n")[0]).toContain("buyer_email");
  expect((await suppliers.en.user.get("/app/admin/filter/rfq")).status).toBe(403);
  expect((await moderator.get("/app/admin/filter/rfq?status=lost")).status).toBe(400);
});

describe("deadlines", () => {
  test("after the deadline quotes are refused and the jobs close the request", async () => {
    const id = await openPrivateRequest([suppliers.en.companyId]);
    await api.jobs.runDue("rfq-match");
    await passDeadline(id, 60_000);
    const refused = await suppliers.en.user.post("/api/profile/quotes", quote(id));
    expectError(refused, 409, "rfq_closed");
    await api.jobs.send("rfq-close", { rfqId: id });
    await api.jobs.runDue("rfq-close");
    expect((await buyer.get(`/api/profile/rfq/${id}`)).body.data.status).toBe("closed");
  });

  test("the sweep closes every open request past its deadline", async () => {
    const id = await openPrivateRequest([suppliers.zh.companyId]);
    await passDeadline(id, 1000);
    await api.jobs.send("rfq-deadlines", {});
    await api.jobs.runDue("rfq-deadlines");
    expect((await buyer.get(`/api/profile/rfq/${id}`)).body.data.status).toBe("closed");
    // Its suppliers hear of it through one follow-up job per request.
    expect(await api.jobs.runDue("rfq-closed-notify")).toBe(1);
  });
});

describe("a private request", () => {
  let id: number;
  beforeAll(async () => {
    id = await openPrivateRequest([suppliers.other.companyId]);
  });

  test("needs invited companies", async () => {
    const none = await buyer.post("/api/profile/rfq", request({ visibility: "private" }));
    expect(none.body.error.issues).toEqual([{ path: "invitedCompanyIds", message: "required" }]);
  });

  test("opens at once and reaches only the invited company, even without a matching product", async () => {
    await api.jobs.runDue("notification-mail"); // e-mails still due from the tests above
    const before = api.mail.length;
    await api.jobs.runDue("rfq-match");
    await api.jobs.runDue("notification-mail");
    expect(api.mail.slice(before).map((m) => m.to)).toEqual([suppliers.other.user.email]);
  });

  test("is a 404 to visitors, uninvited suppliers and other users, and never listed", async () => {
    const matrix: [string, string | undefined, number][] = [
      ["anonymous", undefined, 404],
      ["uninvited supplier", suppliers.zh.user.token, 404],
      ["another user", stranger.token, 404],
      ["invited supplier", suppliers.other.user.token, 200],
      ["buyer", buyer.token, 200],
    ];
    for (const [who, token, status] of matrix) {
      expect((await call(api, "GET", `/api/rfq/${id}`, undefined, token)).status, who).toBe(status);
    }
    expect((await suppliers.zh.user.post("/api/profile/quotes", quote(id))).status).toBe(404);
    expect((await suppliers.other.user.get(`/api/profile/rfq/${id}`)).status).toBe(404);
    expect((await api.getJson<any>("/api/rfq?perPage=100")).body.data.map((r: { id: number }) => r.id)).not.toContain(id);
    const invited = await suppliers.other.user.get(`/api/rfq/${id}`);
    expect(invited.body.data.viewer.canQuote).toBe(true);
    expect((await api.getJson<any>("/app/sitemap/rfq")).body.data.map((e: { key: string }) => e.key)).not.toContain(String(id));
  });

  test("an open public request is in the sitemap, a private one is not", async () => {
    const created = await buyer.post("/api/profile/rfq", request({ title: "Трубы для сайтмапа" }));
    const publicId = created.body.data.id as number;
    await buyer.post(`/api/profile/rfq/${publicId}/status`, { action: "submit" });
    await moderator.post(`/app/admin/moderation/rfq/${publicId}/approve`);
    const keys = (await api.getJson<any>("/app/sitemap/rfq")).body.data.map((e: { key: string }) => e.key);
    expect(keys).toContain(String(publicId));
    expect(keys).not.toContain(String(id));
  });
});

describe("the invitation picker finds published suppliers by name or INN", () => {
  const inn = `77${String(Date.now()).slice(-8)}`;
  let hidden: number;
  beforeAll(async () => {
    await api.db
      .insert(legalEntities)
      .values({ companyId: suppliers.zh.companyId, kind: "legal", inn, nameFull: "ООО «Трубный завод Далянь»" });
    const [draft] = await api.db
      .insert(companies)
      .values({ name: { ru: "Pipes Draft ООО" }, country: "RU", status: "draft" })
      .returning({ id: companies.id });
    hidden = draft!.id;
  });
  const search = async (query: string, token = buyer.token) => call(api, "GET", `/api/profile/rfq/suppliers?${query}`, undefined, token);
  const ids = (body: { data: { id: number }[] }) => body.data.map((s) => s.id);

  test("by any word of the name, in any language, case-insensitive; never a company that is not published", async () => {
    const found = await search("q=pipes&lang=en");
    expect(found.status).toBe(200);
    expect(ids(found.body)).toEqual([suppliers.zh.companyId, suppliers.en.companyId]); // verification 2 before 0
    expect(ids(found.body)).not.toContain(hidden);
    expect(found.body.data[0]).toMatchObject({ name: "Pipes ZH ООО", inn, country: "CN", verificationLevel: 2 });
    expect(found.body.data[1]).toMatchObject({ name: "Pipes EN Co", inn: null });
    expect(ids((await search(`q=${encodeURIComponent("трубный")}`)).body)).toEqual([suppliers.zh.companyId]);
    expect((await search("q=100%25")).body.data).toEqual([]);
  });

  test("by the first digits of the INN, or by id; a caller never finds their own company", async () => {
    expect(ids((await search(`q=${inn.slice(0, 6)}`)).body)).toEqual([suppliers.zh.companyId]);
    expect(ids((await search(`q=${inn}`)).body)).toEqual([suppliers.zh.companyId]);
    const named = await search(`ids=${suppliers.en.companyId},${hidden},${suppliers.other.companyId}`);
    expect(ids(named.body).sort()).toEqual([suppliers.en.companyId, suppliers.other.companyId].sort());
    expect(ids((await search("q=pipes", suppliers.zh.user.token)).body)).toEqual([suppliers.en.companyId]);
  });

  test("bad input is a 400 with the field's code; anonymous callers a 401", async () => {
    const short = await search("q=a");
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: "invalid_query", issues: [{ path: "q", message: "too_small" }] });
    expect((await search("ids=1,x")).body.error.issues).toEqual([{ path: "ids", message: "invalid_format" }]);
    expect((await search("")).body.data).toEqual([]);
    expect((await call(api, "GET", "/api/profile/rfq/suppliers?q=pipes")).status).toBe(401);
  });
});

/**
 * Runs `job` once the way the queue would, but its queue refuses every enqueue after the first
 * `allowed` ones — as when the database drops mid-way: the attempt fails halfway through its fan-out.
 */
async function failHalfway(job: AnyJobDefinition, data: object, allowed: number): Promise<void> {
  let sent = 0;
  const flaky: JobQueue = {
    ...api.jobs,
    send: (name, body, options) => (sent++ < allowed ? api.jobs.send(name, body, options) : Promise.reject(new Error("connection lost"))),
  };
  const logger = createLogger({ level: "silent" });
  await expect(job.run(data, { logger, jobs: flaky, services: { db: api.db }, job: { id: "attempt-1", retryCount: 0 } })).rejects.toThrow(
    "connection lost",
  );
}

describe("a fan-out job retried after failing halfway mails nobody twice", () => {
  /** A private request to the zh and en suppliers, both quoting; returns its id and the quotes' ids. */
  async function quotedRequest(title: string) {
    const id = await openPrivateRequest([suppliers.zh.companyId, suppliers.en.companyId], { title });
    const zh = await suppliers.zh.user.post("/api/profile/quotes", quote(id, { lang: "zh" }));
    const en = await suppliers.en.user.post("/api/profile/quotes", quote(id));
    expect([zh.status, en.status]).toEqual([201, 201]);
    // Everything else this request caused is mailed before the count starts.
    for (const name of ["rfq-match", "rfq-quote-mail", "notification-mail"]) await api.jobs.runDue(name);
    return { id, zhQuote: zh.body.data.id as number, enQuote: en.body.data.id as number };
  }

  const mailTo = (from: number) =>
    api.mail
      .slice(from)
      .map((m) => m.to)
      .sort();
  const both = () => [suppliers.en.user.email, suppliers.zh.user.email].sort();

  test("the award e-mails: each quoting supplier gets one, though the job ran twice", async () => {
    const { id, enQuote } = await quotedRequest("Трубы: повтор письма о выборе");
    const before = api.mail.length;
    expect((await buyer.post(`/api/profile/rfq/${id}/quotes/${enQuote}/accept`, {})).status).toBe(200);
    await passUndoWindow(id);
    // The first attempt tells one supplier (its e-mail job is enqueued) and fails before the other.
    await failHalfway(rfqAwardMailJob, { rfqId: id }, 1);
    // The queue's retry (the job as enqueued by the accept) runs it in full.
    expect(await api.jobs.runDue("rfq-award-mail")).toBe(1);
    await api.jobs.runDue("notification-mail");
    expect(mailTo(before)).toEqual(both());
    const subjects = api.mail.slice(before).map((m) => m.subject);
    expect(subjects.filter((s) => /accepted/i.test(s))).toHaveLength(1);
    // Yet another run (a second retry) adds nothing, in the inbox or the mail.
    await api.jobs.send("rfq-award-mail", { rfqId: id });
    await api.jobs.runDue("rfq-award-mail");
    await api.jobs.runDue("notification-mail");
    expect(mailTo(before)).toEqual(both());
    const inbox = await suppliers.zh.user.get("/api/notifications?perPage=100");
    const awardRows = inbox.body.data.filter(
      (n: { kind: string; payload: { rfqId: number } }) => n.kind === "rfq.declined" && n.payload.rfqId === id,
    );
    expect(awardRows).toHaveLength(1);
  });

  test("the closing e-mails: each quoting supplier gets one, though the job ran twice", async () => {
    const { id } = await quotedRequest("Трубы: повтор письма о закрытии");
    const before = api.mail.length;
    expect((await buyer.post(`/api/profile/rfq/${id}/status`, { action: "close" })).status).toBe(200);
    await failHalfway(rfqClosedNotifyJob, { rfqId: id }, 1);
    expect(await api.jobs.runDue("rfq-closed-notify")).toBe(1);
    // The deadline job finds the request closed already and tells nobody again.
    await api.jobs.send("rfq-close", { rfqId: id });
    await api.jobs.runDue("rfq-close");
    await api.jobs.runDue("notification-mail");
    expect(mailTo(before)).toEqual(both());
  });
});

describe("buying-request events follow the recipient's e-mail setting", () => {
  test("a supplier on the daily digest gets the new request and its closing in the digest, not at once", async () => {
    const digester = await supplier("Digest pipes", "en", otherCode, 1);
    expect((await digester.user.put("/api/notifications/settings", { emailMode: "digest" })).status).toBe(200);
    const id = await openPrivateRequest([digester.companyId], { title: "Digest pipes request" });
    await api.jobs.runDue("rfq-match");
    await api.jobs.runDue("notification-mail");
    expect(api.mail.filter((m) => m.to === digester.user.email)).toHaveLength(0);
    // The event is in the inbox at once: the header's unread count.
    const inbox = await digester.user.get("/api/notifications");
    expect(inbox.body.data.map((n: { kind: string; link: string }) => [n.kind, n.link])).toEqual([
      ["rfq.new", `/profile/quotes/new?rfq=${id}`],
    ]);
    expect((await digester.user.post("/api/profile/quotes", quote(id))).status).toBe(201);
    expect((await buyer.post(`/api/profile/rfq/${id}/status`, { action: "close" })).status).toBe(200);
    expect(await api.jobs.runDue("rfq-closed-notify")).toBe(1);
    await api.jobs.runDue("notification-mail");
    expect(api.mail.filter((m) => m.to === digester.user.email)).toHaveLength(0);
    await api.jobs.send("notification-digest", {});
    await api.jobs.runDue("notification-digest");
    const digests = api.mail.filter((m) => m.to === digester.user.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(
      "invited your company to quote on a request. The request's title, in the buyer's words: «Digest pipes request»",
    );
    expect(digests[0]!.text).toContain("The buyer closed the request they titled «Digest pipes request»");
    expect(digests[0]!.text).toContain(`/en/profile/quotes/new?rfq=${id}`);
  });
});

test("the OpenAPI document lists the operations with their bodies", async () => {
  const doc = await api.getJson<any>("/api/openapi.json");
  expect(doc.body.paths["/api/profile/rfq"].post.requestBody).toBeDefined();
  expect(doc.body.paths["/api/profile/quotes"].post.requestBody).toBeDefined();
  expect(doc.body.paths["/api/rfq/{id}"].get).toBeDefined();
});
