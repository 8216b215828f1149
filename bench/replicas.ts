/**
 * `npm run bench -- --parts replicas` (issue 31 §2, ADR 058): read replicas tried for real on this
 * machine. Builds two PostgreSQL clusters of the installed version under a temporary folder — a
 * primary and a hot standby made from it by `pg_basebackup -R` (streaming replication; the standby
 * applies WAL with `recovery_min_apply_delay` so a stale read is visible) — then runs nginx in front
 * of two production server processes (`DATABASE_URL` = primary, `DATABASE_REPLICA_URLS` = standby)
 * and checks, printing each verdict with its figures:
 *
 * 1. a public page is served from the standby: the standby's statement log shows the page's queries
 *    and /metrics counts statements on it;
 * 2. read-your-writes: a signed-in write through nginx, then at once a read with the `pv_wal` cookie
 *    shows the write (from the primary), while the same read without the cookie is answered by the
 *    standby, still without it;
 * 3. the standby is stopped under load (8 concurrent readers through nginx): no 5xx, reads fall back to
 *    the primary;
 * 4. promotion: the standby is started again, the primary stopped, reads keep working from the standby
 *    meanwhile, the standby is promoted (`pg_ctl promote`), the servers restarted on it as the primary
 *    (docs/deploy.md, "Failover"), and writes resume.
 *
 * Needs the production build (`npm run build`), PostgreSQL's server binaries
 * (/usr/lib/postgresql/<version>/bin) and nginx; runs as root by switching to the `postgres` user for
 * the clusters. Everything is removed afterwards. Exit code 1 when a check fails.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { KeyRing } from "#server/auth/keys.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { products, users } from "#server/db/schema.ts";
import { writeNginxConf } from "#tests/support/nginx.ts";
import { freePort, stop } from "./processes.ts";
import { log, percentile } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");
const AUTH_SECRET = "replicas-bench-secret-shared-by-both-processes-0123456789";
const METRICS_TOKEN = "replicas-bench-metrics";
/** How late the standby applies WAL: long enough that a stale read is seen, well inside the lag bound. */
const APPLY_DELAY_MS = 1500;
const MAX_LAG_MS = 5000;

function pgBin(): string {
  const versions = readdirSync("/usr/lib/postgresql").sort();
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  if (!existsSync(`${bin}/initdb`)) throw new Error(`bench replicas: no PostgreSQL server binaries in ${bin}`);
  return bin;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the `postgres` user (initdb and the server refuse root); throws on failure. */
function pg(command: string, args: string[]): string {
  const bin = path.join(pgBin(), command);
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

interface Cluster {
  dir: string;
  port: number;
  log: string;
  url: string;
}

function clusterAt(tmp: string, name: string, port: number): Cluster {
  return { dir: path.join(tmp, name), port, log: path.join(tmp, `${name}.log`), url: `postgres://postgres@127.0.0.1:${port}/postavka` };
}

function configure(cluster: Cluster, tmp: string, extra: string): void {
  appendFileSync(
    path.join(cluster.dir, "postgresql.conf"),
    `\nport = ${cluster.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${tmp}'\n${extra}\n`,
  );
}

const start = (c: Cluster) => pg("pg_ctl", ["-D", c.dir, "-l", c.log, "-w", "-t", "60", "start"]);
const stopCluster = (c: Cluster, mode: "fast" | "immediate") => pg("pg_ctl", ["-D", c.dir, "-m", mode, "-w", "stop"]);

interface App {
  children: ChildProcess[];
  ports: number[];
}

function runScript(args: string[], env: Record<string, string>): void {
  const result = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${args.join(" ")}: ${result.stderr.slice(-2000)}`);
}

async function waitFor(url: string, child: ChildProcess | null, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`bench replicas: process for ${url} exited (${child.exitCode})`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bench replicas: ${url} not ready in ${timeoutMs / 1000} s`);
}

async function startApp(ports: number[], dataDir: string, primary: string, replicas: string[]): Promise<App> {
  const children = ports.map((port) =>
    spawn(process.execPath, ["server.ts"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: replicas.join(","),
        DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        METRICS_TOKEN,
        AUTH_SECRET,
        // No mail leaves this bench: e-mails are written to DATA_DIR's outbox.
        OUTBOX: "true",
        REPLICA_DEBUG: process.env.REPLICA_DEBUG ?? "",
        TRUST_PROXY: "127.0.0.1",
        // Every page load reaches the database (the anonymous page cache would answer from memory).
        PAGE_CACHE_TTL_S: "0",
        BUILD_CHECK_INTERVAL: "0",
      },
    }),
  );
  await Promise.all(ports.map((port, i) => waitFor(`http://127.0.0.1:${port}/readyz`, children[i]!, 120_000)));
  return { children, ports };
}

/** Statements counted per server by one process's /metrics. */
async function statementCounts(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^postavka_db_statements_total\{server="([^"]+)"\} (\d+)/gm)) counts[match[1]!] = Number(match[2]);
  for (const match of text.matchAll(/^postavka_db_primary_statements_total\{reason="([^"]+)"\} (\d+)/gm))
    counts[`primary:${match[1]}`] = Number(match[2]);
  return counts;
}

async function sumCounts(ports: number[]): Promise<Record<string, number>> {
  const sum: Record<string, number> = {};
  for (const port of ports) for (const [k, v] of Object.entries(await statementCounts(port))) sum[k] = (sum[k] ?? 0) + v;
  return sum;
}

const verdicts: { check: string; ok: boolean; detail: string }[] = [];
function verdict(check: string, ok: boolean, detail: string) {
  verdicts.push({ check, ok, detail });
  log(`replicas: ${ok ? "✅" : "❌"} ${check} — ${detail}`);
}

/** Readers through nginx for `seconds`: anonymous product pages and searches; statuses and latencies. */
async function readLoad(base: string, productIds: number[], seconds: number, concurrency: number, during?: () => Promise<void>) {
  const samples: { status: number; ms: number; at: number }[] = [];
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  const workers = Array.from({ length: concurrency }, async (_, w) => {
    let i = w;
    while (Date.now() < until) {
      i++;
      const url =
        i % 3 === 0
          ? `${base}/ru/search?q=${encodeURIComponent(["труба", "насос", "steel"][i % 3]!)}`
          : `${base}/ru/product/${productIds[i % productIds.length]}`;
      const t = performance.now();
      const status = await fetch(url, { signal: AbortSignal.timeout(15_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      );
      samples.push({ status, ms: performance.now() - t, at: Date.now() - started });
    }
  });
  await Promise.all([...workers, during?.()]);
  return samples;
}

export async function runReplicasBench(): Promise<void> {
  if (!existsSync(path.join(root, "build", "server"))) throw new Error("bench replicas: run `npm run build` first");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "postavka-replicas-"));
  if (asRoot) {
    const { uid, gid } = statSync("/var/lib/postgresql");
    chownSync(tmp, uid, gid);
  }
  const [p1, p2, nginxPort, a1, a2] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const primary = clusterAt(tmp, "primary", p1);
  const standby = clusterAt(tmp, "standby", p2);
  const dataDir = path.join(tmp, "app-data");
  mkdirSync(dataDir);
  const children: ChildProcess[] = [];
  let app: App | null = null;
  let database: Database | null = null;
  try {
    log(`replicas: primary on ${p1}, standby on ${p2}, nginx on ${nginxPort}, servers on ${a1} and ${a2}`);
    pg("initdb", ["-D", primary.dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
    configure(primary, tmp, "wal_level = replica\nmax_wal_senders = 5\nhot_standby = on\nsynchronous_commit = on");
    start(primary);
    pg("createdb", ["-h", "127.0.0.1", "-p", String(p1), "-U", "postgres", "postavka"]);
    const common = { DATABASE_URL: primary.url, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    log("replicas: migrating, importing the classifiers and a small demo catalogue on the primary…");
    runScript(["scripts/db-migrate.ts"], common);
    runScript(["scripts/import-classifiers.ts"], common);
    runScript(["scripts/seed-demo.ts", "--companies", "5", "--products", "60"], common);

    log("replicas: pg_basebackup -R → hot standby…");
    pg("pg_basebackup", ["-h", "127.0.0.1", "-p", String(p1), "-U", "postgres", "-D", standby.dir, "-R", "-X", "stream", "-c", "fast"]);
    configure(
      standby,
      tmp,
      `recovery_min_apply_delay = '${APPLY_DELAY_MS}ms'\nlog_statement = 'all'\nlog_line_prefix = '%m [%p] %a '\nhot_standby_feedback = on`,
    );
    start(standby);

    app = await startApp([a1, a2], dataDir, primary.url, [standby.url]);
    const nginx = spawn(
      "/usr/sbin/nginx",
      [
        "-p",
        tmp,
        "-c",
        writeNginxConf({ tmp, port: nginxPort, upstream: [a1, a2], keepalive: 16, failover: true, workerConnections: 512 }),
      ],
      { stdio: "ignore" },
    );
    children.push(nginx);
    const base = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${base}/readyz`, nginx, 30_000);
    // The servers' first health checks must have seen the standby replaying.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    database = await openDatabase({ databaseUrl: primary.url, dataDir, migrate: false, poolMax: 2 });
    const productIds = (await database.db.select({ id: products.id }).from(products).where(eq(products.status, "published")).limit(60)).map(
      (r) => r.id,
    );

    // 1. A public page from the standby.
    const logBefore = readFileSync(standby.log, "utf8").length;
    const countsBefore = await sumCounts(app.ports);
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${base}/ru/product/${productIds[i]}`);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`product page answered ${r.status}`);
    }
    const standbyLog = readFileSync(standby.log, "utf8").slice(logBefore);
    // One entry per log line prefix (`%m [%p]`): a statement's SQL spans several lines.
    const loggedProductQueries = standbyLog
      .split(/\n(?=\d{4}-\d{2}-\d{2} )/)
      .filter((entry) => /(statement|execute [^:]*): [\s\S]*\bproducts\b/.test(entry)).length;
    const countsAfter = await sumCounts(app.ports);
    const standbyName = `127.0.0.1:${p2}/postavka`;
    const onStandby = (countsAfter[standbyName] ?? 0) - (countsBefore[standbyName] ?? 0);
    // The job queue's polling runs outside any request and always on the primary: not the pages'.
    const delta = (key: string) => (countsAfter[key] ?? 0) - (countsBefore[key] ?? 0);
    const onPrimary = delta("primary") - delta("primary:outside_request");
    verdict(
      "public product pages are served from the standby",
      loggedProductQueries > 0 && onStandby > 0 && onPrimary === 0,
      `6 pages: ${onStandby} statements on the standby, ${onPrimary} on the primary (metrics, job polling excluded); ${loggedProductQueries} statements on products in the standby's log`,
    );

    // 2. Read-your-writes through nginx (alternating processes).
    const keys = new KeyRing(database.db, { secret: AUTH_SECRET });
    const [user] = await database.db
      .insert(users)
      .values({ email: `replica-${Date.now()}@bench.test`, firstName: "Replica", lastName: "Reader", acceptedTermsAt: new Date() })
      .returning({ id: users.id });
    const token = await signAccessToken(keys, { userId: user!.id, role: "USER" }, new Date());
    const auth = { authorization: `Bearer ${token}` };
    // Let the user row reach the standby before the test proper.
    await new Promise((resolve) => setTimeout(resolve, APPLY_DELAY_MS + 1500));
    const favourites = async (cookie?: string) => {
      const r = await fetch(`${base}/api/profile/favourites`, { headers: { ...auth, ...(cookie ? { cookie } : {}) } });
      const body = (await r.json()) as { data?: { products?: { id: number }[] } | { id: number }[] };
      const list = Array.isArray(body.data) ? body.data : (body.data?.products ?? []);
      return list.map((p) => p.id);
    };
    const target = productIds[7]!;
    const written = await fetch(`${base}/api/products/${target}/favourite`, { method: "POST", headers: auth });
    await written.arrayBuffer();
    const marker = written.headers
      .getSetCookie()
      .find((c) => c.startsWith("pv_wal="))
      ?.split(";")[0];
    const withMarker = await favourites(marker);
    const withoutMarker = await favourites();
    verdict(
      "a signed-in write is read back at once (pv_wal marker), while the standby still lags",
      written.ok && marker !== undefined && withMarker.includes(target) && !withoutMarker.includes(target),
      `POST favourite ${written.status}, marker ${marker ?? "none"}; read with marker: ${withMarker.includes(target) ? "sees it" : "misses it"}; ` +
        `without: ${withoutMarker.includes(target) ? "sees it" : "misses it (standby, applying WAL " + APPLY_DELAY_MS + " ms late)"}`,
    );

    // 3. The standby stopped under load.
    log("replicas: 8 readers for 12 s through nginx; the standby is stopped at 4 s…");
    const before3 = await sumCounts(app.ports);
    const samples = await readLoad(base, productIds, 12, 8, async () => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      stopCluster(standby, "immediate");
    });
    const after3 = await sumCounts(app.ports);
    const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
    const sorted = (part: typeof samples) => part.map((s) => s.ms).sort((a, b) => a - b);
    const beforeStop = sorted(samples.filter((s) => s.at < 4000));
    const afterStop = sorted(samples.filter((s) => s.at >= 4500));
    verdict(
      "the standby's loss under load costs no request",
      failed.length === 0,
      `${samples.length} requests, ${failed.length} failed (5xx or network); p99 ${percentile(beforeStop, 99).toFixed(0)} ms before the stop, ` +
        `${percentile(afterStop, 99).toFixed(0)} ms after; statements on the primary during the run ${(after3["primary"] ?? 0) - (before3["primary"] ?? 0)}`,
    );

    // 4. Promotion.
    start(standby);
    await new Promise((resolve) => setTimeout(resolve, APPLY_DELAY_MS + 3000));
    await database.close();
    database = null;
    stopCluster(primary, "fast");
    const whilePrimaryDown = await readLoad(base, productIds, 3, 2);
    const readsOk = whilePrimaryDown.filter((s) => s.status === 200).length;
    pg("pg_ctl", ["-D", standby.dir, "-w", "promote"]);
    // The documented switch (docs/deploy.md, Failover): the servers restart with the promoted
    // standby as DATABASE_URL (and no replica until a new standby is built from it).
    for (const child of app.children) await stop(child);
    const promotedUrl = standby.url;
    app = await startApp([a1, a2], dataDir, promotedUrl, []);
    const again = await fetch(`${base}/api/products/${productIds[8]}/favourite`, { method: "POST", headers: auth });
    await again.arrayBuffer();
    const after = await fetch(`${base}/api/profile/favourites`, { headers: auth });
    const afterBody = await after.text();
    verdict(
      "after the primary's loss the standby is promoted and writes resume",
      again.ok && afterBody.includes(String(productIds[8])),
      `reads while the primary was down: ${readsOk} of ${whilePrimaryDown.length} answered 200 (from the standby); ` +
        `after promotion and the servers' restart a write answered ${again.status}`,
    );
  } finally {
    if (database) await database.close().catch(() => undefined);
    for (const child of [...(app?.children ?? []), ...children]) await stop(child);
    for (const c of [standby, primary]) {
      try {
        stopCluster(c, "immediate");
      } catch {
        // already stopped
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log("## Read replicas (issue 31 §2)\n");
  console.log("| check | result | figures |\n|---|---|---|");
  for (const v of verdicts) console.log(`| ${v.check} | ${v.ok ? "✅" : "❌"} | ${v.detail} |`);
  console.log("");
  if (verdicts.some((v) => !v.ok)) process.exitCode = 1;
}
