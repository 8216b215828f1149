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
 * Size: at most `maxBytes` of bodies (least recently used out first).
 * CSP: a page's inline scripts carry the nonce of the render that produced it; a cached copy is served
 * with that nonce replaced by the current response's (the one in its CSP header), so every response
 * still has its own nonce.
 * Concurrent misses for one key render once (lru-cache's `fetch` coalesces them). A cacheable answer
 * carries `X-Cache: HIT`, `STALE` or `MISS`, as CDNs mark theirs.
 * Compressed once: a page is stored as UTF-8 pieces split at its nonce, each also deflated once (in
 * zlib's thread pool) and ended by a sync flush, so a visitor who accepts gzip gets the stored
 * deflate pieces with the current nonce between them as stored blocks (RFC 1951 §3.2.4) in a gzip
 * member (RFC 1952) whose CRC-32 is taken over the UTF-8 pieces — no page is compressed again per
 * hit. Compressing every hit (Hono's `compress`, a CompressionStream) was the largest single item
 * of the server's event loop under the reliability mix (≈ 14 % of its samples, issue 25's profile).
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { parse as parseCookies } from "cookie";
import { parseAccept } from "hono/utils/accept";
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
  /** The body's UTF-8 bytes, split where the render's nonce stood (one piece when it has none). */
  pieces: Buffer[];
  /** Each piece raw-deflated on its own, ending in a sync flush (byte-aligned, not final). */
  deflated: Buffer[];
  /** Bytes held: pieces and deflated pieces. */
  bytes: number;
  /** The CSP nonce the body's inline scripts carried ("" when it had none). */
  nonce: string;
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
      sizeCalculation: (page) => Math.max(1, page.bytes),
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
      return toResponse(cached, request, nonce, "HIT");
    }
    if (cached && age <= this.ttlMs + this.staleMs) {
      this.counters.stale++;
      this.refresh(key, render);
      return toResponse(cached, request, nonce, "STALE");
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
    return page ? toResponse(page, request, nonce, "MISS") : (await render()).response;
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

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * `bytes` copied into memory of exactly their length. zlib's output and `Buffer.from` of a string
 * under 32 KB are views into a shared 64 KB block (zlib's output chunk, Buffer's pool), and a view
 * keeps its whole block alive: a stored page's 80-byte deflated piece held 64 KB, so a page cache
 * that counted 20 MB held over 100 MB outside the heap (issue 31 §5, a heap snapshot of the soak).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
const DEFLATE_PIECE: zlib.ZlibOptions = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

async function toCacheable(response: Response, nonce: string, renderedAt: number): Promise<CachedPage | null> {
  if (response.status !== 200) return null;
  if (!CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "")) return null;
  if (response.headers.has("set-cookie")) return null;
  if (UNCACHEABLE_DIRECTIVES.test(response.headers.get("cache-control") ?? "")) return null;
  const body = await response.text();
  const stored = nonce && body.includes(nonce) ? nonce : "";
  const pieces = (stored ? body.split(stored) : [body]).map((piece) => ownBytes(Buffer.from(piece, "utf8")));
  const deflated = await Promise.all(pieces.map(async (piece) => ownBytes(await deflateRaw(piece, DEFLATE_PIECE))));
  const bytes = [...pieces, ...deflated].reduce((sum, piece) => sum + piece.byteLength, 0);
  // The response's own framing headers do not describe the stored body.
  const headers = [...response.headers].filter(([name]) => !/^(content-length|content-encoding)$/i.test(name));
  return { status: response.status, headers, pieces, deflated, bytes, nonce: stored, renderedAt };
}

/** Whether `header` (Accept-Encoding) admits gzip: named or by `*`, with a q above 0 (RFC 9110 §12.5.3). */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const gzip = accepts.find((accept) => accept.type.toLowerCase() === "gzip") ?? accepts.find((accept) => accept.type === "*");
  return gzip !== undefined && gzip.q > 0;
}

/** gzip's fixed member header: deflate, no flags, no time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends the deflate stream after the sync-flushed pieces. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** `bytes` (≤ 65,535 of them) as one non-final stored deflate block, at a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt16LE(bytes.byteLength, 1);
  head.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/** The stored page as one gzip member with `nonce` where the render's stood (module comment). */
function gzipWithNonce(page: CachedPage, nonce: Buffer): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  const between = storedBlock(nonce);
  let crc = 0;
  let length = 0;
  page.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(between);
      crc = zlib.crc32(nonce, crc);
      length += nonce.byteLength;
    }
    parts.push(page.deflated[i]!);
    crc = zlib.crc32(piece, crc);
    length += piece.byteLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

/**
 * The stored page with this response's nonce, gzipped when `request` accepts it; `X-Cache` says
 * whether it was rendered for this request.
 */
function toResponse(page: CachedPage, request: Request, nonce: string, state: "HIT" | "STALE" | "MISS"): Response {
  const nonceBytes = Buffer.from(page.nonce ? nonce : "", "utf8");
  const headers = new Headers(page.headers);
  headers.set("X-Cache", state);
  const vary = headers.get("vary");
  if (!vary || !/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  let body: Buffer;
  if (acceptsGzip(request.headers.get("accept-encoding"))) {
    body = gzipWithNonce(page, nonceBytes);
    headers.set("Content-Encoding", "gzip");
  } else {
    body = Buffer.concat(page.pieces.flatMap((piece, i) => (i > 0 ? [nonceBytes, piece] : [piece])));
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: page.status, headers });
}
