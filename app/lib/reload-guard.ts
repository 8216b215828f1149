/**
 * Reload-once guards (spec §8, §9): when a route's code chunk fails to load (usually a deploy removed
 * the old chunk), the page reloads once; a second failure within 10 s does not reload again, so a
 * broken or unreachable asset can never make the page loop. The time of the last reload is kept in
 * sessionStorage (per tab, survives the reload).
 */
export const RELOAD_GUARD_WINDOW_MS = 10_000;
export const CHUNK_RELOAD_KEY = "postavka:chunk-reload";
/** The same guard for reloading into the service worker's offline copy after a failed data fetch. */
export const OFFLINE_RELOAD_KEY = "postavka:offline-reload";

/** The part of sessionStorage the guard uses (and tests replace). */
export type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Calls `reload` unless the guard keyed `key` fired less than `windowMs` ago.
 * @returns true when `reload` was called; false when suppressed (the caller shows an error instead).
 *   A storage that throws (privacy modes) suppresses the reload: without a record there is no guard.
 */
export function reloadOnce(options: { storage: GuardStorage; key: string; now: number; reload: () => void; windowMs?: number }): boolean {
  const { storage, key, now, reload, windowMs = RELOAD_GUARD_WINDOW_MS } = options;
  try {
    const last = Number(storage.getItem(key));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < windowMs) return false;
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** True for the browsers' messages of a failed dynamic `import()` (Chromium, Firefox, Safari). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** True for a fetch that never got a response (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /Failed to fetch|NetworkError|Load failed|Network request failed/i.test(error.message);
}
