/**
 * The regions a company may be placed in, for the company forms' region lists (contract/regions.ts:
 * the Russian federal subjects and the Chinese provinces, names in the page's language).
 */
import { listRegions, type RegionChoice } from "#contract/regions.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import type { ApiClient } from "#app/lib/api-client.server.ts";

export type { RegionChoice };

/** The regions a company of `country` (or any) may be placed in, names in `lang`. */
export function regions(api: ApiClient, lang: Lang, country?: "RU" | "CN") {
  return api.send(listRegions, { query: { lang, country } }).then((r) => r.data);
}
