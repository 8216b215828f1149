/**
 * The catalogue's categories (spec §7 `/api/categories`): a tree of two levels in catalogue order,
 * each node with its count of published products (a top category counts its subcategories' too;
 * counts are per-process caches up to a minute old).
 */
import { z } from "zod";
import { LocalizedTextSchema } from "./lang-schemas.ts";
import { LangQuery } from "./common.ts";
import { defineRoute } from "./route.ts";

export const CategoryNodeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    icon: z.string().nullable().meta({ description: "Name of an icon of the site's sprite" }),
    name: LocalizedTextSchema,
    parentId: z.number().int().nullable(),
    productCount: z.number().int().min(0).meta({ description: "Published products in it and its subcategories" }),
    get children() {
      return z.array(CategoryNodeSchema);
    },
  })
  .meta({ id: "CategoryNode" });
export type CategoryNode = z.infer<typeof CategoryNodeSchema>;

/** A top-level category with products: what the header and footer link to. */
export const TopCategorySchema = CategoryNodeSchema.pick({ id: true, slug: true, icon: true, name: true, productCount: true }).meta({
  id: "TopCategory",
});
export type TopCategory = z.infer<typeof TopCategorySchema>;

export const listCategories = defineRoute({
  method: "GET",
  path: "/api/categories",
  operationId: "listCategories",
  tag: "Categories",
  summary: "Category tree with product counts",
  auth: "public",
  scopes: ["catalog:read"],
  query: LangQuery,
  data: z.array(CategoryNodeSchema),
});
