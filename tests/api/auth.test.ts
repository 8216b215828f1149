/**
 * Sign-in, registration, sessions and favourites through the API, on PGlite and on PostgreSQL:
 * the contract of issue 4, the code rules (expiry, attempts, single use), rate limits, refresh
 * rotation with reuse detection, device binding, logout, and malformed bodies that must never 5xx.
 * Codes are read from e-mails received by a real SMTP server (smtp-server on 127.0.0.1).
 */
import { createServer, type Server } from "node:http";
import fc from "fast-check";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import { createHttpSmsProvider } from "#server/auth/delivery/sms.ts";
import { companies, products, refreshTokens, users } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createTestAuth, openTestApi, type TestApi } from "../support/api.ts";
import { callAs, expectError, type Caller } from "../support/profile.ts";
import { codeIn, startSmtp, type TestSmtp } from "../support/smtp.ts";

const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const FIREFOX_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

let base: TestApi;
let smtp: TestSmtp;
let clock = Date.now();
let app: ReturnType<typeof createApiApp>;
let sms: { to: string; text: string }[] = [];
let smsServer: Server;
let productIds: number[] = [];
let run = 0;

/** A fresh address per test, so rate limits and codes of one test never touch another. */
function uniqueEmail(label: string) {
  run += 1;
  return `${label}.${Date.now().toString(36)}.${run}@example.test`;
}

function ip() {
  return `10.${run % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

/** A call from Chrome at 10.0.0.1, unless `caller` names another user agent or address. */
function call(method: string, url: string, body?: unknown, caller: Caller = {}) {
  return callAs({ app }, { ...caller, ua: caller.ua ?? CHROME_UA, ip: caller.ip ?? "10.0.0.1" }, method, url, body);
}

function refreshCookieOf(headers: Headers): string {
  const line = headers.getSetCookie().find((c) => c.startsWith("refresh="));
  if (!line) throw new Error("no refresh cookie");
  return line.split(";")[0]!;
}

/** Sends a code to `email`, reads it from the received e-mail and verifies it. */
async function codeFor(email: string, options: Caller = {}) {
  const sent = await call("POST", "/api/auth/send-code", { email, locale: "ru" }, options);
  expect(sent.status).toBe(200);
  return codeIn(await smtp.waitForMessage(email));
}

async function signUp(email: string, options: Caller = {}) {
  const code = await codeFor(email, options);
  const verified = await call("POST", "/api/auth/verify-code", { email, code }, options);
  expect(verified.status).toBe(200);
  const registered = await call(
    "POST",
    "/api/auth/register",
    { registrationToken: verified.body.data.registrationToken, firstName: "Анна", lastName: "Петрова", acceptTerms: true, locale: "ru" },
    options,
  );
  expect(registered.status).toBe(200);
  return { accessToken: registered.body.data.accessToken as string, cookie: refreshCookieOf(registered.headers) };
}

beforeAll(async () => {
  base = await openTestApi();
  smtp = await startSmtp();
  smsServer = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.headers.authorization !== "Bearer sms-token") {
        res.writeHead(401).end();
        return;
      }
      sms.push(JSON.parse(raw) as { to: string; text: string });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, "127.0.0.1", resolve));
  const smsPort = (smsServer.address() as { port: number }).port;
  const logger = createLogger({ level: "silent" });
  const auth = createTestAuth(base, {
    logger,
    smtpUrl: smtp.url,
    sms: createHttpSmsProvider(`http://127.0.0.1:${smsPort}/send`, "sms-token"),
    limits: { resendAfterS: 0, sendPerIp: 1000, verifyPerIp: 1000, reuseLeewayS: 20 },
    now: () => new Date(clock),
  });
  app = createApiApp({ db: base.db, logger, auth, secureCookies: true });

  const [company] = await base.db
    .insert(companies)
    .values({ name: { ru: "ООО Тест избранного" }, country: "RU", status: "published", publishedAt: new Date() })
    .returning({ id: companies.id });
  const rows = await base.db
    .insert(products)
    .values([
      { companyId: company!.id, name: { ru: "Труба стальная для избранного" }, status: "published", publishedAt: new Date() },
      { companyId: company!.id, name: { ru: "Швеллер для избранного" }, status: "published", publishedAt: new Date() },
      { companyId: company!.id, name: { ru: "Черновик" }, status: "draft" },
    ])
    .returning({ id: products.id });
  productIds = rows.map((r) => r.id);
});

afterAll(async () => {
  await smtp?.close();
  await new Promise<void>((resolve) => smsServer?.close(() => resolve()));
  await base?.close();
});

describe("send-code", () => {
  test("answers with the masked address, the resend countdown and the lifetime, and sends a Russian e-mail", async () => {
    const email = uniqueEmail("ivan");
    const sent = await call("POST", "/api/auth/send-code", { email: `  ${email.toUpperCase()} `, locale: "ru" });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sentTo: `iv***@example.test`, resendAfter: 0, expiresIn: 600 });
    const mail = await smtp.waitForMessage(email);
    expect(mail.subject).toMatch(/^Код для входа в Postavka: \d{6}$/);
    expect(mail.text).toContain("Он действует 10 минут");
    expect(mail.html).toContain(`https://postavka.test/auth/code?email=${encodeURIComponent(email)}&amp;code=${codeIn(mail)}`);
  });

  test("an English e-mail for locale en, and the same answer whether or not an account exists", async () => {
    const email = uniqueEmail("known");
    await signUp(email);
    const known = await call("POST", "/api/auth/send-code", { email, locale: "en" });
    const unknown = await call("POST", "/api/auth/send-code", { email: uniqueEmail("nobody"), locale: "en" });
    expect(Object.keys(known.body.data)).toEqual(Object.keys(unknown.body.data));
    expect(known.status).toBe(unknown.status);
    expect((await smtp.waitForMessage(email)).subject).toMatch(/^Your Postavka sign-in code: \d{6}$/);
  });

  test("a phone number gets an SMS through the HTTP provider", async () => {
    sms = [];
    const sent = await call("POST", "/api/auth/send-code", { phone: "8 (916) 123-45-67", locale: "zh" });
    expect(sent.status).toBe(200);
    expect(sent.body.data.sentTo).toBe("+7 916 *** ** 67");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe("+79161234567");
    expect(sms[0]!.text).toMatch(/验证码为 \d{6}/);
  });

  test("invalid addresses and bodies are 400s naming the field", async () => {
    expect((await call("POST", "/api/auth/send-code", { email: "not-an-address" })).body.error).toMatchObject({
      code: "invalid_target",
      issues: [{ path: "email" }],
    });
    expect((await call("POST", "/api/auth/send-code", { phone: "12" })).body.error).toMatchObject({
      code: "invalid_target",
      issues: [{ path: "phone" }],
    });
    expect((await call("POST", "/api/auth/send-code", {})).status).toBe(400);
    expect((await call("POST", "/api/auth/send-code", "{not json")).body.error.code).toBe("invalid_body");
  });

  test("three codes per address per ten minutes, then 429 with Retry-After; other addresses are unaffected", async () => {
    const email = uniqueEmail("limited");
    for (let i = 0; i < 3; i++) expect((await call("POST", "/api/auth/send-code", { email })).status).toBe(200);
    const limited = await call("POST", "/api/auth/send-code", { email });
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    expect((await call("POST", "/api/auth/send-code", { email: uniqueEmail("other") })).status).toBe(200);
  });
});

describe("verify-code and register", () => {
  test("a new person gets a registration token, registers and is signed in with a refresh cookie", async () => {
    const email = uniqueEmail("new");
    const code = await codeFor(email);
    const verified = await call("POST", "/api/auth/verify-code", { email, code });
    expect(verified.status).toBe(200);
    expect(Object.keys(verified.body.data)).toEqual(["registrationToken"]);
    const missingTerms = await call("POST", "/api/auth/register", {
      registrationToken: verified.body.data.registrationToken,
      firstName: "Анна",
      lastName: "Петрова",
    });
    expect(missingTerms.body.error.issues.map((i: { path: string }) => i.path)).toContain("acceptTerms");
    const registered = await call("POST", "/api/auth/register", {
      registrationToken: verified.body.data.registrationToken,
      firstName: "Анна",
      lastName: "Петрова",
      acceptTerms: true,
      locale: "zh",
    });
    expect(registered.status).toBe(200);
    const cookie = registered.headers.getSetCookie().find((c) => c.startsWith("refresh="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const profile = await call("GET", "/api/profile", undefined, { token: registered.body.data.accessToken });
    expect(profile.body.data).toMatchObject({
      role: "USER",
      firstName: "Анна",
      lastName: "Петрова",
      email,
      locale: "zh",
      organization: null,
    });
    const again = await call("POST", "/api/auth/register", {
      registrationToken: verified.body.data.registrationToken,
      firstName: "X",
      lastName: "Y",
      acceptTerms: true,
    });
    expect(again.body.error.code).toBe("invalid_registration");
  });

  test("a known person is signed in directly; the code works once", async () => {
    const email = uniqueEmail("again");
    await signUp(email);
    const code = await codeFor(email);
    const verified = await call("POST", "/api/auth/verify-code", { email, code });
    expect(Object.keys(verified.body.data)).toEqual(["accessToken"]);
    expect(refreshCookieOf(verified.headers)).toMatch(/^refresh=/);
    const reused = await call("POST", "/api/auth/verify-code", { email, code });
    expectError(reused, 400, "invalid_code");
  });

  test("the sixth attempt is refused even with the right code", async () => {
    const email = uniqueEmail("guess");
    const code = await codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 5; i++) {
      const attempt = await call("POST", "/api/auth/verify-code", { email, code: wrong });
      expect(attempt.status).toBe(400);
      expect(attempt.body.error).toMatchObject({ code: "invalid_code", details: { attemptsLeft: 5 - i } });
    }
    const sixth = await call("POST", "/api/auth/verify-code", { email, code });
    expectError(sixth, 429, "too_many_attempts");
  });

  test("a code older than ten minutes is refused; a newer code does not retire the older one (review F16), using one retires both", async () => {
    const email = uniqueEmail("late");
    const first = await codeFor(email);
    const second = await codeFor(email);
    expect((await call("POST", "/api/auth/verify-code", { email, code: first })).status).toBe(200);
    expect((await call("POST", "/api/auth/verify-code", { email, code: second })).body.error.code).toBe("invalid_code");
    const third = await codeFor(email);
    clock += 10 * 60 * 1000 + 1000;
    try {
      const expired = await call("POST", "/api/auth/verify-code", { email, code: third });
      expectError(expired, 400, "code_expired");
    } finally {
      clock -= 10 * 60 * 1000 + 1000;
    }
  });

  test("codes are stored hashed, never in clear", async () => {
    const email = uniqueEmail("hashed");
    const code = await codeFor(email);
    const rows = await base.db.execute<{ code_hash: string }>(`select code_hash from auth_codes where target = '${email}'`);
    expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0]!.code_hash).not.toContain(code);
  });
});

describe("sessions", () => {
  test("refresh rotates the cookie; a used token presented again later signs out the whole family", async () => {
    const email = uniqueEmail("rotate");
    const { cookie } = await signUp(email);
    const first = await call("POST", "/api/auth/refresh-token", undefined, { cookie });
    expect(first.status).toBe(200);
    expect(first.body.data.accessToken).toEqual(expect.any(String));
    const rotated = refreshCookieOf(first.headers);
    expect(rotated).not.toBe(cookie);
    clock += 60_000;
    try {
      const replay = await call("POST", "/api/auth/refresh-token", undefined, { cookie });
      expectError(replay, 401, "refresh_reused");
      const legit = await call("POST", "/api/auth/refresh-token", undefined, { cookie: rotated });
      expectError(legit, 401, "refresh_invalid");
    } finally {
      clock -= 60_000;
    }
  });

  test("two tabs refreshing with the same token at once both stay signed in", async () => {
    const { cookie } = await signUp(uniqueEmail("tabs"));
    const [a, b] = await Promise.all([
      call("POST", "/api/auth/refresh-token", undefined, { cookie }),
      call("POST", "/api/auth/refresh-token", undefined, { cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  test("a refresh from another device or with another fingerprint is refused", async () => {
    const { cookie } = await signUp(uniqueEmail("device"), { fingerprint: "fp-one" });
    const otherBrowser = await call("POST", "/api/auth/refresh-token", undefined, { cookie, ua: FIREFOX_UA, fingerprint: "fp-one" });
    expectError(otherBrowser, 401, "fingerprint_mismatch");
    const otherFingerprint = await call("POST", "/api/auth/refresh-token", undefined, { cookie, fingerprint: "fp-two" });
    expect(otherFingerprint.body.error.code).toBe("fingerprint_mismatch");
    // Leaving the fingerprint out of a session that has one is refused too (review F14).
    const withoutFingerprint = await call("POST", "/api/auth/refresh-token", undefined, { cookie });
    expect(withoutFingerprint.body.error.code).toBe("fingerprint_mismatch");
    expect((await call("POST", "/api/auth/refresh-token", undefined, { cookie, fingerprint: "fp-one" })).status).toBe(200);
  });

  test("a session begun without a fingerprint (JavaScript off) is bound to the coarse device", async () => {
    const { cookie } = await signUp(uniqueEmail("nojs"));
    expect((await call("POST", "/api/auth/refresh-token", undefined, { cookie, ua: FIREFOX_UA })).body.error.code).toBe(
      "fingerprint_mismatch",
    );
    expect((await call("POST", "/api/auth/refresh-token", undefined, { cookie })).status).toBe(200);
  });

  test("a session ends 90 days after sign-in however often it is refreshed (review F15)", async () => {
    const { cookie } = await signUp(uniqueEmail("maxage"));
    const [row] = await base.db.select().from(refreshTokens).orderBy(desc(refreshTokens.id)).limit(1);
    await base.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
      .where(eq(refreshTokens.familyId, row!.familyId));
    const refused = await call("POST", "/api/auth/refresh-token", undefined, { cookie });
    expectError(refused, 401, "refresh_invalid");
  });

  test("refresh tokens are stored as hashes with the device", async () => {
    const { cookie } = await signUp(uniqueEmail("stored"));
    const token = decodeURIComponent(cookie.slice("refresh=".length));
    const rows = await base.db.select().from(refreshTokens).orderBy(refreshTokens.id);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.at(-1)!.deviceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("logout revokes the session and clears the cookie; the profile is then anonymous", async () => {
    const { cookie, accessToken } = await signUp(uniqueEmail("bye"));
    const out = await call("POST", "/api/auth/logout", undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/refresh=;.*Max-Age=0/);
    expect((await call("POST", "/api/auth/refresh-token", undefined, { cookie })).status).toBe(401);
    // The access token itself lives out its 30 minutes; a garbled one is anonymous.
    expect((await call("GET", "/api/profile", undefined, { token: accessToken })).body.data.role).toBe("USER");
    expect((await call("GET", "/api/profile", undefined, { token: `${accessToken}x` })).body.data).toEqual({ role: "ANONIM" });
    expect((await call("GET", "/api/profile")).body.data).toEqual({ role: "ANONIM" });
  });

  test("an access token older than 30 minutes is anonymous", async () => {
    const { accessToken } = await signUp(uniqueEmail("old"));
    clock += 31 * 60 * 1000;
    try {
      expect((await call("GET", "/api/profile", undefined, { token: accessToken })).body.data).toEqual({ role: "ANONIM" });
    } finally {
      clock -= 31 * 60 * 1000;
    }
  });

  test("PATCH /api/profile changes the name and the language, and validates them", async () => {
    const email = uniqueEmail("patch");
    const { accessToken } = await signUp(email);
    const patched = await call("PATCH", "/api/profile", { firstName: "Мария", locale: "en" }, { token: accessToken });
    expect(patched.body.data).toMatchObject({ firstName: "Мария", lastName: "Петрова", locale: "en" });
    expect((await call("PATCH", "/api/profile", { firstName: "<script>" }, { token: accessToken })).status).toBe(400);
    expect((await call("PATCH", "/api/profile", { role: "ADMIN" }, { token: accessToken })).status).toBe(400);
    expect((await call("PATCH", "/api/profile", { firstName: "X" })).status).toBe(401);
    const [user] = await base.db.select().from(users).where(eq(users.email, email));
    expect(user!.role).toBe("USER");
  });
});

describe("favourites", () => {
  test("add, list, remove; drafts and unknown products are 404; anonymous callers 401", async () => {
    const { accessToken: token } = await signUp(uniqueEmail("fav"));
    const [first, second, draft] = productIds;
    expect((await call("POST", `/api/products/${first}/favourite`, undefined, { token })).status).toBe(201);
    expect((await call("POST", `/api/products/${second}/favourite`, undefined, { token })).status).toBe(201);
    expect((await call("POST", `/api/products/${second}/favourite`, undefined, { token })).status).toBe(201);
    const list = await call("GET", "/api/profile/favourites?lang=ru", undefined, { token });
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([second, first]);
    expect(list.body.meta).toEqual({ page: 1, perPage: 20, total: 2, pages: 1 });
    // A page at a time, newest first; a page past the last is empty and says how many there are.
    const paged = async (query: string) => (await call("GET", `/api/profile/favourites?${query}`, undefined, { token })).body;
    expect(await paged("perPage=1")).toMatchObject({ data: [{ id: second }], meta: { page: 1, perPage: 1, total: 2, pages: 2 } });
    expect(await paged("perPage=1&page=2")).toMatchObject({ data: [{ id: first }], meta: { page: 2, total: 2, pages: 2 } });
    expect(await paged("perPage=1&page=3")).toEqual({ data: [], meta: { page: 3, perPage: 1, total: 2, pages: 2 } });
    expect((await call("GET", "/api/profile/favourites?perPage=101", undefined, { token })).status).toBe(400);
    // The ids of every favourite, whatever the paging.
    expect(await paged("view=ids&perPage=1")).toEqual({
      data: [{ id: second }, { id: first }],
      meta: { page: 1, perPage: 1000, total: 2, pages: 1 },
    });
    expect((await call("DELETE", `/api/products/${second}/favourite`, undefined, { token })).status).toBe(200);
    expect((await call("GET", "/api/profile/favourites", undefined, { token })).body.data.map((p: { id: number }) => p.id)).toEqual([
      first,
    ]);
    expect((await call("GET", "/api/profile/favourites?view=ids", undefined, { token })).body.data).toEqual([{ id: first }]);
    expect((await call("POST", `/api/products/${draft}/favourite`, undefined, { token })).status).toBe(404);
    expect((await call("POST", `/api/products/999999999/favourite`, undefined, { token })).status).toBe(404);
    expect((await call("POST", `/api/products/abc/favourite`, undefined, { token })).status).toBe(404);
    expect((await call("POST", `/api/products/${first}/favourite`)).status).toBe(401);
    expect((await call("GET", "/api/profile/favourites")).status).toBe(401);
  });
});

describe("malformed input never causes a 5xx", () => {
  const endpoints = [
    "/api/auth/send-code",
    "/api/auth/verify-code",
    "/api/auth/register",
    "/api/auth/refresh-token",
    "/api/auth/logout",
    "/api/profile",
  ];
  const anyJson = fc.oneof(
    fc.jsonValue(),
    fc.record(
      { email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer()), code: fc.oneof(fc.string(), fc.nat()) },
      { requiredKeys: [] },
    ),
    fc.record({ phone: fc.oneof(fc.string(), fc.constant("+7 916 123 45 67")), locale: fc.string() }, { requiredKeys: [] }),
    fc.record(
      { registrationToken: fc.string(), firstName: fc.string(), lastName: fc.string(), acceptTerms: fc.anything() },
      { requiredKeys: [] },
    ),
  );

  test("random JSON bodies, raw strings, cookies and headers", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(
          anyJson.map((v) => JSON.stringify(v)),
          fc.string({ maxLength: 200 }),
        ),
        fc.option(fc.string({ maxLength: 300 })),
        fc.option(fc.string({ maxLength: 100 })),
        async (endpoint, raw, cookieValue, fingerprint) => {
          const headers: Record<string, string> = { "content-type": "application/json", "x-client-ip": ip() };
          if (cookieValue !== null) headers.cookie = `refresh=${encodeURIComponent(cookieValue)}`;
          if (fingerprint !== null) headers.fingerprint = fingerprint.replace(/[^\x20-\x7e]/g, "");
          const method = endpoint === "/api/profile" ? "PATCH" : "POST";
          const response = await app.request(endpoint, { method, headers, body: raw });
          expect(response.status, `${method} ${endpoint} ${raw}`).toBeLessThan(500);
          const body = (await response.json()) as { data?: unknown; error?: { code: string } };
          expect(body.data !== undefined || typeof body.error?.code === "string").toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
