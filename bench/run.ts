/**
 * `npm run bench -- [options]` — performance figures measured side by side in one run, printed as
 * markdown tables on stdout (progress on stderr). Timings are never test assertions.
 *
 * Parts (`--parts`, comma-separated; default all, in this order):
 *  - `classifiers`: classifier search latency on PGlite vs PostgreSQL, import time, event-loop
 *    delay while PGlite works (bench/classifiers.ts);
 *  - `search`: catalogue ranked search top-20 p50/p95/p99 over 200+ real ru/en/zh queries on the
 *    PostgreSQL catalogue (`--products`, default 1,000,000, database `postavka_bench` or BENCH_DB) and the
 *    PGlite one (`--pglite-products`, default 100,000), and lists sorted by price across currencies
 *    (bench/catalog.ts), and category lists with their facets (the page of 20 and the facets, the facet
 *    cache cleared before each call);
 *  - `http`: wrk on `/ru/product/{id}` of the PostgreSQL catalogue against the same app with its
 *    data in memory and a bare React Router page (bench/http.ts; `--connections`, default 32,
 *    `--duration` seconds, default 20);
 *  - `http-compare`: wrk on the uncached `/ru/product/{id}` of the same PostgreSQL catalogue, this
 *    tree's build side by side with a base commit's (`--base REF`, default `HEAD~1`, built in a
 *    temporary git worktree that is removed afterwards), `--rounds` rounds (default 3) of
 *    `--duration` seconds (default 10 here) per build, alternating; prints req/s, p50/p99 and the
 *    ratio current / base, and the HTML size of the category and product pages of both
 *    (bench/http-compare.ts; issue 17). Servers on BENCH_PORT and BENCH_PORT + 1 when set,
 *    free ports otherwise; the base uses BENCH_BASE_NODE_MODULES (a `node_modules` folder) when set,
 *    else this tree's dependencies (ADR 064: a change to patches/ shows only with the base's own);
 *  - `navigation`: a catalogue → product click in Chromium with and without the speculation rules
 *    (bench/navigation.ts; issue 17 §3);
 *  - `lighthouse`: Lighthouse mobile scores and TBT of the ten public pages of issue 17, 3 runs each,
 *    medians, with the machine's benchmarkIndex (bench/lighthouse.ts);
 *  - `registers`: a generated FNS SME register of `--register-entries` entries (default 1,000,000)
 *    imported on PostgreSQL, again (skipped) and forced: entries/s, peak RSS, writes (bench/registers.ts;
 *    issue 30). Not in the default set: generating and importing a million entries takes many minutes;
 *  - `register-search`: supplier search (the catalogue queries, register name words, with an OKVED
 *    and a region filter, identifiers) and the supplier list with filters and facet counts over a
 *    directory of `--register-entries` register companies (default 5,000,000 here) imported in bulk
 *    beside 1,000 platform companies: p50/p95/p99/max per kind and the slowest queries, against
 *    p95 ≤ 50 ms / p99 ≤ 100 ms (search) and p95 ≤ 100 ms (list) (bench/register-search.ts; issue 30).
 *    Database `--register-db` (default `postavka_bench_register_search`), dropped at the end unless
 *    `--keep-db`, reused by the next run while it matches (`--fresh` loads it again). Not in the
 *    default set: loading 5,000,000 entries takes about half an hour and ≈ 15 GB of disk;
 *  - `reliability`: peak, a soak at 80 % of it (`--soak` seconds, default 600), PostgreSQL stopped
 *    under load, 20 hard kills during writes (bench/reliability.ts). Not in the default set: it
 *    takes over 12 minutes and stops the local PostgreSQL server for 10 s. `--soak-only`: the peak
 *    and the soak alone (the server's memory and event loop, issue 31 §5), PostgreSQL left running;
 *    `--soak-rate N`: the soak at N req/s instead of 80 % of the peak, so that runs on a machine
 *    whose load changes compare at the same rate; `--soak-pin`: the server on core 0 alone, the load
 *    generator and PostgreSQL on core 1 (as a server machine of its own with the database elsewhere).
 *  - `onec`: the real 1C catalogue (izh_*) multiplied to `--onec-products` (default 50,000) and
 *    imported through the 1C exchange's job: time from import to success, event-loop delay p99, RSS
 *    above idle (bench/onec.ts; issue 29). Not in the default set: it takes minutes;
 *  - `hostile`: 20 hostile uploads (zip bombs, a million-column CSV, deep and wide XML…) over
 *    `--hostile-seconds` (default 60) while honest traffic runs at half the peak: its errors, its p99
 *    against the same load alone, the server's peak RSS (bench/hostile.ts; issue 25). Not in the
 *    default set either.
 *  - `replicas`: a primary and a hot standby built on this machine (initdb, pg_basebackup -R), nginx and
 *    two servers: public pages from the standby, read-your-writes, the standby stopped under load,
 *    promotion (bench/replicas.ts; issue 31 §2). Not in the default set: a check more than a timing.
 *
 * Benchmark catalogues are kept between runs (seeding a million products takes minutes) and
 * reused while their sizes and the schema match; `--fresh` seeds them again.
 *
 * Examples: `npm run bench` (everything, full size, ≈ 15 min the first time);
 * `npm run bench -- --parts search,http --products 100000 --pglite-products 20000`;
 * `npm run bench -- --parts http-compare --base main --rounds 3 --duration 10` (this tree against
 * main; a quick look: `--products 20000 --rounds 2 --duration 5`).
 * Exit codes: 0 done (targets missed are reported, not failed), 1 error, 2 bad arguments.
 */
import { preparePglite, preparePostgres, runCategoryListBench, runPriceSortBench, runSearchBench, type BenchCatalogue } from "./catalog.ts";
import { runClassifierBench } from "./classifiers.ts";
import { resolveCommit, runHttpCompare } from "./http-compare.ts";
import { runHttpBench } from "./http.ts";
import { runLighthouse } from "./lighthouse.ts";
import { runNavigationBench } from "./navigation.ts";
import { runHostileBench } from "./hostile.ts";
import { runReliabilityBench } from "./reliability.ts";
import { runRegistersBench } from "./registers.ts";
import { runRegisterSearchBench } from "./register-search.ts";
import { runReplicasBench } from "./replicas.ts";
import { runOnecBench } from "./onec.ts";
import { log } from "./stats.ts";
import { readCommandLine, wholeNumber } from "#scripts/lib/command-line.ts";

const PARTS = [
  "classifiers",
  "search",
  "http",
  "http-compare",
  "lighthouse",
  "navigation",
  "reliability",
  "hostile",
  "registers",
  "register-search",
  "replicas",
  "onec",
] as const;
const DEFAULT_PARTS = ["classifiers", "search", "http", "http-compare", "lighthouse", "navigation"] as const;
type Part = (typeof PARTS)[number];
const USAGE =
  "Usage: npm run bench -- [--parts classifiers,search,http,http-compare,lighthouse,navigation,reliability,hostile,registers,register-search,onec,replicas] [--products N] [--pglite-products N] " +
  "[--register-entries N] [--register-db NAME] [--onec-products N] [--connections N] [--duration S] [--base REF] [--rounds N] [--soak S] [--soak-rate N] [--soak-only] [--soak-pin] [--hostile-seconds S] [--keep-db] [--fresh]";

const options = readCommandLine(
  USAGE,
  {
    parts: { type: "string", default: DEFAULT_PARTS.join(",") },
    soak: { type: "string", default: "600" },
    "hostile-seconds": { type: "string", default: "60" },
    "keep-db": { type: "boolean", default: false },
    "soak-only": { type: "boolean", default: false },
    "soak-pin": { type: "boolean", default: false },
    "soak-rate": { type: "string" },
    products: { type: "string", default: "1000000" },
    "pglite-products": { type: "string", default: "100000" },
    connections: { type: "string", default: "32" },
    duration: { type: "string" },
    base: { type: "string", default: "HEAD~1" },
    rounds: { type: "string", default: "3" },
    fresh: { type: "boolean", default: false },
    // Unset: 1,000,000 for `registers`, 5,000,000 for `register-search`.
    "register-entries": { type: "string" },
    "register-db": { type: "string", default: "postavka_bench_register_search" },
    "onec-products": { type: "string", default: "50000" },
  },
  (values) => {
    const parts = values.parts
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
    if (unknown.length > 0) throw new Error(`unknown part(s): ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
    // A typo in --base fails here, as a bad argument, not after the catalogue is prepared.
    if (parts.includes("http-compare")) resolveCommit(values.base);
    return {
      parts: new Set(parts as Part[]),
      products: wholeNumber("products", values.products, 1000),
      pgliteProducts: wholeNumber("pglite-products", values["pglite-products"], 1000),
      connections: wholeNumber("connections", values.connections, 1),
      // Unset: 20 s per server for `http`, 10 s per round and build for `http-compare`.
      durationS: values.duration === undefined ? null : wholeNumber("duration", values.duration, 1),
      base: values.base,
      rounds: wholeNumber("rounds", values.rounds, 1),
      soakS: wholeNumber("soak", values.soak, 10),
      hostileS: wholeNumber("hostile-seconds", values["hostile-seconds"], 10),
      keepDatabase: values["keep-db"],
      soakOnly: values["soak-only"],
      soakPin: values["soak-pin"],
      soakRate: values["soak-rate"] === undefined ? undefined : wholeNumber("soak-rate", values["soak-rate"], 1),
      fresh: values.fresh,
      registerEntries: values["register-entries"] === undefined ? null : wholeNumber("register-entries", values["register-entries"], 1),
      registerDb: /^[a-z_][a-z0-9_]{0,62}$/.test(values["register-db"])
        ? values["register-db"]
        : (() => {
            throw new Error("--register-db must be a lower-case database name (letters, digits, _)");
          })(),
      onecProducts: wholeNumber("onec-products", values["onec-products"], 1),
    };
  },
);
const started = Date.now();
const open: BenchCatalogue[] = [];
try {
  if (options.parts.has("classifiers")) await runClassifierBench();
  if (options.parts.has("search") || options.parts.has("http") || options.parts.has("http-compare")) {
    const postgres = await preparePostgres(options.products, options.fresh);
    open.push(postgres);
    const catalogues = [postgres];
    if (options.parts.has("search")) {
      const pglite = await preparePglite(options.pgliteProducts, options.fresh);
      open.push(pglite);
      catalogues.push(pglite);
      const seeded = catalogues.filter((c) => c.seededMs !== null);
      if (seeded.length > 0) {
        console.log(
          `Seeded by this run: ${seeded.map((c) => `${c.engine} ${c.products.toLocaleString("en-US")} products in ${(c.seededMs! / 1000).toFixed(0)} s`).join("; ")}.\n`,
        );
      }
      await runSearchBench(catalogues);
      await runPriceSortBench(catalogues);
      await runCategoryListBench(catalogues);
      await pglite.database.close();
      open.splice(open.indexOf(pglite), 1);
    }
    if (options.parts.has("http")) await runHttpBench(postgres, { connections: options.connections, durationS: options.durationS ?? 20 });
    if (options.parts.has("http-compare"))
      await runHttpCompare(postgres, {
        base: options.base,
        connections: options.connections,
        durationS: options.durationS ?? 10,
        rounds: options.rounds,
      });
  }
  if (options.parts.has("lighthouse")) await runLighthouse();
  if (options.parts.has("navigation")) await runNavigationBench();
  if (options.parts.has("registers")) await runRegistersBench(options.registerEntries ?? 1_000_000);
  if (options.parts.has("register-search"))
    await runRegisterSearchBench({
      entries: options.registerEntries ?? 5_000_000,
      databaseName: options.registerDb,
      fresh: options.fresh,
      keep: options.keepDatabase,
    });
  if (options.parts.has("onec")) await runOnecBench(options.onecProducts);
  if (options.parts.has("reliability"))
    await runReliabilityBench({
      soakS: options.soakS,
      keepDatabase: options.keepDatabase,
      soakOnly: options.soakOnly,
      soakRate: options.soakRate,
      pinCores: options.soakPin,
    });
  if (options.parts.has("hostile")) await runHostileBench({ seconds: options.hostileS });
  if (options.parts.has("replicas")) await runReplicasBench();
  log(`bench: done in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  for (const catalogue of open) await catalogue.database.close().catch(() => {});
}
