/**
 * The demo's payment routes (`npm run demo`, scripts/demo.ts): the Bank of Russia register imported
 * when `banks` is empty, then — when no company has a route yet — a few routes for the first
 * DEMO_SUPPLIERS published suppliers by id, the same on every run of the same catalogue seed. Banks
 * are named by registration number (ПАО Сбербанк 1481, Банк ВТБ 1000, АО «АЛЬФА-БАНК» 1326, Банк ГПБ
 * 354) and used only when the register has them. Outcomes come with orders (issue 28 §1), not here.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { banks, companies, paymentRoutes } from "../db/schema.ts";
import { importBanks, newestBankRegister, type BankImportReport } from "./banks.ts";

/** How many published suppliers get demo routes. */
export const DEMO_SUPPLIERS = 6;

type Route = Omit<typeof paymentRoutes.$inferInsert, "companyId">;

/** The routes of the i-th demo supplier (a cycle of four plans). */
function plan(i: number): Route[] {
  const plans: Route[][] = [
    [
      { kind: "rub_account", currency: "RUB", bankRegNumber: "1481", feeNote: "Без комиссии для покупателя" },
      {
        kind: "bank_transfer",
        currency: "CNY",
        foreignBankName: "Bank of China, Harbin Branch",
        swiftBic: "BKCHCNBJ860",
        feePercent: "0.50",
      },
    ],
    [
      { kind: "bank_transfer", currency: "CNY", bankRegNumber: "1000", feePercent: "0.30", feeFixed: "150.00", feeCurrency: "CNY" },
      {
        kind: "agent",
        currency: "CNY",
        agentName: "ООО «Платёжный агент Восток» (демо)",
        feePercent: "2.00",
        feeNote: "Зачисление 3–5 рабочих дней",
      },
    ],
    [
      { kind: "rub_account", currency: "RUB", bankRegNumber: "1326" },
      {
        kind: "bank_transfer",
        currency: "USD",
        foreignBankName: "Industrial and Commercial Bank of China",
        swiftBic: "ICBKCNBJ",
        feeFixed: "35.00",
        feeCurrency: "USD",
      },
    ],
    [{ kind: "agent", currency: "RUB", agentName: "ООО «Трансграничные расчёты» (демо)", bankRegNumber: "354", feePercent: "1.50" }],
  ];
  return plans[i % plans.length]!;
}

/** Imports the register when `banks` is empty; null when there was nothing to do (or no file). */
export async function importBanksIfEmpty(db: Db, dataDir: string): Promise<BankImportReport | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(banks);
  if ((row?.n ?? 0) > 0) return null;
  const file = await newestBankRegister(dataDir);
  return file ? importBanks(db, file) : null;
}

/** Seeds the demo routes when no route exists; returns how many were written. */
export async function seedDemoPaymentRoutes(db: Db): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(paymentRoutes);
  if ((existing?.n ?? 0) > 0) return 0;
  const known = new Set((await db.select({ reg: banks.regNumber }).from(banks)).map((b) => b.reg));
  const suppliers = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.status, "published"))
    .orderBy(asc(companies.id))
    .limit(DEMO_SUPPLIERS);
  const rows = suppliers.flatMap((s, i) =>
    plan(i)
      .filter((r) => !r.bankRegNumber || known.has(r.bankRegNumber))
      .map((r) => ({ ...r, companyId: s.id })),
  );
  if (rows.length) await db.insert(paymentRoutes).values(rows);
  return rows.length;
}
