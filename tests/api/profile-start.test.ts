/**
 * `GET /dev/profile/start` (spec §7), on both engines: a signed-in person without a company is
 * offered to start (`next: start`) with the invitations to their address; an employee is sent on to
 * the profile (`next: profile`) without invitations; an anonymous caller gets 401.
 */
import { expect } from "vitest";
import { call, createSupplier, createUser, profileTest } from "../support/profile.ts";

const test = profileTest
  .extend("owner", { scope: "file" }, ({ api }) =>
    createSupplier(api, "start-owner", { name: { ru: "ООО «Старт»" }, sourceLang: "ru", country: "RU" }),
  )
  .extend("newcomer", { scope: "file" }, async ({ api, owner }) => {
    // Invited by the owner: the invitation their start page lists.
    const newcomer = await createUser(api, "start-newcomer");
    const invited = await owner.post("/api/profile/company/employees", { email: newcomer.email, role: "member" });
    expect(invited.status).toBeLessThan(300);
    return newcomer;
  });

test("a person without a company is offered to start, with the invitations to their address", async ({ owner, newcomer }) => {
  const { status, body } = await newcomer.get("/dev/profile/start");
  expect(status).toBe(200);
  expect(body.data.next).toBe("start");
  expect(body.data.organization).toBeNull();
  expect(body.data.invitations.map((i: { company: { id: number } }) => i.company.id)).toEqual([owner.companyId]);
});

test("an employee goes on to the profile; an anonymous caller is refused", async ({ api, owner }) => {
  const own = await owner.get("/dev/profile/start");
  expect(own.body.data).toMatchObject({
    next: "profile",
    organization: { id: owner.companyId, employeeStatus: "active" },
    invitations: [],
  });
  const anonymous = await call(api, "GET", "/dev/profile/start");
  expect([anonymous.status, anonymous.body.error.code]).toEqual([401, "unauthorized"]);
});
