/**
 * Reliability part of `npm run bench -- --parts reliability` (issue 16 §3): the production server
 * (`node server.ts` with bench/server-stats.mjs preloaded, one process, the production build) on a
 * fresh PostgreSQL database seeded with the demo catalogue, driven from this process over HTTP with a mix of requests:
 *
 * - 40 % public pages (home, catalogue, a product, a supplier), 20 % search pages,
 * - 40 % signed-in API calls with a bearer token (profile, favourites list, add and remove a favourite).
 *
 * Phases:
 * 1. **Peak**: closed loop at 2, 4, 8 and 16 concurrent requests, 8 s each; the peak is the best rate.
 * 2. **Soak**: open loop at 80 % of the peak for `soakS` seconds (default 600): errors, p50/p99 per
 *    window, and the server's RSS and event-loop delay (sampled inside the process every second).
 * 3. **Database stop**: PostgreSQL stopped for 10 s under load (`pg_ctlcluster … stop -m fast`): how
 *    the product answers meanwhile (status, slowest reply) and how long after the restart until
 *    every request succeeds again. Needs root and the local cluster; skipped otherwise.
 * 4. **Hard kills**: 20 × SIGKILL of the server while 4 writers add favourites; the server is
 *    restarted each time; afterwards every acknowledged (201) favourite must be in the database.
 *
 * Targets (issue 16): zero errors in the soak, no RSS growth; 503 (not a hang) within 2 s while the
 * database is down, recovery within 5 s of its restart; no acknowledged write lost.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { KeyRing } from "#server/auth/keys.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { companies, favourites, products, users } from "#server/db/schema.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "#tests/support/databases.ts";
import { canPin, freePort, pinned, processTree, setCores } from "./processes.ts";
import { log, percentile } from "./stats.ts";

export const root = path.resolve(import.meta.dirname, "..");
export const AUTH_SECRET = "reliability-bench-secret-0123456789abcdef";
const USERS = 20;

export interface Sample {
  ms: number;
  status: number;
  at: number;
  /** METHOD and path with ids as `:id`, for naming what failed. */
  route?: string;
}

interface ServerStats {
  t: number;
  rssMb: number;
  elP50Ms: number;
  elP99Ms: number;
  elMaxMs: number;
  heapCommittedMb?: number;
  heapUsedMb?: number;
  newSpaceMb?: number;
  externalMb?: number;
  cpuMs?: number;
  gcMs?: number;
  /** The main thread's wait for a core so far (ms; Linux only). */
  runQueueMs?: number;
}

/** The largest growth of a running total between two consecutive samples (the worst second of it). */
function worstSecond(stats: ServerStats[], total: (s: ServerStats) => number | undefined): number {
  let worst = 0;
  for (let i = 1; i < stats.length; i++) {
    const before = total(stats[i - 1]!);
    const after = total(stats[i]!);
    if (before !== undefined && after !== undefined) worst = Math.max(worst, after - before);
  }
  return worst;
}

export interface Target {
  baseUrl: string;
  tokens: string[];
  productIds: number[];
  supplierIds: number[];
}

const SEARCHES = ["труба", "насос", "steel", "LED", "кабель", "机床", "bearing", "пластик"];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One request of the mix; resolves to its status (0 for a network error) and latency. */
async function mixedRequest(target: Target): Promise<Sample> {
  const roll = Math.random();
  let url: string;
  const init: RequestInit = { redirect: "manual", signal: AbortSignal.timeout(10_000) };
  if (roll < 0.4) {
    url = pick([`/ru`, `/ru/catalog`, `/ru/product/${pick(target.productIds)}`, `/en/suppliers/${pick(target.supplierIds)}`]);
  } else if (roll < 0.6) {
    url = `/ru/search?q=${encodeURIComponent(pick(SEARCHES))}`;
  } else {
    init.headers = { authorization: `Bearer ${pick(target.tokens)}` };
    const api = Math.random();
    if (api < 0.4) url = "/api/profile";
    else if (api < 0.6) url = "/api/profile/favourites";
    else {
      url = `/api/products/${pick(target.productIds)}/favourite`;
      init.method = api < 0.8 ? "POST" : "DELETE";
    }
  }
  return timed(target.baseUrl + url, init);
}

export async function timed(url: string, init: RequestInit): Promise<Sample> {
  const started = performance.now();
  let status = 0;
  try {
    const response = await fetch(url, init);
    status = response.status;
    await response.arrayBuffer();
  } catch {
    status = 0;
  }
  const route = `${init.method ?? "GET"} ${new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
  return { ms: performance.now() - started, status, at: Date.now(), route };
}

export const ok = (status: number) => status >= 200 && status < 400;

/** Closed loop: `concurrency` requests in flight for `seconds`. */
export async function closedLoop(target: Target, concurrency: number, seconds: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) samples.push(await mixedRequest(target));
    }),
  );
  return samples;
}

/** Open loop: `rate` requests per second for `seconds`, whatever the latency (at most 512 in flight). */
export async function openLoop(target: Target, rate: number, seconds: number, onSample: (s: Sample) => void): Promise<number> {
  const started = Date.now();
  let sent = 0;
  let inFlight = 0;
  let dropped = 0;
  const pending = new Set<Promise<void>>();
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    while (sent < due) {
      sent += 1;
      if (inFlight >= 512) {
        dropped += 1;
        continue;
      }
      inFlight += 1;
      const p: Promise<void> = mixedRequest(target).then((s) => {
        inFlight -= 1;
        onSample(s);
        pending.delete(p);
      });
      pending.add(p);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  return dropped;
}

export class ServerProcess {
  child: ChildProcess | null = null;
  stats: ServerStats[] = [];
  readonly port: number;
  readonly env: Record<string, string>;
  /** The one CPU the server runs on (taskset), or undefined: wherever the system schedules it. */
  readonly core: number | undefined;
  constructor(port: number, env: Record<string, string>, core?: number) {
    this.port = port;
    this.env = env;
    this.core = core;
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  /** Starts the process and resolves once it prints `ready` (seeding included the first time). */
  start(): Promise<number> {
    const started = performance.now();
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): flags for the server's Node only,
    // since profiling flags are refused in NODE_OPTIONS and would profile the load generator too.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    // `server.ts` as production starts it (the compiled server when built, ADR 078), with the sampler preloaded.
    const importIfEmpty = { ...process.env, ...this.env }.BENCH_IMPORT === "0" ? [] : ["--import-if-empty"];
    const args = [...nodeArgs, "--import=./bench/server-stats.mjs", "server.ts", ...importIfEmpty];
    const [command, commandArgs] = this.core === undefined ? [process.execPath, args] : pinned(this.core, process.execPath, args);
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: "127.0.0.1", BENCH_SERVER_STATS: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    // BENCH_SERVER_LOG=FILE: the server's own output too (e.g. with BENCH_SERVER_NODE_ARGS="--trace-gc").
    if (process.env.BENCH_SERVER_LOG) {
      const log = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: "a" });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
    }
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    return new Promise((resolve, reject) => {
      let buffer = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.startsWith("ready ")) resolve(performance.now() - started);
          else if (line.startsWith("stats ")) this.stats.push(JSON.parse(line.slice(6)) as ServerStats);
        }
      });
      child.once("exit", (code, signal) => reject(new Error(`server exited (${code ?? signal}) before ready: ${stderr}`)));
    });
  }
  kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  }
  /**
   * Starts the process once to migrate and seed an empty database, stops it, and starts the process
   * that is measured: a production process starts on a catalogue that exists, and the seed's
   * allocations (≈ 270 MB of RSS that glibc and V8 keep after it) would count in its memory.
   */
  async startSeeded(): Promise<void> {
    await this.start();
    await this.kill("SIGTERM");
    this.stats = [];
    await this.start();
  }
}

/** Users with tokens signed by the server's own key ring (sealed under the same AUTH_SECRET). */
export async function prepareTarget(database: Database, baseUrl: string): Promise<Target> {
  const keys = new KeyRing(database.db, { secret: AUTH_SECRET });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const [row] = await database.db
      .insert(users)
      .values({ email: `soak-${i}@bench.test`, firstName: "Soak", lastName: String(i), acceptedTermsAt: new Date() })
      .onConflictDoUpdate({ target: users.email, set: { firstName: "Soak" } })
      .returning({ id: users.id });
    tokens.push(await signAccessToken(keys, { userId: row!.id, role: "USER" }, new Date()));
  }
  // A published product of a company that is not (a draft or one in moderation, as the demo has) has no page: 404.
  const productRows = await database.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.status, "published"), eq(companies.status, "published")))
    .orderBy(products.id)
    .limit(300);
  const supplierRows = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.status, "published")).limit(100);
  return { baseUrl, tokens, productIds: productRows.map((r) => r.id), supplierIds: supplierRows.map((r) => r.id) };
}

export function summarise(samples: Sample[]) {
  const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = new Map<string, number>();
  for (const s of samples)
    if (!ok(s.status)) failed.set(`${s.status} ${s.route ?? ""}`.trim(), (failed.get(`${s.status} ${s.route ?? ""}`.trim()) ?? 0) + 1);
  return {
    count: samples.length,
    errors: samples.filter((s) => !ok(s.status)).length,
    /** "404 GET /ru/product/:id: 3, 0 GET /ru: 1" — the failed requests by status and route (0: no answer within 10 s). */
    errorStatuses: [...failed].map(([status, n]) => `${status}: ${n}`).join(", "),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}

function postgresCluster(): { version: string; name: string } | null {
  try {
    const versions = readdirSync("/etc/postgresql");
    return versions.length > 0 ? { version: versions[0]!, name: "main" } : null;
  } catch {
    return null;
  }
}

const BENCH_METRICS_TOKEN = "reliability-bench-metrics";

/** The server's page cache as its /metrics report it (entries, MB held, hit share), or null if unreadable. */
async function pageCacheFigures(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    if (!response.ok) return null;
    const text = await response.text();
    const value = (series: string) =>
      Number(
        text
          .split("\n")
          .find((line) => line.startsWith(`${series} `))
          ?.split(" ")[1] ?? NaN,
      );
    const answers = ["hit", "stale", "miss", "bypassed"].map((result) => value(`postavka_page_cache_requests_total{result="${result}"}`));
    const all = answers.reduce((sum, n) => sum + n, 0);
    return (
      `${value("postavka_page_cache_entries")} pages, ${(value("postavka_page_cache_bytes") / 1048576).toFixed(1)} MB held; ` +
      `answers hit / stale / miss / bypassed ${answers.join(" / ")} (${((100 * (answers[0]! + answers[1]!)) / Math.max(1, all)).toFixed(0)} % from the cache)`
    );
  } catch {
    return null;
  }
}

export interface ReliabilityOptions {
  soakS: number;
  /** Leave PostgreSQL running (skip phase 3), e.g. while other work uses the server. */
  keepDatabase?: boolean;
  /** Stop after the soak (phases 1 and 2 only): memory and event-loop work, nothing stopped or killed. */
  soakOnly?: boolean;
  /** Requests per second of the soak (default: 80 % of the measured peak). */
  soakRate?: number;
  /**
   * The server on core 0 alone; the load generator (this process) and PostgreSQL (its postmaster and
   * backends) on core 1 — as on a machine of its own with the database elsewhere (issue 31 §5: the
   * server's event loop without the other processes' turns on its core). PostgreSQL's cores are given
   * back at the end. Needs 2+ cores and taskset.
   */
  pinCores?: boolean;
}

/** PostgreSQL's postmaster: the parent of this connection's backend (Linux /proc). */
async function postmasterPid(database: Database): Promise<number> {
  const result = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const stat = readFileSync(`/proc/${result.rows[0]!.pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis: state, then the parent's pid.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

export async function runReliabilityBench(options: ReliabilityOptions): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "postavka-reliability-"));
  const created = await createPostgresDatabase("reliability");
  const env = {
    NODE_ENV: "production",
    OUTBOX: "true",
    AUTH_SECRET,
    DATABASE_URL: created.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    DATABASE_POOL_MAX: "10",
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  };
  if (options.pinCores && !canPin()) throw new Error("--soak-pin needs 2 or more cores and taskset");
  const server = new ServerProcess(await freePort(), env, options.pinCores ? 0 : undefined);
  let database: Database | null = null;
  let postmaster: number | null = null;
  try {
    log("reliability: starting the server (seeding the demo catalogue on PostgreSQL, then a fresh process)…");
    await server.startSeeded();
    database = await openDatabase({ databaseUrl: created.url, dataDir, migrate: false, poolMax: 4 });
    if (options.pinCores) {
      postmaster = await postmasterPid(database);
      for (const pid of processTree(postmaster)) setCores(pid, "1");
      setCores(process.pid, "1");
      log(`reliability: the server on core 0; this load generator and PostgreSQL (postmaster ${postmaster}) on core 1`);
    }
    const target = await prepareTarget(database, server.url);

    // 1. Peak.
    const peakRows: string[] = [];
    let peak = 0;
    for (const concurrency of [2, 4, 8, 16]) {
      const samples = await closedLoop(target, concurrency, 8);
      const s = summarise(samples);
      const rate = s.count / 8;
      peak = Math.max(peak, rate);
      peakRows.push(`| ${concurrency} | ${rate.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.errors} |`);
    }
    console.log("\n### Reliability: peak of the request mix (closed loop, 8 s each)\n");
    console.log("| concurrent | req/s | p50 ms | p99 ms | errors |\n|---:|---:|---:|---:|---:|");
    console.log(peakRows.join("\n"));

    // 2. Soak at 80 % of the peak.
    const rate = options.soakRate ?? Math.max(1, Math.round(peak * 0.8));
    const windowS = options.soakS >= 300 ? 60 : Math.max(10, Math.round(options.soakS / 5));
    log(`reliability: soak at ${rate} req/s for ${options.soakS} s…`);
    const soakStarted = Date.now();
    server.stats = [];
    const soak: Sample[] = [];
    const dropped = await openLoop(target, rate, options.soakS, (s) => soak.push(s));
    console.log(`\n### Reliability: soak at ${options.soakRate ? "a set rate" : "80 % of the peak"} (${rate} req/s, ${options.soakS} s)\n`);
    console.log(
      "| window | req/s | errors | p50 ms | p99 ms | RSS MB (end) | event-loop p99 ms (worst second) | GC pauses ms (worst second) | waiting for a core ms (worst second) |\n" +
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (let from = 0; from < options.soakS; from += windowS) {
      const start = soakStarted + from * 1000;
      const end = start + windowS * 1000;
      const inWindow = soak.filter((s) => s.at >= start && s.at < end);
      const stats = server.stats.filter((s) => s.t >= start && s.t < end);
      const s = summarise(inWindow);
      const rss = stats.at(-1)?.rssMb ?? Number.NaN;
      const el = Math.max(...stats.map((x) => x.elP99Ms), 0);
      // What held the loop: its own pauses, or the other processes on the machine's cores.
      const gc = worstSecond(stats, (x) => x.gcMs);
      const waited = worstSecond(stats, (x) => x.runQueueMs);
      console.log(
        `| ${from}–${from + windowS} s | ${(s.count / windowS).toFixed(0)} | ${s.errors} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${rss} | ${el.toFixed(1)} | ${gc} | ${waited} |`,
      );
    }
    const total = summarise(soak);
    const statuses = new Map<number, number>();
    for (const s of soak) if (!ok(s.status)) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    console.log(
      `\nSoak total: ${total.count} requests, ${total.errors} errors${statuses.size ? ` (${[...statuses].map(([k, v]) => `${k}: ${v}`).join(", ")})` : ""}, ` +
        `p50 ${total.p50.toFixed(1)} ms, p99 ${total.p99.toFixed(1)} ms, ${dropped} not sent (512 in flight).`,
    );

    const first = server.stats[0];
    const last = server.stats.at(-1);
    if (first && last && first.cpuMs !== undefined && last.cpuMs !== undefined)
      console.log(
        `Server CPU in the soak: ${((last.cpuMs - first.cpuMs) / 1000).toFixed(1)} s, ${((last.cpuMs - first.cpuMs) / soak.length).toFixed(2)} ms a request; ` +
          `GC pauses ${(((last.gcMs ?? 0) - (first.gcMs ?? 0)) / 1000).toFixed(1)} s; ` +
          `the main thread waited ${(((last.runQueueMs ?? 0) - (first.runQueueMs ?? 0)) / 1000).toFixed(1)} s for a core.`,
      );
    if (last)
      console.log(
        `Server at the soak's end: RSS ${last.rssMb} MB; V8 heap committed ${last.heapCommittedMb} MB (young generation ${last.newSpaceMb} MB), ` +
          `used ${last.heapUsedMb} MB; outside the heap (Buffers, external) ${last.externalMb} MB; ` +
          `node flags: ${(process.env.BENCH_SERVER_NODE_ARGS ?? "").trim() || "none added"}; load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(", ")}.`,
      );

    const cache = await pageCacheFigures(server.url);
    if (cache) console.log(`Page cache at the soak's end: ${cache}.`);

    if (options.soakOnly) return;

    // 3. PostgreSQL stopped for 10 s under load.
    const cluster = postgresCluster();
    if (cluster && process.getuid?.() === 0 && !options.keepDatabase) {
      log("reliability: stopping PostgreSQL for 10 s under load…");
      const samples: Sample[] = [];
      let stopAt = 0;
      let startAt = 0;
      const load = (async () => {
        const until = Date.now() + 30_000;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (Date.now() < until) {
              // Signed-in API calls: they need the database (no page cache in the way).
              samples.push(await timed(`${server.url}/api/profile`, { headers: { authorization: `Bearer ${pick(target.tokens)}` } }));
            }
          }),
        );
      })();
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      stopAt = Date.now();
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster.version, cluster.name, "stop", "-m", "fast"], { stdio: "ignore" });
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster.version, cluster.name, "start"], { stdio: "ignore" });
      startAt = Date.now();
      await load;
      const during = samples.filter((s) => s.at - s.ms >= stopAt + 500 && s.at <= startAt);
      const after = samples.filter((s) => s.at > startAt);
      const lastFailure = after.filter((s) => s.status !== 200).at(-1);
      const recoveryMs = lastFailure ? lastFailure.at - startAt : 0;
      const statusesDuring = new Map<number, number>();
      for (const s of during) statusesDuring.set(s.status, (statusesDuring.get(s.status) ?? 0) + 1);
      console.log("\n### Reliability: PostgreSQL stopped for 10 s under load (4 clients on /api/profile)\n");
      console.log("| while stopped: replies by status | slowest reply while stopped | recovered after restart |\n|---|---:|---:|");
      console.log(
        `| ${[...statusesDuring].map(([k, v]) => `${k}: ${v}`).join(", ")} | ${Math.max(0, ...during.map((s) => s.ms)).toFixed(0)} ms | ${(recoveryMs / 1000).toFixed(1)} s |`,
      );
    } else {
      console.log("\n(PostgreSQL stop skipped: --keep-db, or not root with a local cluster under /etc/postgresql.)");
    }

    // 4. Twenty hard kills during writes.
    log("reliability: 20 hard kills during writes…");
    const acknowledged: { token: number; productId: number }[] = [];
    const userIds = (
      await database.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`${users.email} like 'soak-%@bench.test'`)
        .orderBy(users.id)
    ).map((u) => u.id);
    await database.db.delete(favourites).where(inArray(favourites.userId, userIds));
    let writing = true;
    let refused = 0;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      let n = 0;
      while (writing) {
        const token = (w * 5 + (n % 5)) % target.tokens.length;
        const productId = target.productIds[Math.floor(n / 5) % target.productIds.length]!;
        n += 1;
        const sample = await timed(`${server.url}/api/products/${productId}/favourite`, {
          method: "POST",
          headers: { authorization: `Bearer ${target.tokens[token]}` },
          signal: AbortSignal.timeout(5_000),
        });
        if (sample.status === 201 || sample.status === 200) acknowledged.push({ token, productId });
        else {
          refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });
    const restarts: number[] = [];
    for (let kill = 0; kill < 20; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 700 + Math.random() * 600));
      await server.kill("SIGKILL");
      restarts.push(await server.start());
    }
    writing = false;
    await Promise.all(writers);
    let lost = 0;
    for (const { token, productId } of acknowledged) {
      const rows = await database.db
        .select({ userId: favourites.userId })
        .from(favourites)
        .where(and(eq(favourites.userId, userIds[token]!), eq(favourites.productId, productId)));
      if (rows.length === 0) lost += 1;
    }
    restarts.sort((a, b) => a - b);
    console.log("\n### Reliability: 20 hard kills (SIGKILL) of the server during writes\n");
    console.log(
      "| acknowledged writes | lost | refused or cut off (not acknowledged) | restart to ready p50 / max |\n|---:|---:|---:|---:|",
    );
    console.log(
      `| ${acknowledged.length} | ${lost} | ${refused} | ${(percentile(restarts, 50) / 1000).toFixed(1)} s / ${((restarts.at(-1) ?? 0) / 1000).toFixed(1)} s |`,
    );
  } finally {
    await server.kill("SIGTERM");
    await database?.close().catch(() => {});
    await dropPostgresDatabase(created.name).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    // The machine's PostgreSQL gets every core back (backends forked meanwhile inherited core 1). All of
    // the machine's: os.availableParallelism() counts only this process's own, core 1 by now.
    if (postmaster !== null) for (const pid of processTree(postmaster)) setCores(pid, `0-${os.cpus().length - 1}`);
  }
}
