/**
 * HTTP part of `npm run bench` (bench/run.ts): wrk (Debian's `wrk`) on `/ru/product/{id}` over
 * IDS random published products and on `/ru/catalog/{id}` over categories with products of the
 * PostgreSQL benchmark catalogue, against four servers of bench/http-server.ts, one after the
 * other, each in its own process:
 *
 * - the production server (`real`), with its anonymous page cache (ADR 019) as deployed;
 * - the same server with the page cache off (`uncached`: every request rendered);
 * - the same app with the API answered from memory (`memory`: what the data path costs);
 * - a bare React Router page serving the recorded markup from memory (`bare`: the ceiling of
 *   React Router and the HTTP server on this machine).
 *
 * The server runs pinned to core 0 and wrk to core 1 (`taskset`), wrk with one thread and
 * `connections` connections, each page opened once, a WARMUP_S warm-up and then `durationS` measured seconds, without
 * compression (wrk sends no Accept-Encoding). PostgreSQL's own processes are not pinned.
 * Targets (issue 3): real ≥ 0.5 × the bare page, p99 ≤ 100 ms.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { BenchCatalogue } from "./catalog.ts";
import { canPin, freePort, pinned, stop } from "./processes.ts";
import { log } from "./stats.ts";

const IDS = 1000;
/** Seconds of wrk before each measured run, thrown away (JIT, pools, PostgreSQL's buffer cache). */
export const WARMUP_S = 5;
const root = path.resolve(import.meta.dirname, "..");

export interface WrkResult {
  requestsPerSecond: number;
  latency: { p50: number; p75: number; p90: number; p99: number };
  non2xx: number;
  socketErrors: string | null;
  requests: number;
}

/** Parses `wrk --latency` output (latencies in ms). */
export function parseWrk(text: string): WrkResult {
  const unit = (value: string, suffix: string) =>
    Number(value) * (suffix === "us" ? 0.001 : suffix === "s" ? 1000 : suffix === "m" ? 60_000 : 1);
  const latency = (p: string) => {
    const match = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(text);
    return match ? unit(match[1]!, match[2]!) : Number.NaN;
  };
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? Number.NaN),
    latency: { p50: latency("50"), p75: latency("75"), p90: latency("90"), p99: latency("99") },
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0),
    socketErrors: /Socket errors:\s*(.+)/.exec(text)?.[1]?.trim() ?? null,
    requests: Number(/(\d+) requests in/.exec(text)?.[1] ?? 0),
  };
}

function startServer(
  server: string,
  page: "product" | "catalog",
  catalogue: BenchCatalogue,
  idsFile: string,
  port: number,
): Promise<ChildProcess> {
  const mode = server === "uncached" ? "real" : server;
  const [command, args] = pinned(0, process.execPath, [path.join(root, "bench", "http-server.ts")]);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      MODE: mode,
      PAGE: page,
      PAGE_CACHE_TTL_S: server === "uncached" ? "0" : (process.env.PAGE_CACHE_TTL_S ?? "15"),
      // Throughput of the render, not of the bound (ADR 065): wrk's connections are never shed.
      MAX_IN_FLIGHT: process.env.MAX_IN_FLIGHT ?? "0",
      PORT: String(port),
      IDS_FILE: idsFile,
      DATABASE_URL: catalogue.databaseUrl ?? "",
      DATA_DIR: catalogue.dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      OUTBOX: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench: the ${mode} server did not start in 10 min`)), 600_000);
    child.once("exit", (code) => reject(new Error(`bench: the ${mode} server exited (${code}) before it was ready`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

/** wrk on core 1, one thread, `connections` connections for `seconds` s, requests from the Lua `script`; throws when wrk fails. */
export function wrk(url: string, script: string, connections: number, seconds: number): WrkResult {
  const [command, args] = pinned(1, "wrk", [
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    "--timeout",
    "10s",
    "-s",
    script,
    url,
  ]);
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`bench: wrk failed: ${result.stderr || result.error}`);
  return parseWrk(result.stdout);
}

type Server = "real" | "uncached" | "memory" | "bare";
const SERVERS: Server[] = ["real", "uncached", "memory", "bare"];

/** Picks the benchmark's pages: random published products, or categories that list products. */
export async function pickIds(catalogue: BenchCatalogue, page: "product" | "catalog"): Promise<number[]> {
  const picked =
    page === "product"
      ? await catalogue.database.db.execute<{ id: number }>(sql`
          select p.id from products p tablesample system (5) repeatable (7)
          where p.status = 'published' and p.company_id not in (select id from companies where status <> 'published')
          order by md5(p.id::text) limit ${IDS}`)
      : await catalogue.database.db.execute<{ id: number }>(sql`
          select c.id from categories c
          where exists (select 1 from products p where p.category_id = c.id and p.status = 'published')
          order by md5(c.id::text) limit ${IDS}`);
  return picked.rows.map((r) => r.id);
}

/**
 * Writes `ids` (one per line) and a wrk Lua script requesting `/ru/{page}/{id}` over them in turn
 * into `dir`; returns both files' paths.
 */
export function writeWrkScript(dir: string, page: "product" | "catalog", ids: number[]): { idsFile: string; script: string } {
  const idsFile = path.join(dir, `${page}-ids.txt`);
  writeFileSync(idsFile, `${ids.join("\n")}\n`);
  const script = path.join(dir, `${page}.lua`);
  writeFileSync(
    script,
    `local ids = {}\nfor line in io.lines("${idsFile}") do ids[#ids + 1] = line end\nlocal n = 0\n` +
      `request = function()\n  n = n + 1\n  return wrk.format("GET", "/ru/${page}/" .. ids[(n % #ids) + 1])\nend\n`,
  );
  return { idsFile, script };
}

/** Runs the four servers under wrk on one page kind; returns the markdown lines (also printed). */
async function benchPage(
  catalogue: BenchCatalogue,
  page: "product" | "catalog",
  dir: string,
  options: { connections: number; durationS: number },
): Promise<string[]> {
  const ids = await pickIds(catalogue, page);
  const { idsFile, script } = writeWrkScript(dir, page, ids);
  const results = {} as Record<Server, WrkResult>;
  for (const server of SERVERS) {
    const port = await freePort();
    log(
      `bench: wrk: /ru/${page}: starting the ${server} server${server === "memory" || server === "bare" ? ` (recording ${ids.length} pages first)` : ""} …`,
    );
    const child = await startServer(server, page, catalogue, idsFile, port);
    try {
      const url = `http://127.0.0.1:${port}`;
      // Each page once, one after another, as a server that has been up a while has seen them: cold
      // renders of a million-product catalogue (≈ 0.5 s of queries each on a cold buffer cache) are
      // not what the 32 connections are meant to measure. Same for every server.
      log(`bench: wrk: ${server}: opening each of the ${ids.length} pages once …`);
      for (const id of ids) await (await fetch(`${url}/ru/${page}/${id}`)).arrayBuffer();
      log(`bench: wrk: ${server}: warm-up ${WARMUP_S} s, then ${options.durationS} s at ${options.connections} connections …`);
      wrk(url, script, options.connections, WARMUP_S);
      results[server] = wrk(url, script, options.connections, options.durationS);
    } finally {
      await stop(child);
    }
  }
  const { real, uncached, memory, bare } = results;
  const times = (r: WrkResult) => (r.requestsPerSecond / real.requestsPerSecond).toFixed(2);
  const ratio = (other: WrkResult) =>
    `real ≥ 0.5× ${real.requestsPerSecond >= 0.5 * other.requestsPerSecond ? "✅" : "❌"} (${(real.requestsPerSecond / other.requestsPerSecond).toFixed(2)}×)`;
  const row = (name: string, r: WrkResult, target: string) =>
    `| ${name} | ${r.requestsPerSecond.toFixed(0)} | ${times(r)} | ${r.latency.p50.toFixed(1)} | ${r.latency.p90.toFixed(1)} | ${r.latency.p99.toFixed(1)} | ${r.non2xx} | ${target} |`;
  const out = [
    `### HTTP — \`/ru/${page}/{id}\` over ${ids.length} ${page === "product" ? "products" : "categories"} of the ${catalogue.products.toLocaleString("en-US")}-product PostgreSQL catalogue, ` +
      `wrk 1 thread × ${options.connections} connections, ${options.durationS} s after a ${WARMUP_S} s warm-up, ` +
      `${canPin() ? "server on core 0, wrk on core 1 (taskset)" : "NOT pinned (fewer than 2 cores or no taskset)"}`,
    "",
    "| server | req/s | × real | p50 ms | p90 ms | p99 ms | non-2xx | target |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    row("production server (PostgreSQL, anonymous page cache)", real, `p99 ≤ 100 ms ${real.latency.p99 <= 100 ? "✅" : "❌"}`),
    row(
      "production server, page cache off (every request rendered)",
      uncached,
      `p99 ≤ 100 ms ${uncached.latency.p99 <= 100 ? "✅" : "❌"}`,
    ),
    row("same app, API answered from memory, no page cache", memory, ratio(memory)),
    row("bare React Router page, markup from memory", bare, ratio(bare)),
    "",
  ];
  console.log(out.join("\n"));
  return out;
}

/** Runs `/ru/product/{id}` and `/ru/catalog/{id}` under wrk; returns the markdown lines. */
export async function runHttpBench(catalogue: BenchCatalogue, options: { connections: number; durationS: number }): Promise<string[]> {
  if (spawnSync("wrk", ["-v"]).error) throw new Error("bench: wrk is not installed (Debian: apt-get install -y wrk)");
  if (spawnSync("test", ["-f", path.join(root, "build", "server", "index.js")]).status !== 0) {
    log("bench: no production build yet: building …");
    if (spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" }).status !== 0)
      throw new Error("bench: the build failed");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "postavka-wrk-"));
  try {
    return [...(await benchPage(catalogue, "product", dir, options)), ...(await benchPage(catalogue, "catalog", dir, options))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
