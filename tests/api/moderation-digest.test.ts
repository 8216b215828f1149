/**
 * The daily moderation digest (issue 15 §5), on both engines: with a company waiting in the
 * moderation queue, each active moderator and admin gets one e-mail in their language with the
 * counts and a link to the queue; a blocked moderator and a plain user get none.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { MODERATION_DIGEST_JOB } from "../../server/admin/digest.ts";
import { queueCounts } from "../../server/admin/queue.ts";
import { companies, users } from "../../server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, TEST_DOMAIN, type TestUser } from "../support/profile.ts";

let api: TestApi;
let moderator: TestUser;
let admin: TestUser;
let blocked: TestUser;
let plain: TestUser;
let companyId: number;

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  moderator = await createUser(api, "digest-moderator", { role: "MODERATOR", locale: "en" });
  admin = await createUser(api, "digest-admin", { role: "ADMIN", locale: "zh" });
  blocked = await createUser(api, "digest-blocked", { role: "MODERATOR" });
  plain = await createUser(api, "digest-plain");
  await api.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: "ООО «Ждёт проверки»" }, status: "moderation", country: "RU", email: `digest@${TEST_DOMAIN}` })
    .returning({ id: companies.id });
  companyId = row!.id;
});

afterAll(async () => {
  if (!api) return;
  await api.db.delete(companies).where(eq(companies.id, companyId));
  await cleanupProfileData(api);
  await api.close();
});

test("moderators and admins get the queue's counts in their language; blocked staff and users get nothing", async () => {
  const counts = await queueCounts(api.db);
  expect(counts.company).toBeGreaterThanOrEqual(1);
  await api.jobs.send(MODERATION_DIGEST_JOB, {});
  expect(await api.jobs.runDue(MODERATION_DIGEST_JOB)).toBe(1);
  const to = (user: TestUser) => api.mail.filter((m) => m.to === user.email);
  const [en] = to(moderator);
  expect(to(moderator)).toHaveLength(1);
  expect(en!.subject).toBe(`${counts.company + counts.product} waiting for moderation on Postavka`);
  expect(en!.text).toContain(`Companies: ${counts.company}, products: ${counts.product}.`);
  expect(en!.text).toContain("https://postavka.test/en/admin/moderation");
  expect(to(admin)[0]!.subject).toContain("待审核");
  expect(to(admin)[0]!.text).toContain("https://postavka.test/zh/admin/moderation");
  expect(to(blocked)).toEqual([]);
  expect(to(plain)).toEqual([]);
});
