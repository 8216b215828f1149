/**
 * The admin area's dashboard and form data (issue 7): what waits for a moderator, companies by
 * status, users (all, blocked, staff) and the latest actions; the regions the forms offer.
 */
import { asc, sql } from "drizzle-orm";
import type { AdminRegion, AdminSummary } from "#contract/admin/home.ts";
import type { Db } from "../db/client.ts";
import { regions } from "../db/schema.ts";
import { listAudit } from "../audit/log.ts";
import { queueCounts } from "./queue.ts";

export type { AdminRegion, AdminSummary } from "#contract/admin/home.ts";

/** The dashboard: queue counts, companies by status, user counts and the last 8 audit rows. */
export async function adminSummary(db: Db): Promise<AdminSummary> {
  const [queue, companies, users, recent] = await Promise.all([
    queueCounts(db),
    db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from companies group by status`),
    db.execute<{ total: number; blocked: number; staff: number }>(
      sql`select count(*)::int as total, count(*) filter (where blocked_at is not null)::int as blocked, count(*) filter (where role <> 'USER')::int as staff from users`,
    ),
    listAudit(db, { page: 1, limit: 8 }),
  ]);
  return {
    queue,
    companies: Object.fromEntries(companies.rows.map((r) => [r.status, r.n])),
    users: users.rows[0] ?? { total: 0, blocked: 0, staff: 0 },
    recentActions: recent.items,
  };
}

/** Every region with its names, by country code (CN, then RU), each country in its list order. */
export async function regionsForForms(db: Db): Promise<AdminRegion[]> {
  return db
    .select({ code: regions.code, country: regions.country, name: regions.name })
    .from(regions)
    .orderBy(asc(regions.country), asc(regions.position));
}
