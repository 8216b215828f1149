/**
 * The database round trips of a signed-in request (issue 31 §5), on PGlite and on PostgreSQL: the
 * access token's check reads the caller's user row together with their profile and membership
 * (`pq_auth_caller`), and the profile and the company guard use that row instead of reading it again;
 * a star is one statement. In docs/deploy.md's three-machine layout each round trip crosses the
 * network, so the counts here are what a signed-in person waits for. And what the reuse must not
 * change: an accepted invitation, a blocked employee and a new role apply on the very next request.
 * Behind the whole server app, an answer under the compression threshold goes out as it is, with its
 * length (no stream through libuv's thread pool for a 40-byte star), a longer one gzipped.
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { companies, products } from "#server/db/schema.ts";
import { createServerApp } from "#server/http.ts";
import { createLogger } from "#server/logger.ts";
import { createUser, profileTest as test, uniqueEmail, type Reply, type TestUser } from "../support/profile.ts";
import type { TestApi } from "../support/api.ts";

/** The texts of the statements `api`'s pool runs while `work` runs, in order. */
async function statementsOf(api: TestApi, work: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const pool = api.database.pool;
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pool, "query").mockImplementation(((...args: unknown[]) => {
    const first = args[0];
    texts.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return original(...args);
  }) as never);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return texts;
}

const readsUsers = (text: string) => /\bfrom "users"/.test(text);

describe("a signed-in request reads its caller once", () => {
  // Made by the second test, used by the later ones (a file's tests run in order).
  let owner: TestUser;
  let companyId: number;

  test("the profile of a person without a company: the caller and their open invitations, two statements", async ({ api }) => {
    const person = await createUser(api, "no-company", { locale: "en" });
    let reply: Reply | undefined;
    const texts = await statementsOf(api, async () => {
      reply = await person.get("/api/profile");
    });
    expect(reply!.status).toBe(200);
    expect(reply!.body.data).toMatchObject({ id: person.id, email: person.email, locale: "en", organization: null, invitations: [] });
    expect(texts).toHaveLength(2);
    expect(texts.filter(readsUsers)).toHaveLength(1);
  });

  test("an owner's profile and company guard: the user row and the membership read once per request", async ({ api }) => {
    owner = await createUser(api, "round-trip-owner");
    companyId = (await owner.ok("POST", "/api/profile/company", { name: { ru: "Круговая поездка" }, sourceLang: "ru", country: "RU" })).id;

    let profile: Reply | undefined;
    const profileTexts = await statementsOf(api, async () => {
      profile = await owner.get("/api/profile");
    });
    expect(profile!.body.data.organization).toMatchObject({
      id: companyId,
      name: "Круговая поездка",
      role: "owner",
      employeeStatus: "active",
    });
    expect(profileTexts).toHaveLength(1);

    let facts: Reply | undefined;
    const factTexts = await statementsOf(api, async () => {
      facts = await owner.get("/api/profile/company/facts");
    });
    expect(facts!.status).toBe(200);
    expect(factTexts.filter(readsUsers)).toHaveLength(1);
    expect(factTexts.filter((t) => /from "company_members"/.test(t))).toEqual([]);
  });

  test("an invitation accepted, a new role and a block apply on the next request", async ({ api }) => {
    const email = uniqueEmail("round-trip-employee");
    const invited = await owner.post("/api/profile/company/employees", { email, role: "member" });
    expect(invited.status).toBe(201);
    const employee = await createUser(api, "round-trip-employee", { email });

    const before = await employee.get("/api/profile");
    expect(before.body.data.organization).toBeNull();
    expect(before.body.data.invitations.map((i: { id: number }) => i.id)).toEqual([invited.body.data.id]);
    expect((await employee.post(`/api/profile/invitations/${invited.body.data.id}/accept`)).status).toBe(200);
    expect((await employee.get("/api/profile")).body.data.organization).toMatchObject({ id: companyId, role: "member" });
    // A member may not edit the card; made an admin, the very next request may.
    expect((await employee.patch("/api/profile/company", { website: "https://round-trip.example" })).status).toBe(403);
    expect((await owner.patch(`/api/profile/company/employees/${invited.body.data.id}`, { role: "admin" })).status).toBe(200);
    expect((await employee.patch("/api/profile/company", { website: "https://round-trip.example" })).status).toBe(200);

    expect((await owner.patch(`/api/profile/company/employees/${invited.body.data.id}/status`, { status: "blocked" })).status).toBe(200);
    const blocked = await employee.get("/api/profile/company/facts");
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe("member_blocked");
  });

  test("a star is one statement after the caller's: added, added again, refused for a product not published, removed", async ({ api }) => {
    const buyer = await createUser(api, "round-trip-buyer");
    const published = (await owner.ok("POST", "/api/profile/company/products", { name: { ru: "Звёздный товар" }, sourceLang: "ru" })).id;
    const draft = (await owner.ok("POST", "/api/profile/company/products", { name: { ru: "Черновик" }, sourceLang: "ru" })).id;
    await api.db.update(companies).set({ status: "published", publishedAt: new Date() }).where(eq(companies.id, companyId));
    await api.db.update(products).set({ status: "published", publishedAt: new Date() }).where(eq(products.id, published));

    const added = await statementsOf(api, async () => {
      expect((await buyer.post(`/api/products/${published}/favourite`)).body.data).toEqual({ id: published, favourite: true });
    });
    expect(added).toHaveLength(2);
    expect((await buyer.post(`/api/products/${published}/favourite`)).status).toBeLessThan(300);
    const refused = await buyer.post(`/api/products/${draft}/favourite`);
    expect(refused.status).toBe(404);
    expect((await buyer.post("/api/products/2147483000/favourite")).status).toBe(404);

    const ids = await buyer.get("/api/profile/favourites?view=ids");
    expect(ids.body.data).toEqual([{ id: published }]);
    const stored = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from favourites where user_id = ${buyer.id}`);
    expect(stored.rows[0]!.n).toBe(1);

    expect((await buyer.delete(`/api/products/${published}/favourite`)).body.data).toEqual({ id: published, favourite: false });
    expect((await buyer.get("/api/profile/favourites?view=ids")).body.data).toEqual([]);
  });
});

test("through the server app: a short answer goes out with its length, uncompressed; a long one gzipped", async ({ api }) => {
  const app = createServerApp({
    api: api.app,
    database: { ping: async () => true },
    logger: createLogger({ level: "silent" }),
    mode: "development",
    getBuild: async () => {
      throw new Error("no web tier in this test");
    },
    media: { get: async () => null },
  } as unknown as Parameters<typeof createServerApp>[0]);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const person = await createUser(api, "compression");
    const headers = { authorization: `Bearer ${person.token}`, "accept-encoding": "gzip" };
    const short = await fetch(`${base}/api/profile`, { headers });
    const shortBody = await short.text();
    expect(short.status).toBe(200);
    expect(short.headers.get("content-encoding")).toBeNull();
    expect(Number(short.headers.get("content-length"))).toBe(Buffer.byteLength(shortBody));
    expect(JSON.parse(shortBody).data).toMatchObject({ id: person.id });

    const long = await fetch(`${base}/api/regions`, { headers });
    expect(long.status).toBe(200);
    expect(long.headers.get("content-encoding")).toBe("gzip");
    expect((await long.json()).data.length).toBeGreaterThan(20);
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      (server as import("node:http").Server).closeAllConnections();
    });
  }
});
