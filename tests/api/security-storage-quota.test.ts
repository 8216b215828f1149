/**
 * Security review F25 (issue 16): storage quotas. The files one user uploaded may not exceed the
 * user's quota, nor the files of all members of a company the company's; beyond them an upload is
 * refused with 409 `storage_quota_exceeded`, an issue on `file` carrying the localized message's
 * key, and nothing is stored. Deleting files frees the room again. Issue 25 N7: a price list
 * counts against the same quota (it was stored without the check).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, multipart, pdfDocument, type TestUser, expectError } from "../support/profile.ts";

let api: TestApi;
const pdf = pdfDocument("Квота");
let owner: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  // Room for two documents per user and three per company.
  api = await openTestApi({ storageQuota: { userBytes: pdf.byteLength * 2 + 10, companyBytes: pdf.byteLength * 3 + 10 } });
  await cleanupProfileData(api);
  owner = await createUser(api, "quota-owner");
  colleague = await createUser(api, "quota-colleague");
  await owner.post("/api/profile/company", { name: { ru: "Квота" }, country: "CN" });
  const invited = await owner.post("/api/profile/company/employees", { email: colleague.email, role: "member" });
  await colleague.post(`/api/profile/invitations/${invited.body.data.id}/accept`);
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

const upload = (user: TestUser) => user.post("/api/files/common", multipart(pdf, "quota.pdf", "application/pdf"));
const storedBy = async (user: TestUser) =>
  Number((await api.db.execute<{ n: number }>(sql`select count(*)::int as n from files where uploaded_by = ${user.id}`)).rows[0]!.n);

test("a user's uploads stop at the user's quota, and deleting one makes room", async () => {
  const first = await upload(owner);
  expect(first.status).toBe(201);
  expect((await upload(owner)).status).toBe(201);
  const over = await upload(owner);
  expectError(over, 409, "storage_quota_exceeded");
  expect(over.body.error.issues).toEqual([{ path: "file", message: "hardening.storageQuotaUser" }]);
  expect(await storedBy(owner)).toBe(2);
  expect((await owner.delete(`/api/files/common/${first.body.data.id}`)).status).toBe(200);
  expect((await upload(owner)).status).toBe(201);
});

test("the members of a company share the company's quota", async () => {
  expect((await upload(colleague)).status).toBe(201);
  const over = await upload(colleague);
  expect(over.status).toBe(409);
  expect(over.body.error.issues).toEqual([{ path: "file", message: "hardening.storageQuotaCompany" }]);
  expect(await storedBy(colleague)).toBe(1);
});

test("a price list counts against the quota like any upload (N7)", async () => {
  // The owner's two documents fill the user's quota: a price list no longer fits.
  const before = await storedBy(owner);
  const csv = Buffer.from("SKU;Name;Price\nQ-1;Труба;10\n");
  const over = await owner.post("/api/profile/company/price-lists", multipart(csv, "prices.csv", "text/csv"));
  expectError(over, 409, "storage_quota_exceeded");
  expect(over.body.error.issues).toEqual([{ path: "file", message: "hardening.storageQuotaUser" }]);
  expect(await storedBy(owner)).toBe(before);
});
