/**
 * Register-search part of `npm run bench` (bench/run.ts; issue 30 measure, second line): supplier
 * search and the supplier list with facets over a directory of `--register-entries` register
 * companies (default here 5,000,000) beside the platform's own.
 *
 * The directory: a fresh PostgreSQL database (`--register-db`, default `postavka_bench_register_search`,
 * on TEST_DATABASE_URL's server) with the classifiers and regions, a generated SME register of N
 * entries (bench/registers-generate.ts; the archive is kept in `.data/bench/register-N.zip` and
 * reused) imported by `npm run import:registers` in a child process — a first snapshot into an empty
 * directory, so the bulk COPY path of server/registers/bulk.ts — then the demo catalogue's
 * PLATFORM_COMPANIES companies and PLATFORM_PRODUCTS products (seedDemo, origin `platform`), then
 * VACUUM ANALYZE (the steady state autovacuum reaches; index-only scans need the visibility map).
 * With `--keep-db` the database stays and a later run reuses it while its marker (entries, platform
 * size) matches — migrated when opened, so new indexes are built on it — so queries can be changed and measured again without reloading;
 * `--fresh` loads it again. Without `--keep-db` it is dropped at the end.
 *
 * What is measured, in the bench's process on a pool of 10 connections, each query alone (one at a
 * time), one warm-up pass then PASSES passes, per kind p50/p95/p99/max and the slowest queries:
 *  - supplier search exactly as `/search` and `/suppliers?q=` run it: `withSpellingCorrection(
 *    searchCompanies(q, page 1, 20, filters))` — the 249 catalogue queries of bench/catalog-queries.ts,
 *    words of register names (the generator's vocabulary), the same words with an OKVED filter and
 *    with a region filter, and identifiers typed as the words (INN, OGRN, OKVED code);
 *    target p95 ≤ 50 ms, p99 ≤ 100 ms;
 *  - the supplier list with filters and facet counts exactly as `/suppliers` runs it (`filterSuppliers`:
 *    the page of 20 and every facet), with the facet cache cleared before each call so each filter
 *    set pays its own queries; the per-process count groups (cached, refreshed in the background
 *    every COUNTS_TTL_MS, as on a server) are warm, their first computation is reported apart;
 *    target p95 ≤ 100 ms.
 */
import { existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { sql } from "drizzle-orm";
import { filterSuppliers } from "#server/catalog/browse.ts";
import { publishedCompanyTotal, type CompanyFilters } from "#server/catalog/companies.ts";
import { clearFacetCache } from "#server/catalog/facets.ts";
import { refreshStaleRegisterOkvedGroups } from "#server/registers/okved-groups.ts";
import { searchCompanies, withSpellingCorrection } from "#server/catalog/search.ts";
import { seedDemo } from "#server/catalog/seed/index.ts";
import { seedRegions } from "#server/catalog/regions.ts";
import { importClassifiers } from "#server/classifiers/import/import.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import type { Lang } from "#server/db/schema.ts";
import { adminUrl, classifierDataDir } from "#tests/support/databases.ts";
import { catalogBenchQueries } from "./catalog-queries.ts";
import { importOnce } from "./registers.ts";
import { generateRegister } from "./registers-generate.ts";
import { log, ms, stats } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");
const PASSES = 3;
export const PLATFORM_COMPANIES = 1000;
const PLATFORM_PRODUCTS = 5000;

/**
 * What a kept database must match to be reused: its sizes. Not the migrations: a kept database is
 * migrated when opened, so a new index is built on it in place (the point of keeping it is trying
 * indexes and queries without loading millions of rows again); `--fresh` when the load itself changed.
 */
function marker(entries: number): string {
  return JSON.stringify({ bench: "postavka register search", entries, platform: [PLATFORM_COMPANIES, PLATFORM_PRODUCTS] });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Load phases and their seconds (empty when the database was reused). */
type Loaded = { phase: string; s: number }[];

async function load(url: string, entries: number, dataDir: string): Promise<Loaded> {
  const phases: Loaded = [];
  const timed = async (phase: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    log(`bench: ${phase} …`);
    await work();
    phases.push({ phase, s: (performance.now() - t) / 1000 });
  };
  const file = path.join(root, ".data", "bench", `register-${entries}.zip`);
  if (!existsSync(file)) {
    await timed(`generating a register of ${entries.toLocaleString("en-US")} entries`, async () => {
      mkdirSync(path.dirname(file), { recursive: true });
      await generateRegister(`${file}.part`, entries);
      renameSync(`${file}.part`, file);
    });
  }
  let database = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await timed("classifiers and regions", async () => {
      await importClassifiers(database.db, classifierDataDir());
      await seedRegions(database.db);
    });
  } finally {
    await database.close();
  }
  let bulk = false;
  await timed(`register import (${(statSync(file).size / 1024 ** 2).toFixed(0)} MB ZIP)`, async () => {
    const { line } = importOnce(url, file, false);
    if (line.added !== entries) throw new Error(`the import added ${line.added} of ${entries} entries`);
    bulk = line.bulk === true;
  });
  phases.at(-1)!.phase += bulk ? ", bulk path" : ", row by row";
  database = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await timed(`platform catalogue (${PLATFORM_COMPANIES} companies, ${PLATFORM_PRODUCTS} products)`, () =>
      seedDemo(database.db, {
        engine: "postgres",
        companies: PLATFORM_COMPANIES,
        products: PLATFORM_PRODUCTS,
        seed: 1,
        dataDir,
        referenceDir: classifierDataDir(),
        batchSize: 2000,
      }),
    );
  } finally {
    await database.close();
  }
  await timed("VACUUM ANALYZE", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("vacuum (analyze)");
    } finally {
      await client.end();
    }
  });
  return phases;
}

/** Words of register names as the generator writes them (bench/registers-generate.ts), and their combinations. */
const REGISTER_WORDS = [
  "строй",
  "стройтехно",
  "техно",
  "металл",
  "металлторг",
  "агро",
  "агропром",
  "лес",
  "торг",
  "снаб",
  "энерго",
  "пласт",
  "хим",
  "маш",
  "иванов",
  "смирнов",
  "кузнецов алексей",
  "петров сергей сергеевич",
  "новиков",
  "федоров дмитрий",
  "ооо",
  "ооо стройснаб",
  "общество с ограниченной ответственностью",
  "энергохим 12345",
  "пластмаш",
  "химагро",
  "лесторг",
  "снабстрой",
  "промметалл",
  "торгэнерго",
];
const OKVED_FILTERS = ["25", "46", "46.7", "47", "41.20", "62.01", "10.1", "01", "49.41", "68.20", "28", "43.21"];
const REGION_FILTERS = ["77", "78", "50", "66", "16", "23", "54", "02", "63", "24"];
/** OKVED codes typed as the words (the identifier path of the search: the OKVED filter). */
const OKVED_TYPED = ["25", "46.73", "47.11", "62.01", "41.20", "10.11", "01.11", "49.41", "68.20.2", "43"];

export interface Query {
  kind: string;
  label: string;
  run: (db: Database["db"]) => Promise<unknown>;
}

function searchQuery(kind: string, q: string, lang: Lang, filters: CompanyFilters = {}): Query {
  const label = `${q}${Object.keys(filters).length > 0 ? ` ${JSON.stringify(filters)}` : ""}`;
  return {
    kind,
    label,
    run: (db) => withSpellingCorrection(db, q, (words) => searchCompanies(db, words, lang, 1, 20, filters)),
  };
}

function listQuery(kind: string, filters: CompanyFilters, q?: string, page = 1): Query {
  return {
    kind,
    label: `${q ? `${q} ` : ""}${JSON.stringify(filters)}${page > 1 ? ` page ${page}` : ""}`,
    run: (db) => {
      clearFacetCache();
      return filterSuppliers(db, { q, filters, lang: "ru", page, perPage: 20 });
    },
  };
}

/** Identifiers of register companies to look up: a few INNs and OGRNs as stored. */
export async function identifiers(db: Database["db"]): Promise<string[]> {
  const { rows } = await db.execute<{ inn: string; ogrn: string | null }>(
    sql`select inn, ogrn from legal_entities tablesample system (0.01) repeatable (7) where ogrn is not null limit 10`,
  );
  return rows.flatMap((r) => [r.inn, r.ogrn!]);
}

/**
 * Searches of words with one filter (an OKVED code or a region): every register word, then every
 * twelfth catalogue query from `offset`; each list takes the filter's values in turn.
 */
function filteredSearches(kind: string, key: "okved" | "region", values: readonly string[], offset: number): Query[] {
  const filter = (i: number): CompanyFilters => ({ [key]: values[i % values.length] });
  return [
    ...REGISTER_WORDS.map((q, i) => searchQuery(kind, q, "ru", filter(i))),
    ...catalogBenchQueries.filter((_, i) => i % 12 === offset).map((q, i) => searchQuery(kind, q.q, q.lang, filter(i))),
  ];
}

/** Every query the bench measures, in its order; `ids`: the INNs and OGRNs to look up (identifiers). */
export function registerSearchQueries(ids: string[]): Query[] {
  const out: Query[] = [];
  for (const q of catalogBenchQueries) out.push(searchQuery("search: catalogue queries (249)", q.q, q.lang));
  for (const q of REGISTER_WORDS) out.push(searchQuery("search: register name words", q, "ru"));
  out.push(...filteredSearches("search: words + OKVED filter", "okved", OKVED_FILTERS, 0));
  out.push(...filteredSearches("search: words + region filter", "region", REGION_FILTERS, 6));
  for (const q of [...OKVED_TYPED, ...ids]) out.push(searchQuery("search: identifiers (OKVED code, INN, OGRN)", q, "ru"));

  const lists: CompanyFilters[] = [
    {},
    { region: "77" },
    { region: "02" },
    { okved: "25" },
    { okved: "46.7" },
    { okved: "62.01" },
    { okved: "47", region: "77" },
    { okved: "10.1", region: "16" },
    { kind: "manufacturer" },
    { kind: "trader", region: "78" },
    { sme: "small" },
    { sme: "micro", region: "66" },
    { origin: "platform" },
    { origin: "register" },
    { origin: "register", region: "50" },
    { verified: true },
    { country: "CN" },
    { headcount: "11-50" },
    { revenue: "upto120m" },
    { okved: "46", sme: "small" },
    { okved: "28", origin: "register" },
    { okved: "41.20", kind: "trader" },
  ];
  for (const f of lists) out.push(listQuery("list: filters + facets", f));
  out.push(listQuery("list: filters + facets", { region: "77" }, undefined, 50));
  out.push(listQuery("list: filters + facets", { okved: "46" }, undefined, 50));
  const worded: [string, CompanyFilters][] = [
    ["металл", {}],
    ["строй", { region: "77" }],
    ["иванов", { okved: "47" }],
    ["трубы", {}],
    ["насосы", { region: "66" }],
    ["агро", { sme: "small" }],
    ["техно", { origin: "register" }],
    ["steel pipes", {}],
    ["钢管", {}],
    ["ооо", { kind: "manufacturer" }],
  ];
  for (const [q, f] of worded) out.push(listQuery("list: words + filters + facets", f, q));
  return out;
}

/** Runs the register-search benchmark; prints its tables and returns their lines. */
export async function runRegisterSearchBench(options: {
  entries: number;
  databaseName: string;
  fresh: boolean;
  keep: boolean;
}): Promise<string[]> {
  const name = options.databaseName;
  const want = marker(options.entries);
  const reuse = await admin(async (client) => {
    const found = await client.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [name],
    );
    if (!options.fresh && found.rows[0]?.comment === want) return true;
    log(`bench: creating database ${name} …`);
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
    return false;
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const dataDir = path.join(root, ".data", "bench", "register-search-files");
  mkdirSync(dataDir, { recursive: true });
  let database: Database | null = null;
  try {
    const phases = reuse ? [] : await load(url.toString(), options.entries, dataDir);
    if (reuse) log(`bench: reusing ${name} (${options.entries.toLocaleString("en-US")} register entries; --fresh to load again)`);
    else await admin((client) => client.query(`comment on database "${name}" is ${pg.escapeLiteral(want)}`));
    database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolMax: 10 });
    const db = database.db;
    const sizes = await db.execute<{ origin: string; n: string }>(
      sql`select origin, count(*)::bigint as n from companies where status = 'published' group by 1 order by 1`,
    );
    const dbSize = await db.execute<{ size: string }>(sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
    let t = performance.now();
    // A database loaded before migration 0038 (or changed since) has no up-to-date OKVED count groups:
    // the pass an import ends with, timed apart (ADR 074).
    const groups = await refreshStaleRegisterOkvedGroups(db);
    const okvedGroups =
      groups === null
        ? ""
        : `The register's OKVED count groups refreshed: ${groups.toLocaleString("en-US")} groups in ${((performance.now() - t) / 1000).toFixed(0)} s. `;
    t = performance.now();
    await publishedCompanyTotal(db);
    const countGroupsMs = performance.now() - t;

    const list = registerSearchQueries(await identifiers(db));
    const samples = new Map<string, { label: string; ms: number }[]>();
    const loads: number[] = [loadavg()[0]!];
    for (let pass = 0; pass <= PASSES; pass++) {
      log(`bench: ${pass === 0 ? "warm-up pass" : `pass ${pass}/${PASSES}`} over ${list.length} queries …`);
      for (const query of list) {
        t = performance.now();
        await query.run(db);
        const took = performance.now() - t;
        if (pass === 0) continue;
        const kind = samples.get(query.kind) ?? [];
        kind.push({ label: query.label, ms: took });
        samples.set(query.kind, kind);
      }
      loads.push(loadavg()[0]!);
    }
    const target = (kind: string, s: ReturnType<typeof stats>) =>
      kind.startsWith("list")
        ? `p95 ≤ 100 ms ${s.p95 <= 100 ? "✅" : "❌"}`
        : `p95 ≤ 50 ms ${s.p95 <= 50 ? "✅" : "❌"}, p99 ≤ 100 ms ${s.p99 <= 100 ? "✅" : "❌"}`;
    const all = (prefix: string) => [...samples].filter(([k]) => k.startsWith(prefix)).flatMap(([, v]) => v.map((x) => x.ms));
    const rows = [...samples].map(([kind, v]) => {
      const s = stats(v.map((x) => x.ms));
      return `| ${kind} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${target(kind, s)} |`;
    });
    for (const [label, prefix] of [
      ["all supplier search", "search"],
      ["all supplier lists", "list"],
    ] as const) {
      const s = stats(all(prefix));
      rows.push(`| **${label}** | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${target(prefix, s)} |`);
    }
    const slowest = [...samples].map(([kind, v]) => {
      // A query's figure is its median over the passes; the five slowest by that.
      const byLabel = new Map<string, number[]>();
      for (const x of v) byLabel.set(x.label, [...(byLabel.get(x.label) ?? []), x.ms]);
      const top = [...byLabel]
        .map(([label, xs]) => ({ label, median: stats(xs).p50, max: stats(xs).max }))
        .sort((a, b) => b.median - a.median)
        .slice(0, 5);
      return `- ${kind}: ${top.map((x) => `\`${x.label}\` ${ms(x.median)} ms (max ${ms(x.max)})`).join("; ")}`;
    });
    const counts = Object.fromEntries(sizes.rows.map((r) => [r.origin, Number(r.n).toLocaleString("en-US")]));
    const out = [
      `### Supplier search and list at ${options.entries.toLocaleString("en-US")} register companies (PostgreSQL, ${dbSize.rows[0]!.size})`,
      "",
      `Published companies: ${counts.register ?? 0} from the register, ${counts.platform ?? 0} on the platform. ` +
        (phases.length > 0
          ? `Loaded by this run: ${phases.map((p) => `${p.phase} ${p.s.toFixed(0)} s`).join("; ")}. `
          : "Database reused. ") +
        okvedGroups +
        `The count groups' first computation: ${ms(countGroupsMs)} ms. Load average (1 min) at the start and after each pass: ${loads.map((l) => l.toFixed(1)).join(", ")}.`,
      "",
      "| kind | n | p50 ms | p95 ms | p99 ms | max ms | target |",
      "|---|---:|---:|---:|---:|---:|---|",
      ...rows,
      "",
      "Slowest queries (median of the passes):",
      "",
      ...slowest,
      "",
    ];
    console.log(out.join("\n"));
    return out;
  } finally {
    await database?.close().catch(() => {});
    if (!options.keep) await admin((client) => client.query(`drop database if exists "${name}" with (force)`)).catch(() => {});
  }
}
