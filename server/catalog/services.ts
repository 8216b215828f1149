/**
 * Services (spec §7 `/api/services`, `/api/company-services`, `/dev/services/filter`): the service
 * types with how many published suppliers offer each, and the offers themselves.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { CompanyServiceItem, ServiceType } from "#contract/services.ts";
import type { Currency, Lang, Localized } from "../db/schema.ts";
import { pick, pickRequired } from "./localize.ts";
import {
  cappedCountSql,
  companyColumns,
  companyJoins,
  catalogueList,
  ofPublishedCompany,
  toCompanyCard,
  type CompanyRow,
  type ListSql,
} from "./repository.ts";

export type { CompanyServiceItem, ServiceType } from "#contract/services.ts";

/** Every service type in catalogue order, with the number of published suppliers offering it. */
export async function listServiceTypes(db: Db, lang: Lang): Promise<ServiceType[]> {
  const rows = await db.execute<{
    id: number;
    slug: string;
    icon: string | null;
    name: Localized;
    description: Localized;
    source_lang: Lang;
    n: number;
  }>(sql`
    select t.id, t.slug, t.icon, t.name, t.description, t.source_lang,
      (select count(distinct s.company_id)::int from company_services s
        where s.service_type_id = t.id and s.status = 'published' and ${ofPublishedCompany(sql`s.company_id`)}) as n
    from service_types t order by t.position, t.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    icon: r.icon,
    name: pickRequired(r.name, lang, r.source_lang),
    description: pick(r.description, lang, r.source_lang),
    companyCount: r.n,
  }));
}

export interface CompanyServiceFilters {
  /** Only these offers (search results), in this order. */
  ids?: number[];
  /** Service type id or slug. */
  serviceType?: string;
  region?: string;
  country?: "RU" | "CN";
  company?: number;
}

/** The columns of a service offer and its type, as both the offer list and a supplier's page select them. */
export type OfferColumns = {
  id: number;
  type_id: number;
  slug: string;
  type_name: Localized;
  type_source: Lang;
  description: Localized;
  source_lang: Lang;
  price_from: string | null;
  currency: Currency | null;
  price_unit: Localized | null;
};

type OfferRow = CompanyRow & OfferColumns;

/**
 * SQL of a company-service list page and its capped count; see listCompanyServices. Offers follow
 * their suppliers in the supplier list's order (companies_status_idx: verified first, then newest),
 * so a page walks that index; the count joins companies only when a filter looks at the company.
 */
export function companyServiceListSql(filters: CompanyServiceFilters, page: number, perPage: number): ListSql {
  const parts: SQL[] = [sql`s.status = 'published'`];
  const companyParts: SQL[] = [];
  if (filters.serviceType) {
    parts.push(
      /^\d+$/.test(filters.serviceType)
        ? sql`s.service_type_id = ${Number(filters.serviceType)}`
        : sql`s.service_type_id = (select id from service_types where slug = ${filters.serviceType})`,
    );
  }
  if (filters.company !== undefined) companyParts.push(sql`c.id = ${filters.company}`);
  if (filters.ids)
    parts.push(
      filters.ids.length > 0
        ? sql`s.id in (${sql.join(
            filters.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (filters.region) companyParts.push(sql`c.region_code = ${filters.region}`);
  if (filters.country) companyParts.push(sql`c.country = ${filters.country}`);
  const where = sql.join(parts, sql` and `);
  const companyWhere = sql.join([sql`c.status = 'published'`, ...companyParts], sql` and `);
  const columns = sql`s.id, t.id as type_id, t.slug, t.name as type_name, t.source_lang as type_source, s.description, s.source_lang,
    s.price_from::text as price_from, s.currency, s.price_unit, ${companyColumns}`;
  const order = sql`c.verification_level desc, c.published_at desc nulls last, c.id desc, s.id`;
  const paging = sql`limit ${perPage} offset ${(page - 1) * perPage}`;
  return {
    rows:
      filters.ids || filters.company !== undefined
        ? // A few given offers, or one supplier's: start from them.
          sql`select ${columns} from company_services s join companies c on c.id = s.company_id
          join service_types t on t.id = s.service_type_id ${companyJoins}
          where ${where} and ${companyWhere} order by ${order} ${paging}`
        : // Suppliers in list order (companies_status_idx), each with its matching offers
          // (company_services_company_idx): a page reads the first suppliers, never the whole table.
          sql`select ${columns} from companies c
          cross join lateral (select s.* from company_services s where s.company_id = c.id and ${where}) s
          join service_types t on t.id = s.service_type_id ${companyJoins}
          where ${companyWhere} order by ${order} ${paging}`,
    count: cappedCountSql(
      companyParts.length > 0
        ? sql`from company_services s join companies c on c.id = s.company_id where ${where} and ${companyWhere}`
        : sql`from company_services s where ${where} and ${ofPublishedCompany(sql`s.company_id`)}`,
    ),
  };
}

/**
 * One page of published offers of published companies (CompanyServiceFilters), offers of verified
 * suppliers first. Totals are capped at TOTAL_CAP.
 */
export const listCompanyServices = catalogueList(companyServiceListSql, offerItem);

/** One offer row as the list shows it, in `lang`. */
function offerItem(r: OfferRow, lang: Lang): CompanyServiceItem {
  return {
    id: r.id,
    serviceType: { id: r.type_id, slug: r.slug, name: pickRequired(r.type_name, lang, r.type_source) },
    description: pick(r.description, lang, r.source_lang),
    priceFrom: r.price_from,
    currency: r.currency,
    priceUnit: pick(r.price_unit, lang, r.source_lang),
    company: toCompanyCard(r, lang),
  };
}

/** One published offer of a published company, or null. */
export async function getCompanyService(db: Db, id: number, lang: Lang): Promise<CompanyServiceItem | null> {
  const result = await listCompanyServices(db, { ids: [id] }, lang, 1, 1);
  return result.items[0] ?? null;
}
