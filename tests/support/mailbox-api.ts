/**
 * An API for sign-in and contact tests (tests/api/security-*.test.ts): the test API (openTestApi)
 * whose codes go to in-memory lists — e-mails in `mail`, text messages in `sms` — with generous send
 * limits, the profile data cleaned before and after, and the steps of signing in as a browser does.
 *
 *   const box = useMailboxApi({ sendPerTarget: 20 });   // at the top of a test file
 *   const session = await box.signIn(email);            // { token, refresh }
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { MailMessage } from "#server/auth/delivery/messages.ts";
import { openTestApi, type TestApi } from "./api.ts";
import { call, cleanupProfileData } from "./profile.ts";

/** A desktop Chromium's User-Agent: sessions are bound to the device family it names. */
export const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export interface MailboxApi {
  /** Set in `beforeAll`. */
  api: TestApi;
  mail: MailMessage[];
  sms: { to: string; text: string }[];
  /** The newest e-mail to `email`. */
  lastTo: (email: string) => MailMessage;
  /** The six-digit code of the newest e-mail to `email`. */
  lastCode: (email: string) => string;
  /** The `refresh` cookie's value among `headers`' Set-Cookie lines. */
  refreshOf: (headers: Headers) => string;
  /** Signs `email` in through the code flow with the UA: its access token and refresh token. */
  signIn: (email: string) => Promise<{ token: string; refresh: string }>;
  /** POST /api/auth/refresh-token with a refresh token, from the UA's device. */
  refresh: (token: string) => ReturnType<typeof call<any>>;
}

/** Registers the file's `beforeAll`/`afterAll` and returns the mailbox (its `api` is set in `beforeAll`). */
export function useMailboxApi(limits: { sendPerTarget: number }): MailboxApi {
  const box = {
    mail: [] as MailMessage[],
    sms: [] as { to: string; text: string }[],
  } as MailboxApi;
  box.lastTo = (email) => box.mail.filter((m) => m.to === email).at(-1)!;
  box.lastCode = (email) => box.lastTo(email).text.match(/\b\d{6}\b/)![0];
  box.refreshOf = (headers) =>
    headers
      .getSetCookie()
      .find((line) => line.startsWith("refresh="))!
      .split(";")[0]!
      .slice("refresh=".length);
  box.signIn = async (email) => {
    await call(box.api, "POST", "/api/auth/send-code", { email }, undefined, { "user-agent": UA });
    const reply = await call(box.api, "POST", "/api/auth/verify-code", { email, code: box.lastCode(email) }, undefined, {
      "user-agent": UA,
    });
    expect(reply.status).toBe(200);
    return { token: reply.body.data.accessToken as string, refresh: box.refreshOf(reply.headers) };
  };
  box.refresh = (token) =>
    call(box.api, "POST", "/api/auth/refresh-token", undefined, undefined, { "user-agent": UA, cookie: `refresh=${token}` });

  beforeAll(async () => {
    box.api = await openTestApi({
      auth: {
        limits: { resendAfterS: 0, sendPerTarget: limits.sendPerTarget, sendPerIp: 1000, verifyPerIp: 1000 },
        mailer: { send: async (message) => void box.mail.push(message) },
        sms: { send: async (to, text) => void box.sms.push({ to, text }) },
      },
    });
    await cleanupProfileData(box.api);
  });
  afterAll(async () => {
    if (box.api) {
      await cleanupProfileData(box.api);
      await box.api.close();
    }
  });
  return box;
}
