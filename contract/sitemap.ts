/**
 * Data of the sitemaps (the web tier writes the XML: `/sitemap.xml`, `/sitemaps/{type}-{n}.xml`):
 * how many public entities of each type there are, and their keys page by page, SITEMAP_PAGE
 * (50,000, the sitemap protocol's limit) per page, in key order.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";

export const SITEMAP_PAGE = 50_000;
export const SITEMAP_TYPES = ["products", "suppliers", "categories", "services", "stories", "okved", "tnved", "rfq"] as const;
export const SitemapTypeSchema = z.enum(SITEMAP_TYPES);
export type SitemapType = z.infer<typeof SitemapTypeSchema>;

export const SitemapCountSchema = z
  .object({ type: SitemapTypeSchema, count: z.number().int().min(0), pages: z.number().int().min(0) })
  .meta({ id: "SitemapCount" });
export const SitemapEntrySchema = z
  .object({
    key: z.string().meta({ description: "Id, slug or code as it appears in the page's URL" }),
    lastmod: z.string().meta({ description: "YYYY-MM-DD (UTC)" }),
  })
  .meta({ id: "SitemapEntry" });
export type SitemapEntry = z.infer<typeof SitemapEntrySchema>;

export const listSitemaps = defineRoute({
  method: "GET",
  path: "/app/sitemap",
  operationId: "listSitemaps",
  tag: "App",
  summary: "Public entities per sitemap type, with their number of pages",
  auth: "public",
  data: z.array(SitemapCountSchema),
});

export const getSitemapPage = defineRoute({
  method: "GET",
  path: "/app/sitemap/{type}",
  operationId: "getSitemapPage",
  tag: "App",
  summary: "One page of a sitemap type's keys with their last change",
  auth: "public",
  params: z.object({ type: SitemapTypeSchema }),
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  data: z.array(SitemapEntrySchema),
  errors: ["not_found"],
});
