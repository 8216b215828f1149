/**
 * Security review F24 (issue 16), the part done: a bulk CSV export of an admin list is an audited
 * action — who exported which list, with which filter and how many rows — in the same audit log as
 * every other admin action.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminAuditLog } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";

let api: TestApi;
let staff: TestUser;

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  staff = await createUser(api, "exporter", { role: "MODERATOR" });
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

test("exporting the user list as CSV leaves an audit row with the filter and the row count", async () => {
  const response = await api.app.request("/app/admin/filter/user?format=csv&q=example", {
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.status).toBe(200);
  const total = Number(response.headers.get("x-total-count"));
  await response.text();
  const rows = await api.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.actorUserId, staff.id), eq(adminAuditLog.action, "export.csv")));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ entityType: "export", entityId: "user", actorRole: "MODERATOR" });
  expect(rows[0]!.after).toMatchObject({ rows: total });
});

test("reading the list page by page is not an export", async () => {
  const reply = await api.app.request("/app/admin/filter/user?q=example", { headers: { authorization: `Bearer ${staff.token}` } });
  expect(reply.status).toBe(200);
  const rows = await api.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorUserId, staff.id));
  expect(rows).toHaveLength(1);
});
