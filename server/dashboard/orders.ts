/**
 * The dashboard's order series (contract/dashboard.ts; issue 28 §4; ADR 056), from `orders` — nothing
 * stored twice:
 * - `ordersByStage` (count, category): the company's orders on one side now — negotiating, confirmed
 *   ones by their current stage (contract/orders.ts ORDER_STAGES, in order), and those closed within
 *   the range (`closed` as a state, after the stages);
 * - `revenue` (supplier) / `spend` (buyer), RUB by bucket: the totals of orders confirmed in the
 *   bucket and not cancelled since, converted at the Bank of Russia rate of the dashboard's day (one
 *   rate for the whole range: the chart compares volumes, not exchange-rate history; an order in a
 *   currency without a rate is left out and said nowhere else — the rates job keeps every
 *   RATE_CURRENCIES rate);
 * - `spendBySupplier` (RUB, category): the buyer's same orders of the range by supplier, the largest
 *   MAX_CATEGORY_POINTS − 1 by name and the rest together as `other`.
 */
import { sql } from "drizzle-orm";
import { MAX_CATEGORY_POINTS, type DashboardSeries } from "#contract/dashboard.ts";
import { convert, rubPerUnit, type RubPerUnit } from "#contract/money.ts";
import { pickLocalized } from "#contract/lang-schemas.ts";
import { ORDER_STAGES } from "#contract/orders.ts";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import { ratesView } from "../money/service.ts";
import { fillSeries, type DashboardRange } from "./buckets.ts";

type Side = "buyer" | "supplier";
const companyColumn = (side: Side) => (side === "buyer" ? sql`buyer_company_id` : sql`supplier_company_id`);

const round = (n: number) => Math.round(n * 100) / 100;

function toRub(amount: string, currency: string, rates: RubPerUnit): number | null {
  const rub = convert(amount, currency, "RUB", rates);
  return rub === null ? null : Number(rub);
}

/** Orders of company `companyId` on `side` by stage now (see the module comment). */
export async function ordersByStage(db: Db, range: DashboardRange, companyId: number, side: Side): Promise<DashboardSeries> {
  // `closed` is both a stage (the balance awaited) and a state (done): the state is keyed `done`.
  const rows = (
    await db.execute<{ key: string; n: number }>(sql`
      select case when state = 'confirmed' then stage when state = 'closed' then 'done' else state end as key, count(*)::int as n
      from orders
      where ${companyColumn(side)} = ${companyId}
        and (state in ('negotiating', 'confirmed') or (state = 'closed' and closed_at >= ${range.start} and closed_at < ${range.end}))
      group by 1`)
  ).rows;
  const counts = new Map(rows.map((r) => [r.key, Number(r.n)]));
  const points = ["negotiating", ...ORDER_STAGES, "done"].map((key) => ({ period: key, value: counts.get(key) ?? 0 }));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return { key: "ordersByStage", axis: "category", unit: "count", total, points };
}

type ConfirmedOrder = {
  bucket: string;
  total: string;
  currency: string;
  counterparty: number;
  name: Record<string, string> | null;
  source_lang: Lang | null;
};

async function confirmedOrders(db: Db, range: DashboardRange, companyId: number, side: Side): Promise<ConfirmedOrder[]> {
  const other = side === "buyer" ? sql`o.supplier_company_id` : sql`o.buyer_company_id`;
  return (
    await db.execute<ConfirmedOrder>(sql`
      select to_char(date_trunc(${range.unit}, o.confirmed_at at time zone 'UTC'), 'YYYY-MM-DD') as bucket,
             o.total::text as total, o.currency, ${other} as counterparty, c.name, c.source_lang
      from orders o join companies c on c.id = ${other}
      where o.${companyColumn(side)} = ${companyId} and o.state in ('confirmed', 'closed')
        and o.confirmed_at >= ${range.start} and o.confirmed_at < ${range.end}`)
  ).rows;
}

/** Revenue (supplier) or spend (buyer) in RUB by bucket, and for the buyer by supplier (module comment). */
export async function moneySeries(
  db: Db,
  range: DashboardRange,
  companyId: number,
  side: Side,
  lang: Lang,
  now: Date,
): Promise<DashboardSeries[]> {
  const rows = await confirmedOrders(db, range, companyId, side);
  const rates = rubPerUnit(await ratesView(db, now, { cached: true }));
  const byBucket = new Map<string, number>();
  const byCounterparty = new Map<number, { name: string; value: number }>();
  let total = 0;
  for (const row of rows) {
    const rub = toRub(row.total, row.currency, rates);
    if (rub === null) continue;
    total += rub;
    byBucket.set(row.bucket, round((byBucket.get(row.bucket) ?? 0) + rub));
    const entry = byCounterparty.get(Number(row.counterparty)) ?? {
      name: pickLocalized(row.name ?? {}, lang, row.source_lang ?? "ru")?.text ?? "",
      value: 0,
    };
    entry.value += rub;
    byCounterparty.set(Number(row.counterparty), entry);
  }
  const series = [fillSeries(range, side === "buyer" ? "spend" : "revenue", "RUB", byBucket, round(total))];
  if (side === "buyer") {
    const ranked = [...byCounterparty.entries()].sort((a, b) => b[1].value - a[1].value);
    const shown = ranked.length > MAX_CATEGORY_POINTS ? ranked.slice(0, MAX_CATEGORY_POINTS - 1) : ranked;
    const rest = ranked.slice(shown.length).reduce((sum, [, e]) => sum + e.value, 0);
    const points = shown.map(([id, e]) => ({ period: String(id), value: round(e.value), label: e.name }));
    if (rest > 0) points.push({ period: "other", value: round(rest), label: "" });
    series.push({ key: "spendBySupplier", axis: "category", unit: "RUB", total: round(total), points });
  }
  return series;
}
