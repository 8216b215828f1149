/**
 * The pass behind `register_okved_groups` (ADR 074; the reading side and the freshness rule are in
 * server/catalog/okved-groups.ts): the register's published companies counted per OKVED code and per
 * supplier-list facet value. Plain SQL over a pg connection, so the register importer, which has no
 * Drizzle instance, refreshes the groups at the end of every import.
 */
import type pg from "pg";
import type { Db } from "../db/client.ts";

/** The supplier kind of a company from its main OKVED code (supplierKind's rule, ADR 006), as SQL over `c`. */
export const KIND_SQL = `case when substr(c.okved_main, 1, 2) between '10' and '33' then 'manufacturer'
  when substr(c.okved_main, 1, 2) = '46' then 'trader' end`;

/** The lengths of an OKVED code's levels in OK 029-2014 (`10`, `10.1`, `10.11`, `10.11.1`, `10.11.11`). */
const LEVELS = "array[2, 4, 5, 7, 8]";

/**
 * The grouped pass over the register's published companies, as rows of `register_okved_groups`'
 * columns in their order. One ordered read of company_okved_codes' primary key (company, code) merged
 * with the companies' primary key: a code's prefix is counted on the first of the company's codes
 * that has it (its codes are in order, so a prefix's codes are adjacent), which makes "each company
 * once per code" a comparison with the previous row instead of a DISTINCT over every (company, prefix).
 */
export const REGISTER_OKVED_GROUPS_SQL = `
  with prefixes as (
    select o.company_id, left(o.okved_code, n.n) as okved_code
    from (select company_id, okved_code, lag(okved_code) over (partition by company_id order by okved_code) as previous
      from company_okved_codes) o
    cross join unnest(${LEVELS}) as n(n)
    where length(o.okved_code) >= n.n and (o.previous is null or left(o.previous, n.n) <> left(o.okved_code, n.n))
  )
  select p.okved_code, c.region_code, c.country, c.verification_level > 0 as verified, ${KIND_SQL} as kind, c.origin,
    c.sme_category, c.headcount_range, c.revenue_band, count(*)::int as n
  from prefixes p join companies c on c.id = p.company_id
  where c.status = 'published' and c.origin <> 'platform'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;

/**
 * The pass behind `register_lexemes` (ADR 075): every lexeme that starts with a letter in the search
 * vectors of the register's published companies, with its number of companies. Lexemes of digits (the
 * generated names' numbers, INNs) are left out: a prefix is expanded only when it starts with a letter
 * (server/catalog/register-lexemes.ts), and every lexeme it begins then starts with a letter too.
 */
export const REGISTER_LEXEMES_SQL = `
  select v.lexeme, count(*)::int as documents
  from companies c cross join unnest(c.search_vector) as v(lexeme, positions, weights)
  where c.status = 'published' and c.origin <> 'platform' and v.lexeme ~ '^[a-zа-яё]'
  group by v.lexeme`;

/** The advisory lock the triggers of migration 0038 hold shared to a writer's commit; a refresh takes it exclusively. */
export const REGISTER_CHANGES_LOCK = 740074;

/** A refresh that could not wait for the writers in flight (they held the lock past REFRESH_LOCK_TIMEOUT). */
export class RefreshBusyError extends Error {
  override name = "RefreshBusyError";
}

/** How long a refresh waits for writers in flight before it gives up (the writers behind it wait as long). */
const REFRESH_LOCK_TIMEOUT = "5s";

/**
 * Replaces `register_okved_groups` and `register_lexemes` (ADR 075) with a fresh pass on `client` and records the pass's start and the
 * last change number it saw (server/catalog/okved-groups.ts): first, for a moment, the lock writers hold
 * shared (REGISTER_CHANGES_LOCK), so that every change numbered so far is committed; then the pass, in a
 * transaction of its own whose snapshot sees them all. Returns the number of groups. Throws
 * RefreshBusyError when writers held the lock past REFRESH_LOCK_TIMEOUT (the groups stay out of date
 * for the job's next run). `client` is not in a transaction (the register importer passes its own
 * connection: on PGlite it is the only one). At 5,000,000 register companies (≈ 25,000,000 activities,
 * ≈ 84,000,000 company codes and prefixes) the pass is minutes of one database core (135 s on this
 * machine), hashed in memory: the planner, which expects a group per row, would sort them on disk (7 min).
 */
export async function refreshRegisterOkvedGroups(client: Pick<pg.ClientBase, "query">): Promise<number> {
  const inTransaction = async <T>(work: () => Promise<T>): Promise<T> => {
    await client.query("begin");
    try {
      const result = await work();
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  };
  const seen = await inTransaction(async () => {
    await client.query(`set local lock_timeout = '${REFRESH_LOCK_TIMEOUT}'`);
    try {
      await client.query("select pg_advisory_xact_lock($1)", [REGISTER_CHANGES_LOCK]);
    } catch (error) {
      if ((error as { code?: string }).code === "55P03") throw new RefreshBusyError("Register companies are being written; try later");
      throw error;
    }
    const found = await client.query<{ at: string; change: string }>(
      "select clock_timestamp()::text as at, last_value::text as change from register_okved_groups_changes",
    );
    return found.rows[0]!;
  });
  return inTransaction(async () => {
    await client.query("set local work_mem = '256MB'");
    await client.query("set local enable_sort = off");
    await client.query("delete from register_okved_groups");
    const inserted = await client.query(`insert into register_okved_groups (okved_code, region_code, country, verified, kind, origin,
      sme_category, headcount_range, revenue_band, n) ${REGISTER_OKVED_GROUPS_SQL}`);
    await client.query("delete from register_lexemes");
    await client.query(`insert into register_lexemes (lexeme, documents) ${REGISTER_LEXEMES_SQL}`);
    await client.query("update register_okved_groups_refresh set refreshed_at = $1::timestamptz, refreshed_change = $2 where id = 1", [
      seen.at,
      seen.change,
    ]);
    return inserted.rowCount ?? 0;
  });
}

/**
 * Whether `register_okved_groups` is up to date: the last change number is the one its refresh saw
 * (the rule of server/catalog/okved-groups.ts, in plain SQL for the importer).
 */
export async function registerOkvedGroupsUpToDate(client: Pick<pg.ClientBase, "query">): Promise<boolean> {
  const found = await client.query<{ fresh: boolean }>(UP_TO_DATE_SQL);
  return found.rows[0]?.fresh === true;
}

/** One row, `fresh`: the test of registerOkvedGroupsUpToDate. */
export const UP_TO_DATE_SQL = `select r.refreshed_change is not null and r.refreshed_change = s.last_value as fresh
  from register_okved_groups_refresh r, register_okved_groups_changes s where r.id = 1`;

/**
 * refreshRegisterOkvedGroups on a connection of `db` (a Drizzle instance over a pg Pool, or the Pool),
 * only when the groups are out of date (registerOkvedGroupsUpToDate): the number of groups, or null
 * when they were up to date. Throws RefreshBusyError as refreshRegisterOkvedGroups does.
 */
export async function refreshStaleRegisterOkvedGroups(db: Db | pg.Pool): Promise<number | null> {
  const pool: pg.Pool = "$client" in db ? (db as unknown as { $client: pg.Pool }).$client : (db as pg.Pool);
  const client = await pool.connect();
  try {
    return (await registerOkvedGroupsUpToDate(client)) ? null : await refreshRegisterOkvedGroups(client);
  } finally {
    client.release();
  }
}
