/**
 * `--parts http-compare` of `npm run bench` (issue 17 §6): the uncached product page of this tree's
 * build side by side with a base commit's build, in the same run, on the same PostgreSQL benchmark
 * catalogue (bench/catalog.ts) — a ratio, so the machine's speed and its other load cancel out.
 *
 * 1. Builds the base ref (`base`, default `HEAD~1`) in a temporary git worktree (`git worktree add
 *    --detach`, node_modules symlinked to this checkout's, or to BENCH_BASE_NODE_MODULES when set — a
 *    change to patches/ shows in the ratio only when the base keeps its own, unpatched dependencies)
 *    and this tree as it is, uncommitted changes included (`npx react-router build` in each).
 * 2. Starts each tree's own `server.ts` (production, OUTBOX demo mail, migrations off: the catalogue
 *    is already at this tree's schema) with the anonymous page cache of ADR 019 turned off
 *    (`PAGE_CACHE_TTL_S=0`, checked: a page asked twice must not come back `X-Cache: HIT`), both
 *    pinned to core 0; wrk runs on core 1 (bench/processes.ts). Both stay up; only one is loaded.
 *    Ports: BENCH_PORT (base) and BENCH_PORT + 1 (current) when set, else free ones the system picks.
 * 3. Opens every benchmarked product page once on each, then a WARMUP_S warm-up of wrk each; then
 *    `rounds` rounds of `durationS` seconds of wrk per server, the order alternating (base first in
 *    odd rounds, current first in even ones) so drift in the machine's load falls on both.
 * 4. Prints req/s, p50 and p99 (medians over the rounds, each round's req/s too) and current / base,
 *    against issue 17's targets (≥ 1.5× the base's req/s, p99 no worse) and issue 31 §4's (≥ 3×, p99 ≤
 *    300 ms, and HTML_PAGES product pages in /ru/ and in turn unprefixed, /en/ and /zh/, asked twice, identical to the
 *    base's but for the nonce, build id, asset file names and origin: compareHtml); then the HTML of the
 *    category and product pages, raw and gzip (level 6), means over HTML_PAGES pages each, and
 *    whether it carries React Router's serialised loader data (`window.__reactRouterContext`).
 *
 * The worktree, its temporary folder and both servers are removed on return, on error and on
 * SIGINT/SIGTERM. Throws on a bad ref, a failed build, a server that does not start, or a page
 * cache that is still on. Requires wrk and git.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { classifierDataDir } from "#tests/support/databases.ts";
import type { BenchCatalogue } from "./catalog.ts";
import { pickIds, WARMUP_S, wrk, writeWrkScript, type WrkResult } from "./http.ts";
import { canPin, freePort, pinned, stop, waitUntilReady } from "./processes.ts";
import { log, median } from "./stats.ts";

/** Pages of each kind whose HTML size is averaged. */
const HTML_PAGES = 20;
/** Issue 17's target: the current build serves at least this many times the base's requests per second. */
const TARGET_RATIO = 1.5;
/** Issue 31 §4's targets: the current build serves this many times the base's requests per second, at this p99 or less. */
const TARGET_RATIO_31 = 3;
const TARGET_P99_MS_31 = 300;

/**
 * A page's HTML with what legitimately differs between two builds and two servers replaced: the
 * per-response CSP nonce, the build id, the hashed asset file names and the server's origin.
 */
function comparableHtml(html: string, origin: string): string {
  return html
    .replaceAll(origin, "ORIGIN")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/"[0-9a-f]{8}"/g, '"BUILD"')
    .replace(/-[\w-]{8}\.(js|css)\b/g, "-HASH.$1");
}

/**
 * Issue 31 §4: the page's HTML stays what a visitor receives from the base build. Each product page
 * of `ids` in Russian (prefixed and not), English and Chinese, asked twice of each server (the second
 * time the current build reuses its stored header and footer, ADR 060), compared after comparableHtml.
 */
async function compareHtml(sides: Side[], ids: number[]): Promise<{ pages: number; same: number; differing: string[] }> {
  const paths = ids.flatMap((id, i) => [`/ru/product/${id}`, `${["", "/en", "/zh"][i % 3]}/product/${id}`]);
  let pages = 0;
  let same = 0;
  const differing: string[] = [];
  for (let pass = 0; pass < 2; pass++)
    for (const pagePath of paths) {
      const [base, current] = await Promise.all(
        sides.map(async (side) => comparableHtml(await (await fetch(`${side.origin}${pagePath}`)).text(), side.origin)),
      );
      pages++;
      if (base === current) same++;
      else if (!differing.includes(pagePath)) differing.push(pagePath);
    }
  return { pages, same, differing };
}

/** What React Router's framework mode writes into a fully hydrated document to hand it the loader data. */
const LOADER_DATA = /window\.__reactRouterContext\s*=/;

const root = path.resolve(import.meta.dirname, "..");

export interface HttpCompareOptions {
  /** Git ref of the base build, e.g. "HEAD~1", a branch or a commit. */
  base: string;
  connections: number;
  /** Seconds of each measured wrk run. */
  durationS: number;
  /** Measured runs per server, alternating. */
  rounds: number;
}

type Side = {
  name: "base" | "current";
  label: string;
  tree: string;
  origin: string;
  child: ChildProcess | null;
  /** The server's stdout and stderr: its log lines would drown the progress (pino JSON, one per failed request). */
  logFile: string;
};

/** The server's log lines at level error (pino 50) or worse, so far. */
function errorLines(side: Side): string[] {
  let text = "";
  try {
    text = readFileSync(side.logFile, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").filter((line) => /"level":(5\d|6\d)\b/.test(line));
}

/** The last lines of the server's log, for an error message. */
function logTail(side: Side): string {
  try {
    return readFileSync(side.logFile, "utf8").trim().split("\n").slice(-15).join("\n");
  } catch {
    return "(no log)";
  }
}

function git(args: string[]): string {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`bench: git ${args.join(" ")} failed: ${(result.stderr || String(result.error)).trim()}`);
  return result.stdout.trim();
}

function build(tree: string, name: string): void {
  log(`bench: http-compare: building ${name} (${tree}) …`);
  // The build's progress goes to stderr with the rest of the progress; stdout carries only tables.
  const built = spawnSync("npx", ["react-router", "build"], { cwd: tree, stdio: ["ignore", 2, 2] });
  if (built.status !== 0) throw new Error(`bench: http-compare: the ${name} build failed (exit ${built.status})`);
}

function startSide(side: Side, catalogue: BenchCatalogue, port: number): ChildProcess {
  const [command, args] = pinned(0, process.execPath, [path.join(side.tree, "server.ts")]);
  const log = openSync(side.logFile, "a");
  const child = spawn(command, args, {
    cwd: side.tree,
    env: {
      ...process.env,
      NODE_ENV: "production",
      OUTBOX: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: catalogue.databaseUrl ?? "",
      DATA_DIR: catalogue.dataDir,
      CLASSIFIER_DATA_DIR: classifierDataDir(),
      MIGRATE_ON_START: "false",
      PAGE_CACHE_TTL_S: "0",
      // Throughput of the render, not of the bound (ADR 065): wrk's connections are never shed.
      MAX_IN_FLIGHT: process.env.MAX_IN_FLIGHT ?? "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  return child;
}

/** Throws unless `/ru/product/{id}` is rendered on every request (no `X-Cache: HIT` the second time). */
async function assertUncached(side: Side, id: number): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${side.origin}/ru/product/${id}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`bench: http-compare: ${side.name} answered ${response.status} for /ru/product/${id}`);
    if (response.headers.get("x-cache") === "HIT") throw new Error(`bench: http-compare: the ${side.name} server's page cache is on`);
  }
}

type HtmlSize = { raw: number; gzip: number; loaderData: number; pages: number };

/** Mean raw and gzip (level 6) bytes of `/ru/{page}/{id}` over `ids`, and how many carry loader data. */
async function htmlSize(side: Side, page: "product" | "catalog", ids: number[]): Promise<HtmlSize> {
  let raw = 0;
  let gzip = 0;
  let loaderData = 0;
  for (const id of ids) {
    const response = await fetch(`${side.origin}/ru/${page}/${id}`);
    const html = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`bench: http-compare: ${side.name} answered ${response.status} for /ru/${page}/${id}`);
    raw += html.length;
    gzip += gzipSync(html, { level: 6 }).length;
    if (LOADER_DATA.test(html.toString("utf8"))) loaderData += 1;
  }
  return { raw: raw / ids.length, gzip: gzip / ids.length, loaderData, pages: ids.length };
}

/** The full hash of the commit `ref` names in this repository; throws a one-line error when it names none. */
export function resolveCommit(ref: string): string {
  const found = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { cwd: root, encoding: "utf8" });
  if (found.status !== 0) throw new Error(`--base ${JSON.stringify(ref)} names no commit of this repository`);
  return found.stdout.trim();
}

/** Runs the side-by-side comparison (see the header); returns the markdown lines (also printed). */
export async function runHttpCompare(catalogue: BenchCatalogue, options: HttpCompareOptions): Promise<string[]> {
  if (spawnSync("wrk", ["-v"]).error) throw new Error("bench: wrk is not installed (Debian: apt-get install -y wrk)");
  const baseSha = resolveCommit(options.base);
  const dirty = git(["status", "--porcelain"]) !== "";
  const head = git(["log", "-1", "--format=%h"]);

  const dir = mkdtempSync(path.join(os.tmpdir(), "postavka-compare-"));
  const baseTree = path.join(dir, "base");
  const sides: Side[] = [
    {
      name: "base",
      label: `${options.base} = ${git(["log", "-1", "--format=%h", baseSha])}`,
      tree: baseTree,
      origin: "",
      child: null,
      logFile: path.join(dir, "base.log"),
    },
    {
      name: "current",
      label: `this tree (${head}${dirty ? " + uncommitted changes" : ""})`,
      tree: root,
      origin: "",
      child: null,
      logFile: path.join(dir, "current.log"),
    },
  ];
  let worktreeAdded = false;
  let cleaned: Promise<void> | null = null;
  const cleanup = () =>
    (cleaned ??= (async () => {
      await Promise.all(sides.flatMap((side) => (side.child ? [stop(side.child)] : [])));
      if (worktreeAdded) spawnSync("git", ["worktree", "remove", "--force", baseTree], { cwd: root });
      rmSync(dir, { recursive: true, force: true });
      spawnSync("git", ["worktree", "prune"], { cwd: root });
    })());
  // Ctrl-C or a kill mid-run must not leave a worktree registered or servers holding the cores.
  const onSignal = (signal: NodeJS.Signals) => {
    log(`bench: http-compare: ${signal}: removing the base worktree and stopping the servers …`);
    void cleanup().then(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    log(`bench: http-compare: base ${options.base} (${baseSha.slice(0, 12)}) in a temporary worktree …`);
    git(["worktree", "add", "--detach", baseTree, baseSha]);
    worktreeAdded = true;
    // A library patch (patches/) of this tree would otherwise speed up the base too: BENCH_BASE_NODE_MODULES
    // gives the base the dependencies it was installed with (e.g. the main checkout's node_modules).
    const baseModules = process.env.BENCH_BASE_NODE_MODULES || path.join(root, "node_modules");
    log(`bench: http-compare: the base's node_modules: ${realpathSync(baseModules)}`);
    symlinkSync(realpathSync(baseModules), path.join(baseTree, "node_modules"));
    for (const side of sides) build(side.tree, side.name);

    const productIds = await pickIds(catalogue, "product");
    const categoryIds = (await pickIds(catalogue, "catalog")).slice(0, HTML_PAGES);
    if (productIds.length === 0 || categoryIds.length === 0)
      throw new Error("bench: http-compare: the catalogue has no published products");
    const { script } = writeWrkScript(dir, "product", productIds);

    // One after the other: both read and may create DATA_DIR's generated auth secret.
    for (const [index, side] of sides.entries()) {
      const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + index : await freePort();
      side.origin = `http://127.0.0.1:${port}`;
      log(`bench: http-compare: starting the ${side.name} server on ${side.origin} …`);
      side.child = startSide(side, catalogue, port);
      await waitUntilReady(side.origin, 180_000, side.child).catch((error: Error) => {
        throw new Error(`${error.message}; its log ends:\n${logTail(side)}`);
      });
      await assertUncached(side, productIds[0]!);
    }

    const identical = await compareHtml(sides, productIds.slice(0, HTML_PAGES));

    const sizes = new Map<string, { product: HtmlSize; category: HtmlSize }>();
    for (const side of sides) {
      sizes.set(side.name, {
        product: await htmlSize(side, "product", productIds.slice(0, HTML_PAGES)),
        category: await htmlSize(side, "catalog", categoryIds),
      });
      // Each page once, as on a server that has been up a while (bench/http.ts says why).
      log(`bench: http-compare: ${side.name}: opening each of the ${productIds.length} product pages once, then a ${WARMUP_S} s warm-up …`);
      for (const id of productIds) await (await fetch(`${side.origin}/ru/product/${id}`)).arrayBuffer();
      wrk(side.origin, script, options.connections, WARMUP_S);
    }

    // Other work on the machine shows here; the alternating rounds share it out, not remove it.
    const loadBefore = os.loadavg()[0]!;
    const runs = new Map<string, WrkResult[]>(sides.map((side) => [side.name, []]));
    for (let round = 0; round < options.rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        log(`bench: http-compare: round ${round + 1}/${options.rounds}: ${side.name}, ${options.durationS} s …`);
        runs.get(side.name)!.push(wrk(side.origin, script, options.connections, options.durationS));
      }
    }

    const summary = (name: string) => {
      const results = runs.get(name)!;
      return {
        rps: median(results.map((r) => r.requestsPerSecond)),
        p50: median(results.map((r) => r.latency.p50)),
        p99: median(results.map((r) => r.latency.p99)),
        non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
        errors: results.map((r) => r.socketErrors).filter(Boolean),
        perRound: results.map((r) => r.requestsPerSecond.toFixed(0)).join(", "),
      };
    };
    const loadAfter = os.loadavg()[0]!;
    const [baseErrors, currentErrors] = sides.map((side) => errorLines(side).length);
    const roundRatios = runs
      .get("current")!
      .map((r, i) => (r.requestsPerSecond / runs.get("base")![i]!.requestsPerSecond).toFixed(2))
      .join(", ");
    const base = summary("base");
    const current = summary("current");
    const rpsRatio = current.rps / base.rps;
    const row = (name: string, s: typeof base) =>
      `| ${name} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.non2xx} | ${s.perRound} |`;
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const sizeRow = (label: string, pick: (s: { product: HtmlSize; category: HtmlSize }) => HtmlSize) => {
      const b = pick(sizes.get("base")!);
      const c = pick(sizes.get("current")!);
      return `| ${label} | ${kb(b.raw)} | ${kb(b.gzip)} | ${kb(c.raw)} | ${kb(c.gzip)} | ${(c.raw / b.raw).toFixed(2)}× | ${(c.gzip / b.gzip).toFixed(2)}× | ${b.loaderData} / ${c.loaderData} of ${c.pages} |`;
    };
    const out = [
      `### HTTP side by side — uncached \`/ru/product/{id}\` over ${productIds.length} products of the ${catalogue.products.toLocaleString("en-US")}-product PostgreSQL catalogue: ` +
        `base ${sides[0]!.label} vs ${sides[1]!.label}`,
      "",
      `wrk 1 thread × ${options.connections} connections; ${options.rounds} rounds of ${options.durationS} s per build, alternating, after each page once and a ${WARMUP_S} s warm-up; ` +
        `page cache off (PAGE_CACHE_TTL_S=0); ${canPin() ? "servers on core 0, wrk on core 1 (taskset)" : "NOT pinned (fewer than 2 cores or no taskset)"}. Medians over the rounds.`,
      "",
      "| build | req/s | p50 ms | p99 ms | non-2xx | req/s per round |",
      "|---|---:|---:|---:|---:|---|",
      row("base", base),
      row("current", current),
      `| **current / base** | **${rpsRatio.toFixed(2)}×** | ${(current.p50 / base.p50).toFixed(2)}× | ${(current.p99 / base.p99).toFixed(2)}× | | ${roundRatios} |`,
      "",
      `Targets (issue 17): req/s ≥ ${TARGET_RATIO}× the base ${rpsRatio >= TARGET_RATIO ? "✅" : "❌"} (${rpsRatio.toFixed(2)}×); ` +
        `p99 no worse ${current.p99 <= base.p99 ? "✅" : "❌"} (${current.p99.toFixed(1)} vs ${base.p99.toFixed(1)} ms).` +
        ` Machine load average (1 min) ${loadBefore.toFixed(1)} before the rounds, ${loadAfter.toFixed(1)} after; ` +
        `error lines in the servers' logs: base ${baseErrors}, current ${currentErrors}.` +
        (base.errors.length + current.errors.length > 0
          ? ` Socket errors: base ${base.errors.join("; ") || "none"}, current ${current.errors.join("; ") || "none"}.`
          : ""),
      "",
      `Targets (issue 31 §4): req/s ≥ ${TARGET_RATIO_31}× the base ${rpsRatio >= TARGET_RATIO_31 ? "✅" : "❌"} (${rpsRatio.toFixed(2)}×); ` +
        `p99 ≤ ${TARGET_P99_MS_31} ms ${current.p99 <= TARGET_P99_MS_31 ? "✅" : "❌"} (${current.p99.toFixed(1)} ms); ` +
        `the pages' HTML the base's ${identical.same === identical.pages ? "✅" : "❌"} (${identical.same} of ${identical.pages} identical but for the nonce, build id, asset file names and origin` +
        `${identical.differing.length > 0 ? `; differing: ${identical.differing.slice(0, 5).join(", ")}` : ""}).`,
      "",
      `HTML of a page (mean over ${HTML_PAGES} pages of each kind; KB raw and gzip level 6; loader data = React Router's \`window.__reactRouterContext\` in the page):`,
      "",
      "| page | base raw KB | base gzip KB | current raw KB | current gzip KB | raw current / base | gzip current / base | pages with loader data (base / current) |",
      "|---|---:|---:|---:|---:|---:|---:|---|",
      sizeRow("`/ru/product/{id}`", (s) => s.product),
      sizeRow("`/ru/catalog/{id}`", (s) => s.category),
      "",
    ];
    console.log(out.join("\n"));
    return out;
  } finally {
    await cleanup();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
