/**
 * Security review F11 (issue 16): the "verified" badge stands for the company name and the legal
 * entities a moderator checked. Changing the name, or adding, changing or removing a legal entity,
 * withdraws it (level 0, no evidence, no date); other edits of the card keep it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { companies } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { addLegalEntity, cleanupProfileData, createUser, freeRealEntities, type TestUser } from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
let companyId: number;
let entityId: number;
let spare: { inn: string; nameFull: string };

async function verification() {
  const [row] = await api.db
    .select({ level: companies.verificationLevel, evidence: companies.verificationEvidence, at: companies.verifiedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  owner = await createUser(api, "verified-owner");
  companyId = (await owner.post("/api/profile/company", { name: { ru: "Проверенная", en: "Verified" }, country: "RU" })).body.data.id;
  const [first, second] = await freeRealEntities(api, 2, 40);
  spare = second!;
  const created = await addLegalEntity(api, first!, owner.token);
  expect(created.status).toBe(201);
  entityId = created.body.data.id;
});

beforeEach(async () => {
  // A moderator verified the company as it is now (server/admin/companies.ts sets these three).
  await api.db
    .update(companies)
    .set({ status: "published", verificationLevel: 2, verificationEvidence: { ru: "Выписка ЕГРЮЛ, выезд" }, verifiedAt: new Date() })
    .where(eq(companies.id, companyId));
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

test("an edit that is neither the name nor a legal entity keeps the badge", async () => {
  const reply = await owner.patch("/api/profile/company", { description: { ru: "Новое описание" } });
  expect(reply.status).toBe(200);
  expect((await verification()).level).toBe(2);
});

test("a new company name withdraws the verification", async () => {
  const reply = await owner.patch("/api/profile/company", { name: { ru: "Другая компания", en: "Another one" } });
  expect(reply.status).toBe(200);
  expect(await verification()).toEqual({ level: 0, evidence: null, at: null });
});

test("a changed legal entity (another INN) withdraws the verification", async () => {
  const reply = await owner.patch(`/api/profile/company/legal-entities/${entityId}`, { inn: spare.inn, nameFull: spare.nameFull });
  expect(reply.status).toBe(200);
  expect(await verification()).toEqual({ level: 0, evidence: null, at: null });
});

test("an added legal entity withdraws the verification, and so does removing it", async () => {
  const [extra] = await freeRealEntities(api, 1, 80);
  const added = await addLegalEntity(api, extra!, owner.token);
  expect(added.status).toBe(201);
  expect((await verification()).level).toBe(0);
  await api.db.update(companies).set({ verificationLevel: 1, verifiedAt: new Date() }).where(eq(companies.id, companyId));
  const removed = await owner.delete(`/api/profile/company/legal-entities/${added.body.data.id}`);
  expect(removed.status).toBe(200);
  expect((await verification()).level).toBe(0);
});
