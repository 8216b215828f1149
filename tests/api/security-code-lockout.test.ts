/**
 * Security review F16 (issue 16): nobody can lock a person out of sign-in by asking for codes for
 * their address. The code its owner received stays valid when a stranger asks for new ones; the
 * guesses of all live codes together stay at MAX_ATTEMPTS per code (a guess counts against every
 * live code); using one code retires the others. Review I3: only the MAX_LIVE_CODES (2) newest
 * codes work, so a guess's chance stays at 2 in 10⁶; every code reaches the person's own inbox, so
 * the newest one is always at hand.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { MAX_ATTEMPTS, MAX_LIVE_CODES } from "#server/auth/codes.ts";
import type { MailMessage } from "#server/auth/delivery/messages.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, uniqueEmail } from "../support/profile.ts";

let api: TestApi;
/** Sign-in e-mails the auth service sent. */
const mail: MailMessage[] = [];

beforeAll(async () => {
  api = await openTestApi({
    auth: {
      limits: { resendAfterS: 0, sendPerTarget: 10, sendPerIp: 1000, verifyPerIp: 1000 },
      mailer: { send: async (message) => void mail.push(message) },
    },
  });
});

afterAll(async () => {
  await api?.close();
});

const send = (email: string, ip: string) => call(api, "POST", "/api/auth/send-code", { email }, undefined, { "x-client-ip": ip });
const verify = (email: string, code: string, ip: string) =>
  call(api, "POST", "/api/auth/verify-code", { email, code }, undefined, { "x-client-ip": ip });
/** The code in the latest sign-in e-mail to `email`. */
function lastCode(email: string): string {
  const message = mail.filter((m) => m.to === email).at(-1)!;
  return message.text.match(/\b\d{6}\b/)![0];
}

test("a stranger's new codes do not void the code the owner received", async () => {
  const email = uniqueEmail("victim");
  expect((await send(email, "198.51.100.10")).status).toBe(200);
  const owners = lastCode(email);
  // The attacker asks for a code for the victim's address from elsewhere.
  expect((await send(email, "203.0.113.1")).status).toBe(200);
  const verified = await verify(email, owners, "198.51.100.10");
  expect(verified.status).toBe(200);
  // Using it retired the codes the stranger caused to be sent.
  const another = lastCode(email);
  if (another !== owners) expect((await verify(email, another, "203.0.113.9")).body.error.code).toBe("invalid_code");
});

test("several live codes give no more guesses than one", async () => {
  const email = uniqueEmail("guessed");
  for (let i = 0; i < 3; i++) expect((await send(email, "203.0.113.20")).status).toBe(200);
  const real = lastCode(email);
  const wrong = real === "000000" ? "111111" : "000000";
  for (let i = 1; i < MAX_ATTEMPTS; i++) {
    const reply = await verify(email, wrong, "203.0.113.20");
    expect(reply.body.error.code).toBe("invalid_code");
    expect(reply.body.error.details.attemptsLeft).toBe(MAX_ATTEMPTS - i);
  }
  expect((await verify(email, wrong, "203.0.113.20")).body.error.details.attemptsLeft).toBe(0);
  // Every live code is spent now, the right one too.
  expect((await verify(email, real, "203.0.113.20")).status).toBe(429);
});

test("I3: only the newest MAX_LIVE_CODES codes work; an older one is refused like a wrong code", async () => {
  const email = uniqueEmail("many-codes");
  const codes: string[] = [];
  for (let i = 0; i < MAX_LIVE_CODES + 1; i++) {
    expect((await send(email, "203.0.113.30")).status).toBe(200);
    codes.push(lastCode(email));
  }
  const [oldest, ...newest] = codes;
  if (!newest.includes(oldest!)) expect((await verify(email, oldest!, "203.0.113.30")).body.error.code).toBe("invalid_code");
  expect((await verify(email, newest[0]!, "203.0.113.30")).status).toBe(200);
});
