/**
 * The daily moderation digest (issue 15 §5), on both engines: with a company waiting in the
 * moderation queue, each active moderator and admin gets one e-mail in their language with the
 * counts and a link to the queue; a blocked moderator and a plain user get none.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { MODERATION_DIGEST_JOB } from "#server/admin/digest.ts";
import { queueCounts } from "#server/admin/queue.ts";
import { companies, users } from "#server/db/schema.ts";
import { createUser, profileTest, TEST_DOMAIN, type TestUser } from "../support/profile.ts";

/** The site's staff and a plain user, with a company waiting in the moderation queue. */
const test = profileTest.extend("people", { scope: "file" }, async ({ api }, { onCleanup }) => {
  const moderator = await createUser(api, "digest-moderator", { role: "MODERATOR", locale: "en" });
  const admin = await createUser(api, "digest-admin", { role: "ADMIN", locale: "zh" });
  const blocked = await createUser(api, "digest-blocked", { role: "MODERATOR" });
  const plain = await createUser(api, "digest-plain");
  await api.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: "ООО «Ждёт проверки»" }, status: "moderation", country: "RU", email: `digest@${TEST_DOMAIN}` })
    .returning({ id: companies.id });
  onCleanup(async () => {
    await api.db.delete(companies).where(eq(companies.id, row!.id));
  });
  return { moderator, admin, blocked, plain };
});

test("moderators and admins get the queue's counts in their language; blocked staff and users get nothing", async ({ api, people }) => {
  const { moderator, admin, blocked, plain } = people;
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
