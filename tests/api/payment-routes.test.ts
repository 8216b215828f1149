/**
 * Payment routes (issue 28 §3; ADR 049) on PGlite and PostgreSQL:
 * - the Bank of Russia register imported from the real file (1,884 rows, 1,882 registration
 *   numbers), revoked licences flagged, a second import changing nothing, a wrong header or a bad
 *   row refused with its line and nothing written;
 * - a supplier's routes: added, changed, paused and deleted by an owner; account numbers, bad SWIFT
 *   BICs, a currency the kind does not take and unknown banks refused with their validation codes;
 *   a plain member reads but may not write, another company's route is a 404, an anonymous caller 401;
 *   the public list shows a published company's active routes only;
 * - outcomes recorded by the payer (`recordPaymentOutcome`) and their aggregates: nothing below
 *   5 payments or 3 payers, the 180-day window, rounded medians, reasons only when two payers gave them.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { banks, companies, companyMembers, orders, paymentOutcomes } from "#server/db/schema.ts";
import { BankRegisterError, importBanks } from "#server/payment-routes/banks.ts";
import { recordPaymentOutcome } from "#server/payment-routes/outcomes.ts";
import { platformStats } from "#server/payment-routes/stats.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import {
  call,
  cleanupProfileData,
  createSupplier,
  createUser,
  expectError,
  issuesByPath,
  type Supplier,
  type TestUser,
} from "../support/profile.ts";

let api: TestApi;
let supplier: Supplier;
let member: TestUser;
let outsider: Supplier;
const payers: Supplier[] = [];
let registerFile: string;
const P = "/api/profile/company/payment-routes";

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  // The global setup imported it (tests/support/global-setup.ts); the tests below import it again.
  registerFile = path.join(api.dataDir, "companies", "cbr_credit_organizations_20260202.csv");
  supplier = await createSupplier(api, "payee", { name: { zh: "哈尔滨贸易", ru: "Харбин Трейд" }, country: "CN" });
  await api.db.update(companies).set({ status: "published", publishedAt: new Date() }).where(eq(companies.id, supplier.companyId));
  member = await createUser(api, "member");
  await api.db.insert(companyMembers).values({ companyId: supplier.companyId, userId: member.id, role: "member", status: "active" });
  outsider = await createSupplier(api, "outsider", { name: { ru: "ООО «Чужая»" }, country: "RU" });
  for (const label of ["payer-a", "payer-b", "payer-c"])
    payers.push(await createSupplier(api, label, { name: { ru: `ООО «${label}»` }, country: "RU" }));
});

afterAll(async () => {
  await cleanupProfileData(api);
  await api.close();
});

describe("the Bank of Russia register", () => {
  test("the real file: every registration number once, licence statuses mapped, revoked flagged", async () => {
    const [{ n }] = (await api.db.execute<{ n: number }>(sql`select count(*)::int as n from banks`)).rows as [{ n: number }];
    expect(n).toBe(1882);
    const [sber] = await api.db.select().from(banks).where(eq(banks.regNumber, "1481"));
    expect(sber).toMatchObject({ name: "ПАО Сбербанк", ogrn: "1027700132195", licenceStatus: "active" });
    const [zerno] = await api.db.select().from(banks).where(eq(banks.regNumber, "2337"));
    expect(zerno).toMatchObject({ name: 'АО "Зернобанк"', licenceStatus: "revoked", licenceStatusText: "Отозванная" });
    const counts = await api.db.execute<{ status: string; n: number }>(
      sql`select licence_status as status, count(*)::int as n from banks group by 1 order by 1`,
    );
    expect(Object.fromEntries(counts.rows.map((r) => [r.status, r.n]))).toEqual({
      active: 353,
      annulled: 4,
      liquidation: 1231,
      revoked: 292,
      unknown: 2,
    });
  });

  test("a second import of the same file changes nothing", async () => {
    expect(await importBanks(api.db, registerFile)).toMatchObject({ banks: 1882, added: 0, changed: 0, unchanged: 1882 });
  });

  test("a wrong header or a bad row is refused with its line, and nothing is written", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "banks-"));
    const real = (await readFile(registerFile, "utf8")).split(/\r?\n/);
    const header = path.join(dir, "wrong-header.csv");
    await writeFile(header, ["regnum,ogrn,name", ...real.slice(1, 5)].join("\n"));
    await expect(importBanks(api.db, header)).rejects.toThrow(/line 1: unexpected header/);
    const badRow = path.join(dir, "bad-row.csv");
    // Line 4: a registration number that is not a number; line 2 renames Sberbank, which must not be written.
    const lines = [real[0], real[1]!.replace("Алтайкапиталбанк", "Переименован"), real[2], real[3]!.replace(/^\d+/, "X12"), real[4]];
    await writeFile(badRow, lines.join("\n"));
    const error = await importBanks(api.db, badRow).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankRegisterError);
    expect((error as BankRegisterError).line).toBe(4);
    const [first] = await api.db.select().from(banks).where(eq(banks.regNumber, "2659"));
    expect(first!.name).toBe('ООО КБ "Алтайкапиталбанк"');
    const status = path.join(dir, "bad-status.csv");
    await writeFile(status, [real[0], real[1]!.replace("Действующая", "Приостановлена")].join("\n"));
    await expect(importBanks(api.db, status)).rejects.toThrow(/line 2: unknown licence status "Приостановлена"/);
    const broken = path.join(dir, "broken-quote.csv");
    await writeFile(broken, [real[0], real[1], '2337,1,True,"АО ""Зерно"" x"y,НПАО,Банк,1993-05-13,Отозванная,'].join("\n"));
    await expect(importBanks(api.db, broken)).rejects.toThrow(/line 3: not a readable CSV file/);
  });

  test("the form's list holds banks with a licence; `all` every one; `q` searches", async () => {
    const active = (await api.getJson<{ data: { regNumber: string; licenceStatus: string }[] }>("/api/payment-routes/banks")).body.data;
    expect(active.length).toBe(355);
    expect(active.some((b) => b.regNumber === "2337")).toBe(false);
    const found = (
      await api.getJson<{ data: { regNumber: string }[] }>(
        "/api/payment-routes/banks?q=%D0%B7%D0%B5%D1%80%D0%BD%D0%BE%D0%B1%D0%B0%D0%BD%D0%BA&all=true",
      )
    ).body.data;
    expect(found.map((b) => b.regNumber)).toContain("2337");
  });
});

describe("a supplier's routes", () => {
  let rubId: number;
  let cnyId: number;

  test("an owner adds RUB to a register bank and CNY to a foreign bank by SWIFT BIC", async () => {
    const rub = await supplier.ok("POST", P, { kind: "rub_account", currency: "RUB", bankRegNumber: "1481", feeNote: "Без комиссии" });
    expect(rub).toMatchObject({
      kind: "rub_account",
      currency: "RUB",
      bank: { regNumber: "1481", licenceStatus: "active" },
      active: true,
      stats: null,
    });
    rubId = rub.id;
    const cny = await supplier.ok("POST", P, {
      kind: "bank_transfer",
      currency: "CNY",
      foreignBankName: "Bank of China, Harbin Branch",
      swiftBic: "bkch cn bj 860",
      feePercent: "0,5",
      feeFixed: "150",
      feeCurrency: "CNY",
    });
    expect(cny).toMatchObject({
      foreignBank: { name: "Bank of China, Harbin Branch", swiftBic: "BKCHCNBJ860" },
      fees: { percent: "0.50", fixed: "150.00", currency: "CNY" },
    });
    cnyId = cny.id;
    const agent = await supplier.ok("POST", P, { kind: "agent", currency: "CNY", agentName: "ООО «Агент»", bankRegNumber: "2337" });
    // A bank whose licence was revoked is kept and flagged.
    expect(agent.bank).toMatchObject({ regNumber: "2337", licenceStatus: "revoked" });
  });

  test("account numbers, bad BICs, wrong currencies and unknown banks are refused, each on its field", async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { kind: "rub_account", currency: "RUB", bankRegNumber: "1481", feeNote: "р/с 40702 810 3 0000 0012345" },
        { feeNote: "account_number" },
      ],
      [
        { kind: "rub_account", currency: "RUB", bankRegNumber: "1481", feeNote: "счёт 40702810300000012345" },
        { feeNote: "account_number" },
      ],
      [
        { kind: "bank_transfer", currency: "EUR", foreignBankName: "Bank DE89 3704 0044 0532 0130 00", swiftBic: "DEUTDEFF" },
        { foreignBankName: "account_number" },
      ],
      [{ kind: "agent", currency: "CNY", agentName: "Агент 6222 0212 3456 7890 123" }, { agentName: "account_number" }],
      [
        { kind: "bank_transfer", currency: "CNY", foreignBankName: "Bank of China", swiftBic: "BKCH1NBJ" },
        { swiftBic: "swift_bic_format" },
      ],
      [
        { kind: "bank_transfer", currency: "CNY", foreignBankName: "Bank of China", swiftBic: "BKCHQQBJ" },
        { swiftBic: "swift_bic_format" },
      ],
      [
        { kind: "bank_transfer", currency: "CNY", foreignBankName: "Bank of China", swiftBic: "BKCHCNBJ86" },
        { swiftBic: "swift_bic_format" },
      ],
      [{ kind: "bank_transfer", currency: "CNY", foreignBankName: "Bank of China" }, { swiftBic: "required" }],
      [{ kind: "rub_account", currency: "CNY", bankRegNumber: "1481" }, { currency: "route_currency" }],
      [{ kind: "bank_transfer", currency: "RUB", bankRegNumber: "1481" }, { currency: "route_currency" }],
      [{ kind: "rub_account", currency: "RUB" }, { bankRegNumber: "required" }],
      [{ kind: "agent", currency: "USD" }, { agentName: "required" }],
      [{ kind: "rub_account", currency: "RUB", bankRegNumber: "1481", feeFixed: "10" }, { feeCurrency: "price_currency_pair" }],
      [{ kind: "rub_account", currency: "RUB", bankRegNumber: "1481", feePercent: "101" }, { feePercent: "too_big" }],
      [{ kind: "rub_account", currency: "RUB", bankRegNumber: "999999" }, { bankRegNumber: "invalid_option" }],
    ];
    for (const [body, issues] of cases) {
      const reply = await supplier.post(P, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(issuesByPath(reply), JSON.stringify(body)).toMatchObject(issues);
    }
    expect((await supplier.ok<unknown[]>("GET", P)).length).toBe(3);
  });

  test("a phone number or a short number is not an account number", async () => {
    const ok = await supplier.ok("POST", P, {
      kind: "agent",
      currency: "RUB",
      agentName: "Агент +7 (495) 123-45-67",
      feeNote: "минимум 1 000 000 руб.",
    });
    await supplier.ok("DELETE", `${P}/${ok.id}`);
  });

  test("an owner changes and pauses a route; a PATCH is checked as a whole", async () => {
    const changed = await supplier.ok("PATCH", `${P}/${rubId}`, { bankRegNumber: "1000", active: false });
    expect(changed).toMatchObject({ bank: { regNumber: "1000" }, active: false, fees: { note: "Без комиссии" } });
    expectError(await supplier.patch(`${P}/${rubId}`, { currency: "USD" }), 400, "invalid_body");
    await supplier.ok("PATCH", `${P}/${rubId}`, { active: true });
  });

  test("a plain member reads but may not write; another company sees a 404; anonymous 401", async () => {
    expect((await member.ok<unknown[]>("GET", P)).length).toBe(3);
    expectError(await member.post(P, { kind: "agent", currency: "USD", agentName: "X" }), 403, "forbidden_role");
    expectError(await member.patch(`${P}/${rubId}`, { active: false }), 403, "forbidden_role");
    expectError(await member.delete(`${P}/${rubId}`), 403, "forbidden_role");
    expectError(await outsider.patch(`${P}/${rubId}`, { active: false }), 404, "not_found");
    expectError(await outsider.delete(`${P}/${rubId}`), 404, "not_found");
    expect(await outsider.ok("GET", P)).toEqual([]);
    expect((await call(api, "GET", P, undefined, undefined)).status).toBe(401);
    expect((await supplier.ok("GET", P)).find((r: { id: number }) => r.id === rubId).active).toBe(true);
  });

  test("the public list: a published company's active routes; an unpublished company is a 404", async () => {
    await supplier.ok("PATCH", `${P}/${cnyId}`, { active: false });
    const list = (await api.getJson<{ data: { id: number }[] }>(`/api/payment-routes/companies/${supplier.companyId}`)).body.data;
    expect(list.map((r) => r.id)).not.toContain(cnyId);
    expect(list.map((r) => r.id)).toContain(rubId);
    await supplier.ok("PATCH", `${P}/${cnyId}`, { active: true });
    expect((await api.getJson(`/api/payment-routes/companies/${outsider.companyId}`)).status).toBe(404);
    expect((await api.getJson(`/api/payment-routes/companies/abc`)).status).toBe(404);
  });
});

describe("outcomes and their aggregates", () => {
  let routeId: number;
  let agentRouteId: number;
  /** An order between `payer` and the supplier, as the order page records its payments against one. */
  const orderOf = async (payer: Supplier) => {
    const [row] = await api.db
      .insert(orders)
      .values({ buyerCompanyId: payer.companyId, supplierCompanyId: supplier.companyId, origin: "products", currency: "CNY" })
      .returning({ id: orders.id });
    return row!.id;
  };
  const record = async (payer: Supplier, body: Record<string, unknown>, now?: Date) =>
    recordPaymentOutcome(
      api.db,
      payer.id,
      {
        orderId: await orderOf(payer),
        routeId,
        payerCompanyId: payer.companyId,
        payeeCompanyId: supplier.companyId,
        stage: "prepayment",
        ...body,
      },
      now,
    );

  beforeAll(async () => {
    // A register bank no other test file uses, so the platform's figures for it are this file's alone.
    routeId = (await supplier.ok("POST", P, { kind: "bank_transfer", currency: "CNY", bankRegNumber: "3349" })).id;
    agentRouteId = (await supplier.ok("POST", P, { kind: "agent", currency: "CNY", agentName: "Агент Платёжный Тест" })).id;
  });

  const statsOf = async () => (await supplier.ok<{ id: number; stats: unknown }[]>("GET", P)).find((r) => r.id === routeId)!.stats;

  test("the outcome form: days required unless frozen, a reason for a return, fees with their currency, no account numbers", async () => {
    const issues = async (body: Record<string, unknown>) => {
      const error = await record(payers[0]!, body).catch((e: { issues?: { path: string; message: string }[] }) => e);
      return Object.fromEntries(((error as { issues?: { path: string; message: string }[] }).issues ?? []).map((i) => [i.path, i.message]));
    };
    expect(await issues({ outcome: "credited" })).toMatchObject({ days: "required" });
    expect(await issues({ outcome: "returned", days: 30 })).toMatchObject({ bankReason: "required" });
    expect(await issues({ outcome: "credited", days: 3, feesAmount: "10" })).toMatchObject({ feesCurrency: "price_currency_pair" });
    expect(await issues({ outcome: "returned", days: 30, bankReason: "возврат на счёт 40702810300000012345" })).toMatchObject({
      bankReason: "account_number",
    });
    expect(await issues({ outcome: "credited", days: 9999 })).toMatchObject({ days: "too_big" });
    expect(await issues({ outcome: "lost", days: 1 })).toMatchObject({ outcome: "invalid_option" });
    expect(await api.db.select().from(paymentOutcomes).where(eq(paymentOutcomes.routeId, routeId))).toEqual([]);
  });

  test("only the payer's employees record, and only on the payee's own route", async () => {
    await expect(record(payers[0]!, { outcome: "credited", days: 3, payerCompanyId: payers[1]!.companyId })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(record(payers[0]!, { outcome: "credited", days: 3, routeId: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
    await expect(record(payers[0]!, { outcome: "credited", days: 3, payeeCompanyId: outsider.companyId })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("nothing is shown below 5 payments, nor below 3 payers; then counts and the rounded median", async () => {
    const [a, b, c] = payers as [Supplier, Supplier, Supplier];
    await record(a, { outcome: "credited", days: 3, feesAmount: "120", feesCurrency: "CNY" });
    await record(a, { outcome: "credited", days: 4 });
    await record(b, { outcome: "credited", days: 6 });
    await record(b, { outcome: "returned", days: 40, bankReason: "Санкционный  комплаенс" });
    expect(await statsOf()).toBeNull();
    await record(a, { outcome: "frozen" });
    // Five payments, but only two payers.
    expect(await statsOf()).toBeNull();
    await record(c, { outcome: "returned", days: 35, bankReason: "санкционный комплаенс" });
    // Six payments from three payers; credited days 3, 4, 6 → median 4.
    expect(await statsOf()).toEqual({ payments: 6, credited: 3, partiallyCredited: 0, returned: 2, frozen: 1, medianDays: 4 });
    await record(c, { outcome: "credited", days: 4 });
    // 3, 4, 4, 6 → 4; and (4 + 5) / 2 = 4.5 rounds to 5 below.
    expect(await statsOf()).toMatchObject({ payments: 7, credited: 4, medianDays: 4 });
    await record(c, { outcome: "credited", days: 5 });
    await record(c, { outcome: "credited", days: 5 });
    expect(await statsOf()).toMatchObject({ payments: 9, credited: 6, medianDays: 5 });
  });

  test("outcomes older than 180 days do not count", async () => {
    const old = new Date(Date.now() - 181 * 86_400_000);
    for (const payer of payers) await record(payer, { outcome: "returned", days: 90, bankReason: "old" }, old);
    expect(await statsOf()).toMatchObject({ payments: 9, returned: 2 });
  });

  test("the platform page: per bank, credited share, median, returned, and only reasons two payers gave", async () => {
    const stats = await platformStats(api.db, { sort: "payments" });
    const bank = stats.banks.find((b) => b.key === "bank:3349")!;
    expect(bank).toEqual({
      key: "bank:3349",
      kind: "bank",
      name: 'АО "Россельхозбанк"',
      regNumber: "3349",
      swiftBic: null,
      licenceStatus: "active",
      payments: 9,
      credited: 6,
      creditedShare: 67,
      medianDays: 5,
      returned: 2,
      frozen: 1,
      reasons: ["Санкционный комплаенс"],
    });
    expect(stats.windowDays).toBe(180);
    expect(stats.asOf).toBe(new Date().toISOString().slice(0, 10));
    // The agent has no outcomes yet: not listed.
    expect(stats.agents.some((a) => a.name === "Агент Платёжный Тест")).toBe(false);
    const res = await api.getJson<{ data: { banks: { key: string }[] } }>("/api/payment-routes?sort=days&dir=asc");
    expect(res.status).toBe(200);
    expect(res.body.data.banks.map((b) => b.key)).toContain("bank:3349");
    expect((await api.getJson("/api/payment-routes?sort=nope")).status).toBe(400);
  });

  test("an agent is listed by name once 3 payers sent 5 payments through it; a reason one payer gave stays hidden", async () => {
    routeId = agentRouteId;
    for (const [i, payer] of [...payers, ...payers].entries())
      await record(payer, { outcome: i === 0 ? "returned" : "credited", days: 2 + i, bankReason: i === 0 ? "Unique reason" : undefined });
    const stats = await platformStats(api.db, { sort: "name" });
    const agent = stats.agents.find((a) => a.key === "agent:агент платёжный тест")!;
    expect(agent).toMatchObject({ kind: "agent", payments: 6, credited: 5, returned: 1, reasons: [] });
  });

  test("a deleted route's outcomes stay in the platform's figures", async () => {
    await supplier.ok("DELETE", `${P}/${agentRouteId}`);
    const stats = await platformStats(api.db, { sort: "payments" });
    expect(stats.agents.find((a) => a.key === "agent:агент платёжный тест")).toMatchObject({ payments: 6 });
  });
});
