/**
 * The admin area through the API (issue 7), on PGlite and on PostgreSQL:
 * - every /app/admin/* operation of the contract (contract/admin/*) is in the staff-only OpenAPI
 *   document and refuses anonymous callers (401) and plain users (403 `forbidden`), and role management refuses moderators (403 `forbidden_role`);
 * - the moderation round trip: a supplier's company and product wait in the queue oldest first, the
 *   moderator sees the field-by-field diff (names, prices, images), rejects a product change with a
 *   reason in the supplier's language — the published version stays public, the supplier's profile
 *   shows the reason, the company's people get an e-mail in their language — the supplier fixes it,
 *   the moderator approves and the public product shows the new version;
 * - each admin action (and each CLI approval) leaves one audit row with actor, before and after;
 * - users (role, block, sign out everywhere), companies (verification, block), categories, service
 *   types, stories and tags, content pages;
 * - bad input is a 400 with the offending parameters, never a 500.
 * (Filters, facets and CSV: tests/api/admin-filters.test.ts.)
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runAdmin } from "#server/admin/cli.ts";
import { ADMIN_ROUTES } from "#contract/admin/index.ts";
import { seedRegions } from "#server/catalog/regions.ts";
import { adminAuditLog, categories, contentPages, refreshTokens, serviceTypes, stories, tags, users } from "#server/db/schema.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, jpegPhoto, multipart, pngPicture, type TestUser, expectError } from "../support/profile.ts";

let api: TestApi;
let adminUser: TestUser;
let moderator: TestUser;
let plain: TestUser;
let owner: TestUser;
let colleague: TestUser;
let companyId: number;
let productId: number;
const run = `${process.pid}${Date.now().toString(36)}`;
const created = { categories: [] as number[], serviceTypes: [] as number[], stories: [] as number[], tags: [] as number[] };

async function cli(...argv: string[]) {
  return runAdmin(argv, { db: api.db, storage: api.storage, out: () => {}, err: () => {} });
}

async function lastAudit(entityType: string, entityId: number | string) {
  const [row] = await api.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entityType, entityType), eq(adminAuditLog.entityId, String(entityId))))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await seedRegions(api.db);
  adminUser = await createUser(api, "site-admin", { role: "ADMIN" });
  moderator = await createUser(api, "moderator", { role: "MODERATOR" });
  plain = await createUser(api, "plain");
  owner = await createUser(api, "liaozhong-owner", { locale: "zh" });
  colleague = await createUser(api, "liaozhong-colleague", { locale: "en" });

  companyId = (
    await owner.ok("POST", "/api/profile/company", {
      name: {
        zh: `沈阳辽中鑫达机械有限公司 ${run}`,
        ru: `Шэньян Ляочжун Синьда Машинери ${run}`,
        en: `Shenyang Liaozhong Xinda Machinery ${run}`,
      },
      description: { zh: "农机配件生产。" },
      sourceLang: "zh",
      country: "CN",
      regionCode: "CN-21",
      city: { zh: "沈阳", en: "Shenyang", ru: "Шэньян" },
      address: {
        zh: "辽宁省沈阳市辽中区蒲东街道88号",
        en: "No. 88 Pudong Street, Liaozhong District, Shenyang",
        ru: "г. Шэньян, район Ляочжун, ул. Пудун, 88",
      },
    })
  ).id;
  // The colleague joins through an invitation (the e-mail goes to both people of the company).
  await owner.ok("POST", "/api/profile/company/employees", { email: colleague.email, role: "member" });
  const invitations = await colleague.ok<any[]>("GET", "/api/profile/invitations");
  expect(invitations.map((i) => i.company.id)).toContain(companyId);
  await colleague.ok("POST", `/api/profile/invitations/${invitations.find((i) => i.company.id === companyId)!.id}/accept`);

  productId = (
    await owner.ok("POST", "/api/profile/company/products", {
      name: { zh: "旋耕机刀片", ru: "Ножи почвофрезы", en: "Rotary tiller blades" },
      sourceLang: "zh",
      tnvedCode: "8432 29 100 0",
    })
  ).id;
  await owner.ok("PUT", `/api/profile/company/products/${productId}/prices`, {
    tiers: [{ minQuantity: 100, price: "12.50", currency: "CNY", unit: "pcs" }],
  });
  await owner.ok(
    "POST",
    `/api/profile/company/products/${productId}/files`,
    multipart(await jpegPhoto(120, 90), "blade.jpg", "image/jpeg"),
  );
  await owner.ok("PATCH", "/api/profile/company/status", { action: "submit" });
  await owner.ok("PATCH", `/api/profile/company/products/${productId}/status`, { action: "submit" });
});

afterAll(async () => {
  if (!api) return;
  for (const id of created.stories) await api.db.delete(stories).where(eq(stories.id, id));
  for (const id of created.tags) await api.db.delete(tags).where(eq(tags.id, id));
  for (const id of created.categories.reverse()) await api.db.delete(categories).where(eq(categories.id, id));
  for (const id of created.serviceTypes) await api.db.delete(serviceTypes).where(eq(serviceTypes.id, id));
  await api.db.delete(contentPages).where(sql`slug in ('talp', 'liaozhong')`);
  await cleanupProfileData(api);
  await api.close();
});

/** A path of the document with its placeholders filled. */
function concrete(path: string): string {
  return path.replace("{kind}", "product").replace("{id}", String(productId)).replace("{slug}", "talp");
}

describe("who may call the admin API", () => {
  const staffOperations = () => ADMIN_ROUTES.filter((op) => op.auth !== "public");

  test("the admin OpenAPI document lists every admin operation of the contract, in both spellings of legal entities", async () => {
    const doc = await moderator.get("/app/admin/openapi.json");
    expect(doc.status).toBe(200);
    const valid = await new Validator().validate(structuredClone(doc.body));
    expect(valid.errors ?? []).toEqual([]);
    for (const path of ["company", "user", "service", "product", "legal-entiries", "legal-entities", "employees"]) {
      expect(doc.body.paths[`/app/admin/filter/${path}`]?.get, path).toBeDefined();
    }
    for (const op of ADMIN_ROUTES) expect(doc.body.paths[op.path]?.[op.method.toLowerCase()], `${op.method} ${op.path}`).toBeDefined();
    expect(staffOperations().length).toBeGreaterThan(40);
    expect(ADMIN_ROUTES.every((op) => op.auth === "staff" || op.auth === "admin")).toBe(true);
    // The public document shows none of them.
    const pub = await api.getJson<any>("/api/openapi.json");
    expect(Object.keys(pub.body.paths).filter((path) => path.startsWith("/app/admin"))).toEqual([]);
    expect(pub.body.paths["/api/pages/{slug}"]?.get).toBeDefined();
  });

  test("anonymous callers get 401 and plain users 403 on every admin endpoint; unknown admin paths tell nothing", async () => {
    for (const op of staffOperations()) {
      const url = concrete(op.path);
      const anonymous = await call(api, op.method, url, op.body ? {} : undefined);
      expect(anonymous.status, `anonymous ${op.method} ${url}`).toBe(401);
      expect(anonymous.body.error.code).toBe("unauthorized");
      const user = await call(api, op.method, url, op.body ? {} : undefined, plain.token);
      expect(user.status, `USER ${op.method} ${url}`).toBe(403);
      expect(user.body.error.code).toBe("forbidden");
    }
    expect((await call(api, "GET", "/app/admin/no-such-thing")).status).toBe(401);
    const unknown = await plain.get("/app/admin/no-such-thing");
    expect(unknown.status).toBe(403);
    expect(JSON.stringify(unknown.body)).not.toMatch(/no-such-thing/);
  });

  test("moderators cannot change roles nor act on staff accounts; admins can", async () => {
    const role = await moderator.patch(`/app/admin/users/${plain.id}/role`, { role: "MODERATOR" });
    expectError(role, 403, "forbidden_role");
    const blockAdmin = await moderator.post(`/app/admin/users/${adminUser.id}/block`, { reason: "test" });
    expectError(blockAdmin, 403, "forbidden_role");
    expect((await moderator.post(`/app/admin/users/${adminUser.id}/sign-out`)).status).toBe(403);
    expect((await moderator.ok("GET", "/app/admin/me")).permissions).not.toContain("manageRoles");
    expect((await adminUser.ok("GET", "/app/admin/me")).permissions).toContain("manageRoles");
  });

  test("a role stored now counts, not the one in the token: a demoted moderator is refused at once", async () => {
    const temp = await createUser(api, "temp-moderator", { role: "MODERATOR" });
    expect((await temp.get("/app/admin/summary")).status).toBe(200);
    await adminUser.ok("PATCH", `/app/admin/users/${temp.id}/role`, { role: "USER" });
    expect((await temp.get("/app/admin/summary")).status).toBe(403);
    const audit = await lastAudit("user", temp.id);
    expect(audit).toMatchObject({
      action: "user.role",
      actorUserId: adminUser.id,
      actorLabel: adminUser.email,
      actorRole: "ADMIN",
      before: { role: "MODERATOR" },
      after: { role: "USER" },
    });
  });

  test("bad parameters are a 400 naming them, never a 500", async () => {
    const bad = await moderator.get("/app/admin/filter/company?page=0&limit=9999&sort=drop%20table&status=nope&createdFrom=yesterday");
    expectError(bad, 400, "invalid_query");
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["createdFrom", "limit", "page", "sort", "status.0"]);
    expect((await moderator.get("/app/admin/audit?action=drop&from=2020-13")).status).toBe(400);
    expect((await moderator.post(`/app/admin/moderation/product/${productId}/reject`, "{not json")).status).toBe(400);
    expect((await moderator.get("/app/admin/moderation/user/1")).status).toBe(404);
    expect((await moderator.get("/app/admin/users/abc")).status).toBe(404);
  });
});

describe("the moderation round trip", () => {
  test("the queue lists the company and the product, oldest first, with the supplier's language", async () => {
    const queue = await moderator.get("/app/admin/moderation?limit=100");
    expect(queue.status).toBe(200);
    const mine = queue.body.data.filter((e: { companyId: number }) => e.companyId === companyId);
    expect(mine.map((e: { kind: string; id: number }) => `${e.kind}:${e.id}`)).toEqual([`company:${companyId}`, `product:${productId}`]);
    expect(mine[0]).toMatchObject({ sourceLang: "zh", changesOnly: false, resubmission: false });
    const times = queue.body.data.map((e: { waitingSince: string }) => e.waitingSince);
    expect([...times].sort()).toEqual(times);
    expect(queue.body.meta.counts.company).toBeGreaterThanOrEqual(1);
    const products = await moderator.get("/app/admin/moderation?kind=product&limit=100");
    expect(products.body.data.every((e: { kind: string }) => e.kind === "product")).toBe(true);
    // Found by the product's or the supplier's name in any language.
    const found = await moderator.get(`/app/admin/moderation?q=${encodeURIComponent(`Xinda Machinery ${run}`)}`);
    expect(found.body.data.map((e: { kind: string }) => e.kind).sort()).toEqual(["company", "product"]);
    expect(found.body.meta.total).toBe(2);
    const byName = await moderator.get(`/app/admin/moderation?kind=product&q=${encodeURIComponent("旋耕机刀片")}`);
    expect(byName.body.data.some((e: { id: number }) => e.id === productId)).toBe(true);
  });

  test("a first submission's diff shows every field as new", async () => {
    const item = await moderator.ok("GET", `/app/admin/moderation/company/${companyId}?lang=en`);
    expect(item.awaiting).toBe(true);
    expect(item.before).toBeNull();
    expect(item.company).toMatchObject({ sourceLang: "zh", peopleLangs: expect.arrayContaining(["zh", "en"]) });
    const name = item.diff.find((f: { field: string }) => f.field === "name.zh");
    expect(name).toMatchObject({ kind: "text", changed: true, before: null, after: `沈阳辽中鑫达机械有限公司 ${run}` });
    expect(item.diff.find((f: { field: string }) => f.field === "region").after).toBe("Liaoning Province");
  });

  test("approving publishes the company and the product; the audit log records the moderator", async () => {
    const company = await moderator.ok("POST", `/app/admin/moderation/company/${companyId}/approve`);
    expect(company).toMatchObject({ decision: "approved", status: "published", mailed: 2 });
    const product = await moderator.ok("POST", `/app/admin/moderation/product/${productId}/approve`);
    expect(product).toMatchObject({ decision: "approved", status: "published" });
    expect((await api.getJson<any>(`/api/products/${productId}?lang=en`)).body.data.name.text).toBe("Rotary tiller blades");
    expect(await lastAudit("company", companyId)).toMatchObject({
      action: "company.approve",
      actorUserId: moderator.id,
      actorRole: "MODERATOR",
      before: { status: "moderation" },
      after: { status: "published" },
    });
    expect(await lastAudit("product", productId)).toMatchObject({ action: "product.approve", actorUserId: moderator.id });
    const again = await moderator.post(`/app/admin/moderation/product/${productId}/approve`);
    expectError(again, 409, "nothing_to_approve");
    // The company's two people were told, each in their own language.
    const last = (to: string) => api.mail.filter((m) => m.to === to).at(-1);
    expect(last(owner.email)?.subject).toMatch(/^“旋耕机刀片”已在 Postavka 发布$/);
    expect(last(colleague.email)?.subject).toBe("“Rotary tiller blades” is published on Postavka");
    expect(api.mail.filter((m) => m.to === colleague.email && /Liaozhong.*is published/.test(m.subject))).toHaveLength(1);
  });

  test("a change of the published product: the diff shows old and new name, prices and pictures", async () => {
    await owner.ok("PATCH", `/api/profile/company/products/${productId}`, {
      name: { zh: "旋耕机刀片（加强型）", ru: "Ножи почвофрезы усиленные", en: "Heavy-duty rotary tiller blades" },
    });
    await owner.ok("PUT", `/api/profile/company/products/${productId}/prices`, {
      tiers: [
        { minQuantity: 100, price: "11.90", currency: "CNY", unit: "pcs" },
        { minQuantity: 1000, price: "10.50", currency: "CNY", unit: "pcs" },
      ],
    });
    await owner.ok(
      "POST",
      `/api/profile/company/products/${productId}/files`,
      multipart(await pngPicture(80, 80), "blade-2.png", "image/png"),
    );

    const item = await moderator.ok("GET", `/app/admin/moderation/product/${productId}?lang=ru`);
    expect(item.entry).toMatchObject({ changesOnly: true, status: "published" });
    expect(item.entry.parts.sort()).toEqual(["card", "files", "prices"]);
    const field = (name: string) => item.diff.find((f: { field: string }) => f.field === name);
    expect(field("name.en")).toMatchObject({ changed: true, before: "Rotary tiller blades", after: "Heavy-duty rotary tiller blades" });
    expect(field("tnved")).toMatchObject({ changed: false });
    // A card edit that leaves the language out keeps it (the PATCH used to reset it to Russian).
    expect(field("sourceLang")).toMatchObject({ changed: false, after: "zh" });
    expect(field("tnved").after).toMatch(/^8432291000 — /);
    expect(field("prices").changed).toBe(true);
    // Amounts read the same on both sides whatever was typed ("12.50" is stored as 12.5): in ru, "12,50".
    expect(field("prices").before).toEqual([{ text: "≥ 100 шт.: 12,50 CNY", status: "removed" }]);
    expect(field("prices").after).toEqual([
      { text: "≥ 100 шт.: 11,90 CNY", status: "added" },
      { text: "≥ 1000 шт.: 10,50 CNY", status: "added" },
    ]);
    const images = field("images");
    expect(images.before).toHaveLength(1);
    expect(images.after).toHaveLength(2);
    expect(images.after.map((f: { status: string }) => f.status)).toEqual(["same", "added"]);
    expect(images.after[1].thumbUrl).toMatch(/^\/media\/.*-thumb\.webp$/);
    expect(item.awaiting).toBe(true);
  });

  test("rejecting it with a reason in Chinese keeps the published version; the supplier sees the reason", async () => {
    const empty = await moderator.post(`/app/admin/moderation/product/${productId}/reject`, { reason: "  ", lang: "zh" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues).toContainEqual({ path: "reason", message: "required" });
    const before = api.mail.length;
    const rejected = await moderator.ok("POST", `/app/admin/moderation/product/${productId}/reject`, {
      reason: "请在名称中注明刀片材质。",
      lang: "zh",
    });
    expect(rejected).toMatchObject({ decision: "rejected", status: "published", changesOnly: true, reasonLang: "zh", mailed: 2 });
    const view = await owner.ok("GET", `/api/profile/company/products/${productId}`);
    expect(view).toMatchObject({
      status: "published",
      moderationNote: "请在名称中注明刀片材质。",
      moderationNoteLang: "zh",
      pending: { state: "rejected" },
    });
    expect((await api.getJson<any>(`/api/products/${productId}?lang=en`)).body.data.name.text).toBe("Rotary tiller blades");
    const mail = api.mail.slice(before).find((m) => m.to === colleague.email)!;
    expect(mail.text).toContain("请在名称中注明刀片材质。");
    expect(mail.text).toContain(`https://postavka.test/en/profile/product/${productId}`);
    // Sent back to the supplier: not in the queue until resubmitted.
    const queue = await moderator.ok<any[]>("GET", "/app/admin/moderation?kind=product&limit=100");
    expect(queue.some((e) => e.id === productId)).toBe(false);
    expect(await lastAudit("product", productId)).toMatchObject({
      action: "product.reject",
      after: { moderationNote: "请在名称中注明刀片材质。", moderationNoteLang: "zh" },
    });
  });

  test("the supplier fixes and resubmits; approval publishes the new version", async () => {
    await owner.ok("PATCH", `/api/profile/company/products/${productId}`, {
      name: { zh: "旋耕机刀片（65锰钢）", ru: "Ножи почвофрезы из стали 65Г", en: "Rotary tiller blades, 65Mn steel" },
    });
    await owner.ok("PATCH", `/api/profile/company/products/${productId}/status`, { action: "submit" });
    const queue = await moderator.ok<any[]>("GET", "/app/admin/moderation?kind=product&limit=100");
    expect(queue.find((e) => e.id === productId)).toMatchObject({ changesOnly: true });
    await moderator.ok("POST", `/app/admin/moderation/product/${productId}/approve`);
    const page = await api.getJson<any>(`/api/products/${productId}?lang=en`);
    expect(page.body.data.name.text).toBe("Rotary tiller blades, 65Mn steel");
    expect(page.body.data.prices).toHaveLength(2);
    expect(page.body.data.images).toHaveLength(2);
    const view = await owner.ok("GET", `/api/profile/company/products/${productId}`);
    expect(view).toMatchObject({ moderationNote: null, pending: null });
    // Not waiting any more; its page still answers, diffed against the approved version: nothing changed.
    const item = await moderator.ok("GET", `/app/admin/moderation/product/${productId}`);
    expect(item.awaiting).toBe(false);
    expect(item.diff.every((f: { changed: boolean }) => !f.changed)).toBe(true);
    expect(item.history.map((h: { action: string }) => h.action).slice(0, 3)).toEqual([
      "product.approve",
      "product.reject",
      "product.approve",
    ]);
  });

  test("CLI decisions and role grants are recorded with the actor cli; grant takes the role as a word or --role", async () => {
    const target = await createUser(api, "cli-target");
    expect(await cli("grant", target.email, "moderator")).toBe(0);
    expect(await lastAudit("user", target.id)).toMatchObject({
      action: "user.role",
      actorUserId: null,
      actorLabel: "cli",
      actorRole: "CLI",
      after: { role: "MODERATOR" },
    });
    expect(await cli("grant", target.email, "--role", "USER")).toBe(0);
    expect((await api.db.select({ role: users.role }).from(users).where(eq(users.id, target.id)))[0]!.role).toBe("USER");
    expect(await cli("grant", target.email, "ADMIN", "--role", "USER")).toBe(64);
    expect(await cli("grant", target.email, "KING")).toBe(64);

    await owner.ok("PUT", `/api/profile/company/products/${productId}/facts`, {
      facts: [{ key: { ru: "Твёрдость" }, value: { ru: "HRC 45" } }],
    });
    expect(await cli("reject", "product", String(productId), "--reason", "Укажите метод измерения", "--lang", "ru")).toBe(0);
    expect(await lastAudit("product", productId)).toMatchObject({
      action: "product.reject",
      actorLabel: "cli",
      after: { moderationNoteLang: "ru" },
    });
  });
});

describe("managing users", () => {
  test("blocking ends every session at once and refuses the API; unblocking restores it", async () => {
    const victim = await createUser(api, "spammer");
    await api.db.insert(refreshTokens).values([
      { userId: victim.id, familyId: `f1-${run}`, tokenHash: `h1-${run}`, expiresAt: new Date(Date.now() + 86_400_000) },
      { userId: victim.id, familyId: `f2-${run}`, tokenHash: `h2-${run}`, expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    expect((await moderator.ok("GET", `/app/admin/users/${victim.id}`)).activeSessions).toBe(2);
    expect((await victim.get("/api/profile/favourites")).status).toBe(200);
    const noReason = await moderator.post(`/app/admin/users/${victim.id}/block`, { reason: "" });
    expect(noReason.status).toBe(400);
    const blocked = await moderator.ok("POST", `/app/admin/users/${victim.id}/block`, { reason: "Рассылка спама" });
    expect(blocked).toMatchObject({ blockReason: "Рассылка спама", activeSessions: 0 });
    expect(blocked.blockedAt).not.toBeNull();
    expect((await victim.get("/api/profile/favourites")).status).toBe(401);
    expect(await lastAudit("user", victim.id)).toMatchObject({
      action: "user.block",
      after: { blockReason: "Рассылка спама", sessionsEnded: 2 },
    });
    expect((await moderator.post(`/app/admin/users/${victim.id}/block`, { reason: "again" })).body.error.code).toBe("already_blocked");
    await moderator.ok("POST", `/app/admin/users/${victim.id}/unblock`);
    // Blocking ended every session: the old access token stays dead, and the person signs in anew.
    expect((await victim.get("/api/profile/favourites")).status).toBe(401);
    const [row] = await api.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, victim.id));
    const fresh = await signAccessToken(
      api.auth.keys,
      { userId: victim.id, role: "USER", sessionVersion: row!.sessionVersion },
      new Date(),
    );
    expect((await call(api, "GET", "/api/profile/favourites", undefined, fresh)).status).toBe(200);
  });

  test("sign out everywhere revokes every refresh-token family", async () => {
    const person = await createUser(api, "traveller");
    await api.db.insert(refreshTokens).values([
      { userId: person.id, familyId: `g1-${run}`, tokenHash: `k1-${run}`, expiresAt: new Date(Date.now() + 86_400_000) },
      { userId: person.id, familyId: `g2-${run}`, tokenHash: `k2-${run}`, expiresAt: new Date(Date.now() + 86_400_000) },
      { userId: person.id, familyId: `g3-${run}`, tokenHash: `k3-${run}`, expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    const result = await moderator.ok("POST", `/app/admin/users/${person.id}/sign-out`);
    expect(result).toMatchObject({ sessionsEnded: 3, activeSessions: 0 });
    const rows = await api.db.select().from(refreshTokens).where(eq(refreshTokens.userId, person.id));
    expect(rows.every((r) => r.revokedAt !== null && r.revokeReason === "admin_sign_out")).toBe(true);
    expect(await lastAudit("user", person.id)).toMatchObject({
      action: "user.sign_out",
      actorUserId: moderator.id,
      after: { sessionsEnded: 3 },
    });
  });

  test("nobody changes their own account here, and the last admin stays an admin", async () => {
    expect((await adminUser.patch(`/app/admin/users/${adminUser.id}/role`, { role: "USER" })).body.error.code).toBe("own_account");
    expect((await moderator.post(`/app/admin/users/${moderator.id}/block`, { reason: "x" })).body.error.code).toBe("own_account");
    const bad = await adminUser.patch(`/app/admin/users/${plain.id}/role`, { role: "ROOT" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual([{ path: "role", message: "invalid_option" }]);
  });
});

describe("managing companies", () => {
  test("verification needs evidence and a date; level 0 clears them", async () => {
    const missing = await moderator.put(`/app/admin/companies/${companyId}/verification`, { level: 2 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "evidence", message: "evidence_required" },
        { path: "verifiedAt", message: "date_required" },
      ]),
    );
    const future = await moderator.put(`/app/admin/companies/${companyId}/verification`, {
      level: 1,
      evidence: { ru: "x" },
      verifiedAt: "2999-01-01",
    });
    expect(future.body.error.issues).toEqual([{ path: "verifiedAt", message: "date_future" }]);
    const set = await moderator.ok("PUT", `/app/admin/companies/${companyId}/verification`, {
      level: 2,
      evidence: { ru: "Выписка из реестра и выезд на площадку в Ляочжуне", zh: "营业执照核验及实地考察" },
      verifiedAt: "2026-11-02",
    });
    expect(set).toMatchObject({
      verificationLevel: 2,
      verifiedAt: "2026-11-02T00:00:00.000Z",
      verificationEvidence: { zh: "营业执照核验及实地考察" },
    });
    expect((await api.getJson<any>(`/api/companies/${companyId}`)).body.data.verificationLevel).toBe(2);
    expect(await lastAudit("company", companyId)).toMatchObject({
      action: "company.verify",
      before: { verificationLevel: 0 },
      after: { verificationLevel: 2 },
    });
  });

  test("blocking hides the company from visitors and freezes it; unblocking restores the status", async () => {
    await moderator.ok("POST", `/app/admin/companies/${companyId}/block`, { reason: "Жалобы покупателей", lang: "ru" });
    expect((await api.getJson(`/api/companies/${companyId}`)).status).toBe(404);
    const frozen = await owner.patch("/api/profile/company", { website: "https://xinda.example" });
    expect(frozen.body.error.code).toBe("company_blocked");
    const card = await owner.ok("GET", "/api/profile/company");
    expect(card).toMatchObject({ status: "blocked", moderationNote: "Жалобы покупателей", moderationNoteLang: "ru" });
    const unblocked = await moderator.ok("POST", `/app/admin/companies/${companyId}/unblock`);
    expect(unblocked).toMatchObject({ status: "published", moderationNote: null });
    expect((await api.getJson(`/api/companies/${companyId}`)).status).toBe(200);
    expect((await moderator.post(`/app/admin/companies/${companyId}/unblock`)).body.error.code).toBe("not_blocked");
  });
});

describe("catalogue, press centre and content pages", () => {
  test("categories: create, a cycle refused, slug unique, delete only when unused", async () => {
    const parent = await moderator.ok("POST", "/app/admin/categories", {
      slug: `agri-${run}`,
      name: { ru: "Сельхозтехника", en: "Farm machinery", zh: "农业机械" },
      icon: "tag",
      position: 5,
      tnvedHeadings: "8432, 8433",
    });
    created.categories.push(parent.id);
    expect(parent).toMatchObject({ tnvedHeadings: ["8432", "8433"], productCount: 0 });
    const child = await moderator.ok("POST", "/app/admin/categories", {
      slug: `agri-parts-${run}`,
      name: { ru: "Запчасти" },
      parentId: parent.id,
    });
    created.categories.push(child.id);
    const cycle = await moderator.put(`/app/admin/categories/${parent.id}`, {
      slug: `agri-${run}`,
      name: { ru: "Сельхозтехника" },
      parentId: child.id,
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.issues).toEqual([{ path: "parentId", message: "invalid_option" }]);
    const taken = await moderator.post("/app/admin/categories", { slug: `agri-${run}`, name: { ru: "Дубль" } });
    expect(taken.status).toBe(409);
    const noRu = await moderator.post("/app/admin/categories", { slug: `x-${run}`, name: { en: "Only English" } });
    expect(noRu.body.error.issues).toContainEqual({ path: "name.ru", message: "required" });
    expect((await moderator.delete(`/app/admin/categories/${parent.id}`)).body.error.code).toBe("in_use");
    await moderator.ok("DELETE", `/app/admin/categories/${child.id}`);
    expect(await lastAudit("category", child.id)).toMatchObject({
      action: "category.delete",
      before: { slug: `agri-parts-${run}` },
      after: null,
    });
    const renamed = await moderator.ok("PUT", `/app/admin/categories/${parent.id}`, {
      slug: `agri-${run}`,
      name: { ru: "Сельскохозяйственная техника", en: "Farm machinery" },
      position: 7,
    });
    expect(renamed).toMatchObject({ position: 7, name: { ru: "Сельскохозяйственная техника" } });
    expect(await lastAudit("category", parent.id)).toMatchObject({
      action: "category.update",
      before: { name: { ru: "Сельхозтехника" } },
      after: { position: 7 },
    });
  });

  test("service types", async () => {
    const type = await moderator.ok("POST", "/app/admin/service-types", {
      slug: `inspection-${run}`,
      name: { ru: "Инспекция груза", zh: "验货" },
      description: { ru: "Проверка партии перед отгрузкой" },
      position: 3,
    });
    created.serviceTypes.push(type.id);
    expect(type).toMatchObject({ offerCount: 0, position: 3 });
    await moderator.ok("PUT", `/app/admin/service-types/${type.id}`, {
      slug: `inspection-${run}`,
      name: { ru: "Инспекция груза", en: "Pre-shipment inspection", zh: "验货" },
      position: 1,
    });
    expect((await moderator.ok("GET", `/app/admin/service-types/${type.id}`)).name.en).toBe("Pre-shipment inspection");
    expect(await lastAudit("service_type", type.id)).toMatchObject({ action: "service_type.update" });
  });

  test("stories: a draft with tags, published with a cover; visitors see it only once published", async () => {
    const tag = await moderator.ok("POST", "/app/admin/tags", {
      slug: `liaoning-${run}`,
      name: { ru: "Ляонин", en: "Liaoning", zh: "辽宁" },
    });
    created.tags.push(tag.id);
    const story = await moderator.ok("POST", "/app/admin/stories", {
      slug: `liaozhong-fair-${run}`,
      title: { ru: "Ярмарка в Ляочжуне", en: "Liaozhong fair" },
      lead: { ru: "Итоги ярмарки" },
      body: { ru: "## Итоги\n\n**120** участников." },
      sourceLang: "ru",
      status: "draft",
      tagIds: [tag.id],
    });
    created.stories.push(story.id);
    expect(story).toMatchObject({ status: "draft", publishedAt: null, tagIds: [tag.id] });
    expect((await api.getJson(`/api/stories/${story.id}`)).status).toBe(404);
    const badTag = await moderator.put(`/app/admin/stories/${story.id}`, {
      slug: `liaozhong-fair-${run}`,
      title: { ru: "Ярмарка" },
      tagIds: [2_000_000_000],
    });
    expect(badTag.body.error.issues).toEqual([{ path: "tagIds", message: "invalid_option" }]);
    const cover = await moderator.put(
      `/app/admin/stories/${story.id}/cover`,
      multipart(await jpegPhoto(400, 200), "fair.jpg", "image/jpeg"),
    );
    expect(cover.status).toBe(200);
    expect(cover.body.data.cover).toMatchObject({ mime: "image/webp", width: 400 });
    const published = await moderator.ok("PUT", `/app/admin/stories/${story.id}`, {
      slug: `liaozhong-fair-${run}`,
      title: { ru: "Ярмарка в Ляочжуне", en: "Liaozhong fair" },
      body: { ru: "## Итоги" },
      status: "published",
      tagIds: [tag.id],
    });
    expect(published.publishedAt).not.toBeNull();
    const visible = await api.getJson<any>(`/api/stories/${story.id}?lang=en`);
    expect(visible.status).toBe(200);
    expect(visible.body.data).toMatchObject({ title: { text: "Liaozhong fair" }, tags: [{ slug: `liaoning-${run}` }] });
    expect(visible.body.data.cover.url).toBe(cover.body.data.cover.url);
    expect((await moderator.ok("GET", `/app/admin/stories/${story.id}`)).history.map((h: { action: string }) => h.action)).toEqual([
      "story.update",
      "story.cover",
      "story.create",
    ]);
    const scheduled = await moderator.ok("PUT", `/app/admin/stories/${story.id}`, {
      slug: `liaozhong-fair-${run}`,
      title: { ru: "Ярмарка" },
      status: "published",
      publishedAt: "2999-01-01T09:00",
      tagIds: [],
    });
    expect(scheduled.publishedAt).toBe("2999-01-01T09:00:00.000Z");
    expect((await api.getJson(`/api/stories/${story.id}`)).status).toBe(404);
  });

  test("content pages: talp shows its title until written; liaozhong lists the district's suppliers", async () => {
    await api.db.delete(contentPages).where(sql`slug in ('talp', 'liaozhong')`);
    const talp = await api.getJson<any>("/api/pages/talp?lang=en");
    expect(talp.status).toBe(200);
    expect(talp.body.data).toMatchObject({ slug: "talp", kind: "page", body: null });
    expect(talp.body.data.title.text).toMatch(/TALP/);
    const region = await api.getJson<any>("/api/pages/liaozhong?lang=zh");
    expect(region.body.data.region).toMatchObject({ code: "CN-21" });
    expect(region.body.data.suppliers.items.some((s: { id: number }) => s.id === companyId)).toBe(true);
    expect((await api.getJson("/api/pages/nonexistent")).status).toBe(404);

    const noLocalities = await moderator.put("/app/admin/pages/liaozhong", {
      title: { ru: "Ляочжун" },
      regionCode: "CN-21",
      localities: " , ",
    });
    expect(noLocalities.body.error.issues).toEqual([{ path: "localities", message: "localities_required" }]);
    await moderator.ok("PUT", "/app/admin/pages/talp", {
      title: { ru: "TALP", en: "TALP" },
      body: { en: "# Welcome\n\nText by an admin." },
      sourceLang: "en",
    });
    const written = await api.getJson<any>("/api/pages/talp?lang=en");
    expect(written.body.data.body).toEqual({ text: "# Welcome\n\nText by an admin.", lang: "en" });
    expect(await lastAudit("page", "talp")).toMatchObject({ action: "page.update", before: null, after: { sourceLang: "en" } });
  });

  test("the audit log pages and filters by actor, entity, action and dates", async () => {
    const byModerator = await adminUser.get(`/app/admin/audit?actor=${encodeURIComponent(moderator.email)}&limit=200`);
    expect(byModerator.status).toBe(200);
    expect(byModerator.body.data.length).toBeGreaterThan(10);
    expect(byModerator.body.data.every((r: { actorLabel: string }) => r.actorLabel === moderator.email)).toBe(true);
    const rejects = await adminUser.get(`/app/admin/audit?action=product.reject&entityType=product&entityId=${productId}`);
    expect(rejects.body.data.map((r: { actorLabel: string }) => r.actorLabel)).toEqual(["cli", moderator.email]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await adminUser.get(`/app/admin/audit?from=${today}&to=${today}&limit=1&page=2`);
    expect(dated.body.meta).toMatchObject({ page: 2, perPage: 1 });
    expect(dated.body.meta.total).toBeGreaterThan(20);
    const none = await adminUser.get("/app/admin/audit?from=2000-01-01&to=2000-01-02");
    expect(none.body.data).toEqual([]);
  });
});
