/**
 * A client of a DaData-compatible suggestions service (https://dadata.ru/api/), called from the
 * server only: the token (`DADATA_TOKEN`) never reaches a browser (DESIGN §7).
 *
 * - `findParty(inn)`: POST `{url}/suggestions/api/4_1/rs/findById/party` `{ query: inn, count: 5 }` →
 *   organisations and sole proprietors registered with that INN: kind, INN, KPP, OGRN(IP), full and
 *   short names with the legal form, address, state (ACTIVE, LIQUIDATING, LIQUIDATED, …).
 * - `suggestAddress(query)`: POST `{url}/suggestions/api/4_1/rs/suggest/address`
 *   `{ query, count, language }` → address lines with postal code, region ISO code, city and
 *   coordinates.
 * Both send `Authorization: Token <token>` and JSON. Source of the request and response shapes:
 * DaData API documentation, «Организация по ИНН или ОГРН» and «Подсказки по адресам».
 *
 * Never throws: without a token every call answers `{ configured: false, items: [] }`; a timeout
 * (TIMEOUT_MS), a network error, a non-2xx answer or an unreadable body answers
 * `{ configured: true, available: false, items: [] }` and is logged. Party answers are cached per
 * INN for CACHE_TTL_MS (at most CACHE_SIZE INNs), as registry data changes rarely and the
 * service's quota is per request.
 */
import { z } from "zod";
import type { AddressSuggestion, PartySuggestion, SuggestionResult } from "#contract/suggestions.ts";
import type { Logger } from "../logger.ts";

export const TIMEOUT_MS = 3000;
export const CACHE_TTL_MS = 60 * 60 * 1000;
export const CACHE_SIZE = 500;

export type { AddressSuggestion, PartySuggestion, SuggestionResult } from "#contract/suggestions.ts";

export interface SuggestionsClient {
  readonly configured: boolean;
  findParty(inn: string): Promise<SuggestionResult<PartySuggestion>>;
  suggestAddress(query: string, options?: { count?: number; lang?: "ru" | "en" }): Promise<SuggestionResult<AddressSuggestion>>;
}

export interface SuggestionsConfig {
  token?: string;
  /** Base URL, default https://suggestions.dadata.ru. */
  url?: string;
  logger?: Logger;
  fetch?: typeof fetch;
  now?: () => number;
  /** Per-request timeout, default TIMEOUT_MS. */
  timeoutMs?: number;
}

const str = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null));

const PartyResponse = z.object({
  suggestions: z.array(
    z.object({
      value: z.string().nullish(),
      data: z.object({
        inn: z.string(),
        kpp: str,
        ogrn: str,
        type: z.string().nullish(),
        name: z.object({ full_with_opf: str, short_with_opf: str }).partial().nullish(),
        address: z.object({ value: str, unrestricted_value: str }).partial().nullish(),
        state: z.object({ status: str }).partial().nullish(),
      }),
    }),
  ),
});

const AddressResponse = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      unrestricted_value: z.string().nullish(),
      data: z
        .object({ postal_code: str, region_iso_code: str, city: str, settlement: str, geo_lat: str, geo_lon: str, fias_id: str })
        .partial()
        .nullish(),
    }),
  ),
});

function coordinate(value: string | null | undefined): number | null {
  if (!value) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function createSuggestionsClient(config: SuggestionsConfig): SuggestionsClient {
  const base = (config.url ?? "https://suggestions.dadata.ru").replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const cache = new Map<string, { at: number; items: PartySuggestion[] }>();
  const token = config.token;

  async function call(path: string, body: unknown): Promise<unknown> {
    try {
      const response = await doFetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", authorization: `Token ${token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
      });
      if (!response.ok) {
        config.logger?.warn({ status: response.status, path }, "suggestions service answered with an error");
        await response.body?.cancel();
        return undefined;
      }
      return await response.json();
    } catch (error) {
      config.logger?.warn({ err: error, path }, "suggestions service unreachable");
      return undefined;
    }
  }

  return {
    configured: Boolean(token),
    async findParty(inn) {
      if (!token) return { configured: false, available: true, items: [] };
      const cached = cache.get(inn);
      if (cached && now() - cached.at < CACHE_TTL_MS) return { configured: true, available: true, items: cached.items };
      const raw = await call("/suggestions/api/4_1/rs/findById/party", { query: inn, count: 5 });
      const parsed = raw === undefined ? null : PartyResponse.safeParse(raw);
      if (!parsed?.success) return { configured: true, available: false, items: [] };
      const items = parsed.data.suggestions.map((s): PartySuggestion => ({
        kind: s.data.type === "INDIVIDUAL" ? "individual" : "legal",
        inn: s.data.inn,
        kpp: s.data.kpp,
        ogrn: s.data.ogrn,
        nameFull: s.data.name?.full_with_opf ?? s.value ?? "",
        nameShort: s.data.name?.short_with_opf ?? null,
        address: s.data.address?.unrestricted_value ?? s.data.address?.value ?? null,
        state: s.data.state?.status ?? null,
      }));
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(inn, { at: now(), items });
      return { configured: true, available: true, items };
    },
    async suggestAddress(query, options = {}) {
      if (!token) return { configured: false, available: true, items: [] };
      const raw = await call("/suggestions/api/4_1/rs/suggest/address", {
        query,
        count: options.count ?? 10,
        language: options.lang ?? "ru",
      });
      const parsed = raw === undefined ? null : AddressResponse.safeParse(raw);
      if (!parsed?.success) return { configured: true, available: false, items: [] };
      return {
        configured: true,
        available: true,
        items: parsed.data.suggestions.map((s) => ({
          value: s.value,
          unrestrictedValue: s.unrestricted_value ?? s.value,
          postalCode: s.data?.postal_code ?? null,
          regionIsoCode: s.data?.region_iso_code ?? null,
          city: s.data?.city ?? s.data?.settlement ?? null,
          latitude: coordinate(s.data?.geo_lat),
          longitude: coordinate(s.data?.geo_lon),
          fiasId: s.data?.fias_id ?? null,
        })),
      };
    },
  };
}
