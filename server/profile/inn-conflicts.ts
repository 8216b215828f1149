/**
 * Which other companies list the same INN as a company (security review F7; ADR 034).
 *
 * An INN is unique among PUBLISHED companies, not across all of them: a draft that was never sent
 * for review (or was rejected) holds nothing, so nobody can block the real owner by typing its public
 * INN into a throw-away company, and adding an INN never tells a user that someone else has it.
 * The conflict surfaces where a moderator looks:
 * - `innConflicts(db, id)`: the other companies that are published, under moderation or blocked and
 *   list one of this company's INNs, for the moderation item (its name, status, links);
 * - `companiesWithInnConflicts(db, ids)`: which of a queue page's companies have such a conflict;
 * - `assertNoPublishedHolder(tx, id)`: approving is refused with 409 `inn_conflict` while another
 *   PUBLISHED company lists one of the INNs; it takes a transaction-scoped advisory lock per INN
 *   first, so two moderators approving two holders of one INN at once cannot both succeed;
 * - `publishedHolderOf(db, companyId, inn)`: for a published company's own edits (they apply at
 *   once, without moderation), the other published company listing `inn`, if any.
 * Drafts and rejected companies are never listed: they hold nothing.
 */
import { sql } from "drizzle-orm";
import type { InnConflict } from "#contract/admin/moderation.ts";
import type { Db } from "../db/client.ts";
import type { CompanyStatus, Localized } from "../db/schema.ts";
import { DomainError } from "../errors.ts";

export type { InnConflict };

/** The statuses in which a company's INNs count for a conflict (a published one holds them). */
const CONFLICT_STATUSES = sql`('published', 'moderation', 'blocked')`;

/** The other companies (published, under moderation or blocked) listing one of `companyId`'s INNs; published first. */
export async function innConflicts(db: Db, companyId: number): Promise<InnConflict[]> {
  const rows = await db.execute<{ inn: string; company_id: number; name: Localized; status: CompanyStatus }>(
    sql`select mine.inn, other.company_id, c.name, c.status
      from legal_entities mine
      join legal_entities other on other.inn = mine.inn and other.company_id <> mine.company_id
      join companies c on c.id = other.company_id
      where mine.company_id = ${companyId} and c.status in ${CONFLICT_STATUSES}
      order by (c.status = 'published') desc, mine.inn, other.company_id`,
  );
  return rows.rows.map((r) => ({ inn: r.inn, companyId: r.company_id, name: r.name ?? {}, status: r.status }));
}

/** Of `companyIds`, those with at least one conflict as `innConflicts` lists them. */
export async function companiesWithInnConflicts(db: Db, companyIds: number[]): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db.execute<{ company_id: number }>(
    sql`select distinct mine.company_id
      from legal_entities mine
      join legal_entities other on other.inn = mine.inn and other.company_id <> mine.company_id
      join companies c on c.id = other.company_id
      where mine.company_id in (${sql.join(
        companyIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and c.status in ${CONFLICT_STATUSES}`,
  );
  return new Set(rows.rows.map((r) => r.company_id));
}

/** The other published company listing `inn`, if any (a published company's own edit of its legal entities). */
export async function publishedHolderOf(db: Db, companyId: number, inn: string): Promise<number | null> {
  const rows = await db.execute<{ company_id: number }>(
    sql`select le.company_id from legal_entities le join companies c on c.id = le.company_id
      where le.inn = ${inn} and le.company_id <> ${companyId} and c.status = 'published' limit 1`,
  );
  return rows.rows[0]?.company_id ?? null;
}

/**
 * Inside the approving transaction: 409 `inn_conflict` (details: the INN and the other company's
 * id) while another published company lists one of `companyId`'s INNs. Locks each INN first
 * (`pg_advisory_xact_lock`, released at commit), in a fixed order so two approvals cannot deadlock.
 */
export async function assertNoPublishedHolder(tx: Db, companyId: number): Promise<void> {
  const inns = await tx.execute<{ inn: string }>(sql`select distinct inn from legal_entities where company_id = ${companyId} order by inn`);
  for (const { inn } of inns.rows) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inn:${inn}`}))`);
  for (const { inn } of inns.rows) {
    const holder = await publishedHolderOf(tx, companyId, inn);
    if (holder !== null) {
      throw new DomainError("inn_conflict", `INN ${inn} is listed by published company ${holder}: reject one of them (or block it) first`, {
        details: { inn, companyId: holder },
      });
    }
  }
}
