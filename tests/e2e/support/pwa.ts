/** Helpers of the PWA and client-platform specs: the service worker and Cache Storage. */
import { expect, type Page } from "@playwright/test";

/** Waits until the service worker is active and controls the page. */
export async function controlledByWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 }).toBe("activated");
}

/** Paths (with query, without Workbox's revision parameter) stored in one Cache Storage cache. */
export function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      url.searchParams.delete("__WB_REVISION__");
      return `${url.pathname}${url.search}`;
    });
  }, cacheName);
}

/** Names of all caches. */
export function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}
