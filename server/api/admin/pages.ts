/** Content pages in the admin area (contract/admin/pages.ts): `/app/admin/pages*`. */
import * as pages from "#contract/admin/pages.ts";
import { getAdminPage, listAdminPages, savePage } from "#server/admin/pages.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminPageResource = resource("/app/admin/pages", [
  implement(pages.listPages, async (c) => {
    await staffAccess(c, "read");
    return { data: await listAdminPages(c.var.db) };
  }),
  implement(pages.getPage, async (c, { params }) => {
    await staffAccess(c, "read");
    return { data: await getAdminPage(c.var.db, params.slug) };
  }),
  implement(pages.savePage, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageContent");
    await savePage(c.var.db, actor, params.slug, body);
    return { data: await getAdminPage(c.var.db, params.slug) };
  }),
]);
