/**
 * Security review F10 (issue 16): the notice of a changed sign-in address, sent to the account's old
 * e-mail, carries an undo link. Opened by the owner it changes nothing by itself (a mail scanner may
 * follow it); confirmed (POST) it makes the old address the sign-in address again and ends EVERY
 * session, the attacker's included. It works once, only for its own account, and not after 7 days.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { users } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import { useMailboxApi } from "../support/mailbox-api.ts";
import { call, createUser, uniqueEmail, expectError } from "../support/profile.ts";

const box = useMailboxApi({ sendPerTarget: 20 });
const { sms, lastTo, lastCode, refreshOf, signIn, refresh } = box;
let api: TestApi;
beforeAll(() => {
  api = box.api;
});

/** The attacker, with a fresh session of the victim, moves the sign-in e-mail to their address. */
async function hijack(victimEmail: string, session: { token: string }) {
  const attacker = uniqueEmail("attacker");
  const started = await call(api, "POST", "/api/profile/contacts", { kind: "email", value: attacker }, session.token);
  expect(started.status).toBe(201);
  const verified = await call(
    api,
    "POST",
    `/api/profile/contacts/${started.body.data.id}/verify`,
    { code: lastCode(attacker) },
    session.token,
  );
  expect(verified.status).toBe(200);
  const notice = lastTo(victimEmail);
  const link = new URL(notice.text.match(/https?:\/\/\S+\/auth\/undo-contact\?token=\S+/)![0]);
  return { attacker, notice, link, token: link.searchParams.get("token")! };
}

test("the notice to the old address links to an undo page; the link restores the address, ends every session and works once", async () => {
  const victim = await createUser(api, "victim");
  const owner = await signIn(victim.email);
  const stolen = await signIn(victim.email);
  const { attacker, notice, link, token } = await hijack(victim.email, stolen);
  expect(link.pathname).toBe("/auth/undo-contact");
  expect(notice.html).toContain(`href="${link.href.replace(/&/g, "&amp;")}"`);
  // The attacker's session goes on after the change (it made it) and signs in with the new address.
  const attackerSession = await refresh(stolen.refresh);
  expect(attackerSession.status).toBe(200);

  // Opening the link changes nothing: it says what would be restored.
  const preview = await call(api, "GET", `/api/auth/contact-undo?token=${encodeURIComponent(token)}`);
  expect(preview.status).toBe(200);
  expect(preview.body.data.kind).toBe("email");
  expect(preview.body.data.address).toMatch(/@profile\.test$/);
  const [before] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, victim.id));
  expect(before!.email).toBe(attacker);

  const undone = await call(api, "POST", "/api/auth/contact-undo", { token });
  expect(undone.status).toBe(200);
  expect(undone.body.data).toEqual(preview.body.data);
  const [after] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, victim.id));
  expect(after!.email).toBe(victim.email);

  // Every session ended: the attacker's access and refresh tokens, and the owner's old ones.
  expect((await call(api, "GET", "/api/profile/contacts", undefined, attackerSession.body.data.accessToken)).status).toBe(401);
  expect((await refresh(refreshOf(attackerSession.headers))).status).toBe(401);
  expect((await refresh(owner.refresh)).status).toBe(401);
  // The owner signs in with the old address again; the attacker's address no longer signs in to it.
  const back = await signIn(victim.email);
  expect((await call(api, "GET", "/api/profile", undefined, back.token)).body.data.email).toBe(victim.email);

  // The link works once.
  const again = await call(api, "POST", "/api/auth/contact-undo", { token });
  expectError(again, 400, "invalid_undo_link");
  expect((await call(api, "GET", `/api/auth/contact-undo?token=${encodeURIComponent(token)}`)).body.error.code).toBe("invalid_undo_link");
});

test("a forged, altered or expired link does nothing, and an access token is not an undo token", async () => {
  const victim = await createUser(api, "victim-2");
  const session = await signIn(victim.email);
  const { attacker, token } = await hijack(victim.email, session);
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
  const altered = [header, Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url"), signature].join(".");
  for (const bad of [altered, "not-a-token", session.token]) {
    const reply = await call(api, "POST", "/api/auth/contact-undo", { token: bad });
    expectError(reply, 400, "invalid_undo_link");
  }
  const [still] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, victim.id));
  expect(still!.email).toBe(attacker);

  const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
  // Still valid now; eight days later it has expired.
  await expect(api.auth.contacts.previewUndo(token)).resolves.toMatchObject({ kind: "email" });
  const realNow = api.auth.contacts["deps"].now;
  api.auth.contacts["deps"].now = () => later;
  try {
    const reply = await call(api, "POST", "/api/auth/contact-undo", { token });
    expectError(reply, 400, "invalid_undo_link");
  } finally {
    api.auth.contacts["deps"].now = realNow;
  }
});

test("a phone added by a stolen session is removed by the link, and a changed phone is restored", async () => {
  const victim = await createUser(api, "victim-phone");
  const session = await signIn(victim.email);
  const addPhone = async (phone: string) => {
    const started = await call(api, "POST", "/api/profile/contacts", { kind: "phone", value: phone }, session.token);
    expect(started.status).toBe(201);
    const code = sms
      .filter((m) => m.to === phone)
      .at(-1)!
      .text.match(/\b\d{6}\b/)![0];
    expect((await call(api, "POST", `/api/profile/contacts/${started.body.data.id}/verify`, { code }, session.token)).status).toBe(200);
    // The session that made the change goes on with a refreshed access token (ADR 017).
    const renewed = await refresh(session.refresh);
    expect(renewed.status).toBe(200);
    session.token = renewed.body.data.accessToken;
    session.refresh = refreshOf(renewed.headers);
    // The notice goes to the account's e-mail (the phone changed, not the e-mail).
    return new URL(lastTo(victim.email).text.match(/https?:\/\/\S+\/auth\/undo-contact\?token=\S+/)![0]).searchParams.get("token")!;
  };
  const suffix = String(Date.now() % 10_000_000).padStart(7, "0");
  const own = `+7916${suffix}`;
  const attackers = `+7925${suffix}`;
  await addPhone(own);
  const token = await addPhone(attackers);
  const preview = await call(api, "GET", `/api/auth/contact-undo?token=${encodeURIComponent(token)}`);
  expect(preview.body.data).toMatchObject({ kind: "phone" });
  expect(preview.body.data.address).not.toBeNull();
  expect((await call(api, "POST", "/api/auth/contact-undo", { token })).status).toBe(200);
  const [restored] = await api.db.select({ phone: users.phone }).from(users).where(eq(users.id, victim.id));
  expect(restored!.phone).toBe(own);

  // A first phone (there was none before) is removed.
  const other = await createUser(api, "victim-phone-2");
  const otherSession = await signIn(other.email);
  const started = await call(api, "POST", "/api/profile/contacts", { kind: "phone", value: `+7926${suffix}` }, otherSession.token);
  const code = sms
    .filter((m) => m.to === `+7926${suffix}`)
    .at(-1)!
    .text.match(/\b\d{6}\b/)![0];
  expect((await call(api, "POST", `/api/profile/contacts/${started.body.data.id}/verify`, { code }, otherSession.token)).status).toBe(200);
  const first = new URL(lastTo(other.email).text.match(/https?:\/\/\S+\/auth\/undo-contact\?token=\S+/)![0]).searchParams.get("token")!;
  expect((await call(api, "GET", `/api/auth/contact-undo?token=${encodeURIComponent(first)}`)).body.data).toEqual({
    kind: "phone",
    address: null,
  });
  expect((await call(api, "POST", "/api/auth/contact-undo", { token: first })).status).toBe(200);
  const [removed] = await api.db.select({ phone: users.phone }).from(users).where(eq(users.id, other.id));
  expect(removed!.phone).toBeNull();
});
