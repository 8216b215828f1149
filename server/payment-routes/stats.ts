/**
 * What the recorded payment outcomes say, in aggregates only (issue 28 §3; ADR 049):
 * - per route of one supplier (`routeStats`), for the supplier page;
 * - per bank (register bank by registration number, foreign bank by its BIC8, the institution) and
 *   per payment agent (by its name, case and spacing ignored) across the platform (`platformStats`),
 *   for `/payment-routes`.
 * Only outcomes recorded in the last STATS_WINDOW_DAYS days count. A group is shown only with at
 * least MIN_PAYMENTS payments from at least MIN_PAYERS different payer companies; medians are whole
 * days; a bank's reason is listed only when MIN_REASON_PAYERS different payers gave it (compared
 * trimmed, in lower case, with single spaces; shown as first recorded). No date, amount or party of a single payment is ever returned.
 */
import { and, gte, inArray, sql } from "drizzle-orm";
import {
  MIN_PAYERS,
  MIN_PAYMENTS,
  MIN_REASON_PAYERS,
  STATS_WINDOW_DAYS,
  type ChannelStats,
  type LicenceStatus,
  type PlatformSort,
  type PlatformStats,
  type RouteStats,
} from "#contract/payment-routes.ts";
import type { Db } from "../db/client.ts";
import { banks, paymentOutcomes } from "../db/schema.ts";

interface OutcomeRow {
  payerCompanyId: number;
  outcome: string;
  days: number | null;
  bankReason?: string | null;
}

/** The start of the window: `now` less STATS_WINDOW_DAYS days. */
export function windowStart(now = new Date()): Date {
  return new Date(now.getTime() - STATS_WINDOW_DAYS * 86_400_000);
}

/** The median of `values` rounded to a whole number, or null for none. */
export function roundedMedian(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The counts of `rows`, or null when they are too few to show (MIN_PAYMENTS, MIN_PAYERS). */
export function summarize(rows: OutcomeRow[]): RouteStats | null {
  if (rows.length < MIN_PAYMENTS) return null;
  if (new Set(rows.map((r) => r.payerCompanyId)).size < MIN_PAYERS) return null;
  const count = (outcome: string) => rows.filter((r) => r.outcome === outcome).length;
  return {
    payments: rows.length,
    credited: count("credited"),
    partiallyCredited: count("partially_credited"),
    returned: count("returned"),
    frozen: count("frozen"),
    medianDays: roundedMedian(rows.filter((r) => r.outcome === "credited" && r.days !== null).map((r) => r.days!)),
  };
}

/** Outcome statistics of each route of `routeIds` (a route without enough outcomes: null). */
export async function routeStats(db: Db, routeIds: number[], now = new Date()): Promise<Map<number, RouteStats | null>> {
  const out = new Map<number, RouteStats | null>(routeIds.map((id) => [id, null]));
  if (routeIds.length === 0) return out;
  const rows = await db
    .select({
      routeId: paymentOutcomes.routeId,
      payerCompanyId: paymentOutcomes.payerCompanyId,
      outcome: paymentOutcomes.outcome,
      days: paymentOutcomes.days,
    })
    .from(paymentOutcomes)
    .where(and(inArray(paymentOutcomes.routeId, routeIds), gte(paymentOutcomes.recordedAt, windowStart(now))));
  const byRoute = new Map<number, OutcomeRow[]>();
  for (const row of rows) (byRoute.get(row.routeId!) ?? byRoute.set(row.routeId!, []).get(row.routeId!)!).push(row);
  for (const [id, list] of byRoute) out.set(id, summarize(list));
  return out;
}

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[«»"']/g, "");

/** Reasons given by at least MIN_REASON_PAYERS payers, most payers first (at most 3). */
function commonReasons(rows: OutcomeRow[]): string[] {
  const payers = new Map<string, Set<number>>();
  // Shown as the earliest recorded spelling (single spaces), so codes keep their case («код VO»).
  const spelling = new Map<string, string>();
  for (const row of rows) {
    if (!row.bankReason) continue;
    const reason = normalize(row.bankReason).slice(0, 160);
    if (!spelling.has(reason)) spelling.set(reason, row.bankReason.trim().replace(/\s+/g, " ").slice(0, 160));
    (payers.get(reason) ?? payers.set(reason, new Set()).get(reason)!).add(row.payerCompanyId);
  }
  return [...payers.entries()]
    .filter(([, set]) => set.size >= MIN_REASON_PAYERS)
    .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([reason]) => spelling.get(reason)!);
}

const SORTS: Record<PlatformSort, { compare: (a: ChannelStats, b: ChannelStats) => number; dir: "asc" | "desc" }> = {
  payments: { compare: (a, b) => a.payments - b.payments, dir: "desc" },
  credited: { compare: (a, b) => a.creditedShare - b.creditedShare, dir: "desc" },
  days: { compare: (a, b) => (a.medianDays ?? Infinity) - (b.medianDays ?? Infinity), dir: "asc" },
  returned: { compare: (a, b) => a.returned - b.returned, dir: "desc" },
  name: { compare: (a, b) => a.name.localeCompare(b.name, "ru"), dir: "asc" },
};

/** The default direction of each sort (the one a column header's first click gives). */
export const DEFAULT_DIRECTION: Record<PlatformSort, "asc" | "desc"> = Object.fromEntries(
  Object.entries(SORTS).map(([key, value]) => [key, value.dir]),
) as Record<PlatformSort, "asc" | "desc">;

/** Outcomes per bank and per agent across the platform (see the module comment), sorted by `sort`. */
export async function platformStats(db: Db, options: { sort: PlatformSort; dir?: "asc" | "desc"; now?: Date }): Promise<PlatformStats> {
  const now = options.now ?? new Date();
  const from = windowStart(now);
  const rows = await db
    .select({
      payerCompanyId: paymentOutcomes.payerCompanyId,
      outcome: paymentOutcomes.outcome,
      days: paymentOutcomes.days,
      bankReason: paymentOutcomes.bankReason,
      routeKind: paymentOutcomes.routeKind,
      bankRegNumber: paymentOutcomes.bankRegNumber,
      swiftBic: paymentOutcomes.swiftBic,
      foreignBankName: paymentOutcomes.foreignBankName,
      agentName: paymentOutcomes.agentName,
      bankName: banks.name,
      licenceStatus: banks.licenceStatus,
    })
    .from(paymentOutcomes)
    .leftJoin(banks, sql`${banks.regNumber} = ${paymentOutcomes.bankRegNumber}`)
    .where(gte(paymentOutcomes.recordedAt, from))
    .orderBy(paymentOutcomes.id);

  interface Group {
    kind: ChannelStats["kind"];
    names: Map<string, number>;
    regNumber: string | null;
    swiftBic: string | null;
    licenceStatus: LicenceStatus | null;
    rows: OutcomeRow[];
  }
  const groups = new Map<string, Group>();
  for (const row of rows) {
    let key: string;
    let group: Omit<Group, "rows" | "names">;
    let name: string;
    if (row.routeKind === "agent" && row.agentName) {
      key = `agent:${normalize(row.agentName)}`;
      group = { kind: "agent", regNumber: null, swiftBic: null, licenceStatus: null };
      name = row.agentName.trim();
    } else if (row.bankRegNumber) {
      key = `bank:${row.bankRegNumber}`;
      group = { kind: "bank", regNumber: row.bankRegNumber, swiftBic: null, licenceStatus: row.licenceStatus ?? null };
      name = row.bankName ?? row.bankRegNumber;
    } else if (row.swiftBic) {
      const bic8 = row.swiftBic.slice(0, 8);
      key = `bic:${bic8}`;
      group = { kind: "foreign_bank", regNumber: null, swiftBic: bic8, licenceStatus: null };
      name = row.foreignBankName?.trim() || bic8;
    } else continue;
    const found = groups.get(key) ?? { ...group, names: new Map<string, number>(), rows: [] };
    found.names.set(name, (found.names.get(name) ?? 0) + 1);
    found.rows.push(row);
    groups.set(key, found);
  }

  const banksOut: ChannelStats[] = [];
  const agentsOut: ChannelStats[] = [];
  let belowThreshold = 0;
  for (const [key, group] of groups) {
    const stats = summarize(group.rows);
    if (!stats) {
      belowThreshold += 1;
      continue;
    }
    // The name most payers' routes gave (register banks have one).
    const name = [...group.names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const entry: ChannelStats = {
      key,
      kind: group.kind,
      name,
      regNumber: group.regNumber,
      swiftBic: group.swiftBic,
      licenceStatus: group.licenceStatus,
      payments: stats.payments,
      credited: stats.credited,
      creditedShare: Math.round((100 * stats.credited) / stats.payments),
      medianDays: stats.medianDays,
      returned: stats.returned,
      frozen: stats.frozen,
      reasons: commonReasons(group.rows),
    };
    (group.kind === "agent" ? agentsOut : banksOut).push(entry);
  }
  const sort = SORTS[options.sort];
  const sign = (options.dir ?? sort.dir) === "asc" ? 1 : -1;
  const order = (a: ChannelStats, b: ChannelStats) => sign * sort.compare(a, b) || b.payments - a.payments || a.name.localeCompare(b.name);
  return {
    asOf: now.toISOString().slice(0, 10),
    from: from.toISOString().slice(0, 10),
    windowDays: STATS_WINDOW_DAYS,
    minPayments: MIN_PAYMENTS,
    minPayers: MIN_PAYERS,
    banks: banksOut.sort(order),
    agents: agentsOut.sort(order),
    belowThreshold,
  };
}
