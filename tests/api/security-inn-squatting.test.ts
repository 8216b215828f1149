/**
 * Security review F7 (issue 16; ADR 034): INN squatting. INNs are public, so a user could create a
 * throw-away draft company with a competitor's INN and block the real owner (409 `inn_taken`), and
 * `inn_taken` told anyone that an INN was registered here. Now an INN is unique among published
 * companies only: adding one another company lists is accepted exactly like a free one, the
 * moderator sees the conflict in the queue, and approval is refused while a published company
 * lists the INN.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { addLegalEntity, cleanupProfileData, createUser, freeRealEntities, type TestUser, expectError } from "../support/profile.ts";

let api: TestApi;
let moderator: TestUser;
let entities: { inn: string; nameFull: string }[];

/** A user with a company of their own (a draft). */
async function supplier(label: string, name: string): Promise<{ user: TestUser; companyId: number }> {
  const user = await createUser(api, label);
  const created = await user.post("/api/profile/company", { name: { ru: name, en: name }, country: "RU" });
  expect(created.status).toBe(201);
  return { user, companyId: created.body.data.id };
}

async function addInn(user: TestUser, entity: { inn: string; nameFull: string }) {
  return addLegalEntity(api, entity, user.token);
}

async function submit(user: TestUser) {
  return user.patch("/api/profile/company/status", { action: "submit" });
}

/** The reply without what differs between any two creations (ids, times, the names typed). */
function shapeOf(reply: { status: number; body: Record<string, unknown> }) {
  const data = reply.body.data as Record<string, unknown> | undefined;
  return { status: reply.status, error: reply.body.error, keys: data ? Object.keys(data).sort() : null };
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  entities = await freeRealEntities(api, 3, 60);
  expect(entities.length).toBe(3);
  moderator = await createUser(api, "inn-moderator", { role: "MODERATOR" });
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("a squatter's draft blocks nobody and learns nothing", () => {
  let squatter: { user: TestUser; companyId: number };
  let owner: { user: TestUser; companyId: number };

  test("the owner adds the INN a squatter's draft lists, and a held INN is answered like a free one", async () => {
    squatter = await supplier("inn-squatter", "Захватчик");
    const squatted = await addInn(squatter.user, entities[0]!);
    expect(squatted.status).toBe(201);

    owner = await supplier("inn-owner", "Настоящий владелец");
    const held = await addInn(owner.user, entities[0]!);
    // Was 409 inn_taken: the draft blocked the real owner.
    expect(held.status).toBe(201);
    expect(held.body.data.inn).toBe(entities[0]!.inn);

    const free = await addInn(owner.user, entities[1]!);
    expect(shapeOf(held)).toEqual(shapeOf(free));
    expect(shapeOf(held).error).toBeUndefined();

    // Changing an entity to a held INN is accepted too (no oracle through PATCH).
    const patched = await owner.user.patch(`/api/profile/company/legal-entities/${free.body.data.id}`, { inn: entities[2]!.inn });
    expect(patched.status).toBe(200);
    const back = await owner.user.patch(`/api/profile/company/legal-entities/${free.body.data.id}`, { inn: entities[1]!.inn });
    expect(back.status).toBe(200);

    // The same INN twice in one company is still refused.
    const twice = await addInn(owner.user, entities[0]!);
    expectError(twice, 409, "inn_exists");
  });

  test("both submit; the moderator sees each one's conflict, with the other company's name and status", async () => {
    expect((await submit(owner.user)).status).toBe(200);
    expect((await submit(squatter.user)).status).toBe(200);

    const queue = await moderator.get("/app/admin/moderation?kind=company&limit=100");
    expect(queue.status).toBe(200);
    const entry = (id: number) => queue.body.data.find((e: { id: number }) => e.id === id);
    expect(entry(owner.companyId)).toMatchObject({ innConflict: true });
    expect(entry(squatter.companyId)).toMatchObject({ innConflict: true });

    const item = await moderator.get(`/app/admin/moderation/company/${owner.companyId}?lang=en`);
    expect(item.status).toBe(200);
    expect(item.body.data.innConflicts).toEqual([
      { inn: entities[0]!.inn, companyId: squatter.companyId, name: { ru: "Захватчик", en: "Захватчик" }, status: "moderation" },
    ]);
  });

  test("the moderator approves the owner; the squatter's approval is refused with inn_conflict naming the owner", async () => {
    const approved = await moderator.post(`/app/admin/moderation/company/${owner.companyId}/approve`);
    expect(approved.status).toBe(200);

    const refused = await moderator.post(`/app/admin/moderation/company/${squatter.companyId}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "inn_conflict", details: { inn: entities[0]!.inn, companyId: owner.companyId } });
    const [row] = await api.db.select({ status: companies.status }).from(companies).where(eq(companies.id, squatter.companyId));
    expect(row!.status).toBe("moderation");

    const item = await moderator.get(`/app/admin/moderation/company/${squatter.companyId}?lang=en`);
    expect(item.body.data.innConflicts).toMatchObject([{ inn: entities[0]!.inn, companyId: owner.companyId, status: "published" }]);

    const rejected = await moderator.post(`/app/admin/moderation/company/${squatter.companyId}/reject`, {
      reason: "ИНН принадлежит другой компании",
      lang: "ru",
    });
    expect(rejected.status).toBe(200);
    // A rejected company holds nothing: the owner's item no longer shows a conflict.
    const ownerItem = await moderator.get(`/app/admin/moderation/company/${owner.companyId}?lang=en`);
    expect(ownerItem.body.data.innConflicts).toEqual([]);
  });

  test("unblocking a company back into publication is refused while another published company lists its INN", async () => {
    // The moderator blocks the published owner; the squatter resubmits and is approved meanwhile.
    const blocked = await moderator.post(`/app/admin/companies/${owner.companyId}/block`, { reason: "Проверка документов", lang: "ru" });
    expect(blocked.status).toBe(200);
    expect((await submit(squatter.user)).status).toBe(200);
    expect((await moderator.post(`/app/admin/moderation/company/${squatter.companyId}/approve`)).status).toBe(200);
    const unblock = await moderator.post(`/app/admin/companies/${owner.companyId}/unblock`);
    expect(unblock.status).toBe(409);
    expect(unblock.body.error).toMatchObject({ code: "inn_conflict", details: { inn: entities[0]!.inn, companyId: squatter.companyId } });
    const [row] = await api.db.select({ status: companies.status }).from(companies).where(eq(companies.id, owner.companyId));
    expect(row!.status).toBe("blocked");
    // Once the squatter is blocked in turn, the owner is published again.
    await moderator.post(`/app/admin/companies/${squatter.companyId}/block`, { reason: "Чужой ИНН", lang: "ru" });
    expect((await moderator.post(`/app/admin/companies/${owner.companyId}/unblock`)).status).toBe(200);
  });

  test("a published company cannot take another published company's INN without review", async () => {
    const other = await supplier("inn-other-published", "Другая опубликованная");
    expect((await addInn(other.user, entities[2]!)).status).toBe(201);
    await api.db.update(companies).set({ status: "published", publishedAt: new Date() }).where(eq(companies.id, other.companyId));
    const taken = await addInn(other.user, entities[0]!);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "inn_taken", issues: [{ path: "inn", message: "inn_taken" }] });
  });
});
