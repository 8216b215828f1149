/**
 * A company's payment routes (contract/payment-routes.ts): list, add, change, delete for the
 * company's owners and admins; the active routes of a published company for everyone, each with the
 * outcomes of its last 180 days when there are enough (./stats.ts).
 *
 * Rules kept here (the form's own rules are the contract's):
 * - the bank must be in the register (`banks`): an unknown registration number is a 400 with
 *   `invalid_option` on `bankRegNumber`; a bank whose licence was later revoked stays on the route
 *   and is shown flagged (`bank.licenceStatus`);
 * - only the fields of the route's kind are stored (a `rub_account` keeps no foreign bank, an
 *   `agent` keeps its optional bank), so a changed kind leaves nothing stale behind;
 * - at most MAX_PAYMENT_ROUTES per company (409 `too_many_payment_routes`);
 * - another company's route is a 404, like an unknown one; so is an unpublished company's list.
 */
import { and, asc, eq, inArray, notInArray, or, ilike, sql } from "drizzle-orm";
import {
  MAX_PAYMENT_ROUTES,
  PaymentRouteSchema,
  type Bank,
  type PaymentRouteInput,
  type PaymentRoutePatchSchema,
  type PaymentRouteView,
  type RouteCurrency,
} from "#contract/payment-routes.ts";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { banks, companies, paymentRoutes } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { rowById } from "../db/queries.ts";
import { mergeForm } from "../profile/forms.ts";
import { routeStats } from "./stats.ts";

type RouteRow = typeof paymentRoutes.$inferSelect;
type BankRow = typeof banks.$inferSelect;

export function bankView(row: BankRow): Bank {
  return { regNumber: row.regNumber, name: row.name, ogrn: row.ogrn, orgType: row.orgType, licenceStatus: row.licenceStatus };
}

/** The views of `rows`, with their banks and (with `withStats`) their outcome statistics. */
async function views(db: Db, rows: RouteRow[]): Promise<PaymentRouteView[]> {
  const regs = [...new Set(rows.map((r) => r.bankRegNumber).filter((r): r is string => r !== null))];
  const bankRows = regs.length ? await db.select().from(banks).where(inArray(banks.regNumber, regs)) : [];
  const bankBy = new Map(bankRows.map((b) => [b.regNumber, bankView(b)]));
  const stats = await routeStats(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    currency: row.currency as RouteCurrency,
    bank: row.bankRegNumber ? (bankBy.get(row.bankRegNumber) ?? null) : null,
    foreignBank: row.foreignBankName && row.swiftBic ? { name: row.foreignBankName, swiftBic: row.swiftBic } : null,
    agentName: row.agentName,
    fees: {
      percent: row.feePercent,
      fixed: row.feeFixed,
      currency: (row.feeCurrency as RouteCurrency | null) ?? null,
      note: row.feeNote,
    },
    active: row.active,
    stats: stats.get(row.id) ?? null,
  }));
}

/** The columns of a route of `input`'s kind (see the module comment). */
function columns(input: PaymentRouteInput) {
  const foreign = input.kind === "bank_transfer" && !input.bankRegNumber;
  return {
    kind: input.kind,
    currency: input.currency,
    bankRegNumber: foreign ? null : (input.bankRegNumber ?? null),
    foreignBankName: foreign ? (input.foreignBankName ?? null) : null,
    swiftBic: foreign ? (input.swiftBic ?? null) : null,
    agentName: input.kind === "agent" ? (input.agentName ?? null) : null,
    feePercent: input.feePercent ?? null,
    feeFixed: input.feeFixed ?? null,
    feeCurrency: input.feeFixed ? (input.feeCurrency ?? null) : null,
    feeNote: input.feeNote ?? null,
  };
}

async function assertBankKnown(db: Db, regNumber: string | null | undefined): Promise<void> {
  if (!regNumber) return;
  const [found] = await db.select({ reg: banks.regNumber }).from(banks).where(eq(banks.regNumber, regNumber)).limit(1);
  if (!found) {
    throw new DomainError("invalid_body", "No bank with this registration number in the Bank of Russia register", {
      issues: [{ path: "bankRegNumber", message: "invalid_option" }],
    });
  }
}

async function loadRoute(db: Db, companyId: number, id: number): Promise<RouteRow> {
  return rowById(db, paymentRoutes, id, "Payment route", { within: eq(paymentRoutes.companyId, companyId) });
}

/** The company's routes, active and paused, oldest first. */
export async function listOwnRoutes(db: Db, companyId: number): Promise<PaymentRouteView[]> {
  const rows = await db.select().from(paymentRoutes).where(eq(paymentRoutes.companyId, companyId)).orderBy(asc(paymentRoutes.id));
  return views(db, rows);
}

/** The active routes of a published company (404 for any other company). */
export async function listPublicRoutes(db: Db, companyId: number): Promise<PaymentRouteView[]> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, "published")))
    .limit(1);
  if (!company) throw notFound("Company");
  const rows = await db
    .select()
    .from(paymentRoutes)
    .where(and(eq(paymentRoutes.companyId, companyId), eq(paymentRoutes.active, true)))
    .orderBy(asc(paymentRoutes.id));
  return views(db, rows);
}

/** Adds a validated route (the register and the limit of the module comment). */
export async function createRoute(db: Db, companyId: number, input: PaymentRouteInput): Promise<PaymentRouteView> {
  await assertBankKnown(db, input.bankRegNumber);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentRoutes)
    .where(eq(paymentRoutes.companyId, companyId));
  if ((count?.n ?? 0) >= MAX_PAYMENT_ROUTES) {
    throw new DomainError("too_many_payment_routes", `A company may list at most ${MAX_PAYMENT_ROUTES} payment routes`);
  }
  const [row] = await db
    .insert(paymentRoutes)
    .values({ companyId, ...columns(input), active: input.active ?? true })
    .returning();
  return (await views(db, [row!]))[0]!;
}

/** The stored route as the form's input (to merge a PATCH into). */
function formOf(row: RouteRow): Record<string, unknown> {
  return {
    kind: row.kind,
    currency: row.currency,
    bankRegNumber: row.bankRegNumber,
    foreignBankName: row.foreignBankName,
    swiftBic: row.swiftBic,
    agentName: row.agentName,
    feePercent: row.feePercent,
    feeFixed: row.feeFixed,
    feeCurrency: row.feeCurrency,
    feeNote: row.feeNote,
    active: row.active,
  };
}

/** Applies a PATCH: the stored route with the patch's fields, checked by the whole route form. */
export async function updateRoute(
  db: Db,
  companyId: number,
  id: number,
  patch: z.output<typeof PaymentRoutePatchSchema>,
): Promise<PaymentRouteView> {
  const row = await loadRoute(db, companyId, id);
  const merged = mergeForm(PaymentRouteSchema, formOf(row), patch);
  await assertBankKnown(db, merged.bankRegNumber);
  const [updated] = await db
    .update(paymentRoutes)
    .set({ ...columns(merged), active: merged.active ?? row.active, updatedAt: new Date() })
    .where(and(eq(paymentRoutes.id, id), eq(paymentRoutes.companyId, companyId)))
    .returning();
  return (await views(db, [updated!]))[0]!;
}

/** Deletes a route; its recorded outcomes keep their channel (the column is cleared by the FK). */
export async function deleteRoute(db: Db, companyId: number, id: number): Promise<void> {
  await loadRoute(db, companyId, id);
  await db.delete(paymentRoutes).where(and(eq(paymentRoutes.id, id), eq(paymentRoutes.companyId, companyId)));
}

/**
 * Register banks by name: those with an active (or not yet stated) licence, or every one with
 * `all`; `q` matches a part of the name or the registration number. At most 500, by name.
 */
export async function listBanks(db: Db, options: { q?: string; all?: boolean }): Promise<Bank[]> {
  const filters = [];
  if (!options.all) filters.push(notInArray(banks.licenceStatus, ["revoked", "liquidation", "annulled"]));
  if (options.q) {
    const like = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(banks.name, like), eq(banks.regNumber, options.q))!);
  }
  const rows = await db
    .select()
    .from(banks)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(sql`lower(${banks.name})`)
    .limit(500);
  return rows.map(bankView);
}
