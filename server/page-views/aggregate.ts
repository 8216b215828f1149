/**
 * Page views from the raw flushes to the daily table (ADR 051), run by the `page-views-aggregate` job.
 *
 * In one transaction:
 * 1. every (kind, entity, day) that still has raw rows in `page_view_hits` gets its daily total
 *    *set* (not added) to the sum of those rows, with the company the entity belongs to now
 *    (a product's or service offer's company; the company itself for its card and product list) —
 *    so running it twice, or after a crash halfway, gives the same table (idempotent);
 * 2. raw rows of days before today − PAGE_VIEW_RAW_KEEP_DAYS are deleted (their totals are final:
 *    a web process flushes within seconds, never days later);
 * 3. daily rows older than PAGE_VIEW_DAILY_KEEP_DAYS are deleted (retention: the dashboard's
 *    longest period is 365 days).
 * Views of an entity that no longer exists (a deleted product) are dropped at step 1.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { utcDay } from "./recorder.ts";

/** Days of raw rows kept behind today (UTC): today and the two days before are recomputed on every run. */
export const PAGE_VIEW_RAW_KEEP_DAYS = 2;
/** Days of daily totals kept (13 months: a year's dashboard and its first month again). */
export const PAGE_VIEW_DAILY_KEEP_DAYS = 400;

export interface AggregateResult {
  /** Daily rows written (inserted or set). */
  days: number;
  /** Raw rows deleted. */
  purgedRaw: number;
  /** Daily rows deleted by the retention. */
  purgedDaily: number;
}

const DAY_MS = 86_400_000;

/** Runs one aggregation at `now` (ms since the epoch); see the module comment. */
export async function aggregatePageViews(db: Db, now = Date.now()): Promise<AggregateResult> {
  const rawBefore = utcDay(now - PAGE_VIEW_RAW_KEEP_DAYS * DAY_MS);
  const dailyBefore = utcDay(now - PAGE_VIEW_DAILY_KEEP_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const written = await tx.execute(sql`
      insert into page_views_daily (kind, entity_id, company_id, day, views)
      select h.kind, h.entity_id, coalesce(p.company_id, s.company_id, c.id), h.day, sum(h.views)::int
      from page_view_hits h
      left join products p on h.kind = 'product' and p.id = h.entity_id
      left join company_services s on h.kind = 'service' and s.id = h.entity_id
      left join companies c on h.kind in ('company', 'company_products') and c.id = h.entity_id
      where coalesce(p.company_id, s.company_id, c.id) is not null
      group by h.kind, h.entity_id, coalesce(p.company_id, s.company_id, c.id), h.day
      on conflict (kind, entity_id, day) do update set views = excluded.views, company_id = excluded.company_id`);
    const purgedRaw = await tx.execute(sql`delete from page_view_hits where day < ${rawBefore}::date`);
    const purgedDaily = await tx.execute(sql`delete from page_views_daily where day < ${dailyBefore}::date`);
    return { days: written.rowCount ?? 0, purgedRaw: purgedRaw.rowCount ?? 0, purgedDaily: purgedDaily.rowCount ?? 0 };
  });
}
