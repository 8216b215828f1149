/**
 * The seam between the process and the web tier: what the HTTP pipeline (server/http.ts) hands to
 * React Router on every request (app/context.ts `servicesContext`). It lives here, with neither
 * tier, so that the web tier imports nothing from server/ (ADR 023).
 */
import type { Logger } from "pino";

export interface WebServices {
  /** In-process transport to the API tier, or undefined when API_URL points elsewhere. */
  apiFetch?: (request: Request) => Promise<Response>;
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
