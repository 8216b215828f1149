/**
 * The seam between the process and the web tier: what the HTTP pipeline (server/http.ts) hands to
 * React Router on every request (app/context.ts `servicesContext`). It lives here, with neither
 * tier, so that the web tier imports nothing from server/ (ADR 023).
 */
import type { Logger } from "pino";

export interface WebServices {
  /** In-process transport to the API tier, or undefined when API_URL points elsewhere. */
  apiFetch?: (request: Request) => Promise<Response>;
  /** The API tier's direct reads, beside `apiFetch` (ADR 069); undefined when API_URL points elsewhere. */
  apiDirect?: ApiDirect;
  apiUrl?: string;
  publicUrl?: string;
  requestId: string;
  /**
   * The browser's IP (socket peer, or the address trusted proxies report: TRUST_PROXY), forwarded to
   * the API as `x-client-ip` for its rate limits.
   */
  clientIp: string;
  nonce: string;
  logger: Logger;
  /** Build-version polling interval for the browser, seconds; 0 turns it off (ADR 005). */
  buildCheckIntervalS?: number;
  /**
   * The public documents' runtime (ADR 035): the island boot script's URL and the build id the
   * server runs. Absent when the build has no island runtime: every page then hydrates as an app.
   */
  islands?: IslandsBuild;
  /** Yandex Maps JS API v3 key (YANDEX_MAPS_API_KEY): the supplier page loads the map with it; absent = a link only. */
  yandexMapsApiKey?: string;
}

/** `build/client/islands.json`, written by scripts/build/islands.ts. */
export interface IslandsBuild {
  /** URL of the boot module, e.g. `/assets/islands/boot-3f2a.js`. */
  boot: string;
  /** React Router's manifest version of the build (the id `/builds/latest.json` reports). */
  buildId: string;
  /** Development: the boot module is served by Vite from source. */
  dev?: boolean;
}

/**
 * The in-process fast path of the API client (ADR 069): a public GET operation the API tier
 * registered as a direct read is answered without a Request, a Response or JSON text, through the
 * same input validation, handler, reply check and error envelope as over `apiFetch`.
 */
export interface ApiDirect {
  /**
   * Answers operation `operationId` with the path parameters and query values as the URL would
   * carry them (strings; a repeated query key as an array), or returns undefined when the operation
   * has no direct read (the client then uses `apiFetch`). Never rejects: a failure is an answer
   * with its status and the error envelope.
   */
  read(operationId: string, params: Record<string, string>, query: Record<string, string | string[]>): Promise<DirectAnswer> | undefined;
}

/** A direct read's answer: the HTTP status it would have had and its body (the `{ data, meta }` or `{ error }` envelope) as values. */
export interface DirectAnswer {
  status: number;
  body: unknown;
  /** The Retry-After seconds the answer would carry (a 429 or 503), if any. */
  retryAfter?: number;
}
