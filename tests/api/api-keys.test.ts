/**
 * API keys (issue 29 §1; ADR 052), on PGlite and PostgreSQL: a company's owner creates, lists and
 * revokes keys, a person their own; the secret is answered once and stored only as a hash; a key
 * authenticates as a bearer token and as the password of HTTP Basic, acting as its creator within
 * its scopes (403 `insufficient_scope` naming the scope; 403 `api_key_not_accepted` on operations
 * that name none: the profile's settings, key management, the admin area); a revoked, expired,
 * unknown or wrong-address key is a 401 with the error envelope; each key has its own per-minute
 * limit; every write made with a key is in the company's audit trail with the key's id and name; a
 * key of company A cannot reach company B's products (404).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiKeys, companyAuditLog, companyMembers, products } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createSupplier, createUser, expectError, type Supplier, type TestUser } from "../support/profile.ts";

let api: TestApi;
let owner: Supplier;
let other: Supplier;
let member: TestUser;
let buyer: TestUser;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A call made with an API key as a bearer token (and, optionally, from address `ip`). */
function withKey(method: string, url: string, key: string, body?: unknown, ip?: string) {
  return call(api, method, url, body, key, ip ? { "x-client-ip": ip } : {});
}

/** The same call with the key as the password of HTTP Basic (1C's `checkauth`). */
function withBasic(method: string, url: string, key: string, body?: unknown) {
  const headers = { authorization: `Basic ${Buffer.from(`1c-exchange:${key}`).toString("base64")}` };
  return call(api, method, url, body, undefined, headers);
}

async function companyKey(body: Record<string, unknown> = {}, by: TestUser = owner) {
  const reply = await by.post("/api/profile/company/api-keys", {
    name: "1C exchange",
    scopes: ["catalog:read", "products:write"],
    ...body,
  });
  if (reply.status !== 201) throw new Error(`create key → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data as { id: number; secret: string; prefix: string };
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  owner = await createSupplier(api, "keys-owner", { name: { ru: "Ключевой завод" }, country: "RU" });
  other = await createSupplier(api, "keys-other", { name: { ru: "Чужой завод" }, country: "RU" });
  member = await createUser(api, "keys-member");
  await api.db.insert(companyMembers).values({ companyId: owner.companyId, userId: member.id, role: "member", status: "active" });
  buyer = await createUser(api, "keys-buyer");
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("managing keys", () => {
  test("an owner creates a company key: the secret is answered once, then only its prefix is listed; the database holds a hash", async () => {
    const created = await companyKey({ allowedIps: "203.0.113.0/24\n2001:db8::/32", expiresAt: tomorrow(), rateLimit: "30" });
    expect(created.secret).toMatch(/^pk_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({
      name: "1C exchange",
      scopes: ["catalog:read", "products:write"],
      companyId: owner.companyId,
      allowedIps: ["203.0.113.0/24", "2001:db8::/32"],
      expiresAt: tomorrow(),
      rateLimit: 30,
      status: "active",
      createdBy: { id: owner.id },
    });
    const list = await owner.get("/api/profile/company/api-keys");
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: number }) => k.id === created.id);
    expect(listed.prefix).toBe(created.prefix);
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(created.prefix.length));
    const [row] = await api.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(created.prefix.length));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await api.db.select().from(companyAuditLog).where(eq(companyAuditLog.apiKeyId, created.id));
    expect(audit.map((a) => [a.action, a.companyId, a.userId])).toEqual([["api_key.create", owner.companyId, owner.id]]);
  });

  test("bad input is a 400 naming each field; a plain member may not manage the company's keys", async () => {
    const bad = await owner.post("/api/profile/company/api-keys", {
      name: "",
      scopes: ["everything"],
      allowedIps: ["10.0.0.0/33"],
      expiresAt: "2020-01-01",
    });
    expectError(bad, 400, "invalid_body");
    const paths = bad.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "scopes.0", "allowedIps", "expiresAt"]));
    expectError(await member.get("/api/profile/company/api-keys"), 403, "forbidden_role");
    expectError(await member.post("/api/profile/company/api-keys", { name: "x", scopes: ["rfq"] }), 403, "forbidden_role");
  });

  test("a person's own key: listed apart from the company's, never with products:write", async () => {
    const refused = await buyer.post("/api/profile/api-keys", { name: "mine", scopes: ["products:write"] });
    expectError(refused, 400, "invalid_body");
    expect(refused.body.error.issues).toEqual([{ path: "scopes", message: "invalid_option" }]);
    const created = await buyer.post("/api/profile/api-keys", { name: "Assistant", scopes: ["catalog:read", "rfq"] });
    expect(created.status).toBe(201);
    expect(created.body.data.companyId).toBeNull();
    const mine = await buyer.get("/api/profile/api-keys");
    expect(mine.body.data.map((k: { id: number }) => k.id)).toEqual([created.body.data.id]);
    // Another person's key is not theirs to revoke.
    expectError(await owner.delete(`/api/profile/api-keys/${created.body.data.id}`), 404, "not_found");
  });
});

describe("authentication", () => {
  test("a key works as a bearer token and as the password of HTTP Basic, on the catalogue and the company's products", async () => {
    const key = await companyKey();
    expect((await withKey("GET", "/api/categories", key.secret)).status).toBe(200);
    expect((await withBasic("GET", "/api/categories", key.secret)).status).toBe(200);
    const own = await withBasic("GET", "/api/profile/company/products", key.secret);
    expect(own.status).toBe(200);
    const [used] = await api.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  test("an unknown, malformed, revoked or expired key is a 401 with the error envelope — on public operations too", async () => {
    const key = await companyKey();
    const forged = key.secret.slice(0, -4) + (key.secret.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const bad of [forged, "pk_live_nonsense", "pk_live_000000000000_" + "A".repeat(43)]) {
      const reply = await withKey("GET", "/api/categories", bad);
      expectError(reply, 401, "unauthorized");
    }
    expectError(await withBasic("GET", "/api/categories", forged), 401, "unauthorized");

    expect((await owner.delete(`/api/profile/company/api-keys/${key.id}`)).body.data.status).toBe("revoked");
    const revoked = await withKey("GET", "/api/profile/company/products", key.secret);
    expectError(revoked, 401, "unauthorized");
    expect(revoked.body.error.message).toMatch(/revoked/);

    const expiring = await companyKey({ expiresAt: tomorrow() });
    expect((await withKey("GET", "/api/categories", expiring.secret)).status).toBe(200);
    await api.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await withKey("GET", "/api/categories", expiring.secret);
    expectError(expired, 401, "unauthorized");
    expect(expired.body.error.message).toMatch(/expired/);
    const listed = (await owner.get("/api/profile/company/api-keys")).body.data;
    expect(listed.find((k: { id: number }) => k.id === expiring.id).status).toBe("expired");
  });

  test("the IP allow-list admits addresses in its ranges (IPv4 and IPv6) and refuses the rest", async () => {
    const key = await companyKey({ allowedIps: ["203.0.113.0/24", "2001:db8::/32", "198.51.100.7"] });
    expect((await withKey("GET", "/api/categories", key.secret, undefined, "203.0.113.45")).status).toBe(200);
    expect((await withKey("GET", "/api/categories", key.secret, undefined, "2001:db8:1::5")).status).toBe(200);
    expect((await withKey("GET", "/api/categories", key.secret, undefined, "198.51.100.7")).status).toBe(200);
    for (const ip of ["198.51.100.8", "2001:db9::1", "10.0.0.1"]) {
      const refused = await withKey("GET", "/api/categories", key.secret, undefined, ip);
      expectError(refused, 401, "unauthorized");
      expect(refused.body.error.message).toMatch(/address/);
    }
    const [row] = await api.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedIp).toBe("203.0.113.45");
  });

  test("a company key stops working once its creator leaves the company", async () => {
    const admin = await createUser(api, "keys-admin");
    const [membership] = await api.db
      .insert(companyMembers)
      .values({ companyId: owner.companyId, userId: admin.id, role: "admin", status: "active" })
      .returning({ id: companyMembers.id });
    const key = await companyKey({}, admin);
    expect((await withKey("GET", "/api/profile/company/products", key.secret)).status).toBe(200);
    await api.db.delete(companyMembers).where(eq(companyMembers.id, membership!.id));
    expectError(await withKey("GET", "/api/profile/company/products", key.secret), 401, "unauthorized");
  });
});

describe("scopes", () => {
  test("a missing scope is a 403 naming it; operations without scopes refuse every key", async () => {
    const readOnly = await companyKey({ scopes: ["catalog:read"] });
    const refused = await withKey("POST", "/api/profile/company/products", readOnly.secret, { name: { ru: "Труба" } });
    expectError(refused, 403, "insufficient_scope");
    expect(refused.body.error.details).toEqual({ scope: "products:write" });
    expectError(await withKey("GET", "/api/profile/rfq", readOnly.secret), 403, "insufficient_scope");

    const writer = await companyKey({ scopes: ["products:write"] });
    expect((await withKey("GET", "/api/profile/company/products", writer.secret)).status).toBe(200);
    const catalogue = await withKey("GET", "/api/products", writer.secret);
    expectError(catalogue, 403, "insufficient_scope");
    expect(catalogue.body.error.details.scope).toBe("catalog:read");

    // A key never reaches the profile's own operations, key management or the admin area.
    for (const [method, url] of [
      ["GET", "/api/profile"],
      ["GET", "/api/profile/company/api-keys"],
      ["POST", "/api/profile/company/api-keys"],
      ["GET", "/api/profile/company/employees"],
    ] as const) {
      expectError(
        await withKey(method, url, writer.secret, method === "POST" ? { name: "x", scopes: ["rfq"] } : undefined),
        403,
        "api_key_not_accepted",
      );
    }
    const admin = await withKey("GET", "/app/admin/companies", writer.secret);
    expect([401, 403]).toContain(admin.status);
    expect(admin.body.error).toBeDefined();
  });

  test("a personal key acts as its person on buying requests but never for their company", async () => {
    const created = await owner.post("/api/profile/api-keys", { name: "personal", scopes: ["rfq", "catalog:read"] });
    const key = created.body.data.secret as string;
    expect((await withKey("GET", "/api/profile/rfq", key)).status).toBe(200);
    expectError(await withKey("GET", "/api/profile/quotes", key), 403, "no_company");
  });
});

describe("limits and the audit trail", () => {
  test("each key has its own per-minute limit: past it a 429 with Retry-After, another key is unaffected", async () => {
    const key = await companyKey({ rateLimit: 3 });
    const otherKey = await companyKey({ rateLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await withKey("GET", "/api/regions", key.secret)).status).toBe(200);
    const limited = await withKey("GET", "/api/regions", key.secret);
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withKey("GET", "/api/regions", otherKey.secret)).status).toBe(200);
    // Without a key the public catalogue is not counted against the key.
    expect((await call(api, "GET", "/api/regions")).status).toBe(200);
  });

  test("every write made with a key is in the company's audit trail with the key's id and name; reads are not", async () => {
    const key = await companyKey({ name: "Склад 1С" });
    const created = await withKey("POST", "/api/profile/company/products", key.secret, { name: { ru: "Труба стальная" } });
    expect(created.status).toBe(201);
    const productId = created.body.data.id as number;
    const [product] = await api.db.select({ companyId: products.companyId }).from(products).where(eq(products.id, productId));
    expect(product!.companyId).toBe(owner.companyId);
    await withKey("GET", `/api/profile/company/products/${productId}`, key.secret);
    const refused = await withKey("PUT", `/api/profile/company/products/${productId}/prices`, key.secret, { tiers: "nonsense" });
    expect(refused.status).toBe(400);
    const writes = await api.db
      .select()
      .from(companyAuditLog)
      .where(and(eq(companyAuditLog.apiKeyId, key.id), eq(companyAuditLog.action, "api_key.write")));
    expect(writes.map((w) => [w.companyId, w.userId, w.apiKeyName, w.method, w.operationId, w.status])).toEqual([
      [owner.companyId, owner.id, "Склад 1С", "POST", "createProfileProduct", 201],
    ]);
    expect(JSON.stringify(writes)).not.toContain(key.secret);
  });

  test("a key of company A cannot read or change company B's product (404), nor list B's keys", async () => {
    const otherProduct = await other.post("/api/profile/company/products", { name: { ru: "Чужая труба" } });
    expect(otherProduct.status).toBe(201);
    const key = await companyKey();
    const id = otherProduct.body.data.id as number;
    expectError(await withKey("GET", `/api/profile/company/products/${id}`, key.secret), 404, "not_found");
    expectError(await withKey("PUT", `/api/profile/company/products/${id}/prices`, key.secret, { tiers: [] }), 404, "not_found");
    const otherKey = await companyKey({}, other);
    expectError(await owner.delete(`/api/profile/company/api-keys/${otherKey.id}`), 404, "not_found");
  });
});

test("the OpenAPI document declares the key schemes and each covered operation's scopes", async () => {
  const doc = (await call(api, "GET", "/api/openapi.json")).body;
  expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(["bearerAuth", "apiKey", "apiKeyBasic"]));
  // A public operation stays open to anyone; its description names the scope a key counts under.
  expect(doc.paths["/api/products"].get.security).toEqual([]);
  expect(doc.paths["/api/products"].get.description).toContain("`catalog:read`");
  expect(doc.paths["/api/profile/company/products"].post.security).toEqual([
    { bearerAuth: [] },
    { apiKey: ["products:write"] },
    { apiKeyBasic: ["products:write"] },
  ]);
  expect(doc.paths["/api/profile/quotes"].post.security).toContainEqual({ apiKey: ["rfq"] });
  expect(doc.paths["/api/profile/company/api-keys"].post.security).toEqual([{ bearerAuth: [] }]);
});
