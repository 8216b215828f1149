/**
 * Every list query the catalogue API issues uses an index (issue 3 §8), on both engines.
 *
 * A demo catalogue of 1,000 suppliers and 20,000 products is seeded into the test database (the
 * seed ends with VACUUM ANALYZE, so the planner has real statistics and a visibility map), then the
 * exact SQL of each list function — taken from the same builders the functions run
 * (productListSql, companyListSql, …), never copied here — is planned with EXPLAIN (FORMAT JSON)
 * under the planner's normal settings (no `enable_seqscan = off`). At this size the big tables
 * are several times larger than a page of results, so a plan that reads a whole table instead of
 * an index is the planner's real choice and shows here as a Seq Scan. None may appear on products,
 * companies or product_prices. Totals that come from cached counts issue no count query (`count`
 * is null) and have nothing to plan. Rows written here are deleted afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { companyListSql, listCompanies } from "#server/catalog/companies.ts";
import { storyListSql } from "#server/catalog/press.ts";
import {
  forgetCatalogueCounts,
  listProducts,
  productDetailSql,
  productListSql,
  productFrom,
  productWhere,
  relatedProductsSql,
  type ListSql,
  type ProductFilters,
} from "#server/catalog/repository.ts";
import {
  CANDIDATES,
  catalogTsQuery,
  companySearchSql,
  productSearchSql,
  resolveTsQuery,
  serviceSearchSql,
  storySearchSql,
} from "#server/catalog/search.ts";
import { PRODUCT_SEARCH_BUCKETS } from "#server/db/schema.ts";
import { clearFacetCache, productFacets } from "#server/catalog/facets.ts";
import { PRODUCT_FACET_CAP } from "#contract/products.ts";
import { companyServiceListSql } from "#server/catalog/services.ts";
import { followingIdsSql, randomPointsSql, smallSetSql } from "#server/catalog/random.ts";
import { seedDemo } from "#server/catalog/seed/index.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { makeTempDataDir } from "../support/databases.ts";
import { markSeededTables, removeDemoSeed, type SeedMarks } from "../support/seeded.ts";

const BIG_TABLES = new Set(["products", "companies", "product_prices"]);

let api: TestApi;
let dataDir: string;
let before: SeedMarks;
/** Values picked from the seeded catalogue, so every filter selects real rows. */
const pick: Record<string, string | number> = {};
let related: number;

async function one<T>(query: SQL): Promise<T> {
  const row = (await api.db.execute(query)).rows[0];
  if (!row) throw new Error("no row");
  return row as T;
}

beforeAll(async () => {
  api = await openTestApi();
  dataDir = makeTempDataDir("postavka-plans-");
  before = await markSeededTables(api.db);
  await seedDemo(api.db, {
    engine: api.engine,
    companies: 1000,
    products: 20_000,
    seed: 11,
    dataDir,
    referenceDir: api.dataDir,
    now: new Date("2026-06-01T00:00:00Z"),
  });
  // Counts and facets other files' reads left in this process's caches predate the seed.
  await forgetCatalogueCounts(api.db);
  clearFacetCache(api.db);
  const mine = sql`p.id > ${before.products}`;
  Object.assign(pick, {
    topCategory: (
      await one<{ id: number }>(sql`select c.parent_id as id from products p join categories c on c.id = p.category_id
      where ${mine} and c.parent_id is not null group by 1 order by count(*) desc limit 1`)
    ).id,
    subCategory: (
      await one<{ id: number }>(sql`select p.category_id as id from products p where ${mine} group by 1 order by count(*) desc limit 1`)
    ).id,
    company: (
      await one<{ id: number }>(sql`select p.company_id as id from products p where ${mine} group by 1 order by count(*) desc limit 1`)
    ).id,
    tnvedCode: (
      await one<{ code: string }>(sql`select p.tnved_code as code from products p where ${mine} group by 1 order by count(*) desc limit 1`)
    ).code,
    okved: (
      await one<{ code: string }>(sql`select o.okved_code as code from company_okved_codes o where o.company_id > ${before.companies}
      group by 1 order by count(*) desc limit 1`)
    ).code,
    region: (
      await one<{ code: string }>(sql`select region_code as code from companies where id > ${before.companies} and country = 'RU'
      group by 1 order by count(*) desc limit 1`)
    ).code,
    serviceType: (
      await one<{ slug: string }>(sql`select t.slug from company_services s join service_types t on t.id = s.service_type_id
      where t.id > ${before.service_types} group by 1 order by count(*) desc limit 1`)
    ).slug,
    // The supplier search plans its words as a constant tsquery (resolveTsQuery, ADR 062).
    supplierWords: (await resolveTsQuery(api.db, "завод"))!,
    tag: (
      await one<{ slug: string }>(sql`select t.slug from story_tags st join tags t on t.id = st.tag_id where t.id > ${before.tags}
      group by 1 order by count(*) desc limit 1`)
    ).slug,
  });
  related = (
    await one<{ id: number }>(sql`select id from products p
    where ${mine} and status = 'published' and category_id = ${pick.subCategory} order by id limit 1`)
  ).id;
}, 300_000);

afterAll(() => removeDemoSeed(api, before, dataDir), 120_000);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Actual Loops"?: number;
  "Actual Rows"?: number;
  "Rows Removed by Index Recheck"?: number;
  Filter?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan's nodes, from EXPLAIN (FORMAT JSON) of `query` with its parameters bound as the API binds them. */
async function planOf(query: SQL): Promise<PlanNode[]> {
  const result = await api.db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(sql`explain (format json) ${query}`);
  const raw = result.rows[0]!["QUERY PLAN"];
  const [explained] = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return nodes(explained.Plan);
}

const seqScansOnBigTables = (plan: PlanNode[]) =>
  plan.filter((n) => n["Node Type"] === "Seq Scan" && BIG_TABLES.has(n["Relation Name"] ?? "")).map((n) => n["Relation Name"]);
const indexesUsed = (plan: PlanNode[]) => plan.flatMap((n) => (n["Index Name"] ? [n["Index Name"]] : []));

type Case = [name: string, build: () => ListSql<SQL | null> | null];

const cases: Case[] = [
  ["products, newest first", () => productListSql({}, 1, 24)],
  ["products, newest first, page 40", () => productListSql({}, 40, 24)],
  ["products of a top category", () => productListSql({ category: pick.topCategory as number }, 1, 24)],
  ["products of a subcategory", () => productListSql({ category: pick.subCategory as number }, 1, 24)],
  ["products of a supplier", () => productListSql({ company: pick.company as number }, 1, 24)],
  ["products under a TN VED code", () => productListSql({ tnved: pick.tnvedCode as string }, 1, 24)],
  ["products under a TN VED heading", () => productListSql({ tnved: (pick.tnvedCode as string).slice(0, 4) }, 1, 24)],
  ["products under a TN VED chapter", () => productListSql({ tnved: (pick.tnvedCode as string).slice(0, 2) }, 1, 24)],
  ["products by price, cheapest first", () => productListSql({ currency: "RUB", sort: "price_asc" }, 1, 24)],
  ["products by price, dearest first", () => productListSql({ currency: "CNY", sort: "price_desc" }, 1, 24)],
  ["products in a price range", () => productListSql({ currency: "RUB", priceMin: 1000, priceMax: 5000, sort: "price_asc" }, 1, 24)],
  [
    "products of a category by price",
    () => productListSql({ category: pick.topCategory as number, currency: "RUB", sort: "price_asc" }, 1, 24),
  ],
  // Across currencies (ADR 026): one walk of products_price_idx per currency, merged by rouble price.
  ["products by price across currencies, cheapest first", () => productListSql({ sort: "price_asc" }, 1, 24)],
  ["products by price across currencies, dearest first, page 5", () => productListSql({ sort: "price_desc" }, 5, 24)],
  [
    "products in a category by price across currencies, in a yuan price range",
    () => productListSql({ category: pick.topCategory as number, sort: "price_asc", priceIn: "CNY", priceMin: 100, priceMax: 5000 }, 1, 24),
  ],
  [
    "products in a price range across currencies, newest first",
    () => productListSql({ priceIn: "USD", priceMin: 10, priceMax: 500 }, 1, 24),
  ],
  ["products of suppliers in a region", () => productListSql({ region: pick.region as string }, 1, 24)],
  // The random order (server/catalog/random.ts): the small-set probe and one walk per drawn point.
  [
    "random products of a category: is the set small?",
    () => ({ rows: smallSetSql({ category: pick.topCategory as number }), count: null }),
  ],
  [
    "random products of a category: the drawn points",
    () => ({ rows: randomPointsSql({ category: pick.topCategory as number }, [related, related + 500, related + 9000]), count: null }),
  ],
  [
    "random products of a category: a short page filled from the following products",
    () => ({ rows: followingIdsSql({ category: pick.topCategory as number }, related, 24), count: null }),
  ],
  ["a product page (prices, variants, files, other suppliers)", () => ({ rows: productDetailSql(related), count: null })],
  ["related products", () => ({ rows: relatedProductsSql(related, 8, "ru"), count: null })],
  ["suppliers", () => companyListSql({}, 1, 20)],
  ["suppliers with an OKVED code (or under it)", () => companyListSql({ okved: pick.okved as string }, 1, 20)],
  ["suppliers with an OKVED class", () => companyListSql({ okved: (pick.okved as string).slice(0, 4) }, 1, 20)],
  ["suppliers in a region", () => companyListSql({ region: pick.region as string }, 1, 20)],
  ["suppliers selling in a category", () => companyListSql({ category: pick.topCategory as number }, 1, 20)],
  ["manufacturers", () => companyListSql({ kind: "manufacturer" }, 1, 20)],
  ["traders in a region", () => companyListSql({ kind: "trader", region: pick.region as string }, 1, 20)],
  ["stories", () => storyListSql({}, 1, 12)],
  ["stories with a tag", () => storyListSql({ tag: pick.tag as string }, 1, 12)],
  ["service offers", () => companyServiceListSql({}, 1, 20)],
  ["service offers of a type", () => companyServiceListSql({ serviceType: pick.serviceType as string }, 1, 20)],
  ["service offers of a supplier", () => companyServiceListSql({ company: pick.company as number }, 1, 20)],
  ["product search, Russian", () => productSearchSql("трубы", {}, 1, 24)],
  ["product search, Russian prefix", () => productSearchSql("подшипн", {}, 1, 24)],
  ["product search, English", () => productSearchSql("steel", {}, 1, 24)],
  ["product search, Chinese", () => productSearchSql("钢管", {}, 1, 24)],
  [
    "product search, two words with a filter",
    () => productSearchSql("насосы центробежные", { category: pick.topCategory as number }, 1, 24),
  ],
  ["supplier search", () => companySearchSql(pick.supplierWords as string, 1, 20)],
  ["service search", () => serviceSearchSql("таможенное", 1, 20)],
  ["story search", () => storySearchSql("логистика", 1, 20)],
];

describe("catalogue list queries use indexes (EXPLAIN on a 20,000-product catalogue)", () => {
  test("the seeded catalogue is what the plans are checked on", async () => {
    const products = await listProducts(api.db, { category: pick.topCategory as number }, "ru", 1, 24);
    expect(products.items).toHaveLength(24);
    const suppliers = await listCompanies(api.db, { okved: pick.okved as string }, "ru", 1, 20);
    expect(suppliers.items.length).toBeGreaterThan(0);
  });

  test("a price order across currencies walks products_price_idx once per currency", async () => {
    const plan = await planOf(productListSql({ sort: "price_asc" }, 1, 24).rows);
    expect(indexesUsed(plan).filter((name) => name === "products_price_idx")).toHaveLength(3);
  });

  test("a price range across currencies is counted within each currency's own range of products_price_idx", async () => {
    const query = productListSql({ sort: "price_asc", priceIn: "RUB", priceMin: 1000, priceMax: 50_000 }, 1, 24);
    const scans = (await planOf(query.count!)).filter((n) => n["Index Name"] === "products_price_idx");
    // One scan per currency, each bounded by that currency's prices: not one walk of every priced product.
    expect(scans).toHaveLength(3);
    for (const scan of scans) expect(scan["Index Cond"]).toMatch(/price_from >= .*price_from <= /);
  });

  test("a word in thousands of products is read bucket by bucket, and the search stops in the bucket that completes its candidates", async () => {
    // A word of the seeded products found in two to eight times as many products as a search ranks.
    const { term } = await one<{ term: string }>(
      sql`select word as term from ts_stat('select search_vector from products') where word ~ '^[[:alpha:]]{3,}$'
        and ndoc between ${2 * CANDIDATES} and ${8 * CANDIDATES} order by ndoc desc, word limit 1`,
    );
    const tsq = catalogTsQuery(term)!;
    const perBucket = (
      await api.db.execute<{ b: number; n: number }>(sql`select (p.id % ${PRODUCT_SEARCH_BUCKETS})::int as b, count(*)::int as n
        from products p where p.search_vector @@ ${tsq} and ${productWhere({})} group by 1 order by 1`)
    ).rows;
    const counts = Array.from({ length: PRODUCT_SEARCH_BUCKETS }, (_, b) => perBucket.find((r) => r.b === b)?.n ?? 0);
    expect(
      counts.reduce((a, n) => a + n, 0),
      `«${term}» is in more products than a search ranks`,
    ).toBeGreaterThan(CANDIDATES);
    // The buckets a search must read: in order, until their matches reach CANDIDATES.
    let needed = 0;
    for (let sum = 0; sum < CANDIDATES; needed += 1) sum += counts[needed]!;

    const result = await api.db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(
      sql`explain (analyze, format json) ${productSearchSql(term, {}, 1, 24)!.rows}`,
    );
    const raw = result.rows[0]!["QUERY PLAN"];
    const [explained] = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
    const bucketScans = nodes(explained.Plan).filter((n) => /^products_search_b\d+_idx$/.test(n["Index Name"] ?? ""));
    expect(bucketScans).toHaveLength(PRODUCT_SEARCH_BUCKETS);
    const read = bucketScans.filter((n) => (n["Actual Loops"] ?? 0) > 0).map((n) => n["Index Name"]);
    expect(needed).toBeLessThan(PRODUCT_SEARCH_BUCKETS);
    expect(read).toEqual(Array.from({ length: needed }, (_, b) => `products_search_b${String(b).padStart(2, "0")}_idx`));
  });

  test("the product search checks the supplier once above its buckets: one hashed list of unpublished companies, not one per bucket", async () => {
    // A word in no product: the search reads every bucket, as a rare word or a Chinese phrase does.
    const plan = await planOf(productSearchSql("щщщнетслова", {}, 1, 24)!.rows);
    const bucketScans = plan.filter((n) => /^products_search_b\d+_idx$/.test(n["Index Name"] ?? ""));
    expect(bucketScans).toHaveLength(PRODUCT_SEARCH_BUCKETS);
    const checks = plan.filter((n) => /hashed SubPlan/.test(n.Filter ?? ""));
    expect(checks.map((n) => n["Node Type"])).toHaveLength(1);
  });

  test("a product's search vector is read from its row, not from the TOAST table, even where the row is long (ADR 072)", async () => {
    // Products with Chinese text: pair tokens make their vectors the largest, and their rows pass
    // the 2 KB past which PostgreSQL moves long values out of the row (but fit in a page, which a
    // vector kept in the row must).
    const long = await api.db.execute<{ id: number }>(sql`select id from products
      where id > ${before.products} and name ? 'zh' and pg_column_size(products.*) between 2100 and 6000 order by id limit 50`);
    expect(long.rows.length, "seeded products with rows over 2 KB").toBeGreaterThanOrEqual(10);
    const ids = long.rows.map((r) => r.id);
    const pagesRead = async (what: SQL) => {
      const result = await api.db.execute<{ "QUERY PLAN": [{ Plan: Record<string, number> }] | string }>(
        sql`explain (analyze, buffers, format json) select ${what} from products p where p.id = any(${sql.param(ids)}::int[])`,
      );
      const raw = result.rows[0]!["QUERY PLAN"];
      const [explained] = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: Record<string, number> }]) : raw;
      return explained.Plan["Shared Hit Blocks"]! + explained.Plan["Shared Read Blocks"]!;
    };
    // The same rows, their vectors' sizes (read from the rows, never detoasted) against their contents:
    // a vector in the TOAST table would add that table's index and chunk pages. Each is read once
    // before it is counted: a connection's first use of an index also reads its metapage.
    const sizes = sql`sum(pg_column_size(p.search_vector))`;
    const contents = sql`sum(length(p.search_vector))`;
    await pagesRead(sizes);
    await pagesRead(contents);
    expect(await pagesRead(contents)).toBe(await pagesRead(sizes));
  });

  test("a Chinese phrase is narrowed by the index through its character pairs: the recheck removes next to nothing (ADR 068)", async () => {
    // The Chinese words (two to four characters) most often written in the seeded names…
    const names = await api.db.execute<{ zh: string }>(
      sql`select name->>'zh' as zh from products where id > ${before.products} and name->>'zh' is not null`,
    );
    const seen = new Map<string, number>();
    for (const { zh } of names.rows)
      for (const run of zh.match(/[\u3400-\u9fff]{2,}/gu) ?? [])
        for (let length = 2; length <= 4; length++)
          for (let i = 0; i + length <= run.length; i++) seen.set(run.slice(i, i + length), (seen.get(run.slice(i, i + length)) ?? 0) + 1);
    const frequent = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 60);
    // …and of those the one whose characters are also found apart in the most other products: what a
    // phrase of single-character tokens made the heap recheck (every product with all its characters).
    let chosen = { phrase: "", phraseRows: 0, charRows: 0 };
    for (const [phrase] of frequent) {
      const counted = await one<{ phrase_rows: number; char_rows: number }>(sql`select
        count(*) filter (where p.search_vector @@ ${catalogTsQuery(phrase)!})::int as phrase_rows,
        count(*)::int as char_rows
        from products p where ${productWhere({})} and p.search_vector @@ to_tsquery('simple', ${[...phrase].join(" & ")})`);
      if (counted.char_rows - counted.phrase_rows > chosen.charRows - chosen.phraseRows)
        chosen = { phrase, phraseRows: counted.phrase_rows, charRows: counted.char_rows };
    }
    expect(chosen.phraseRows, `«${chosen.phrase}» is a phrase of the seeded products (of ${frequent.length})`).toBeGreaterThan(0);
    expect(chosen.charRows - chosen.phraseRows, `«${chosen.phrase}»: products with its characters apart`).toBeGreaterThanOrEqual(20);

    const result = await api.db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(
      sql`explain (analyze, format json) ${productSearchSql(chosen.phrase, {}, 1, 24)!.rows}`,
    );
    const raw = result.rows[0]!["QUERY PLAN"];
    const [explained] = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
    const heapScans = nodes(explained.Plan).filter((n) => n["Node Type"] === "Bitmap Heap Scan" && n["Relation Name"] === "products");
    expect(heapScans.length).toBeGreaterThan(0);
    const removed = heapScans.reduce((sum, n) => sum + (n["Rows Removed by Index Recheck"] ?? 0), 0);
    const kept = heapScans.reduce((sum, n) => sum + (n["Actual Rows"] ?? 0) * (n["Actual Loops"] ?? 1), 0);
    expect(kept, `«${chosen.phrase}»: the rows the search read`).toBeGreaterThanOrEqual(Math.min(chosen.phraseRows, CANDIDATES));
    // Single-character tokens would have removed charRows − phraseRows here (≥ 20).
    expect(removed, `«${chosen.phrase}»: rows the index let through that do not hold the phrase`).toBeLessThanOrEqual(
      Math.max(2, Math.floor(kept / 20)),
    );
  });

  test("a category's list is walked category by category in its order: the same products as the plain filter, page after page", async () => {
    const rate = (c: string) =>
      c === "RUB"
        ? sql`1::numeric`
        : sql`(select e.value / e.nominal from exchange_rates e where e.currency = ${c} order by e.date desc limit 1)`;
    const rub = sql`(case p.price_currency when 'RUB' then ${rate("RUB")} when 'CNY' then ${rate("CNY")} when 'USD' then ${rate("USD")} end)`;
    const top = pick.topCategory as number;
    const sub = pick.subCategory as number;
    const region = pick.region as string;
    // Each list with the order a plain scan of the same filter (category_id in the set) gives.
    const lists: [ProductFilters, SQL, string | null][] = [
      [{ category: top, currency: "RUB", sort: "price_asc" }, sql`p.price_from, p.id`, "products_category_price_idx"],
      [{ category: top, currency: "CNY", sort: "price_desc" }, sql`p.price_from desc, p.id desc`, "products_category_price_idx"],
      [{ category: sub, currency: "RUB", sort: "price_asc" }, sql`p.price_from, p.id`, "products_category_price_idx"],
      [{ category: top }, sql`p.published_at desc nulls last, p.id desc`, "products_category_idx"],
      // With a region the planner may join the region's few suppliers first at this size: results only.
      [{ category: top, region }, sql`p.published_at desc nulls last, p.id desc`, null],
      [{ category: top, sort: "price_asc" }, sql`${rub} * p.price_from, p.id`, "products_category_price_idx"],
      [{ category: top, sort: "price_desc" }, sql`${rub} * p.price_from desc, p.id desc`, "products_category_price_idx"],
    ];
    // Prices across currencies need a rate of each: one from long ago where this database has none.
    const added = await api.db.execute<{ currency: string }>(sql`insert into exchange_rates (date, currency, nominal, value)
      select '2001-01-01', c, 1, r from (values ('CNY', 3.5), ('USD', 28.0)) v(c, r)
      where not exists (select 1 from exchange_rates e where e.currency = v.c) returning currency`);
    try {
      for (const [filters, order, index] of lists) {
        const priced = !filters.sort
          ? sql``
          : filters.currency
            ? sql`and p.price_from is not null`
            : sql`and p.price_from is not null and ${rub} is not null`;
        const expected = await api.db.execute<{ id: number }>(sql`select p.id ${productFrom(filters)}
        where ${productWhere({ ...filters, sort: undefined })} ${priced} order by ${order} limit 72`);
        expect(expected.rows.length, JSON.stringify(filters)).toBeGreaterThan(48);
        const got: number[] = [];
        for (const page of [1, 2, 3]) got.push(...(await listProducts(api.db, filters, "ru", page, 24)).items.map((p) => p.id));
        expect(got, JSON.stringify(filters)).toEqual(expected.rows.map((r) => r.id));
        // One walk of the category's index per category of the set, each cut by its own LIMIT: a Limit
        // over the index scan keyed by the category row with no sort between them (the index gives the
        // order), not one LIMIT over all of the set's products sorted.
        const walked = (n: PlanNode): boolean =>
          (n["Index Name"] === index && /category_id = categories\.id/.test(n["Index Cond"] ?? "")) ||
          (!/Sort/.test(n["Node Type"]) && (n.Plans ?? []).some(walked));
        if (index === null) continue;
        const walks = (await planOf(productListSql(filters, 2, 24).rows)).filter(
          (n) => n["Node Type"] === "Limit" && (n.Plans ?? []).some(walked),
        );
        expect(walks.length, JSON.stringify(filters)).toBeGreaterThan(0);
      }
    } finally {
      for (const { currency } of added.rows)
        await api.db.execute(sql`delete from exchange_rates where currency = ${currency} and date = '2001-01-01'`);
    }
  });

  test.each(cases)("%s", async (_name, build) => {
    const query = build();
    expect(query).not.toBeNull();
    for (const [part, statement] of [
      ["page", query!.rows],
      ["count", query!.count],
    ] as const) {
      if (!statement) continue;
      const plan = await planOf(statement);
      expect(
        seqScansOnBigTables(plan),
        `${part}: ${JSON.stringify(plan.map((n) => [n["Node Type"], n["Relation Name"] ?? n["Index Name"] ?? ""]))}`,
      ).toEqual([]);
      expect(indexesUsed(plan).length, `${part} uses no index`).toBeGreaterThan(0);
    }
  });
});

describe("product facets over more products than they count (ADR 067)", () => {
  test("a filter the cached counts do not hold counts the first PRODUCT_FACET_CAP products and says so; the cached counts stay exact", async () => {
    clearFacetCache();
    const exact = await productFacets(api.db, {}, "ru");
    expect(exact.capped).toBe(false);
    expect(exact.total).toBeGreaterThan(PRODUCT_FACET_CAP);
    // Every product has an MOQ at most this or none: the same products, through the capped scan.
    const capped = await productFacets(api.db, { moqMax: 1_000_000_000 }, "ru");
    expect(capped.capped).toBe(true);
    expect(capped.total).toBe(PRODUCT_FACET_CAP);
    const sum = (values: { count: number }[]) => values.reduce((n, v) => n + v.count, 0);
    // Other test files' products without a category may be among the first found: at most the cap, and most of it.
    expect(sum(capped.categories)).toBeLessThanOrEqual(PRODUCT_FACET_CAP);
    expect(sum(capped.categories)).toBeGreaterThan(PRODUCT_FACET_CAP / 2);
    expect(sum(capped.prices)).toBeLessThanOrEqual(PRODUCT_FACET_CAP);
    expect(sum(capped.regions)).toBeLessThanOrEqual(PRODUCT_FACET_CAP);
    for (const value of capped.categories) {
      const all = exact.categories.find((c) => c.value === value.value);
      expect(value.count).toBeLessThanOrEqual(all?.count ?? 0);
    }
  });
});
