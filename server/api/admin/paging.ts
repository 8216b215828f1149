/** Paging meta of the admin lists, which page by `limit` (the spec's name) rather than `perPage`. */
import { pageMetaOf, type PageMeta } from "#contract/route.ts";

/** `{ page, perPage, total, pages }` of a page of `limit` rows; `pages` is at least 1. */
export function pageMeta(page: number, limit: number, total: number): PageMeta {
  return pageMetaOf(page, limit, total);
}
