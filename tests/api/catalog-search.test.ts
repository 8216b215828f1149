/**
 * What the supplier search and the product filters still missed (issue 15 §5), on both engines:
 * - the supplier search applies the list's filters (region, country, verified, kind, OKVED) to the
 *   words too, and its facets count what the words and filters select (each facet without its own
 *   filter, `total` with all);
 * - products filter by MOQ (at most a quantity, optionally in a unit; products without an MOQ
 *   included) and by the supplier's OKVED activities (main or extra, the code or under it);
 * - bad filter values are a 400 naming the parameter.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { products } from "#server/db/schema.ts";
import { insertCompanies } from "../support/companies.ts";
import { insertTestRegions } from "../support/regions.ts";
import { openTestApi, type Envelope, type ErrorEnvelope, type TestApi } from "../support/api.ts";

let api: TestApi;
// A word no other test's data has: the search must find exactly this file's suppliers.
const WORD = `zorblax${`${process.pid}${Date.now().toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
const ids: Record<string, number> = {};

interface Facets {
  total: number;
  regions: { value: string; name: { text: string } | null; count: number }[];
  kinds: { manufacturer: number; trader: number };
  verified: number;
  countries: { value: string; count: number }[];
}

beforeAll(async () => {
  api = await openTestApi();
  await insertTestRegions(api);
  const base = { status: "published" as const, publishedAt: new Date(), email: `${WORD}@search.example` };
  const [ural, uralTrader, liaoning] = await insertCompanies(api, [
    {
      ...base,
      name: { en: `${WORD} Ural Pipe Works` },
      sourceLang: "en",
      country: "RU",
      regionCode: "66",
      okvedMain: "24.20",
      verificationLevel: 1,
    },
    { ...base, name: { en: `${WORD} Ural Trading` }, sourceLang: "en", country: "RU", regionCode: "66", okvedMain: "46.72" },
    {
      ...base,
      name: { en: `${WORD} Liaoning Machinery` },
      sourceLang: "en",
      country: "CN",
      regionCode: "CN-21",
      okvedMain: "28.30",
      // An extra activity: the Liaoning maker also trades metals.
      okvedExtra: ["46.72"],
    },
  ]);
  ids.ural = ural!.id;
  ids.uralTrader = uralTrader!.id;
  ids.liaoning = liaoning!.id;
  const product = { status: "published" as const, publishedAt: new Date() };
  const [pipes, bolts, tiller, noMoq] = await api.db
    .insert(products)
    .values([
      { ...product, companyId: ural!.id, name: { en: `${WORD} pipes` }, sourceLang: "en", moq: "5", moqUnit: "t" },
      { ...product, companyId: uralTrader!.id, name: { en: `${WORD} bolts` }, sourceLang: "en", moq: "1000", moqUnit: "pcs" },
      { ...product, companyId: liaoning!.id, name: { en: `${WORD} tiller blades` }, sourceLang: "en", moq: "50", moqUnit: "pcs" },
      { ...product, companyId: liaoning!.id, name: { en: `${WORD} spare parts` }, sourceLang: "en" },
    ])
    .returning();
  Object.assign(ids, { pipes: pipes!.id, bolts: bolts!.id, tiller: tiller!.id, noMoq: noMoq!.id });
});

afterAll(async () => {
  if (!api) return;
  await api.db.execute(sql`delete from companies where email = ${`${WORD}@search.example`}`);
  await api.close();
});

async function suppliers(query: string) {
  const { status, body } = await api.getJson<Envelope<{ items: { id: number }[]; facets: Facets }, { total: number }>>(
    `/dev/suppliers/filter?q=${WORD}&${query}`,
  );
  expect(status).toBe(200);
  return { ids: body.data.items.map((c) => c.id).sort((a, b) => a - b), facets: body.data.facets, total: body.meta!.total };
}

const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe("the supplier search keeps the filters and its facets follow them", () => {
  test("words alone: the three suppliers, and facets of those three only", async () => {
    const all = await suppliers("");
    expect(all.ids).toEqual(sorted(ids.ural!, ids.uralTrader!, ids.liaoning!));
    expect(all.facets.total).toBe(3);
    expect(all.facets.regions.map((r) => [r.value, r.count])).toEqual([
      ["66", 2],
      ["CN-21", 1],
    ]);
    expect(all.facets.regions.every((r) => r.name !== null)).toBe(true);
    expect(all.facets.kinds).toEqual({ manufacturer: 2, trader: 1 });
    expect(all.facets.verified).toBe(1);
    expect(all.facets.countries).toEqual([
      { value: "RU", name: null, count: 2 },
      { value: "CN", name: null, count: 1 },
    ]);
  });

  test("words with a region, a kind, verification, a country or an OKVED code find only the matching suppliers", async () => {
    expect((await suppliers("region=66")).ids).toEqual(sorted(ids.ural!, ids.uralTrader!));
    expect((await suppliers("kind=manufacturer")).ids).toEqual(sorted(ids.ural!, ids.liaoning!));
    expect((await suppliers("verified=1")).ids).toEqual([ids.ural]);
    expect((await suppliers("country=CN")).ids).toEqual([ids.liaoning]);
    // Main or extra activity: the Liaoning maker trades metals too.
    expect((await suppliers("okved=46.72")).ids).toEqual(sorted(ids.uralTrader!, ids.liaoning!));
    expect((await suppliers("region=66&kind=trader")).total).toBe(1);
  });

  test("each facet counts without its own filter; the total applies every filter", async () => {
    const inUral = await suppliers("region=66");
    expect(inUral.facets.total).toBe(2);
    // The other region still shows its count, so the visitor can switch.
    expect(inUral.facets.regions.map((r) => [r.value, r.count])).toEqual([
      ["66", 2],
      ["CN-21", 1],
    ]);
    expect(inUral.facets.kinds).toEqual({ manufacturer: 1, trader: 1 });
    expect(inUral.facets.verified).toBe(1);
    expect(inUral.facets.countries.map((c) => [c.value, c.count])).toEqual([["RU", 2]]);

    const traders = await suppliers("kind=trader&region=66");
    expect(traders.facets.total).toBe(1);
    expect(traders.facets.kinds).toEqual({ manufacturer: 1, trader: 1 });
    // Traders (main activity in division 46) are only in Sverdlovsk Oblast.
    expect(traders.facets.regions.map((r) => [r.value, r.count])).toEqual([["66", 1]]);
  });

  test("Chinese and Latin words together are one search, not a server error (all three searches)", async () => {
    // `vector @@ q1 && q2` parsed as `(vector @@ q1) && q2` once; every word must still match.
    const mixed = encodeURIComponent(`机械 ${WORD}`);
    for (const path of [`/dev/suppliers/filter?q=${mixed}`, `/dev/product/search?q=${mixed}`, `/dev/search?q=${mixed}`]) {
      const { status } = await api.getJson(path);
      expect([path, status]).toEqual([path, 200]);
    }
  });

  test("words nothing matches: no suppliers and empty facets", async () => {
    const none = await api.getJson<Envelope<{ items: unknown[]; facets: Facets }>>(`/dev/suppliers/filter?q=${WORD}qqqq&region=66`);
    expect(none.body.data.items).toEqual([]);
    expect(none.body.data.facets.total).toBe(0);
  });
});

describe("products filter by MOQ and by the supplier's OKVED activities", () => {
  async function productIds(query: string) {
    const { status, body } = await api.getJson<Envelope<{ id: number }[]>>(`/dev/product/search?q=${WORD}&perPage=50&${query}`);
    expect(status).toBe(200);
    return body.data.map((p) => p.id).sort((a, b) => a - b);
  }

  test("MOQ at most a quantity: products with a smaller MOQ and those without one", async () => {
    expect(await productIds("moqMax=50")).toEqual(sorted(ids.pipes!, ids.tiller!, ids.noMoq!));
    expect(await productIds("moqMax=50&moqUnit=pcs")).toEqual(sorted(ids.tiller!, ids.noMoq!));
    expect(await productIds("moqMax=1")).toEqual([ids.noMoq]);
    // The list (no words) and the facets take the same filter.
    const list = await api.getJson<Envelope<{ id: number }[]>>(`/api/products?company=${ids.liaoning}&moqMax=10`);
    expect(list.body.data.map((p) => p.id)).toEqual([ids.noMoq]);
    const facets = await api.getJson<Envelope<{ total: number }>>(`/api/products/filter?q=${WORD}&moqMax=1000&moqUnit=pcs`);
    expect(facets.body.data.total).toBe(3);
  });

  test("OKVED: products of suppliers whose main or extra activity is the code or under it", async () => {
    expect(await productIds("okved=46.72")).toEqual(sorted(ids.bolts!, ids.tiller!, ids.noMoq!));
    expect(await productIds("okved=24")).toEqual([ids.pipes]);
    expect(await productIds("okved=28.30&moqMax=10")).toEqual([ids.noMoq]);
  });

  test("a malformed MOQ or OKVED code is a 400 naming the parameter", async () => {
    for (const [query, path] of [
      ["moqMax=lots", "moqMax"],
      ["moqMax=-1", "moqMax"],
      ["okved=24.2.x", "okved"],
    ] as const) {
      const { status, body } = await api.getJson<ErrorEnvelope>(`/api/products?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.issues?.map((i) => i.path)).toContain(path);
    }
  });
});

describe("a material adjective finds the customs wording of the material", () => {
  test("«труба стальная» finds pipes «из черных металлов» and of steel, not plastic pipes or other steel goods", async () => {
    const product = { status: "published" as const, publishedAt: new Date(), sourceLang: "ru" as const, companyId: ids.ural! };
    const rows = await api.db
      .insert(products)
      .values([
        { ...product, name: { ru: `${WORD} Трубы, трубки и профили полые, бесшовные, из черных металлов` } },
        { ...product, name: { ru: `${WORD} Трубы сварные из коррозионностойкой стали` } },
        { ...product, name: { ru: `${WORD} Трубы и шланги из пластмасс` } },
        { ...product, name: { ru: `${WORD} Проволока стальная` } },
        { ...product, name: { ru: `${WORD} Кабель медный` } },
      ])
      .returning({ id: products.id });
    const [blackMetal, stainless, plastic, wire, copper] = rows.map((r) => r.id);
    const found = async (q: string) => {
      const { status, body } = await api.getJson<Envelope<{ id: number }[]>>(
        `/dev/product/search?q=${encodeURIComponent(`${WORD} ${q}`)}&perPage=50`,
      );
      expect(status).toBe(200);
      return body.data.map((p) => p.id).sort((a, b) => a - b);
    };
    expect(await found("труба стальная")).toEqual(sorted(blackMetal!, stainless!));
    expect(await found("стальные трубы")).toEqual(sorted(blackMetal!, stainless!));
    expect(await found("проволока стальная")).toEqual([wire!]);
    expect(await found("кабель медный")).toEqual([copper!]);
    expect(await found("труба пластиковая")).toEqual([plastic!]);
  });
});
