/**
 * Catalogue part of `npm run bench` (bench/run.ts): the benchmark catalogues and ranked search latency.
 *
 * Catalogues: the demo catalogue (server/catalog/seed, seed 1) with `products` products and one
 * supplier per 50 products (at least 300), in
 *  - PostgreSQL: database `postavka_bench` on TEST_DATABASE_URL's server, created by the bench;
 *  - PGlite: `.data/bench/pglite-<products>` under the project (the embedded engine as the server runs it).
 * Seeding a million products takes minutes, so a catalogue is kept between runs and reused when its
 * marker (sizes, seed, latest migration) matches; `--fresh` seeds again.
 *
 * Search latency: `withSpellingCorrection(searchProducts(…, page 1, perPage 20))`, exactly what
 * `GET /dev/product/search` runs (SQL + mapping, no HTTP), over the 200+ fixed queries of
 * bench/catalog-queries.ts, one warm-up pass then PASSES measured passes per engine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { searchProducts, withSpellingCorrection } from "#server/catalog/search.ts";
import { sql } from "drizzle-orm";
import { clearFacetCache, productFacets } from "#server/catalog/facets.ts";
import { refreshProductCountGroups } from "#server/catalog/count-groups.ts";
import { listProducts, type ProductFilters } from "#server/catalog/repository.ts";
import { loadMoneyReference } from "#server/money/reference.ts";
import { seedDemo } from "#server/catalog/seed/index.ts";
import { importClassifiers } from "#server/classifiers/import/import.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { adminUrl, classifierDataDir } from "#tests/support/databases.ts";
import { catalogBenchQueries, type CatalogBenchQuery } from "./catalog-queries.ts";
import { log, ms, stats } from "./stats.ts";

/**
 * The PostgreSQL catalogue's database: `postavka_bench`, or BENCH_DB when set (sessions sharing one
 * PostgreSQL server keep their own catalogues apart). Lower-case letters, digits and `_` only.
 */
export const BENCH_DB = (() => {
  const name = process.env.BENCH_DB ?? "postavka_bench";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`BENCH_DB must be a lower-case database name (letters, digits, _), not ${JSON.stringify(name)}`);
  return name;
})();
const SEED = 1;
const PASSES = 3;
const root = path.resolve(import.meta.dirname, "..");

/** Suppliers for a catalogue of `products` products. */
export const companiesFor = (products: number) => Math.max(300, Math.round(products / 50));

export interface BenchCatalogue {
  database: Database;
  engine: "postgres" | "pglite";
  products: number;
  /** Seeding time in ms when seeded by this run, null when reused. */
  seededMs: number | null;
  /** For child processes: the connection URL (PostgreSQL) or the DATA_DIR (PGlite). */
  databaseUrl?: string;
  dataDir: string;
}

/**
 * What a kept catalogue must match to be reused: sizes, seed and the latest migration with its
 * timestamp (the migrator applies by timestamp, so a regenerated migration means a new catalogue).
 */
function marker(products: number): string {
  const journal = JSON.parse(readFileSync(path.join(root, "server/db/migrations/meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  return JSON.stringify({
    bench: "postavka catalogue",
    products,
    companies: companiesFor(products),
    seed: SEED,
    migration: `${last?.tag}@${last?.when}`,
  });
}

async function seed(database: Database, products: number, dataDir: string): Promise<number> {
  const started = performance.now();
  log(`bench: importing the classifiers into the ${database.kind} catalogue …`);
  await importClassifiers(database.db, classifierDataDir());
  let last = "";
  await seedDemo(database.db, {
    engine: database.kind,
    companies: companiesFor(products),
    products,
    seed: SEED,
    dataDir,
    referenceDir: classifierDataDir(),
    batchSize: 2000,
    onProgress: (p) => {
      const line = `bench: seeding ${database.kind}: ${p.phase} ${p.done}/${p.total}`;
      const step = p.phase === "products" ? Math.max(1, Math.round(p.total / 20)) : 1;
      if (p.done === p.total || p.done % step === 0) {
        if (line !== last) log(line);
        last = line;
      }
    },
  });
  return performance.now() - started;
}

/** The PostgreSQL benchmark catalogue (database BENCH_DB), seeded unless a matching one exists. */
export async function preparePostgres(products: number, fresh: boolean): Promise<BenchCatalogue> {
  const admin = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5_000 });
  await admin.connect();
  let reuse = false;
  try {
    const found = await admin.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [BENCH_DB],
    );
    reuse = !fresh && found.rows[0]?.comment === marker(products);
    if (!reuse) {
      log(`bench: creating database ${BENCH_DB} …`);
      await admin.query(`drop database if exists "${BENCH_DB}" with (force)`);
      await admin.query(`create database "${BENCH_DB}"`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${BENCH_DB}`;
  const dataDir = path.join(root, ".data", "bench", "postgres-files");
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolMax: 10 });
  let seededMs: number | null = null;
  if (reuse) log(`bench: reusing ${BENCH_DB} (${products.toLocaleString("en-US")} products; --fresh to seed again)`);
  else {
    seededMs = await seed(database, products, dataDir);
    const admin2 = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5_000 });
    await admin2.connect();
    try {
      await admin2.query(`comment on database "${BENCH_DB}" is ${pg.escapeLiteral(marker(products))}`);
    } finally {
      await admin2.end();
    }
  }
  return { database, engine: "postgres", products, seededMs, databaseUrl: url.toString(), dataDir };
}

/** The PGlite benchmark catalogue (`.data/bench/pglite-<products>`), seeded unless a matching one exists. */
export async function preparePglite(products: number, fresh: boolean): Promise<BenchCatalogue> {
  const dataDir = path.join(root, ".data", "bench", `pglite-${products}`);
  const markerFile = `${dataDir}.json`;
  const reuse = !fresh && existsSync(markerFile) && readFileSync(markerFile, "utf8") === marker(products);
  if (!reuse && existsSync(dataDir)) {
    const { rmSync } = await import("node:fs");
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  let seededMs: number | null = null;
  if (reuse) log(`bench: reusing the PGlite catalogue in ${path.relative(root, dataDir)} (--fresh to seed again)`);
  else {
    seededMs = await seed(database, products, dataDir);
    writeFileSync(markerFile, marker(products));
  }
  return { database, engine: "pglite", products, seededMs, dataDir };
}

async function timeSearch(database: Database, query: CatalogBenchQuery): Promise<{ ms: number; total: number; corrected: boolean }> {
  const start = performance.now();
  const result = await withSpellingCorrection(database.db, query.q, (words) => searchProducts(database.db, words, {}, query.lang, 1, 20));
  return { ms: performance.now() - start, total: result.total, corrected: result.correctedQuery !== null };
}

/**
 * Ranked search top-20 latency on each catalogue; returns the markdown lines (also printed).
 * Targets: p95 ≤ 30 ms, p99 ≤ 60 ms.
 */
export async function runSearchBench(catalogues: BenchCatalogue[]): Promise<string[]> {
  const out: string[] = [];
  const groups: [string, (q: CatalogBenchQuery) => boolean][] = [
    ["**all**", () => true],
    ["Russian", (q) => q.lang === "ru" && q.kind !== "typo" && q.kind !== "prefix"],
    ["English", (q) => q.lang === "en" && q.kind !== "typo" && q.kind !== "prefix"],
    ["Chinese", (q) => q.lang === "zh"],
    ["cut short while typing", (q) => q.kind === "prefix"],
    ["typos", (q) => q.kind === "typo"],
  ];
  const counts = { ru: 0, en: 0, zh: 0 };
  for (const q of catalogBenchQueries) counts[q.lang] += 1;
  out.push(
    `### Catalogue search — ranked top-20 (\`GET /dev/product/search\`'s code, no HTTP), ${catalogBenchQueries.length} real queries ` +
      `(${counts.ru} ru, ${counts.en} en, ${counts.zh} zh) × ${PASSES} passes after a warm-up`,
  );
  out.push("");
  out.push("| engine | products | queries | n | p50 | p95 | p99 | max | target p95 ≤ 30, p99 ≤ 60 |");
  out.push("|---|---:|---|---:|---:|---:|---:|---:|---|");
  const notes: string[] = [];
  for (const catalogue of catalogues) {
    const name = catalogue.engine === "postgres" ? "PostgreSQL" : "PGlite";
    log(`bench: search warm-up on ${name} …`);
    const found = new Map<CatalogBenchQuery, { total: number; corrected: boolean }>();
    for (const query of catalogBenchQueries) {
      const r = await timeSearch(catalogue.database, query);
      found.set(query, r);
    }
    log(`bench: measuring search on ${name} (${PASSES} passes) …`);
    const samples = new Map<CatalogBenchQuery, number[]>();
    for (let pass = 0; pass < PASSES; pass++) {
      for (const query of catalogBenchQueries)
        samples.set(query, [...(samples.get(query) ?? []), (await timeSearch(catalogue.database, query)).ms]);
    }
    for (const [label, test] of groups) {
      const chosen = catalogBenchQueries.filter(test);
      const s = stats(chosen.flatMap((q) => samples.get(q) ?? []));
      const target = label === "**all**" ? `${s.p95 <= 30 ? "✅" : "❌"} p95, ${s.p99 <= 60 ? "✅" : "❌"} p99` : "";
      out.push(
        `| ${name} | ${catalogue.products.toLocaleString("en-US")} | ${label} (${chosen.length}) | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${target} |`,
      );
    }
    const hits = [...found.values()];
    const slowest = [...samples]
      .map(([q, v]) => [q, [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    notes.push(
      `${name}: ${hits.filter((h) => h.total > 0).length} of ${hits.length} queries find products, ` +
        `${hits.filter((h) => h.corrected).length} through a spelling correction, ${hits.filter((h) => h.total >= 2000).length} with 2,000+ matches. ` +
        `Slowest (median of ${PASSES}): ${slowest.map(([q, v]) => `«${q.q}» ${ms(v)} ms`).join(", ")}.`,
    );
  }
  out.push("");
  out.push("(ms)");
  for (const note of notes) out.push(`- ${note}`);
  out.push("");
  console.log(out.join("\n"));
  return out;
}

/**
 * Catalogue lists sorted by price (issue 15): the first page of 20 cheapest / dearest products
 * within one currency (one index walk) and across RUB, CNY and USD through the Bank of Russia's
 * latest rates (ADR 026: one walk per currency, merged), with and without a price range in
 * roubles. The rates snapshot of ../shared/data/cbr is loaded when the catalogue has none.
 * Same code path as `GET /api/products`, no HTTP.
 */
export async function runPriceSortBench(catalogues: BenchCatalogue[]): Promise<string[]> {
  const cases: [string, ProductFilters][] = [
    ["one currency (CNY), cheapest first", { currency: "CNY", sort: "price_asc" }],
    ["all currencies in roubles, cheapest first", { sort: "price_asc" }],
    ["all currencies in roubles, dearest first", { sort: "price_desc" }],
    ["all currencies, 1,000–50,000 ₽, cheapest first", { sort: "price_asc", priceMin: 1000, priceMax: 50000, priceIn: "RUB" }],
  ];
  const out = [
    "### Catalogue lists sorted by price across currencies — first page of 20 (`GET /api/products`'s code, no HTTP)",
    "",
    "| engine | products | list | n | p50 | p95 | p99 | max |",
    "|---|---:|---|---:|---:|---:|---:|---:|",
  ];
  for (const catalogue of catalogues) {
    const name = catalogue.engine === "postgres" ? "PostgreSQL" : "PGlite";
    await loadMoneyReference(catalogue.database.db, classifierDataDir(), { info: () => {}, warn: (m: unknown) => log(String(m)) });
    for (const [label, filters] of cases) {
      await listProducts(catalogue.database.db, filters, "ru", 1, 20);
      const samples: number[] = [];
      for (let i = 0; i < 30; i++) {
        const start = performance.now();
        await listProducts(catalogue.database.db, filters, "ru", 1 + (i % 3), 20);
        samples.push(performance.now() - start);
      }
      const s = stats(samples);
      out.push(
        `| ${name} | ${catalogue.products.toLocaleString("en-US")} | ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`,
      );
    }
  }
  out.push("", "(ms; pages 1–3 in turn, 30 runs each after one warm-up)", "");
  console.log(out.join("\n"));
  return out;
}

/**
 * Category lists with their facets (issue 31 §3: p95 ≤ 30 ms at 10,000,000 products): what
 * `/catalog/{id}` loads — the page of 20 (`listProducts`) and the facets (`productFacets`), in
 * parallel as the page asks for them — for the 8 top categories and the 8 subcategories with the most
 * products, 4 regions, 4 TN VED chapters, a top category within a region and a subcategory by price in
 * roubles. The facet cache (60 s per filter set in a process) is cleared before every call, so each
 * sample pays its own queries; the shared count groups (ADR 070) are refreshed first, as the
 * `catalogue-counts` job keeps them on a running server, and the refresh's own time is printed.
 */
export async function runCategoryListBench(catalogues: BenchCatalogue[]): Promise<string[]> {
  const out = [
    "### Category lists with facets — the page of 20 and its facets in parallel (`/catalog/{id}`'s data, no HTTP)",
    "",
    "| engine | products | list | n | p50 | p95 | p99 | max |",
    "|---|---:|---|---:|---:|---:|---:|---:|",
  ];
  const notes: string[] = [];
  for (const catalogue of catalogues) {
    const db = catalogue.database.db;
    const name = catalogue.engine === "postgres" ? "PostgreSQL" : "PGlite";
    const started = performance.now();
    const groups = await refreshProductCountGroups(db);
    notes.push(
      `${name}: the shared count groups refreshed in ${((performance.now() - started) / 1000).toFixed(1)} s (${groups.toLocaleString("en-US")} groups).`,
    );
    const top = await db.execute<{ id: number }>(sql`select c.id from categories c where c.parent_id is null
      order by (select count(*) from product_count_groups g join categories s on s.id = g.category_id where s.parent_id = c.id or s.id = c.id) desc, c.id limit 8`);
    const sub = await db.execute<{
      id: number;
    }>(sql`select g.category_id as id from product_count_groups g join categories s on s.id = g.category_id
      where s.parent_id is not null group by 1 order by sum(g.n) desc, 1 limit 8`);
    const regions = await db.execute<{
      code: string;
    }>(sql`select region_code as code from product_count_groups where region_code is not null
      group by 1 order by sum(n) desc, 1 limit 4`);
    const chapters = await db.execute<{ chapter: string }>(sql`select chapter from product_count_groups where chapter is not null
      group by 1 order by sum(n) desc, 1 limit 4`);
    const kinds: [string, ProductFilters[]][] = [
      ["a top category", top.rows.map((r) => ({ category: r.id }))],
      ["a subcategory", sub.rows.map((r) => ({ category: r.id }))],
      ["a region", regions.rows.map((r) => ({ region: r.code }))],
      ["a TN VED chapter", chapters.rows.map((r) => ({ tnved: r.chapter }))],
      [
        "a top category in a region",
        top.rows.slice(0, 4).map((r, i) => ({ category: r.id, region: regions.rows[i % regions.rows.length]?.code })),
      ],
      [
        "a subcategory by price in roubles",
        sub.rows.slice(0, 4).map((r) => ({ category: r.id, currency: "RUB" as const, sort: "price_asc" as const })),
      ],
    ];
    const all: number[] = [];
    for (const [label, filterSets] of kinds) {
      const samples: number[] = [];
      for (const [pass, filters] of [0, 1, 2, 3].flatMap((pass) => filterSets.map((f) => [pass, f] as const))) {
        clearFacetCache();
        const start = performance.now();
        await Promise.all([listProducts(db, filters, "ru", 1 + (pass % 3), 20), productFacets(db, filters, "ru")]);
        // The first pass warms the caches a running server has (statements, category rows); it is not counted.
        if (pass > 0) samples.push(performance.now() - start);
      }
      all.push(...samples);
      const s = stats(samples);
      out.push(
        `| ${name} | ${catalogue.products.toLocaleString("en-US")} | ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`,
      );
    }
    const s = stats(all);
    out.push(
      `| ${name} | ${catalogue.products.toLocaleString("en-US")} | **all** (target p95 ≤ 30 ms) | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`,
    );
  }
  out.push(
    "",
    "(ms; pages 1–3 in turn, three measured passes after a warm-up, the facet cache cleared before each call)",
    ...notes.map((n) => `- ${n}`),
    "",
  );
  console.log(out.join("\n"));
  return out;
}
