/** Content pages for visitors (contract/pages.ts): `/api/pages/{slug}`. */
import * as pages from "#contract/pages.ts";
import { publicPage } from "../admin/pages.ts";
import { implement, resource } from "./resource.ts";

export const pageResource = resource("/api/pages", [
  implement(pages.getPage, async (c, { params, query }) => ({ data: await publicPage(c.var.db, params.slug, query.lang, query.page) })),
]);
