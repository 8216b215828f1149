/**
 * Security review F6 (issue 16): the platform's mail server is no relay for invitation e-mails.
 * An open invitation is sent again at most once a minute; one address gets at most
 * INVITATION_LIMITS.perTargetPerDay invitation e-mails a day from all companies together; one
 * company sends at most INVITATION_LIMITS.perCompanyPerDay a day. Refusals are 429 `rate_limited`
 * with Retry-After, and no e-mail goes out for them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { INVITATION_LIMITS } from "#contract/profile/employees.ts";
import { companyMembers } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, uniqueEmail, type TestUser, expectError } from "../support/profile.ts";

let api: TestApi;

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

async function owner(label: string): Promise<TestUser> {
  const user = await createUser(api, label);
  const created = await user.post("/api/profile/company", { name: { ru: `Компания ${label}` }, country: "CN" });
  expect(created.status).toBe(201);
  return user;
}

const invite = (user: TestUser, email: string) => user.post("/api/profile/company/employees", { email, role: "member" });

/** Moves every open invitation to `email` a minute back, past the resend countdown. */
async function age(email: string) {
  await api.db
    .update(companyMembers)
    .set({ updatedAt: new Date(Date.now() - (INVITATION_LIMITS.resendS + 1) * 1000) })
    .where(eq(companyMembers.invitedEmail, email));
}

const mailsTo = (email: string) => api.mail.filter((m) => m.to === email).length;

test("an open invitation is not sent again within the countdown", async () => {
  const inviter = await owner("countdown");
  const target = uniqueEmail("countdown-target");
  expect((await invite(inviter, target)).status).toBe(201);
  for (let i = 0; i < 5; i++) {
    const again = await invite(inviter, target);
    expectError(again, 429, "rate_limited");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect(mailsTo(target)).toBe(1);
  await age(target);
  expect((await invite(inviter, target)).status).toBe(200);
  expect(mailsTo(target)).toBe(2);
});

test("one address gets at most perTargetPerDay invitation e-mails a day, from all companies together", async () => {
  const target = uniqueEmail("bombed");
  const first = await owner("bomber-1");
  expect((await invite(first, target)).status).toBe(201);
  for (let i = 1; i < INVITATION_LIMITS.perTargetPerDay; i++) {
    await age(target);
    expect((await invite(first, target)).status).toBe(200);
  }
  await age(target);
  const renewed = await invite(first, target);
  expectError(renewed, 429, "rate_limited");
  const second = await owner("bomber-2");
  const other = await invite(second, target);
  expect(other.status).toBe(429);
  expect(mailsTo(target)).toBe(INVITATION_LIMITS.perTargetPerDay);
  // The refused new invitation left no row behind.
  const [secondCompany] = await api.db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, second.id));
  const rows = await api.db.select().from(companyMembers).where(eq(companyMembers.companyId, secondCompany!.id));
  expect(rows).toHaveLength(1);
});

test("one company sends at most perCompanyPerDay invitations a day", async () => {
  const inviter = await owner("spammer");
  const before = api.mail.length;
  for (let i = 0; i < INVITATION_LIMITS.perCompanyPerDay; i++) {
    expect((await invite(inviter, uniqueEmail(`spam-${i}`))).status).toBe(201);
  }
  const over = await invite(inviter, uniqueEmail("spam-over"));
  expectError(over, 429, "rate_limited");
  const viaForm = await inviter.post("/app/employee/form", { email: uniqueEmail("spam-form"), role: "member" });
  expect(viaForm.status).toBe(429);
  expect(api.mail.length - before).toBe(INVITATION_LIMITS.perCompanyPerDay);
  // Another company is not affected.
  expect((await invite(await owner("innocent"), uniqueEmail("welcome"))).status).toBe(201);
});
