/**
 * The employee-form helpers of spec §7 (issue 7), on PGlite and PostgreSQL:
 * - GET /app/user/filter/employee: owners and admins of a published company find registered people
 *   to invite: anyone by the exact address, and by names in any case (Cyrillic included) or e-mail
 *   prefixes only people the company already invited (security review F5: no user directory, and
 *   nothing at all for a draft company); masked e-mails, no phones, no domain enumeration, the
 *   company's own employees left out, at most 10;
 * - GET /app/user/form/employee: the form's options in three languages, generated from the
 *   invitation schema, with the roles the caller may give;
 * - POST /app/employee/form: the invitation form through the same validation and invitation logic
 *   as POST /api/profile/company/employees, with per-field errors;
 * and who may call each (anonymous, no company, blocked, member, admin, owner).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signAccessToken } from "#server/auth/tokens.ts";
import { companies, companyMembers, users } from "#server/db/schema.ts";
import { InviteEmployeeSchema } from "#server/profile/schemas.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, closeProfileApi, createCompany, createUser, signedIn, TEST_DOMAIN, type TestUser, expectError } from "../support/profile.ts";

/** Letters unique to this run, so searches never meet people other test files created. */
const RUN = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

let api: TestApi;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let blocked: TestUser;
let loner: TestUser;
let companyId: number;

interface Person extends TestUser {
  firstName: string;
  lastName: string;
}

async function person(
  firstName: string,
  lastName: string,
  local: string,
  options: { phone?: string; email?: string | null } = {},
): Promise<Person> {
  const email = options.email === null ? null : (options.email ?? `${local}.${RUN}@${TEST_DOMAIN}`);
  const [row] = await api.db
    .insert(users)
    .values({ email, phone: options.phone ?? null, firstName, lastName, acceptedTermsAt: new Date() })
    .returning({ id: users.id });
  const token = await signAccessToken(api.auth.keys, { userId: row!.id, role: "USER" }, new Date());
  return { ...signedIn(api, { id: row!.id, email: email ?? "", token }), firstName, lastName };
}

async function join(user: TestUser, role: "owner" | "admin" | "member", status: "active" | "blocked" = "active") {
  await api.db.insert(companyMembers).values({ companyId, userId: user.id, role, status });
}

/** An open invitation of the company to `user` (the interaction that makes them findable by name). */
async function invite(user: TestUser, role: "admin" | "member" = "member") {
  const [row] = await api.db
    .insert(companyMembers)
    // Sent an hour ago: past the resend countdown, so a test may renew it.
    .values({ companyId, invitedEmail: user.email.toLowerCase(), role, status: "invited", updatedAt: new Date(Date.now() - 3_600_000) })
    .returning({ id: companyMembers.id });
  return row!.id;
}

let ivan: Person;
let maria: Person;
let colleague: Person;
/** Registered, but the company never invited him: found by his exact address only. */
let stranger: Person;
let ivanInvitation: number;

beforeAll(async () => {
  api = await openTestApi();
  owner = await createUser(api, "form-owner");
  companyId = await createCompany(owner, { name: { ru: "Самовары и чай" }, country: "RU" });
  await api.db.update(companies).set({ status: "published" }).where(eq(companies.id, companyId));
  admin = await createUser(api, "form-admin");
  member = await createUser(api, "form-member");
  blocked = await createUser(api, "form-blocked");
  loner = await createUser(api, "form-loner");
  await join(admin, "admin");
  await join(member, "member");
  await join(blocked, "admin", "blocked");

  ivan = await person("Иван", `Самоваров${RUN}`, "ivan.samovarov", { phone: "+79161234567" });
  maria = await person("Мария", `Самоварова${RUN}`, "m.tea");
  colleague = await person("Пётр", `Самоваров${RUN}`, "petr.samovarov");
  await join(colleague, "member");
  await person("Телефон", `Самоваров${RUN}`, "", { email: null, phone: "+79160000001" });
  stranger = await person("Фёдор", `Самоваров${RUN}`, "fedor.samovarov");
  ivanInvitation = await invite(ivan);
  await invite(maria);
});

afterAll(() => closeProfileApi(api));

const search = (q: string, token?: string) => call(api, "GET", `/app/user/filter/employee?${new URLSearchParams({ q })}`, undefined, token);

describe("GET /app/user/filter/employee", () => {
  test("finds people by the start of a last name, in any letter case, and leaves out the company's employees", async () => {
    const reply = await search(`САМОВАРОВ${RUN.toUpperCase()}`, owner.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([
      {
        userId: ivan.id,
        firstName: "Иван",
        lastName: `Самоваров${RUN}`,
        email: "iv***@profile.test",
        emailMasked: true,
        invitation: { id: ivanInvitation, role: "member" },
      },
    ]);
    // Пётр Самоваров matches too but is an employee already; the phone-only account cannot be invited;
    // Фёдор Самоваров was never invited by the company.
    const [row] = await api.db.select().from(companyMembers).where(eq(companyMembers.userId, colleague.id));
    expect(row).toMatchObject({ companyId });
  });

  test("by first name and last name together, in either order", async () => {
    for (const q of [`Мария Самоварова${RUN}`, `самоварова${RUN} мар`]) {
      const reply = await search(q, admin.token);
      expect(
        reply.body.data.map((p: { userId: number }) => p.userId),
        q,
      ).toEqual([maria.id]);
    }
  });

  test("by the start of the e-mail's local part; the exact address is shown in full, others masked; phones never", async () => {
    const prefix = await search(`ivan.samovarov.${RUN}`, owner.token);
    expect(prefix.body.data).toEqual([expect.objectContaining({ userId: ivan.id, email: "iv***@profile.test", emailMasked: true })]);
    const exact = await search(ivan.email.toUpperCase(), owner.token);
    expect(exact.body.data).toEqual([expect.objectContaining({ userId: ivan.id, email: ivan.email, emailMasked: false })]);
    expect(JSON.stringify(exact.body)).not.toContain("916");
    expect(JSON.stringify(exact.body)).not.toContain("phone");
  });

  test("a domain or a middle part of an address finds nobody (no harvesting of addresses)", async () => {
    expect((await search(TEST_DOMAIN, owner.token)).body.data).toEqual([]);
    expect((await search(`@${TEST_DOMAIN}`, owner.token)).body.data).toEqual([]);
    expect((await search(`samovarov.${RUN}`, owner.token)).body.data).toEqual([]);
  });

  test("people without an e-mail cannot be invited and are not listed", async () => {
    const reply = await search(`Телефон Самоваров${RUN}`, owner.token);
    expect(reply.body.data).toEqual([]);
  });

  test("LIKE wildcards in the query are taken literally", async () => {
    expect((await search("%%%", owner.token)).body.data).toEqual([]);
    expect((await search("___", owner.token)).body.data).toEqual([]);
  });

  test("shows an open invitation of the company to the person", async () => {
    const invited = await owner.post("/api/profile/company/employees", { email: maria.email, role: "admin" });
    expect(invited.status).toBe(200);
    const reply = await search(`Мария Самоварова${RUN}`, owner.token);
    expect(reply.body.data).toEqual([
      expect.objectContaining({ userId: maria.id, invitation: { id: invited.body.data.id, role: "admin" } }),
    ]);
  });

  test("at most 10 people", async () => {
    for (let i = 0; i < 12; i++) await invite(await person(`Чай${i}`, `Чаев${RUN}`, `chaev${i}`));
    const reply = await search(`Чаев${RUN}`, owner.token);
    expect(reply.body.data).toHaveLength(10);
    const limited = await owner.get(`/app/user/filter/employee?q=${encodeURIComponent(`Чаев${RUN}`)}&limit=3`);
    expect(limited.body.data).toHaveLength(3);
  });

  test("security review F5: a person the company never invited is found by the exact address only", async () => {
    for (const q of [`Самоваров${RUN}`, `Фёдор Самоваров${RUN}`, `fedor.samovarov.${RUN}`, `fedor.samovarov.${RUN}@`]) {
      const reply = await search(q, owner.token);
      expect(reply.status).toBe(200);
      expect(
        reply.body.data.map((p: { userId: number }) => p.userId),
        q,
      ).not.toContain(stranger.id);
    }
    const exact = await search(stranger.email, owner.token);
    expect(exact.body.data).toEqual([
      expect.objectContaining({ userId: stranger.id, email: stranger.email, emailMasked: false, invitation: null }),
    ]);
  });

  test("security review F5: a company that is not published finds nobody, not even by the exact address", async () => {
    for (const status of ["draft", "moderation", "rejected", "blocked"] as const) {
      await api.db.update(companies).set({ status }).where(eq(companies.id, companyId));
      expect((await search(stranger.email, owner.token)).body.data, status).toEqual([]);
      expect((await search(`Самоваров${RUN}`, owner.token)).body.data, status).toEqual([]);
    }
    await api.db.update(companies).set({ status: "published" }).where(eq(companies.id, companyId));
    expect((await search(stranger.email, owner.token)).body.data).toHaveLength(1);
  });

  test("queries shorter than 3 characters are refused", async () => {
    const reply = await search("ив", owner.token);
    expectError(reply, 400, "invalid_query");
    expect((await search("  ив  ", owner.token)).status).toBe(400);
  });

  test("only owners and admins may search", async () => {
    const q = `Самоваров${RUN}`;
    expect((await search(q)).status).toBe(401);
    expect((await search(q, loner.token)).body.error.code).toBe("no_company");
    expect((await search(q, member.token)).body.error.code).toBe("forbidden_role");
    expect((await search(q, blocked.token)).body.error.code).toBe("member_blocked");
    expect((await search(q, member.token)).status).toBe(403);
  });
});

describe("GET /app/user/form/employee", () => {
  const options = (token?: string, lang = "ru") => call(api, "GET", `/app/user/form/employee?lang=${lang}`, undefined, token);

  test("the fields and their rules come from the invitation schema", async () => {
    const reply = await options(owner.token, "en");
    expect(reply.status).toBe(200);
    expect(reply.body.data.fields).toEqual([
      { name: "email", input: "email", label: "E-mail", required: true, maxLength: 254, default: null, options: null },
      {
        name: "role",
        input: "select",
        label: "Role in the company",
        required: false,
        maxLength: null,
        default: "member",
        options: [
          { value: "owner", label: "Owner" },
          { value: "admin", label: "Administrator" },
          { value: "sales", label: "Sales manager" },
          { value: "member", label: "Employee" },
        ],
      },
      { name: "position", input: "text", label: "Position", required: false, maxLength: 100, default: null, options: null },
    ]);
    // The same limits the schema enforces.
    expect(InviteEmployeeSchema.safeParse({ email: "a@b.ru", position: "x".repeat(100) }).success).toBe(true);
    expect(InviteEmployeeSchema.safeParse({ email: "a@b.ru", position: "x".repeat(101) }).success).toBe(false);
  });

  test("roles with labels, descriptions and permissions in the asked language; statuses", async () => {
    const ru = (await options(owner.token, "ru")).body.data;
    expect(ru.roles.map((r: { label: string }) => r.label)).toEqual(["Владелец", "Администратор", "Менеджер по продажам", "Сотрудник"]);
    expect(ru.roles[3].permissions.map((p: { key: string }) => p.key)).toEqual(["read", "editProducts"]);
    expect(ru.roles[2].permissions.map((p: { key: string }) => p.key)).toEqual(["read", "editProducts", "answerBuyers"]);
    expect(ru.roles[1].permissions.map((p: { key: string }) => p.key)).toEqual([
      "read",
      "editProducts",
      "answerBuyers",
      "deleteProducts",
      "editCompany",
      "manageEmployees",
    ]);
    expect(ru.statuses).toEqual([
      { value: "invited", label: "Приглашён", settable: false },
      { value: "active", label: "Работает", settable: true },
      { value: "blocked", label: "Заблокирован", settable: true },
    ]);
    const zh = (await options(owner.token, "zh")).body.data;
    expect(zh.roles[0]).toMatchObject({ value: "owner", label: "所有者" });
    expect(zh.fields[0].label).toBe("电子邮箱");
  });

  test("which roles the caller may give: owner all, admin not owner, member none", async () => {
    const assignable = async (token: string) =>
      (await options(token)).body.data.roles.filter((r: { assignable: boolean }) => r.assignable).map((r: { value: string }) => r.value);
    expect(await assignable(owner.token)).toEqual(["owner", "admin", "sales", "member"]);
    expect(await assignable(admin.token)).toEqual(["admin", "sales", "member"]);
    expect(await assignable(member.token)).toEqual([]);
    expect((await options(member.token)).body.data.canInvite).toBe(false);
    expect((await options(admin.token)).body.data.canInvite).toBe(true);
  });

  test("any employee may read it; others are refused", async () => {
    expect((await options()).status).toBe(401);
    expect((await options(loner.token)).body.error.code).toBe("no_company");
    expect((await options(blocked.token)).body.error.code).toBe("member_blocked");
    expect((await owner.get("/app/user/form/employee?lang=fr")).status).toBe(400);
  });
});

describe("POST /app/employee/form", () => {
  const submit = (body: unknown, token?: string) => call(api, "POST", "/app/employee/form", body, token);

  test("a valid form invites: 201 with the employee, the e-mail sent, the row stored", async () => {
    const email = `new.hire.${RUN}@${TEST_DOMAIN}`;
    const reply = await submit({ email: `  ${email.toUpperCase()} `, role: "member", position: "Логист" }, admin.token);
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ email, role: "member", status: "invited", position: "Логист", userId: null, mailSent: true });
    expect(api.mail.some((m) => m.to === email)).toBe(true);
    const [row] = await api.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.invitedEmail, email)));
    expect(row).toMatchObject({ role: "member", status: "invited", invitedBy: admin.id });
    // Sending it again at once is too soon (security review F6), a minute later it renews the open invitation.
    const tooSoon = await submit({ email, role: "admin" }, owner.token);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.errors).toEqual({ "": ["rate_limited"] });
    await api.db
      .update(companyMembers)
      .set({ updatedAt: new Date(Date.now() - 61_000) })
      .where(eq(companyMembers.id, reply.body.data.id));
    const again = await submit({ email, role: "admin" }, owner.token);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: reply.body.data.id, role: "admin", position: "Логист" });
  });

  test("every field's error at once, as codes per field, the same as the profile endpoint's", async () => {
    const body = { email: "not-an-address", role: "boss", position: "x".repeat(101) };
    const reply = await submit(body, owner.token);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ email: ["invalid_email"], role: ["invalid_option"], position: ["too_long"] });
    expect(reply.body.error.code).toBe("invalid_body");
    const profile = await owner.post("/api/profile/company/employees", body);
    expect(profile.status).toBe(400);
    expect(reply.body.error.issues).toEqual(profile.body.error.issues);
    expect((await submit({}, owner.token)).body.errors).toEqual({ email: ["required"] });
  });

  test("conflicts land on their field: an employee already, only an owner gives the owner role", async () => {
    const existing = await submit({ email: colleague.email }, owner.token);
    expect(existing.status).toBe(409);
    expect(existing.body.errors).toEqual({ email: ["already_employee"] });
    const ownerRole = await submit({ email: `future.owner.${RUN}@${TEST_DOMAIN}`, role: "owner" }, admin.token);
    expect(ownerRole.status).toBe(403);
    expect(ownerRole.body.errors).toEqual({ role: ["owner_only"] });
    const [row] = await api.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.invitedEmail, `future.owner.${RUN}@${TEST_DOMAIN}`));
    expect(row).toBeUndefined();
    expect((await submit({ email: `future.owner.${RUN}@${TEST_DOMAIN}`, role: "owner" }, owner.token)).status).toBe(201);
  });

  test("only owners and admins may submit; nothing is stored otherwise", async () => {
    const email = `refused.${RUN}@${TEST_DOMAIN}`;
    expect((await submit({ email })).status).toBe(401);
    expect((await submit({ email }, loner.token)).body.error.code).toBe("no_company");
    expect((await submit({ email }, member.token)).body.error.code).toBe("forbidden_role");
    expect((await submit({ email }, blocked.token)).body.error.code).toBe("member_blocked");
    const rows = await api.db.select().from(companyMembers).where(eq(companyMembers.invitedEmail, email));
    expect(rows).toEqual([]);
  });

  test("a body that is not JSON is a 400, not a 500", async () => {
    const reply = await owner.post("/app/employee/form", "{not json");
    expectError(reply, 400, "invalid_body");
  });
});

test("the three endpoints are in the OpenAPI document with their access", async () => {
  const doc = await api.getJson<{
    paths: Record<string, Record<string, { description: string; requestBody?: unknown; responses: Record<string, unknown> }>>;
  }>("/api/openapi.json");
  expect(Object.keys(doc.body.paths["/app/user/filter/employee"]!)).toEqual(["get"]);
  expect(doc.body.paths["/app/user/filter/employee"]!.get!.description).toContain("Access: owner or admin.");
  expect(Object.keys(doc.body.paths["/app/user/form/employee"]!)).toEqual(["get"]);
  expect(doc.body.paths["/app/employee/form"]!.post!.requestBody).toBeTruthy();
  expect(Object.keys(doc.body.paths["/app/employee/form"]!.post!.responses)).toEqual(
    expect.arrayContaining(["201", "400", "401", "403", "409"]),
  );
});
