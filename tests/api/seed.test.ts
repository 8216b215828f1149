/**
 * The demo catalogue generator (server/catalog/seed) on both engines: a small catalogue (20
 * suppliers, 200 products) is seeded into the test database and checked for determinism, valid
 * identifiers, real classifier codes, languages, price tiers, stories and stored pictures. Only the
 * rows it wrote are deleted afterwards (rows with ids above those present before it ran). On
 * PostgreSQL the seed generates the products in worker threads (two, whatever the machine), COPYs
 * them over two connections, and the rows are compared with those the single-thread path writes
 * (failures and killed seeds: seed-bulk-load.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createLocalStorage } from "#server/files/storage.ts";
import { validateInn, validateKpp, validateOgrn } from "#server/catalog/identifiers.ts";
import { catalogueIsEmpty, planDemo, previewProducts, seedDemo, type SeedSummary } from "#server/catalog/seed/index.ts";
import { copyLines, copyRows, insertRows, type Column } from "#server/catalog/seed/sql.ts";
import { PRODUCT_TABLE_ORDER, PRODUCT_TABLES, productRows, type ProductTable } from "#server/catalog/seed/copy-text.ts";
import { generateProduct, productContext } from "#server/catalog/seed/products.ts";
import { ProductWorkers } from "#server/catalog/seed/workers.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { makeTempDataDir } from "../support/databases.ts";
import { markSeededTables, removeDemoSeed, type SeedMarks } from "../support/seeded.ts";

const COMPANIES = 20;
const PRODUCTS = 200;
const SEED = 7;
const NOW = new Date("2026-06-01T00:00:00Z");

let api: TestApi;
let dataDir: string;
let summary: SeedSummary;
let before: SeedMarks;
let indexesBefore: unknown[];

const indexes = () =>
  rows<{ indexname: string; indexdef: string }>(
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1`,
  );

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await api.db.execute(query)).rows as T[];
}

beforeAll(async () => {
  api = await openTestApi();
  dataDir = makeTempDataDir("postavka-seed-");
  before = await markSeededTables(api.db);
  indexesBefore = await indexes();
  summary = await seedDemo(api.db, {
    engine: api.engine,
    companies: COMPANIES,
    products: PRODUCTS,
    seed: SEED,
    dataDir,
    referenceDir: api.dataDir,
    now: NOW,
    batchSize: 64,
    workers: 2,
    copyConnections: 2,
  });
}, 240_000);

afterAll(() => removeDemoSeed(api, before, dataDir), 60_000);

describe("demo catalogue", () => {
  test("writes the requested sizes: ~70% Russian suppliers (some real), ~30% Chinese, 40+ stories", () => {
    expect(summary.companies).toBe(COMPANIES);
    expect(summary.products).toBe(PRODUCTS);
    expect(summary.chineseCompanies).toBe(6);
    expect(summary.russianCompanies).toBe(14);
    expect(summary.realCompanies).toBeGreaterThan(0);
    expect(summary.stories).toBeGreaterThanOrEqual(40);
    expect(summary.productPrices).toBeGreaterThanOrEqual(PRODUCTS);
  });

  test("is deterministic: the same seed gives the same names and INNs, another seed other ones", async () => {
    const a = await planDemo(api.db, { companies: COMPANIES, seed: SEED, referenceDir: api.dataDir, now: NOW });
    const b = await planDemo(api.db, { companies: COMPANIES, seed: SEED, referenceDir: api.dataDir, now: NOW });
    const other = await planDemo(api.db, { companies: COMPANIES, seed: SEED + 1, referenceDir: api.dataDir, now: NOW });
    const names = (p: typeof a) => p.companies.map((c) => JSON.stringify(c.name));
    const inns = (p: typeof a) => p.companies.map((c) => c.legal?.inn ?? null);
    expect(names(b)).toEqual(names(a));
    expect(inns(b)).toEqual(inns(a));
    expect(names(other)).not.toEqual(names(a));
    const productNames = previewProducts(a, PRODUCTS).map((p) => p.name);
    expect(previewProducts(b, PRODUCTS).map((p) => p.name)).toEqual(productNames);

    // What was written is what the generator makes.
    const written = await rows<{ name: unknown }>(sql`select name from products where id > ${before.products} order by id`);
    expect(written.map((r) => r.name)).toEqual(productNames);
    const writtenInns = await rows<{ inn: string }>(
      sql`select l.inn from legal_entities l join companies c on c.id = l.company_id where c.id > ${before.companies} order by c.id`,
    );
    expect(writtenInns.map((r) => r.inn)).toEqual(inns(a).filter((i) => i !== null));
  });

  test("INN, KPP and OGRN/OGRNIP pass their check-digit validators", async () => {
    const entities = await rows<{ kind: "legal" | "individual"; inn: string; kpp: string | null; ogrn: string | null }>(
      sql`select l.kind, l.inn, l.kpp, l.ogrn from legal_entities l join companies c on c.id = l.company_id where c.id > ${before.companies}`,
    );
    expect(entities.length).toBe(14);
    for (const e of entities) {
      expect(validateInn(e.inn, e.kind), e.inn).toBeNull();
      if (e.kpp !== null) expect(validateKpp(e.kpp), e.kpp).toBeNull();
      if (e.ogrn !== null) expect(validateOgrn(e.ogrn, e.kind), e.ogrn).toBeNull();
    }
    // Generated legal entities carry all three; real ones (from the SME register) their real INN.
    expect(entities.some((e) => e.kind === "legal" && e.kpp && e.ogrn)).toBe(true);
  });

  test("product TN VED codes are real 10-digit codes under their category's headings", async () => {
    const bad = await rows<{ id: number; tnved_code: string | null }>(sql`
      select p.id, p.tnved_code from products p
        join categories c on c.id = p.category_id
        left join tnved_codes t on t.code = p.tnved_code
       where p.id > ${before.products}
         and (t.code is null or length(p.tnved_code) <> 10 or not (left(p.tnved_code, 4) = any (c.tnved_headings)))`);
    expect(bad).toEqual([]);
    const headings = await rows<{ heading: string }>(sql`
      select distinct unnest(tnved_headings) as heading from categories where id > ${before.categories}
      except select code from tnved_codes where level = 3`);
    expect(headings).toEqual([]);
  });

  test("OKVED codes exist; every company has one main code matching okved_main and 1+ extra ones", async () => {
    const missing = await rows<{ okved_code: string }>(sql`
      select k.okved_code from company_okved_codes k left join okved_codes o on o.code = k.okved_code
       where k.company_id > ${before.companies} and o.code is null`);
    expect(missing).toEqual([]);
    const counts = await rows<{ id: number; mains: number; extras: number; matches: boolean; real: boolean }>(sql`
      select c.id, count(*) filter (where k.is_main)::int as mains, count(*) filter (where not k.is_main)::int as extras,
             bool_or(k.is_main and k.okved_code = c.okved_main) as matches,
             coalesce(bool_or(l.kind = 'legal' and l.ogrn is null), false) as real
        from companies c join company_okved_codes k on k.company_id = c.id left join legal_entities l on l.company_id = c.id
       where c.id > ${before.companies} group by c.id`);
    expect(counts.length).toBe(COMPANIES);
    for (const c of counts) expect(c).toMatchObject({ mains: 1, matches: true });
    // Generated companies get 1–4 extra codes; real ones keep the register's list (which may be empty).
    for (const c of counts.filter((c) => !c.real)) {
      expect(c.extras).toBeGreaterThanOrEqual(1);
      expect(c.extras).toBeLessThanOrEqual(4);
    }
  });

  test("Chinese suppliers write in Chinese, Russian ones in Russian, and translations exist", async () => {
    const langs = await rows<{ country: string; source_lang: string; n: number }>(sql`
      select c.country, p.source_lang, count(*)::int as n from products p join companies c on c.id = p.company_id
       where p.id > ${before.products} group by 1, 2`);
    for (const row of langs) expect(row.source_lang).toBe(row.country === "CN" ? "zh" : "ru");
    const [translated] = await rows<{ zh_with_ru: number; ru_without_name: number; zh_without_name: number }>(sql`
      select count(*) filter (where p.source_lang = 'zh' and p.name ? 'ru')::int as zh_with_ru,
             count(*) filter (where p.source_lang = 'ru' and not p.name ? 'ru')::int as ru_without_name,
             count(*) filter (where p.source_lang = 'zh' and not p.name ? 'zh')::int as zh_without_name
        from products p where p.id > ${before.products}`);
    expect(translated!.zh_with_ru).toBeGreaterThanOrEqual(1);
    expect(translated!.ru_without_name).toBe(0);
    expect(translated!.zh_without_name).toBe(0);
    const companies = await rows<{ country: string; source_lang: string }>(
      sql`select country, source_lang from companies where id > ${before.companies}`,
    );
    for (const c of companies) expect(c.source_lang).toBe(c.country === "CN" ? "zh" : "ru");
  });

  test("price tiers ascend by quantity and descend by price; price_from is the lowest tier's", async () => {
    const products = await rows<{
      id: number;
      price_from: string;
      price_currency: string;
      moq: string;
      tiers: Array<{ q: string; p: string; c: string }>;
    }>(sql`
      select p.id, p.price_from::text, p.price_currency, p.moq::text,
             json_agg(json_build_object('q', t.min_quantity::text, 'p', t.price::text, 'c', t.currency) order by t.min_quantity) as tiers
        from products p join product_prices t on t.product_id = p.id
       where p.id > ${before.products} group by p.id`);
    expect(products.length).toBe(PRODUCTS);
    for (const p of products) {
      expect(p.tiers.length).toBeGreaterThanOrEqual(1);
      expect(p.tiers.length).toBeLessThanOrEqual(4);
      expect(Number(p.tiers[0]!.q)).toBe(Number(p.moq));
      for (let i = 1; i < p.tiers.length; i++) {
        expect(Number(p.tiers[i]!.q)).toBeGreaterThan(Number(p.tiers[i - 1]!.q));
        expect(Number(p.tiers[i]!.p)).toBeLessThan(Number(p.tiers[i - 1]!.p));
      }
      const lowest = p.tiers.reduce((min, t) => (Number(t.p) < Number(min.p) ? t : min));
      expect(Number(p.price_from)).toBe(Number(lowest.p));
      expect(p.price_currency).toBe(lowest.c);
    }
  });

  test("40+ published stories, each with tags and a Russian title", async () => {
    const stories = await rows<{ title: Record<string, string>; tags: number; status: string }>(sql`
      select s.title, s.status, (select count(*)::int from story_tags st where st.story_id = s.id) as tags
        from stories s where s.id > ${before.stories}`);
    expect(stories.length).toBeGreaterThanOrEqual(40);
    for (const s of stories) {
      expect(s.tags).toBeGreaterThanOrEqual(1);
      expect(s.title.ru).toBeTruthy();
      expect(s.status).toBe("published");
    }
  });

  test("pictures are stored, described in `files` and attached to products, logos and stories", async () => {
    const files = await rows<{ id: number; storage_key: string; mime: string; size: number; width: number; height: number }>(
      sql`select id, storage_key, mime, size, width, height from files where id > ${before.files}`,
    );
    expect(files.length).toBe(summary.files);
    const storage = createLocalStorage(dataDir);
    for (const f of files) {
      expect(f.storage_key).toMatch(/^seed\/(products|logos|stories)\/[a-z0-9-]+\.webp$/);
      expect(f.mime).toBe("image/webp");
      expect(f.width).toBeGreaterThan(0);
      const stored = await storage.get(f.storage_key);
      expect(stored, f.storage_key).not.toBeNull();
      stored!.stream.destroy();
      expect(stored!.size).toBe(f.size);
      expect(stored!.mime).toBe("image/webp");
    }
    const [links] = await rows<{ without: number; images: number; logos: number; covers: number }>(sql`
      select (select count(*)::int from products p where p.id > ${before.products} and not exists (select 1 from product_files f where f.product_id = p.id and f.kind = 'image')) as without,
             (select count(*)::int from product_files f join products p on p.id = f.product_id where p.id > ${before.products}) as images,
             (select count(*)::int from companies where id > ${before.companies} and logo_file_id is not null) as logos,
             (select count(*)::int from stories where id > ${before.stories} and cover_file_id is not null) as covers`);
    expect(links).toMatchObject({ without: 0, logos: COMPANIES });
    expect(links!.images).toBeGreaterThanOrEqual(PRODUCTS);
    expect(links!.covers).toBe(summary.stories);
  });

  test("every index and foreign key dropped for the bulk load is restored, exactly as the migrations made it", async () => {
    expect(indexesBefore.length).toBeGreaterThan(50);
    expect(await indexes()).toEqual(indexesBefore);
  });

  test("COPY writes exactly what the unnest INSERT writes: NULLs, JSON, tabs, newlines and backslashes", async ({ skip }) => {
    if (api.engine !== "postgres") skip("PGlite's socket takes no COPY; the seed uses the INSERT there");
    const columns: Column[] = [
      ["id", "int"],
      ["name", "jsonb"],
      ["note", "text"],
      ["price", "numeric"],
      ["at", "timestamptz"],
      ["flag", "boolean"],
    ];
    const values = [
      [1, { ru: 'Труба\t«стальная»\\ 1/2"', zh: "钢管\n第二行" }, "a\\b\tc\r\nd \\N", "12.50", new Date("2026-06-01T00:00:00Z"), true],
      [2, null, null, null, null, false],
      [3, ["x"], "\\N", "0", "2026-06-01T12:00:00+03:00", null],
    ];
    const client = await api.database.pool.connect();
    try {
      await client.query("begin");
      for (const table of ["seed_copy", "seed_insert"])
        await client.query(
          `create temp table ${table} (id int, name jsonb, note text, price numeric, at timestamptz, flag boolean) on commit drop`,
        );
      await copyRows(client, "seed_copy", columns, values);
      await insertRows(client, "seed_insert", columns, values);
      const copied = await client.query("select * from seed_copy order by id");
      const inserted = await client.query("select * from seed_insert order by id");
      expect(copied.rows).toEqual(inserted.rows);
      expect(copied.rows[0].note).toBe("a\\b\tc\r\nd \\N");
      expect(copied.rows[2].note).toBe("\\N");
      expect(copied.rows[1].name).toBeNull();
    } finally {
      await client.query("rollback");
      client.release();
    }
  });

  test("the products written (in worker threads on PostgreSQL) are the rows the single-thread path writes", async () => {
    // The single-thread generator over the same plan, with the ids the seed gave companies,
    // subcategories, pictures and products (each reserved in order, so sorted ids follow the plan).
    const demo = await planDemo(api.db, { companies: COMPANIES, seed: SEED, referenceDir: api.dataDir, now: NOW });
    const companyIds = await rows<{ id: number }>(sql`select id from companies where id > ${before.companies} order by id`);
    const categoryIds = new Map(
      (await rows<{ id: number; slug: string }>(sql`select id, slug from categories where id > ${before.categories}`)).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    const fileIds = new Map(
      (await rows<{ id: number; storage_key: string }>(sql`select id, storage_key from files where id > ${before.files}`)).map((f) => [
        f.storage_key,
        f.id,
      ]),
    );
    for (const sub of demo.plan.subs) {
      sub.id = categoryIds.get(sub.def.slug)!;
      sub.imageFileIds = [1, 2, 3].map((n) => fileIds.get(`seed/products/${sub.def.slug}-${n}.webp`)!);
    }
    const ctx = productContext(
      demo.seed,
      demo.now,
      demo.companies.map((c, i) => ({ ...c, id: companyIds[i]!.id })),
      demo.tnved,
    );
    const productIds = (await rows<{ id: number }>(sql`select id from products where id > ${before.products} order by id`)).map(
      (r) => r.id,
    );
    expect(productIds.length).toBe(PRODUCTS);
    const expected = productRows(
      productIds,
      productIds.map((_, i) => generateProduct(ctx, i)),
    );

    // Written by the single-thread path's INSERT into scratch tables, read back beside the seed's rows.
    const order: Record<ProductTable, string> = {
      products: "id",
      product_prices: "product_id, min_quantity",
      product_variants: "product_id, position",
      product_files: "product_id, position",
    };
    const client = await api.database.pool.connect();
    try {
      await client.query("begin");
      for (const table of PRODUCT_TABLE_ORDER) {
        const columns = PRODUCT_TABLES[table].map(([name]) => name).join(", ");
        await client.query(`create temp table single_${table} on commit drop as select ${columns} from ${table} limit 0`);
        await insertRows(client, `single_${table}`, PRODUCT_TABLES[table], expected[table]);
        const key = table === "products" ? "id" : "product_id";
        const seeded = await client.query(`select ${columns} from ${table} where ${key} > $1 order by ${order[table]}`, [before.products]);
        const single = await client.query(`select ${columns} from single_${table} order by ${order[table]}`);
        expect(seeded.rows.length, table).toBe(expected[table].length);
        expect(seeded.rows, table).toEqual(single.rows);
      }
    } finally {
      await client.query("rollback");
      client.release();
    }
  });

  test("worker threads encode the same COPY text as the single-thread rows, batch by batch and in order", async () => {
    const demo = await planDemo(api.db, { companies: COMPANIES, seed: SEED, referenceDir: api.dataDir, now: NOW });
    demo.plan.subs.forEach((sub, i) => {
      sub.id = 1_000 + i;
      sub.imageFileIds = [3 * i + 1, 3 * i + 2, 3 * i + 3];
    });
    const companies = demo.companies.map((c) => ({ ...c, id: 500 + c.index }));
    const ctx = productContext(demo.seed, demo.now, companies, demo.tnved);
    const workers = ProductWorkers.start(3, { seed: demo.seed, now: demo.now, companies: ctx.companies, tnved: demo.tnved });
    try {
      const batches = [
        [0, 70],
        [70, 71],
        [71, 150],
      ] as const;
      const results = await Promise.all(
        batches.map(([start, end]) => workers.run({ start, end, ids: Array.from({ length: end - start }, (_, i) => 10_000 + start + i) })),
      );
      const decoder = new TextDecoder();
      batches.forEach(([start, end], b) => {
        const ids = Array.from({ length: end - start }, (_, i) => 10_000 + start + i);
        const single = productRows(
          ids,
          ids.map((_, i) => generateProduct(ctx, start + i)),
        );
        for (const table of PRODUCT_TABLE_ORDER) {
          expect(decoder.decode(results[b]!.bytes[table]), `${table} ${start}–${end}`).toBe(
            copyLines(PRODUCT_TABLES[table], single[table]),
          );
        }
        expect(results[b]!.prices).toBe(single.product_prices.length);
      });
    } finally {
      await workers.close();
    }
  });

  test("the catalogue now counts as non-empty", async () => {
    expect(await catalogueIsEmpty(api.db)).toBe(false);
  });
});
