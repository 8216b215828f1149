/**
 * The response headers of a page that shows a signed-in person's own data: no cache — a shared one,
 * the browser's or the service worker's (app/lib/pwa/cache-rules.ts) — may keep it.
 */
export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
