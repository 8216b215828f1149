/**
 * The invitation picker of a private buying request (contract/rfq.ts `searchRfqSuppliers`): which
 * published suppliers a buyer can invite, found by name or INN, or named by id.
 *
 * - `q` of digits only (4–12): companies with a legal entity whose INN starts with them;
 * - any other `q`: companies whose name in any language, or whose legal entity's full or short name,
 *   contains it (case-insensitive; `%` and `_` are literal).
 * Only `published` companies (the same rule `checkReferences` in requests.ts applies to the
 * invitations), never the caller's own company. Ranked: an exact INN, then a name starting with
 * `q`, then verification level, then the older company; at most SUPPLIER_SEARCH_LIMIT.
 */
import { sql } from "drizzle-orm";
import { SUPPLIER_SEARCH_LIMIT, type RfqSupplier } from "#contract/rfq.ts";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import { activeCompanyOf, nameIn } from "./requests.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Suppliers for the picker (see the module comment); `ids` wins over `q`; neither → []. */
export async function searchSuppliers(db: Db, userId: number, query: { q?: string; ids?: number[]; lang: Lang }): Promise<RfqSupplier[]> {
  const own = (await activeCompanyOf(db, userId)) ?? 0;
  let filter;
  // Ranks first the best answers to `q` (a boolean expression); by id there is nothing to rank.
  let rank = sql`c.id < 0`;
  if (query.ids?.length) {
    filter = sql`c.id = any(${`{${query.ids.join(",")}}`}::int[])`;
  } else if (query.q) {
    const q = query.q;
    if (/^\d{4,12}$/.test(q)) {
      filter = sql`exists (select 1 from legal_entities le where le.company_id = c.id and le.inn like ${`${q}%`})`;
      rank = sql`exists (select 1 from legal_entities le where le.company_id = c.id and le.inn = ${q})`;
    } else {
      const contains = `%${escapeLike(q)}%`;
      const starts = `${escapeLike(q)}%`;
      filter = sql`(c.name->>'ru' ilike ${contains} or c.name->>'en' ilike ${contains} or c.name->>'zh' ilike ${contains}
        or exists (select 1 from legal_entities le where le.company_id = c.id
          and (le.name_full ilike ${contains} or le.name_short ilike ${contains})))`;
      rank = sql`(c.name->>'ru' ilike ${starts} or c.name->>'en' ilike ${starts} or c.name->>'zh' ilike ${starts})`;
    }
  } else return [];
  const result = await db.execute<{
    id: number;
    name: Record<string, string>;
    city: Record<string, string>;
    country: "RU" | "CN";
    verification_level: number;
    inn: string | null;
  }>(sql`
    select c.id, c.name, c.city, c.country, c.verification_level,
      (select le.inn from legal_entities le where le.company_id = c.id order by le.id limit 1) as inn
    from companies c
    where c.status = 'published' and c.id <> ${own} and ${filter}
    order by ${rank} desc, c.verification_level desc, c.id asc
    limit ${SUPPLIER_SEARCH_LIMIT}`);
  return result.rows.map((r) => ({
    id: r.id,
    name: nameIn(r.name, query.lang),
    inn: r.inn,
    city: nameIn(r.city, query.lang) || null,
    country: r.country,
    verificationLevel: r.verification_level,
  }));
}
