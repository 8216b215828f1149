/**
 * TRANSITION (issue 13): the company pages' calls of operations not yet declared in contract/ —
 * the DaData-compatible INN and address suggestions (`/dev/legal_entry`, `/dev/address`), a web
 * page's metadata (`/app/parse/meta`, ADR 012) and the regions (`/api/regions`). Each becomes an
 * `api.send(route, input)` at its call site when its resource moves to the contract; then this
 * module goes.
 */
import type { AddressSuggestion, PartySuggestion, SuggestionResult } from "../../../server/suggestions/dadata.ts";
import type { RegionChoice } from "../../../server/catalog/regions.ts";
import type { ApiClient, Lang } from "../api-client.server.ts";

export type { AddressSuggestion, PartySuggestion, RegionChoice };

/** The organisation registered with `inn` (`configured: false` without a DaData token). */
export function lookupInn(api: ApiClient, inn: string) {
  return api.get<SuggestionResult<PartySuggestion>>("/dev/legal_entry", { inn }).then((r) => r.data);
}

/** Address lines matching `query` (Russian addresses; `lang` en gives transliterated lines). */
export function suggestAddress(api: ApiClient, query: string, lang: "ru" | "en") {
  return api.call<SuggestionResult<AddressSuggestion>>("POST", "/dev/address", { query, count: 7, lang });
}

/**
 * Title, description and language of a web page, read by the server under its SSRF policy;
 * refusals are ApiClientError with codes such as `url_forbidden_address`, `timeout`.
 */
export function pageMeta(api: ApiClient, url: string, lang: Lang) {
  return api
    .get<{ url: string; finalUrl: string; title: string | null; description: string | null; siteName: string | null; lang: string | null }>("/app/parse/meta", { url, lang })
    .then((r) => r.data);
}

/** The regions a company of `country` (or any) may be placed in, names in `lang`. */
export function regions(api: ApiClient, lang: Lang, country?: "RU" | "CN") {
  return api.get<RegionChoice[]>("/api/regions", { lang, country }).then((r) => r.data);
}
