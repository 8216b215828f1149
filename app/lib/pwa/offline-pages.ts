/**
 * Pages readable offline, seen from the page (browser only). Two kinds (ADR 004):
 * - **saved**: the user pressed "Save for offline" (any page: classifier codes today; product,
 *   supplier and favourite pages use the same call when they exist). Stored in their own cache with no
 *   expiry; the service worker refreshes a saved copy whenever the page is fetched again.
 * - **visited**: pages the user opened; the worker keeps them in a bounded, expiring cache.
 *
 * The worker's caches hold the HTML; this module keeps a small index in localStorage (URL, title in
 * the language it was read, time) so the offline page can list them with names, and checks the caches
 * so it only lists what can really open. Entries are same-origin paths with their query.
 */
import { CACHE_NAMES, fetchedAt, isOfflinePath, isPagePath, isStorableResponse, pageKey } from "./cache-rules.ts";

export const SAVED_INDEX_KEY = "postavka:saved-pages";
export const VISITED_INDEX_KEY = "postavka:visited-pages";
export const VISITED_MAX = 50;

export interface OfflineEntry {
  /** Same-origin path and query, e.g. "/en/okved/62.01". */
  url: string;
  /** The page's title without the app name, in the page's language. */
  title: string;
  /** When it was saved or last visited (ms since the epoch). */
  at: number;
}

export interface OfflineListing extends OfflineEntry {
  /** When the stored copy was fetched from the server, or null if unknown. */
  cachedAt: Date | null;
}

/** True when this browser can keep pages for offline use (Cache Storage and a service worker). */
export function offlineSupported(): boolean {
  return typeof window !== "undefined" && "caches" in window && "serviceWorker" in navigator;
}

function readIndex(key: string): OfflineEntry[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(value) ? value.filter((e): e is OfflineEntry => typeof e?.url === "string" && typeof e?.title === "string") : [];
  } catch {
    return [];
  }
}

function writeIndex(key: string, entries: OfflineEntry[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(entries));
  } catch {
    // Storage full or denied: the caches still hold the pages; only the list loses names.
  }
}

/** `document.title` without " | {app name}". */
export function pageTitle(documentTitle: string): string {
  const cut = documentTitle.lastIndexOf(" | ");
  return (cut > 0 ? documentTitle.slice(0, cut) : documentTitle).trim();
}

/** Whether `url` is a page that may be kept offline at all (not private, not the offline page). */
export function isKeepablePage(url: string): boolean {
  const { pathname } = new URL(url, location.origin);
  return isPagePath(pathname) && !isOfflinePath(pathname);
}

/** Notes a visit (most recent first, at most VISITED_MAX); the worker stores the page itself. */
export function recordVisit(url: string, title: string, now = Date.now()): void {
  const key = pageKey(url, location.origin);
  if (!isKeepablePage(key)) return;
  const rest = readIndex(VISITED_INDEX_KEY).filter((e) => e.url !== key);
  writeIndex(VISITED_INDEX_KEY, [{ url: key, title, at: now }, ...rest].slice(0, VISITED_MAX));
}

export function isSaved(url: string): boolean {
  const key = pageKey(url, location.origin);
  return readIndex(SAVED_INDEX_KEY).some((e) => e.url === key);
}

/**
 * Fetches `url` and keeps it in the saved cache.
 * @throws Error when the page may not be kept (private, not a page) or the response is not storable
 *   (error status, `no-store`/`private`), or the network fails.
 */
export async function savePage(url: string, title: string, now = Date.now()): Promise<void> {
  const key = pageKey(url, location.origin);
  if (!isKeepablePage(key)) throw new Error(`Not a page that can be saved: ${key}`);
  const response = await fetch(key, { headers: { accept: "text/html" }, credentials: "same-origin" });
  if (!isStorableResponse(response)) throw new Error(`Page not storable: ${key} (${response.status})`);
  await (await caches.open(CACHE_NAMES.saved)).put(key, response);
  const rest = readIndex(SAVED_INDEX_KEY).filter((e) => e.url !== key);
  writeIndex(SAVED_INDEX_KEY, [{ url: key, title, at: now }, ...rest]);
}

export async function removeSavedPage(url: string): Promise<void> {
  const key = pageKey(url, location.origin);
  await (await caches.open(CACHE_NAMES.saved)).delete(key, { ignoreVary: true });
  writeIndex(
    SAVED_INDEX_KEY,
    readIndex(SAVED_INDEX_KEY).filter((e) => e.url !== key),
  );
}

/**
 * What can open offline right now: saved pages (still in their cache) and visited pages found in
 * either cache, each with the time its copy was fetched; visited pages that are also saved appear
 * once, under saved.
 */
export async function listOfflinePages(): Promise<{ saved: OfflineListing[]; visited: OfflineListing[] }> {
  if (!offlineSupported()) return { saved: [], visited: [] };
  const [savedCache, pagesCache] = await Promise.all([caches.open(CACHE_NAMES.saved), caches.open(CACHE_NAMES.pages)]);
  const withCopy = async (entry: OfflineEntry, cachesToSearch: Cache[]): Promise<OfflineListing | null> => {
    for (const cache of cachesToSearch) {
      const response = await cache.match(entry.url, { ignoreVary: true });
      if (response) return { ...entry, cachedAt: fetchedAt(response) };
    }
    return null;
  };
  const savedIndex = readIndex(SAVED_INDEX_KEY);
  const savedUrls = new Set(savedIndex.map((e) => e.url));
  const saved = (await Promise.all(savedIndex.map((e) => withCopy(e, [savedCache])))).filter((e) => e !== null);
  const visitedIndex = readIndex(VISITED_INDEX_KEY).filter((e) => !savedUrls.has(e.url));
  const visited = (await Promise.all(visitedIndex.map((e) => withCopy(e, [pagesCache, savedCache])))).filter((e) => e !== null);
  return { saved, visited };
}
