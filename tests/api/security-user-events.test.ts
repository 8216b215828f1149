/**
 * Security review F24 (issue 16), the end-user part: sign-ins, wrong sign-in and contact codes for a
 * known account, "sign out on all devices" and a changed sign-in address are rows of the audit log
 * (entity "user"), with the client's IP, so staff see them on the account's admin page.
 */
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { adminAuditLog } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import { useMailboxApi } from "../support/mailbox-api.ts";
import { call, createUser, uniqueEmail } from "../support/profile.ts";

const box = useMailboxApi({ sendPerTarget: 10 });
const { lastCode } = box;
let api: TestApi;
beforeAll(() => {
  api = box.api;
});

const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

async function eventsOf(userId: number) {
  return api.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entityType, "user"), eq(adminAuditLog.entityId, String(userId))))
    .orderBy(asc(adminAuditLog.id));
}

test("a wrong code for an account and the sign-in that follows are audit rows with the IP", async () => {
  const user = await createUser(api, "signer");
  const ip = { "x-client-ip": "198.51.100.44" };
  expect((await call(api, "POST", "/api/auth/send-code", { email: user.email }, undefined, ip)).status).toBe(200);
  const code = lastCode(user.email);
  const refused = await call(api, "POST", "/api/auth/verify-code", { email: user.email, code: wrong(code) }, undefined, {
    "x-client-ip": "203.0.113.66",
  });
  expect(refused.body.error.code).toBe("invalid_code");
  expect((await call(api, "POST", "/api/auth/verify-code", { email: user.email, code }, undefined, ip)).status).toBe(200);

  const events = await eventsOf(user.id);
  expect(events.map((e) => e.action)).toEqual(["user.code_failed", "user.sign_in"]);
  expect(events[0]).toMatchObject({ actorUserId: null, actorLabel: "anonymous", actorRole: "ANONIM", ip: "203.0.113.66" });
  expect(events[0]!.after).toMatchObject({ purpose: "sign_in", reason: "invalid_code" });
  expect(events[1]).toMatchObject({ actorUserId: user.id, actorLabel: user.email, actorRole: "USER", ip: "198.51.100.44" });
});

test("a wrong code for an address no account has leaves no audit row", async () => {
  const email = uniqueEmail("nobody");
  await call(api, "POST", "/api/auth/send-code", { email });
  const before = await api.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "user.code_failed"));
  await call(api, "POST", "/api/auth/verify-code", { email, code: wrong(lastCode(email)) });
  const after = await api.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "user.code_failed"));
  expect(after).toHaveLength(before.length);
});

test("signing out on all devices is an audit row with the number of sessions ended", async () => {
  const user = await createUser(api, "leaver");
  const reply = await user.post("/api/auth/logout-all", undefined, { "x-client-ip": "198.51.100.45" });
  expect(reply.status).toBe(200);
  const events = await eventsOf(user.id);
  expect(events.map((e) => e.action)).toEqual(["user.logout_all"]);
  expect(events[0]).toMatchObject({ actorUserId: user.id, ip: "198.51.100.45", after: { sessionsEnded: 0 } });
});

test("a changed sign-in e-mail and a wrong change code are audit rows with the old and new address", async () => {
  const user = await createUser(api, "mover");
  const next = uniqueEmail("moved");
  const started = await user.post("/api/profile/contacts", { kind: "email", value: next });
  expect(started.status).toBe(201);
  const id = started.body.data.id as number;
  const code = lastCode(next);
  expect((await user.post(`/api/profile/contacts/${id}/verify`, { code: wrong(code) })).status).toBe(400);
  expect((await user.post(`/api/profile/contacts/${id}/verify`, { code })).status).toBe(200);

  const events = await eventsOf(user.id);
  expect(events.map((e) => e.action)).toEqual(["user.code_failed", "user.contact_change"]);
  expect(events[0]!.after).toMatchObject({ purpose: "change_email", reason: "invalid_code" });
  expect(events[1]).toMatchObject({ actorUserId: user.id, before: { email: user.email }, after: { email: next } });
});
