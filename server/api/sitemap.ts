/**
 * Data for the sitemaps (web tier: /sitemap.xml and /sitemaps/{type}-{n}.xml):
 * - GET /app/sitemap — `[{ type, count, pages }]` for every public entity type;
 * - GET /app/sitemap/{type}?page=N — `[{ key, lastmod }]`, SITEMAP_PAGE (50,000, the sitemap
 *   protocol's limit) per page, in key order.
 */
import { Hono } from "hono";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ApiEnv } from "./app.ts";
import { notFound, ok, parseQuery } from "./http.ts";

export const SITEMAP_PAGE = 50_000;

const sources: Record<string, { key: SQL; lastmod: SQL; from: SQL }> = {
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
};

// Keys are ordered as numbers where they are ids, so pages are stable as rows are added.
const numericKeys = new Set(["products", "suppliers", "categories", "services"]);

export const sitemapRoutes = new Hono<ApiEnv>()
  .get("/app/sitemap", async (c) => {
    const counts = await Promise.all(
      Object.entries(sources).map(async ([type, source]) => {
        const result = await c.var.db.execute<{ n: number }>(sql`select count(*)::int as n from ${source.from}`);
        const count = result.rows[0]?.n ?? 0;
        return { type, count, pages: Math.ceil(count / SITEMAP_PAGE) };
      }),
    );
    return ok(c, counts);
  })
  .get("/app/sitemap/:type", async (c) => {
    const source = sources[c.req.param("type")];
    if (!source) throw notFound("Sitemap type");
    const { page } = parseQuery(c, z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }));
    const order = numericKeys.has(c.req.param("type")) ? sql`${source.key}::bigint` : source.key;
    const rows = await c.var.db.execute<{ key: string; lastmod: string }>(sql`
      select ${source.key} as key, to_char(${source.lastmod} at time zone 'UTC', 'YYYY-MM-DD') as lastmod
      from ${source.from} order by ${order} limit ${SITEMAP_PAGE} offset ${(page - 1) * SITEMAP_PAGE}`);
    return ok(c, rows.rows);
  });
