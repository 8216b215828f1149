/**
 * Register companies in the directory (issue 30 §2–§3, ADR 057) on both engines, with the real
 * sample registers of ../shared/data/companies/original imported: a register company's page data
 * carries the register marks and facts; the supplier search finds it by name, INN and OKVED code,
 * below platform companies; the SME, headcount, revenue and origin filters select what SQL counts
 * and their facets agree; claiming through moderation and through an address at the company's
 * domain makes the person the owner with the register facts kept; a later import still updates
 * the register facts but not the claimed card; an inquiry and buying requests (private, and public
 * ones matched by TN VED) held for a register company — nothing mailed, the buyer told why — reach
 * the new owner; and the refusals (no sign-in, a platform company, a person in a company, a claim under
 * way, the rate limit).
 */
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { importRegisterFile } from "#server/registers/import.ts";
import { revenueBand } from "#contract/registers.ts";
import { companies } from "#server/db/schema.ts";
import { OKVED_BY_TNVED_CHAPTER } from "#server/rfq/matching.ts";
import { MATCH_CAP } from "#contract/rfq.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { makeTempDataDir, removeDir } from "../support/databases.ts";
import { okvedSubtreeSql } from "../support/okved.ts";
import { trustBuyer } from "../support/rfq.ts";
import { call, cleanupProfileData, createUser, expectError, issuesByPath, type TestUser } from "../support/profile.ts";

let api: TestApi;
let tmp: string;
const original = (name: string) => path.join(api.dataDir, "companies", "original", name);
const ip = () => `10.57.${process.pid % 250}.${Math.floor(Math.random() * 250)}`;
const platformIds: number[] = [];

async function clearRegisters() {
  await api.db.execute(sql`delete from companies where origin = 'register' or id in (select company_id from register_entries)`);
  await api.db.execute(sql`delete from register_changes`);
  await api.db.execute(sql`delete from register_entries`);
  await api.db.execute(sql`delete from register_runs`);
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await api.db.execute<T & Record<string, unknown>>(query)).rows as T[];
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0]!.n);

/** The `<Документ>` elements of the first XML of a sample archive, and the file's header. */
async function sampleDocuments(archive: string): Promise<{ header: string; docs: string[] }> {
  const zip = await JSZip.loadAsync(readFileSync(original(archive)));
  const first = Object.values(zip.files).find((f) => f.name.endsWith(".xml"))!;
  const xml = await first.async("string");
  return { header: xml.slice(0, xml.indexOf("<Документ ")), docs: xml.match(/<Документ [\s\S]*?<\/Документ>/g)! };
}

async function archive(name: string, header: string, docs: string[]): Promise<string> {
  const zip = new JSZip();
  zip.file("VO_TEST.xml", `${header.replace(/КолДок="\d+"/, `КолДок="${docs.length}"`)}${docs.join("")}</Файл>`);
  const file = path.join(tmp, name);
  await writeFile(file, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
  return file;
}

const innOf = (doc: string) => /ИНН(?:ФЛ|ЮЛ)?="(\d+)"/.exec(doc)![1]!;

async function companyOfInn(inn: string): Promise<number> {
  return (await rows<{ company_id: number }>(sql`select company_id from register_entries where inn = ${inn}`))[0]!.company_id;
}

async function platformCompany(name: string, okved: string | null = null): Promise<number> {
  const [row] = await api.db
    .insert(companies)
    .values({ name: { ru: name }, country: "RU", status: "published", publishedAt: new Date(), okvedMain: okved })
    .returning({ id: companies.id });
  platformIds.push(row!.id);
  if (okved)
    await api.db.execute(sql`insert into company_okved_codes (company_id, okved_code, is_main) values (${row!.id}, ${okved}, true)`);
  return row!.id;
}

const filter = (query: string) => call(api, "GET", `/dev/suppliers/filter?lang=ru&perPage=50&${query}`);

let sample: { header: string; docs: string[] };

beforeAll(async () => {
  api = await openTestApi();
  tmp = makeTempDataDir("postavka-registers-directory-");
  await cleanupProfileData(api);
  await clearRegisters();
  const files = readdirSync(path.join(api.dataDir, "companies", "original")).filter((f) => f.endsWith(".zip"));
  // The SME register first (it makes the companies), then headcount and revenue (facts on them).
  files.sort((a, b) => Number(!a.includes("sme")) - Number(!b.includes("sme")) || a.localeCompare(b));
  for (const file of files) await importRegisterFile(api.db, original(file), { partial: true });
  sample = await sampleDocuments("data-test-sme-2.zip");
  // The samples' headcount and revenue files name other taxpayers than their SME files: a fixture
  // built from their documents gives 40 SME organisations headcounts and revenues across the bands.
  const organisations = await rows<{ inn: string }>(sql`select e.inn from register_entries e join companies c on c.id = e.company_id
    where c.origin = 'register' and e.kind = 'legal' order by e.inn limit 40`);
  const headcounts = [3, 30, 120, 600, 2000];
  const revenues = ["50000000.00", "300000000.00", "1500000000.00", "3000000000.00"];
  const empl = await sampleDocuments("data-test-empl-2.zip");
  const revexp = await sampleDocuments("data-test-revexp-2.zip");
  const withInn = (doc: string, inn: string) => doc.replace(/ИННЮЛ="\d+"/, `ИННЮЛ="${inn}"`);
  await importRegisterFile(
    api.db,
    await archive(
      "empl.zip",
      empl.header,
      organisations.map((o, i) => withInn(empl.docs[0]!, o.inn).replace(/КолРаб="\d+"/, `КолРаб="${headcounts[i % headcounts.length]}"`)),
    ),
    { partial: true },
  );
  await importRegisterFile(
    api.db,
    await archive(
      "revexp.zip",
      revexp.header,
      organisations.map((o, i) =>
        withInn(revexp.docs[0]!, o.inn).replace(/СумДоход="[\d.]+"/, `СумДоход="${revenues[i % revenues.length]}"`),
      ),
    ),
    { partial: true },
  );
}, 120_000);

afterAll(async () => {
  if (!api) return;
  await clearRegisters();
  if (platformIds.length) await api.db.execute(sql`delete from companies where id in ${platformIds}`);
  await cleanupProfileData(api);
  removeDir(tmp);
  await api.close();
});

describe("register company pages", () => {
  test("the page data carries the register marks, the legal entity, the activities, the SME category and the bands with their dates", async () => {
    const [entry] = await rows<{
      inn: string;
      company_id: number;
      ogrn: string;
      sme_category: number;
      sme_as_of: string;
      headcount: number;
      headcount_as_of: string;
      revenue: string;
      finance_as_of: string;
      okved_main: string;
    }>(sql`select e.inn, e.company_id, e.ogrn, e.sme_category, e.sme_as_of::text, e.headcount, e.headcount_as_of::text,
        e.revenue::text, e.finance_as_of::text, e.okved_main
      from register_entries e join companies c on c.id = e.company_id
      where c.origin = 'register' and e.headcount is not null and e.revenue is not null and e.okved_main is not null
      order by e.inn limit 1`);
    expect(entry, "the samples hold a company with headcount and revenue").toBeDefined();
    const page = await call(api, "GET", `/api/companies/${entry!.company_id}?lang=en`);
    expect(page.status).toBe(200);
    const company = page.body.data;
    expect(company.origin).toBe("register");
    expect(company.register).toEqual({
      asOf: entry!.sme_as_of,
      smeCategory: ["micro", "small", "medium"][entry!.sme_category - 1],
      smeIncludedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      leftAt: null,
      headcountBand: expect.any(String),
      headcountAsOf: entry!.headcount_as_of,
      revenueBand: revenueBand(Number(entry!.revenue)),
      revenueAsOf: entry!.finance_as_of,
    });
    expect(company.legalEntities[0]).toMatchObject({ inn: entry!.inn, ogrn: entry!.ogrn });
    expect(company.okved.find((o: { isMain: boolean }) => o.isMain)?.code).toBe(entry!.okved_main);
    // The company's own fields stay empty: the registers hold no address, phone or e-mail.
    expect(company).toMatchObject({ email: null, phone: null, website: null });
  });

  test("a platform company has no register block unless a register lists its INN", async () => {
    const id = await platformCompany("Платформенная компания без реестра");
    const page = await call(api, "GET", `/api/companies/${id}?lang=ru`);
    expect(page.body.data).toMatchObject({ origin: "platform", register: null });
  });

  test("register companies are in the sitemap", async () => {
    const total = await count(sql`select count(*) as n from companies where status = 'published'`);
    const list = await call(api, "GET", "/app/sitemap");
    expect(list.status).toBe(200);
    const suppliers = list.body.data.find((s: { type: string }) => s.type === "suppliers");
    expect(suppliers.count).toBe(total);
    const page = await call(api, "GET", "/app/sitemap/suppliers?page=1");
    const keys = new Set(page.body.data.map((e: { key: string }) => e.key));
    const someRegister = (await rows<{ id: number }>(sql`select id from companies where origin = 'register' order by id limit 1`))[0]!;
    expect(keys.has(String(someRegister.id))).toBe(true);
  });
});

describe("the supplier search and filters", () => {
  test("a register company is found by its name, INN and OKVED code, below platform companies", async () => {
    const [entry] = await rows<{ inn: string; company_id: number; name: string; okved_main: string }>(sql`
      select e.inn, e.company_id, c.name->>'ru' as name, e.okved_main from register_entries e join companies c on c.id = e.company_id
      where c.origin = 'register' and e.kind = 'legal' and e.okved_main is not null and c.okved_main is not null
        and c.name->>'ru' ~ '"[А-ЯЁ]{5,}' order by e.inn limit 1`);
    const word = /"([А-ЯЁ]{5,})/.exec(entry!.name)![1]!;
    const platform = await platformCompany(`${word} платформа`, entry!.okved_main);

    const byName = await filter(`q=${encodeURIComponent(word.toLowerCase())}`);
    const ids = byName.body.data.items.map((c: { id: number }) => c.id);
    expect(ids).toContain(entry!.company_id);
    expect(ids[0]).toBe(platform);
    expect(byName.body.data.items.find((c: { id: number }) => c.id === entry!.company_id).origin).toBe("register");

    const byInn = await filter(`q=${entry!.inn}`);
    expect(byInn.body.data.items.map((c: { id: number }) => c.id)).toEqual([entry!.company_id]);
    expect(byInn.body.meta.total).toBe(1);

    const byOkved = await filter(`q=${entry!.okved_main}`);
    const okvedIds = byOkved.body.data.items.map((c: { id: number }) => c.id);
    expect(okvedIds[0]).toBe(platform);
    expect(byOkved.body.meta.total).toBe(
      await count(sql`select count(distinct o.company_id) as n from company_okved_codes o join companies c on c.id = o.company_id
        where c.status = 'published' and o.okved_code in ${okvedSubtreeSql(entry!.okved_main)}`),
    );
    // The cross search finds it by INN too.
    const cross = await call(api, "GET", `/dev/search?q=${entry!.inn}&lang=ru`);
    expect(cross.body.data.suppliers.items.map((c: { id: number }) => c.id)).toEqual([entry!.company_id]);
  });

  test("each register filter selects what SQL counts, and the facets agree", async () => {
    const published = sql`status = 'published'`;
    const unfiltered = await filter("");
    const facets = unfiltered.body.data.facets;
    for (const [name, code] of [
      ["micro", 1],
      ["small", 2],
      ["medium", 3],
    ] as const) {
      const expected = await count(sql`select count(*) as n from companies where ${published} and sme_category = ${code}`);
      expect(facets.sme[name], `facet sme=${name}`).toBe(expected);
      const listed = await filter(`sme=${name}`);
      expect(listed.status).toBe(200);
      expect(listed.body.meta.total, `list sme=${name}`).toBe(Math.min(expected, 10_000));
    }
    expect(facets.sme.micro).toBeGreaterThan(0);
    const bands = await rows<{ revenue_band: string; n: string }>(
      sql`select revenue_band, count(*) as n from companies where ${published} and revenue_band is not null group by 1`,
    );
    expect(bands.length).toBeGreaterThan(0);
    expect(Object.fromEntries(facets.revenue.map((b: { value: string; count: number }) => [b.value, b.count]))).toEqual(
      Object.fromEntries(bands.map((b) => [b.revenue_band, Number(b.n)])),
    );
    const heads = await rows<{ headcount_range: string; n: string }>(
      sql`select headcount_range, count(*) as n from companies where ${published} and headcount_range is not null group by 1`,
    );
    expect(Object.fromEntries(facets.headcount.map((b: { value: string; count: number }) => [b.value, b.count]))).toEqual(
      Object.fromEntries(heads.map((b) => [b.headcount_range, Number(b.n)])),
    );
    const registerOnly = await count(sql`select count(*) as n from companies where ${published} and origin = 'register'`);
    expect(facets.origins.register).toBe(registerOnly);
    expect(facets.origins.platform).toBe(await count(sql`select count(*) as n from companies where ${published} and origin = 'platform'`));

    // Filters combined: the list's total and each facet counted without its own filter.
    const band = bands[0]!.revenue_band;
    const combined = await filter(`origin=register&revenue=${band}&sme=micro`);
    expect(combined.body.meta.total).toBe(
      await count(
        sql`select count(*) as n from companies where ${published} and origin = 'register' and revenue_band = ${band} and sme_category = 1`,
      ),
    );
    expect(combined.body.data.facets.sme.small).toBe(
      await count(
        sql`select count(*) as n from companies where ${published} and origin = 'register' and revenue_band = ${band} and sme_category = 2`,
      ),
    );
    expect(combined.body.data.facets.origins.platform).toBe(
      await count(
        sql`select count(*) as n from companies where ${published} and origin = 'platform' and revenue_band = ${band} and sme_category = 1`,
      ),
    );
    for (const item of combined.body.data.items) expect(item.origin).toBe("register");
    const onPlatform = await filter("origin=platform");
    for (const item of onPlatform.body.data.items) expect(item.origin).toBe("platform");

    // A bad value is a clear 400, not a 500.
    expectError(await filter("revenue=lots"), 400, "invalid_query");
  });
});

describe("claiming", () => {
  let owner: TestUser;
  let rival: TestUser;
  let buyer: TestUser;
  let moderator: TestUser;
  let claimedId: number;
  let claimedInn: string;
  let privateRfq: number;
  let publicRfq: number;

  beforeAll(async () => {
    owner = await createUser(api, "claimant");
    rival = await createUser(api, "rival");
    buyer = await createUser(api, "buyer");
    moderator = await createUser(api, "claims-moderator", { role: "MODERATOR" });
    claimedInn = innOf(sample.docs[0]!);
    claimedId = await companyOfInn(claimedInn);
  });

  test("nobody claims without signing in, a platform company cannot be claimed, nor by a person in a company", async () => {
    expectError(
      await call(api, "POST", `/api/claims/companies/${claimedId}`, { method: "moderation", statement: "x".repeat(30) }),
      401,
      "unauthorized",
    );
    const platform = await platformCompany("Уже на платформе");
    expectError(
      await owner.post(`/api/claims/companies/${platform}`, { method: "moderation", statement: "Я директор этой компании." }),
      409,
      "not_claimable",
    );
    const member = await createUser(api, "member-elsewhere");
    await api.db.execute(
      sql`insert into company_members (company_id, user_id, role, status) values (${platform}, ${member.id}, 'owner', 'active')`,
    );
    expectError(
      await member.post(`/api/claims/companies/${claimedId}`, { method: "moderation", statement: "Я директор этой компании." }),
      409,
      "already_member",
    );
    expectError(
      await owner.post(`/api/claims/companies/999999999`, { method: "moderation", statement: "Я директор этой компании." }),
      404,
      "not_found",
    );
  });

  test("an inquiry to a register company is held and its sender told so", async () => {
    const form = await buyer.get(`/api/inquiries/form?supplier=${claimedId}`);
    expect(form.body.data.supplier).toMatchObject({ claimed: false, held: true });
    const mailsBefore = api.mail.length;
    const sent = await buyer.post("/api/inquiries", { supplierId: claimedId, message: "Нужна цена на 100 штук" }, { "x-client-ip": ip() });
    expect(sent.status).toBe(201);
    expect(sent.body.data.held).toBe(true);
    // Nothing is e-mailed (the registers hold no address): no mail once the due jobs ran.
    await api.jobs.runDue();
    expect(api.mail.slice(mailsBefore)).toEqual([]);
  });

  test("buying requests to a register company are held, nothing is mailed, and the buyer reads why", async () => {
    // A chapter of goods whose OKVED activities few published companies have: the claimed company
    // gets one of them, so the public request's matching (capped at MATCH_CAP) surely reaches it.
    let best: { chapter: string; prefix: string; n: number } | null = null;
    for (const [chapter, prefixes] of Object.entries(OKVED_BY_TNVED_CHAPTER)) {
      const n =
        await count(sql`select count(distinct co.company_id) as n from company_okved_codes co join companies c on c.id = co.company_id
        where c.status = 'published' and co.okved_code like any(string_to_array(${prefixes.map((p) => `${p}%`).join(",")}, ','))`);
      if (!best || n < best.n) best = { chapter, prefix: prefixes[0]!, n };
    }
    expect(best!.n).toBeLessThan(MATCH_CAP);
    const [okved] = await rows<{ code: string }>(
      sql`select code from okved_codes where code like ${`${best!.prefix}%`} order by code limit 1`,
    );
    await api.db.execute(
      sql`insert into company_okved_codes (company_id, okved_code, is_main) values (${claimedId}, ${okved!.code}, false) on conflict do nothing`,
    );
    const pick = async (prefix: string) =>
      (
        await rows<{ code_digits: string }>(
          sql`select code_digits from tnved_codes where level = (select max(level) from tnved_codes) and code_digits like ${`${prefix}%`} order by code limit 1`,
        )
      )[0]!.code_digits;
    const tnved = await pick(best!.chapter);
    await trustBuyer(api, buyer.id, tnved);
    const request = (overrides: Record<string, unknown>) => ({
      title: "Партия изделий для проверки",
      description: "Нужна партия изделий, условия поставки обсудим.",
      lang: "ru",
      tnvedCode: tnved,
      quantity: "10",
      unit: "pcs",
      incoterms: "DAP",
      destinationCountry: "RU",
      destinationCity: "Казань",
      deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      ...overrides,
    });
    const mailsBefore = api.mail.length;
    // Private: the buyer invites the register company; a trusted buyer's request opens at once.
    const created = await buyer.post("/api/profile/rfq", request({ visibility: "private", invitedCompanyIds: [claimedId] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    privateRfq = created.body.data.id;
    expect((await buyer.post(`/api/profile/rfq/${privateRfq}/status`, { action: "submit" })).body.data.status).toBe("open");
    // Public: sent, approved by a moderator, matched by its TN VED chapter's OKVED activities.
    const open = await buyer.post("/api/profile/rfq", request({ title: "Партия изделий, открытый запрос", visibility: "public" }));
    publicRfq = open.body.data.id;
    expect((await buyer.post(`/api/profile/rfq/${publicRfq}/status`, { action: "submit" })).body.data.status).toBe("moderation");
    expect((await moderator.post(`/app/admin/moderation/rfq/${publicRfq}/approve`)).status).toBe(200);
    for (const name of ["rfq-match", "notification-mail"]) await api.jobs.runDue(name);

    for (const id of [privateRfq, publicRfq]) {
      const marks = await rows<{ held_back: string | null; notified_at: Date | null }>(
        sql`select held_back, notified_at from rfq_matches where rfq_id = ${id} and company_id = ${claimedId}`,
      );
      expect(marks).toEqual([{ held_back: "unclaimed", notified_at: null }]);
    }
    const own = await buyer.get(`/api/profile/rfq/${privateRfq}`);
    expect(own.body.data.reach).toEqual({
      matched: 1,
      told: 0,
      byAccount: 0,
      byEmail: 0,
      noAddress: 0,
      heldBack: 0,
      unclaimed: 1,
      pending: 0,
    });
    expect((await buyer.get(`/api/profile/rfq/${publicRfq}`)).body.data.reach.unclaimed).toBeGreaterThanOrEqual(1);
    // Nothing is e-mailed to the register companies (no address exists; none is guessed): the only
    // mail is the buyer's own "your request was approved".
    expect(api.mail.slice(mailsBefore).map((m) => m.to)).toEqual([buyer.email]);
    // Nobody runs the company yet, so nobody sees the private request as its supplier.
    expect((await owner.get(`/api/rfq/${privateRfq}`)).status).toBe(404);
  });

  test("through moderation: one claim at a time, the moderator sees the register facts and approves; the owner gets the held inquiry", async () => {
    const state = await owner.get(`/api/claims/companies/${claimedId}`);
    expect(state.body.data).toMatchObject({ claimable: true, blocker: null, emailDomain: null, claim: null });
    // Only moderation for a company without a known domain.
    expectError(
      await owner.post(`/api/claims/companies/${claimedId}`, { method: "email", email: "boss@example.ru" }),
      409,
      "no_company_domain",
    );
    expect(issuesByPath(await owner.post(`/api/claims/companies/${claimedId}`, { method: "moderation", statement: "коротко" }))).toEqual({
      statement: "too_short",
    });
    const started = await owner.post(
      `/api/claims/companies/${claimedId}`,
      { method: "moderation", statement: "Я индивидуальный предприниматель, паспорт и свидетельство ОГРНИП пришлю." },
      { "x-client-ip": ip() },
    );
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ method: "moderation", status: "pending", companyId: claimedId });
    expectError(
      await rival.post(`/api/claims/companies/${claimedId}`, { method: "moderation", statement: "Нет, это моя компания, я директор." }),
      409,
      "claim_pending",
    );
    expect((await rival.get(`/api/claims/companies/${claimedId}`)).body.data).toMatchObject({ claimable: false, blocker: "claim_pending" });

    expectError(await owner.get("/app/admin/claims"), 403, "forbidden");
    const queue = await moderator.get("/app/admin/claims");
    const item = queue.body.data.find((c: { id: number }) => c.id === started.body.data.id);
    expect(item).toMatchObject({
      inn: claimedInn,
      person: { id: owner.id, email: owner.email },
      register: { smeCategory: expect.any(String) },
    });

    const approved = await moderator.post(`/app/admin/claims/${started.body.data.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe("approved");
    const page = await call(api, "GET", `/api/companies/${claimedId}?lang=ru`);
    expect(page.body.data.origin).toBe("platform");
    expect(page.body.data.register).not.toBeNull();
    const member = await rows<{ role: string; status: string }>(
      sql`select role, status from company_members where company_id = ${claimedId} and user_id = ${owner.id}`,
    );
    expect(member).toEqual([{ role: "owner", status: "active" }]);
    // The held inquiry and the held buying requests reach the new owner.
    const inbox = await owner.get("/api/notifications");
    expect(inbox.body.data.map((n: { kind: string }) => n.kind)).toContain("inquiry.new");
    const links = inbox.body.data.filter((n: { kind: string }) => n.kind === "rfq.new").map((n: { link: string }) => n.link);
    expect(links.sort()).toEqual([`/profile/quotes/new?rfq=${privateRfq}`, `/profile/quotes/new?rfq=${publicRfq}`].sort());
    expect((await owner.get(`/api/rfq/${privateRfq}`)).status).toBe(200);
    const reach = await buyer.get(`/api/profile/rfq/${privateRfq}`);
    expect(reach.body.data.reach).toMatchObject({ matched: 1, told: 1, byAccount: 1, unclaimed: 0 });
    const audit = await count(
      sql`select count(*) as n from admin_audit_log where action = 'company.claim_approve' and entity_id = ${String(claimedId)}`,
    );
    expect(audit).toBe(1);
    // Claimed: no second claim.
    expectError(
      await rival.post(`/api/claims/companies/${claimedId}`, { method: "moderation", statement: "Нет, это моя компания, я директор." }),
      409,
      "not_claimable",
    );
    expect(await count(sql`select count(*) as n from register_entries where company_id = ${claimedId}`)).toBe(1);
  });

  test("a later import still updates the register facts of a claimed company but not its own card", async () => {
    // The owner edits the card's name; the register then changes the category and the name.
    await api.db.execute(sql`update companies set name = ${JSON.stringify({ ru: "Своё имя" })}::jsonb where id = ${claimedId}`);
    const doc = sample.docs[0]!;
    const category = /КатСубМСП="(\d)"/.exec(doc)![1]!;
    const next = category === "1" ? "2" : "1";
    const later = doc
      .replace(/ДатаСост="\d\d\.\d\d\.\d{4}"/, 'ДатаСост="10.12.2025"')
      .replace(`КатСубМСП="${category}"`, `КатСубМСП="${next}"`)
      .replace(/Фамилия="[^"]*"/, 'Фамилия="НОВОФАМИЛЬЕВ"');
    const report = await importRegisterFile(api.db, await archive("later.zip", sample.header, [later]), { partial: true });
    expect(report).toMatchObject({ changed: 1 });
    const [entry] = await rows<{ sme_category: number; name_full: string; sme_as_of: string }>(
      sql`select sme_category, name_full, sme_as_of::text from register_entries where inn = ${claimedInn}`,
    );
    expect(entry).toMatchObject({ sme_category: Number(next), sme_as_of: "2025-12-10" });
    expect(entry!.name_full.toUpperCase()).toContain("НОВОФАМИЛЬЕВ");
    const [card] = await rows<{ name: { ru: string }; origin: string; sme_category: number }>(
      sql`select name, origin, sme_category from companies where id = ${claimedId}`,
    );
    expect(card).toEqual({ name: { ru: "Своё имя" }, origin: "platform", sme_category: Number(next) });
    const page = await call(api, "GET", `/api/companies/${claimedId}?lang=ru`);
    expect(page.body.data.register).toMatchObject({ asOf: "2025-12-10", smeCategory: next === "1" ? "micro" : "small" });
  });

  test("by an address at the company's own domain: the code from the e-mail makes the person the owner", async () => {
    const inn = innOf(sample.docs[1]!);
    const id = await companyOfInn(inn);
    await api.db.execute(sql`update companies set website = 'https://www.Example-Zavod.ru/about' where id = ${id}`);
    const person = await createUser(api, "mail-claimant", { locale: "en" });
    const state = await person.get(`/api/claims/companies/${id}`);
    expect(state.body.data).toMatchObject({ claimable: true, emailDomain: "example-zavod.ru" });
    expect(issuesByPath(await person.post(`/api/claims/companies/${id}`, { method: "email", email: "boss@gmail.com" }))).toEqual({
      email: "email_domain",
    });
    const mailsBefore = api.mail.length;
    const started = await person.post(`/api/claims/companies/${id}`, { method: "email", email: "Director@msk.example-zavod.ru" });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ method: "email", status: "pending", email: "director@msk.example-zavod.ru" });
    const mail = api.mail.slice(mailsBefore).find((m) => m.to === "director@msk.example-zavod.ru");
    expect(mail?.subject).toContain("claim");
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await person.post(`/api/claims/${started.body.data.id}/confirm`, { code: wrong });
    expectError(refused, 400, "invalid_code");
    expect(refused.body.error.details).toEqual({ attemptsLeft: 4 });
    // Another person cannot use the code.
    expectError(await owner.post(`/api/claims/${started.body.data.id}/confirm`, { code }), 404, "not_found");
    const confirmed = await person.post(`/api/claims/${started.body.data.id}/confirm`, { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe("approved");
    const [company] = await rows<{ origin: string }>(sql`select origin from companies where id = ${id}`);
    expect(company!.origin).toBe("platform");
    expect(
      await count(sql`select count(*) as n from company_members where company_id = ${id} and user_id = ${person.id} and role = 'owner'`),
    ).toBe(1);
  });

  test("claims are rate limited per person", async () => {
    const eager = await createUser(api, "eager-claimant");
    const ids = await rows<{ company_id: number }>(sql`select e.company_id from register_entries e join companies c on c.id = e.company_id
      where c.origin = 'register' and not exists (select 1 from company_claims k where k.company_id = c.id) order by e.inn desc limit 6`);
    const statuses: number[] = [];
    for (const { company_id } of ids)
      statuses.push(
        (
          await eager.post(
            `/api/claims/companies/${company_id}`,
            { method: "moderation", statement: "Я работаю в этой компании бухгалтером." },
            { "x-client-ip": ip() },
          )
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
