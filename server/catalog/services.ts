/**
 * Services (spec §7 `/api/services`, `/api/company-services`, `/dev/services/filter`): the service
 * types with how many published suppliers offer each, and the offers themselves.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Currency, Lang, Localized } from "../db/schema.ts";
import { pick, pickRequired, type LocalizedText } from "./localize.ts";
import { companyColumns, companyJoins, toCompanyCard, type CompanyCard, type CompanyRow, type Paged } from "./repository.ts";

export interface ServiceType {
  id: number;
  slug: string;
  icon: string | null;
  name: LocalizedText;
  description: LocalizedText | null;
  companyCount: number;
}

export async function listServiceTypes(db: Db, lang: Lang): Promise<ServiceType[]> {
  const rows = await db.execute<{ id: number; slug: string; icon: string | null; name: Localized; description: Localized; source_lang: Lang; n: number }>(sql`
    select t.id, t.slug, t.icon, t.name, t.description, t.source_lang,
      (select count(distinct s.company_id)::int from company_services s join companies c on c.id = s.company_id
        where s.service_type_id = t.id and s.status = 'published' and c.status = 'published') as n
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

export interface CompanyServiceItem {
  id: number;
  serviceType: { id: number; slug: string; name: LocalizedText };
  description: LocalizedText | null;
  priceFrom: string | null;
  currency: Currency | null;
  priceUnit: LocalizedText | null;
  company: CompanyCard;
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

export async function listCompanyServices(db: Db, filters: CompanyServiceFilters, lang: Lang, page: number, perPage: number): Promise<Paged<CompanyServiceItem>> {
  const parts: SQL[] = [sql`s.status = 'published'`, sql`c.status = 'published'`];
  if (filters.serviceType) parts.push(/^\d+$/.test(filters.serviceType) ? sql`t.id = ${Number(filters.serviceType)}` : sql`t.slug = ${filters.serviceType}`);
  if (filters.region) parts.push(sql`c.region_code = ${filters.region}`);
  if (filters.country) parts.push(sql`c.country = ${filters.country}`);
  if (filters.company !== undefined) parts.push(sql`c.id = ${filters.company}`);
  if (filters.ids) parts.push(filters.ids.length > 0 ? sql`s.id in (${sql.join(filters.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const where = sql.join(parts, sql` and `);
  const from = sql`from company_services s join service_types t on t.id = s.service_type_id join companies c on c.id = s.company_id`;
  const [rows, count] = await Promise.all([
    db.execute<CompanyRow & {
      id: number; type_id: number; slug: string; type_name: Localized; type_source: Lang; description: Localized; source_lang: Lang;
      price_from: string | null; currency: Currency | null; price_unit: Localized | null;
    }>(sql`select s.id, t.id as type_id, t.slug, t.name as type_name, t.source_lang as type_source, s.description, s.source_lang,
        s.price_from::text as price_from, s.currency, s.price_unit, ${companyColumns}
      ${from} ${companyJoins}
      where ${where} order by c.verification_level desc, s.id limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  return {
    items: rows.rows.map((r) => ({
      id: r.id,
      serviceType: { id: r.type_id, slug: r.slug, name: pickRequired(r.type_name, lang, r.type_source) },
      description: pick(r.description, lang, r.source_lang),
      priceFrom: r.price_from,
      currency: r.currency,
      priceUnit: pick(r.price_unit, lang, r.source_lang),
      company: toCompanyCard(r, lang),
    })),
    total: count.rows[0]?.n ?? 0,
    totalCapped: false,
  };
}
