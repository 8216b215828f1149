/**
 * Supplier content in the reader's language (issue 15 §4, ADR 031), on PGlite and on PostgreSQL:
 * - both provider adapters speak their documented API (a local fake of each): LibreTranslate with
 *   `api_key`, Yandex Cloud Translate v2 with `Api-Key` and `folderId`; refusals and failures are a
 *   TranslationError (the job is retried), and the configuration refuses a half-configured provider;
 * - a product's and a company's name and description written in Chinese are machine-translated by
 *   the background job and shown to a Russian or English reader with the original alongside;
 * - a changed source makes the stored translation stale (hidden, then made again by the job);
 * - the supplier's own translation of a published product is shown once a moderator approves it
 *   and never overwritten by the machine (the moderation round trip: security-translations.test.ts);
 * - a price-list import queues no translation (its products are drafts, ADR 046);
 * - without a provider nothing changes: the original with its language.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categories, companies, contentTranslations, products } from "#server/db/schema.ts";
import { parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { approveProduct } from "#server/profile/moderation.ts";
import { translateContentJob, TRANSLATE_JOB } from "#server/translation/jobs.ts";
import { createTranslator, libreTranslate, TranslationError, yandexTranslate } from "#server/translation/provider.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { fakeTranslation, startFakeTranslator, type FakeTranslator } from "../support/fake-translator.ts";
import { cleanupProfileData, createUser, multipart, type TestUser } from "../support/profile.ts";

const KEY = "test-translation-key";
const FOLDER = "b1gtestfolder";
let fake: FakeTranslator;
let api: TestApi;
let owner: TestUser;
let stranger: TestUser;
let companyId: number;
let productId: number;
const run = `${process.pid}${Date.now().toString(36)}`;
const NAME = `旋耕机刀片 ${run}`;
const DESCRIPTION = "65Mn钢，热处理，适用于各种旋耕机。";

beforeAll(async () => {
  fake = await startFakeTranslator({ apiKey: KEY, folderId: FOLDER });
  api = await openTestApi({ translator: libreTranslate(fake.url, KEY) });
  await cleanupProfileData(api);
  // Approvals in earlier test files left jobs behind: run them now, so this file counts its own.
  await api.jobs.runDue(TRANSLATE_JOB);
  owner = await createUser(api, "translation-owner", { locale: "zh" });
  stranger = await createUser(api, "translation-stranger");
  companyId = (
    await owner.ok("POST", "/api/profile/company", {
      name: { zh: `辽中鑫达机械 ${run}` },
      description: { zh: "农机配件生产。" },
      sourceLang: "zh",
      country: "CN",
    })
  ).id;
  productId = (
    await owner.ok("POST", "/api/profile/company/products", { name: { zh: NAME }, description: { zh: DESCRIPTION }, sourceLang: "zh" })
  ).id;
  // Publication is the moderators' business (tests/api/admin.test.ts); here both are simply public.
  await api.db.update(companies).set({ status: "published", publishedAt: new Date() }).where(eq(companies.id, companyId));
  await api.db.update(products).set({ status: "published", publishedAt: new Date() }).where(eq(products.id, productId));
});

afterAll(async () => {
  if (!api) return;
  await api.db.delete(contentTranslations).where(sql`entity_id in (${productId}, ${companyId})`);
  await cleanupProfileData(api);
  await api.close();
  await fake.close();
});

describe("the provider adapters speak the documented APIs", () => {
  test("LibreTranslate: one POST /translate per text with source, target, format and api_key", async () => {
    const from = fake.requests.length;
    const translator = createTranslator({ TRANSLATION_PROVIDER: "libretranslate", TRANSLATION_URL: fake.url, TRANSLATION_API_KEY: KEY })!;
    expect(await translator.translate(["钢管", "螺栓"], "zh", "ru")).toEqual([
      fakeTranslation("钢管", "ru"),
      fakeTranslation("螺栓", "ru"),
    ]);
    expect(fake.requests.slice(from).map((r) => [r.path, r.body])).toEqual([
      ["/translate", { q: "钢管", source: "zh", target: "ru", format: "text", api_key: KEY }],
      ["/translate", { q: "螺栓", source: "zh", target: "ru", format: "text", api_key: KEY }],
    ]);
  });

  test("Yandex Cloud Translate v2: all texts in one request with Api-Key and folderId", async () => {
    const from = fake.requests.length;
    const translator = createTranslator({
      TRANSLATION_PROVIDER: "yandex",
      TRANSLATION_URL: fake.url,
      TRANSLATION_API_KEY: KEY,
      TRANSLATION_FOLDER_ID: FOLDER,
    })!;
    expect(await translator.translate(["Трубы стальные", "Болты"], "ru", "zh")).toEqual([
      fakeTranslation("Трубы стальные", "zh"),
      fakeTranslation("Болты", "zh"),
    ]);
    const [request] = fake.requests.slice(from);
    expect(request?.path).toBe("/translate/v2/translate");
    expect(request?.headers.authorization).toBe(`Api-Key ${KEY}`);
    expect(request?.body).toMatchObject({
      sourceLanguageCode: "ru",
      targetLanguageCode: "zh",
      texts: ["Трубы стальные", "Болты"],
      folderId: FOLDER,
    });
  });

  test("a refused key, a wrong folder and a failing service are TranslationErrors", async () => {
    await expect(libreTranslate(fake.url, "wrong").translate(["a"], "en", "ru")).rejects.toThrow(TranslationError);
    await expect(yandexTranslate(fake.url, "wrong", FOLDER).translate(["a"], "en", "ru")).rejects.toThrow(/401/);
    await expect(yandexTranslate(fake.url, KEY, "other").translate(["a"], "en", "ru")).rejects.toThrow(/400/);
    fake.failNext(1);
    await expect(libreTranslate(fake.url, KEY).translate(["a"], "en", "ru")).rejects.toThrow(/500/);
    await expect(libreTranslate("http://127.0.0.1:9", KEY).translate(["a"], "en", "ru")).rejects.toThrow(/unreachable/);
  });

  test("the configuration refuses a provider without its URL, key or folder, and `none` is no translator", () => {
    expect(() => parseEnv({ TRANSLATION_PROVIDER: "libretranslate" })).toThrow(/TRANSLATION_URL: is required/);
    expect(() => parseEnv({ TRANSLATION_PROVIDER: "yandex", TRANSLATION_API_KEY: "k" })).toThrow(/TRANSLATION_FOLDER_ID: is required/);
    expect(() => parseEnv({ TRANSLATION_PROVIDER: "deepl" })).toThrow(/TRANSLATION_PROVIDER/);
    expect(createTranslator(parseEnv({}))).toBeUndefined();
  });
});

describe("public pages in the reader's language", () => {
  test("the job translates a Chinese product and company; readers see the translation with the original", async () => {
    // Creating them (drafts) enqueued nothing; their approval enqueues one job each, sent here as it does.
    expect(await api.jobs.runDue(TRANSLATE_JOB)).toBe(0);
    await api.jobs.send(TRANSLATE_JOB, { kind: "company", id: companyId });
    await api.jobs.send(TRANSLATE_JOB, { kind: "product", id: productId });
    expect(await api.jobs.runDue(TRANSLATE_JOB)).toBe(2);
    const en = (await api.getJson<any>(`/api/products/${productId}?lang=en`)).body.data;
    expect(en.name).toEqual({ text: fakeTranslation(NAME, "en"), lang: "en" });
    expect(en.description).toEqual({ text: fakeTranslation(DESCRIPTION, "en"), lang: "en" });
    expect(en.translations).toEqual([
      { field: "name", origin: "machine", original: { text: NAME, lang: "zh" } },
      { field: "description", origin: "machine", original: { text: DESCRIPTION, lang: "zh" } },
    ]);
    const zh = (await api.getJson<any>(`/api/products/${productId}?lang=zh`)).body.data;
    expect(zh.name).toEqual({ text: NAME, lang: "zh" });
    expect(zh.translations).toEqual([]);
    const company = (await api.getJson<any>(`/api/companies/${companyId}?lang=ru`)).body.data;
    expect(company.description).toEqual({ text: fakeTranslation("农机配件生产。", "ru"), lang: "ru" });
    expect(company.translations.map((t: any) => [t.field, t.origin])).toEqual([
      ["name", "machine"],
      ["description", "machine"],
    ]);
  });

  test("list cards show the translated names, marked as machine translations from Chinese", async () => {
    const list = (await api.getJson<any>(`/api/companies/${companyId}/products?lang=en`)).body.data;
    expect(list.map((p: any) => p.name)).toEqual([{ text: fakeTranslation(NAME, "en"), lang: "en", machineFrom: "zh" }]);
    expect(list[0].company.name).toEqual({ text: fakeTranslation(`辽中鑫达机械 ${run}`, "en"), lang: "en", machineFrom: "zh" });
    const reply = await api.getJson<any>(`/dev/suppliers/filter?lang=ru&q=${encodeURIComponent(`辽中鑫达机械 ${run}`)}`);
    const suppliers = reply.body.data;
    expect(suppliers.items.map((c: any) => c.name)).toEqual([
      { text: fakeTranslation(`辽中鑫达机械 ${run}`, "ru"), lang: "ru", machineFrom: "zh" },
    ]);
    // The supplier's own language stays as written, unmarked.
    const zh = (await api.getJson<any>(`/api/companies/${companyId}/products?lang=zh`)).body.data;
    expect(zh[0].name).toEqual({ text: NAME, lang: "zh" });
  });

  test("a product page's related products show the same translated names (read in the list's own query)", async () => {
    const [category] = await api.db
      .insert(categories)
      .values({ slug: `translation-related-${run}`, name: { ru: "Почвофрезы" }, sourceLang: "ru" })
      .returning({ id: categories.id });
    const neighbour = (await owner.ok("POST", "/api/profile/company/products", { name: { zh: `旋耕机齿轮 ${run}` }, sourceLang: "zh" })).id;
    const both = inArray(products.id, [productId, neighbour]);
    await api.db.update(products).set({ status: "published", publishedAt: new Date(), categoryId: category!.id }).where(both);
    try {
      const en = (await api.getJson<any>(`/api/products/${neighbour}/products?lang=en`)).body.data;
      expect(en.map((p: any) => p.id)).toEqual([productId]);
      expect(en[0].name).toEqual({ text: fakeTranslation(NAME, "en"), lang: "en", machineFrom: "zh" });
      expect(en[0].company.name).toEqual({ text: fakeTranslation(`辽中鑫达机械 ${run}`, "en"), lang: "en", machineFrom: "zh" });
      const zh = (await api.getJson<any>(`/api/products/${neighbour}/products?lang=zh`)).body.data;
      expect(zh[0].name).toEqual({ text: NAME, lang: "zh" });
    } finally {
      await api.db.update(products).set({ categoryId: null }).where(both);
      await api.db.delete(products).where(eq(products.id, neighbour));
      await api.db.delete(categories).where(eq(categories.id, category!.id));
    }
  });

  test("a changed source hides the stale translation until the job makes it again", async () => {
    const changed = `${DESCRIPTION} 质保一年。`;
    await api.db
      .update(products)
      .set({ description: { zh: changed } })
      .where(eq(products.id, productId));
    const stale = (await api.getJson<any>(`/api/products/${productId}?lang=ru`)).body.data;
    expect(stale.description).toEqual({ text: changed, lang: "zh" });
    expect(stale.translations.map((t: any) => t.field)).toEqual(["name"]);
    const entries = await owner.ok<any[]>("GET", `/api/profile/translations/products/${productId}`);
    expect(entries.find((e) => e.field === "description" && e.lang === "ru")).toMatchObject({ origin: "machine", stale: true });

    // An approval (or an edit) enqueues the job; here it is enqueued as approval does.
    await api.jobs.send(TRANSLATE_JOB, { kind: "product", id: productId });
    const from = fake.requests.length;
    await api.jobs.runDue(TRANSLATE_JOB);
    // Only the changed field is sent again, once per language.
    expect(fake.requests.slice(from).map((r) => r.body.q)).toEqual([changed, changed]);
    const fresh = (await api.getJson<any>(`/api/products/${productId}?lang=ru`)).body.data;
    expect(fresh.description).toEqual({ text: fakeTranslation(changed, "ru"), lang: "ru" });
  });

  test("the supplier's own translation is shown once approved and the machine never overwrites it", async () => {
    const entries = await owner.ok<any[]>("PUT", `/api/profile/translations/products/${productId}`, {
      field: "name",
      lang: "ru",
      text: "Ножи для почвофрезы",
    });
    expect(entries.find((e) => e.field === "name" && e.lang === "ru")).toMatchObject({
      text: "Ножи для почвофрезы",
      origin: "manual",
      stale: false,
      pending: true,
    });
    expect((await api.getJson<any>(`/api/products/${productId}?lang=ru`)).body.data.name.text).toBe(fakeTranslation(NAME, "ru"));
    await approveProduct(api.db, api.storage, productId);
    const approved = await owner.ok<any[]>("GET", `/api/profile/translations/products/${productId}`);
    expect(approved.find((e) => e.field === "name" && e.lang === "ru")).toMatchObject({ origin: "manual", pending: false });
    const ru = (await api.getJson<any>(`/api/products/${productId}?lang=ru`)).body.data;
    expect(ru.name).toEqual({ text: "Ножи для почвофрезы", lang: "ru" });
    expect(ru.translations[0]).toEqual({ field: "name", origin: "manual", original: { text: NAME, lang: "zh" } });

    await api.db
      .update(products)
      .set({ name: { zh: `${NAME} 新` } })
      .where(eq(products.id, productId));
    await api.jobs.send(TRANSLATE_JOB, { kind: "product", id: productId });
    await api.jobs.runDue(TRANSLATE_JOB);
    const after = (await api.getJson<any>(`/api/products/${productId}?lang=ru`)).body.data;
    expect(after.name).toEqual({ text: "Ножи для почвофрезы", lang: "ru" });
    expect((await api.getJson<any>(`/api/products/${productId}?lang=en`)).body.data.name.text).toBe(fakeTranslation(`${NAME} 新`, "en"));

    // Emptying it hands the field back to the machine at once (visitors then read moderated text).
    await owner.ok("PUT", `/api/profile/translations/products/${productId}`, { field: "name", lang: "ru", text: "" });
    expect(await api.jobs.runDue(TRANSLATE_JOB)).toBe(1);
    expect((await api.getJson<any>(`/api/products/${productId}?lang=ru`)).body.data.name.text).toBe(fakeTranslation(`${NAME} 新`, "ru"));
  });

  test("the company's translation is replaced by its owner; the source language and other companies are refused", async () => {
    await owner.ok("PUT", "/api/profile/translations/company", { field: "description", lang: "en", text: "Farm machinery parts." });
    const en = (await api.getJson<any>(`/api/companies/${companyId}?lang=en`)).body.data;
    expect(en.description).toEqual({ text: "Farm machinery parts.", lang: "en" });

    const source = await owner.put(`/api/profile/translations/products/${productId}`, { field: "name", lang: "zh", text: "x" });
    expect([source.status, source.body.error.code]).toEqual([409, "translation_not_needed"]);
    const other = await stranger.put(`/api/profile/translations/products/${productId}`, { field: "name", lang: "en", text: "x" });
    expect(other.status).toBe(403);
    const bad = await owner.put(`/api/profile/translations/products/${productId}`, { field: "price", lang: "xx" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: any) => i.path).sort()).toEqual(["field", "lang"]);
  });

  test("a price list's imported products are drafts: no translation is queued for them", async () => {
    const csv = `名称,价格,货币,SKU\n深沟球轴承 ${run},12.5,CNY,TR-${run}\n`;
    const uploaded = await owner.post(
      "/api/profile/company/price-lists",
      multipart(new TextEncoder().encode(csv), "price.csv", "text/csv", { lang: "zh" }),
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ validRows: 1, invalidRows: 0 });
    const runId = uploaded.body.data.id as number;
    expect((await owner.post(`/api/profile/company/price-lists/${runId}/import`)).status).toBeLessThan(300);
    expect(await api.jobs.runDue("price-list-import")).toBe(1);
    const [imported] = await api.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, `TR-${run}`));
    const from = fake.requests.length;
    expect(await api.jobs.runDue(TRANSLATE_JOB)).toBe(0);
    expect(fake.requests.length).toBe(from);
    const made = await api.db
      .select({ targetLang: contentTranslations.targetLang })
      .from(contentTranslations)
      .where(sql`entity_kind = 'product' and entity_id = ${imported!.id}`);
    expect(made).toEqual([]);
    await api.db.delete(products).where(eq(products.id, imported!.id));
  });

  test("without a provider the job changes nothing: the original with its language", async () => {
    const product = (await owner.ok("POST", "/api/profile/company/products", { name: { zh: `螺栓 ${run}` }, sourceLang: "zh" }))
      .id as number;
    await api.db.update(products).set({ status: "published", publishedAt: new Date() }).where(eq(products.id, product));
    const logger = createLogger({ level: "silent" });
    await translateContentJob.run({ kind: "product", id: product }, {
      logger,
      jobs: api.jobs,
      services: { db: api.db },
      job: { id: "test", retryCount: 0 },
    } as never);
    const en = (await api.getJson<any>(`/api/products/${product}?lang=en`)).body.data;
    expect(en.name).toEqual({ text: `螺栓 ${run}`, lang: "zh" });
    expect(en.translations).toEqual([]);
    await api.db.delete(products).where(eq(products.id, product));
  });
});
