/**
 * `/app/parse/meta` through the API (issue 7, ADR 012), on PGlite and PostgreSQL (the rate limits
 * live in the database).
 *
 * Set-up, all on this machine (there is no internet here and no other host may be contacted):
 * - a test web site on 127.0.0.2:P, which the test's stub resolver gives the public-looking names
 *   `site.test`, `www.site.test` and `rebind.test`. The production address policy is kept, with one
 *   test-only exception: 127.0.0.2 counts as public for those three names only (never as an IP
 *   literal, never for another name);
 * - a SENTINEL: listeners on 127.0.0.1:P and [::1]:P (the same port as the site) that count every
 *   connection. Every bypass URL aims at them; the count must stay 0;
 * - a tripwire: the fetcher reports every connection it is about to open, and the test refuses (and
 *   records) any to an address other than the test site, so even a bug could not send a packet to
 *   10/8, 169.254.169.254 and the like. Every bypass case asserts that no connection was attempted
 *   (or, for redirects, only the one to the test site).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import type { ParseMetaDeps } from "#server/api/parse-meta-service.ts";
import { createLogger } from "#server/logger.ts";
import { classifyAddress } from "#server/parse-meta/address-policy.ts";
import type { ResolvedAddress } from "#server/parse-meta/safe-fetch.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, type TestUser, expectError } from "../support/profile.ts";

const SITE_ADDRESS = "127.0.0.2";
const SITE_NAMES = new Set(["site.test", "www.site.test", "rebind.test"]);

let api: TestApi;
let user: TestUser;
let port: number;
let site: http.Server;
const sentinels: net.Server[] = [];
let sentinelConnections = 0;
/** Connections the fetcher was about to open: `address:port`. */
let attempts: string[] = [];
/** Requests the test site received. */
let siteRequests: { url: string; host: string | undefined; acceptLanguage: string | undefined }[] = [];
/** How often the stub resolver was asked for each name. */
let lookups = new Map<string, number>();

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/**
 * The stub DNS's fixed answers: the test site's public-looking names, and names that resolve inside —
 * loopback, private, link-local metadata, CGNAT, a public and a loopback address together (either
 * order), IPv6 loopback, IPv4-mapped, ULA and NAT64.
 */
const STUB_ANSWERS: Record<string, ResolvedAddress[]> = {
  "site.test": [v4(SITE_ADDRESS)],
  "www.site.test": [v4(SITE_ADDRESS)],
  "127.0.0.1.nip.io": [v4("127.0.0.1")],
  "loopback.example.com": [v4("127.0.0.1")],
  "internal.example.com": [v4("10.0.0.5")],
  "metadata.example.com": [v4("169.254.169.254")],
  "cgnat.example.com": [v4("100.64.1.1")],
  "mixed.example.com": [v4("93.184.215.14"), v4("127.0.0.1")],
  "mixed-order.example.com": [v4("192.168.1.10"), v4("93.184.215.14")],
  "v6loop.example.com": [v6("::1")],
  "mapped.example.com": [v6("::ffff:127.0.0.1")],
  "ula.example.com": [v6("fd00::1")],
  "nat64.example.com": [v6("64:ff9b::a9fe:a9fe")],
};

/** The stub DNS: `STUB_ANSWERS`, a rebinding name, one that never answers; any other name is not found. */
async function stubResolve(hostname: string): Promise<ResolvedAddress[]> {
  const calls = (lookups.get(hostname) ?? 0) + 1;
  lookups.set(hostname, calls);
  // DNS rebinding: the first answer is the (allowed) site, every later one the sentinel.
  if (hostname === "rebind.test") return [v4(calls === 1 ? SITE_ADDRESS : "127.0.0.1")];
  if (Object.hasOwn(STUB_ANSWERS, hostname)) return STUB_ANSWERS[hostname]!.map((answer) => ({ ...answer }));
  if (hostname === "slow-dns.test") return new Promise(() => undefined);
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
}

const fetchHooks: NonNullable<ParseMetaDeps["fetch"]> = {
  resolve: stubResolve,
  checkAddress: (address, target) =>
    address === SITE_ADDRESS && SITE_NAMES.has(target.hostname) ? { allowed: true } : classifyAddress(address),
  onConnect: (addresses, targetPort) => {
    for (const address of addresses) attempts.push(`${address}:${targetPort}`);
    if (addresses.some((address) => address !== SITE_ADDRESS))
      throw new Error(`tripwire: connection to ${addresses.join(", ")} refused by the test`);
  },
};

/* ─── the test site ─── */

/** Windows-1251 bytes of Cyrillic text (А–я → C0–FF, Ё A8, ё B8, « AB, » BB, — 97; ASCII as is). */
function cp1251(text: string): Buffer {
  const punctuation: Record<string, number> = { "«": 0xab, "»": 0xbb, "—": 0x97 };
  return Buffer.from(
    Array.from(text, (ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80) return code;
      if (punctuation[ch]) return punctuation[ch];
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      throw new Error(`no cp1251 byte for ${ch}`);
    }),
  );
}
// "供应商" (supplier) + "中国" (China) in GB2312.
const GB2312_TITLE = Buffer.from([0xb9, 0xa9, 0xd3, 0xa6, 0xc9, 0xcc, 0xd6, 0xd0, 0xb9, 0xfa]);

const HOME = `<!doctype html>
<html lang="ru-RU"><head>
<meta charset="utf-8">
<title>Главная — Ромашка</title>
<meta name="description" content="Оптовые поставки чая из Фуцзяни в Россию">
<meta property="og:title" content="ООО «Ромашка» &amp; партнёры">
<meta property="og:site_name" content="Ромашка">
<meta property="og:image" content="/img/cover.jpg">
<link rel="icon" href="/favicon-32.png" sizes="32x32">
<link rel="icon" href="icons/logo.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
</head><body><h1>Ромашка</h1></body></html>`;

function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://site.test");
  const html = (body: string | Buffer, type = "text/html; charset=utf-8", headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(200, { "content-type": type, ...headers });
    res.end(body);
  };
  const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const left = Number(hops[1]);
    if (left === 0) return html("<title>After the redirects</title>");
    res.writeHead(302, { location: `/hops/${left - 1}` });
    return res.end();
  }
  switch (url.pathname) {
    case "/":
      return html(HOME);
    case "/ru/catalog/page.html":
      return html(
        `<head><link rel="shortcut icon" href="../../favicon.ico"><meta property="og:image" content="../img/tea.png"><title>Каталог</title></head>`,
      );
    case "/cp1251":
      return html(
        cp1251('<html><head><title>Поставщик чая — ООО «Ёлка»</title><meta name=description content="Чай оптом"></head></html>'),
        "text/html; charset=windows-1251",
      );
    case "/cp1251-meta":
      return html(
        Buffer.concat([
          Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'),
          cp1251("<title>Ромашка</title>"),
        ]),
        "text/html",
      );
    case "/gb2312":
      return html(
        Buffer.concat([Buffer.from('<html><head><meta charset="gb2312"><title>'), GB2312_TITLE, Buffer.from("</title></head></html>")]),
        "text/html",
      );
    case "/gzip":
      return html(zlib.gzipSync(Buffer.from("<title>Сжатая страница</title>")), "text/html; charset=utf-8", { "content-encoding": "gzip" });
    case "/xhtml":
      return html(
        '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>XHTML page</title></head></html>',
        "application/xhtml+xml",
      );
    case "/unsafe-image":
      return html(
        '<title>Unsafe</title><meta property="og:image" content="http://127.0.0.1/secret.png"><link rel="icon" href="http://169.254.169.254/latest/">',
      );
    case "/big": {
      // 1.5 MiB, streamed without a length: the reader must stop on its own.
      res.writeHead(200, { "content-type": "text/html" });
      res.on("error", () => undefined);
      res.write("<title>Huge</title>");
      const chunk = `<p>${"x".repeat(64 * 1024)}</p>`;
      for (let i = 0; i < 24; i++) res.write(chunk);
      return res.end();
    }
    case "/big-declared":
      res.writeHead(200, { "content-type": "text/html", "content-length": String(2 * 1024 * 1024) });
      res.on("error", () => undefined);
      return res.end(`<title>Huge</title>${" ".repeat(2 * 1024 * 1024 - 19)}`);
    case "/json":
      return html('{"title":"not html"}', "application/json");
    case "/image":
      return html(Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png");
    case "/no-type":
      res.writeHead(200);
      return res.end("<title>No type</title>");
    case "/missing":
      res.writeHead(404, { "content-type": "text/html" });
      return res.end("<title>Not found</title>");
    case "/redirect": {
      res.writeHead(Number(url.searchParams.get("status") ?? 302), { location: url.searchParams.get("to") ?? "/" });
      return res.end();
    }
    case "/redirect-without-location":
      res.writeHead(302);
      return res.end();
    case "/slow":
      // Never answers: the reader's time limit must end the wait.
      return;
    default:
      res.writeHead(404);
      return res.end();
  }
}

async function listen(server: net.Server, host: string, wanted = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(wanted, host, () => resolve());
  });
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    siteRequests.push({ url: req.url ?? "", host: req.headers.host, acceptLanguage: req.headers["accept-language"] });
    route(req, res);
  });
  port = await listen(site, SITE_ADDRESS);
  for (const host of ["127.0.0.1", "::1"]) {
    const sentinel = net.createServer((socket) => {
      sentinelConnections += 1;
      socket.destroy();
    });
    await listen(sentinel, host, port);
    sentinels.push(sentinel);
  }
  api = await openTestApi({ parseMeta: { fetch: fetchHooks, limits: { perUser: 10_000, perIp: 10_000 } } });
  user = await createUser(api, "meta-reader");
});

afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  for (const sentinel of sentinels) await new Promise((resolve) => sentinel.close(resolve));
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

beforeEach(() => {
  attempts = [];
  siteRequests = [];
  lookups = new Map();
});

afterEach(() => {
  expect(sentinelConnections, "connections that reached the internal sentinel").toBe(0);
});

function meta(url: string, options: { token?: string; lang?: string; app?: ReturnType<typeof createApiApp>; ip?: string } = {}) {
  const query = new URLSearchParams({ url, ...(options.lang ? { lang: options.lang } : {}) });
  const target = options.app ? { ...api, app: options.app } : api;
  return call(
    target,
    "GET",
    `/app/parse/meta?${query}`,
    undefined,
    options.token === undefined ? user.token : options.token || undefined,
    options.ip ? { "x-client-ip": options.ip } : {},
  );
}

const siteUrl = (path = "/") => `http://site.test:${port}${path}`;

describe("reading a page", () => {
  test("title, description, site name, image and icon; relative URLs resolve against the page; the Host header is the name", async () => {
    const reply = await meta(siteUrl("/"), { lang: "en" });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      url: siteUrl("/"),
      finalUrl: siteUrl("/"),
      title: "ООО «Ромашка» & партнёры",
      description: "Оптовые поставки чая из Фуцзяни в Россию",
      siteName: "Ромашка",
      image: siteUrl("/img/cover.jpg"),
      icon: siteUrl("/icons/logo.svg"),
      lang: "ru-RU",
    });
    expect(siteRequests).toEqual([{ url: "/", host: `site.test:${port}`, acceptLanguage: expect.stringMatching(/^en,/) }]);
    expect(attempts).toEqual([`${SITE_ADDRESS}:${port}`]);
  });

  test("the same through POST with a JSON body", async () => {
    const reply = await user.post("/app/parse/meta", { url: siteUrl("/ru/catalog/page.html") });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ title: "Каталог", icon: siteUrl("/favicon.ico"), image: siteUrl("/ru/img/tea.png") });
  });

  test("a windows-1251 page (charset in the header, and in <meta http-equiv>)", async () => {
    expect((await meta(siteUrl("/cp1251"))).body.data).toMatchObject({ title: "Поставщик чая — ООО «Ёлка»", description: "Чай оптом" });
    expect((await meta(siteUrl("/cp1251-meta"))).body.data).toMatchObject({ title: "Ромашка" });
  });

  test("a gb2312 page (charset in <meta charset>)", async () => {
    expect((await meta(siteUrl("/gb2312"))).body.data).toMatchObject({ title: "供应商中国" });
  });

  test("a gzip-compressed page and an XHTML page", async () => {
    expect((await meta(siteUrl("/gzip"))).body.data.title).toBe("Сжатая страница");
    expect((await meta(siteUrl("/xhtml"))).body.data).toMatchObject({ title: "XHTML page", lang: "en" });
  });

  test("image and icon URLs pointing inside the network are dropped, not returned", async () => {
    expect((await meta(siteUrl("/unsafe-image"))).body.data).toMatchObject({ title: "Unsafe", image: null, icon: null });
  });

  test("three redirects are followed, re-checked each time", async () => {
    const reply = await meta(siteUrl("/hops/3"));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ url: siteUrl("/hops/3"), finalUrl: siteUrl("/hops/0"), title: "After the redirects" });
    expect(siteRequests.map((r) => r.url)).toEqual(["/hops/3", "/hops/2", "/hops/1", "/hops/0"]);
    expect(lookups.get("site.test")).toBe(4);
  });

  test("a redirect to another allowed name is followed", async () => {
    const reply = await meta(siteUrl(`/redirect?status=301&to=${encodeURIComponent(`http://www.site.test:${port}/`)}`));
    expect(reply.body.data).toMatchObject({ finalUrl: `http://www.site.test:${port}/`, siteName: "Ромашка" });
  });
});

describe("HTTPS to a pinned address", () => {
  let secure: https.Server;
  let securePort: number;
  let servernames: (string | undefined)[] = [];
  let dir: string;

  beforeAll(async () => {
    // A self-signed certificate for site.test (openssl, as Debian ships it).
    dir = mkdtempSync(path.join(os.tmpdir(), "postavka-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=site.test",
        "-addext",
        "subjectAltName=DNS:site.test",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    const options = { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
    // The server name the client asks for in its hello (SNI), recorded before the handshake goes on.
    secure = https.createServer({ ...options, SNICallback: (name, done) => (servernames.push(name), done(null, undefined)) }, route);
    securePort = await listen(secure, SITE_ADDRESS);
  });
  afterAll(async () => {
    secure?.closeAllConnections();
    await new Promise((resolve) => secure?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  test("the TLS server name is the host name, not the checked IP, and the certificate is verified", async () => {
    servernames = [];
    const reply = await meta(`https://site.test:${securePort}/`);
    // The certificate is self-signed: verified against the name, it is refused.
    expectError(reply, 422, "fetch_failed");
    expect(attempts).toEqual([`${SITE_ADDRESS}:${securePort}`]);
    expect(servernames).toEqual(["site.test"]);
  });
});

describe("refusals of pages that cannot be read", () => {
  test.each([
    ["/hops/4", "too_many_redirects", 422],
    ["/big", "too_large", 422],
    ["/big-declared", "too_large", 422],
    ["/json", "not_html", 422],
    ["/image", "not_html", 422],
    ["/no-type", "not_html", 422],
    ["/missing", "http_status", 422],
    ["/redirect-without-location", "http_status", 422],
  ])("%s → %s", async (path, code, status) => {
    const reply = await meta(siteUrl(path));
    expect(reply.status).toBe(status);
    expect(reply.body.error.code).toBe(code);
  });

  test("four redirects: the fourth location is never requested", async () => {
    await meta(siteUrl("/hops/4"));
    expect(siteRequests.map((r) => r.url)).toEqual(["/hops/4", "/hops/3", "/hops/2", "/hops/1"]);
  });

  test("an unknown name → dns_failed; nothing listening → fetch_failed", async () => {
    expect((await meta("http://no-such-host.example.org/")).body.error.code).toBe("dns_failed");
    const closed = net.createServer();
    const closedPort = await listen(closed, SITE_ADDRESS);
    await new Promise((resolve) => closed.close(resolve));
    const reply = await meta(`http://site.test:${closedPort}/`);
    expectError(reply, 422, "fetch_failed");
  });

  describe("time limit", () => {
    let quick: ReturnType<typeof createApiApp>;
    beforeAll(() => {
      // The production limit is 5 s (TIMEOUT_MS); a shorter one keeps the suite quick.
      quick = createApiApp({
        db: api.db,
        logger: createLogger({ level: "silent" }),
        auth: api.auth,
        parseMeta: { fetch: { ...fetchHooks, timeoutMs: 300 }, limits: { perUser: 10_000, perIp: 10_000 } },
      });
    });
    test("a server that never answers → timeout", async () => {
      const reply = await meta(siteUrl("/slow"), { app: quick });
      expectError(reply, 422, "timeout");
    });
    test("a DNS lookup that never answers → timeout", async () => {
      const reply = await meta("http://slow-dns.test/", { app: quick });
      expect(reply.body.error.code).toBe("timeout");
    });
  });
});

describe("who may call", () => {
  test("anonymous callers are refused before anything is fetched", async () => {
    const reply = await meta(siteUrl("/"), { token: "" });
    expectError(reply, 401, "unauthorized");
    const post = await call(api, "POST", "/app/parse/meta", { url: siteUrl("/") });
    expect(post.status).toBe(401);
    expect(siteRequests).toEqual([]);
  });

  test("a missing url is a 400 invalid_query", async () => {
    const reply = await user.get("/app/parse/meta");
    expectError(reply, 400, "invalid_query");
  });

  test("rate-limited per user and per IP, with Retry-After", async () => {
    const limited = createApiApp({
      db: api.db,
      logger: createLogger({ level: "silent" }),
      auth: api.auth,
      parseMeta: { fetch: fetchHooks, limits: { perUser: 2, perIp: 3, windowS: 60 } },
    });
    const ip = `198.51.100.${process.pid % 250}-${Date.now()}`;
    const first = await createUser(api, "meta-limited");
    for (let i = 0; i < 2; i++) expect((await meta(siteUrl("/"), { app: limited, token: first.token, ip })).status).toBe(200);
    const refused = await meta(siteUrl("/"), { app: limited, token: first.token, ip });
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another person behind the same address gets the IP's last request, then is refused too.
    const second = await createUser(api, "meta-limited-2");
    expect((await meta(siteUrl("/"), { app: limited, token: second.token, ip })).status).toBe(200);
    const byIp = await meta(siteUrl("/"), { app: limited, token: second.token, ip });
    expect(byIp.status).toBe(429);
    expect(siteRequests).toHaveLength(3);
  });
});

describe("the OpenAPI document", () => {
  test("documents GET and POST /app/parse/meta with their errors", async () => {
    const doc = await api.getJson<{ paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> }>(
      "/api/openapi.json",
    );
    const path = doc.body.paths["/app/parse/meta"]!;
    expect(Object.keys(path).sort()).toEqual(["get", "post"]);
    expect(path.get!.responses["400"]!.description).toContain("url_forbidden_address");
    expect(path.get!.responses["422"]!.description).toContain("too_many_redirects");
    expect(path.get!.responses["429"]!.description).toContain("rate_limited");
  });
});

/**
 * Known SSRF bypass forms. Each must be refused with the given code, without a connection to the
 * sentinel, and without any connection attempt at all (the redirect table below allows exactly one,
 * to the test site that answers with the redirect).
 */
const P = () => port;
const BYPASSES: [label: string, url: () => string, code: string][] = [
  // IPv4 loopback in every spelling the URL standard accepts
  ["dotted", () => `http://127.0.0.1:${P()}/`, "url_forbidden_address"],
  ["decimal", () => `http://2130706433:${P()}/`, "url_forbidden_address"],
  ["hex", () => `http://0x7f000001:${P()}/`, "url_forbidden_address"],
  ["octal", () => `http://017700000001:${P()}/`, "url_forbidden_address"],
  ["dotted octal", () => `http://0177.0.0.1:${P()}/`, "url_forbidden_address"],
  ["zero-padded octal", () => `http://00000177.0.0.01:${P()}/`, "url_forbidden_address"],
  ["dotted hex", () => `http://0x7f.0x0.0x0.0x1:${P()}/`, "url_forbidden_address"],
  ["mixed hex and octal", () => `http://0x7f.0.00.1:${P()}/`, "url_forbidden_address"],
  ["short hex", () => `http://0x7f.1:${P()}/`, "url_forbidden_address"],
  ["short", () => `http://127.1:${P()}/`, "url_forbidden_address"],
  ["three parts", () => `http://127.0.1:${P()}/`, "url_forbidden_address"],
  ["short octal", () => `http://0177.1:${P()}/`, "url_forbidden_address"],
  ["leading zeros", () => `http://127.000.000.001:${P()}/`, "url_forbidden_address"],
  ["other loopback", () => `http://127.127.127.127:${P()}/`, "url_forbidden_address"],
  ["trailing dot", () => `http://127.0.0.1.:${P()}/`, "url_forbidden_address"],
  ["zero", () => `http://0:${P()}/`, "url_forbidden_address"],
  ["0.0.0.0", () => `http://0.0.0.0:${P()}/`, "url_forbidden_address"],
  // IPv6
  ["[::]", () => `http://[::]:${P()}/`, "url_forbidden_address"],
  ["[::1]", () => `http://[::1]:${P()}/`, "url_forbidden_address"],
  ["[0:0:0:0:0:0:0:1]", () => `http://[0:0:0:0:0:0:0:1]:${P()}/`, "url_forbidden_address"],
  ["[::ffff:127.0.0.1]", () => `http://[::ffff:127.0.0.1]:${P()}/`, "url_forbidden_address"],
  ["[::ffff:7f00:1]", () => `http://[::ffff:7f00:1]:${P()}/`, "url_forbidden_address"],
  ["[0:0:0:0:0:ffff:127.0.0.1]", () => `http://[0:0:0:0:0:ffff:127.0.0.1]:${P()}/`, "url_forbidden_address"],
  ["IPv4-compatible [::127.0.0.1]", () => `http://[::127.0.0.1]:${P()}/`, "url_forbidden_address"],
  ["IPv4-translated [::ffff:0:127.0.0.1]", () => `http://[::ffff:0:127.0.0.1]:${P()}/`, "url_forbidden_address"],
  ["NAT64 [64:ff9b::127.0.0.1]", () => `http://[64:ff9b::127.0.0.1]:${P()}/`, "url_forbidden_address"],
  ["6to4 [2002:7f00:1::]", () => `http://[2002:7f00:1::]:${P()}/`, "url_forbidden_address"],
  ["Teredo", () => `http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${P()}/`, "url_forbidden_address"],
  ["link-local [fe80::1]", () => `http://[fe80::1]:${P()}/`, "url_forbidden_address"],
  ["ULA [fc00::1]", () => `http://[fc00::1]:${P()}/`, "url_forbidden_address"],
  ["ULA [fd12:3456::1]", () => `http://[fd12:3456::1]:${P()}/`, "url_forbidden_address"],
  ["multicast [ff02::1]", () => `http://[ff02::1]:${P()}/`, "url_forbidden_address"],
  // cloud metadata
  ["metadata", () => "http://169.254.169.254/latest/meta-data/", "url_forbidden_address"],
  ["metadata decimal", () => "http://2852039166/latest/meta-data/", "url_forbidden_address"],
  ["metadata hex", () => "http://0xa9fea9fe/", "url_forbidden_address"],
  ["metadata dotted octal", () => "http://0251.0376.0251.0376/", "url_forbidden_address"],
  ["metadata short", () => "http://169.254.43518/", "url_forbidden_address"],
  ["metadata IPv4-mapped", () => "http://[::ffff:169.254.169.254]/", "url_forbidden_address"],
  ["metadata NAT64 via DNS", () => "http://nat64.example.com/", "url_forbidden_address"],
  ["metadata via DNS", () => "http://metadata.example.com/latest/meta-data/", "url_forbidden_address"],
  // private, shared, multicast, reserved networks
  ["10/8", () => "http://10.0.0.1/", "url_forbidden_address"],
  ["10/8 decimal", () => "http://167772161/", "url_forbidden_address"],
  ["172.16/12", () => "http://172.16.0.1/", "url_forbidden_address"],
  ["172.16/12 top", () => "http://172.31.255.254:8080/", "url_forbidden_address"],
  ["192.168/16", () => "http://192.168.0.1/", "url_forbidden_address"],
  ["192.168/16 hex", () => "http://0xc0a80001/", "url_forbidden_address"],
  ["100.64/10", () => "http://100.64.0.1/", "url_forbidden_address"],
  ["100.64/10 top", () => "http://100.127.255.254/", "url_forbidden_address"],
  ["multicast", () => "http://224.0.0.1/", "url_forbidden_address"],
  ["broadcast", () => "http://255.255.255.255/", "url_forbidden_address"],
  ["240/4", () => "http://240.0.0.1/", "url_forbidden_address"],
  ["documentation", () => "http://192.0.2.10/", "url_forbidden_address"],
  ["benchmarking", () => "http://198.18.0.1/", "url_forbidden_address"],
  // local names
  ["localhost", () => `http://localhost:${P()}/`, "url_forbidden_address"],
  ["localhost.", () => `http://localhost.:${P()}/`, "url_forbidden_address"],
  ["LOCALHOST", () => `http://LOCALHOST:${P()}/`, "url_forbidden_address"],
  ["a.localhost", () => `http://a.localhost:${P()}/`, "url_forbidden_address"],
  ["unicode Ⓛocalhost", () => `http://Ⓛocalhost:${P()}/`, "url_forbidden_address"],
  ["single label", () => `http://intranet:${P()}/`, "url_forbidden_address"],
  [".internal", () => "http://metadata.google.internal/", "url_forbidden_address"],
  // names that resolve inside (stub DNS)
  ["127.0.0.1.nip.io", () => `http://127.0.0.1.nip.io:${P()}/`, "url_forbidden_address"],
  ["name → loopback", () => `http://loopback.example.com:${P()}/`, "url_forbidden_address"],
  ["name → 10/8", () => "http://internal.example.com/", "url_forbidden_address"],
  ["name → CGNAT", () => "http://cgnat.example.com/", "url_forbidden_address"],
  ["name → public + private", () => `http://mixed.example.com:${P()}/`, "url_forbidden_address"],
  ["name → private + public", () => "http://mixed-order.example.com/", "url_forbidden_address"],
  ["name → ::1", () => `http://v6loop.example.com:${P()}/`, "url_forbidden_address"],
  ["name → ::ffff:127.0.0.1", () => `http://mapped.example.com:${P()}/`, "url_forbidden_address"],
  ["name → ULA", () => "http://ula.example.com/", "url_forbidden_address"],
  // what the URL parser normalizes
  ["tab in host", () => `http://127.0.\t0.1:${P()}/`, "url_forbidden_address"],
  ["newline in host", () => `http://loc\nalhost:${P()}/`, "url_forbidden_address"],
  ["backslashes", () => `http:\\\\127.0.0.1:${P()}\\`, "url_forbidden_address"],
  ["one slash", () => `http:/127.0.0.1:${P()}/`, "url_forbidden_address"],
  ["ideographic dots", () => `http://127。0。0。1:${P()}/`, "url_forbidden_address"],
  ["full-width dots", () => `http://127．0．0．1:${P()}/`, "url_forbidden_address"],
  ["circled digits", () => `http://①②⑦.0.0.1:${P()}/`, "url_forbidden_address"],
  ["percent-encoded host", () => `http://%31%32%37.0.0.1:${P()}/`, "url_forbidden_address"],
  ["percent-encoded dot", () => `http://127%2E0%2E0%2E1:${P()}/`, "url_forbidden_address"],
  ["fragment hiding an @", () => `http://127.0.0.1:${P()}#@site.test/`, "url_forbidden_address"],
  ["upper-case scheme", () => `HTTP://127.0.0.1:${P()}/`, "url_forbidden_address"],
  ["surrounding spaces", () => `   http://127.0.0.1:${P()}/   `, "url_forbidden_address"],
  // credentials
  ["user:pass@", () => `http://user:pass@site.test:${P()}/`, "url_credentials"],
  ["user@", () => `http://user@site.test:${P()}/`, "url_credentials"],
  ["allowed name as user", () => `http://site.test@127.0.0.1:${P()}/`, "url_credentials"],
  ["host:port as user", () => `http://127.0.0.1:${P()}@site.test:${P()}/`, "url_credentials"],
  // other schemes
  ["file:", () => "file:///etc/passwd", "url_scheme"],
  ["ftp:", () => `ftp://127.0.0.1:${P()}/`, "url_scheme"],
  ["gopher:", () => `gopher://127.0.0.1:${P()}/_GET%20/`, "url_scheme"],
  ["dict:", () => `dict://127.0.0.1:${P()}/info`, "url_scheme"],
  ["data:", () => "data:text/html,<title>x</title>", "url_scheme"],
  ["javascript:", () => "javascript:alert(1)", "url_scheme"],
  ["ws:", () => `ws://site.test:${P()}/`, "url_scheme"],
  ["scheme-relative", () => `//127.0.0.1:${P()}/`, "url_invalid"],
  ["no scheme", () => `127.0.0.1:${P()}`, "url_invalid"],
  ["host read as a scheme", () => `localhost:${P()}`, "url_scheme"],
  // ports of other protocols
  ["SMTP port on an allowed name", () => "http://site.test:25/", "url_port"],
  ["SSH port", () => "http://127.0.0.1:22/", "url_port"],
];

describe("SSRF: known bypass forms are refused without a connection", () => {
  test("the table is long enough", () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(50);
  });

  test.each(BYPASSES)("%s", async (_label, url, code) => {
    const reply = await meta(url());
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe(code);
    expect(attempts).toEqual([]);
    expect(siteRequests).toEqual([]);
    expect(sentinelConnections).toBe(0);
  });

  const REDIRECTS: [status: number, to: () => string, code: string][] = [
    [301, () => `http://127.0.0.1:${P()}/`, "url_forbidden_address"],
    [302, () => `http://[::1]:${P()}/`, "url_forbidden_address"],
    [303, () => `http://2130706433:${P()}/`, "url_forbidden_address"],
    [307, () => `http://localhost:${P()}/`, "url_forbidden_address"],
    [308, () => "http://169.254.169.254/latest/meta-data/", "url_forbidden_address"],
    [302, () => `http://[::ffff:127.0.0.1]:${P()}/`, "url_forbidden_address"],
    [301, () => `http://127.0.0.1.nip.io:${P()}/`, "url_forbidden_address"],
    [302, () => "http://internal.example.com/", "url_forbidden_address"],
    [302, () => `//127.0.0.1:${P()}/`, "url_forbidden_address"],
    [302, () => `http:\\\\127.0.0.1:${P()}\\`, "url_forbidden_address"],
    [302, () => "file:///etc/passwd", "url_scheme"],
    [302, () => `gopher://127.0.0.1:${P()}/`, "url_scheme"],
    [302, () => `http://user:pass@site.test:${P()}/`, "url_credentials"],
    [302, () => "http://site.test:25/", "url_port"],
  ];

  test.each(REDIRECTS)("a %i redirect to %s", async (status, to, code) => {
    const reply = await meta(siteUrl(`/redirect?status=${status}&to=${encodeURIComponent(to())}`));
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe(code);
    expect(attempts).toEqual([`${SITE_ADDRESS}:${port}`]);
    expect(siteRequests.map((r) => r.url.split("?")[0])).toEqual(["/redirect"]);
    expect(sentinelConnections).toBe(0);
  });

  test("DNS rebinding: the checked address is the one connected to; a later answer is never used", async () => {
    const reply = await meta(`http://rebind.test:${port}/`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.siteName).toBe("Ромашка");
    expect(lookups.get("rebind.test")).toBe(1);
    expect(attempts).toEqual([`${SITE_ADDRESS}:${port}`]);
    expect(siteRequests).toEqual([expect.objectContaining({ host: `rebind.test:${port}` })]);
  });

  test("DNS rebinding across a redirect: the second hop resolves again, gets the internal address and is refused", async () => {
    const reply = await meta(`http://rebind.test:${port}/hops/1`);
    expectError(reply, 400, "url_forbidden_address");
    expect(lookups.get("rebind.test")).toBe(2);
    expect(attempts).toEqual([`${SITE_ADDRESS}:${port}`]);
  });
});
