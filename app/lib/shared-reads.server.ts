/**
 * Reads of the API that are the same for every visitor (the latest exchange rates, the app data of
 * a language), shared by the requests of one process for SHARED_READ_MS (ADR 060). Every page asked
 * the API for both, through the in-process HTTP/JSON hop, on each request, though the API serves them
 * from its own per-minute caches (server/catalog/cache.ts): under load that is hundreds of identical
 * hops a second. Shared for one second, a page is at most one second older than the API's cache
 * already makes it — far inside the anonymous page cache's own lifetime (ADR 019).
 *
 * A read that fails is not kept: the next request asks again (and handles the error as before).
 * Entries are few (one a key: "rates", "app-data:ru" …) and replaced when stale.
 */

/** How long one API answer serves other requests, in milliseconds. */
export const SHARED_READ_MS = 1_000;

const entries = new Map<string, { until: number; value: Promise<unknown> }>();

/**
 * `read()`'s answer, shared with every call of the same `key` within SHARED_READ_MS of the first.
 * `key` must name everything the answer depends on; `now` (ms since the epoch) is for tests.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>, now: number = Date.now()): Promise<T> {
  const entry = entries.get(key);
  if (entry && entry.until > now) return entry.value as Promise<T>;
  const value = read();
  entries.set(key, { until: now + SHARED_READ_MS, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
