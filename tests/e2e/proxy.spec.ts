/**
 * Production topology (issue 16 §2): nginx (Debian's package) in front of TWO server processes of
 * the production build on one PostgreSQL database, with TRUST_PROXY naming nginx. Clients connect
 * from different loopback addresses (127.0.0.2, 127.0.0.3, …), so nginx sees — and forwards in
 * X-Forwarded-For — a different client address for each, as it would on the internet.
 *
 * Checked: twenty sign-ins from twenty addresses all succeed while one address that floods is
 * limited (the limit is shared by both processes and keyed by the real client address); a session
 * made on one process refreshes on the other; a favourite set on one is read on the other; a file
 * uploaded through one is served by the other (local storage on a shared directory); an admin's
 * edit through one process empties the other's page cache (LISTEN/NOTIFY); both run the compiled
 * server (ADR 078), whose parse processes read an uploaded price list.
 *
 * Runs in its own Playwright project ("proxy"): it drives HTTP only, no browser page.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { APP_PORT, MAIL_SMTP_PORT } from "./support/ports.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/databases.ts";
import { codeOf, nthMail } from "./support/session.ts";
import { writeNginxConf } from "../support/nginx.ts";

const NGINX_PORT = APP_PORT + 20;
const PORTS = [APP_PORT + 21, APP_PORT + 22] as const;
const root = path.resolve(import.meta.dirname, "../..");
const SEND_PER_IP = 5;

let tmp: string;
let database: { url: string; name: string };
const children: ChildProcess[] = [];

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}: ${stderr.slice(-2000)}`))));
  });
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return fetch(url).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(200);
}

type Json = { data?: Record<string, unknown> & { accessToken?: string; registrationToken?: string }; error?: { code: string } };
type Reply = { status: number; json: Json; text: string; headers: Headers };

/**
 * One HTTP request from the loopback address `address` (node:http binds it with `localAddress`;
 * undici's fetch does not), JSON or multipart; answers status, text, parsed JSON and headers.
 */
async function call(
  base: string,
  method: string,
  pathname: string,
  options: { address?: string; body?: unknown; token?: string; cookie?: string; form?: FormData } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  let payload: Buffer | undefined;
  if (options.form) {
    const encoded = new Response(options.form);
    payload = Buffer.from(await encoded.arrayBuffer());
    headers["content-type"] = encoded.headers.get("content-type")!;
  } else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers["content-type"] = "application/json";
  }
  if (payload) headers["content-length"] = String(payload.length);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { method, headers, localAddress: options.address ?? "127.0.0.1" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: Json = {};
        try {
          json = JSON.parse(text) as Json;
        } catch {
          // pages answer HTML
        }
        const out = new Headers();
        for (const [key, value] of Object.entries(response.headers)) for (const v of [value ?? []].flat()) out.append(key, v);
        resolve({ status: response.statusCode ?? 0, json, text, headers: out });
      });
    });
    request.on("error", reject);
    request.end(payload);
  });
}

const proxy = `http://127.0.0.1:${NGINX_PORT}`;
const direct = [`http://127.0.0.1:${PORTS[0]}`, `http://127.0.0.1:${PORTS[1]}`] as const;

/** Signs a new user up through `base` from `address`; returns the access token and the refresh cookie. */
async function signUp(base: string, address: string, email: string): Promise<{ accessToken: string; refreshCookie: string }> {
  const sent = await call(base, "POST", "/api/auth/send-code", { address, body: { email, locale: "ru" } });
  expect(sent.status, `send-code ${address}: ${sent.text}`).toBe(200);
  const code = codeOf(await nthMail(email, 1));
  const verified = await call(base, "POST", "/api/auth/verify-code", { address, body: { email, code } });
  expect(verified.status, verified.text).toBe(200);
  const registered = await call(base, "POST", "/api/auth/register", {
    address,
    body: {
      registrationToken: verified.json.data!.registrationToken,
      firstName: "Proxy",
      lastName: "Test",
      acceptTerms: true,
      locale: "ru",
    },
  });
  expect(registered.status, registered.text).toBe(200);
  const refreshCookie = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith("refresh="))!
    .split(";")[0]!;
  return { accessToken: registered.json.data!.accessToken!, refreshCookie };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  tmp = mkdtempSync(path.join(os.tmpdir(), "postavka-proxy-"));
  database = await createPostgresDatabase("proxy");
  const dataDir = path.join(tmp, "shared-data");
  mkdirSync(dataDir);
  const common = { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  await run(["scripts/db-migrate.ts"], common);
  await run(["scripts/import-classifiers.ts"], common);
  await run(["scripts/seed-demo.ts", "--companies", "5", "--products", "40"], common);
  for (const port of PORTS) {
    const child = spawn(process.execPath, ["server.ts"], {
      cwd: root,
      stdio: "ignore",
      env: {
        ...process.env,
        ...common,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        AUTH_SECRET: "proxy-test-secret-shared-by-both-processes-0123456789",
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        TRUST_PROXY: "127.0.0.1",
        AUTH_SEND_PER_IP: String(SEND_PER_IP),
        AUTH_SEND_PER_TARGET: "100",
        AUTH_VERIFY_PER_IP: "100",
        AUTH_RESEND_AFTER_S: "0",
        PAGE_CACHE_TTL_S: "600",
        PAGE_CACHE_STALE_S: "0",
        BUILD_CHECK_INTERVAL: "0",
      },
    });
    children.push(child);
  }
  await Promise.all(PORTS.map((port, i) => waitReady(`http://127.0.0.1:${port}/readyz`, children[i]!)));
  const conf = writeNginxConf({ tmp, port: NGINX_PORT, upstream: PORTS, maxBodySize: "25m" });
  const nginx = spawn("/usr/sbin/nginx", ["-p", tmp, "-c", conf], { stdio: "ignore" });
  children.push(nginx);
  await waitReady(`${proxy}/readyz`, nginx);
});

test.afterAll(async () => {
  for (const child of children.reverse()) child.kill("SIGTERM");
  await Promise.all(
    children.filter((child) => child.exitCode === null).map((child) => new Promise((resolve) => child.once("exit", resolve))),
  );
  if (database) await dropPostgresDatabase(database.name);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

test("twenty clients sign in through nginx while one address that floods is limited on both processes", async () => {
  test.setTimeout(180_000);
  for (let i = 2; i <= 21; i++) await signUp(proxy, `127.0.0.${i}`, unique(`proxy${i}`));
  const flooder = "127.0.0.50";
  const statuses: number[] = [];
  for (let i = 0; i < SEND_PER_IP + 3; i++)
    statuses.push(
      (await call(proxy, "POST", "/api/auth/send-code", { address: flooder, body: { email: unique("flood"), locale: "ru" } })).status,
    );
  // nginx alternates between the two processes: the count is shared, so the limit holds across both.
  expect(statuses.slice(0, SEND_PER_IP)).toEqual(Array(SEND_PER_IP).fill(200));
  expect(statuses.slice(SEND_PER_IP)).toEqual([429, 429, 429]);
  // Everyone else is untouched by the flood.
  expect(
    (await call(proxy, "POST", "/api/auth/send-code", { address: "127.0.0.51", body: { email: unique("other"), locale: "ru" } })).status,
  ).toBe(200);
});

test("a session made on one process refreshes on the other; a favourite set on one is read on the other", async () => {
  const session = await signUp(direct[0], "127.0.0.1", unique("session"));
  const refreshed = await call(direct[1], "POST", "/api/auth/refresh-token", { cookie: session.refreshCookie });
  expect(refreshed.status, refreshed.text).toBe(200);
  const token = refreshed.json.data!.accessToken!;
  const products = await call(proxy, "GET", "/api/products?perPage=1");
  const productId = (products.json.data as unknown as { id: number }[])[0]!.id;
  expect((await call(direct[0], "POST", `/api/products/${productId}/favourite`, { token })).status).toBeLessThan(300);
  const favourites = await call(direct[1], "GET", "/api/profile/favourites?view=ids", { token });
  expect(favourites.json.data as unknown as { id: number }[]).toContainEqual(expect.objectContaining({ id: productId }));
});

test("a file uploaded through one process is served by the other", async () => {
  const { accessToken } = await signUp(direct[0], "127.0.0.1", unique("upload"));
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "red.png");
  const uploaded = await call(direct[0], "POST", "/api/files/common", { token: accessToken, form });
  expect(uploaded.status, uploaded.text).toBe(201);
  // A temporary upload is its uploader's alone (ADR 040): the other process serves it to them, and
  // to nobody else, from the shared storage and database.
  const id = Number(uploaded.json.data!.id);
  expect(String(uploaded.json.data!.url)).toBe(`/files/${id}`);
  const served = await fetch(`${direct[1]}/api/files/${id}/content`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toMatch(/^image\//);
  expect((await fetch(`${direct[1]}/api/files/${id}/content`)).status).toBe(404);
});

test("an admin's edit through one process empties the other process's page cache", async () => {
  const email = unique("admin");
  await signUp(direct[0], "127.0.0.1", email);
  await run(["scripts/admin.ts", "grant", email, "ADMIN"], {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(tmp, "shared-data"),
    LOG_LEVEL: "warn",
  });
  // A new sign-in carries the new role.
  const sent = await call(direct[0], "POST", "/api/auth/send-code", { body: { email, locale: "ru" } });
  expect(sent.status).toBe(200);
  const verified = await call(direct[0], "POST", "/api/auth/verify-code", { body: { email, code: codeOf(await nthMail(email, 2)) } });
  const token = verified.json.data!.accessToken!;
  expect(token).toBeTruthy();

  const categories = await call(direct[0], "GET", "/app/admin/categories", { token });
  expect(categories.status, categories.text).toBe(200);
  const category = (categories.json.data as unknown as { id: number; parentId: number | null }[]).find((c) => c.parentId === null)!;
  // Process B renders the catalogue once; the second request is served from its cache.
  await call(direct[1], "GET", "/catalog");
  expect((await call(direct[1], "GET", "/catalog")).headers.get("x-cache")).toBe("HIT");

  const current = await call(direct[0], "GET", `/app/admin/categories/${category.id}`, { token });
  const record = current.json.data as unknown as Record<string, unknown> & { name: Record<string, string> };
  const renamed = `Категория ${Date.now().toString(36)}`;
  const saved = await call(direct[0], "PUT", `/app/admin/categories/${category.id}`, {
    token,
    body: { ...record, name: { ...record.name, ru: renamed } },
  });
  expect(saved.status, saved.text).toBe(200);
  // Process B hears of the write (LISTEN/NOTIFY) and renders the catalogue afresh: with a 600 s
  // cache lifetime, only the notice can turn its HIT into a MISS. (The category tree itself is a
  // per-process aggregate refreshed within a minute, server/catalog/cache.ts: not what this checks.)
  await expect.poll(async () => (await call(direct[1], "GET", "/catalog")).headers.get("x-cache"), { timeout: 10_000 }).toBe("MISS");
  expect((await call(direct[1], "GET", "/catalog")).headers.get("x-cache")).toBe("HIT");
});

test("both processes run the compiled server (ADR 078), and a price list uploaded through nginx is read by its parse process", async () => {
  // `node server.ts` in production re-executes itself, same pid, into the build's JavaScript.
  for (const child of children.slice(0, PORTS.length)) {
    const argv = readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0");
    expect(argv).toContain(path.join(root, "build", "node", "server.js"));
    expect(argv).toContain("--max-semi-space-size=16");
  }
  // The parse launcher and the parse process are the build's own entries (server/paths.ts runnableModule).
  const { accessToken: token } = await signUp(proxy, "127.0.0.1", unique("pricelist"));
  const company = await call(proxy, "POST", "/api/profile/company", { token, body: { name: { ru: "ООО «Сборка»" }, country: "RU" } });
  expect(company.status, company.text).toBe(201);
  const form = new FormData();
  const csv = "Артикул;Наименование;Цена;Единица\nСБ-1;Фланец стальной;12,5;шт.\nСБ-2;Отвод 90°;1 250;шт\n";
  form.set("file", new Blob([csv], { type: "text/csv" }), "прайс.csv");
  const uploaded = await call(proxy, "POST", "/api/profile/company/price-lists", { token, form });
  expect(uploaded.status, uploaded.text).toBe(201);
  expect(uploaded.json.data).toMatchObject({ totalRows: 2, validRows: 2, invalidRows: 0 });
});
