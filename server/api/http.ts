/**
 * HTTP details shared by the API's resources. The envelope and error shape themselves are built in
 * one place each: server/api/resource.ts (success `{ data, meta? }`) and server/api/app.ts's error
 * handler (failure `{ error: { code, message, issues?, details? } }` from a DomainError).
 */

/**
 * Cache-Control of public GETs whose data changes only on import: browsers and the service worker
 * may keep them (ADR 004); every other API response is `no-store` (server/api/app.ts).
 */
export const PUBLIC_CACHE = "public, max-age=300";
