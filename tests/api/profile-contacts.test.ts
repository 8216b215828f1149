/**
 * Changing the sign-in e-mail and phone (ADR 017) and signing out on all devices, through the API on
 * PGlite and PostgreSQL: the code goes to the NEW address (e-mail in the user's language, SMS
 * through the provider), a wrong code counts an attempt, an expired or exhausted code needs a new
 * one, a taken address is refused when starting and again when confirming, the resend countdown
 * and the per-target limit hold, another user's change is a 404, the old address is told, and the
 * new address signs in. Messages are caught by in-memory delivery; the clock is the test's.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import type { MailMessage } from "#server/auth/delivery/messages.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import { users } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createTestAuth, openTestApi, type TestApi } from "../support/api.ts";
import {
  callAs,
  cleanupProfileData,
  createUser,
  signedIn,
  uniqueEmail,
  type Caller,
  type TestUser,
  expectError,
} from "../support/profile.ts";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const RESEND_AFTER_S = 30;
const SEND_PER_TARGET = 4;

let base: TestApi;
let app: ReturnType<typeof createApiApp>;
let clock = Date.now();
const mail: MailMessage[] = [];
const sms: { to: string; text: string }[] = [];
let ipCounter = 0;

/** A fresh client IP per test, so the per-IP limits of one test never touch another. */
function freshIp() {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** A call with our user agent, from 10.77.255.1 unless `caller` names another address. */
function call(method: string, url: string, body?: unknown, caller: Caller = {}) {
  return callAs({ app }, { ...caller, ua: UA, ip: caller.ip ?? "10.77.255.1" }, method, url, body);
}

function mailsTo(address: string) {
  return mail.filter((m) => m.to === address);
}

function codeInText(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

function lastCodeTo(address: string): string {
  const messages = mailsTo(address);
  if (messages.length === 0) throw new Error(`no mail to ${address}`);
  return codeInText(messages.at(-1)!.text);
}

function lastSmsCode(phone: string): string {
  const messages = sms.filter((m) => m.to === phone);
  if (messages.length === 0) throw new Error(`no SMS to ${phone}`);
  return codeInText(messages.at(-1)!.text);
}

/** A wrong code for `code` (never equal to it). */
const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

beforeAll(async () => {
  base = await openTestApi();
  await cleanupProfileData(base);
  const logger = createLogger({ level: "silent" });
  const auth = createTestAuth(base, {
    logger,
    mailer: { send: async (message) => void mail.push(message) },
    sms: { send: async (to, text) => void sms.push({ to, text }) },
    limits: { resendAfterS: RESEND_AFTER_S, sendPerTarget: SEND_PER_TARGET, sendPerIp: 1000, verifyPerIp: 1000 },
    now: () => new Date(clock),
  });
  app = createApiApp({ db: base.db, logger, auth, mailer: { send: async (message) => void mail.push(message) } });
});

afterAll(async () => {
  if (base) {
    await cleanupProfileData(base);
    await base.close();
  }
});

/** A user who signed in just now by the test's clock (starting a change needs a recent sign-in, review F10). */
async function user(label: string, locale: "ru" | "en" | "zh" = "ru"): Promise<TestUser> {
  const created = await createUser(base, label, { locale });
  const token = await signAccessToken(
    base.auth.keys,
    { userId: created.id, role: "USER", authTime: Math.floor(clock / 1000) },
    new Date(clock),
  );
  return signedIn(base, { ...created, token });
}

describe("changing the sign-in e-mail", () => {
  test("the code goes to the new address; a wrong code counts; the right one switches the account, tells the old address, and the new address signs in", async () => {
    const person = await user("mover", "en");
    const ip = freshIp();
    const next = uniqueEmail("moved");
    const started = await call(
      "POST",
      "/api/profile/contacts",
      { kind: "email", value: `  ${next.toUpperCase()} ` },
      { token: person.token, ip },
    );
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({
      kind: "email",
      value: next,
      status: "pending",
      resendAfter: RESEND_AFTER_S,
      expiresIn: 600,
      attemptsLeft: 5,
    });
    expect(started.body.data.sentTo).toMatch(/^mo\*\*\*@profile\.test$/);
    const id = started.body.data.id as number;

    expect(mailsTo(person.email)).toHaveLength(0);
    const [codeMail] = mailsTo(next);
    expect(codeMail!.subject).toMatch(/^Your Postavka confirmation code: \d{6}$/);
    expect(codeMail!.text).toContain(`https://postavka.test/en/profile/mail/${id}/code?code=`);
    const code = lastCodeTo(next);

    const bad = await call("POST", `/api/profile/contacts/${id}/verify`, { code: wrong(code) }, { token: person.token, ip });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_code", details: { attemptsLeft: 4 } });
    expect((await call("GET", `/api/profile/contacts/${id}`, undefined, { token: person.token })).body.data.attemptsLeft).toBe(4);

    const good = await call("POST", `/api/profile/contacts/${id}/verify`, { code }, { token: person.token, ip });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ id: person.id, email: next });
    const [row] = await base.db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(row!.email).toBe(next);

    const [notice] = mailsTo(person.email);
    expect(notice!.subject).toBe("Your Postavka sign-in e-mail was changed");
    expect(notice!.text).toContain("was changed to mo***@profile.test");
    expect(notice!.text).not.toContain(code);

    // The change ended every session (security review F10): the old token is refused; a new one works.
    expect((await call("GET", `/api/profile/contacts/${id}`, undefined, { token: person.token })).status).toBe(401);
    const [version] = await base.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, person.id));
    const token = await signAccessToken(base.auth.keys, { userId: person.id, role: "USER", sessionVersion: version!.sv }, new Date(clock));
    expect((await call("GET", `/api/profile/contacts/${id}`, undefined, { token })).body.data.status).toBe("done");
    expect((await call("POST", `/api/profile/contacts/${id}/verify`, { code }, { token, ip })).body.error.code).toBe("change_completed");
    expect((await call("GET", "/api/profile/contacts", undefined, { token })).body.data).toEqual([]);

    // The new address signs in to the same account; the old one would register someone new.
    expect((await call("POST", "/api/auth/send-code", { email: next, locale: "en" }, { ip })).status).toBe(200);
    const signIn = await call("POST", "/api/auth/verify-code", { email: next, code: lastCodeTo(next) }, { ip });
    expect(signIn.status).toBe(200);
    const me = await call("GET", "/api/profile", undefined, { token: signIn.body.data.accessToken });
    expect(me.body.data).toMatchObject({ id: person.id, email: next });
  });

  test("an expired code needs a new one; the new code replaces the old in the same change", async () => {
    const person = await user("expiry");
    const ip = freshIp();
    const next = uniqueEmail("expiry-new");
    const { body } = await call("POST", "/api/profile/contacts", { kind: "email", value: next }, { token: person.token, ip });
    const id = body.data.id as number;
    const first = lastCodeTo(next);
    expect(mailsTo(next)[0]!.subject).toMatch(/^Код подтверждения нового адреса в Postavka: \d{6}$/);

    clock += 11 * 60 * 1000;
    const expired = await call("POST", `/api/profile/contacts/${id}/verify`, { code: first }, { token: person.token, ip });
    expectError(expired, 400, "code_expired");
    expect((await call("GET", `/api/profile/contacts/${id}`, undefined, { token: person.token })).body.data).toMatchObject({
      status: "pending",
      expiresIn: 0,
      resendAfter: 0,
    });

    const resent = await call("POST", `/api/profile/contacts/${id}/resend`, {}, { token: person.token, ip });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ id, expiresIn: 600, resendAfter: RESEND_AFTER_S, attemptsLeft: 5 });
    const second = lastCodeTo(next);
    if (second !== first) {
      expect((await call("POST", `/api/profile/contacts/${id}/verify`, { code: first }, { token: person.token, ip })).body.error.code).toBe(
        "invalid_code",
      );
    }
    expect((await call("POST", `/api/profile/contacts/${id}/verify`, { code: second }, { token: person.token, ip })).status).toBe(200);
  });

  test("five wrong codes spend the code — even the right one is then refused — until a new code is sent", async () => {
    const person = await user("guesser");
    const ip = freshIp();
    const next = uniqueEmail("guesser-new");
    const id = (await call("POST", "/api/profile/contacts", { kind: "email", value: next }, { token: person.token, ip })).body.data.id;
    const code = lastCodeTo(next);
    for (let left = 4; left >= 0; left--) {
      const reply = await call("POST", `/api/profile/contacts/${id}/verify`, { code: wrong(code) }, { token: person.token, ip });
      expect(reply.body.error.details).toEqual({ attemptsLeft: left });
    }
    const spent = await call("POST", `/api/profile/contacts/${id}/verify`, { code }, { token: person.token, ip });
    expectError(spent, 429, "too_many_attempts");
    const [row] = await base.db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(row!.email).toBe(person.email);

    clock += RESEND_AFTER_S * 1000;
    await call("POST", `/api/profile/contacts/${id}/resend`, { locale: "zh" }, { token: person.token, ip });
    expect(mailsTo(next).at(-1)!.subject).toMatch(/^Postavka 新地址确认码：\d{6}$/);
    expect((await call("POST", `/api/profile/contacts/${id}/verify`, { code: lastCodeTo(next) }, { token: person.token, ip })).status).toBe(
      200,
    );
  });

  test("an address another account uses is refused when starting, and again when confirming if it was taken meanwhile", async () => {
    const person = await user("taker");
    const other = await user("holder");
    const ip = freshIp();
    const refused = await call("POST", "/api/profile/contacts", { kind: "email", value: other.email }, { token: person.token, ip });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "contact_taken", issues: [{ path: "value", message: "contact_taken" }] });
    expect(mailsTo(other.email)).toHaveLength(0);

    const contested = uniqueEmail("contested");
    const id = (await call("POST", "/api/profile/contacts", { kind: "email", value: contested }, { token: person.token, ip })).body.data.id;
    await createUser(base, "latecomer", { email: contested });
    const late = await call("POST", `/api/profile/contacts/${id}/verify`, { code: lastCodeTo(contested) }, { token: person.token, ip });
    expectError(late, 409, "contact_taken");
    const [row] = await base.db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(row!.email).toBe(person.email);

    const own = await call(
      "POST",
      "/api/profile/contacts",
      { kind: "email", value: person.email.toUpperCase() },
      { token: person.token, ip },
    );
    expectError(own, 409, "contact_unchanged");
  });

  test("resend waits for the countdown; a second start to the same address returns the pending change without a new code; the per-target limit holds", async () => {
    const person = await user("impatient");
    const ip = freshIp();
    const next = uniqueEmail("impatient-new");
    const first = await call("POST", "/api/profile/contacts", { kind: "email", value: next }, { token: person.token, ip });
    const id = first.body.data.id;

    const again = await call("POST", "/api/profile/contacts", { kind: "email", value: next }, { token: person.token, ip });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(id);
    expect(mailsTo(next)).toHaveLength(1);

    clock += 10 * 1000;
    const early = await call("POST", `/api/profile/contacts/${id}/resend`, {}, { token: person.token, ip });
    expectError(early, 429, "resend_too_soon");
    expect(Number(early.headers.get("retry-after"))).toBe(RESEND_AFTER_S - 10);

    for (let sent = 2; sent <= SEND_PER_TARGET; sent++) {
      clock += RESEND_AFTER_S * 1000;
      expect((await call("POST", `/api/profile/contacts/${id}/resend`, {}, { token: person.token, ip })).status).toBe(200);
    }
    clock += RESEND_AFTER_S * 1000;
    const limited = await call("POST", `/api/profile/contacts/${id}/resend`, {}, { token: person.token, ip });
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mailsTo(next)).toHaveLength(SEND_PER_TARGET);
  });

  test("one pending change per kind; a cancelled change is gone; bad input is a 400 naming the field", async () => {
    const person = await user("switcher");
    const ip = freshIp();
    const a = await call(
      "POST",
      "/api/profile/contacts",
      { kind: "email", value: uniqueEmail("first-choice") },
      { token: person.token, ip },
    );
    const b = await call(
      "POST",
      "/api/profile/contacts",
      { kind: "email", value: uniqueEmail("second-choice") },
      { token: person.token, ip },
    );
    expect(b.status).toBe(201);
    expect((await call("GET", `/api/profile/contacts/${a.body.data.id}`, undefined, { token: person.token })).status).toBe(404);
    const list = await call("GET", "/api/profile/contacts", undefined, { token: person.token });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([b.body.data.id]);

    const cancelled = await call("DELETE", `/api/profile/contacts/${b.body.data.id}`, undefined, { token: person.token });
    expect(cancelled.body.data).toEqual({ id: b.body.data.id, cancelled: true });
    expect(
      (await call("POST", `/api/profile/contacts/${b.body.data.id}/verify`, { code: "123456" }, { token: person.token, ip })).status,
    ).toBe(404);

    const badEmail = await call("POST", "/api/profile/contacts", { kind: "email", value: "not-an-address" }, { token: person.token, ip });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.issues).toEqual([{ path: "value", message: "invalid_email" }]);
    const badPhone = await call("POST", "/api/profile/contacts", { kind: "phone", value: "12" }, { token: person.token, ip });
    expect(badPhone.body.error.issues).toEqual([{ path: "value", message: "invalid_phone" }]);
    const badKind = await call("POST", "/api/profile/contacts", { kind: "fax", value: "" }, { token: person.token, ip });
    expect(badKind.body.error.issues).toEqual([{ path: "kind", message: "invalid_option" }]);
    expect((await call("POST", "/api/profile/contacts", "{not json", { token: person.token, ip })).status).toBe(400);
  });

  test("another user's change is a 404 for every method; anonymous callers get a 401", async () => {
    const owner = await user("owner-of-change");
    const stranger = await user("stranger");
    const ip = freshIp();
    const id = (await call("POST", "/api/profile/contacts", { kind: "email", value: uniqueEmail("private") }, { token: owner.token, ip }))
      .body.data.id;
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["POST", "/verify", { code: "123456" }],
      ["POST", "/resend", {}],
      ["DELETE", "", undefined],
    ] as const) {
      const reply = await call(method, `/api/profile/contacts/${id}${suffix}`, body, { token: stranger.token, ip });
      expect(reply.status, `${method} ${suffix}`).toBe(404);
      expect(reply.body.error.code).toBe("not_found");
      expect((await call(method, `/api/profile/contacts/${id}${suffix}`, body, { ip })).status).toBe(401);
    }
    expect((await call("GET", `/api/profile/contacts/${id}`, undefined, { token: owner.token })).body.data.status).toBe("pending");
    expect((await call("GET", "/api/profile/contacts/not-a-number", undefined, { token: owner.token })).status).toBe(404);
  });
});

describe("adding a phone", () => {
  test("the SMS goes to the new number; confirming stores it in E.164 and the account's e-mail is told", async () => {
    const person = await user("caller", "zh");
    const ip = freshIp();
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
    const local = `8 (916) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    const started = await call("POST", "/api/profile/contacts", { kind: "phone", value: local }, { token: person.token, ip });
    expect(started.status).toBe(201);
    const e164 = started.body.data.value as string;
    expect(e164).toMatch(/^\+7916\d{7}$/);
    expect(started.body.data.sentTo).toMatch(/^\+7 916 \*\*\* \*\* \d\d$/);
    const text = sms.filter((m) => m.to === e164).at(-1)!.text;
    expect(text).toMatch(/Postavka：您的号码确认码为 \d{6}/);

    const done = await call(
      "POST",
      `/api/profile/contacts/${started.body.data.id}/verify`,
      { code: lastSmsCode(e164) },
      { token: person.token, ip },
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ phone: e164, email: person.email });
    expect(mailsTo(person.email).at(-1)!.subject).toBe("您的 Postavka 登录手机号已更改");

    // The number now signs in to this account.
    await call("POST", "/api/auth/send-code", { phone: e164, locale: "ru" }, { ip });
    const signIn = await call("POST", "/api/auth/verify-code", { phone: e164, code: lastSmsCode(e164) }, { ip });
    expect((await call("GET", "/api/profile", undefined, { token: signIn.body.data.accessToken })).body.data.id).toBe(person.id);
  });
});

describe("sign out on all devices", () => {
  async function signUp(email: string, ip: string) {
    await call("POST", "/api/auth/send-code", { email, locale: "ru" }, { ip });
    const verified = await call("POST", "/api/auth/verify-code", { email, code: lastCodeTo(email) }, { ip });
    const registered = await call(
      "POST",
      "/api/auth/register",
      { registrationToken: verified.body.data.registrationToken, firstName: "Ольга", lastName: "Сидорова", acceptTerms: true },
      { ip },
    );
    return { accessToken: registered.body.data.accessToken as string, cookie: cookieOf(registered.headers) };
  }
  async function signIn(email: string, ip: string) {
    clock += RESEND_AFTER_S * 1000;
    await call("POST", "/api/auth/send-code", { email, locale: "ru" }, { ip });
    const verified = await call("POST", "/api/auth/verify-code", { email, code: lastCodeTo(email) }, { ip });
    return { accessToken: verified.body.data.accessToken as string, cookie: cookieOf(verified.headers) };
  }
  function cookieOf(headers: Headers) {
    return headers
      .getSetCookie()
      .find((c) => c.startsWith("refresh="))!
      .split(";")[0]!;
  }

  test("every session ends at once: refresh tokens of every device are refused and access tokens stop working; signing in again works", async () => {
    const ip = freshIp();
    const email = uniqueEmail("everywhere");
    const laptop = await signUp(email, ip);
    const phone = await signIn(email, ip);
    expect((await call("GET", "/api/profile", undefined, { token: phone.accessToken })).body.data.email).toBe(email);

    const out = await call("POST", "/api/auth/logout-all", undefined, { token: laptop.accessToken, cookie: laptop.cookie });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ ok: true, sessionsEnded: 2 });
    expect(out.headers.getSetCookie().some((c) => c.startsWith("refresh=;"))).toBe(true);

    for (const device of [laptop, phone]) {
      expect((await call("GET", "/api/profile", undefined, { token: device.accessToken })).body.data).toEqual({ role: "ANONIM" });
      expect((await call("POST", "/api/auth/refresh-token", undefined, { cookie: device.cookie })).status).toBe(401);
    }
    const again = await signIn(email, ip);
    expect((await call("GET", "/api/profile", undefined, { token: again.accessToken })).body.data.email).toBe(email);
    expect((await call("POST", "/api/auth/logout-all", undefined, { ip })).status).toBe(401);
  });
});

describe("OpenAPI", () => {
  test("documents the contact endpoints and logout-all with their bodies", async () => {
    const { body } = await base.getJson<any>("/api/openapi.json");
    expect(Object.keys(body.paths["/api/profile/contacts"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(body.paths["/api/profile/contacts/{id}"]).sort()).toEqual(["delete", "get"]);
    expect(Object.keys(body.paths["/api/profile/contacts/{id}/verify"])).toEqual(["post"]);
    expect(Object.keys(body.paths["/api/profile/contacts/{id}/resend"])).toEqual(["post"]);
    const resolve = (schema: any) => (schema.$ref ? body.components.schemas[schema.$ref.split("/").pop()] : schema);
    expect(resolve(body.paths["/api/profile/contacts"].post.requestBody.content["application/json"].schema).properties.kind.enum).toEqual([
      "email",
      "phone",
    ]);
    expect(body.paths["/api/profile/contacts"].post.responses["409"].description).toContain("contact_taken");
    expect(body.paths["/api/auth/logout-all"].post.security).toEqual([{ bearerAuth: [] }]);
  });
});
