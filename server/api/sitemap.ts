/** The sitemap data resource (contract/sitemap.ts): `/app/sitemap`, `/app/sitemap/{type}`; the web tier writes the XML. */
import * as sitemap from "#contract/sitemap.ts";
import { sitemapCounts, sitemapPage } from "../catalog/sitemap.ts";
import { implement, resource } from "./resource.ts";

export const sitemapResource = resource("/app/sitemap", [
  implement(sitemap.listSitemaps, async (c) => ({ data: await sitemapCounts(c.var.db) })),
  implement(sitemap.getSitemapPage, async (c, { params, query }) => ({ data: await sitemapPage(c.var.db, params.type, query.page) })),
]);
