/**
 * `/sitemaps/{type}-{n}.xml`: one page of a sitemap. Every URL is the Russian (unprefixed, canonical)
 * page with `xhtml:link` alternates for ru, en, zh and x-default (Google's hreflang-in-sitemap form).
 */
import type { Route } from "./+types/sitemap-page";
import { SitemapTypeSchema, getSitemapPage, type SitemapType } from "#contract/sitemap.ts";
import { apiContext, servicesContext } from "#app/context.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { LANGS, localePath } from "#app/lib/i18n.ts";

const PATHS: Record<SitemapType, (key: string) => string> = {
  products: (key) => `/product/${key}`,
  suppliers: (key) => `/suppliers/${key}`,
  categories: (key) => `/catalog/${key}`,
  services: (key) => `/services/company/${key}`,
  stories: (key) => `/press_center/${key}`,
  okved: (key) => `/okved/${key}`,
  rfq: (key) => `/rfq/${key}`,
  tnved: (key) => `/tnved/${key}`,
};

const STATIC_PAGES = [
  "/",
  "/catalog",
  "/suppliers",
  "/services",
  "/services/company",
  "/press_center",
  "/okved",
  "/tnved",
  "/search",
  "/rfq",
  "/payment-routes",
];

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function urlEntry(origin: string, path: string, lastmod?: string): string {
  const links = LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escape(origin + localePath(lang, path))}"/>`);
  links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + path)}"/>`);
  return `<url><loc>${escape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${links.join("")}</url>`;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const match = /^([a-z]+)-([1-9]\d{0,4})\.xml$/.exec(params.name);
  if (!match) pageNotFound(request);
  const [, type, page] = match;
  const origin = context.get(servicesContext).publicUrl ?? new URL(request.url).origin;
  let entries: string[];
  if (type === "pages") {
    if (page !== "1") pageNotFound(request);
    entries = STATIC_PAGES.map((path) => urlEntry(origin, path));
  } else {
    const known = SitemapTypeSchema.safeParse(type);
    if (!known.success) pageNotFound(request);
    const toPath = PATHS[known.data];
    const { data: rows } = await context.get(apiContext).send(getSitemapPage, { params: { type: known.data }, query: { page } });
    if (rows.length === 0) pageNotFound(request);
    entries = rows.map((row) => urlEntry(origin, toPath(encodeURIComponent(row.key)), row.lastmod));
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
