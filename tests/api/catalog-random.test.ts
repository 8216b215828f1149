/**
 * The product list's random mode (spec §7 "/api/products (list, random)"; server/catalog/random.ts)
 * on both engines: `sort=random` draws a page among the filtered products, the same `seed` gives the
 * same page, a small set is shown whole as one shuffled permutation across pages, and a bad seed is a
 * 400. A supplier with 230 products in one category (a large set, drawn by random points) and 5 in
 * another (a small set) is added and removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { categories, companies, products } from "#server/db/schema.ts";
import { SMALL_SET } from "#server/catalog/random.ts";
import { openTestApi, type Envelope, type ErrorEnvelope, type TestApi } from "../support/api.ts";

let api: TestApi;
const ids = { many: 0, few: 0, gappy: 0, manyProducts: new Set<number>(), fewProducts: new Set<number>() };
/** The gappy category: GAPS published products each followed by GAP_SIZE drafts, then a dense run. */
const GAPS = 3;
const GAP_SIZE = 300;
const DENSE = 205;
const MANY = 230;

async function cleanup() {
  await api.db.execute(sql`delete from companies where email = 'random@catalog-random.example'`);
  await api.db.execute(sql`delete from categories where slug like 'test-random-%'`);
}

type Card = { id: number; categoryId: number | null };
type Page = Envelope<Card[], { total: number }>;

async function idsOf(path: string): Promise<number[]> {
  const { status, body } = await api.getJson<Page>(path);
  expect(status).toBe(200);
  return body.data.map((p) => p.id);
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanup();
  const [many, few, gappy] = await api.db
    .insert(categories)
    .values([
      { slug: "test-random-many", name: { ru: "Случайные: много", en: "Random: many" } },
      { slug: "test-random-few", name: { ru: "Случайные: мало", en: "Random: few" } },
      { slug: "test-random-gappy", name: { ru: "Случайные: с пропусками", en: "Random: gappy" } },
    ])
    .returning();
  ids.many = many!.id;
  ids.few = few!.id;
  ids.gappy = gappy!.id;
  const [company] = await api.db
    .insert(companies)
    .values({
      name: { ru: "ООО «Случайный выбор»" },
      sourceLang: "ru",
      status: "published",
      country: "RU",
      email: "random@catalog-random.example",
      publishedAt: new Date(),
    })
    .returning();
  const rows = await api.db
    .insert(products)
    .values(
      Array.from({ length: MANY + 5 }, (_, i) => ({
        companyId: company!.id,
        categoryId: i < MANY ? many!.id : few!.id,
        name: { ru: `Изделие ${i + 1}` },
        status: "published" as const,
        publishedAt: new Date(Date.now() - i * 1000),
      })),
    )
    .returning({ id: products.id, categoryId: products.categoryId });
  for (const row of rows) (row.categoryId === many!.id ? ids.manyProducts : ids.fewProducts).add(row.id);
  // Most of the gappy category's id range is drafts: random points mostly land in a gap.
  await api.db.insert(products).values([
    ...Array.from({ length: GAPS }, (_, g) => [
      {
        companyId: company!.id,
        categoryId: gappy!.id,
        name: { ru: `Редкое ${g + 1}` },
        status: "published" as const,
        publishedAt: new Date(),
      },
      ...Array.from({ length: GAP_SIZE }, (_, i) => ({
        companyId: company!.id,
        categoryId: gappy!.id,
        name: { ru: `Черновик ${g + 1}.${i + 1}` },
        status: "draft" as const,
      })),
    ]).flat(),
    ...Array.from({ length: DENSE }, (_, i) => ({
      companyId: company!.id,
      categoryId: gappy!.id,
      name: { ru: `Плотное ${i + 1}` },
      status: "published" as const,
      publishedAt: new Date(),
    })),
  ]);
});

afterAll(async () => {
  await cleanup();
  await api.close();
});

describe("GET /api/products?sort=random", () => {
  test("a large set: the same seed draws the same page, another seed another, only of the filtered products", async () => {
    expect(MANY).toBeGreaterThan(SMALL_SET);
    const list = (seed: number) => `/api/products?category=${ids.many}&sort=random&perPage=20&seed=${seed}`;
    const first = await idsOf(list(7));
    expect(first).toHaveLength(20);
    expect(new Set(first).size).toBe(20);
    for (const id of first) expect(ids.manyProducts.has(id)).toBe(true);
    expect(await idsOf(list(7))).toEqual(first);
    expect(await idsOf(list(8))).not.toEqual(first);
    // Not the newest-first page in disguise.
    expect(first).not.toEqual(await idsOf(`/api/products?category=${ids.many}&perPage=20`));
    const { body } = await api.getJson<Page>(list(7));
    expect(body.meta?.total).toBe(MANY);
  });

  test("draws spread over the whole set, not one corner of it", async () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 10; seed++)
      for (const id of await idsOf(`/api/products?category=${ids.many}&sort=random&seed=${seed}`)) seen.add(id);
    // 10 draws of 20 among 230: well over half the set; points that all landed on the first product would give a handful.
    expect(seen.size).toBeGreaterThan(MANY / 2);
  });

  test("a small set is shown whole: its pages are one shuffled permutation of it", async () => {
    const page = (n: number, seed = 3) => idsOf(`/api/products?category=${ids.few}&sort=random&perPage=3&page=${n}&seed=${seed}`);
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect(one).toHaveLength(3);
    expect(two).toHaveLength(2);
    expect(three).toEqual([]);
    expect([...one, ...two].sort()).toEqual([...ids.fewProducts].sort());
    expect(await page(1)).toEqual(one);
    const orders = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) orders.add(JSON.stringify([...(await page(1, seed)), ...(await page(2, seed))]));
    expect(orders.size).toBeGreaterThan(1);
  });

  test("GET /api/products/random draws as many different published products as asked, every time", async () => {
    // Repeated: points landing in one gap of rejected ids used to make a page short now and then.
    for (let draw = 0; draw < 20; draw++) {
      const { status, body } = await api.getJson<Envelope<Card[]>>("/api/products/random?count=5");
      expect(status).toBe(200);
      expect(new Set(body.data.map((p) => p.id)).size).toBe(5);
    }
  });

  test("a page is never short, even when most of the id range is rejected drafts", async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const drawn = await idsOf(`/api/products?category=${ids.gappy}&sort=random&perPage=24&seed=${seed}`);
      expect(new Set(drawn).size).toBe(24);
    }
  });

  test.each(["seed=-1", "seed=abc", "seed=4294967296", "seed=1.5"])("sort=random&%s is a 400 with the error shape", async (seed) => {
    const { status, body } = await api.getJson<ErrorEnvelope>(`/api/products?sort=random&${seed}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_query");
  });

  test("the OpenAPI document offers the random order and its seed", async () => {
    type Param = { name: string; schema: { enum?: string[] } };
    const doc = (await api.getJson<{ paths: Record<string, { get: { parameters: Param[] } }> }>("/api/openapi.json")).body;
    const params = doc.paths["/api/products"]!.get.parameters;
    expect(params.find((p) => p.name === "sort")?.schema.enum).toContain("random");
    expect(params.map((p) => p.name)).toContain("seed");
  });
});
