/**
 * The supplier list's counts under an OKVED code (issue 30, ADR 074): per code, the published companies
 * counted per facet value (CompanyCountGroup: region, country, verified, kind, origin, SME category,
 * headcount band, revenue band), so a list filtered by a code — alone or with any of the facet filters
 * — gets its total and every facet as sums over one code's groups, exact and without a query over the
 * code's companies. Before, those were capped samples of up to FACET_CAP companies, read through the
 * code's activity rows: 0.6–2.8 s at 5,000,000 register companies for a division or a large subclass
 * with a region (docs/benchmarks.md).
 *
 * - **The register's companies** (origin other than `platform`: millions, changed only by the register
 *   import, a claim or a moderator) are grouped once, by one pass (REGISTER_OKVED_GROUPS_SQL), into the
 *   table `register_okved_groups`: a company counts once under each code that is one of its activities
 *   or above one — the prefixes of 2, 4, 5, 7 and 8 characters of its codes, the rule of
 *   okvedSubtreePattern (ADR 073). Refreshed once at the end of every import of register archives
 *   (importRegisters: the CLI, the monthly job, the demo) and, after any other change, by the
 *   `register-okved-groups` job (server/registers/jobs.ts).
 * - **The platform's companies** (thousands, edited every day) are grouped live per code and cached for
 *   COUNTS_TTL_MS like the other counts, so an edit shows as fast as before.
 *
 * Freshness: triggers (migration 0038) take the next value of the sequence `register_okved_groups_changes`
 * in every statement that changes a register company or its activities, holding an advisory lock in
 * shared mode to the writer's commit (writers never wait for each other). The groups are read only while
 * the sequence's last value is the one their refresh saw; otherwise okvedCountGroups answers null and the
 * list counts as before (the capped samples), so a count is never older than a process's cache. A
 * refresh takes that lock exclusively for a moment — every change numbered so far is then committed —
 * notes the last value, and groups in a transaction of its own, whose snapshot sees those changes; a
 * change numbered after that makes the groups out of date again.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { okvedSubtreePattern } from "#contract/classifier-codes.ts";
import { cachedQuery } from "./cache.ts";
import type { CompanyOriginValue } from "#contract/registers.ts";
import { COUNTS_TTL_MS } from "./repository.ts";
import { KIND_SQL, UP_TO_DATE_SQL } from "../registers/okved-groups.ts";

/**
 * Published suppliers of one facet value each (region, country, verified, kind, origin, SME category,
 * headcount band, revenue band) and how many they are: the cached count groups of the supplier list
 * (companies.ts) and a code's groups here.
 */
export type CompanyCountGroup = {
  region_code: string | null;
  country: "RU" | "CN";
  verified: boolean;
  kind: "manufacturer" | "trader" | null;
  origin: CompanyOriginValue;
  sme_category: number | null;
  headcount_range: string | null;
  revenue_band: string | null;
  n: number;
};

/** Whether `register_okved_groups` was refreshed after the last change to a register company (registerOkvedGroupsUpToDate). */
export async function registerOkvedGroupsFresh(db: Db): Promise<boolean> {
  const result = await db.execute<{ fresh: boolean }>(sql.raw(UP_TO_DATE_SQL));
  return result.rows[0]?.fresh === true;
}

const columns = sql.raw(`region_code, country, verified, kind, origin, sme_category, headcount_range, revenue_band, n`);

/**
 * The count groups of the published companies under OKVED code `code` (the code or one under it), the
 * register's from `register_okved_groups` and the platform's counted live; null while the register's
 * are out of date (the caller counts another way). Cached per process and code for COUNTS_TTL_MS.
 * Throws on anything but an OKVED code (okvedSubtreePattern).
 */
export const okvedCountGroups = cachedQuery<CompanyCountGroup[] | null>(
  COUNTS_TTL_MS,
  async (db, code) => {
    const pattern = okvedSubtreePattern(code);
    if (!(await registerOkvedGroupsFresh(db))) return null;
    const [register, platform] = await Promise.all([
      db.execute<CompanyCountGroup>(sql`select ${columns} from register_okved_groups where okved_code = ${code}`),
      db.execute<CompanyCountGroup>(sql`
        select c.region_code, c.country, c.verification_level > 0 as verified, ${sql.raw(KIND_SQL)} as kind, c.origin,
          c.sme_category, c.headcount_range, c.revenue_band, count(*)::int as n
        from companies c
        where c.status = 'published' and c.origin = 'platform'
          and exists(select 1 from company_okved_codes o where o.company_id = c.id and o.okved_code like ${pattern})
        group by 1, 2, 3, 4, 5, 6, 7, 8`),
    ]);
    return [...register.rows, ...platform.rows];
  },
  200,
);
