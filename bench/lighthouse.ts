/**
 * Lighthouse part of `npm run bench` (issue 6 point 9): the production build on a fresh embedded
 * database (scripts/e2e-server.ts, real classifiers) audited by Lighthouse 13 in Debian's Chromium
 * (`CHROME_PATH`, default /usr/bin/chromium), mobile preset (Lighthouse's default: emulated phone,
 * simulated slow 4G and 4× CPU slowdown), 3 runs per page, each figure the median of its 3 runs.
 * Targets: performance ≥ 95; accessibility, best practices and SEO 100; Total Blocking Time ≤ 50 ms
 * (issue 17), reported per page in its own column. Prints the machine's
 * Lighthouse benchmarkIndex (CPU speed; TBT scales with it), a table, and under it
 * every audit below full score in the median-performance run of a page, so a regression says why.
 *
 * Pages: exactly the ten kinds issue 17 names, one page each (`LIGHTHOUSE_KINDS` of
 * scripts/lib/public-pages.ts, shared with tests/e2e/budget.spec.ts): home, okved, tnved, catalog,
 * category, product, suppliers, supplier, story and search.
 *
 * Runs as a Russian visitor (Accept-Language ru-RU): otherwise `/` answers with a redirect to /en.
 * Returns the printed lines; throws if the server does not come up or Chromium cannot start.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "#scripts/lib/chromium.ts";
import { LIGHTHOUSE_KINDS, publicPageList } from "#scripts/lib/public-pages.ts";
import { freePort, waitUntilReady } from "./processes.ts";
import { median } from "./stats.ts";

const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
/** Total Blocking Time target, ms (issue 17): what hydrating only islands must bring on a phone. */
const TBT_TARGET_MS = 50;
const WATCHDOG_MS = 10 * 60_000;

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => process.stderr.write(`${line}\n`);

type Lhr = {
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; scoreDisplayMode: string; details?: { items?: { issueType?: string }[] } }
  >;
};

export async function runLighthouse(): Promise<string[]> {
  const watchdog = setTimeout(() => {
    log(`lighthouse: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();

  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    log("lighthouse: no production build yet: building …");
    const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("lighthouse: the build failed");
  }
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  log(`lighthouse: starting the production server on ${origin} (fresh database, classifier import ≈ 15 s) …`);
  const server = spawn(process.execPath, [path.join(root, "scripts", "e2e-server.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", NODE_ENV: "production", OUTBOX: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitUntilReady(origin, 120_000, server);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
    const out: string[] = [];
    const details: string[] = [];
    const rows: string[] = [];
    const benchmarkIndexes: number[] = [];
    const byKind = new Map((await publicPageList(origin)).map((p) => [p.kind, p.path]));
    for (const page of LIGHTHOUSE_KINDS.map((kind) => byKind.get(kind)!)) {
      const runs: Lhr[] = [];
      for (let i = 1; i <= RUNS; i++) {
        log(`lighthouse: ${page} run ${i}/${RUNS} …`);
        const result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          extraHeaders: { "Accept-Language": "ru-RU,ru;q=0.9" },
        });
        if (!result) throw new Error(`lighthouse: no result for ${page}`);
        runs.push(result.lhr as unknown as Lhr);
        benchmarkIndexes.push((result.lhr as unknown as Lhr).environment.benchmarkIndex);
      }
      const score = (category: string) => median(runs.map((r) => (r.categories[category]?.score ?? Number.NaN) * 100));
      const metric = (audit: string) => median(runs.map((r) => r.audits[audit]?.numericValue ?? Number.NaN));
      const scores = CATEGORIES.map((c) => score(c));
      const verdict = CATEGORIES.every((c, i) => scores[i]! >= TARGETS[c]) ? "✅" : "❌";
      const tbt = metric("total-blocking-time");
      rows.push(
        `| ${page} | ${scores.map((s) => s.toFixed(0)).join(" | ")} | ${(metric("first-contentful-paint") / 1000).toFixed(2)} s | ${(metric("largest-contentful-paint") / 1000).toFixed(2)} s | ${tbt.toFixed(0)} ms | ${metric("cumulative-layout-shift").toFixed(3)} | ${(metric("speed-index") / 1000).toFixed(2)} s | ${verdict} | ${tbt <= TBT_TARGET_MS ? "✅" : "❌"} |`,
      );
      // The run whose performance score is the median one explains what is short of full marks.
      const medianRun = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[
        Math.floor(RUNS / 2)
      ]!;
      const misses = Object.entries(medianRun.audits)
        .filter(
          ([, a]) =>
            a.score !== null &&
            a.score < 1 &&
            (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric" || a.scoreDisplayMode === "metricSavings"),
        )
        .map(([id, a]) => {
          // Chrome's Issues panel (best practices): the id alone does not say what it complained about.
          const kinds = [...new Set((a.details?.items ?? []).map((item) => item.issueType).filter(Boolean))];
          return `${id} (${Math.round((a.score ?? 0) * 100)}${kinds.length ? `: ${kinds.join(", ")}` : ""})`;
        });
      details.push(`- ${page}: ${misses.length ? misses.join(", ") : "every scored audit at 100"}`);
    }
    out.push(`### Lighthouse ${RUNS}× per page, mobile preset (simulated slow 4G, 4× CPU), Debian Chromium — medians`);
    // Lighthouse's own CPU benchmark of this machine: the simulated 4× slowdown multiplies the
    // observed main-thread time, so TBT (and scores) compare only between runs of similar index.
    out.push(
      `Lighthouse benchmarkIndex of this machine (median of ${benchmarkIndexes.length} runs): ${median(benchmarkIndexes).toFixed(0)}`,
    );
    out.push("");
    out.push(
      `| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | targets (≥95 / 100 / 100 / 100) | TBT ≤ ${TBT_TARGET_MS} ms |`,
    );
    out.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
    out.push(...rows);
    out.push("");
    out.push("Audits below full score (median-performance run):");
    out.push(...details);
    out.push("");
    console.log(out.join("\n"));
    return out;
  } finally {
    chrome?.kill();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    clearTimeout(watchdog);
  }
}

if (import.meta.main) await runLighthouse();
