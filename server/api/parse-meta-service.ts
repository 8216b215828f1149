/**
 * The page reader's limiters and fetcher settings (`/app/parse/meta`, server/api/parse-meta.ts; ADR 012),
 * built once per API app (server/api/app.ts) and handed to the resource through the request's
 * variables (server/api/env.ts). Kept apart from the resource so the env type needs no handler module.
 */
import type { Db } from "../db/client.ts";
import type { SafeFetchOptions } from "../parse-meta/index.ts";
import { apiLimiter, type ApiLimiter } from "./rate-limits.ts";

export interface ParseMetaLimits {
  /** Pages per signed-in user per window. */
  perUser: number;
  /** Pages per client IP per window (several people behind one office NAT share it). */
  perIp: number;
  /** Seconds. */
  windowS: number;
}

export const PARSE_META_LIMITS: ParseMetaLimits = { perUser: 30, perIp: 60, windowS: 60 };

export interface ParseMetaDeps {
  limits?: Partial<ParseMetaLimits>;
  /**
   * Overrides of the fetcher (tests only: a stub resolver, an address check that lets one local
   * test server count as public, a connection observer). Production passes nothing.
   */
  fetch?: Omit<SafeFetchOptions, "signal" | "acceptLanguage">;
}

/** The page reader's limiters and fetcher settings, built once per API app (server/api/app.ts). */
export interface ParseMetaService {
  perUser: ApiLimiter;
  perIp: ApiLimiter;
  fetch?: ParseMetaDeps["fetch"];
}

export function createParseMetaService(db: Db, deps: ParseMetaDeps = {}): ParseMetaService {
  const limits = { ...PARSE_META_LIMITS, ...deps.limits };
  return {
    perUser: apiLimiter(
      db,
      { keyPrefix: "parse-meta-user", points: limits.perUser, windowS: limits.windowS },
      "Too many pages read: wait a little",
    ),
    perIp: apiLimiter(
      db,
      { keyPrefix: "parse-meta-ip", points: limits.perIp, windowS: limits.windowS },
      "Too many pages read from this address: wait a little",
    ),
    fetch: deps.fetch,
  };
}
