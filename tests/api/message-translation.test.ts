/**
 * "Translate" on a conversation message (issue 14 follow-up; ADR 033), on both engines with the
 * fake LibreTranslate (tests/support/fake-translator.ts): a reader of the conversation gets a
 * message in their language, made once per message and language and then stored (the provider is
 * not called again, and the conversation carries it); anyone else gets a 404; a provider failure
 * is a 503 the reader may retry; without a provider there is nothing to offer.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import { companies, companyMembers } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { libreTranslate } from "#server/translation/provider.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { fakeTranslation, startFakeTranslator, type FakeTranslator } from "../support/fake-translator.ts";
import { call, cleanupProfileData, createUser, type TestUser, expectError } from "../support/profile.ts";

const KEY = "test-translation-key";
let fake: FakeTranslator;
let api: TestApi;
let buyer: TestUser;
let supplier: TestUser;
let stranger: TestUser;
let conversationId: number;
let buyerMessageId: number;
let supplierMessageId: number;
const BUYER_TEXT = "Нужна цена на 500 штук с доставкой в Москву";
const SUPPLIER_TEXT = "我们可以在三周内发货";

beforeAll(async () => {
  fake = await startFakeTranslator({ apiKey: KEY });
  api = await openTestApi({ translator: libreTranslate(fake.url, KEY) });
  await cleanupProfileData(api);
  buyer = await createUser(api, "translate-buyer", { locale: "ru" });
  supplier = await createUser(api, "translate-supplier", { locale: "en" });
  stranger = await createUser(api, "translate-stranger", { locale: "en" });
  const [company] = await api.db
    .insert(companies)
    .values({ name: { zh: "翻译管道厂", en: "Translate Pipes" }, country: "CN", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  await api.db.insert(companyMembers).values({ companyId: company!.id, userId: supplier.id, role: "owner", status: "active" });
  const sent = await buyer.post(
    "/api/inquiries",
    { supplierId: company!.id, message: BUYER_TEXT },
    {
      "x-client-ip": `10.33.${process.pid % 250}.7`,
    },
  );
  expect(sent.status).toBe(201);
  conversationId = sent.body.data.conversationId;
  const reply = await supplier.post(`/api/conversations/${conversationId}/messages`, { message: SUPPLIER_TEXT, lang: "zh" });
  expect(reply.status).toBe(201);
  supplierMessageId = reply.body.data.id;
  const view = await buyer.get(`/api/conversations/${conversationId}`);
  buyerMessageId = view.body.data.messages[0].id;
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
  await fake?.close();
});

const translate = (id: number, token: string, lang?: string) =>
  call(api, "POST", `/api/conversations/messages/${id}/translate${lang ? `?lang=${lang}` : ""}`, {}, token);

describe("translating a conversation message", () => {
  test("a reader gets it in their language, translated once and stored", async () => {
    const before = fake.requests.length;
    const first = await translate(buyerMessageId, supplier.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ text: fakeTranslation(BUYER_TEXT, "en"), sourceLang: "ru", targetLang: "en" });
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.body).toMatchObject({ q: BUYER_TEXT, source: "ru", target: "en" });
    // Again: the stored text, no second call to the provider.
    const again = await translate(buyerMessageId, supplier.token, "en");
    expect(again.body.data.text).toBe(fakeTranslation(BUYER_TEXT, "en"));
    expect(fake.requests.length).toBe(before + 1);
    // The conversation read in English carries it; read in Russian, the buyer's own message has none.
    const en = await supplier.get(`/api/conversations/${conversationId}?lang=en`);
    expect(en.body.data.canTranslate).toBe(true);
    const message = en.body.data.messages.find((m: { id: number }) => m.id === buyerMessageId);
    expect(message.translation).toEqual({ text: fakeTranslation(BUYER_TEXT, "en"), sourceLang: "ru", targetLang: "en" });
    expect(message.body).toBe(BUYER_TEXT);
    const ru = await buyer.get(`/api/conversations/${conversationId}?lang=ru`);
    expect(ru.body.data.messages.find((m: { id: number }) => m.id === buyerMessageId).translation).toBeNull();
  });

  test("the buyer reads the supplier's Chinese answer in Russian; a message already in the language is itself", async () => {
    const res = await translate(supplierMessageId, buyer.token);
    expect(res.body.data).toEqual({ text: fakeTranslation(SUPPLIER_TEXT, "ru"), sourceLang: "zh", targetLang: "ru" });
    const before = fake.requests.length;
    const same = await translate(buyerMessageId, buyer.token, "ru");
    expect(same.body.data).toEqual({ text: BUYER_TEXT, sourceLang: "ru", targetLang: "ru" });
    expect(fake.requests.length).toBe(before);
  });

  test("someone outside the conversation, or a message that does not exist, is a 404", async () => {
    const outside = await translate(buyerMessageId, stranger.token);
    expectError(outside, 404, "not_found");
    expect((await translate(buyerMessageId + 100000, buyer.token)).status).toBe(404);
    expect((await call(api, "POST", `/api/conversations/messages/${buyerMessageId}/translate`, {})).status).toBe(401);
  });

  test("a provider failure is a 503 the reader may retry; nothing wrong is stored", async () => {
    fake.failNext(1);
    const failed = await translate(supplierMessageId, supplier.token, "en");
    expectError(failed, 503, "translation_failed");
    const stored = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from message_translations where message_id = ${supplierMessageId} and target_lang = 'en'`,
    );
    expect(stored.rows[0]!.n).toBe(0);
    const retried = await translate(supplierMessageId, supplier.token, "en");
    expect(retried.body.data.text).toBe(fakeTranslation(SUPPLIER_TEXT, "en"));
  });

  test("without a provider the conversation offers nothing and the action is 503 translation_unavailable", async () => {
    const bare = {
      ...api,
      app: createApiApp({ db: api.db, logger: createLogger({ level: "silent" }), auth: api.auth, checkResponses: true }),
    };
    const view = await call(bare, "GET", `/api/conversations/${conversationId}?lang=ru`, undefined, buyer.token);
    expect(view.body.data.canTranslate).toBe(false);
    // A translation stored earlier is still shown.
    expect(view.body.data.messages.find((m: { id: number }) => m.id === supplierMessageId).translation.text).toBe(
      fakeTranslation(SUPPLIER_TEXT, "ru"),
    );
    const res = await call(bare, "POST", `/api/conversations/messages/${buyerMessageId}/translate?lang=zh`, {}, supplier.token);
    expectError(res, 503, "translation_unavailable");
  });
});
