/**
 * Security review N6 and N8 (issue 25, ADR 046), on PGlite and on PostgreSQL:
 * - N6: a supplier's manual translation of a PUBLISHED product waits in the product's pending
 *   changes: visitors do not see it, the moderator's diff (and the supplier's) shows it; approving
 *   (in the admin area or with `npm run admin -- approve product <id>`) makes it public, rejecting
 *   drops it. A draft's is stored at once and reviewed with the product.
 * - N8: machine translation runs only on published or approved text: a draft's creation and edits,
 *   a published product's pending edit and a price-list import queue nothing, and a job for a draft
 *   sends nothing to the provider; an approval queues the job, which translates the approved text.
 *   Each company has a daily character budget and the site one more: past the company's, its job
 *   waits for the next window; past the site's, too, and a warning is logged once (the alert).
 *   Product changes are limited per company (429 `rate_limited`).
 */
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runAdmin } from "#server/admin/cli.ts";
import { LIMITS, quota, TRANSLATION_BUDGET, type LimitSettings } from "#server/api/rate-limits.ts";
import { products } from "#server/db/schema.ts";
import { translateContentJob, TRANSLATE_JOB } from "#server/translation/jobs.ts";
import { libreTranslate } from "#server/translation/provider.ts";
import { openTestApi, type TestApi } from "#tests/support/api.ts";
import { fakeTranslation, startFakeTranslator, type FakeTranslator } from "#tests/support/fake-translator.ts";
import { cleanupProfileData, createUser, expectError, multipart, type TestUser } from "#tests/support/profile.ts";

const KEY = "test-translation-key";
const PHISHING = "FAKE: Send prepayment to card 4111 1111 1111 1111 — official Postavka partner";
const run = `${process.pid}${Date.now().toString(36)}`;
let fake: FakeTranslator;
let api: TestApi;
let owner: TestUser;
let moderator: TestUser;
let other: TestUser;
let companyId: number;
let otherCompanyId: number;

/** `translate-content` jobs of `kind` `id` waiting in the queue (due now or later), with when they start. */
async function queued(kind: "product" | "company", id: number): Promise<{ startAfter: Date }[]> {
  const { rows } = await api.database.pool.query<{ start_after: Date }>(
    `select start_after from pgboss.job where name = $1 and state = 'created' and data->>'kind' = $2 and (data->>'id')::int = $3`,
    [TRANSLATE_JOB, kind, id],
  );
  return rows.map((r) => ({ startAfter: r.start_after }));
}

/** Removes the waiting jobs of `kind` `id` (a deferred one would wait a day). */
async function dropQueued(kind: "product" | "company", id: number): Promise<void> {
  await api.database.pool.query(
    `delete from pgboss.job where name = $1 and state = 'created' and data->>'kind' = $2 and (data->>'id')::int = $3`,
    [TRANSLATE_JOB, kind, id],
  );
}

/** Texts the fake provider was asked to translate since request number `from`. */
function sentSince(from: number): string[] {
  return fake.requests.slice(from).map((r) => r.body.q as string);
}

/** What the counter `key` of the `rate_limits` table holds in its current window (0 without one). */
async function used(key: string): Promise<number> {
  const { rows } = await api.database.pool.query<{ points: number }>("select points from rate_limits where key = $1 and expire > $2", [
    key,
    Date.now(),
  ]);
  return rows[0]?.points ?? 0;
}

/** Spends what is left of `settings`' budget for `key` in the current window (earlier tests spent some). */
async function exhaust(settings: LimitSettings, key: string): Promise<void> {
  const left = settings.points - (await used(`${settings.keyPrefix}:${key}`));
  if (left > 0) expect(await quota(api.db, settings).spend(key, left)).toBeNull();
}

const COMPANY_BUDGET = {
  keyPrefix: "translation_company",
  points: TRANSLATION_BUDGET.companyCharsPerDay,
  windowS: TRANSLATION_BUDGET.windowS,
};
const SITE_BUDGET = { keyPrefix: "translation_site", points: TRANSLATION_BUDGET.siteCharsPerDay, windowS: TRANSLATION_BUDGET.windowS };

/** A new product of the owner's company in Russian, approved by the moderator (published), its translation job run. */
async function publishedProduct(name: string, description?: string): Promise<number> {
  const { id } = await owner.ok<{ id: number }>("POST", "/api/profile/company/products", {
    name: { ru: name },
    ...(description ? { description: { ru: description } } : {}),
    sourceLang: "ru",
  });
  await owner.ok("PATCH", `/api/profile/company/products/${id}/status`, { action: "submit" });
  await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
  await api.jobs.runDue(TRANSLATE_JOB);
  return id;
}

/** The public product in `lang`, as visitors read it. */
async function publicProduct(id: number, lang: string) {
  return (await api.getJson<any>(`/api/products/${id}?lang=${lang}`)).body.data;
}

/** The owner's manual translation of product `id`'s `field` into `lang` (PUT, must succeed); answers that field's entry. */
async function translate(id: number, field: string, lang: string, text: string) {
  const entries = await owner.ok<any[]>("PUT", `/api/profile/translations/products/${id}`, { field, lang, text });
  return entries.find((e) => e.field === field && e.lang === lang);
}

/** The supplier's entry of product `id`'s `field` in `lang`, as the edit page reads it. */
async function entry(id: number, field: string, lang: string) {
  const entries = await owner.ok<any[]>("GET", `/api/profile/translations/products/${id}`);
  return entries.find((e) => e.field === field && e.lang === lang);
}

beforeAll(async () => {
  fake = await startFakeTranslator({ apiKey: KEY });
  api = await openTestApi({ translator: libreTranslate(fake.url, KEY) });
  await cleanupProfileData(api);
  owner = await createUser(api, "n6-owner");
  other = await createUser(api, "n6-other");
  moderator = await createUser(api, "n6-moderator", { role: "MODERATOR" });
  companyId = (await owner.ok("POST", "/api/profile/company", { name: { ru: `Трубный завод ${run}` }, sourceLang: "ru", country: "CN" }))
    .id;
  otherCompanyId = (
    await other.ok("POST", "/api/profile/company", { name: { ru: `Болтовой завод ${run}` }, sourceLang: "ru", country: "CN" })
  ).id;
  await owner.ok("PATCH", "/api/profile/company/status", { action: "submit" });
  await moderator.ok("POST", `/app/admin/moderation/company/${companyId}/approve`);
  await api.jobs.runDue(TRANSLATE_JOB);
});

afterAll(async () => {
  if (!api) return;
  await api.db.execute(
    sql`delete from content_translations where entity_kind = 'company' and entity_id in (${companyId}, ${otherCompanyId})`,
  );
  await api.db.execute(
    sql`delete from content_translations where entity_kind = 'product' and entity_id in (select id from products where company_id in (${companyId}, ${otherCompanyId}))`,
  );
  await api.db.execute(sql`delete from rate_limits where key like 'translation_%' or key like ${`product_edit:${companyId}`}`);
  await cleanupProfileData(api);
  await api.close();
  await fake.close();
});

describe("N6: a manual translation of a published product goes through moderation", () => {
  test("it is not public until a moderator approves it; the diff shows it; approval publishes it", async () => {
    const id = await publishedProduct(`Труба стальная ${run}`);
    const machine = fakeTranslation(`Труба стальная ${run}`, "en");
    expect((await publicProduct(id, "en")).name).toEqual({ text: machine, lang: "en" });

    const answer = await owner.put(`/api/profile/translations/products/${id}`, { field: "name", lang: "en", text: PHISHING });
    expect(answer.status).toBe(200);
    // The answer says the text waits for moderation; the supplier's working copy shows it.
    expect(answer.body.data.find((e: any) => e.field === "name" && e.lang === "en")).toEqual({
      field: "name",
      lang: "en",
      sourceLang: "ru",
      text: PHISHING,
      origin: "manual",
      stale: false,
      pending: true,
    });
    const view = await owner.ok("GET", `/api/profile/company/products/${id}`);
    expect(view.pending).toEqual({ state: "moderation", parts: ["translations"] });

    // Visitors still read the moderated text.
    expect((await publicProduct(id, "en")).name).toEqual({ text: machine, lang: "en" });
    const list = (await api.getJson<any>(`/api/companies/${companyId}/products?lang=en`)).body.data;
    expect(list.find((p: any) => p.id === id).name.text).toBe(machine);

    // The moderator finds it in the queue with its part, and the diff shows the new text.
    const queue = await moderator.ok<any[]>("GET", `/app/admin/moderation?kind=product&q=${id}`);
    expect(queue.find((e) => e.id === id)).toMatchObject({ changesOnly: true, parts: ["translations"] });
    const review = await moderator.ok("GET", `/app/admin/moderation/product/${id}?lang=en`);
    expect(review.awaiting).toBe(true);
    expect(review.diff.find((f: any) => f.field === "nameTranslation.en")).toEqual({
      field: "nameTranslation.en",
      kind: "text",
      changed: true,
      before: null,
      after: PHISHING,
      lang: "en",
    });
    const own = await owner.ok("GET", `/api/profile/pending/products/${id}?lang=en`);
    expect(own.diff).toEqual(review.diff);

    await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
    expect((await publicProduct(id, "en")).name).toEqual({ text: PHISHING, lang: "en" });
    expect(await entry(id, "name", "en")).toMatchObject({ text: PHISHING, origin: "manual", pending: false });
    // The approved document keeps it: the next review's "before".
    const after = await moderator.ok("GET", `/app/admin/moderation/product/${id}?lang=en`);
    expect(after.awaiting).toBe(false);
    expect(after.before.translations).toEqual({ name: { en: PHISHING }, description: {} });
  });

  test("rejecting the changes drops the translation; the product's other pending changes stay for the author", async () => {
    const id = await publishedProduct(`Труба медная ${run}`, "Медная труба для отопления.");
    await translate(id, "description", "zh", PHISHING);
    await owner.ok("PATCH", `/api/profile/company/products/${id}`, { name: { ru: `Труба медная мягкая ${run}` } });
    expect((await owner.ok("GET", `/api/profile/company/products/${id}`)).pending.parts.sort()).toEqual(["card", "translations"]);

    const rejected = await moderator.ok("POST", `/app/admin/moderation/product/${id}/reject`, { reason: "Посторонний текст", lang: "ru" });
    expect(rejected).toMatchObject({ decision: "rejected", status: "published", changesOnly: true });
    expect((await publicProduct(id, "zh")).description.text).toBe(fakeTranslation("Медная труба для отопления.", "zh"));
    const view = await owner.ok("GET", `/api/profile/company/products/${id}`);
    expect(view.pending).toEqual({ state: "rejected", parts: ["card"] });
    expect(await entry(id, "description", "zh")).toMatchObject({ origin: "machine", pending: false });
    const [row] = await api.db.select({ pending: products.pendingChanges }).from(products).where(eq(products.id, id));
    expect(row!.pending).not.toHaveProperty("translations");

    // A rejection of a translation alone leaves nothing pending.
    await owner.ok("PATCH", `/api/profile/company/products/${id}/status`, { action: "withdraw" });
    await owner.ok("PATCH", `/api/profile/company/products/${id}/status`, { action: "submit" });
    await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
    await translate(id, "name", "en", PHISHING);
    await moderator.ok("POST", `/app/admin/moderation/product/${id}/reject`, { reason: "Посторонний текст", lang: "ru" });
    expect((await owner.ok("GET", `/api/profile/company/products/${id}`)).pending).toBeNull();
    expect((await publicProduct(id, "en")).name.text).not.toBe(PHISHING);
  });

  test("`npm run admin -- approve product <id>` applies it and queues the translation", async () => {
    const id = await publishedProduct(`Труба латунная ${run}`);
    await translate(id, "name", "zh", "黄铜管");
    expect((await publicProduct(id, "zh")).name.text).toBe(fakeTranslation(`Труба латунная ${run}`, "zh"));
    const lines: string[] = [];
    // No job queue given: the command opens one on the database for itself, as scripts/admin.ts runs it.
    const code = await runAdmin(["approve", "product", String(id)], {
      db: api.db,
      storage: api.storage,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    expect([code, lines]).toEqual([0, [`Product ${id} approved: published (pending changes applied)`]]);
    expect((await publicProduct(id, "zh")).name).toEqual({ text: "黄铜管", lang: "zh" });
    expect(await queued("product", id)).toHaveLength(1);
    await api.jobs.runDue(TRANSLATE_JOB);
  });

  test("a draft's translation is stored at once and reviewed with the product; under review it is frozen", async () => {
    const { id } = await owner.ok<{ id: number }>("POST", "/api/profile/company/products", {
      name: { ru: `Труба чугунная ${run}` },
      sourceLang: "ru",
    });
    expect(await translate(id, "name", "en", "Cast iron pipe")).toMatchObject({ text: "Cast iron pipe", origin: "manual", pending: false });
    await owner.ok("PATCH", `/api/profile/company/products/${id}/status`, { action: "submit" });
    const review = await moderator.ok("GET", `/app/admin/moderation/product/${id}?lang=en`);
    expect(review.diff.find((f: any) => f.field === "nameTranslation.en")).toMatchObject({
      changed: true,
      before: null,
      after: "Cast iron pipe",
    });
    const frozen = await owner.put(`/api/profile/translations/products/${id}`, { field: "name", lang: "en", text: PHISHING });
    expectError(frozen, 409, "under_moderation");
  });

  test("taking back a translation that was never public leaves nothing pending", async () => {
    const id = await publishedProduct(`Труба пластиковая ${run}`);
    await translate(id, "name", "en", "Plastic pipe");
    expect((await owner.ok("GET", `/api/profile/company/products/${id}`)).pending.parts).toEqual(["translations"]);
    expect(await translate(id, "name", "en", "")).toMatchObject({ origin: "machine", pending: false });
    expect((await owner.ok("GET", `/api/profile/company/products/${id}`)).pending).toBeNull();
    // The machine translation stays: nothing to translate again.
    expect(await queued("product", id)).toHaveLength(0);
  });
});

describe("N8: machine translation of published or approved text only, within budgets", () => {
  test("a draft's creation and edits queue nothing, a job for it sends nothing; approval queues one that translates", async () => {
    const { id } = await owner.ok<{ id: number }>("POST", "/api/profile/company/products", {
      name: { ru: `Фланец ${run}` },
      description: { ru: "Черновик" },
      sourceLang: "ru",
    });
    await owner.ok("PATCH", `/api/profile/company/products/${id}`, { description: { ru: "x".repeat(10_000) } });
    expect(await queued("product", id)).toHaveLength(0);
    // Even a job sent for the draft (by an older version, or by hand) sends nothing to the provider.
    const from = fake.requests.length;
    await api.jobs.send(TRANSLATE_JOB, { kind: "product", id });
    await api.jobs.runDue(TRANSLATE_JOB);
    expect(sentSince(from)).toEqual([]);

    await owner.ok("PATCH", `/api/profile/company/products/${id}`, { description: { ru: "Фланец стальной." } });
    await owner.ok("PATCH", `/api/profile/company/products/${id}/status`, { action: "submit" });
    expect(await queued("product", id)).toHaveLength(0);
    await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
    expect(await queued("product", id)).toHaveLength(1);
    await api.jobs.runDue(TRANSLATE_JOB);
    expect(sentSince(from).sort()).toEqual([`Фланец ${run}`, `Фланец ${run}`, "Фланец стальной.", "Фланец стальной."].sort());
    expect((await publicProduct(id, "en")).description).toEqual({ text: fakeTranslation("Фланец стальной.", "en"), lang: "en" });
  });

  test("a published product's pending edit is translated only once approved", async () => {
    const id = await publishedProduct(`Задвижка ${run}`);
    await owner.ok("PATCH", `/api/profile/company/products/${id}`, { name: { ru: `Задвижка клиновая ${run}` } });
    expect(await queued("product", id)).toHaveLength(0);
    const from = fake.requests.length;
    await api.jobs.send(TRANSLATE_JOB, { kind: "product", id });
    await api.jobs.runDue(TRANSLATE_JOB);
    expect(sentSince(from)).toEqual([]);
    await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
    await api.jobs.runDue(TRANSLATE_JOB);
    expect(sentSince(from)).toEqual([`Задвижка клиновая ${run}`, `Задвижка клиновая ${run}`]);
  });

  test("a draft company's edits queue nothing; a published company's edit (public at once) does", async () => {
    await other.ok("PATCH", "/api/profile/company", { description: { ru: "Болты и гайки." } });
    expect(await queued("company", otherCompanyId)).toHaveLength(0);
    await owner.ok("PATCH", "/api/profile/company", { description: { ru: "Трубы и фитинги." } });
    expect(await queued("company", companyId)).toHaveLength(1);
    await api.jobs.runDue(TRANSLATE_JOB);
  });

  test("a price-list import creates drafts and queues no translation", async () => {
    const csv = `Наименование,Цена,Валюта,Артикул\nМуфта ${run},120,RUB,N8-${run}\n`;
    const uploaded = await owner.post(
      "/api/profile/company/price-lists",
      multipart(new TextEncoder().encode(csv), "price.csv", "text/csv", { lang: "ru" }),
    );
    expect(uploaded.status).toBe(201);
    expect((await owner.post(`/api/profile/company/price-lists/${uploaded.body.data.id}/import`)).status).toBeLessThan(300);
    expect(await api.jobs.runDue("price-list-import")).toBe(1);
    const [imported] = await api.db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(eq(products.sku, `N8-${run}`));
    expect(imported!.status).toBe("draft");
    expect(await queued("product", imported!.id)).toHaveLength(0);
  });

  test("a company past its daily budget has its job deferred to the next window; another company's runs", async () => {
    const id = await publishedProduct(`Отвод ${run}`);
    const otherProduct = await owner.ok<{ id: number }>("POST", "/api/profile/company/products", {
      name: { ru: "Тройник" },
      sourceLang: "ru",
    });
    await api.db
      .update(products)
      .set({ companyId: otherCompanyId, status: "published", publishedAt: new Date() })
      .where(eq(products.id, otherProduct.id));
    await exhaust(COMPANY_BUDGET, String(companyId));

    await owner.ok("PATCH", `/api/profile/company/products/${id}`, { name: { ru: `Отвод крутоизогнутый ${run}` } });
    await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
    await api.jobs.send(TRANSLATE_JOB, { kind: "product", id: otherProduct.id });
    const from = fake.requests.length;
    expect(await api.jobs.runDue(TRANSLATE_JOB)).toBe(2);
    // Only the other company's product went to the provider.
    expect(sentSince(from)).toEqual(["Тройник", "Тройник"]);
    const waiting = await queued("product", id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.startAfter.getTime()).toBeGreaterThan(Date.now() + (TRANSLATION_BUDGET.windowS - 3600) * 1000);
    expect((await publicProduct(id, "en")).name).toEqual({ text: `Отвод крутоизогнутый ${run}`, lang: "ru" });

    // A new window: the waiting job translates.
    await api.db.execute(sql`delete from rate_limits where key = ${`translation_company:${companyId}`}`);
    await api.database.pool.query(
      `update pgboss.job set start_after = now() where name = $1 and state = 'created' and (data->>'id')::int = $2`,
      [TRANSLATE_JOB, id],
    );
    await api.jobs.runDue(TRANSLATE_JOB);
    expect((await publicProduct(id, "en")).name.text).toBe(fakeTranslation(`Отвод крутоизогнутый ${run}`, "en"));
  });

  test("past the site-wide budget every job waits and a warning is logged once per window", async () => {
    const id = await publishedProduct(`Заглушка ${run}`);
    await owner.ok("PATCH", `/api/profile/company/products/${id}`, { name: { ru: `Заглушка эллиптическая ${run}` } });
    await moderator.ok("POST", `/app/admin/moderation/product/${id}/approve`);
    await dropQueued("product", id);
    await exhaust(SITE_BUDGET, "site");
    const companyUsed = await used(`translation_company:${companyId}`);
    const logs: { level: number; msg: string; budget?: number }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const context = {
      logger,
      jobs: api.jobs,
      services: { db: api.db, translator: libreTranslate(fake.url, KEY) },
      job: { id: "n8", retryCount: 0 },
    };
    const from = fake.requests.length;
    try {
      await translateContentJob.run({ kind: "product", id }, context as never);
      await translateContentJob.run({ kind: "product", id }, context as never);
      expect(sentSince(from)).toEqual([]);
      const warnings = logs.filter((l) => l.level === 40);
      expect(warnings).toEqual([
        expect.objectContaining({
          msg: expect.stringContaining("site-wide translation budget reached"),
          budget: TRANSLATION_BUDGET.siteCharsPerDay,
        }),
      ]);
      expect(await queued("product", id)).toHaveLength(2);
      // The refused characters were given back to the company's own budget.
      expect(await used(`translation_company:${companyId}`)).toBe(companyUsed);
    } finally {
      await api.db.execute(sql`delete from rate_limits where key like 'translation_site%'`);
      await dropQueued("product", id);
    }
  });

  test("product changes are limited per company: 429 `rate_limited` past the hourly allowance", async () => {
    const { id } = await owner.ok<{ id: number }>("POST", "/api/profile/company/products", {
      name: { ru: `Кран ${run}` },
      sourceLang: "ru",
    });
    await exhaust(LIMITS.productEdit, String(companyId));
    try {
      const refused = await owner.patch(`/api/profile/company/products/${id}`, { name: { ru: "Кран шаровой" } });
      expectError(refused, 429, "rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expectError(
        await owner.put(`/api/profile/translations/products/${id}`, { field: "name", lang: "en", text: "Valve" }),
        429,
        "rate_limited",
      );
      expectError(await owner.post("/api/profile/company/products", { name: { ru: "Ещё один" } }), 429, "rate_limited");
      // Another company is not affected.
      expect((await other.post("/api/profile/company/products", { name: { ru: `Гайка ${run}` } })).status).toBe(201);
    } finally {
      await api.db.execute(sql`delete from rate_limits where key = ${`product_edit:${companyId}`}`);
    }
    expect((await owner.patch(`/api/profile/company/products/${id}`, { name: { ru: "Кран шаровой" } })).status).toBe(200);
  });
});
