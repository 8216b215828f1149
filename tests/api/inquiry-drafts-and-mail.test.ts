/**
 * Inquiries as a real buyer and supplier meet them (issue 26 §5–§6, defects #4, #5, #7, #17; security
 * review N15; ADR 042), on PGlite and PostgreSQL: quantities and prices typed the Russian way
 * («12,5», «1 300,50» with a no-break space), a draft spent by sending it (a second send from it is
 * refused and names the conversation), the supplier's e-mail naming the products with links and
 * every term labelled and formatted in the reader's language, and the header badge of a person who
 * joins the company after the inquiry arrived.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies, companyMembers, conversations, products, users } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, expectError, uniqueEmail, type TestUser } from "../support/profile.ts";

let api: TestApi;
let buyer: TestUser;
let ownerRu: TestUser;
let salesZh: TestUser;
let supplierId: number;
let pipeId: number;
let flangeId: number;
const createdCompanies: number[] = [];
const ip = `10.26.${process.pid % 250}.${Math.floor(Math.random() * 250)}`;

async function company(name: string, options: { email?: string; country?: "RU" | "CN" } = {}): Promise<number> {
  const [row] = await api.db
    .insert(companies)
    .values({
      name: { ru: name },
      country: options.country ?? "RU",
      status: "published",
      email: options.email ?? null,
      publishedAt: new Date(),
    })
    .returning({ id: companies.id });
  createdCompanies.push(row!.id);
  return row!.id;
}

async function product(companyId: number, name: Record<string, string>, sourceLang: "ru" | "en" | "zh" = "ru"): Promise<number> {
  const [row] = await api.db
    .insert(products)
    .values({ companyId, name, sourceLang, status: "published", moq: "20", moqUnit: "t", publishedAt: new Date() })
    .returning({ id: products.id });
  return row!.id;
}

const send = (user: TestUser, body: Record<string, unknown>) =>
  user.post("/api/inquiries", { supplierId, message: "Нужна цена на трубы", ...body }, { "x-client-ip": ip });

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  buyer = await createUser(api, "draft-buyer");
  ownerRu = await createUser(api, "draft-owner");
  salesZh = await createUser(api, "draft-sales", { locale: "zh" });
  supplierId = await company("ООО «Регионстальзавод»");
  await api.db.insert(companyMembers).values([
    { companyId: supplierId, userId: ownerRu.id, role: "owner", status: "active" },
    { companyId: supplierId, userId: salesZh.id, role: "sales", status: "active" },
  ]);
  pipeId = await product(supplierId, { zh: "石油管线管 GB/T 8162", en: "Iron or steel, seamless, GB/T 8162" }, "zh");
  flangeId = await product(supplierId, { ru: "Фланец стальной", zh: "钢法兰" });
});

afterAll(async () => {
  if (api) {
    if (createdCompanies.length) await api.db.delete(companies).where(inArray(companies.id, createdCompanies));
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("numbers typed the reader's way (#4)", () => {
  test("«12,5» and «1 300,50» (no-break space) are a quantity and a price; stored exactly", async () => {
    const sent = await send(buyer, {
      quantity: "12,5",
      unit: "t",
      targetPrice: "1\u00A0300,50",
      currency: "USD",
      message: "Цена за 12,5 т?",
    });
    expect(sent.status).toBe(201);
    const [row] = await api.db.select().from(conversations).where(eq(conversations.id, sent.body.data.conversationId));
    expect(row).toMatchObject({ quantity: "12.500", targetPrice: "1300.50" });
  });

  test("a number that is not one is still refused with the field named", async () => {
    const bad = await send(buyer, { quantity: "12,5,1", targetPrice: "1 30,5", currency: "USD", unit: "t", message: "Ошибка?" });
    expectError(bad, 400, "invalid_body");
    expect(bad.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "quantity", message: "invalid_number" },
        { path: "targetPrice", message: "invalid_number" },
      ]),
    );
  });
});

describe("a draft is spent by sending it (#5, N15)", () => {
  test("after the send the draft keeps no values and a second send from it is inquiry_already_sent with the conversation", async () => {
    const values = { supplierId: String(supplierId), quantity: "20", unit: "t", message: "Из черновика", productIds: [String(pipeId)] };
    const saved = await call(api, "POST", "/api/inquiries/drafts", { values });
    expect(saved.status).toBe(201);
    const token = saved.body.data.token as string;
    const kept = await call(api, "GET", `/api/inquiries/drafts/${token}`);
    expect(kept.body.data).toMatchObject({ values, sent: null });

    const first = await send(buyer, { quantity: "20", unit: "t", productIds: [pipeId], message: "Из черновика", draftToken: token });
    expect(first.status).toBe(201);
    const id = first.body.data.conversationId as number;
    const spent = await call(api, "GET", `/api/inquiries/drafts/${token}`);
    expect(spent.body.data).toEqual({ token, values: { supplierId: String(supplierId) }, sent: { conversationId: id } });

    const again = await send(buyer, { quantity: "20", unit: "t", productIds: [pipeId], message: "Из черновика", draftToken: token });
    expectError(again, 409, "inquiry_already_sent");
    expect(again.body.error.details).toEqual({ conversationId: id });
    const rows = await api.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.supplierCompanyId, supplierId));
    expect(rows.filter((r) => r.id >= id)).toHaveLength(1);
  });

  test("a refused send leaves the draft usable", async () => {
    const saved = await call(api, "POST", "/api/inquiries/drafts", { values: { supplierId: String(supplierId), message: "x" } });
    const token = saved.body.data.token as string;
    const refused = await send(buyer, { productIds: [pipeId + 1_000_000], draftToken: token });
    expect(refused.status).toBe(404);
    expect((await call(api, "GET", `/api/inquiries/drafts/${token}`)).body.data.sent).toBeNull();
    expect((await send(buyer, { message: "Теперь верно", draftToken: token })).status).toBe(201);
  });
});

describe("the supplier's e-mail says what is asked (#7)", () => {
  test("products by name with links, every term labelled, units, money and dates in the reader's language, no double guillemets", async () => {
    const before = api.mail.length;
    const sent = await send(buyer, {
      productIds: [pipeId, flangeId],
      quantity: "12,5",
      unit: "t",
      targetPrice: "1300.50",
      currency: "USD",
      incoterm: "FOB",
      destinationCountry: "RU",
      destinationCity: "Новосибирск",
      wantedBy: "2027-02-15",
      message: "Интересуют трубы и фланцы",
    });
    expect(sent.status).toBe(201);
    await api.jobs.runDue("notification-mail");
    const mails = api.mail.slice(before);
    const about = (m: { text: string }) => m.text.includes(`/profile/conversations/${sent.body.data.conversationId}`);
    const ru = mails.find((m) => m.to === ownerRu.email && about(m))!;
    const zh = mails.find((m) => m.to === salesZh.email && about(m))!;
    expect(ru.text).toContain("запрашивает цену у компании ООО «Регионстальзавод».");
    expect(ru.text).not.toContain("««");
    expect(ru.text).not.toContain("»»");
    // The product page's rule: the reader's language, else the supplier's own (zh), never a third.
    expect(ru.text).toContain(`• 石油管线管 GB/T 8162 — https://postavka.test/product/${pipeId}`);
    expect(ru.text).toContain(`• Фланец стальной — https://postavka.test/product/${flangeId}`);
    expect(ru.text).toContain("Количество: 12,5\u00A0т");
    expect(ru.text).toContain("Желаемая цена за единицу: 1\u00A0300,50\u00A0$");
    expect(ru.text).toContain("Условия поставки (Incoterms 2020): FOB");
    expect(ru.text).toContain("Место назначения: Новосибирск, Россия");
    expect(ru.text).toContain("Нужно к дате: 15 февраля 2027 г.");
    expect(ru.text).toContain("«Интересуют трубы и фланцы»");
    expect(ru.html).toContain(`https://postavka.test/product/${flangeId}`);

    expect(zh.text).toContain(`• 钢法兰 — https://postavka.test/zh/product/${flangeId}`);
    expect(zh.text).toContain("12.5\u00A0吨");
    expect(zh.text).toContain("US$1,300.50");
    expect(zh.text).toContain("2027年2月15日");
    expect(zh.text).toContain("目的地：Новосибирск，俄罗斯");
    expect(zh.text).toContain("“Интересуют трубы и фланцы”");
    expect(zh.text).not.toContain("«Интересуют");
  });
});

describe("a supplier who joins after the inquiry (#17)", () => {
  test("gets the waiting inquiry in the header badge, without a second e-mail", async () => {
    const address = uniqueEmail("late-factory");
    const unclaimed = await company("Завод без людей", { email: address, country: "CN" });
    // A company nobody runs hears only from accounts a day old (review N13, UNCLAIMED_MAIL.minAccountAgeH).
    await api.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 48 * 3600_000) })
      .where(eq(users.id, buyer.id));
    const asked = await send(buyer, { supplierId: unclaimed, message: "Есть ли трубы 57 мм?" });
    expect(asked.status).toBe(201);
    await api.jobs.runDue("inquiry-supplier-mail");
    const person = await createUser(api, "late-factory-person", { email: address });
    expect((await person.get("/api/notifications/unread")).body.data.unread).toBe(0);
    const invitation = (await person.get("/api/profile")).body.data.invitations[0];
    expect((await person.post(`/api/profile/invitations/${invitation.id}/accept`)).status).toBe(200);
    const badge = await person.get("/api/notifications/unread");
    expect(badge.body.data.unread).toBe(1);
    const list = await person.get("/api/notifications");
    expect(list.body.data[0]).toMatchObject({ kind: "inquiry.new", link: `/profile/conversations/${asked.body.data.conversationId}` });
    const before = api.mail.length;
    await api.jobs.runDue("notification-mail");
    expect(api.mail.slice(before).filter((m) => m.to === address)).toEqual([]);
  });
});
