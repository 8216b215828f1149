/** Categories in the admin area (contract/admin/categories.ts): `/app/admin/categories*`. */
import * as categories from "#contract/admin/categories.ts";
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from "#server/admin/catalogue.ts";
import { resource } from "../resource.ts";
import { adminRecordOperations } from "./records.ts";

export const adminCategoryResource = resource(
  "/app/admin/categories",
  adminRecordOperations(categories.categoryRoutes, {
    list: listCategories,
    get: getCategory,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  }),
);
