/**
 * Classifier part of `npm run bench` (bench/run.ts):
 *
 *  (a) search latency p50/p95/p99 of `searchCodes` (server/classifiers/repository.ts, called directly,
 *      i.e. SQL + result mapping without HTTP) over the fixed real queries in bench/queries.ts, against
 *      PGlite (worker thread + wire protocol, as the server uses it) and PostgreSQL side by side,
 *      after one warm-up pass; queries alternate between engines so drift hits both alike;
 *  (b) time to import both classifiers into a fresh PGlite and a fresh PostgreSQL database;
 *  (c) event-loop delay of this process while PGlite runs a deliberately slow query, in the worker
 *      thread (how the server runs it) and, for contrast, in-process on the main thread.
 *
 * Uses a fresh temp DATA_DIR and a fresh `postavka_bench_*` database on TEST_DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres); both are removed at the end.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { importClassifiers } from "#server/classifiers/import/import.ts";
import { searchCodes, type Lang } from "#server/classifiers/repository.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { classifierDataDir, createPostgresDatabase, dropPostgresDatabase, makeTempDataDir, removeDir } from "#tests/support/databases.ts";
import { benchQueries, type BenchQuery } from "./queries.ts";
import { log, ms, stats } from "./stats.ts";

const MEASURED_PASSES = 2;
const SLOW_QUERY = "select count(*) from generate_series(1, 3000000)";
const SLOW_REPEATS = 3;

function langOf(query: BenchQuery): Lang {
  return query.kind === "zh" ? "zh" : query.kind === "en" ? "en" : "ru";
}

async function timeSearch(database: Database, query: BenchQuery): Promise<number> {
  const start = performance.now();
  await searchCodes(database.db, query.classifier, { q: query.q, lang: langOf(query), page: 1, perPage: 20 });
  return performance.now() - start;
}

/** Runs the classifier benchmark; prints its tables and returns their lines. */
export async function runClassifierBench(): Promise<string[]> {
  const dataSource = classifierDataDir();
  const dataDir = makeTempDataDir("postavka-bench-");
  let pgName: string | null = null;
  const open: Database[] = [];
  const out: string[] = [];
  try {
    // (b) import into fresh databases
    log("bench: importing into fresh PGlite …");
    let t = performance.now();
    const lite = await openDatabase({ dataDir });
    open.push(lite);
    const liteOpen = performance.now() - t;
    t = performance.now();
    await importClassifiers(lite.db, dataSource);
    const liteImport = performance.now() - t;

    log("bench: importing into fresh PostgreSQL …");
    const created = await createPostgresDatabase("bench");
    pgName = created.name;
    t = performance.now();
    const pgDb = await openDatabase({ databaseUrl: created.url, dataDir, poolMax: 1 });
    open.push(pgDb);
    const pgOpen = performance.now() - t;
    t = performance.now();
    await importClassifiers(pgDb.db, dataSource);
    const pgImport = performance.now() - t;

    // (a) search latency
    log(`bench: warm-up over ${benchQueries.length} queries …`);
    for (const query of benchQueries) {
      await timeSearch(lite, query);
      await timeSearch(pgDb, query);
    }
    log(`bench: measuring ${MEASURED_PASSES} passes …`);
    const samples = { pglite: new Map<string, number[]>(), postgres: new Map<string, number[]>() };
    const perQuery = new Map<BenchQuery, number[]>();
    const push = (m: Map<string, number[]>, key: string, v: number) => m.set(key, [...(m.get(key) ?? []), v]);
    for (let pass = 0; pass < MEASURED_PASSES; pass++) {
      for (const [i, query] of benchQueries.entries()) {
        const order = (i + pass) % 2 === 0 ? (["pglite", "postgres"] as const) : (["postgres", "pglite"] as const);
        for (const engine of order) {
          const elapsed = await timeSearch(engine === "pglite" ? lite : pgDb, query);
          push(samples[engine], "all", elapsed);
          if (engine === "postgres") perQuery.set(query, [...(perQuery.get(query) ?? []), elapsed]);
          push(samples[engine], query.kind === "word" ? "ru" : query.kind, elapsed);
        }
      }
    }

    out.push(
      `### Classifier search latency — \`searchCodes\` direct (no HTTP), ${benchQueries.length} real queries × ${MEASURED_PASSES} passes after warm-up, perPage 20`,
    );
    out.push("");
    out.push(
      "| queries | n | PGlite p50 | PGlite p95 | PGlite p99 | PostgreSQL p50 | PostgreSQL p95 | PostgreSQL p99 | p95 PGlite/PG | target |",
    );
    out.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    const groups: [string, string][] = [
      ["all", "**all**"],
      ["code", "codes & prefixes"],
      ["ru", "Russian words"],
      ["en", "English words"],
      ["zh", "Chinese"],
      ["typo", "typos (corrected)"],
    ];
    let verdict = "";
    for (const [key, label] of groups) {
      const a = stats(samples.pglite.get(key) ?? []);
      const b = stats(samples.postgres.get(key) ?? []);
      const ratio = a.p95 / b.p95;
      let target = "";
      if (key === "all") {
        const pgOk = b.p95 <= 10;
        const liteOk = ratio <= 2;
        target = `PG p95 ≤ 10 ms ${pgOk ? "✅" : "❌"}; PGlite ≤ 2× ${liteOk ? "✅" : "❌"}`;
        verdict = target;
      }
      out.push(
        `| ${label} | ${a.n / 1} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.p99)} | ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.p99)} | ${ratio.toFixed(2)}× | ${target} |`,
      );
    }
    out.push("");
    out.push("(all times in ms; n counts samples per engine)");
    out.push("");
    const slowest = [...perQuery]
      .map(([q, v]) => [q, Math.min(...v)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    out.push(
      `Slowest queries on PostgreSQL (best of ${MEASURED_PASSES}): ${slowest.map(([q, v]) => `${q.classifier} «${q.q}» (${q.kind}) ${ms(v)} ms`).join("; ")}`,
    );
    out.push("");

    out.push("### Import of OKVED2 + TN VED (3,043 + 20,206 rows) into a fresh database");
    out.push("");
    out.push("| engine | open + migrate | import | target |");
    out.push("|---|---:|---:|---|");
    out.push(
      `| PGlite (worker) | ${(liteOpen / 1000).toFixed(2)} s | ${(liteImport / 1000).toFixed(2)} s | ≤ 10 s ${liteImport <= 10_000 ? "✅" : "❌"} |`,
    );
    out.push(
      `| PostgreSQL | ${(pgOpen / 1000).toFixed(2)} s | ${(pgImport / 1000).toFixed(2)} s | ≤ 10 s ${pgImport <= 10_000 ? "✅" : "❌"} |`,
    );
    out.push("");

    await pgDb.close();
    open.splice(open.indexOf(pgDb), 1);

    // (c) event-loop delay while PGlite is busy
    log("bench: event-loop delay while PGlite runs a slow query …");
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const measureLoop = async (run: () => Promise<unknown>) => {
      histogram.reset();
      histogram.enable();
      // The histogram's timer starts on the next loop turn; a blocked loop records one late sample.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const start = performance.now();
      for (let i = 0; i < SLOW_REPEATS; i++) await run();
      const total = performance.now() - start;
      // Let the histogram record the last interval.
      await new Promise((resolve) => setTimeout(resolve, 20));
      histogram.disable();
      return { query: total / SLOW_REPEATS, max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6, mean: histogram.mean / 1e6 };
    };
    const workerRun = await measureLoop(() => lite.pool.query(SLOW_QUERY));
    const heavySearch = await measureLoop(() =>
      searchCodes(lite.db, "tnved", { q: "изделия из стали", lang: "ru", page: 1, perPage: 100 }),
    );
    await lite.close();
    open.splice(open.indexOf(lite), 1);

    const inProcess = await PGlite.create({ extensions: { pg_trgm } });
    await inProcess.query("select 1");
    const mainRun = await measureLoop(() => inProcess.query(SLOW_QUERY));
    await inProcess.close();

    out.push(`### Event-loop delay of this process while PGlite works (monitorEventLoopDelay, resolution 1 ms, ${SLOW_REPEATS} runs each)`);
    out.push("");
    out.push("| where PGlite runs | query | query time (avg) | loop delay mean | loop delay p99 | loop delay max |");
    out.push("|---|---|---:|---:|---:|---:|");
    out.push(
      `| worker thread (server setup) | \`${SLOW_QUERY}\` | ${ms(workerRun.query)} | ${ms(workerRun.mean)} | ${ms(workerRun.p99)} | ${ms(workerRun.max)} |`,
    );
    out.push(
      `| worker thread (server setup) | tnved search «изделия из стали», perPage 100 | ${ms(heavySearch.query)} | ${ms(heavySearch.mean)} | ${ms(heavySearch.p99)} | ${ms(heavySearch.max)} |`,
    );
    out.push(
      `| main thread (\`new PGlite()\` in-process, contrast) | \`${SLOW_QUERY}\` | ${ms(mainRun.query)} | ${ms(mainRun.mean)} | ${ms(mainRun.p99)} | ${ms(mainRun.max)} |`,
    );
    out.push("");
    out.push(
      `(ms) Summary: search ${verdict}; worker keeps loop delay max at ${ms(workerRun.max)} ms vs ${ms(mainRun.max)} ms in-process.`,
    );
    console.log(out.join("\n"));
    return out;
  } finally {
    for (const database of open) await database.close().catch(() => {});
    if (pgName) await dropPostgresDatabase(pgName).catch((error) => log(`bench: could not drop ${pgName}: ${error}`));
    removeDir(dataDir);
  }
}
