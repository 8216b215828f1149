/**
 * Chinese search as a buyer meets it (ADR 068; issue 31 §3), on both engines: Chinese text is
 * indexed as single characters and adjacent pairs, and a Chinese word is searched as the phrase of
 * its pairs. What must hold: a phrase is found inside a longer run of text, only with its
 * characters together and in order (a space between them does not part them, a comma does); one
 * character still finds every text that has it; words
 * mixing Chinese with Latin letters or digits (typed apart or together) find what has both; the
 * hit says the Chinese translation matched; suppliers, services and stories are searched the same
 * way. The rows are removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { companyServices, products, serviceTypes, stories } from "#server/db/schema.ts";
import { insertCompanies } from "../support/companies.ts";
import { insertTestRegions } from "../support/regions.ts";
import { openTestApi, type Envelope, type TestApi } from "../support/api.ts";

let api: TestApi;
const ids: Record<string, number> = {};

type Hit = { id: number; name: { text: string; lang: string }; matched: { text: string; lang: string } | null };

async function cleanup() {
  // One statement per call: the embedded database's wire protocol takes no multi-statement queries.
  for (const statement of [
    sql`delete from stories where slug like 'test-zh-%'`,
    sql`delete from companies where email like '%@zh-search.example'`,
    sql`delete from service_types where slug like 'test-zh-%'`,
  ]) {
    await api.db.execute(statement);
  }
}

/** The ids of the products `/dev/product/search` finds for `q` (first page of 100). */
async function productIds(q: string): Promise<number[]> {
  const { status, body } = await api.getJson<Envelope<Hit[]>>(`/dev/product/search?q=${encodeURIComponent(q)}&perPage=100`);
  expect(status).toBe(200);
  return body.data.map((p) => p.id);
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanup();
  await insertTestRegions(api);
  const [supplier] = await insertCompanies(api, [
    {
      name: { zh: "沈阳测试汽车配件贸易有限公司", ru: "Шэньянская тестовая торговля автозапчастями" },
      sourceLang: "zh",
      status: "published",
      country: "CN",
      regionCode: "CN-21",
      okvedMain: "45.31",
      email: "parts@zh-search.example",
      publishedAt: new Date(),
    },
  ]);
  ids.supplier = supplier!.id;
  const product = { companyId: supplier!.id, status: "published" as const, publishedAt: new Date() };
  const [parts, repair, reversed, spaced, listed, pipe, sheet304, pipe316] = await api.db
    .insert(products)
    .values([
      // Written in Russian, translated to Chinese: the phrase is inside a longer run of characters.
      { ...product, name: { ru: "Автозапчасти импортные оптом", zh: "进口汽车配件批发" }, sourceLang: "ru" },
      // Every character of 汽车配件, but not together.
      { ...product, name: { zh: "汽车维修配件" }, sourceLang: "zh" },
      // The same two words the other way round.
      { ...product, name: { zh: "配件汽车" }, sourceLang: "zh" },
      // A space inside the phrase (Chinese puts none between words), and a comma between two words.
      { ...product, name: { zh: "汽车 配件套装" }, sourceLang: "zh" },
      { ...product, name: { zh: "二手汽车，配件另售" }, sourceLang: "zh" },
      { ...product, name: { zh: "无缝钢管DN50" }, sourceLang: "zh" },
      { ...product, name: { zh: "304不锈钢板" }, sourceLang: "zh" },
      { ...product, name: { zh: "不锈钢管 316" }, sourceLang: "zh" },
    ])
    .returning();
  Object.assign(ids, {
    parts: parts!.id,
    repair: repair!.id,
    reversed: reversed!.id,
    spaced: spaced!.id,
    listed: listed!.id,
    pipe: pipe!.id,
    sheet304: sheet304!.id,
    pipe316: pipe316!.id,
  });
  const [type] = await api.db
    .insert(serviceTypes)
    .values({ slug: "test-zh-customs", name: { ru: "Таможенное оформление", en: "Customs clearance", zh: "报关" } })
    .returning();
  const [service] = await api.db
    .insert(companyServices)
    .values({ companyId: supplier!.id, serviceTypeId: type!.id, description: { zh: "进口汽车配件报关代理" }, status: "published" })
    .returning();
  ids.service = service!.id;
  const [story] = await api.db
    .insert(stories)
    .values({
      slug: "test-zh-story",
      title: { zh: "汽车配件出口新规", ru: "Новые правила вывоза автозапчастей" },
      sourceLang: "zh",
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    })
    .returning();
  ids.story = story!.id;
});

afterAll(async () => {
  await cleanup();
  await api.close();
});

describe("Chinese search by character pairs", () => {
  test("«汽车配件» finds the phrase inside a longer text, not its characters apart nor its words reversed", async () => {
    const found = await productIds("汽车配件");
    expect(found).toContain(ids.parts);
    expect(found).not.toContain(ids.repair);
    expect(found).not.toContain(ids.reversed);
  });

  test("a space between Chinese characters does not split the phrase; a comma does", async () => {
    const found = await productIds("汽车配件");
    expect(found).toContain(ids.spaced);
    expect(found).not.toContain(ids.listed);
    // Both words are still found on their own.
    expect(await productIds("配件")).toEqual(expect.arrayContaining([ids.spaced, ids.listed]));
  });

  test("«配件汽车» finds the reversed text only: order is respected both ways", async () => {
    const found = await productIds("配件汽车");
    expect(found).toContain(ids.reversed);
    expect(found).not.toContain(ids.parts);
    expect(found).not.toContain(ids.repair);
  });

  test("a two-character word finds every text that has it, wherever it stands", async () => {
    const found = await productIds("配件");
    expect(found).toEqual(expect.arrayContaining([ids.parts, ids.repair, ids.reversed]));
    // Three characters: two pairs in a row (汽车, 车维), so «车维修» finds only the repair kit.
    const three = await productIds("车维修");
    expect(three).toContain(ids.repair);
    expect(three).not.toContain(ids.parts);
  });

  test("a single character finds what has it, also in the middle of a run", async () => {
    expect(await productIds("修")).toContain(ids.repair);
    const car = await productIds("汽");
    expect(car).toEqual(expect.arrayContaining([ids.parts, ids.repair, ids.reversed]));
    expect(car).not.toContain(ids.pipe);
  });

  test("words mixing Chinese with Latin letters or digits find what has both, typed apart or together", async () => {
    expect(await productIds("钢管 DN50")).toContain(ids.pipe);
    expect(await productIds("DN50钢管")).toContain(ids.pipe);
    const steel304 = await productIds("不锈钢 304");
    expect(steel304).toContain(ids.sheet304);
    expect(steel304).not.toContain(ids.pipe316);
    expect(await productIds("304不锈钢")).toContain(ids.sheet304);
    expect(await productIds("不锈钢 316")).toEqual(expect.arrayContaining([ids.pipe316]));
  });

  test("a hit shown in Russian says its Chinese translation matched", async () => {
    const { body } = await api.getJson<Envelope<Hit[]>>(`/dev/product/search?q=${encodeURIComponent("汽车配件")}&lang=ru&perPage=100`);
    const hit = body.data.find((p) => p.id === ids.parts);
    expect(hit?.name).toEqual({ text: "Автозапчасти импортные оптом", lang: "ru" });
    expect(hit?.matched).toEqual({ text: "进口汽车配件批发", lang: "zh" });
  });

  test("suppliers, services and stories are found by a Chinese phrase, in order only", async () => {
    type Group = { items: { id: number }[]; total: number };
    const { body } = await api.getJson<Envelope<Record<"suppliers" | "services" | "stories", Group>>>(
      `/dev/search?q=${encodeURIComponent("汽车配件")}&perGroup=20`,
    );
    expect(body.data.suppliers.items.map((c) => c.id)).toContain(ids.supplier);
    expect(body.data.services.items.map((s) => s.id)).toContain(ids.service);
    expect(body.data.stories.items.map((s) => s.id)).toContain(ids.story);
    const suppliers = await api.getJson<Envelope<{ items: { id: number }[] }>>(`/dev/suppliers/filter?q=${encodeURIComponent("配件汽车")}`);
    expect(suppliers.body.data.items.map((c) => c.id)).not.toContain(ids.supplier);
    const reversed = await api.getJson<Envelope<Record<"services" | "stories", Group>>>(
      `/dev/search?q=${encodeURIComponent("配件出口汽车")}&perGroup=20`,
    );
    expect(reversed.body.data.stories.items.map((s) => s.id)).not.toContain(ids.story);
  });
});
