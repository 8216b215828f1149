/**
 * The catalogue's categories, edited in the admin area (issue 7): a tree with localized names,
 * icon, order and the TN VED headings of their goods. Slugs are unique (409 `slug_taken`); a parent
 * must exist and not lie under the category (400, `parentId: invalid_option`); a category with
 * products or subcategories is not deleted (409 `in_use`).
 */
import { z } from "zod";
import { LocalizedSchema } from "../lang-schemas.ts";
import { adminRecordRoutes } from "./crud.ts";
import { Slug, form, integer, localizedRequired, nullable, typeError } from "./fields.ts";

export const AdminCategorySchema = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    slug: z.string(),
    icon: z.string().nullable(),
    name: LocalizedSchema,
    position: z.number().int(),
    tnvedHeadings: z.array(z.string()).meta({ description: "TN VED headings (4 digits) of the category's goods" }),
    productCount: z.number().int(),
    childCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminCategory" });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** An icon name of the site's sprite (app/lib/icon-names.ts); the form offers the list. */
export const Icon = nullable(
  z
    .string({ error: typeError })
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, { error: "icon_format" }),
);

/** A localized name whose Russian text is required (the catalogue's default language and fallback). */
export function nameRu(max: number) {
  return localizedRequired(max).superRefine((value, ctx) => {
    if (!value.ru) ctx.addIssue({ code: "custom", message: "required", path: ["ru"] });
  });
}

export const CategorySchema = form({
  slug: Slug,
  name: nameRu(200),
  icon: Icon,
  parentId: nullable(integer(1, 2_147_483_647)),
  position: integer(0, 100_000).default(0),
  /** TN VED headings (4 digits) of the goods in this category, separated by spaces or commas. */
  tnvedHeadings: z
    .union([z.array(z.string()), z.string()], { error: typeError })
    .optional()
    .transform((value) => (Array.isArray(value) ? value : (value ?? "").split(/[\s,;]+/)).map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{4}$/, { error: "tnved_headings" })).max(200, { error: "too_many" })),
});
export type CategoryInput = z.output<typeof CategorySchema>;

/** The categories operations (contract/admin/crud.ts), also exported one by one below. */
export const categoryRoutes = adminRecordRoutes({
  path: "/app/admin/categories",
  names: { one: "Category", many: "Categories", tag: "Admin: categories" },
  record: AdminCategorySchema,
  body: CategorySchema,
  list: { summary: "Every category in tree order, with product and child counts" },
  summaries: {
    create: "Create a category",
    get: "One category",
    update: "Change a category",
    delete: "Delete a category without products or subcategories",
  },
  deleteErrors: ["in_use"],
});
export const {
  list: listCategories,
  create: createCategory,
  get: getCategory,
  update: updateCategory,
  remove: deleteCategory,
} = categoryRoutes;
