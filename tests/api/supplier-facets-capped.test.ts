/**
 * Supplier facets over more matches than they count (ADR 062), on both engines: when words (or an
 * OKVED, category or identifier filter) select more than SUPPLIER_FACET_CAP suppliers, each facet
 * counts the first SUPPLIER_FACET_CAP found and says so (`capped`); below the cap the counts are
 * exact, each facet without its own filter, as before.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { SUPPLIER_FACET_CAP } from "#contract/search.ts";
import { insertTestRegions } from "../support/regions.ts";
import { openTestApi, type Envelope, type TestApi } from "../support/api.ts";

let api: TestApi;
// A word no other test's data has.
const WORD = `quellmor${`${process.pid}${Date.now().toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
const EMAIL = `${WORD}@facets.example`;
// More than the cap in all, split over two regions; a handful of them verified.
const IN_66 = SUPPLIER_FACET_CAP - 2000;
const IN_77 = 2005;

interface Facets {
  total: number;
  capped: boolean;
  regions: { value: string; count: number }[];
  kinds: { manufacturer: number; trader: number };
  verified: number;
  origins: { platform: number; register: number };
}

beforeAll(async () => {
  api = await openTestApi();
  await insertTestRegions(api);
  // Straight in SQL: ten thousand rows through the ORM's parameters would be a statement of 100,000.
  await api.db
    .execute(sql`insert into companies (name, source_lang, country, region_code, status, published_at, email, verification_level, okved_main)
    select jsonb_build_object('en', ${WORD} || ' supplier ' || i), 'en', 'RU', case when i <= ${IN_66} then '66' else '77' end, 'published', now(),
      ${EMAIL}, case when i % 1000 = 0 then 1 else 0 end, case when i % 2 = 0 then '46.72' else '24.20' end
    from generate_series(1, ${IN_66 + IN_77}) i`);
});

afterAll(async () => {
  if (!api) return;
  await api.db.execute(sql`delete from companies where email = ${EMAIL}`);
  await api.close();
});

async function facetsOf(query: string): Promise<{ facets: Facets; total: number; totalCapped: boolean }> {
  const { status, body } = await api.getJson<Envelope<{ facets: Facets }, { total: number; totalCapped: boolean }>>(
    `/dev/suppliers/filter?q=${WORD}&${query}`,
  );
  expect(status).toBe(200);
  return { facets: body.data.facets, total: body.meta!.total, totalCapped: body.meta!.totalCapped };
}

const sum = (values: { count: number }[]) => values.reduce((n, v) => n + v.count, 0);

describe("supplier facets of more matches than they count", () => {
  test("words matching more than the cap: the facets count the first ones found and say so", async () => {
    const all = await facetsOf("");
    expect(all.facets.capped).toBe(true);
    expect(all.facets.total).toBe(SUPPLIER_FACET_CAP);
    // Every count is of the same first SUPPLIER_FACET_CAP suppliers.
    expect(sum(all.facets.regions)).toBe(SUPPLIER_FACET_CAP);
    expect(all.facets.kinds.manufacturer + all.facets.kinds.trader).toBe(SUPPLIER_FACET_CAP);
    expect(all.facets.origins).toEqual({ platform: SUPPLIER_FACET_CAP, register: 0 });
    expect(all.totalCapped).toBe(true);
  });

  test("a region under the cap: its total and the other facets are exact, the region facet (without its own filter) is capped", async () => {
    const moscow = await facetsOf("region=77");
    expect(moscow.facets.total).toBe(IN_77);
    expect(moscow.facets.kinds).toEqual({ manufacturer: Math.ceil(IN_77 / 2), trader: Math.floor(IN_77 / 2) });
    expect(moscow.facets.verified).toBe(2);
    expect(sum(moscow.facets.regions)).toBe(SUPPLIER_FACET_CAP);
    expect(moscow.facets.capped).toBe(true);
  });

  test("filters that leave fewer than the cap in every facet: exact counts, not capped", async () => {
    const verified = await facetsOf("verified=1&region=77");
    expect(verified.facets.capped).toBe(false);
    expect(verified.facets.total).toBe(2);
    // The region facet without its own filter: every verified supplier of the word.
    expect(verified.facets.regions.map((r) => [r.value, r.count])).toEqual([
      ["66", (IN_66 - (IN_66 % 1000)) / 1000],
      ["77", 2],
    ]);
    // The verification facet without its own filter: every supplier of the word in region 77.
    expect(verified.facets.verified).toBe(2);
    expect(verified.facets.kinds).toEqual({ manufacturer: 0, trader: 2 });
  });
});
