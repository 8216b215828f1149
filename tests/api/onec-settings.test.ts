/**
 * The 1C exchange's settings page API (contract/onec.ts; issue 29 §2, ADR 054), on PGlite and
 * PostgreSQL: after the real izh sample (../shared/data/commerceml, PROVENANCE.md) went through the
 * exchange with the scripted 1C client, `GET /api/profile/exchange-1c` shows what 1C sent (the price
 * type «Розничная», the 15 groups, the warehouse), the exchange's address, the company's keys and
 * the two imports; `PUT` chooses the price type and maps a group, and the next exchange files the
 * group's products under the mapped category; ids that do not exist are a 400 naming the field; a
 * plain member is refused, and another company neither sees nor can map this company's groups.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categories, products } from "#server/db/schema.ts";
import type { OnecSettingsView } from "#contract/onec.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import {
  cleanupProfileData,
  createSupplier,
  createUser,
  expectError,
  issuesByPath,
  type Supplier,
  type TestUser,
} from "../support/profile.ts";
import { OneCClient } from "../support/onec-client.ts";

const DATA = path.resolve(import.meta.dirname, "../../../shared/data/commerceml");
const file = (name: string) => readFileSync(path.join(DATA, name));
const URL = "/api/profile/exchange-1c";
const RETAIL = "Розничная";
const SWEETS = "cbcf4967-55bc-11d9-848a-00112f43529a"; // «Кондитерские изделия»

let api: TestApi;
let owner: Supplier;
let member: TestUser;
let other: Supplier;
let secret: string;
let categoryId: number;
const CATEGORY_SLUG = "test-onec-settings-sweets";

async function exchange(): Promise<void> {
  const c = new OneCClient(api.app, { key: secret, type: "catalog", onPoll: () => api.jobs.runDue("onec-import") });
  const results = await c.exchangeCatalog([
    { name: "import0_1.xml", bytes: file("izh_import0_1.xml") },
    { name: "offers0_1.xml", bytes: file("izh_offers0_1.xml") },
  ]);
  for (const [name, answer] of Object.entries(results)) expect(answer.lines[0], `${name}: ${answer.lines.join(" | ")}`).toBe("success");
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  owner = await createSupplier(api, "onec-settings-owner", { name: { ru: "Ижевский склад" }, country: "RU" });
  other = await createSupplier(api, "onec-settings-other", { name: { ru: "Другая компания" }, country: "RU" });
  await api.db.delete(categories).where(eq(categories.slug, CATEGORY_SLUG));
  const [category] = await api.db
    .insert(categories)
    .values({ slug: CATEGORY_SLUG, name: { ru: "Сладости (тест)", en: "Sweets (test)" }, sourceLang: "ru" })
    .returning({ id: categories.id });
  categoryId = category!.id;
  member = await createUser(api, "onec-settings-member");
  expect((await owner.post("/api/profile/company/employees", { email: member.email, role: "member" })).status).toBe(201);
  const invitations = await member.get("/api/profile/invitations");
  expect((await member.post(`/api/profile/invitations/${invitations.body.data[0].id}/accept`)).status).toBe(200);
  const created = await owner.post("/api/profile/company/api-keys", { name: "1С Бухгалтерия", scopes: ["products:write", "orders"] });
  expect(created.status).toBe(201);
  secret = created.body.data.secret;
  await owner.post("/api/profile/company/api-keys", { name: "Только заказы", scopes: ["orders"] });
  await exchange();
}, 180_000);

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.db.delete(categories).where(eq(categories.slug, CATEGORY_SLUG));
    await api.close();
  }
});

describe("the 1C exchange's settings", () => {
  test("GET shows the exchange's address, the keys, what 1C sent and the last imports", async () => {
    const reply = await owner.get<{ data: OnecSettingsView }>(URL);
    expect(reply.status).toBe(200);
    const view = reply.body.data;
    expect(view.exchangeUrl).toMatch(/^https?:\/\/[^/]+\/api\/1c\/exchange$/);
    expect(view.bitrixUrl).toMatch(/\/bitrix\/admin\/1c_exchange\.php$/);
    expect(view.keys.map((k) => [k.name, k.catalog, k.orders]).sort()).toEqual([
      ["1С Бухгалтерия", true, true],
      ["Только заказы", false, true],
    ]);
    expect(JSON.stringify(view.keys)).not.toContain(secret);
    expect(view.priceTypes.map((p) => p.name)).toEqual([RETAIL]);
    expect(view.groups).toHaveLength(15);
    expect(view.groups.find((g) => g.id === SWEETS)).toMatchObject({ name: "Кондитерские изделия" });
    expect(view.warehouses.length).toBeGreaterThan(0);
    expect(view.priceTypeId).toBeNull();
    expect(view.groupCategories).toEqual({});
    // Newest first: the offers, then the catalogue; both done, with their counts.
    expect(view.imports.map((i) => [i.fileName, i.state])).toEqual([
      ["offers0_1.xml", "done"],
      ["import0_1.xml", "done"],
    ]);
    expect(view.imports[1]!.report).toMatchObject({ products: 228, created: 228 });
    expect(view.imports[1]!.failure).toBeNull();
  });

  test("PUT chooses the price type and maps a group; the next exchange files the group's products under the category", async () => {
    const retail = (await owner.get<{ data: OnecSettingsView }>(URL)).body.data.priceTypes[0]!;
    const barberry = (await api.db.select().from(products).where(eq(products.companyId, owner.companyId))).find(
      (p) => p.name.ru === "Барбарис (конфеты)",
    )!;
    expect(barberry.categoryId).not.toBe(categoryId);
    const target = { id: categoryId };
    const reply = await owner.put<{ data: OnecSettingsView }>(URL, { priceTypeId: retail.id, groupCategories: { [SWEETS]: target!.id } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.priceTypeId).toBe(retail.id);
    expect(reply.body.data.groupCategories).toEqual({ [SWEETS]: target!.id });
    // Stored: a fresh GET says the same.
    expect((await owner.get<{ data: OnecSettingsView }>(URL)).body.data.groupCategories).toEqual({ [SWEETS]: target!.id });

    await exchange();
    const [after] = await api.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.companyId, owner.companyId), eq(products.id, barberry.id)));
    expect(after!.categoryId).toBe(target!.id);
    expect((await owner.get<{ data: OnecSettingsView }>(URL)).body.data.imports).toHaveLength(4);
  });

  test("a price type, group or category that does not exist is a 400 naming the field; nothing changes", async () => {
    const before = (await owner.get<{ data: OnecSettingsView }>(URL)).body.data;
    const badType = await owner.put(URL, { priceTypeId: "no-such-type", groupCategories: {} });
    expectError(badType, 400, "invalid_body");
    expect(issuesByPath(badType)).toEqual({ priceTypeId: "invalid_option" });
    const badGroup = await owner.put(URL, { priceTypeId: null, groupCategories: { "no-such-group": 1 } });
    expectError(badGroup, 400, "invalid_body");
    expect(issuesByPath(badGroup)).toEqual({ "groupCategories.no-such-group": "invalid_option" });
    const badCategory = await owner.put(URL, { priceTypeId: null, groupCategories: { [SWEETS]: 2_000_000_000 } });
    expectError(badCategory, 400, "invalid_body");
    expect(issuesByPath(badCategory)).toEqual({ [`groupCategories.${SWEETS}`]: "invalid_option" });
    expectError(await owner.put(URL, { priceTypeId: 5, groupCategories: [] }), 400, "invalid_body");
    const after = (await owner.get<{ data: OnecSettingsView }>(URL)).body.data;
    expect([after.priceTypeId, after.groupCategories]).toEqual([before.priceTypeId, before.groupCategories]);
  });

  test("a plain member is refused; another company sees only its own (empty) settings and cannot map these groups", async () => {
    expectError(await member.get(URL), 403, "forbidden_role");
    expectError(await member.put(URL, { priceTypeId: null, groupCategories: {} }), 403, "forbidden_role");
    const theirs = await other.get<{ data: OnecSettingsView }>(URL);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ priceTypes: [], groups: [], imports: [], keys: [], groupCategories: {} });
    const refused = await other.put(URL, { priceTypeId: null, groupCategories: { [SWEETS]: categoryId } });
    expectError(refused, 400, "invalid_body");
    expect((await owner.get<{ data: OnecSettingsView }>(URL)).body.data.groupCategories).toHaveProperty(SWEETS);
  });
});
