/**
 * The hostile-file part of `npm run fuzz` (issue 25 §5): every case of tests/fuzz/hostile-files.ts
 * at full size ("full": the review's sizes) posted to every multipart operation of the OpenAPI
 * documents of a real production server process (`node server.ts`, bench/reliability.ts ServerProcess, on a fresh PostgreSQL
 * database, no catalogue), while a concurrent loop asks `/healthz` every 100 ms.
 *
 * Measured and judged: each answer (hostileProblem: no 5xx, the envelope, a file refusal for a
 * price list, no entity read); the server's resident memory after each case (/proc/<pid>/status
 * VmRSS) and its peak (VmHWM) against RSS_BOUND_MB; the slowest `/healthz` during each case against
 * HEALTH_BOUND_MS; whether the process survived (it is restarted when it did not); temp files the
 * process left in the OS temp folder (`<pid>-*`, the exceljs sheet spill of review N1).
 * Prints one table row per case; returns false when any case broke a property.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { KeyRing } from "#server/auth/keys.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { AUTH_SECRET, ServerProcess } from "#bench/reliability.ts";
import { freePort } from "#bench/processes.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/databases.ts";
import {
  hostileCases,
  hostileProblem,
  PRICE_LIST_PATH,
  uploadTargets,
  type HostileCase,
  type Scale,
  type UploadTarget,
} from "./hostile-files.ts";

/** The server's resident memory must stay under this (issue 25's target for the whole process). */
export const RSS_BOUND_MB = 1024;
/** `/healthz` must answer within this throughout. */
export const HEALTH_BOUND_MS = 1000;

/** VmRSS and VmHWM (peak) of process `pid` in MB, or null when it is gone. */
export function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
  } catch {
    return null;
  }
}

/** Files the process `pid` left in the OS temp folder (exceljs names them `<pid>-…`). */
function tempFilesOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    return readdirSync(os.tmpdir()).filter((name) => name.startsWith(`${pid}-`)).length;
  } catch {
    return 0;
  }
}

/** A loop asking `/healthz` every 100 ms; `worst()` is the slowest answer (or wait) since the last call. */
export function healthLoop(baseUrl: string) {
  let running = true;
  let worst = 0;
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    worst() {
      const w = worst;
      worst = 0;
      return w;
    },
    failures: () => failures,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** A signed-in user (token signed with the server's own key ring) with, for `company`, a company and a product. */
async function userWith(database: Database, baseUrl: string, label: string, role: "USER" | "ADMIN" = "USER") {
  const keys = new KeyRing(database.db, { secret: AUTH_SECRET });
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@fuzz.test`;
  const [row] = await database.db
    .insert(users)
    .values({ email, firstName: "Fuzz", lastName: label, acceptedTermsAt: new Date(), role })
    .returning({ id: users.id });
  const token = await signAccessToken(keys, { userId: row!.id, role }, new Date());
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return { id: row!.id, token, headers, baseUrl };
}

async function json(url: string, init: RequestInit): Promise<any> {
  const response = await fetch(url, init);
  return response.json().catch(() => null);
}

export interface HostileRunOptions {
  scale: Scale;
  log: (line: string) => void;
}

/** Runs every case against every upload endpoint of a fresh server; prints the table; true when all held. */
export async function runHostileFiles(options: HostileRunOptions): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "postavka-fuzz-files-"));
  const created = await createPostgresDatabase("fuzzfiles");
  const env = {
    NODE_ENV: "production",
    OUTBOX: "true",
    AUTH_SECRET,
    DATABASE_URL: created.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    BENCH_IMPORT: "0",
  };
  const server = new ServerProcess(await freePort(), env);
  let database: Database | null = null;
  let allHeld = true;
  try {
    options.log("fuzz files: starting a production server on a fresh PostgreSQL database…");
    await server.start();
    database = await openDatabase({ databaseUrl: created.url, dataDir, migrate: false, poolMax: 2 });
    const admin = await userWith(database, server.url, "admin", "ADMIN");
    const pub = await json(`${server.url}/api/openapi.json`, {});
    const adm = await json(`${server.url}/app/admin/openapi.json`, { headers: admin.headers });
    const targets: UploadTarget[] = [...uploadTargets("public", pub), ...uploadTargets("admin", adm)];
    const story = await json(`${server.url}/app/admin/stories`, {
      method: "POST",
      headers: admin.headers,
      body: JSON.stringify({ slug: `fuzz-files-${Date.now().toString(36)}`, title: { ru: "Фазз" }, body: { ru: "Текст" } }),
    });
    options.log(`fuzz files: ${targets.length} upload endpoints: ${targets.map((t) => t.operationId).join(", ")}`);

    console.log(
      `\n### Hostile files (${options.scale}): ${targets.length} upload endpoints, bounds RSS ≤ ${RSS_BOUND_MB} MB, /healthz ≤ ${HEALTH_BOUND_MS} ms\n`,
    );
    console.log(
      "| case | file | price list answer | other endpoints | worst /healthz ms | RSS after MB | temp files | problems |\n|---|---:|---|---|---:|---:|---:|---|",
    );
    const health = healthLoop(server.url);
    let peakMb = 0;
    for (const c of hostileCases(options.scale)) {
      const row = await runCase(c, targets, server, database, story?.data?.id, admin);
      const worst = health.worst();
      const memory = memoryOf(server.child?.pid);
      peakMb = Math.max(peakMb, memory?.peakMb ?? 0);
      const temp = tempFilesOf(server.child?.pid);
      const problems = [...row.problems];
      if (worst > HEALTH_BOUND_MS) problems.push(`/healthz took ${worst.toFixed(0)} ms`);
      if (!memory) problems.push("the server process died");
      else if (memory.peakMb > RSS_BOUND_MB) problems.push(`peak RSS ${memory.peakMb} MB`);
      if (temp > 0) problems.push(`${temp} temp files left`);
      if (problems.length) allHeld = false;
      console.log(
        `| ${c.id} | ${(row.size / 1024).toFixed(0)} KB | ${row.priceList} | ${row.others} | ${worst.toFixed(0)} | ${memory?.rssMb ?? "—"} | ${temp} | ${problems.join("; ").replaceAll("|", "\\|") || "—"} |`,
      );
      if (!memory || server.child?.exitCode !== null) {
        options.log(`fuzz files: the server died on ${c.id}; restarting…`);
        await server.kill("SIGKILL");
        await server.start();
      }
    }
    await health.stop();
    console.log(`\nPeak RSS of the server (VmHWM of its last process): ${peakMb} MB; /healthz failures: ${health.failures()}.`);
  } finally {
    await server.kill("SIGTERM");
    await database?.close().catch(() => {});
    await dropPostgresDatabase(created.name).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  return allHeld;
}

async function runCase(
  c: HostileCase,
  targets: UploadTarget[],
  server: ServerProcess,
  database: Database,
  storyId: number | undefined,
  admin: { token: string },
) {
  const file = c.file();
  // A fresh owner per case: the pending-upload and storage quotas must not answer for the reader.
  const owner = await userWith(database, server.url, "owner");
  await json(`${server.url}/api/profile/company`, {
    method: "POST",
    headers: owner.headers,
    body: JSON.stringify({ name: { ru: "ООО «Фазз»" }, country: "RU" }),
  });
  const product = await json(`${server.url}/api/profile/company/products`, {
    method: "POST",
    headers: owner.headers,
    body: JSON.stringify({ name: { ru: "Труба" } }),
  });
  const problems: string[] = [];
  let priceList = "";
  const others: string[] = [];
  for (const target of targets) {
    const url = `${server.url}${target.path.replace("{id}", String(target.path.includes("/stories/") ? storyId : product?.data?.id))}`;
    const form = new FormData();
    form.set("file", new File([Buffer.from(file.bytes)], file.name, { type: file.type }));
    let status = 0;
    let text = "";
    try {
      const response = await fetch(url, {
        method: target.method,
        headers: { authorization: `Bearer ${target.doc === "admin" ? admin.token : owner.token}` },
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      problems.push(`${target.path}: no answer (${(error as Error).message})`);
      if (target.path === PRICE_LIST_PATH) priceList = "no answer";
      // The server may be gone: the next endpoints would only repeat it.
      if (!memoryOf(server.child?.pid)) break;
      continue;
    }
    let code = "";
    if (status >= 400) {
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "?";
      } catch {
        code = "not JSON";
      }
    }
    const problem = hostileProblem(c, target, status, text);
    if (problem) problems.push(`${target.path}: ${problem}`);
    if (target.path === PRICE_LIST_PATH) priceList = `${status} ${code}`.trim();
    else others.push(`${status}${code ? ` ${code}` : ""}`);
  }
  const counts = new Map<string, number>();
  for (const o of others) counts.set(o, (counts.get(o) ?? 0) + 1);
  return { size: file.bytes.length, problems, priceList, others: [...counts].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(", ") };
}
