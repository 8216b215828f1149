/**
 * The public catalogue API on a small hand-made catalogue (both engines): only published entities,
 * localization with fallback, filters, facets, search in three languages with the matched
 * translation, and the error shape for bad input. The rows are removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import {
  categories,
  companyServices,
  legalEntities,
  productPrices,
  products,
  serviceTypes,
  stories,
  storyTags,
  tags,
} from "#server/db/schema.ts";
import { addCatalogTerms, correctCatalogQuery, refreshCatalogTerms } from "#server/catalog/vocabulary.ts";
import { insertCompanies } from "../support/companies.ts";
import { insertTestRegions } from "../support/regions.ts";
import { openTestApi, type Envelope, type ErrorEnvelope, type TestApi } from "../support/api.ts";

let api: TestApi;
const ids: Record<string, number> = {};

async function cleanup() {
  // One statement per call: the embedded database's wire protocol takes no multi-statement queries.
  for (const statement of [
    sql`delete from stories where slug like 'test-%'`,
    sql`delete from tags where slug like 'test-%'`,
    sql`delete from companies where email like '%@test.example'`,
    sql`delete from categories where slug like 'test-%'`,
    sql`delete from service_types where slug like 'test-%'`,
  ]) {
    await api.db.execute(statement);
  }
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanup();
  await insertTestRegions(api);
  const [parent] = await api.db
    .insert(categories)
    .values({ slug: "test-metal", name: { ru: "Металлопрокат", en: "Rolled metal", zh: "金属轧材" }, icon: "factory" })
    .returning();
  const [pipes] = await api.db
    .insert(categories)
    .values({ slug: "test-pipes", parentId: parent!.id, name: { ru: "Трубы", en: "Pipes", zh: "管材" }, tnvedHeadings: ["7304"] })
    .returning();
  ids.category = pipes!.id;
  ids.parent = parent!.id;
  const [ru, cn, hidden] = await insertCompanies(api, [
    {
      name: { ru: "ООО «Тестовый трубный завод»" },
      sourceLang: "ru",
      status: "published",
      country: "RU",
      regionCode: "66",
      okvedMain: "24.20",
      email: "ru@test.example",
      verificationLevel: 2,
      publishedAt: new Date(),
    },
    {
      name: { zh: "辽宁测试钢管有限公司", ru: "Ляонинская тестовая трубная компания" },
      sourceLang: "zh",
      status: "published",
      country: "CN",
      regionCode: "CN-21",
      okvedMain: "46.72",
      email: "cn@test.example",
      publishedAt: new Date(),
    },
    { name: { ru: "ООО «Черновик»" }, status: "draft", country: "RU", email: "draft@test.example" },
  ]);
  ids.ru = ru!.id;
  ids.cn = cn!.id;
  ids.hidden = hidden!.id;
  await api.db.insert(legalEntities).values({
    companyId: ru!.id,
    kind: "legal",
    inn: "6658000002",
    kpp: "665801001",
    ogrn: "1026602345678",
    nameFull: "ООО «Тестовый трубный завод»",
  });
  const [ruPipe, cnPipe, draft] = await api.db
    .insert(products)
    .values([
      {
        companyId: ru!.id,
        categoryId: pipes!.id,
        tnvedCode: "7304191001",
        name: { ru: "Трубы стальные бесшовные горячедеформированные", en: "Seamless hot-rolled steel pipes" },
        status: "published",
        priceFrom: "85000",
        priceCurrency: "RUB",
        moq: "5",
        moqUnit: "т",
        publishedAt: new Date(),
      },
      {
        companyId: cn!.id,
        categoryId: pipes!.id,
        tnvedCode: "7304191001",
        name: { zh: "无缝钢管", ru: "Трубы стальные бесшовные" },
        sourceLang: "zh",
        status: "published",
        priceFrom: "5200",
        priceCurrency: "CNY",
        moq: "10",
        moqUnit: "т",
        publishedAt: new Date(),
      },
      { companyId: ru!.id, categoryId: pipes!.id, name: { ru: "Черновик трубы" }, status: "draft" },
    ])
    .returning();
  ids.ruPipe = ruPipe!.id;
  ids.cnPipe = cnPipe!.id;
  ids.draft = draft!.id;
  await api.db.insert(productPrices).values([
    { productId: ruPipe!.id, minQuantity: "5", price: "85000", currency: "RUB", unit: "т" },
    { productId: ruPipe!.id, minQuantity: "50", price: "79000", currency: "RUB", unit: "т" },
  ]);
  const [type] = await api.db
    .insert(serviceTypes)
    .values({ slug: "test-customs", name: { ru: "Таможенное оформление", en: "Customs clearance", zh: "报关" } })
    .returning();
  await api.db
    .insert(companyServices)
    .values({ companyId: cn!.id, serviceTypeId: type!.id, description: { ru: "Оформление через Забайкальск" }, status: "published" });
  const [story] = await api.db
    .insert(stories)
    .values({
      slug: "test-story",
      title: { ru: "Новый погранпереход", en: "A new border crossing" },
      body: { ru: "Текст **новости**." },
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    })
    .returning();
  const [tag] = await api.db
    .insert(tags)
    .values({ slug: "test-logistics", name: { ru: "Логистика", en: "Logistics", zh: "物流" } })
    .returning();
  await api.db.insert(storyTags).values({ storyId: story!.id, tagId: tag!.id });
  // As a writer does after publishing: the new names join the vocabulary used for spelling correction.
  await refreshCatalogTerms(api.db);
});

afterAll(async () => {
  await cleanup();
  await refreshCatalogTerms(api.db);
  await api.close();
});

type Card = { id: number; name: { text: string; lang: string }; company: { id: number; kind: string | null; verificationLevel: number } };

describe("catalogue API", () => {
  test("lists only published products of published companies, newest first", async () => {
    const { status, body } = await api.getJson<Envelope<Card[], { total: number }>>(`/api/products?category=${ids.parent}`);
    expect(status).toBe(200);
    expect(body.data.map((p) => p.id).sort()).toEqual([ids.ruPipe, ids.cnPipe].sort());
    expect(body.meta?.total).toBe(2);
    expect((await api.getJson(`/api/products/${ids.draft}`)).status).toBe(404);
    expect((await api.getJson(`/api/companies/${ids.hidden}`)).status).toBe(404);
  });

  test("localizes with fallback and says which language the text is in", async () => {
    const zh = await api.getJson<Envelope<Card>>(`/api/products/${ids.ruPipe}?lang=zh`);
    expect(zh.body.data.name).toEqual({ text: "Трубы стальные бесшовные горячедеформированные", lang: "ru" });
    const en = await api.getJson<Envelope<Card>>(`/api/products/${ids.ruPipe}?lang=en`);
    expect(en.body.data.name).toEqual({ text: "Seamless hot-rolled steel pipes", lang: "en" });
    const cn = await api.getJson<Envelope<Card>>(`/api/products/${ids.cnPipe}?lang=en`);
    expect(cn.body.data.name.lang).toBe("zh");
  });

  test("a product carries its price tiers, TN VED name and supplier kind", async () => {
    const { body } = await api.getJson<
      Envelope<{
        prices: { minQuantity: string; price: string }[];
        tnved: { code: string };
        company: { kind: string; verificationLevel: number };
      }>
    >(`/api/products/${ids.ruPipe}`);
    expect(body.data.prices.map((p) => Number(p.minQuantity))).toEqual([5, 50]);
    expect(body.data.tnved.code).toBe("7304191001");
    expect(body.data.company).toMatchObject({ kind: "manufacturer", verificationLevel: 2 });
  });

  test("filters by region, verification and currency with a price range", async () => {
    const cnOnly = await api.getJson<Envelope<Card[]>>(`/api/products?region=CN-21`);
    expect(cnOnly.body.data.map((p) => p.id)).toEqual([ids.cnPipe]);
    const verified = await api.getJson<Envelope<Card[]>>(`/api/products?verified=true&category=${ids.category}`);
    expect(verified.body.data.map((p) => p.id)).toEqual([ids.ruPipe]);
    const cheap = await api.getJson<Envelope<Card[]>>(`/api/products?currency=RUB&priceMax=90000&category=${ids.category}`);
    expect(cheap.body.data.map((p) => p.id)).toEqual([ids.ruPipe]);
  });

  test("facets count the filtered set", async () => {
    const { body } = await api.getJson<
      Envelope<{
        total: number;
        regions: { value: string; count: number }[];
        verified: number;
        prices: { currency: string; min: string }[];
        chapters: { value: string }[];
      }>
    >(`/api/products/filter?category=${ids.parent}`);
    expect(body.data.total).toBe(2);
    expect(body.data.regions.map((r) => r.value).sort()).toEqual(["66", "CN-21"]);
    expect(body.data.verified).toBe(1);
    expect(body.data.prices.map((p) => p.currency).sort()).toEqual(["CNY", "RUB"]);
    expect(body.data.chapters.map((c) => c.value)).toEqual(["73"]);
  });

  test("facets of a search count the products the words find (read through every search bucket)", async () => {
    type Facets = Envelope<{ total: number; regions: { value: string }[] }>;
    const pipes = await api.getJson<Facets>(`/api/products/filter?category=${ids.parent}&q=${encodeURIComponent("труба")}`);
    expect(pipes.body.data.total).toBe(2);
    expect(pipes.body.data.regions.map((r) => r.value).sort()).toEqual(["66", "CN-21"]);
    const none = await api.getJson<Facets>(`/api/products/filter?category=${ids.parent}&q=${encodeURIComponent("дирижабль")}`);
    expect(none.body.data.total).toBe(0);
  });

  test("«труба» finds the Chinese supplier's 无缝钢管 through its Russian translation, and 钢管 finds it in Chinese", async () => {
    const ru = await api.getJson<Envelope<(Card & { matched: { lang: string } | null })[]>>(
      `/dev/product/search?q=${encodeURIComponent("труба")}&lang=zh`,
    );
    const hit = ru.body.data.find((p) => p.id === ids.cnPipe);
    expect(hit?.name.lang).toBe("zh");
    expect(hit?.matched?.lang).toBe("ru");
    const zh = await api.getJson<Envelope<Card[]>>(`/dev/product/search?q=${encodeURIComponent("钢管")}`);
    expect(zh.body.data.map((p) => p.id)).toContain(ids.cnPipe);
    const reversed = await api.getJson<Envelope<Card[]>>(`/dev/product/search?q=${encodeURIComponent("管钢")}`);
    expect(reversed.body.data.map((p) => p.id)).not.toContain(ids.cnPipe);
  });

  test("app data carries the top categories with product counts, localized, and the catalogue's size", async () => {
    type AppData = {
      topCategories: { id: number; slug: string; name: { text: string; lang: string }; productCount: number }[];
      catalogue: { products: number; suppliers: number };
    };
    const { body } = await api.getJson<Envelope<AppData>>("/app/data?lang=en");
    const metal = body.data.topCategories.find((c) => c.id === ids.parent);
    expect(metal).toMatchObject({ slug: "test-metal", name: { text: "Rolled metal", lang: "en" }, productCount: 2 });
    // Only top-level categories, most products first.
    expect(body.data.topCategories.map((c) => c.id)).not.toContain(ids.category);
    const counts = body.data.topCategories.map((c) => c.productCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.data.catalogue.products).toBeGreaterThanOrEqual(2);
    expect(body.data.catalogue.suppliers).toBeGreaterThanOrEqual(2);
    expect((await api.getJson("/app/data?lang=fr")).status).toBe(400);
  });

  test("a misspelled search that finds nothing is corrected, searched again and says so", async () => {
    type Meta = { correctedQuery: string | null; total: number };
    const typo = await api.getJson<Envelope<Card[], Meta>>(`/dev/product/search?q=${encodeURIComponent("бесшовнве трубы")}`);
    expect(typo.body.meta?.correctedQuery).toBe("бесшовные трубы");
    expect(typo.body.data.map((p) => p.id).sort()).toEqual([ids.ruPipe, ids.cnPipe].sort());
    const english = await api.getJson<Envelope<Card[], Meta>>(`/dev/product/search?q=${encodeURIComponent("seamlss")}&lang=en`);
    expect(english.body.meta?.correctedQuery).toBe("seamless");
    expect(english.body.data.map((p) => p.id)).toEqual([ids.ruPipe]);
    const everywhere = await api.getJson<Envelope<Record<string, { total: number }>, Meta>>(
      `/dev/search?q=${encodeURIComponent("тамаженное")}`,
    );
    expect(everywhere.body.meta?.correctedQuery).toBe("таможенное");
    expect(everywhere.body.data.services!.total).toBe(1);
    // Spelled right: searched as typed. Nothing near: nothing found, nothing claimed.
    const right = await api.getJson<Envelope<Card[], Meta>>(`/dev/product/search?q=${encodeURIComponent("бесшовные")}`);
    expect(right.body.meta?.correctedQuery).toBeNull();
    expect(right.body.data.length).toBe(2);
    const nonsense = await api.getJson<Envelope<Card[], Meta>>(`/dev/product/search?q=${encodeURIComponent("кжфщзхъ")}`);
    expect(nonsense.body.meta).toMatchObject({ correctedQuery: null, total: 0 });
  });

  test("words a writer adds to the vocabulary are corrected to at once", async () => {
    expect(await correctCatalogQuery(api.db, "ксилалитовые")).toBeNull();
    await addCatalogTerms(api.db, [{ ru: "Плиты ксилолитовые", en: "Xylolite slabs" }]);
    expect(await correctCatalogQuery(api.db, "ксилалитовые плиты")).toBe("ксилолитовые плиты");
    expect(await correctCatalogQuery(api.db, "xylolte")).toBe("xylolite");
  });

  test("one query across products, suppliers, services and stories", async () => {
    const { body } = await api.getJson<Envelope<Record<string, { total: number }>>>(`/dev/search?q=${encodeURIComponent("трубн")}`);
    expect(body.data.products!.total).toBeGreaterThanOrEqual(0);
    expect(body.data.suppliers!.total).toBe(2);
    const customs = await api.getJson<Envelope<Record<string, { total: number }>>>(`/dev/search?q=${encodeURIComponent("таможенное")}`);
    expect(customs.body.data.services!.total).toBe(1);
    const news = await api.getJson<Envelope<Record<string, { total: number }>>>(`/dev/search?q=${encodeURIComponent("погранпереход")}`);
    expect(news.body.data.stories!.total).toBe(1);
  });

  test("suppliers filter by OKVED and kind, with facets", async () => {
    const traders =
      await api.getJson<Envelope<{ items: { id: number }[]; facets: { kinds: { trader: number } } }>>(`/dev/suppliers/filter?kind=trader`);
    expect(traders.body.data.items.map((c) => c.id)).toContain(ids.cn);
    expect(traders.body.data.items.map((c) => c.id)).not.toContain(ids.ru);
    const byOkved = await api.getJson<Envelope<{ id: number }[]>>(`/api/companies?okved=24.20`);
    expect(byOkved.body.data.map((c) => c.id)).toEqual([ids.ru]);
    // Every level above 24.20 finds it: the division, and the subclass 24.2, whose groups (24.20)
    // are spelled without a dot after it (OK 029-2014); `24.2.%` missed them.
    for (const code of ["24", "24.2"]) {
      const above = await api.getJson<Envelope<{ id: number }[]>>(`/api/companies?okved=${code}`);
      expect(
        above.body.data.map((c) => c.id),
        code,
      ).toContain(ids.ru);
      const products = await api.getJson<Envelope<{ company: { id: number } }[]>>(`/api/products?okved=${code}&perPage=100`);
      expect(
        products.body.data.map((p) => p.company.id),
        code,
      ).toContain(ids.ru);
    }
    const sibling = await api.getJson<Envelope<{ id: number }[]>>(`/api/companies?okved=24.1`);
    expect(sibling.body.data.map((c) => c.id)).not.toContain(ids.ru);
    const company = await api.getJson<Envelope<{ legalEntities: { inn: string }[]; okved: { code: string; isMain: boolean }[] }>>(
      `/api/companies/${ids.ru}`,
    );
    expect(company.body.data.legalEntities[0]?.inn).toBe("6658000002");
    expect(company.body.data.okved).toEqual([expect.objectContaining({ code: "24.20", isMain: true })]);
  });

  test("stories, tags and services", async () => {
    const list = await api.getJson<Envelope<{ slug: string; tags: { slug: string }[] }[]>>(`/api/stories?tag=test-logistics`);
    expect(list.body.data.map((s) => s.slug)).toEqual(["test-story"]);
    const story = await api.getJson<Envelope<{ body: { text: string } }>>(`/api/stories/test-story`);
    expect(story.body.data.body.text).toContain("**новости**");
    const types = await api.getJson<Envelope<{ slug: string; companyCount: number }[]>>(`/api/services`);
    expect(types.body.data.find((t) => t.slug === "test-customs")?.companyCount).toBe(1);
  });

  test.each([
    "/api/products?perPage=1000",
    "/api/products?currency=EUR",
    "/api/products?tnved=84x",
    "/api/companies?okved=abc",
    "/api/stories?tag=" + encodeURIComponent("'; drop table stories; --"),
  ])("%s is a 400 with the error shape", async (path) => {
    const { status, body } = await api.getJson<ErrorEnvelope>(path);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_query");
  });

  test.each(["/dev/product/search?q=" + encodeURIComponent("a & | ! :* ()"), "/dev/search?q=" + encodeURIComponent("'); --")])(
    "%s never fails",
    async (path) => {
      expect((await api.getJson(path)).status).toBe(200);
    },
  );
});
