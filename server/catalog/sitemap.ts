/**
 * Data of the sitemaps (contract/sitemap.ts): per public entity type, how many there are and their
 * keys page by page with the day of their last change. Only what visitors may see is listed:
 * published products and service offers of published suppliers, published stories, codes in force.
 */
import { sql, type SQL } from "drizzle-orm";
import { SITEMAP_PAGE, SITEMAP_TYPES, type SitemapEntry, type SitemapType } from "#contract/sitemap.ts";
import type { Db } from "../db/client.ts";

const sources: Record<SitemapType, { key: SQL; lastmod: SQL; from: SQL }> = {
  products: {
    key: sql`p.id::text`,
    lastmod: sql`p.updated_at`,
    from: sql`products p join companies c on c.id = p.company_id where p.status = 'published' and c.status = 'published'`,
  },
  suppliers: { key: sql`c.id::text`, lastmod: sql`c.updated_at`, from: sql`companies c where c.status = 'published'` },
  categories: { key: sql`k.id::text`, lastmod: sql`k.updated_at`, from: sql`categories k where true` },
  services: {
    key: sql`s.id::text`,
    lastmod: sql`s.updated_at`,
    from: sql`company_services s join companies c on c.id = s.company_id where s.status = 'published' and c.status = 'published'`,
  },
  stories: { key: sql`s.slug`, lastmod: sql`s.updated_at`, from: sql`stories s where s.status = 'published' and s.published_at <= now()` },
  okved: { key: sql`o.code`, lastmod: sql`o.updated_at`, from: sql`okved_codes o where o.abolished_at is null` },
  tnved: { key: sql`t.code`, lastmod: sql`t.updated_at`, from: sql`tnved_codes t where t.abolished_at is null` },
  // Open public buying requests (issue 14 §2): private ones and those under review are never listed.
  rfq: { key: sql`r.id::text`, lastmod: sql`r.updated_at`, from: sql`rfqs r where r.visibility = 'public' and r.status = 'open'` },
};

// Keys are ordered as numbers where they are ids, so pages are stable as rows are added: by the id
// column itself, so that the primary key gives the order (the millions of register companies, ADR 057,
// are never sorted for a page).
const idOrder: Partial<Record<SitemapType, SQL>> = {
  products: sql`p.id`,
  suppliers: sql`c.id`,
  categories: sql`k.id`,
  services: sql`s.id`,
  rfq: sql`r.id`,
};

/** Every type with its number of entities and of sitemap pages (SITEMAP_PAGE keys each). */
export async function sitemapCounts(db: Db): Promise<{ type: SitemapType; count: number; pages: number }[]> {
  return Promise.all(
    SITEMAP_TYPES.map(async (type) => {
      const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sources[type].from}`);
      const count = result.rows[0]?.n ?? 0;
      return { type, count, pages: Math.ceil(count / SITEMAP_PAGE) };
    }),
  );
}

/** Page `page` (from 1) of a type's keys in key order, each with its last change as YYYY-MM-DD (UTC). */
export async function sitemapPage(db: Db, type: SitemapType, page: number): Promise<SitemapEntry[]> {
  const source = sources[type];
  const order = idOrder[type] ?? source.key;
  const rows = await db.execute<SitemapEntry>(sql`
    select ${source.key} as key, to_char(${source.lastmod} at time zone 'UTC', 'YYYY-MM-DD') as lastmod
    from ${source.from} order by ${order} limit ${SITEMAP_PAGE} offset ${(page - 1) * SITEMAP_PAGE}`);
  return rows.rows;
}
