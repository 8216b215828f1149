/**
 * Inquiries, conversations and notifications through the API (issue 14 §1, §3; ADR 028), on PGlite
 * and PostgreSQL: sending an inquiry (validation, honeypot, limits, duplicates, own company, MOQ
 * flag), who may see a conversation (other people and other companies get a 404), replies and the
 * status machine, unread counts, the notification e-mails after the jobs ran, the e-mail to a
 * supplier with nobody on the platform with its daily cap and the invitation it opens, the digest
 * setting, and the response metrics.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, conversations, products, users } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, jpegPhoto, multipart, uniqueEmail, type TestUser, expectError } from "../support/profile.ts";

let api: TestApi;
let supplierOwner: TestUser;
let supplierSales: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let otherOwner: TestUser;
let supplierId: number;
let otherCompanyId: number;
let productId: number;
let product2Id: number;
const createdCompanies: number[] = [];
const ip = `10.14.${process.pid % 250}.${Math.floor(Math.random() * 250)}`;

async function company(name: string, options: { email?: string; country?: "RU" | "CN" } = {}): Promise<number> {
  const [row] = await api.db
    .insert(companies)
    .values({
      name: { ru: name, en: name },
      country: options.country ?? "RU",
      status: "published",
      email: options.email ?? null,
      publishedAt: new Date(),
    })
    .returning({ id: companies.id });
  createdCompanies.push(row!.id);
  return row!.id;
}

async function join(user: TestUser, companyId: number, role: "owner" | "admin" | "sales" | "member" = "member") {
  await api.db.insert(companyMembers).values({ companyId, userId: user.id, role, status: "active" });
}

async function product(companyId: number, name: string, moq: string | null = null): Promise<number> {
  const [row] = await api.db
    .insert(products)
    .values({ companyId, name: { ru: name }, status: "published", moq, moqUnit: moq ? "pcs" : null, publishedAt: new Date() })
    .returning({ id: products.id });
  return row!.id;
}

const send = (user: TestUser, body: Record<string, unknown>) =>
  user.post("/api/inquiries", { supplierId, message: "Нужна цена на 500 штук", ...body }, { "x-client-ip": ip });

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  supplierOwner = await createUser(api, "supplier-owner");
  supplierSales = await createUser(api, "supplier-sales", { locale: "en" });
  buyer = await createUser(api, "buyer");
  stranger = await createUser(api, "stranger");
  otherOwner = await createUser(api, "other-owner");
  supplierId = await company("Трубный завод");
  otherCompanyId = await company("Другая компания");
  await join(supplierOwner, supplierId, "owner");
  // A sales manager: the role that answers buyers besides owners and admins (ADR 009).
  await join(supplierSales, supplierId, "sales");
  await join(otherOwner, otherCompanyId, "owner");
  productId = await product(supplierId, "Труба стальная", "1000");
  product2Id = await product(supplierId, "Фланец");
});

afterAll(async () => {
  if (api) {
    if (createdCompanies.length) await api.db.delete(companies).where(inArray(companies.id, createdCompanies));
    await cleanupProfileData(api);
    await api.close();
  }
});

/** A small JPEG uploaded by `user` to their unattached uploads (POST /api/files/common); the reply. */
async function uploadPicture(user: TestUser, name: string) {
  return user.post("/api/files/common", multipart(await jpegPhoto(64, 48), name, "image/jpeg"));
}

describe("sending an inquiry", () => {
  test("the form's data: the supplier, its products with MOQ, the linked one pre-selected", async () => {
    const form = await call(api, "GET", `/api/inquiries/form?supplier=${supplierId}&product=${product2Id}`);
    expect(form.status).toBe(200);
    expect(form.body.data.supplier).toMatchObject({ id: supplierId, claimed: true });
    expect(form.body.data.products[0]).toMatchObject({ id: product2Id, selected: true });
    expect(form.body.data.products.find((p: { id: number }) => p.id === productId)).toMatchObject({
      moq: "1000.000",
      moqUnit: "pcs",
      selected: false,
    });
    expect((await call(api, "GET", "/api/inquiries/form?supplier=2147483000")).status).toBe(404);
  });

  test("validation errors name the fields; anonymous is 401; never a 5xx", async () => {
    const bad = await send(buyer, { message: "  ", currency: "GBP", incoterm: "DAT", wantedBy: "tomorrow", quantity: "-1" });
    expectError(bad, 400, "invalid_body");
    const paths = bad.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["message", "currency", "incoterm", "wantedBy", "quantity"]));
    const pair = await send(buyer, { targetPrice: "12.50" });
    expect(pair.status).toBe(400);
    expect(pair.body.error.issues).toContainEqual({ path: "currency", message: "price_currency_pair" });
    const anonymous = await call(api, "POST", "/api/inquiries", { supplierId, message: "hi" });
    expect(anonymous.status).toBe(401);
    const foreign = await send(buyer, { productIds: [productId + 100000] });
    expect(foreign.status).toBe(404);
  });

  test("the honeypot field filled is refused as spam_suspected", async () => {
    const spam = await send(buyer, { website: "http://spam.example" });
    expectError(spam, 400, "spam_suspected");
  });

  test("attachments are the sender's own fresh uploads; the conversation lists them", async () => {
    const upload = await uploadPicture(buyer, "drawing.jpg");
    expect(upload.status).toBe(201);
    const foreign = await uploadPicture(stranger, "other.jpg");
    const refused = await send(buyer, { message: "С чертежом", fileIds: [foreign.body.data.id] });
    expectError(refused, 404, "file_not_found");
    const sent = await send(buyer, { message: "С чертежом", fileIds: [upload.body.data.id] });
    expect(sent.status).toBe(201);
    const view = await supplierOwner.get(`/api/conversations/${sent.body.data.conversationId}`);
    expect(view.body.data.messages[0].files).toMatchObject([{ id: upload.body.data.id, name: "drawing.jpg", url: upload.body.data.url }]);
    // Attached once: the same upload cannot be attached again.
    const again = await send(buyer, { message: "Ещё раз с чертежом", fileIds: [upload.body.data.id] });
    expect(again.body.error.code).toBe("file_not_found");
  });

  test("one's own company cannot be asked", async () => {
    const own = await send(supplierSales, {});
    expectError(own, 409, "own_company");
  });

  test("an inquiry below the MOQ is accepted and flagged; the supplier's employees are notified by e-mail in their language", async () => {
    const before = api.mail.length;
    const sent = await send(buyer, {
      productIds: [productId],
      quantity: "500",
      unit: "pcs",
      targetPrice: "12.50",
      currency: "EUR",
      incoterm: "FOB",
      destinationCountry: "Россия",
      destinationCity: "Москва",
      wantedBy: "2027-03-01",
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.belowMoq).toBe(true);
    const id = sent.body.data.conversationId;
    await api.jobs.runDue("notification-mail");
    const mails = api.mail.slice(before);
    const about = (m: { text: string }) => m.text.includes(`/profile/conversations/${id}`);
    const toMember = mails.find((m) => m.to === supplierSales.email && about(m));
    const toOwner = mails.find((m) => m.to === supplierOwner.email && about(m));
    expect(toMember?.subject).toMatch(/New price inquiry/);
    expect(toOwner?.subject).toMatch(/Новый запрос/);
    expect(toOwner?.text).toContain(`/profile/conversations/${id}`);
    expect(toMember?.text).toContain(`https://postavka.test/en/profile/conversations/${id}`);
    expect(mails.some((m) => m.to === buyer.email)).toBe(false);

    const seen = await supplierSales.get(`/api/conversations/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      status: "new",
      side: "supplier",
      belowMoq: true,
      incoterm: "FOB",
      currency: "EUR",
      targetPrice: "12.50",
      wantedBy: "2027-03-01",
      unread: 1,
    });
    expect(seen.body.data.messages[0]).toMatchObject({ side: "buyer", lang: "ru", author: "buyer Тестов", own: false });
  });
});

describe("a conversation", () => {
  let id: number;
  beforeAll(async () => {
    const sent = await send(buyer, { message: "Сколько стоит фланец?", productIds: [product2Id] });
    id = sent.body.data.conversationId;
  });

  test("only the buyer and the supplier's employees see it; everyone else gets a 404", async () => {
    expect((await buyer.get(`/api/conversations/${id}`)).status).toBe(200);
    expect((await supplierOwner.get(`/api/conversations/${id}`)).status).toBe(200);
    for (const user of [stranger, otherOwner]) {
      expect((await user.get(`/api/conversations/${id}`)).status).toBe(404);
      expect((await user.post(`/api/conversations/${id}/messages`, { message: "hi" })).status).toBe(404);
      expect((await user.post(`/api/conversations/${id}/status`, { action: "close" })).status).toBe(404);
    }
    expect((await buyer.get(`/api/conversations/999999999`)).status).toBe(404);
    const otherInbox = await otherOwner.get("/api/conversations?box=company");
    expect(otherInbox.body.data.map((c: { id: number }) => c.id)).not.toContain(id);
    const strangerInbox = await stranger.get("/api/conversations?box=company");
    expectError(strangerInbox, 403, "no_company");
  });

  test("the supplier answers, the buyer replies; statuses, unread counts and e-mails follow", async () => {
    const inbox = await supplierOwner.get(`/api/conversations?box=company&unread=1&product=${product2Id}`);
    expect(inbox.body.data.map((c: { id: number }) => c.id)).toContain(id);
    expect(inbox.body.meta.unreadConversations).toBeGreaterThanOrEqual(1);
    expect(inbox.body.meta.products.map((p: { id: number }) => p.id)).toContain(product2Id);

    await api.jobs.runDue("notification-mail");
    const before = api.mail.length;
    const answer = await supplierSales.post(`/api/conversations/${id}/messages`, { message: "Hello! 120 USD per piece, FOB Shanghai." });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ side: "supplier", lang: "en", own: true });

    const buyerView = await buyer.get(`/api/conversations/${id}`);
    expect(buyerView.body.data).toMatchObject({ status: "answered", unread: 1 });
    expect(buyerView.body.data.messages[1]).toMatchObject({
      side: "supplier",
      author: "supplier-sales Тестов",
      company: { ru: "Трубный завод" },
    });
    const unread = await buyer.get("/api/conversations/unread");
    expect(unread.body.data.buyer).toBeGreaterThanOrEqual(1);
    const badge = await buyer.get("/api/notifications/unread");
    expect(badge.body.data.unread).toBeGreaterThanOrEqual(1);

    await api.jobs.runDue("notification-mail");
    const replyMail = api.mail.slice(before).find((m) => m.to === buyer.email);
    expect(replyMail?.subject).toMatch(/Новое сообщение/);
    expect(replyMail?.text).toContain("120 USD per piece");

    expect((await buyer.post(`/api/conversations/${id}/read`)).status).toBe(200);
    const read = await buyer.get(`/api/conversations/${id}`);
    expect(read.body.data.unread).toBe(0);

    const reply = await buyer.post(`/api/conversations/${id}/messages`, { message: "Спасибо, а за 1000 штук?" });
    expect(reply.status).toBe(201);
    const supplierView = await supplierOwner.get(`/api/conversations/${id}`);
    expect(supplierView.body.data.status).toBe("new");
  });

  test("either side closes; closing twice is invalid_transition; a message reopens it", async () => {
    const closed = await buyer.post(`/api/conversations/${id}/status`, { action: "close" });
    expect(closed.body.data.status).toBe("closed");
    const again = await supplierOwner.post(`/api/conversations/${id}/status`, { action: "close" });
    expectError(again, 409, "invalid_transition");
    const list = await buyer.get("/api/conversations?box=buyer&status=closed");
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(id);
    await supplierOwner.post(`/api/conversations/${id}/messages`, { message: "Всё же вопрос" });
    const reopened = await buyer.get(`/api/conversations/${id}`);
    expect(reopened.body.data.status).toBe("answered");
    const reopen = await buyer.post(`/api/conversations/${id}/status`, { action: "reopen" });
    expect(reopen.status).toBe(409);
  });

  test("a message can be reported by a participant only", async () => {
    const view = await buyer.get(`/api/conversations/${id}`);
    const messageId = view.body.data.messages[1].id;
    expect((await buyer.post(`/api/conversations/messages/${messageId}/report`, { reason: "spam" })).status).toBe(200);
    expect((await buyer.post(`/api/conversations/messages/${messageId}/report`, { reason: "again" })).status).toBe(200);
    expect((await stranger.post(`/api/conversations/messages/${messageId}/report`, {})).status).toBe(404);

    // Staff see the report once, hide the message (audited); both sides then see it hidden.
    expect((await buyer.get("/app/admin/message-reports")).status).toBe(403);
    const moderator = await createUser(api, "moderator", { role: "MODERATOR" });
    const reports = await moderator.get("/app/admin/message-reports?perPage=100");
    const report = reports.body.data.find((r: { messageId: number }) => r.messageId === messageId);
    expect(report).toMatchObject({ conversationId: id, reason: "spam", hidden: false, reporter: { id: buyer.id } });
    // In context: the message before it and the one after, in order, the reported one marked.
    const ids = view.body.data.messages.map((m: { id: number }) => m.id);
    expect(report.context.map((m: { id: number; reported: boolean }) => [m.id, m.reported])).toEqual([
      [ids[0], false],
      [messageId, true],
      ...(ids[2] ? [[ids[2], false]] : []),
    ]);
    const hidden = await moderator.post(`/app/admin/message-reports/${report.id}`, { action: "hide" });
    expect(hidden.status).toBe(200);
    const after = await supplierOwner.get(`/api/conversations/${id}`);
    expect(after.body.data.messages[1]).toMatchObject({ hidden: true, body: "", files: [] });
    const open = await moderator.get("/app/admin/message-reports?perPage=100");
    expect(open.body.data.some((r: { messageId: number }) => r.messageId === messageId)).toBe(false);
    const audit = await api.db.execute(
      sql`select action from admin_audit_log where entity_type = 'message' and entity_id = ${String(messageId)}`,
    );
    expect(audit.rows).toEqual([{ action: "message.hide" }]);
  });
});

describe("limits", () => {
  test("the same text to a third supplier within 10 minutes is refused with duplicate_inquiry", async () => {
    const spammer = await createUser(api, "spammer");
    const a = await company("Поставщик А");
    const b = await company("Поставщик Б");
    const c = await company("Поставщик В");
    await join(await createUser(api, "a-owner"), a, "owner");
    await join(await createUser(api, "b-owner"), b, "owner");
    await join(await createUser(api, "c-owner"), c, "owner");
    const text = "Please send your best price list!";
    expect((await send(spammer, { supplierId: a, message: text })).status).toBe(201);
    // The same supplier twice is not a duplicate of another supplier.
    expect((await send(spammer, { supplierId: a, message: text })).status).toBe(201);
    expect((await send(spammer, { supplierId: b, message: `  ${text.toUpperCase()} ` })).status).toBe(201);
    const third = await send(spammer, { supplierId: c, message: text });
    expectError(third, 429, "duplicate_inquiry");
    expect((await send(spammer, { supplierId: c, message: "A question in my own words" })).status).toBe(201);
  });

  test("a person may send at most 20 inquiries an hour", async () => {
    const busy = await createUser(api, "busy");
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await send(busy, { message: `Вопрос номер ${i}` })).status;
    expect(last).toBe(429);
  });
});

describe("suppliers with nobody on the platform", () => {
  test("the inquiry is e-mailed to the public address with an invitation, at most 3 a day", async () => {
    const address = uniqueEmail("factory");
    const unclaimed = await company("Завод без людей", { email: address, country: "CN" });
    const asker = await createUser(api, "asker");
    // A fresh account's mail to unclaimed companies waits a day (review N13): this one is older.
    await api.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86400_000) })
      .where(eq(users.id, asker.id));
    const form = await call(api, "GET", `/api/inquiries/form?supplier=${unclaimed}`);
    expect(form.body.data.supplier.claimed).toBe(false);
    for (let i = 0; i < 4; i++) {
      supplierId = unclaimed;
      expect((await send(asker, { message: `Inquiry ${i}: price for 10 t?` })).status).toBe(201);
    }
    await api.jobs.runDue("inquiry-supplier-mail");
    const mails = api.mail.filter((m) => m.to === address);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.subject).toContain("询价");
    // A fixed notice: the buyer's words stay on the site (review N13).
    expect(mails.some((m) => m.text.includes("Inquiry") || m.html.includes("Inquiry"))).toBe(false);
    expect(mails[0]!.text).toContain("https://postavka.test/zh/auth?redirectTo=%2Fzh%2Fprofile%2Fstart");
    const invitations = await api.db.select().from(companyMembers).where(eq(companyMembers.companyId, unclaimed));
    expect(invitations).toMatchObject([{ invitedEmail: address, role: "owner", status: "invited", userId: null }]);
    // The person behind the address signs in, sees the invitation, joins and finds the inquiries.
    const person = await createUser(api, "factory-person", { email: address });
    const profile = await person.get("/api/profile");
    const invitation = profile.body.data.invitations[0];
    expect((await person.post(`/api/profile/invitations/${invitation.id}/accept`)).status).toBe(200);
    const inbox = await person.get("/api/conversations?box=company");
    expect(inbox.body.data).toHaveLength(4);
    await api.db.delete(companies).where(eq(companies.id, unclaimed));
  });
});

describe("notification settings", () => {
  test("digest: no e-mail at once, one daily e-mail with every event", async () => {
    const digester = await createUser(api, "digester", { locale: "zh" });
    const digestCompany = await company("Дайджест");
    await join(digester, digestCompany, "owner");
    expect((await digester.get("/api/notifications/settings")).body.data.emailMode).toBe("instant");
    const put = await digester.put("/api/notifications/settings", { emailMode: "digest" });
    expect(put.body.data.emailMode).toBe("digest");
    supplierId = digestCompany;
    await send(buyer, { message: "Первый вопрос" });
    await send(buyer, { message: "Второй вопрос" });
    await api.jobs.runDue("notification-mail");
    expect(api.mail.filter((m) => m.to === digester.email)).toHaveLength(0);
    await api.jobs.send("notification-digest", {});
    await api.jobs.runDue("notification-digest");
    const digests = api.mail.filter((m) => m.to === digester.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text.match(/\/zh\/profile\/conversations\/\d+/g)).toHaveLength(2);
    const list = await digester.get("/api/notifications");
    expect(list.body.meta.unread).toBe(2);
    const read = await digester.post("/api/notifications/read", {});
    expect(read.body.data.unread).toBe(0);
  });
});

describe("response metrics", () => {
  test("hidden below 5 inquiries; then the share answered within 48 h and the median first-reply time", async () => {
    const measured = await company("Измеряемый");
    const few = await call(api, "GET", `/api/inquiries/stats/${measured}`);
    expect(few.body.data).toMatchObject({ inquiries: 0, responseRate: null, medianResponseS: null });
    const now = Date.now();
    const hour = 3600 * 1000;
    // Replies after 1 h, 2 h, 3 h, 72 h; one unanswered; one outside the 90 days.
    const rows = [1, 2, 3, 72, null].map((h, i) => ({
      buyerUserId: buyer.id,
      supplierCompanyId: measured,
      createdAt: new Date(now - (10 + i) * 24 * hour),
      firstReplyAt: h === null ? null : new Date(now - (10 + i) * 24 * hour + h * hour),
    }));
    rows.push({ buyerUserId: buyer.id, supplierCompanyId: measured, createdAt: new Date(now - 100 * 24 * hour), firstReplyAt: null });
    await api.db.insert(conversations).values(rows);
    const stats = await call(api, "GET", `/api/inquiries/stats/${measured}`);
    expect(stats.body.data).toMatchObject({ inquiries: 5, responseRate: 0.6, medianResponseS: 2.5 * 3600 });
    // Supplier cards of the lists carry the same figures; a supplier with too few inquiries none.
    const quiet = await company("Измеряемый тихий");
    const found = await call(api, "GET", `/dev/suppliers/filter?q=${encodeURIComponent("Измеряемый")}&perPage=50`);
    const cards = new Map<number, any>(found.body.data.items.map((c: any) => [c.id, c]));
    expect(cards.get(measured)?.response).toEqual({ rate: 0.6, medianS: 2.5 * 3600 });
    expect(cards.get(quiet)?.response).toBeNull();
  });
});

test("the staff filter lists a supplier's inquiries with their message counts, and exports them as CSV", async () => {
  const moderator = await createUser(api, "filter-moderator", { role: "MODERATOR" });
  const page = await moderator.get(`/app/admin/filter/inquiries?company=${supplierId}&limit=200`);
  expect(page.status).toBe(200);
  expect(page.body.data.items.length).toBeGreaterThan(0);
  for (const row of page.body.data.items) expect(row).toMatchObject({ supplier_company_id: supplierId });
  expect(page.body.data.items.some((r: { messages: number; buyer_email: string }) => r.messages > 0 && r.buyer_email === buyer.email)).toBe(
    true,
  );
  const statuses = page.body.data.facets.status.map((f: { value: string }) => f.value);
  expect(statuses.every((s: string) => ["new", "answered", "closed"].includes(s))).toBe(true);
  const answered = await moderator.get(`/app/admin/filter/inquiries?company=${supplierId}&status=answered`);
  // An inquiry changes by its messages: "changed" days are those of its last message (all written by this file's run).
  const totalOf = async (filters: string) =>
    (await moderator.get(`/app/admin/filter/inquiries?company=${supplierId}&${filters}`)).body.meta.total;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  expect(await totalOf(`updatedFrom=${yesterday}`)).toBe(page.body.meta.total);
  expect(await totalOf("updatedTo=2025-01-01")).toBe(0);
  expect(answered.body.data.items.every((r: { status: string }) => r.status === "answered")).toBe(true);
  const csv = await api.app.request(`/app/admin/filter/inquiries?company=${supplierId}&format=csv`, {
    headers: { authorization: `Bearer ${moderator.token}` },
  });
  expect((await csv.text()).split("\n")[0]).toContain("supplier_company_id");
  expect((await supplierOwner.get("/app/admin/filter/inquiries")).status).toBe(403);
  expect((await moderator.get("/app/admin/filter/inquiries?status=lost")).status).toBe(400);
});
