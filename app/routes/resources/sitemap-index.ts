/** `/sitemap.xml`: the sitemap index, one sitemap per entity type and page of 50,000 URLs. */
import type { Route } from "./+types/sitemap-index";
import { listSitemaps } from "#contract/sitemap.ts";
import { apiContext, servicesContext } from "#app/context.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = context.get(servicesContext).publicUrl ?? new URL(request.url).origin;
  const { data: types } = await context.get(apiContext).send(listSitemaps);
  const entries = [`<sitemap><loc>${origin}/sitemaps/pages-1.xml</loc></sitemap>`];
  for (const { type, pages } of types) {
    for (let page = 1; page <= pages; page++) entries.push(`<sitemap><loc>${origin}/sitemaps/${type}-${page}.xml</loc></sitemap>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
