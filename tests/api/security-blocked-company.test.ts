/**
 * Security review F21 (issue 16): a company a moderator blocked can no longer invite (no e-mail goes
 * out in its name), change, block or remove employees, nor submit or withdraw products for
 * moderation. Reading stays open, and so does leaving the company.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companies } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import {
  call,
  closeProfileApi,
  createCompany,
  createUser,
  openProfileApi,
  uniqueEmail,
  type TestUser,
  expectError,
} from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
let colleague: TestUser;
let companyId: number;
let colleagueMemberId: number;
let productId: number;
let publishedId: number;

async function setCompanyStatus(status: "draft" | "blocked") {
  await api.db.update(companies).set({ status }).where(eq(companies.id, companyId));
}

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "blocked-owner");
  colleague = await createUser(api, "blocked-colleague");
  companyId = await createCompany(owner, { name: { ru: "Заблокированная" }, country: "CN" });
  const invited = await owner.post("/api/profile/company/employees", { email: colleague.email, role: "member" });
  colleagueMemberId = invited.body.data.id;
  expect((await colleague.post(`/api/profile/invitations/${colleagueMemberId}/accept`)).status).toBe(200);
  productId = (await owner.post("/api/profile/company/products", { name: { ru: "Товар" } })).body.data.id;
  publishedId = (await owner.post("/api/profile/company/products", { name: { ru: "Товар 2" } })).body.data.id;
  await setCompanyStatus("blocked");
});

afterAll(() => closeProfileApi(api));

describe("a blocked company", () => {
  test("cannot invite: 403 company_blocked and no e-mail is sent (also through the invitation form)", async () => {
    const before = api.mail.length;
    const target = uniqueEmail("victim");
    const viaApi = await owner.post("/api/profile/company/employees", { email: target, role: "member" });
    expectError(viaApi, 403, "company_blocked");
    const viaForm = await owner.post("/app/employee/form", { email: target, role: "member" });
    expectError(viaForm, 403, "company_blocked");
    expect(api.mail.length).toBe(before);
  });

  test("cannot change, block or remove an employee", async () => {
    const url = `/api/profile/company/employees/${colleagueMemberId}`;
    for (const [method, path, body] of [
      ["PATCH", url, { position: "Директор" }],
      ["PATCH", `${url}/status`, { status: "blocked" }],
      ["DELETE", url, undefined],
    ] as const) {
      const reply = await call(api, method, path, body, owner.token);
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.body.error.code).toBe("company_blocked");
    }
    const employees = await owner.get("/api/profile/company/employees");
    expect(employees.body.data.find((e: { id: number }) => e.id === colleagueMemberId)).toMatchObject({ status: "active", position: null });
  });

  test("cannot submit or withdraw a product", async () => {
    for (const [id, action] of [
      [productId, "submit"],
      [publishedId, "withdraw"],
    ] as const) {
      const reply = await colleague.patch(`/api/profile/company/products/${id}/status`, { action });
      expect(reply.status, action).toBe(403);
      expect(reply.body.error.code).toBe("company_blocked");
    }
    const product = await owner.get(`/api/profile/company/products/${productId}`);
    expect(product.body.data.status).toBe("draft");
  });

  test("an employee may still leave it", async () => {
    const left = await colleague.delete(`/api/profile/company/employees/${colleagueMemberId}`);
    expect(left.status).toBe(200);
  });
});
