/**
 * The authorization matrix of the company profile (issue 5, ADR 009), on PGlite and PostgreSQL.
 *
 * Company A has an owner, an admin, a plain member, a blocked employee (a former admin) and an open
 * invitation; it has a legal entity, products with prices, files and variants, company files, a
 * logo and a dealer link to company B's published product. For EVERY profile endpoint and method,
 * with valid bodies (so that only authorization can refuse):
 * - an anonymous caller gets 401;
 * - a signed-in user without a company gets 403 `no_company` (where a company is needed);
 * - A's blocked employee gets 403 `member_blocked`;
 * - A's plain member gets 403 `forbidden_role` where an owner or admin is needed;
 * - B's owner (a member of another company) gets 404 for any id of A's (existence does not leak);
 *   endpoints without an id act on the caller's own company by construction, so for them the
 *   outsider's GET is checked to return B's data, never A's;
 * and after the refused calls A's data in the database is exactly what it was.
 * Then: blocking takes effect on the very next request and unblocking restores access.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runAdmin } from "#server/admin/cli.ts";
import { companyMembers } from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import {
  call,
  cleanupProfileData,
  createUser,
  freeRealEntities,
  jpegPhoto,
  multipart,
  uniqueEmail,
  type TestUser,
  expectError,
} from "../support/profile.ts";

let api: TestApi;
const A: Record<string, TestUser> = {};
let outsider: TestUser;
let homeless: TestUser;
const ids: Record<string, number> = {};
let photo: Buffer;

async function admin(...argv: string[]) {
  return runAdmin(argv, { db: api.db, storage: api.storage, out: () => {}, err: () => {} });
}

/** Everything of company A in the database, as JSON (ordered), to compare before and after. */
async function snapshot(): Promise<string> {
  const c = ids.companyA!;
  const queries = [
    sql`select to_jsonb(c) - 'search_vector' as row from companies c where id = ${c}`,
    sql`select to_jsonb(m) as row from company_members m where company_id = ${c} order by id`,
    sql`select to_jsonb(l) as row from legal_entities l where company_id = ${c} order by id`,
    sql`select to_jsonb(p) - 'search_vector' as row from products p where company_id = ${c} order by id`,
    sql`select to_jsonb(x) as row from product_prices x join products p on p.id = x.product_id where p.company_id = ${c} order by x.id`,
    sql`select to_jsonb(x) as row from product_variants x join products p on p.id = x.product_id where p.company_id = ${c} order by x.id`,
    sql`select to_jsonb(x) as row from product_files x join products p on p.id = x.product_id where p.company_id = ${c} order by x.id`,
    sql`select to_jsonb(x) as row from company_files x where company_id = ${c} order by x.id`,
    sql`select to_jsonb(x) as row from product_companies x where company_id = ${c} or product_id in (select id from products where company_id = ${c}) order by product_id, company_id`,
    sql`select to_jsonb(f) as row from files f where uploaded_by in (select user_id from company_members where company_id = ${c}) order by id`,
    sql`select to_jsonb(o) as row from company_okved_codes o where company_id = ${c} order by okved_code`,
  ];
  const parts: unknown[] = [];
  for (const query of queries) parts.push((await api.db.execute<{ row: unknown }>(query)).rows.map((r) => r.row));
  return JSON.stringify(parts);
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  photo = await jpegPhoto(64, 64);
  const [entityA, entityB] = await freeRealEntities(api, 2, 40);

  // Company B, published, with a published product A links to.
  outsider = await createUser(api, "outsider");
  ids.companyB = (await outsider.ok("POST", "/api/profile/company", { name: { ru: "ООО «Бета»" }, country: "RU" })).id;
  await outsider.ok("POST", "/api/profile/company/legal-entities", { kind: "legal", inn: entityB!.inn, nameFull: entityB!.nameFull });
  ids.productB = (await outsider.ok("POST", "/api/profile/company/products", { name: { ru: "Изделие Беты" } })).id;
  await outsider.ok("PATCH", "/api/profile/company/status", { action: "submit" });
  await outsider.ok("PATCH", `/api/profile/company/products/${ids.productB}/status`, { action: "submit" });
  expect(await admin("approve", "company", String(ids.companyB))).toBe(0);
  expect(await admin("approve", "product", String(ids.productB))).toBe(0);

  // Company A and its people.
  for (const label of ["owner", "admin", "member", "blocked"]) A[label] = await createUser(api, `a-${label}`);
  ids.companyA = (await A.owner!.ok("POST", "/api/profile/company", { name: { ru: "ООО «Альфа»" }, country: "RU", okvedMain: "46.74" })).id;
  for (const [label, role] of [
    ["admin", "admin"],
    ["member", "member"],
    ["blocked", "admin"],
  ] as const) {
    await A.owner!.ok("POST", "/api/profile/company/employees", { email: A[label]!.email, role });
    const [invitation] = await A[label]!.ok<{ id: number }[]>("GET", "/api/profile/invitations");
    await A[label]!.ok("POST", `/api/profile/invitations/${invitation!.id}/accept`);
  }
  const employees = await A.owner!.ok<{ id: number; userId: number }[]>("GET", "/api/profile/company/employees");
  for (const label of ["owner", "admin", "member", "blocked"])
    ids[`member_${label}`] = employees.find((e) => e.userId === A[label]!.id)!.id;
  ids.invitation = (await A.owner!.ok("POST", "/api/profile/company/employees", { email: uniqueEmail("a-invited"), role: "member" })).id;
  await A.owner!.ok("PATCH", `/api/profile/company/employees/${ids.member_blocked}/status`, { status: "blocked" });

  ids.legalA = (
    await A.owner!.ok("POST", "/api/profile/company/legal-entities", { kind: "legal", inn: entityA!.inn, nameFull: entityA!.nameFull })
  ).id;
  ids.productA = (await A.owner!.ok("POST", "/api/profile/company/products", { name: { ru: "Изделие Альфы" } })).id;
  await A.owner!.ok("PUT", `/api/profile/company/products/${ids.productA}/prices`, {
    tiers: [{ minQuantity: 1, price: 10, currency: "RUB", unit: "pcs" }],
  });
  await A.owner!.ok("PUT", `/api/profile/company/products/${ids.productA}/variants`, { variants: [{ name: { ru: "Синий" } }] });
  ids.productFileA = (await A.owner!.ok("POST", `/api/profile/company/products/${ids.productA}/files`, multipart(photo, "a.jpg"))).id;
  ids.companyFileA = (await A.owner!.ok("POST", "/api/profile/company/files", multipart(photo, "office.jpg"))).id;
  await A.owner!.ok("PUT", "/api/profile/company/logo", multipart(photo, "logo.jpg"));
  await A.owner!.ok("POST", "/api/profile/company/product-company", { productId: ids.productB, kind: "dealer" });
  ids.uploadA = (await A.owner!.ok("POST", "/api/files/common", multipart(photo, "temp.jpg"))).id;

  homeless = await createUser(api, "homeless");
}, 120_000);

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

type Need = "employee" | "products" | "admin" | "signed-in";
interface Endpoint {
  method: string;
  path: () => string;
  body?: () => unknown;
  need: Need;
  /** The path names one of A's resources (the outsider must get 404). */
  ownedId?: boolean;
}

const P = "/api/profile/company";
const image = () => multipart(photo, "x.jpg", "image/jpeg");
const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: () => P, need: "employee" },
  { method: "PATCH", path: () => P, body: () => ({ name: { ru: "Захват" } }), need: "admin" },
  { method: "GET", path: () => `${P}/facts`, need: "employee" },
  { method: "PUT", path: () => `${P}/facts`, body: () => ({ facts: [{ key: { ru: "К" }, value: { ru: "З" } }] }), need: "admin" },
  { method: "PUT", path: () => `${P}/logo`, body: image, need: "admin" },
  { method: "DELETE", path: () => `${P}/logo`, need: "admin" },
  { method: "GET", path: () => `${P}/files`, need: "employee" },
  { method: "POST", path: () => `${P}/files`, body: image, need: "admin" },
  { method: "DELETE", path: () => `${P}/files/${ids.companyFileA}`, need: "admin", ownedId: true },
  { method: "PATCH", path: () => `${P}/status`, body: () => ({ action: "submit" }), need: "admin" },
  { method: "GET", path: () => `${P}/product-company`, need: "employee" },
  { method: "POST", path: () => `${P}/product-company`, body: () => ({ productId: ids.productB, kind: "distributor" }), need: "admin" },
  { method: "DELETE", path: () => `${P}/product-company/${ids.productB}`, need: "admin" },
  { method: "GET", path: () => `${P}/legal-entities`, need: "employee" },
  {
    method: "POST",
    path: () => `${P}/legal-entities`,
    body: () => ({ kind: "legal", inn: "7707083893", nameFull: "Захват" }),
    need: "admin",
  },
  { method: "GET", path: () => `${P}/legal-entities/${ids.legalA}`, need: "employee", ownedId: true },
  { method: "PATCH", path: () => `${P}/legal-entities/${ids.legalA}`, body: () => ({ nameFull: "Захват" }), need: "admin", ownedId: true },
  { method: "DELETE", path: () => `${P}/legal-entities/${ids.legalA}`, need: "admin", ownedId: true },
  { method: "GET", path: () => `${P}/employees`, need: "employee" },
  { method: "POST", path: () => `${P}/employees`, body: () => ({ email: uniqueEmail("intruder"), role: "admin" }), need: "admin" },
  { method: "GET", path: () => `${P}/employees/${ids.member_owner}`, need: "employee", ownedId: true },
  { method: "PATCH", path: () => `${P}/employees/${ids.member_owner}`, body: () => ({ position: "Никто" }), need: "admin", ownedId: true },
  { method: "DELETE", path: () => `${P}/employees/${ids.member_admin}`, need: "admin", ownedId: true },
  {
    method: "PATCH",
    path: () => `${P}/employees/${ids.member_admin}/status`,
    body: () => ({ status: "blocked" }),
    need: "admin",
    ownedId: true,
  },
  { method: "GET", path: () => `${P}/products`, need: "employee" },
  { method: "POST", path: () => `${P}/products`, body: () => ({ name: { ru: "Чужой товар" } }), need: "products" },
  { method: "GET", path: () => `${P}/products/${ids.productA}`, need: "employee", ownedId: true },
  {
    method: "PATCH",
    path: () => `${P}/products/${ids.productA}`,
    body: () => ({ name: { ru: "Захват" } }),
    need: "products",
    ownedId: true,
  },
  { method: "DELETE", path: () => `${P}/products/${ids.productA}`, need: "admin", ownedId: true },
  {
    method: "PATCH",
    path: () => `${P}/products/${ids.productA}/status`,
    body: () => ({ action: "submit" }),
    need: "products",
    ownedId: true,
  },
  { method: "GET", path: () => `${P}/products/${ids.productA}/prices`, need: "employee", ownedId: true },
  { method: "PUT", path: () => `${P}/products/${ids.productA}/prices`, body: () => ({ tiers: [] }), need: "products", ownedId: true },
  { method: "GET", path: () => `${P}/products/${ids.productA}/facts`, need: "employee", ownedId: true },
  { method: "PUT", path: () => `${P}/products/${ids.productA}/facts`, body: () => ({ facts: [] }), need: "products", ownedId: true },
  { method: "GET", path: () => `${P}/products/${ids.productA}/variants`, need: "employee", ownedId: true },
  { method: "PUT", path: () => `${P}/products/${ids.productA}/variants`, body: () => ({ variants: [] }), need: "products", ownedId: true },
  { method: "GET", path: () => `${P}/products/${ids.productA}/files`, need: "employee", ownedId: true },
  { method: "POST", path: () => `${P}/products/${ids.productA}/files`, body: image, need: "products", ownedId: true },
  {
    method: "PATCH",
    path: () => `${P}/products/${ids.productA}/files/${ids.productFileA}`,
    body: () => ({ position: 0 }),
    need: "products",
    ownedId: true,
  },
  { method: "DELETE", path: () => `${P}/products/${ids.productA}/files/${ids.productFileA}`, need: "products", ownedId: true },
  // The 1C exchange's settings (owners and admins, like the API keys it runs with).
  { method: "GET", path: () => "/api/profile/exchange-1c", need: "admin" },
  { method: "PUT", path: () => "/api/profile/exchange-1c", body: () => ({ priceTypeId: null, groupCategories: {} }), need: "admin" },
  // Signed in, no company needed: refused to the anonymous; A's invitation and upload are A's own.
  { method: "POST", path: () => P, body: () => ({ name: { ru: "Новая" }, country: "RU" }), need: "signed-in" },
  { method: "GET", path: () => "/api/profile/invitations", need: "signed-in" },
  { method: "POST", path: () => `/api/profile/invitations/${ids.invitation}/accept`, need: "signed-in", ownedId: true },
  { method: "DELETE", path: () => `/api/profile/invitations/${ids.invitation}`, need: "signed-in", ownedId: true },
  { method: "GET", path: () => "/api/files/common", need: "signed-in" },
  { method: "POST", path: () => "/api/files/common", body: image, need: "signed-in" },
  { method: "DELETE", path: () => `/api/files/common/${ids.uploadA}`, need: "signed-in", ownedId: true },
  { method: "DELETE", path: () => `/api/files/common?id=${ids.uploadA}`, need: "signed-in", ownedId: true },
  { method: "GET", path: () => "/dev/legal_entry?inn=7707083893", need: "signed-in" },
  { method: "POST", path: () => "/dev/address", body: () => ({ query: "Москва, Тверская 1" }), need: "signed-in" },
];

interface Expectation {
  who: string;
  token?: string;
  status: number;
  code?: string;
}

function expectations(endpoint: Endpoint): Expectation[] {
  const out: Expectation[] = [{ who: "anonymous", status: 401, code: "unauthorized" }];
  if (endpoint.need === "signed-in") {
    // Someone else's invitation or upload: the same 404 as a missing one, for everybody else.
    if (endpoint.ownedId) {
      out.push({ who: "outsider", token: outsider.token, status: 404 });
      out.push({ who: "blocked", token: A.blocked!.token, status: 404 });
      if (endpoint.path().startsWith("/api/files")) out.push({ who: "member", token: A.member!.token, status: 404 });
    }
    // A blocked employee still belongs to the company: they cannot create another one.
    if (endpoint.method === "POST" && endpoint.path() === P)
      out.push({ who: "blocked", token: A.blocked!.token, status: 409, code: "already_member" });
    return out;
  }
  out.push({ who: "no company", token: homeless.token, status: 403, code: "no_company" });
  out.push({ who: "blocked", token: A.blocked!.token, status: 403, code: "member_blocked" });
  if (endpoint.need === "admin") out.push({ who: "member", token: A.member!.token, status: 403, code: "forbidden_role" });
  if (endpoint.ownedId) out.push({ who: "outsider", token: outsider.token, status: 404 });
  return out;
}

describe("authorization matrix", () => {
  // Labels are made before beforeAll runs: the ids are still unknown there.
  test.each(ENDPOINTS.map((e) => [`${e.method} ${e.path().replace(/undefined/g, "{id}")}`, e] as const))("%s", async (_name, endpoint) => {
    const before = await snapshot();
    const results: string[] = [];
    for (const expected of expectations(endpoint)) {
      const body = endpoint.body ? await endpoint.body() : undefined;
      const reply = await call(api, endpoint.method, endpoint.path(), body, expected.token);
      const got = `${expected.who}: ${reply.status}${expected.code ? ` ${reply.body?.error?.code}` : ""}`;
      results.push(got);
      expect(got, `${endpoint.method} ${endpoint.path()}`).toBe(
        `${expected.who}: ${expected.status}${expected.code ? ` ${expected.code}` : ""}`,
      );
      if (reply.status === 404) expect(reply.body.error.code).toMatch(/^not_found$/);
    }
    expect(await snapshot(), `${endpoint.method} ${endpoint.path()} changed company A (${results.join("; ")})`).toBe(before);
  });

  test("every endpoint of the API contract is in the matrix", () => {
    const covered = new Set(
      ENDPOINTS.map(
        (e) =>
          `${e.method} ${e
            .path()
            .replace(/\/\d+(?=\/|\?|$)/g, "/{id}")
            .replace(/\?.*$/, "")}`,
      ),
    );
    for (const required of [
      "GET /api/profile/company",
      "POST /api/profile/company",
      "PATCH /api/profile/company",
      "GET /api/profile/company/facts",
      "PUT /api/profile/company/facts",
      "PUT /api/profile/company/logo",
      "DELETE /api/profile/company/logo",
      "GET /api/profile/company/files",
      "POST /api/profile/company/files",
      "DELETE /api/profile/company/files/{id}",
      "PATCH /api/profile/company/status",
      "GET /api/profile/company/product-company",
      "POST /api/profile/company/product-company",
      "DELETE /api/profile/company/product-company/{id}",
      "GET /api/profile/company/employees",
      "POST /api/profile/company/employees",
      "GET /api/profile/company/employees/{id}",
      "PATCH /api/profile/company/employees/{id}",
      "DELETE /api/profile/company/employees/{id}",
      "PATCH /api/profile/company/employees/{id}/status",
      "GET /api/profile/company/products",
      "POST /api/profile/company/products",
      "GET /api/profile/company/products/{id}",
      "PATCH /api/profile/company/products/{id}",
      "DELETE /api/profile/company/products/{id}",
      "PATCH /api/profile/company/products/{id}/status",
      "GET /api/profile/company/products/{id}/prices",
      "PUT /api/profile/company/products/{id}/prices",
      "GET /api/profile/company/products/{id}/facts",
      "PUT /api/profile/company/products/{id}/facts",
      "GET /api/profile/company/products/{id}/files",
      "POST /api/profile/company/products/{id}/files",
      "PATCH /api/profile/company/products/{id}/files/{id}",
      "DELETE /api/profile/company/products/{id}/files/{id}",
      "GET /api/profile/company/products/{id}/variants",
      "PUT /api/profile/company/products/{id}/variants",
      "GET /api/profile/company/legal-entities",
      "POST /api/profile/company/legal-entities",
      "GET /api/profile/company/legal-entities/{id}",
      "PATCH /api/profile/company/legal-entities/{id}",
      "DELETE /api/profile/company/legal-entities/{id}",
      "GET /api/files/common",
      "POST /api/files/common",
      "DELETE /api/files/common",
      "GET /api/profile/exchange-1c",
      "PUT /api/profile/exchange-1c",
    ]) {
      expect(covered.has(required) || covered.has(required.replace(/\{id\}$/, "{id}")), required).toBe(true);
    }
  });

  test("an outsider's id-less calls only ever see their own company", async () => {
    expect((await outsider.ok("GET", P)).id).toBe(ids.companyB);
    const products = await outsider.ok<{ id: number }[]>("GET", `${P}/products`);
    expect(products.map((p) => p.id)).toEqual([ids.productB]);
    const employees = await outsider.ok<{ userId: number }[]>("GET", `${P}/employees`);
    expect(employees.map((e) => e.userId)).toEqual([outsider.id]);
    const uploads = await outsider.ok<{ id: number }[]>("GET", "/api/files/common");
    expect(uploads.map((u) => u.id)).not.toContain(ids.uploadA);
  });

  test("ids that do not exist, or are not ids, are the same 404", async () => {
    for (const path of [
      `${P}/products/999999999`,
      `${P}/products/abc`,
      `${P}/products/-1`,
      `${P}/products/1e3`,
      `${P}/legal-entities/99999999999`,
      `${P}/employees/0`,
    ]) {
      const reply = await A.owner!.get(path);
      expect(reply.status, path).toBe(404);
    }
  });
});

describe("blocking", () => {
  test("a blocked employee loses access on the very next request; unblocking restores it", async () => {
    const member = A.member!;
    expect((await member.get(`${P}/products`)).status).toBe(200);
    await A.admin!.ok("PATCH", `${P}/employees/${ids.member_member}/status`, { status: "blocked" });
    const refused = await member.get(`${P}/products`);
    expectError(refused, 403, "member_blocked");
    const profile = await member.get("/api/profile");
    expect(profile.body.data.organization).toMatchObject({ id: ids.companyA, employeeStatus: "blocked" });
    await A.admin!.ok("PATCH", `${P}/employees/${ids.member_member}/status`, { status: "active" });
    expect((await member.get(`${P}/products`)).status).toBe(200);
  });

  test("owners are protected: an admin cannot block or demote an owner, the last owner cannot leave, nobody blocks themselves", async () => {
    const byAdmin = await A.admin!.patch(`${P}/employees/${ids.member_owner}/status`, { status: "blocked" });
    expect(byAdmin.status).toBe(403);
    expect((await A.admin!.patch(`${P}/employees/${ids.member_owner}`, { role: "member" })).status).toBe(403);
    expect((await A.admin!.post(`${P}/employees`, { email: uniqueEmail("new-owner"), role: "owner" })).status).toBe(403);
    const self = await A.admin!.patch(`${P}/employees/${ids.member_admin}/status`, { status: "blocked" });
    expect(self.body.error.code).toBe("cannot_block_self");
    const leave = await A.owner!.delete(`${P}/employees/${ids.member_owner}`);
    expectError(leave, 409, "last_owner");
    const demote = await A.owner!.patch(`${P}/employees/${ids.member_owner}`, { role: "admin" });
    expect(demote.body.error.code).toBe("last_owner");
    const invited = await A.owner!.patch(`${P}/employees/${ids.invitation}/status`, { status: "blocked" });
    expect(invited.body.error.code).toBe("not_joined");
  });

  test("a member may leave; their membership row is gone and they may then create a company", async () => {
    const leaver = await createUser(api, "a-leaver");
    await A.owner!.ok("POST", `${P}/employees`, { email: leaver.email });
    const [invitation] = await leaver.ok<{ id: number }[]>("GET", "/api/profile/invitations");
    await leaver.ok("POST", `/api/profile/invitations/${invitation!.id}/accept`);
    const me = (await leaver.ok<{ id: number; isSelf: boolean }[]>("GET", `${P}/employees`)).find((e) => e.isSelf)!;
    await leaver.ok("DELETE", `${P}/employees/${me.id}`);
    expect(
      (
        await api.db
          .select()
          .from(companyMembers)
          .where(sql`${companyMembers.userId} = ${leaver.id}`)
      ).length,
    ).toBe(0);
    expect((await leaver.get(P)).body.error.code).toBe("no_company");
  });
});
