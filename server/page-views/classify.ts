/**
 * Which requests are page views of a supplier's pages (issue 28 §4; ADR 051), decided from the
 * request and its answer alone — nothing about the visitor is read beyond what excludes robots and
 * prefetches, and nothing is kept.
 *
 * Counted: a GET of a product page (`/product/{id}`), a supplier's card (`/suppliers/{id}`), its
 * product list (`/suppliers/{id}/products`) or a service offer (`/services/company/{id}`), with or
 * without a language segment, as a document or as React Router's data request of a client
 * navigation (`….data`), answered 200 with HTML or the router's data — from the renderer or from
 * the anonymous page cache alike.
 * Not counted: HEAD and every other method; a 304, redirect or error; a prefetch (`Sec-Purpose:
 * prefetch` — Chromium's speculation rules and `<link rel=prefetch>` — or the older `Purpose:
 * prefetch`); a request without a User-Agent; a robot's User-Agent by `isbot` (its maintained list);
 * a request that names a browser which always sends Fetch Metadata but sends none (isReading).
 */
import { isbot } from "isbot";
import type { PageViewKind } from "../db/schema.ts";

/** A counted page: what it shows and that entity's id. */
export interface PageViewTarget {
  kind: PageViewKind;
  id: number;
}

/**
 * The supplier pages by path (app/routes.ts): optional language segment, the page, a positive id
 * of at most 10 digits (the routes' own id rule), and React Router's `.data` suffix.
 */
const PAGE_PATH = /^\/(?:(?:ru|en|zh)\/)?(product|suppliers|services\/company)\/([1-9]\d{0,9})(\/products)?(?:\.data)?\/?$/;

const COUNTED_TYPES = /^(text\/html|text\/x-script)\b/i;
const PREFETCH = /\bprefetch\b/i;

/** The supplier page `pathname` shows, or null for any other path (ids beyond PostgreSQL's integer too). */
export function pageOfPath(pathname: string): PageViewTarget | null {
  const match = PAGE_PATH.exec(pathname);
  if (!match) return null;
  const [, page, rawId, products] = match;
  const id = Number(rawId);
  if (id > 2_147_483_647) return null;
  if (page === "product") return products ? null : { kind: "product", id };
  if (page === "suppliers") return { kind: products ? "company_products" : "company", id };
  return products ? null : { kind: "service", id };
}

/** Whether the request was made by a person's browser for reading now: not a robot, not a prefetch. */
export function isHumanView(headers: Headers): boolean {
  const agent = headers.get("user-agent");
  if (!agent || isbot(agent)) return false;
  if (PREFETCH.test(headers.get("sec-purpose") ?? "") || PREFETCH.test(headers.get("purpose") ?? "")) return false;
  // Firefox's and older Chromium's link prefetch.
  if (PREFETCH.test(headers.get("x-moz") ?? "") || PREFETCH.test(headers.get("x-purpose") ?? "")) return false;
  return true;
}

/**
 * The browsers that send Fetch Metadata (`Sec-Fetch-*`) on every request to a potentially
 * trustworthy origin, by the engine token of their User-Agent and the version that began to
 * (MDN browser-compat-data, `http.headers.Sec-Fetch-Mode`): Chromium 76 (every Blink browser —
 * Edge, Opera, Yandex Browser — carries its `Chrome/N` token), Firefox 90, Safari 16.4 (`Version/N.M`
 * beside `Safari/`; iOS browsers other than Safari name no engine version and are not listed).
 */
const FETCH_METADATA_SINCE: ReadonlyArray<{ token: RegExp; since: [number, number] }> = [
  { token: /\bChrome\/(\d+)(?:\.(\d+))?/, since: [76, 0] },
  { token: /\bFirefox\/(\d+)(?:\.(\d+))?/, since: [90, 0] },
  { token: /\bVersion\/(\d+)(?:\.(\d+))?.*\bSafari\//, since: [16, 4] },
];

/**
 * Whether `userAgent` names a browser that always sends `Sec-Fetch-Mode` to a trustworthy origin
 * (FETCH_METADATA_SINCE). A request that claims such a browser and comes without the header was made
 * by something else wearing its name — a script, an HTTP client, a test's API request context.
 */
export function sendsFetchMetadata(userAgent: string): boolean {
  for (const { token, since } of FETCH_METADATA_SINCE) {
    const match = token.exec(userAgent);
    if (!match) continue;
    const major = Number(match[1]);
    const minor = Number(match[2] ?? 0);
    return major > since[0] || (major === since[0] && minor >= since[1]);
  }
  return false;
}

/**
 * Whether the browser fetched the page to show it: a document navigation (`Sec-Fetch-Mode:
 * navigate`) or a client navigation's data request (`….data`). The service worker's own fetches —
 * keeping the first page of a visit for offline use, which it fetches again once installed
 * (app/lib/pwa/app-updates.ts), and saved pages kept fresh — are `same-origin` and count nothing.
 *
 * Without Fetch Metadata: browsers send it only to potentially trustworthy origins (HTTPS, loopback;
 * W3C Fetch Metadata §2), so on such an origin (`trustworthyOrigin`) a request that claims a browser
 * which always sends it (sendsFetchMetadata) is not that browser and counts nothing; older browsers,
 * and any browser on a plain-HTTP origin, are taken at their word.
 */
export function isReading(headers: Headers, pathname: string, trustworthyOrigin = false): boolean {
  const mode = headers.get("sec-fetch-mode");
  if (mode === null) return !(trustworthyOrigin && sendsFetchMetadata(headers.get("user-agent") ?? ""));
  if (mode === "navigate") return true;
  return pathname.endsWith(".data");
}

const LOOPBACK_HOST = /^(?:localhost|[^.]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether browsers treat `url`'s origin as potentially trustworthy (W3C Secure Contexts §3.1): an
 * `https:` URL, or a loopback host; `secureSite` says the site is served over HTTPS behind a proxy
 * that speaks plain HTTP to this process (server/main.ts: production).
 */
export function isTrustworthyOrigin(url: URL, secureSite: boolean): boolean {
  return secureSite || url.protocol === "https:" || LOOPBACK_HOST.test(url.hostname);
}

/**
 * The page view `request` answered by `response` is, or null when it is not one to count;
 * `secureSite` as in isTrustworthyOrigin.
 */
export function pageViewOf(request: Request, response: Response, secureSite = false): PageViewTarget | null {
  if (request.method !== "GET" || response.status !== 200) return null;
  if (!COUNTED_TYPES.test(response.headers.get("content-type") ?? "")) return null;
  const url = new URL(request.url);
  const target = pageOfPath(url.pathname);
  if (!target || !isHumanView(request.headers)) return null;
  if (!isReading(request.headers, url.pathname, isTrustworthyOrigin(url, secureSite))) return null;
  return target;
}
