/**
 * The product count groups shared by every server process (issue 31 §3, ADR 070): the table
 * `product_count_groups` holds the grouped pass (PRODUCT_COUNT_GROUPS_SQL: published products of
 * published companies per category, currency, region, country, verified, TN VED chapter and MOQ unit,
 * with their price and MOQ ranges), replaced by one job a minute for the whole cluster
 * (`catalogue-counts`, jobs.ts). Before, each process ran the pass itself once a minute: 3.3 s of a
 * database core at 1,000,000 products and ≈ 30 s at 10,000,000, per process. Reading the table is
 * ≈ 11,000 rows at 1,000,000 products. The replacement is one transaction (delete, insert … select),
 * so readers see the old groups or the new, never a mix or nothing, and are never blocked — unlike
 * `refresh materialized view`, whose plain form locks readers out and whose concurrent form needs a
 * unique key, which these groups (with their many NULL values) do not have.
 *
 * The one-row table `catalogue_counts_refresh` says when the groups were last refreshed (the time its
 * refresh began, so "as of" is never later than the data) and when it was last declared out of date.
 * A process reads the table only while it is fresh: refreshed within COUNT_GROUPS_MAX_AGE_S and after
 * the last invalidation. Otherwise (never refreshed, a stopped job queue, a seed that just wrote the
 * catalogue) it runs the grouped pass itself, as before — the counts are never older than that bound
 * plus a process's own cache (COUNTS_TTL_MS).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** The grouped pass over the catalogue, as rows of `product_count_groups`' columns in their order. */
export const PRODUCT_COUNT_GROUPS_SQL = sql`
  select p.category_id, p.price_currency as currency, c.region_code, c.country, c.verification_level > 0 as verified,
    left(p.tnved_code, 2) as chapter, p.moq_unit, count(*)::int as n,
    min(p.price_from)::text as min_price, max(p.price_from)::text as max_price, min(p.moq)::text as min_moq, max(p.moq)::text as max_moq
  from products p join companies c on c.id = p.company_id
  where p.status = 'published' and c.status = 'published'
  group by 1, 2, 3, 4, 5, 6, 7`;

/** The oldest refresh of the shared groups a process reads; older, it groups the catalogue itself. */
export const COUNT_GROUPS_MAX_AGE_S = 600;

/**
 * Whether the shared groups are fresh (module comment): refreshed within COUNT_GROUPS_MAX_AGE_S of the
 * database's clock and not invalidated since.
 */
export async function sharedCountGroupsFresh(db: Db): Promise<boolean> {
  const result = await db.execute<{ fresh: boolean }>(sql`
    select refreshed_at > now() - make_interval(secs => ${COUNT_GROUPS_MAX_AGE_S})
      and (invalidated_at is null or refreshed_at > invalidated_at) as fresh
    from catalogue_counts_refresh where id = 1`);
  return result.rows[0]?.fresh === true;
}

/**
 * Replaces the shared groups with a grouped pass over the catalogue, in one transaction, and records
 * the time the pass began. An invalidation made while it ran stays in force, since the pass may not
 * have seen the write behind it. Returns the number of groups.
 */
export async function refreshProductCountGroups(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const started = await tx.execute<{ at: string }>(sql`select clock_timestamp()::text as at`);
    await tx.execute(sql`delete from product_count_groups`);
    const inserted = await tx.execute(sql`
      insert into product_count_groups (category_id, currency, region_code, country, verified, chapter, moq_unit, n, min_price, max_price, min_moq, max_moq)
      ${PRODUCT_COUNT_GROUPS_SQL}`);
    await tx.execute(sql`
      insert into catalogue_counts_refresh (id, refreshed_at) values (1, ${started.rows[0]!.at}::timestamptz)
      on conflict (id) do update set refreshed_at = excluded.refreshed_at`);
    return inserted.rowCount ?? 0;
  });
}

/**
 * Declares the shared groups out of date, so that processes group the catalogue themselves until the
 * next refresh: for a seed or a test that wrote the catalogue directly. The writers the server serves
 * do not call it; their changes show within a refresh interval, as counts always lagged.
 */
export async function invalidateSharedCountGroups(db: Db): Promise<void> {
  await db.execute(sql`
    insert into catalogue_counts_refresh (id, invalidated_at) values (1, clock_timestamp())
    on conflict (id) do update set invalidated_at = excluded.invalidated_at`);
}
