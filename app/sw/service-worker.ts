/**
 * The service worker (DESIGN §8), bundled by scripts/build/service-worker.ts into build/client/sw.js
 * with the build's precache list injected (Workbox injectManifest). Rules and their reasons:
 * docs/decisions/004-offline-caching-rules.md; what may be stored: app/lib/pwa/cache-rules.ts.
 *
 * - Precache: the build's fingerprinted assets, icons, and the offline page of each language,
 *   fetched without cookies.
 * - Pages (navigations): network-first with a 4 s timeout into a bounded cache; a page served from a
 *   cache is marked (`<meta name="postavka-cached-at">`) so the page can say how old it is; when
 *   neither the network nor a cache has it, the offline page of the page's language, with `?from=`.
 * - Pages the user saved for offline (their own cache, no expiry) are kept fresh whenever fetched.
 * - Images: cache-first with expiry. Public API GETs: stale-while-revalidate.
 * - Nothing else (client data requests, private pages and API, requests with Authorization,
 *   responses marked no-store or private) is ever stored.
 * - A new version waits until the user accepts the reload prompt (SKIP_WAITING); never on its own.
 */
import { clientsClaim } from "workbox-core";
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from "workbox-core/types.js";
import { ExpirationPlugin } from "workbox-expiration";
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import {
  API_MAX_AGE_S,
  API_MAX_ENTRIES,
  CACHE_NAMES,
  IMAGES_MAX_AGE_S,
  IMAGES_MAX_ENTRIES,
  PAGE_NETWORK_TIMEOUT_S,
  PAGES_MAX_AGE_S,
  PAGES_MAX_ENTRIES,
  SW_MESSAGES,
  fetchedAt,
  isOfflinePath,
  isPagePath,
  isPrivatePath,
  isSafeApiPath,
  isStorableResponse,
  isSignOutPath,
  isUncacheableRequest,
  markCachedHtml,
  offlineUrl,
  pathLang,
} from "../lib/pwa/cache-rules.ts";

interface SwScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  addEventListener(type: "activate", listener: (event: ExtendableEventLike) => void): void;
}
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}

declare const self: SwScope;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** Refuses to store anything the rules forbid (replaces Workbox's default "200 or opaque"). */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (isUncacheableRequest(request) || !isStorableResponse(response) ? null : response),
};

/** Marks a page read from a cache with the time it was fetched. */
async function markFromCache(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("text/html")) return response;
  const html = markCachedHtml(await response.text(), fetchedAt(response));
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

const markCachedPages: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markFromCache(cachedResponse) : cachedResponse),
};

/** A saved page fetched again refreshes its saved copy, so "saved" never means "frozen on the day". */
const refreshSaved: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    const saved = await caches.open(CACHE_NAMES.saved);
    if (await saved.match(request, { ignoreVary: true })) await saved.put(request, newResponse.clone());
  },
};

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S,
  matchOptions: { ignoreVary: true },
  plugins: [
    storableOnly,
    new ExpirationPlugin({ maxEntries: PAGES_MAX_ENTRIES, maxAgeSeconds: PAGES_MAX_AGE_S, purgeOnQuotaError: true }),
    refreshSaved,
    markCachedPages,
  ],
});

function offlineRedirect(url: URL): Response {
  if (isOfflinePath(url.pathname)) {
    return new Response("Offline", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const target = new URL(offlineUrl(pathLang(url.pathname), `${url.pathname}${url.search}`), self.location.origin);
  return Response.redirect(target.href, 302);
}

/**
 * The navigation preload's answer to this navigation, when the browser made one (it does for every
 * GET navigation once `navigationPreload` is enabled, below). A handler that fetches the page itself
 * instead makes the server answer the navigation twice — and the discarded first answer has already
 * spent what a page view spends once: a flash message's cookie, a page view counted (ADR 051).
 */
async function preloaded(options: RouteHandlerCallbackOptions): Promise<Response | undefined> {
  const preload = (options.event as { preloadResponse?: Promise<Response | undefined> } | undefined)?.preloadResponse;
  return preload?.catch(() => undefined);
}

async function handlePage(options: RouteHandlerCallbackOptions): Promise<Response> {
  const { request, url } = options;
  if (isPrivatePath(url.pathname) || isUncacheableRequest(request)) {
    try {
      return (await preloaded(options)) ?? (await fetch(request));
    } catch {
      return offlineRedirect(url);
    }
  }
  try {
    return await pages.handle(options);
  } catch {
    const saved = await (await caches.open(CACHE_NAMES.saved)).match(`${url.pathname}${url.search}`, { ignoreVary: true });
    return saved ? markFromCache(saved) : offlineRedirect(url);
  }
}

// The precache is fetched without cookies. It holds the offline page of each language, which a
// signed-in fetch would render with the user's name in the header (kept for every later visitor of
// this device), and a signed-in fetch of a page also takes the flash message that the next page of
// the tab was meant to show (the install runs while the first page is in use).
// The server varies HTML on Cookie and Accept-Language (for shared caches, security review I1), and the
// Cache API honours Vary on match: a copy fetched without cookies would never match this device's later
// requests, which carry its cookies, and the offline page would not open. The precache's copies drop Vary.
addPlugins([
  { requestWillFetch: async ({ request }) => new Request(request, { credentials: "omit" }) },
  {
    cacheWillUpdate: async ({ response }) => {
      if (!response.headers.has("vary")) return response;
      const headers = new Headers(response.headers);
      headers.delete("vary");
      return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
    },
  },
]);
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/], cleanURLs: false, directoryIndex: "" });
cleanupOutdatedCaches();
clientsClaim();

registerRoute(({ request, url }) => request.mode === "navigate" && sameOrigin(url) && isPagePath(url.pathname), handlePage);
// A private page offline still gets the offline page instead of the browser's error (nothing is stored).
registerRoute(({ request, url }) => request.mode === "navigate" && sameOrigin(url) && isPrivatePath(url.pathname), handlePage);

// Signing out empties every cache of pages (browsed, saved, API answers): they were fetched with the
// user's cookies and show their name, company and favourites (ADR 004 addendum, review F8).
registerRoute(
  ({ url }) => sameOrigin(url) && isSignOutPath(url.pathname),
  async ({ request }) => {
    const response = await fetch(request);
    if (response.status < 400)
      await Promise.all([CACHE_NAMES.pages, CACHE_NAMES.saved, CACHE_NAMES.api].map((name) => caches.delete(name)));
    return response;
  },
  "POST",
);

registerRoute(
  ({ request, url }) => request.destination === "image" && sameOrigin(url) && !isUncacheableRequest(request),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: IMAGES_MAX_ENTRIES, maxAgeSeconds: IMAGES_MAX_AGE_S, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => sameOrigin(url) && isSafeApiPath(url.pathname) && !isUncacheableRequest(request),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.api,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: API_MAX_ENTRIES, maxAgeSeconds: API_MAX_AGE_S, purgeOnQuotaError: true })],
  }),
);

self.addEventListener("activate", (event) => {
  // The page request starts while the worker boots instead of after it (NetworkFirst uses it).
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) {
    void self.skipWaiting();
  } else if (data?.type === SW_MESSAGES.cachePage && typeof data.url === "string") {
    const url = new URL(data.url, self.location.origin);
    if (!sameOrigin(url) || !isPagePath(url.pathname) || isOfflinePath(url.pathname)) return;
    const request = new Request(url.href, { headers: { accept: "text/html" }, credentials: "same-origin" });
    event.waitUntil(pages.handle({ event: event as never, request }).catch(() => undefined));
  }
});
