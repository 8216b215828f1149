/** Categories in the admin area (contract/admin/categories.ts): `/app/admin/categories*`. */
import * as categories from "../../../contract/admin/categories.ts";
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from "../../admin/catalogue.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminCategoryResource = resource("/app/admin/categories", [
  implement(categories.listCategories, async (c) => {
    await staffAccess(c, "read");
    return { data: await listCategories(c.var.db) };
  }),
  implement(categories.createCategory, async (c, { body }) => {
    const actor = await staffAccess(c, "manageContent");
    return { data: await getCategory(c.var.db, await createCategory(c.var.db, actor, body)) };
  }),
  implement(categories.getCategory, async (c, { params }) => {
    await staffAccess(c, "read");
    return { data: await getCategory(c.var.db, params.id) };
  }),
  implement(categories.updateCategory, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageContent");
    await updateCategory(c.var.db, actor, params.id, body);
    return { data: await getCategory(c.var.db, params.id) };
  }),
  implement(categories.deleteCategory, async (c, { params }) => {
    const actor = await staffAccess(c, "manageContent");
    await deleteCategory(c.var.db, actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
]);
