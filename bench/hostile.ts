/**
 * `npm run bench -- --parts hostile` (issue 25, Measure): what 20 hostile uploads do to honest
 * traffic. The production server (`node server.ts`, bench/reliability.ts ServerProcess) on a fresh PostgreSQL database with
 * the demo catalogue; this process drives it with the reliability part's request mix (public pages,
 * search, signed-in API calls).
 *
 * 1. Peak: closed loop at 2, 4 and 8 concurrent requests, 6 s each; the best rate is the peak.
 * 2. Baseline: open loop at half the peak for `seconds` (default 60) — honest traffic alone.
 * 3. Under attack: the same load for the same time while 20 hostile uploads (the full-size cases of
 *    tests/fuzz/hostile-files.ts in turn: XLSX bombs, a million-column CSV, deep and wide YML,
 *    entity tricks, wrong magic, truncated archives, a huge-dimension PNG) are posted to the
 *    price-list endpoint, evenly spread over the phase, each by a fresh supplier account.
 *
 * Reports: the honest traffic's errors and p50/p99 in both phases and the p99 ratio (target ≤ 1.5×,
 * 0 errors), the answers to the uploads, and the server's peak RSS during the attack (VmRSS sampled
 * every 250 ms from /proc, target ≤ 1 GB). A server that dies is noted and restarted so the honest
 * traffic's errors are counted, not the bench stopped.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { KeyRing } from "#server/auth/keys.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "#tests/support/databases.ts";
import { hostileCases, PRICE_LIST_PATH, type HostileFile } from "#tests/fuzz/hostile-files.ts";
import { memoryOf } from "#tests/fuzz/hostile-run.ts";
import { freePort } from "./processes.ts";
import { AUTH_SECRET, closedLoop, openLoop, prepareTarget, ServerProcess, summarise, type Sample } from "./reliability.ts";
import { log } from "./stats.ts";

const UPLOADS = 20;

export interface HostileBenchOptions {
  /** Length of the baseline and of the attack phase, seconds. */
  seconds: number;
}

async function supplierToken(database: Database, baseUrl: string, n: number): Promise<string> {
  const keys = new KeyRing(database.db, { secret: AUTH_SECRET });
  const [row] = await database.db
    .insert(users)
    .values({
      email: `hostile-${n}-${Date.now().toString(36)}@bench.test`,
      firstName: "Hostile",
      lastName: String(n),
      acceptedTermsAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await signAccessToken(keys, { userId: row!.id, role: "USER" }, new Date());
  await fetch(`${baseUrl}/api/profile/company`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: { ru: `ООО «Атака ${n}»` }, country: "RU" }),
  });
  return token;
}

/**
 * A one-file multipart body, encoded before the phase: encoding a 15 MiB `FormData` at send time
 * (copies into a Blob, undici's multipart writer) stalled this process's event loop, which also
 * drives the honest load, so the load generator's own pauses counted as the server's latency.
 */
function multipartBody(file: HostileFile): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----postavka-hostile-${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const body = Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function runHostileBench(options: HostileBenchOptions): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "postavka-hostile-"));
  const created = await createPostgresDatabase("hostile");
  const env = {
    NODE_ENV: "production",
    OUTBOX: "true",
    AUTH_SECRET,
    DATABASE_URL: created.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    DATABASE_POOL_MAX: "10",
  };
  const server = new ServerProcess(await freePort(), env);
  let database: Database | null = null;
  try {
    log("hostile: starting the server (seeding the demo catalogue on PostgreSQL, then a fresh process)…");
    await server.startSeeded();
    database = await openDatabase({ databaseUrl: created.url, dataDir, migrate: false, poolMax: 4 });
    const target = await prepareTarget(database, server.url);

    // The attackers' accounts and companies first: creating a company is a public write that empties
    // the page cache, and both phases must start from the same cache (made between them, the attack
    // phase began with every page cold and its p99 counted the re-renders, not the uploads).
    const tokens: string[] = [];
    for (let i = 0; i < UPLOADS; i++) tokens.push(await supplierToken(database, server.url, i));
    let peak = 0;
    for (const concurrency of [2, 4, 8]) peak = Math.max(peak, summarise(await closedLoop(target, concurrency, 6)).count / 6);
    const rate = Math.max(1, Math.round(peak / 2));
    log(`hostile: peak ${peak.toFixed(0)} req/s; baseline at ${rate} req/s for ${options.seconds} s…`);
    const baseline: Sample[] = [];
    await openLoop(target, rate, options.seconds, (s) => baseline.push(s));

    const cases = hostileCases("full");
    // Built and encoded before the phase: making a 3.5 GiB bomb's CRC takes seconds of this process's
    // CPU, which would otherwise stall the honest load generator and count against the server.
    const files = Array.from({ length: UPLOADS }, (_, i) => ({
      id: cases[i % cases.length]!.id,
      body: multipartBody(cases[i % cases.length]!.file()),
    }));
    const uploads: { id: string; status: string; ms: number }[] = [];
    let peakRss = memoryOf(server.child?.pid)?.rssMb ?? 0;
    let deaths = 0;
    let attacking = true;
    const sampler = (async () => {
      while (attacking) {
        const memory = memoryOf(server.child?.pid);
        if (memory) peakRss = Math.max(peakRss, memory.rssMb);
        else if (server.child && (server.child.exitCode !== null || server.child.signalCode !== null)) {
          deaths += 1;
          log("hostile: the server died; restarting…");
          await server.start().catch(() => {});
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    log(`hostile: the same load with ${UPLOADS} hostile uploads over ${options.seconds} s…`);
    const attack: Sample[] = [];
    const load = openLoop(target, rate, options.seconds, (s) => attack.push(s));
    const spacing = (options.seconds * 1000) / UPLOADS;
    const sent = Array.from({ length: UPLOADS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * spacing));
      const c = { id: files[i]!.id };
      const { body, contentType } = files[i]!.body;
      const started = performance.now();
      let status = "no answer";
      try {
        const response = await fetch(`${server.url}${PRICE_LIST_PATH}`, {
          method: "POST",
          headers: { authorization: `Bearer ${tokens[i]}`, "content-type": contentType },
          body,
          signal: AbortSignal.timeout(180_000),
        });
        const text = await response.text();
        let code = "";
        try {
          code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "";
        } catch {
          code = "";
        }
        status = `${response.status}${code ? ` ${code}` : ""}`;
      } catch {
        status = "no answer";
      }
      uploads.push({ id: c.id, status, ms: performance.now() - started });
    });
    await Promise.all([load, ...sent]);
    attacking = false;
    await sampler;

    const quiet = summarise(baseline);
    const loud = summarise(attack);
    console.log(
      `\n### Hostile uploads: honest load at half the peak (${rate} req/s of ${peak.toFixed(0)}), ${options.seconds} s per phase\n`,
    );
    console.log("| phase | requests | errors | p50 ms | p99 ms | server RSS peak MB |\n|---|---:|---:|---:|---:|---:|");
    console.log(`| honest load alone | ${quiet.count} | ${quiet.errors} | ${quiet.p50.toFixed(1)} | ${quiet.p99.toFixed(1)} | — |`);
    console.log(
      `| with ${UPLOADS} hostile uploads | ${loud.count} | ${loud.errors} | ${loud.p50.toFixed(1)} | ${loud.p99.toFixed(1)} | ${peakRss} |`,
    );
    console.log(
      `\np99 ratio (attack / alone): ${(loud.p99 / Math.max(quiet.p99, 0.001)).toFixed(2)}× (target ≤ 1.5×); honest errors under attack: ${loud.errors}${loud.errors ? ` (${loud.errorStatuses})` : ""} (target 0)${quiet.errors ? `, alone ${quiet.errors} (${quiet.errorStatuses})` : ""}; peak RSS ${peakRss} MB (target ≤ 1024); server deaths: ${deaths}.`,
    );
    const byCase = new Map<string, string[]>();
    for (const u of uploads) byCase.set(u.id, [...(byCase.get(u.id) ?? []), `${u.status} in ${(u.ms / 1000).toFixed(1)} s`]);
    console.log("\n| hostile upload | answers |\n|---|---|");
    for (const [id, answers] of byCase) console.log(`| ${id} | ${answers.join("; ")} |`);
  } finally {
    await server.kill("SIGTERM");
    await database?.close().catch(() => {});
    await dropPostgresDatabase(created.name).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
