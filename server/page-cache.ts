/**
 * A short-lived cache of rendered pages for anonymous visitors (ADR 019): the catalogue's pages are
 * the same for every visitor without a session, and rendering one costs ≈ 4–7 ms of a core, so a
 * burst of visitors on one product page is served from one render.
 *
 * What is cached: the answer to a GET with status 200, `Content-Type` text/html (documents) or
 * text/x-script (React Router's `.data` navigations), no `Set-Cookie`, and no `private` / `no-store`
 * / `no-cache` in its `Cache-Control`.
 * Who is served from it: a GET whose cookies are only the ones every anonymous render may depend on
 * (`locale`, `viewport`); any other cookie (a session, a sign-in flow, a flash message, a device
 * fingerprint) bypasses the cache both ways.
 * Key: origin (the Host decides canonical links when PUBLIC_URL is unset, and keying by it keeps a
 * forged Host from poisoning anyone else's entry), path and query, the shareable cookies — each
 * reduced to a value the render knows, anything else counting as absent (review I2) — and the language
 * Accept-Language prefers (`/` redirects by it).
 * Freshness: `ttlS` seconds (PAGE_CACHE_TTL_S). After that, for `staleS` more seconds
 * (PAGE_CACHE_STALE_S), the old copy is still served (`X-Cache: STALE`) while one render in the
 * background replaces it — stale-while-revalidate (RFC 5861 §3): without it every page expires into a
 * burst of renders that queue behind each other on the one event loop, and the slowest visitors wait
 * for all of them (the wrk p99 at 32 connections went from ≈ 1.8 s to the hit latency). Any
 * successful write through this process (`invalidate()`, called for every 2xx/3xx POST, PUT, PATCH,
 * DELETE) empties the cache at once, stale copies and renders in flight included.
 * Size: at most `maxBytes` of bodies (least recently used out first), counted in the UTF-8 bytes that
 * are stored and sent. Bodies are kept as those bytes (a Buffer, outside the V8 heap), not as JS
 * strings: a Cyrillic or Chinese page held as a string is UTF-16, twice its UTF-8 size, lives in the
 * old generation that the garbage collector walks, and had to be encoded again for every visitor
 * (ADR 061).
 * CSP: a page's inline scripts carry the nonce of the render that produced it; a cached copy is served
 * with that nonce replaced by the current response's (the one in its CSP header), so every response
 * still has its own nonce. The nonce's byte offsets are found once, when the page is stored; a hit
 * copies the bytes around them (one memcpy per page, no decoding or encoding).
 * Concurrent misses for one key render once (lru-cache's `fetch` coalesces them). A cacheable answer
 * carries `X-Cache: HIT`, `STALE` or `MISS`, as CDNs mark theirs.
 */
import { LRUCache } from "lru-cache";
import { parse as parseCookies } from "cookie";
import { langFromAcceptLanguage } from "#contract/lang-schemas.ts";
import { LANGS } from "#contract/langs.ts";
import { CURRENCIES } from "#contract/common.ts";

/**
 * The device classes of the `viewport` cookie (app/lib/viewport.ts BREAKPOINTS; the web tier renders
 * an unknown value as a missing one).
 */
const VIEWPORTS = ["xs", "sm", "md", "lg", "xl", "2xl"] as const;

/**
 * A shareable cookie's value as the key holds it: one of the values a render tells apart, else ""
 * (a render treats an unknown value as none). Review I2: raw values let a stranger mint endless keys
 * and churn the cache.
 */
function known(value: string | undefined, values: readonly string[]): string {
  return value !== undefined && values.includes(value) ? value : "";
}

/** Cookies an anonymous page may depend on: anything else means the page may be someone's own. */
export const SHAREABLE_COOKIES = new Set(["locale", "viewport", "currency"]);

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)\b/i;
const UNCACHEABLE_DIRECTIVES = /\b(private|no-store|no-cache)\b/i;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body as sent: UTF-8 bytes. */
  body: Buffer<ArrayBuffer>;
  /** The CSP nonce the body's inline scripts carry ("" when it has none). */
  nonce: string;
  /** Byte offsets of each occurrence of `nonce` in `body`, ascending (empty when it has none). */
  nonceAt: number[];
  /** When it was rendered (ms since the epoch, the cache's clock). */
  renderedAt: number;
}

export interface PageCacheOptions {
  /** Seconds a page is fresh. */
  ttlS: number;
  /** Seconds after that it may still be served while it is rendered again (default 0: none). */
  staleS?: number;
  maxBytes: number;
  /** The clock (ms since the epoch); tests pass their own. */
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  stale: number;
  misses: number;
  bypassed: number;
  entries: number;
  bytes: number;
}

/** What a render gives back: the response and the nonce it used. */
export type Render = () => Promise<{ response: Response; nonce: string }>;

export class PageCache {
  private readonly cache: LRUCache<string, CachedPage, Render>;
  private readonly counters = { hits: 0, stale: 0, misses: 0, bypassed: 0 };
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  /** Keys waiting for or having their background render: one render each. */
  private readonly refreshing = new Set<string>();
  /** Background renders waiting their turn: they run one at a time (see `refresh`). */
  private readonly refreshQueue: (() => Promise<void>)[] = [];
  private refreshRunning = false;
  /** Bumped by `invalidate()`: a render that began before a write is not stored after it. */
  private generation = 0;

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlS * 1000;
    this.staleMs = (options.staleS ?? 0) * 1000;
    this.now = options.now ?? Date.now;
    this.cache = new LRUCache<string, CachedPage, Render>({
      // lru-cache drops an entry once it is past serving even stale; freshness is checked in `serve`.
      ttl: this.ttlMs + this.staleMs,
      maxSize: Math.max(1, options.maxBytes),
      // The stored bytes are the body as sent (UTF-8): what the cache holds in memory.
      sizeCalculation: (page) => Math.max(1, page.body.byteLength),
      // A page that may not be shared rejects the fetch (nothing is stored) and `serve` hands the
      // render's own response to the request that made it.
      fetchMethod: async (_key, _stale, { context }) => {
        const generation = this.generation;
        const renderedAt = this.now();
        const { response, nonce } = await context();
        const page = generation === this.generation ? await toCacheable(response, nonce, renderedAt) : null;
        if (!page) throw new Uncacheable(response);
        return page;
      },
    });
  }

  /** The cache key of a request, or null when it must bypass the cache. */
  keyOf(request: Request): string | null {
    if (request.method !== "GET") return null;
    const header = request.headers.get("cookie");
    const cookies = header ? parseCookies(header) : {};
    for (const name of Object.keys(cookies)) if (!SHAREABLE_COOKIES.has(name)) return null;
    const url = new URL(request.url);
    const preferred = langFromAcceptLanguage(request.headers.get("accept-language")) ?? "";
    return `${url.origin}${url.pathname}${url.search}|${known(cookies.locale, LANGS)}|${known(cookies.viewport, VIEWPORTS)}|${known(cookies.currency, CURRENCIES)}|${preferred}`;
  }

  /**
   * Answers `request` from the cache, or renders it (once for concurrent requests of one key) and
   * stores the answer when it may be shared. `nonce` is the current response's CSP nonce.
   */
  async serve(request: Request, nonce: string, render: Render): Promise<Response> {
    const key = this.keyOf(request);
    if (key === null) {
      this.counters.bypassed++;
      return (await render()).response;
    }
    // allowStale: while the background render runs, lru-cache holds the old copy aside.
    const cached = this.cache.get(key, { allowStale: true });
    const age = cached ? this.now() - cached.renderedAt : Infinity;
    if (cached && age <= this.ttlMs) {
      this.counters.hits++;
      return toResponse(cached, nonce, "HIT");
    }
    if (cached && age <= this.ttlMs + this.staleMs) {
      this.counters.stale++;
      this.refresh(key, render);
      return toResponse(cached, nonce, "STALE");
    }
    this.counters.misses++;
    let page: CachedPage | undefined;
    try {
      // A copy past its stale window may outlive it in lru-cache by a moment (its clock starts when
      // the render ends): force that one out rather than serving it.
      page = await this.cache.fetch(key, { context: render, forceRefresh: cached !== undefined });
    } catch (error) {
      // Not shareable (an error page, a redirect, a response with cookies): the request whose render
      // it was gets that response. A request that waited on someone else's render — unshareable, or
      // failed because that visitor went away — renders its own.
      if (error instanceof Uncacheable) {
        const own = error.take();
        if (own) return own;
      } else if (request.signal.aborted) {
        throw error;
      }
      return (await render()).response;
    }
    return page ? toResponse(page, nonce, "MISS") : (await render()).response;
  }

  /**
   * Renders `key` again in the background; a page that may no longer be shared is dropped. One
   * background render runs at a time: pages warmed together expire together, and their renders
   * side by side would hold the event loop for all of them at once (52 category pages ≈ 0.8 s of a
   * core) while the visitors they are meant to spare wait behind it. Queued, each visitor waits at
   * most for one render's synchronous part; the stale copies cover the time the queue takes.
   */
  private refresh(key: string, render: Render): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    this.refreshQueue.push(async () => {
      try {
        // Emptied by a write meanwhile: the next visitor renders it anyway.
        if (!this.cache.has(key) && this.cache.peek(key, { allowStale: true }) === undefined) return;
        await this.cache.fetch(key, { context: render, forceRefresh: true });
      } catch (error) {
        if (error instanceof Uncacheable) {
          void error.take()?.body?.cancel();
          this.cache.delete(key);
        }
      } finally {
        this.refreshing.delete(key);
      }
    });
    void this.drainRefreshes();
  }

  private async drainRefreshes(): Promise<void> {
    if (this.refreshRunning) return;
    this.refreshRunning = true;
    try {
      for (let task = this.refreshQueue.shift(); task; task = this.refreshQueue.shift()) await task();
    } finally {
      this.refreshRunning = false;
    }
  }

  /** Empties the cache: called after every successful write through this process. */
  invalidate(): void {
    this.generation++;
    this.cache.clear();
  }

  /** Resolves once no background render is queued or running (for tests and a clean shutdown). */
  async settled(): Promise<void> {
    while (this.refreshRunning || this.refreshQueue.length > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  stats(): PageCacheStats {
    return { ...this.counters, entries: this.cache.size, bytes: this.cache.calculatedSize };
  }
}

/** Carries a response that may not be cached out of lru-cache's fetch to the one caller that made it. */
class Uncacheable extends Error {
  private response: Response | null;
  constructor(response: Response) {
    super("uncacheable response");
    this.response = response;
  }
  /** The response, once: a body can be read by one request only. */
  take(): Response | null {
    const response = this.response;
    this.response = null;
    return response;
  }
}

async function toCacheable(response: Response, nonce: string, renderedAt: number): Promise<CachedPage | null> {
  if (response.status !== 200) return null;
  if (!CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "")) return null;
  if (response.headers.has("set-cookie")) return null;
  if (UNCACHEABLE_DIRECTIVES.test(response.headers.get("cache-control") ?? "")) return null;
  const body = Buffer.from(await response.arrayBuffer());
  const nonceAt: number[] = [];
  if (nonce) {
    const needle = Buffer.from(nonce);
    for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, at + needle.byteLength)) nonceAt.push(at);
  }
  return { status: response.status, headers: [...response.headers], body, nonce: nonceAt.length > 0 ? nonce : "", nonceAt, renderedAt };
}

/**
 * The stored body with `nonce` in place of the render's one: the bytes between the occurrences are
 * copied as they are (the nonce may differ in length; a page without one is sent as stored).
 */
export function bodyWithNonce(page: Pick<CachedPage, "body" | "nonce" | "nonceAt">, nonce: string): Buffer<ArrayBuffer> {
  if (page.nonceAt.length === 0) return page.body;
  const replacement = Buffer.from(nonce);
  const oldLength = Buffer.byteLength(page.nonce);
  const out = Buffer.allocUnsafe(page.body.byteLength + page.nonceAt.length * (replacement.byteLength - oldLength));
  let from = 0;
  let to = 0;
  for (const at of page.nonceAt) {
    to += page.body.copy(out, to, from, at);
    to += replacement.copy(out, to);
    from = at + oldLength;
  }
  page.body.copy(out, to, from);
  return out;
}

/** The stored page with this response's nonce; `X-Cache` says whether it was rendered for this request. */
function toResponse(page: CachedPage, nonce: string, state: "HIT" | "STALE" | "MISS"): Response {
  const body = bodyWithNonce(page, nonce);
  const headers = new Headers(page.headers);
  headers.delete("content-length");
  headers.set("X-Cache", state);
  return new Response(body, { status: page.status, headers });
}
