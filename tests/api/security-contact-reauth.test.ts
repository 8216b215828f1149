/**
 * Security review F10 (issue 16): a stolen session cannot quietly move the account to another
 * sign-in address. Starting a change needs a sign-in within the last 10 minutes (the access token's
 * `auth_time`, kept through refreshes), and a confirmed change ends every other session while the
 * session that made it goes on.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { signAccessToken } from "#server/auth/tokens.ts";
import { refreshTokens } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import { useMailboxApi } from "../support/mailbox-api.ts";
import { call, createUser, uniqueEmail, expectError } from "../support/profile.ts";

const box = useMailboxApi({ sendPerTarget: 20 });
const { mail, lastCode, signIn, refresh } = box;
let api: TestApi;
beforeAll(() => {
  api = box.api;
});

const startChange = (token: string, value: string) => call(api, "POST", "/api/profile/contacts", { kind: "email", value }, token);

test("a session whose sign-in is older than 10 minutes cannot start a change", async () => {
  const user = await createUser(api, "stale");
  const elevenMinutesAgo = Math.floor(Date.now() / 1000) - 11 * 60;
  const stale = await signAccessToken(api.auth.keys, { userId: user.id, role: "USER", authTime: elevenMinutesAgo }, new Date());
  const refused = await startChange(stale, uniqueEmail("attacker"));
  expectError(refused, 403, "reauth_required");
  expect(mail.filter((m) => m.subject && m.to.startsWith("attacker"))).toHaveLength(0);

  const fresh = await signAccessToken(api.auth.keys, { userId: user.id, role: "USER", authTime: elevenMinutesAgo + 2 * 60 }, new Date());
  expect((await startChange(fresh, uniqueEmail("owner"))).status).toBe(201);
});

test("refreshing a session keeps the time of its sign-in, so a stolen refresh token gains nothing", async () => {
  const user = await createUser(api, "refresher");
  const session = await signIn(user.email);
  // The session began 20 minutes ago.
  await api.db
    .update(refreshTokens)
    .set({ createdAt: sql`${refreshTokens.createdAt} - interval '20 minutes'` })
    .where(eq(refreshTokens.userId, user.id));
  const refreshed = await refresh(session.refresh);
  expect(refreshed.status).toBe(200);
  const reply = await startChange(refreshed.body.data.accessToken, uniqueEmail("attacker"));
  expect(reply.body.error?.code).toBe("reauth_required");
});

test("a confirmed change ends every other session; the one that made it goes on", async () => {
  const user = await createUser(api, "owner");
  const other = await signIn(user.email);
  const mine = await signIn(user.email);
  const next = uniqueEmail("new-address");
  const started = await startChange(mine.token, next);
  expect(started.status).toBe(201);
  const verified = await call(api, "POST", `/api/profile/contacts/${started.body.data.id}/verify`, { code: lastCode(next) }, mine.token);
  expect(verified.status).toBe(200);

  // The other device: its access token and its refresh token no longer work.
  expect((await call(api, "GET", "/api/profile/contacts", undefined, other.token)).status).toBe(401);
  expect((await refresh(other.refresh)).status).toBe(401);
  // This device: the old access token ended too, but its refresh token gives a working one.
  expect((await call(api, "GET", "/api/profile/contacts", undefined, mine.token)).status).toBe(401);
  const renewed = await refresh(mine.refresh);
  expect(renewed.status).toBe(200);
  const profile = await call(api, "GET", "/api/profile", undefined, renewed.body.data.accessToken);
  expect(profile.status).toBe(200);
  expect(profile.body.data.email).toBe(next);
});
