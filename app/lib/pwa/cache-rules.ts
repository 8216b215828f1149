/**
 * What the service worker may keep, shared by the worker (app/sw/service-worker.ts) and the page
 * (saving for offline, the offline page). The reasons are in docs/decisions/004-offline-caching-rules.md.
 *
 * Never stored, whatever the route: a response marked `Cache-Control: no-store` or `private`, a
 * response that is not a same-origin 200, a request that carries `Authorization`, and any page or API
 * path of the signed-in area (profile, auth, favourites list, admin). A response that sets a cookie is
 * marked `private, no-store` by the server (server/http.ts), because a service worker cannot see
 * `Set-Cookie`.
 */
import { LANGS, localePath, splitLocalePath, type Lang } from "../i18n.ts";

/** Cache Storage names; the version suffix changes when an entry's format changes. */
export const CACHE_NAMES = {
  /** Pages (HTML) fetched while browsing, network-first, bounded and expiring. */
  pages: "postavka-pages-v1",
  /** Pages the user chose to save for offline: no expiry, removed only by the user. */
  saved: "postavka-saved-v1",
  images: "postavka-images-v1",
  api: "postavka-api-v1",
} as const;

export const PAGES_MAX_ENTRIES = 100;
export const PAGES_MAX_AGE_S = 30 * 24 * 60 * 60;
export const IMAGES_MAX_ENTRIES = 150;
export const IMAGES_MAX_AGE_S = 30 * 24 * 60 * 60;
export const API_MAX_ENTRIES = 200;
export const API_MAX_AGE_S = 24 * 60 * 60;
/** A page slower than this is served from the cache when a copy exists (the network copy still updates it). */
export const PAGE_NETWORK_TIMEOUT_S = 4;

/** `<meta name>` the worker adds to a page it serves from the cache; content: ISO time the copy was fetched. */
export const CACHED_AT_META = "postavka-cached-at";

/** The offline page (the list of saved and visited pages; also the fallback for pages not kept). */
export const OFFLINE_PATH = "/offline";

/**
 * First path segments (after the language) of the signed-in area (spec §2): profile, sign-in,
 * the favourites list, the admin area. Matched on the page's path and on `/api/profile`, `/api/auth`.
 */
const PRIVATE_SECTIONS = ["profile", "auth", "favorites"];
const PRIVATE_API_PREFIXES = ["/api/profile", "/api/auth", "/api/files", "/app/admin", "/app/user", "/app/employee", "/dev/profile"];

/**
 * Public GET endpoints whose responses may be served stale while revalidating (spec §7, "Public"):
 * classifier trees and searches and the app data; the catalogue's lists join when they exist.
 */
export const SAFE_API_PREFIXES = [
  "/api/okved/tree",
  "/api/tnved/tree",
  "/dev/okved2",
  "/dev/ved",
  "/app/data",
  "/api/categories",
  "/api/products",
  "/api/companies",
  "/api/stories",
  "/api/tags",
  "/api/services",
  "/api/company-services",
  "/dev/search",
  "/dev/product/search",
  "/dev/suppliers/filter",
  "/dev/services/filter",
];

const startsWithSegment = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** True for paths whose responses carry a user's data and are never cached (pages and API). */
export function isPrivatePath(pathname: string): boolean {
  if (PRIVATE_API_PREFIXES.some((prefix) => startsWithSegment(pathname, prefix))) return true;
  if (pathname.startsWith("/api/")) return /^\/api\/products\/[^/]+\/favourite$/.test(pathname);
  const { rest } = splitLocalePath(pathname);
  const first = rest.split("/")[1] ?? "";
  return PRIVATE_SECTIONS.includes(first) || pathname === "/_locale";
}

/** True for GET endpoints of the public API that the worker serves stale-while-revalidate. */
export function isSafeApiPath(pathname: string): boolean {
  if (isPrivatePath(pathname)) return false;
  return SAFE_API_PREFIXES.some((prefix) => startsWithSegment(pathname, prefix));
}

// Not any dot: classifier codes ("/okved/62.01") end in digits after a dot.
const STATIC_FILE = /\.(js|mjs|css|map|json|webmanifest|txt|xml|svg|png|jpe?g|gif|webp|avif|ico|woff2?)$/i;

/** Framework and service paths a page URL never is (client data, route discovery, build info, the worker). */
export function isPagePath(pathname: string): boolean {
  if (pathname.endsWith(".data") || pathname === "/__manifest" || pathname === "/sw.js") return false;
  if (/^\/(api|app|dev|assets|builds|icons)(\/|$)/.test(pathname) || STATIC_FILE.test(pathname)) return false;
  return !isPrivatePath(pathname);
}

/**
 * Sign-out requests, in every form they take: the page's form post (`/logout`, with a language
 * prefix), its data request with JavaScript (`/logout.data`) and the API's own. After one, the worker
 * empties the page caches (security review F8: a shared device must not show the previous user).
 */
export function isSignOutPath(pathname: string): boolean {
  return /^\/(?:(?:en|zh)\/)?logout(?:\.data)?$|^\/api\/auth\/logout(?:-all)?$/.test(pathname);
}

/** True when a request must go to the network untouched: not GET, or it carries credentials in a header. */
export function isUncacheableRequest(request: Pick<Request, "method" | "headers">): boolean {
  return request.method !== "GET" || request.headers.has("authorization");
}

/**
 * True when a response may be stored: a same-origin (or constructed) 200 without `no-store` or
 * `private`, and without `Vary: *`.
 */
export function isStorableResponse(response: Pick<Response, "status" | "type" | "headers">): boolean {
  if (response.status !== 200 || (response.type !== "basic" && response.type !== "default")) return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/(^|[,\s])(no-store|private)([,\s=]|$)/.test(cacheControl)) return false;
  return (response.headers.get("vary") ?? "").trim() !== "*";
}

/** The offline page in `lang`, with the page the user wanted as `from` (a same-origin path). */
export function offlineUrl(lang: Lang, from?: string): string {
  const path = localePath(lang, OFFLINE_PATH);
  return from ? `${path}?${new URLSearchParams({ from })}` : path;
}

/** The offline pages of every language: precached by the worker, one per language. */
export function offlinePaths(): string[] {
  return LANGS.map((lang) => localePath(lang, OFFLINE_PATH));
}

/** The language of a page path, for the offline fallback (unprefixed is Russian). */
export function pathLang(pathname: string): Lang {
  return splitLocalePath(pathname).lang;
}

/** True for the offline page itself in any language. */
export function isOfflinePath(pathname: string): boolean {
  return splitLocalePath(pathname).rest === OFFLINE_PATH;
}

/** Cache key of a page: same-origin path and query, no hash (what the worker matches on). */
export function pageKey(url: string | URL, origin: string): string {
  const parsed = new URL(url, origin);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Time a stored response was fetched: its `Date` header (set by the server on every response),
 * or null. Used for "saved 3 hours ago".
 */
export function fetchedAt(response: Pick<Response, "headers">): Date | null {
  const date = response.headers.get("date");
  if (!date) return null;
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Adds the cached-at marker to a page's HTML (right after `<head>`); other bodies unchanged. */
export function markCachedHtml(html: string, cachedAt: Date | null): string {
  const content = (cachedAt ?? new Date(0)).toISOString();
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<meta name="${CACHED_AT_META}" content="${content}">`);
}

/** Messages the page sends the worker (`{ type, url? }`). */
export const SW_MESSAGES = {
  /** Activate the waiting worker (sent by workbox-window's messageSkipWaiting; only on the user's request). */
  skipWaiting: "SKIP_WAITING",
  /** Keep a page just visited by client-side navigation (its HTML was never fetched as a document). */
  cachePage: "CACHE_PAGE",
} as const;
