/**
 * Content pages for visitors (spec §2: `{lang}/talp` and `{lang}/liaozhong`; issue 7): localized
 * Markdown written in the admin area (contract/admin/pages.ts). `talp` is a landing page; a
 * partner-region page (`liaozhong`) also lists the region's published suppliers, verified first.
 * Both always exist: a page nobody has written yet shows its defaults.
 */
import { z } from "zod";
import { CompanyListItemSchema } from "./companies.ts";
import { LangSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import { defineRoute } from "./route.ts";

export const CONTENT_PAGE_KINDS = ["page", "region"] as const;

/**
 * A supplier card of a region page: the catalogue's company list item (server/catalog/companies.ts)
 * without the response metrics, which the region page does not show.
 */
export const PageSupplierSchema = CompanyListItemSchema.omit({ response: true });

export const PublicPageSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(CONTENT_PAGE_KINDS),
    title: LocalizedTextSchema,
    lead: LocalizedTextSchema.nullable(),
    body: LocalizedTextSchema.nullable().meta({ description: "Markdown (null: no text yet; the page shows its entry points)" }),
    updatedAt: z.string().nullable(),
    region: z.object({ code: z.string(), name: LocalizedTextSchema, localities: z.array(z.string()) }).nullable(),
    suppliers: z
      .object({ items: z.array(PageSupplierSchema), total: z.number().int(), page: z.number().int(), pages: z.number().int() })
      .nullable()
      .meta({ description: "A region page's suppliers, 24 a page" }),
  })
  .meta({ id: "PublicPage" });
export type PublicPage = z.infer<typeof PublicPageSchema>;

export const PublicPageQuery = z.object({ lang: LangSchema, page: z.coerce.number().int().min(1).max(1000).default(1) });

export const getPage = defineRoute({
  method: "GET",
  path: "/api/pages/{slug}",
  operationId: "getPage",
  tag: "Content pages",
  summary: "A content page (talp, liaozhong) in the language asked for",
  auth: "public",
  params: z.object({
    slug: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,79}$/)
      .meta({ description: "The page's slug" }),
  }),
  query: PublicPageQuery,
  data: PublicPageSchema,
  errors: ["not_found"],
});
