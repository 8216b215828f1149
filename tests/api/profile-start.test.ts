/**
 * `GET /dev/profile/start` (spec §7), on both engines: a signed-in person without a company is
 * offered to start (`next: start`) with the invitations to their address; an employee is sent on to
 * the profile (`next: profile`) without invitations; an anonymous caller gets 401.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
let newcomer: TestUser;
let companyId: number;

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  owner = await createUser(api, "start-owner");
  newcomer = await createUser(api, "start-newcomer");
  const created = await owner.post("/api/profile/company", { name: { ru: "ООО «Старт»" }, sourceLang: "ru", country: "RU" });
  expect(created.status).toBe(201);
  companyId = created.body.data.id;
  const invited = await owner.post("/api/profile/company/employees", { email: newcomer.email, role: "member" });
  expect(invited.status).toBeLessThan(300);
});

afterAll(async () => {
  if (!api) return;
  await cleanupProfileData(api);
  await api.close();
});

test("a person without a company is offered to start, with the invitations to their address", async () => {
  const { status, body } = await newcomer.get("/dev/profile/start");
  expect(status).toBe(200);
  expect(body.data.next).toBe("start");
  expect(body.data.organization).toBeNull();
  expect(body.data.invitations.map((i: { company: { id: number } }) => i.company.id)).toEqual([companyId]);
});

test("an employee goes on to the profile; an anonymous caller is refused", async () => {
  const own = await owner.get("/dev/profile/start");
  expect(own.body.data).toMatchObject({ next: "profile", organization: { id: companyId, employeeStatus: "active" }, invitations: [] });
  const anonymous = await call(api, "GET", "/dev/profile/start");
  expect([anonymous.status, anonymous.body.error.code]).toEqual([401, "unauthorized"]);
});
