/**
 * Reads of the API that are the same for every visitor (the latest exchange rates, the app data of
 * a language), shared by the requests of one process for SHARED_READ_MS (ADR 060). Every page asked
 * the API for both, through the in-process HTTP/JSON hop, on each request, though the API serves them
 * from its own per-minute caches (server/catalog/cache.ts): under load that is hundreds of identical
 * hops a second. Shared for one second, a page is at most one second older than the API's cache
 * already makes it — far inside the anonymous page cache's own lifetime (ADR 019).
 *
 * A read that fails is not kept: the next request asks again (and handles the error as before).
 * Entries are few (one a key: "rates", "app-data:ru" …, and one a TN VED code's duty, kept DUTY_READ_MS,
 * ADR 064) and replaced when stale.
 */

/** How long one API answer serves other requests, in milliseconds. */
export const SHARED_READ_MS = 1_000;

/**
 * How long a TN VED code's import duty serves other requests (ms). The duty is classifier data: it changes
 * only when a new tariff edition is imported, and the API itself keeps each code's answer for 10 minutes
 * (DUTY_TTL_MS, server/money/tariff.ts), so a minute here adds little to what a page may already show.
 */
export const DUTY_READ_MS = 60_000;

/** Keys kept at the most (duties are one a TN VED code: ≈ 20,000 lines); past it the entries are dropped at once. */
export const MAX_SHARED_ENTRIES = 20_000;

const entries = new Map<string, { until: number; value: Promise<unknown> }>();

/**
 * `read()`'s answer, shared with every call of the same `key` within `ttlMs` (default SHARED_READ_MS) of the
 * first. `key` must name everything the answer depends on; `now` (ms since the epoch) is for tests.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>, now: number = Date.now(), ttlMs: number = SHARED_READ_MS): Promise<T> {
  const entry = entries.get(key);
  if (entry && entry.until > now) return entry.value as Promise<T>;
  const value = read();
  if (!entry && entries.size >= MAX_SHARED_ENTRIES) entries.clear();
  entries.set(key, { until: now + ttlMs, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
