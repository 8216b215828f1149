/**
 * Employees and invitations through the API (issue 5), on PGlite and PostgreSQL, with the e-mail
 * delivered by the real mailer to a real SMTP server (smtp-server on 127.0.0.1): an owner invites
 * by e-mail in the invitee's language, the invited person signs in, sees the invitation in GET
 * /api/profile, accepts it and works in the company with the role given; renewing, declining,
 * expiry, roles and positions. Also the INN and address suggestions endpoints against a local fake
 * DaData service, and uploads stored in a fake S3 through the API.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import { createSmtpMailer } from "#server/auth/delivery/mailer.ts";
import { createLogger } from "#server/logger.ts";
import { companyMembers } from "#server/db/schema.ts";
import { createS3Storage } from "#server/files/s3.ts";
import { createSuggestionsClient } from "#server/suggestions/dadata.ts";
import type { TestApi } from "../support/api.ts";
import { startFakeDadata, startFakeS3, type FakeDadata, type FakeS3 } from "../support/fake-services.ts";
import { jpegPhoto } from "../support/files.ts";
import {
  call,
  closeProfileApi,
  createCompany,
  createUser,
  multipart,
  openProfileApi,
  uniqueEmail,
  type TestUser,
  expectError,
} from "../support/profile.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";

let api: TestApi;
let smtp: TestSmtp;
let dadata: FakeDadata;
let s3: FakeS3;
let owner: TestUser;
let companyId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  dadata = await startFakeDadata("dadata-token");
  s3 = await startFakeS3();
  api = await openProfileApi({
    mailer: createSmtpMailer(smtp.url, "Postavka <no-reply@postavka.test>"),
    suggestions: createSuggestionsClient({ url: dadata.url, token: "dadata-token" }),
    storage: createS3Storage({ endpoint: s3.url, region: "us-east-1", bucket: "media", accessKeyId: "key", secretAccessKey: "secret" }),
  });
  owner = await createUser(api, "inviter");
  companyId = await createCompany(owner, { name: { ru: 'ООО "Рога & Копыта" <b>', en: "Horns & Hooves" }, country: "RU" });
});

afterAll(async () => {
  await closeProfileApi(api);
  await smtp?.close();
  await dadata?.close();
  await s3?.close();
});

describe("invitations", () => {
  test("an invitation e-mail in Russian by default, names unescaped in text and escaped in HTML", async () => {
    const email = uniqueEmail("newcomer");
    const invited = await owner.post("/api/profile/company/employees", {
      email: email.toUpperCase(),
      role: "admin",
      position: "Менеджер по продажам",
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({
      email,
      role: "admin",
      status: "invited",
      position: "Менеджер по продажам",
      userId: null,
      mailSent: true,
    });
    const mail = await smtp.waitForMessage(email);
    // Names the inviter typed stay out of the subject (review issue 25 §3); the body has them.
    expect(mail.subject).toBe("Приглашение в компанию на Postavka");
    expect(mail.text).toContain("Ваша роль: администратор.");
    expect(mail.text).toContain("https://postavka.test/profile/start");
    expect(mail.html).toContain("ООО &quot;Рога &amp; Копыта&quot; &lt;b&gt;");
    expect(mail.html).not.toContain("<b>»");
  });

  test("an existing user gets it in their language; they see it in their profile, accept it and work with their role", async () => {
    const person = await createUser(api, "english", { locale: "en" });
    await owner.post("/api/profile/company/employees", { email: person.email, role: "member" });
    const mail = await smtp.waitForMessage(person.email);
    expect(mail.subject).toBe("An invitation to join a company on Postavka");
    expect(mail.text).toContain("https://postavka.test/en/profile/start");

    const profile = await person.get("/api/profile");
    expect(profile.body.data.organization).toBeNull();
    expect(profile.body.data.invitations).toEqual([
      expect.objectContaining({
        company: expect.objectContaining({ id: companyId, name: { ru: 'ООО "Рога & Копыта" <b>', en: "Horns & Hooves" } }),
        role: "member",
        invitedBy: { firstName: "inviter", lastName: "Тестов" },
      }),
    ]);
    const invitationId = profile.body.data.invitations[0].id;
    const accepted = await person.post(`/api/profile/invitations/${invitationId}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ companyId, role: "member" });
    const after = await person.get("/api/profile");
    expect(after.body.data.organization).toMatchObject({ id: companyId, role: "member", employeeStatus: "active" });
    expect(after.body.data.invitations).toEqual([]);
    expect((await person.post("/api/profile/company/products", { name: { en: "Member's product" }, sourceLang: "en" })).status).toBe(201);
    expect((await person.patch("/api/profile/company", { website: "https://x.example" })).status).toBe(403);
    expect((await person.post(`/api/profile/invitations/${invitationId}/accept`)).status).toBe(404);

    const list = await owner.get("/api/profile/company/employees");
    expect(list.body.data.map((e: { role: string; status: string }) => `${e.role}:${e.status}`)).toEqual([
      "owner:active",
      "member:active",
      "admin:invited",
    ]);
    expect(list.body.data[0].isSelf).toBe(true);
  });

  test("inviting the same address again renews the invitation and sends it again; an employee cannot be invited", async () => {
    const email = uniqueEmail("twice");
    const first = await owner.post("/api/profile/company/employees", { email });
    await smtp.waitForMessage(email);
    // At once is too soon (security review F6: a resend countdown); a minute later it is renewed.
    const tooSoon = await owner.post("/api/profile/company/employees", { email, role: "admin" });
    expect(tooSoon.status).toBe(429);
    await api.db
      .update(companyMembers)
      .set({ updatedAt: new Date(Date.now() - 61_000) })
      .where(eq(companyMembers.id, first.body.data.id));
    const again = await owner.post("/api/profile/company/employees", { email, role: "admin" });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, role: "admin" });
    await smtp.waitForMessage(email);
    const [ownerRow] = await api.db.select().from(companyMembers).where(eq(companyMembers.userId, owner.id));
    const ownerEmail = (await owner.get(`/api/profile/company/employees/${ownerRow!.id}`)).body.data.email;
    const self = await owner.post("/api/profile/company/employees", { email: ownerEmail });
    expectError(self, 409, "already_employee");
    const bad = await owner.post("/api/profile/company/employees", { email: "not-an-email", role: "boss" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual([
      { path: "email", message: "invalid_email" },
      { path: "role", message: "invalid_option" },
    ]);
  });

  test("an invitation can be declined, revoked, and expires after 14 days", async () => {
    const decliner = await createUser(api, "decliner");
    await owner.post("/api/profile/company/employees", { email: decliner.email });
    const [invitation] = (await decliner.get("/api/profile/invitations")).body.data;
    expect((await decliner.delete(`/api/profile/invitations/${invitation.id}`)).body.data).toEqual({
      id: invitation.id,
      declined: true,
    });
    expect((await decliner.get("/api/profile/invitations")).body.data).toEqual([]);

    const late = await createUser(api, "late");
    const sent = await owner.post("/api/profile/company/employees", { email: late.email });
    await api.db
      .update(companyMembers)
      .set({ updatedAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(companyMembers.id, sent.body.data.id));
    expect((await late.get("/api/profile/invitations")).body.data).toEqual([]);
    const expired = await late.post(`/api/profile/invitations/${sent.body.data.id}/accept`);
    expectError(expired, 410, "invitation_expired");

    const revoked = await createUser(api, "revoked");
    const revokedInvite = await owner.post("/api/profile/company/employees", { email: revoked.email });
    expect((await owner.delete(`/api/profile/company/employees/${revokedInvite.body.data.id}`)).status).toBe(200);
    expect((await revoked.post(`/api/profile/invitations/${revokedInvite.body.data.id}/accept`)).status).toBe(404);
  });

  test("someone who already belongs to a company cannot accept another company's invitation", async () => {
    const busy = await createUser(api, "busy");
    await busy.post("/api/profile/company", { name: { ru: "ООО «Занятой»" }, country: "RU" });
    const sent = await owner.post("/api/profile/company/employees", { email: busy.email });
    const refused = await busy.post(`/api/profile/invitations/${sent.body.data.id}/accept`);
    expectError(refused, 409, "already_member");
    const profile = await busy.get("/api/profile");
    expect(profile.body.data.invitations).toEqual([]);
  });

  test("roles and positions: promote to admin, transfer ownership, then the former owner may step down", async () => {
    const deputy = await createUser(api, "deputy");
    await owner.post("/api/profile/company/employees", { email: deputy.email });
    const [invitation] = (await deputy.get("/api/profile/invitations")).body.data;
    await deputy.post(`/api/profile/invitations/${invitation.id}/accept`);
    const [row] = await api.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, deputy.id), eq(companyMembers.companyId, companyId)));
    const promoted = await owner.patch(`/api/profile/company/employees/${row!.id}`, { role: "owner", position: "Директор" });
    expect(promoted.body.data).toMatchObject({ role: "owner", position: "Директор" });
    const [ownerRow] = await api.db.select().from(companyMembers).where(eq(companyMembers.userId, owner.id));
    const stepDown = await owner.patch(`/api/profile/company/employees/${ownerRow!.id}`, { role: "admin" });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.data.role).toBe("admin");
    // Now an admin: may not touch the new owner.
    expect((await owner.patch(`/api/profile/company/employees/${row!.id}`, { position: "—" })).status).toBe(403);
    // Restore for the other tests.
    await deputy.patch(`/api/profile/company/employees/${ownerRow!.id}`, { role: "owner" });
  });
});

describe("suggestions", () => {
  test("GET /dev/legal_entry autofills a legal entity by INN; bad INNs are 400; anonymous is 401", async () => {
    const found = await owner.get("/dev/legal_entry?inn=7707083893");
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      configured: true,
      available: true,
      items: [{ inn: "7707083893", kpp: "773601001", ogrn: "1027700132195", nameShort: "ПАО СБЕРБАНК" }],
    });
    expect(dadata.calls.at(-1)!.authorization).toBe("Token dadata-token");
    const bad = await owner.get("/dev/legal_entry?inn=7707083894");
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual([{ path: "inn", message: "inn_checksum" }]);
    expect((await owner.get("/dev/legal_entry")).status).toBe(400);
    expect((await call(api, "GET", "/dev/legal_entry?inn=7707083893")).status).toBe(401);
    const failing = await owner.get("/dev/legal_entry?inn=7736207543");
    expect(failing.status).toBe(200);
    expect(failing.body.data).toEqual({ configured: true, available: false, items: [] });
  });

  test("POST /dev/address suggests addresses", async () => {
    const reply = await owner.post("/dev/address", { query: "Москва Тверская", count: 1 });
    expect(reply.status).toBe(200);
    expect(reply.body.data.items).toEqual([
      expect.objectContaining({ value: "г Москва, ул Тверская, д 1", postalCode: "125009", latitude: 55.757 }),
    ]);
    expect((await owner.post("/dev/address", { query: "" })).status).toBe(400);
  });

  test("without a token the endpoints answer 200 with configured: false", async () => {
    const bare = { ...api, app: createApiApp({ db: api.db, logger: createLogger({ level: "silent" }), auth: api.auth }) };
    const party = await call(bare, "GET", "/dev/legal_entry?inn=7707083893", undefined, owner.token);
    expect(party.status).toBe(200);
    expect(party.body.data).toEqual({ configured: false, available: true, items: [] });
    const address = await call(bare, "POST", "/dev/address", { query: "Москва" }, owner.token);
    expect(address.body.data).toEqual({ configured: false, available: true, items: [] });
  });
});

describe("uploads on S3-compatible storage", () => {
  test("an uploaded logo and its thumbnail are objects in the bucket; replacing it deletes them", async () => {
    const first = await owner.put("/api/profile/company/logo", multipart(await jpegPhoto(90, 60), "logo.jpg"));
    expect(first.status).toBe(200);
    const key = (first.body.data.logo.url as string).slice("/media/".length);
    expect(s3.objects.get(`/media/${key}`)?.contentType).toBe("image/webp");
    expect(s3.objects.has(`/media/${(first.body.data.logo.thumbUrl as string).slice("/media/".length)}`)).toBe(true);
    const object = await api.storage.get(key);
    expect(object?.mime).toBe("image/webp");
    object?.stream.resume();
    await owner.put("/api/profile/company/logo", multipart(await jpegPhoto(60, 90), "logo2.jpg"));
    expect(s3.objects.has(`/media/${key}`)).toBe(false);
  });
});
