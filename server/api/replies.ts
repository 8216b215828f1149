/** Reply helpers shared by resources (server/api/resource.ts). */
import { pageMetaOf } from "#contract/route.ts";
import type { ListMeta } from "#contract/common.ts";
import type { Paged } from "../catalog/repository.ts";

/** A page of a capped list as `{ data, meta }`: `pages` at least 1, `totalCapped` as counted. */
export function pagedReply<T>(result: Paged<T>, page: number, perPage: number): { data: T[]; meta: ListMeta } {
  return {
    data: result.items,
    meta: { ...pageMetaOf(page, perPage, result.total), totalCapped: result.totalCapped },
  };
}
