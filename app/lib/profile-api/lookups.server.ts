/**
 * TRANSITION (issue 13): the company pages' call of the one operation not yet declared in
 * contract/ on this branch — the regions (`/api/regions`). It becomes an `api.send(route, input)`
 * at its call sites when the catalogue's resources move to the contract; then this module goes.
 */
import type { RegionChoice } from "../../../server/catalog/regions.ts";
import type { ApiClient, Lang } from "../api-client.server.ts";

export type { RegionChoice };

/** The regions a company of `country` (or any) may be placed in, names in `lang`. */
export function regions(api: ApiClient, lang: Lang, country?: "RU" | "CN") {
  return api.get<RegionChoice[]>("/api/regions", { lang, country }).then((r) => r.data);
}
