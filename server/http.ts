/**
 * The process's HTTP app (DESIGN §3): load shedding (ADR 065) → request id → access log → security headers →
 * `/healthz`, `/readyz` → the API tier (`/api/*`, `/app/*`, `/dev/*`, `/mcp`) → static files →
 * the React Router handler (SSR) for everything else.
 *
 * Static: fingerprinted build assets under `/assets/` are cached for a year as immutable; the service
 * worker (`/sw.js`) and the build id (`/builds/latest.json`) are revalidated on every use; other
 * public files are cached for an hour. A response that sets a cookie is `private, no-store`.
 * Text bodies over 1 KB are gzipped for clients that accept it. Every HTML response carries a CSP with a per-request nonce that the
 * web tier puts on its inline scripts.
 */
import { countPageViews, type CountedViewLine } from "./page-views/middleware.ts";
import type { PageViewRecorder } from "./page-views/recorder.ts";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders, NONCE } from "hono/secure-headers";
import type { RouterContext, ServerBuild } from "react-router";
import { createRequestHandler, RouterContextProvider } from "react-router";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import type { PageCache } from "./page-cache.ts";
import { clientAddress, type TrustProxy } from "./client-ip.ts";
import { readRoutingMiddleware } from "./read-routing.ts";
import type { LoadShedder } from "./load-shedding.ts";
import { mountMetrics } from "./metrics.ts";
import type { ApiDirect, IslandsBuild, WebServices } from "#contract/web-services.ts";
import { MAX_MULTIPART_BYTES, MiB } from "#contract/upload-limits.ts";

/** What server.ts hands to the web tier on every request (contract/web-services.ts). */
export type { WebServices };

/** Read side of the file storage (server/files/storage.ts) that `/media/*` serves. */
export interface MediaSource {
  get(key: string): Promise<{ stream: Readable; size: number; mime: string } | null>;
}

export interface ServerAppOptions {
  /** The API tier: its `fetch`, and its direct reads for the web tier's in-process client (ADR 069), when it has them. */
  api: { fetch: (request: Request) => Response | Promise<Response>; direct?: ApiDirect };
  database: Pick<Database, "ping" | "routing">;
  /** The replicas' lag bound (DATABASE_REPLICA_MAX_LAG_MS), also the read-your-writes marker's lifetime. */
  replicaMaxLagMs?: number;
  /** Mark the read-your-writes cookie Secure (as the session cookies are). */
  secureCookies?: boolean;
  /** Bearer token of `/metrics` (METRICS_TOKEN); unset: no metrics endpoint. */
  metricsToken?: string;
  /** The bound on requests in flight (server/load-shedding.ts, ADR 065); absent: every request is taken on. */
  loadShedder?: LoadShedder;
  logger: Logger;
  mode: "development" | "production";
  /** Absolute path of build/client (production only; Vite serves assets in development). */
  clientDir?: string;
  getBuild: () => Promise<ServerBuild>;
  apiUrl?: string;
  publicUrl?: string;
  /** Uploaded and generated files, served at `/media/{key}`. */
  media?: MediaSource;
  /**
   * Whether the object under a key may be served at `/media` to anyone (server/files/access.ts
   * `publicMediaGate`; review N5): private attachments and temporary uploads answer 404 there and
   * are downloaded through `/files/{id}`. Absent: every key is served (tests of the static tier).
   */
  mediaIsPublic?: (key: string) => Promise<boolean>;
  /** See WebServices.buildCheckIntervalS. */
  buildCheckIntervalS?: number;
  /** See WebServices.yandexMapsApiKey; with it the CSP admits the Yandex Maps hosts (YANDEX_MAPS_CSP). */
  yandexMapsApiKey?: string;
  /** Rendered pages for anonymous visitors (server/page-cache.ts); production only, absent = off. */
  pageCache?: PageCache;
  /** Called after a write of public data besides emptying the local page cache (tells other processes). */
  onPublicWrite?: () => void;
  /** Which proxies' `X-Forwarded-For` to believe (server/client-ip.ts); default: none. */
  trustProxy?: TrustProxy;
  /** Counts views of supplier pages, cached ones included (server/page-views; ADR 051); absent = not counted. */
  pageViews?: Pick<PageViewRecorder, "record">;
  /** Hears each counted view with its deciding headers (PAGE_VIEWS_LOG; a debugging aid). */
  onPageViewCounted?: (line: CountedViewLine) => void;
}

/**
 * Largest request bodies (security review F3), enforced while the body streams in, chunked bodies
 * included, before any handler buffers it: multipart forms carry uploads (the largest file plus
 * 1 MiB of envelope); anything else — JSON, urlencoded forms — 1 MiB, well above any form's text.
 */
export const MAX_MULTIPART_BODY = MAX_MULTIPART_BYTES;
export const MAX_OTHER_BODY = MiB;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes that can change what an anonymous visitor sees: a company's profile, products, employees
 * (the supplier pages) and the admin area (moderation, records, content) — through the API or the
 * web tier's form posts, in any language. Sign-in, sign-out, favourites and personal settings change
 * nothing public, so they no longer empty the page cache (review F13: an anonymous
 * `POST /api/auth/logout` loop kept it empty).
 */
export const PUBLIC_DATA_WRITE =
  /^\/(?:(?:en|zh)\/)?(?:profile|admin)(?:\/|$)|^\/api\/profile\/(?:company|invitations)(?:\/|$)|^\/app\/(?:admin|employee)(?:\/|$)/;

/** An `Authorization: Bearer` header or the web tier's session cookies. */
function hasSession(request: Request): boolean {
  return SIGNED_IN_COOKIE.test(request.headers.get("cookie") ?? "") || /^Bearer\s+\S/i.test(request.headers.get("authorization") ?? "");
}

/** A redirect to the sign-in page, in any language (the guards' answer to a caller without a session). */
const TO_SIGN_IN = /^(?:https?:\/\/[^/]+)?\/(?:(?:en|zh)\/)?auth(?:[/?#]|$)/;

/**
 * Whether a write's answer says it was done (review N10, the rest of F13): a success — 2xx, or a
 * redirect after a form post — from a caller with a session, and not a redirect to the sign-in page.
 * An anonymous POST to `/admin` or `/profile` is answered with a 302 to sign-in and empties nothing.
 */
export function isRealWrite(request: Request, response: Response): boolean {
  if (response.status >= 400 || !hasSession(request)) return false;
  const location = response.headers.get("location") ?? response.headers.get("x-remix-redirect") ?? "";
  return !(location && TO_SIGN_IN.test(location));
}

/** `current` Vary header with `names` added once each (case-insensitive); `*` stays `*`. */
export function mergeVary(current: string | null, names: string[]): string {
  const list = (current ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes("*")) return "*";
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  return list.join(", ");
}

type Vars = { Variables: { requestId: string; secureHeadersNonce?: string } };

/** The socket's peer address, undefined for in-process requests without one. */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The session cookies of the web tier (app/lib/session.server.ts). */
const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:access|refresh)=[^;\s]/;

/**
 * A page rendered for a signed-in user carries their name, company and favourites: no shared cache,
 * nor the service worker, may keep it (review F8; ADR 004 "private pages"). Returns `response` with
 * `Cache-Control: private, no-store` when `request` carries a session cookie, else unchanged.
 */
export function privateIfSignedIn(request: Request, response: Response): Response {
  if (!SIGNED_IN_COOKIE.test(request.headers.get("cookie") ?? "")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Headers of an uploaded file served from our origin (review F20): images are shown inline;
 * everything else (PDF, office documents) is downloaded, never rendered as a document of this
 * origin; and any file runs sandboxed with nothing allowed, should a browser render it anyway.
 */
export function mediaHeaders(mime: string, size: number): Record<string, string> {
  return {
    "content-type": mime,
    "content-length": String(size),
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "content-security-policy": MEDIA_CSP,
    ...(mime.startsWith("image/") ? {} : { "content-disposition": "attachment" }),
  };
}

/**
 * What the Yandex Maps JS API v3 needs beyond our origin, admitted only when YANDEX_MAPS_API_KEY is
 * set: its loader and modules (api-maps.yandex.ru), vector tiles and images (*.maps.yandex.net), and
 * its own web workers (blob:).
 */
export const YANDEX_MAPS_CSP = {
  scriptSrc: ["https://api-maps.yandex.ru"],
  imgSrc: ["https://api-maps.yandex.ru", "https://*.maps.yandex.net"],
  connectSrc: ["https://api-maps.yandex.ru", "https://*.maps.yandex.net"],
  // The map's script adds its own <style> elements without a nonce.
  styleSrcElem: ["'unsafe-inline'", "https://api-maps.yandex.ru"],
} as const;

/**
 * The site's Content-Security-Policy as hono/secure-headers directives (production only): the one map every
 * page's policy is built from. With `yandexMapsApiKey` the Yandex Maps hosts are admitted (YANDEX_MAPS_CSP).
 * `inlineStyleElements`: the interactive API reference (/api-docs, Scalar) styles itself with `<style>`
 * elements it creates at run time; that page shows only our own OpenAPI document, no one's markup, so it
 * may (ADR 030 addendum) — every other page keeps `style-src-elem` without 'unsafe-inline'.
 */
export function sitePolicy(yandexMapsApiKey: string | undefined, options: { inlineStyleElements?: boolean } = {}) {
  const maps = Boolean(yandexMapsApiKey);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, ...(maps ? YANDEX_MAPS_CSP.scriptSrc : [])],
    // Review I5/F29: injected markup must not bring a <style> element (CSS selectors can read
    // attribute values out of the page), while React's style attributes stay allowed.
    // CSP 3 browsers take the -elem/-attr pair; older ones fall back to style-src (ADR 030 addendum).
    styleSrc: ["'self'", "'unsafe-inline'"],
    styleSrcElem: [
      ...new Set(["'self'", ...(options.inlineStyleElements ? ["'unsafe-inline'"] : []), ...(maps ? YANDEX_MAPS_CSP.styleSrcElem : [])]),
    ],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...(maps ? YANDEX_MAPS_CSP.imgSrc : [])],
    connectSrc: ["'self'", ...(maps ? YANDEX_MAPS_CSP.connectSrc : [])],
    ...(maps ? { workerSrc: ["'self'", "blob:"] } : {}),
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** The interactive API reference (app/routes/site/api-docs.ts), in any language. */
const SCALAR_PATH = /^\/(?:(?:en|zh)\/)?api-docs\/?$/;

/** The web tier's route of private files (app/routes/resources/private-file.ts), in any language. */
const PRIVATE_FILE_PATH = /^\/(?:(?:en|zh)\/)?files\/\d+$/;

const isApiPath = (path: string) => /^\/(api|app|dev)\/|^\/mcp$/.test(path);

export function createServerApp(options: ServerAppOptions) {
  const { logger, mode } = options;
  const app = new Hono<Vars>();

  // First of all: a request beyond the bound costs nothing more than its 503 (ADR 065).
  if (options.loadShedder) app.use(options.loadShedder.middleware);
  app.use(requestId());
  // Reads of GET/HEAD requests may go to a replica; a write sets the read-your-writes marker (ADR 058).
  app.use(
    readRoutingMiddleware(options.database.routing, { maxLagMs: options.replicaMaxLagMs ?? 5000, secure: options.secureCookies ?? false }),
  );
  const trustProxy = options.trustProxy ?? (() => false);
  const clientIp = (c: Context) => clientAddress(peerAddress(c), c.req.header("x-forwarded-for"), trustProxy);
  const tooLarge = (c: Context) =>
    isApiPath(c.req.path)
      ? c.json({ error: { code: "body_too_large", message: "Request body too large" } }, 413)
      : c.text("Request body too large", 413);
  const multipartLimit = bodyLimit({ maxSize: MAX_MULTIPART_BODY, onError: tooLarge });
  const otherLimit = bodyLimit({ maxSize: MAX_OTHER_BODY, onError: tooLarge });
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    return (multipart ? multipartLimit : otherLimit)(c, next);
  });
  const pageCache = mode === "production" ? options.pageCache : undefined;
  if (pageCache) {
    // A successful write of public data may change what any page shows.
    app.use(async (c, next) => {
      await next();
      if (!SAFE_METHODS.has(c.req.method) && PUBLIC_DATA_WRITE.test(c.req.path) && isRealWrite(c.req.raw, c.res)) {
        pageCache.invalidate();
        options.onPublicWrite?.();
      }
    });
  }
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // A request the client gave up on (a superseded live search, a closed tab) ends in a 500 from
    // the aborted loader; nobody sees it, so it is logged as aborted rather than as a server error.
    const aborted = c.req.raw.signal.aborted;
    const level = c.res.status >= 500 && !aborted ? "error" : "info";
    logger[level](
      { requestId: c.var.requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms, ...(aborted ? { aborted } : {}) },
      "request",
    );
  });
  // Registered before secureHeaders so that it runs after it: the site's CSP must not replace the
  // sandbox of uploaded files (mediaHeaders).
  app.use("/media/*", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("content-security-policy", MEDIA_CSP);
  });
  // The same for private files passed through the web tier (app/routes/resources/private-file.ts).
  app.use(async (c, next) => {
    await next();
    if (c.res.ok && PRIVATE_FILE_PATH.test(c.req.path)) c.res.headers.set("content-security-policy", MEDIA_CSP);
  });
  // One policy for every page, built from one directive map (sitePolicy); /api-docs gets its own
  // instance of the same middleware with the one difference Scalar needs (ADR 024, ADR 030 addendum).
  const headersFor = (policy: ReturnType<typeof sitePolicy> | undefined) =>
    secureHeaders({
      contentSecurityPolicy: policy,
      crossOriginEmbedderPolicy: false,
      // Not Hono's default `no-referrer`: with it Chromium sends `Origin: null` on same-site form
      // posts, and React Router's and our CSRF checks (app/middleware/csrf.ts) refuse them.
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: mode === "production" ? "max-age=15552000; includeSubDomains" : false,
    });
  const siteHeaders = headersFor(mode === "production" ? sitePolicy(options.yandexMapsApiKey) : undefined);
  const scalarHeaders = headersFor(mode === "production" ? sitePolicy(options.yandexMapsApiKey, { inlineStyleElements: true }) : undefined);
  app.use((c, next) => (SCALAR_PATH.test(c.req.path) ? scalarHeaders(c, next) : siteHeaders(c, next)));

  // Pages, scripts and styles go out gzipped (a first visit's JavaScript is ~440 KB raw, ~140 KB
  // gzipped); images and already-compressed bodies are left alone by the middleware.
  app.use(compress({ encoding: "gzip" }));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  mountMetrics(app, options.metricsToken, options.database.routing, options.loadShedder, options.pageCache);
  app.get("/readyz", async (c) =>
    (await options.database.ping()) ? c.json({ status: "ready" }) : c.json({ status: "database unreachable" }, 503),
  );

  // The API limits sign-in attempts per client IP; it reads the IP from `x-client-ip`, which is set
  // here from the socket so that no browser can choose its own (the web tier forwards the same value).
  const toApi = (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set("x-client-ip", clientIp(c));
    // The audit log of admin actions names the request (server/audit/log.ts).
    headers.set("x-request-id", c.var.requestId);
    return options.api.fetch(new Request(c.req.raw, { headers, duplex: "half" } as RequestInit));
  };
  app.all("/api/*", toApi);
  app.all("/app/*", toApi);
  app.all("/dev/*", toApi);
  // The MCP server for AI assistants (server/mcp/http.ts; ADR 055).
  app.all("/mcp", toApi);
  // 1C's Bitrix exchange module fills in this path by default (issue 29 §2, server/onec/exchange.ts).
  app.all("/bitrix/admin/1c_exchange.php", toApi);

  if (options.media) {
    const media = options.media;
    // Keys are content- or id-addressed and never reused for other bytes, so files are immutable.
    // nosniff plus the stored type (checked by content on upload) keeps a file from being read as another type.
    app.get("/media/*", async (c) => {
      let found: Awaited<ReturnType<MediaSource["get"]>>;
      try {
        // A malformed escape (`%E0%A4%A`) is a URIError: no such file (F27), not a server error.
        const key = decodeURIComponent(c.req.path.slice("/media/".length));
        // A private file is not served here at all, to anyone: the same 404 as a missing one (N5).
        found = options.mediaIsPublic && !(await options.mediaIsPublic(key)) ? null : await media.get(key);
      } catch (error) {
        if (error instanceof RangeError || error instanceof URIError) found = null;
        else throw error;
      }
      if (!found) return c.text("Not Found", 404);
      return new Response(Readable.toWeb(found.stream) as ReadableStream, { headers: mediaHeaders(found.mime, found.size) });
    });
  }
  // Review I1: no HTML answer is left to a shared cache's heuristics, and any cache that keeps one
  // keys it by the cookies and language it was rendered for.
  app.use(async (c, next) => {
    await next();
    if (!/^text\/html\b/i.test(c.res.headers.get("content-type") ?? "")) return;
    if (!c.res.headers.has("cache-control")) c.res.headers.set("Cache-Control", "no-cache");
    c.res.headers.set("Vary", mergeVary(c.res.headers.get("vary"), ["Cookie", "Accept-Language"]));
  });
  // A service worker cannot see Set-Cookie, so a response that sets a cookie is marked for no cache
  // to store (ADR 004): the worker, a CDN or a proxy would otherwise replay one user's response.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.has("set-cookie")) c.res.headers.set("Cache-Control", "private, no-store");
  });

  if (mode === "production" && options.clientDir) {
    const root = options.clientDir;
    // The worker script and the latest build id must be revalidated on every check (ADR 005);
    // a build's meta file never changes.
    // `precompressed`: the build's .br/.gz copies (scripts/build/precompress.ts) go out as they are;
    // `compress` below them leaves an answer with a Content-Encoding alone.
    const revalidate = { precompressed: true, onFound: (_path: string, c: Context) => c.header("Cache-Control", "no-cache") };
    app.use("/sw.js", serveStatic({ root, ...revalidate }));
    app.use("/builds/latest.json", serveStatic({ root, ...revalidate }));
    app.use(
      "/builds/meta/*",
      serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
    );
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // The build's other files (favicon.svg, icons/*.png, …) all have an extension; a page path without
    // one never reaches the file system (a missed lookup is a stat call and a thrown ENOENT per page).
    const otherFiles = serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
    app.use("*", (c, next) => (/\.[^/]*$/.test(c.req.path) ? otherFiles(c, next) : next()));
  }

  const islands = mode === "production" && options.clientDir ? readIslandsBuild(options.clientDir, logger) : undefined;
  let cachedHandler: ((request: Request, context: RouterContextProvider) => Promise<Response>) | undefined;
  if (options.pageViews)
    app.use(countPageViews(options.pageViews, { secureSite: options.secureCookies ?? false, onCounted: options.onPageViewCounted }));
  app.all("*", async (c) => {
    const build = await options.getBuild();
    const handler = mode === "production" ? (cachedHandler ??= createRequestHandler(build, mode)) : createRequestHandler(build, mode);
    const nonce = c.get("secureHeadersNonce") ?? randomBytes(16).toString("base64");
    const services: WebServices = {
      apiFetch: options.apiUrl ? undefined : async (request) => options.api.fetch(request),
      apiDirect: options.apiUrl ? undefined : options.api.direct,
      apiUrl: options.apiUrl,
      publicUrl: options.publicUrl,
      buildCheckIntervalS: options.buildCheckIntervalS,
      islands,
      yandexMapsApiKey: options.yandexMapsApiKey,
      requestId: c.var.requestId,
      clientIp: clientIp(c),
      nonce,
      logger: logger.child({ requestId: c.var.requestId }),
    };
    // The provider must come from this module's react-router (the handler checks it with instanceof;
    // in development Vite loads a second copy), the context key from the build that reads it.
    const { servicesContext } = build.entry.module as unknown as { servicesContext: RouterContext<WebServices> };
    const render = async () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      return { response: await handler(c.req.raw, context), nonce };
    };
    return privateIfSignedIn(c.req.raw, pageCache ? await pageCache.serve(c.req.raw, nonce, render) : (await render()).response);
  });

  return app;
}

/**
 * The island runtime of the build in `clientDir` (`islands.json`, scripts/build/islands.ts), or
 * undefined — logged — when the build has none: pages then hydrate fully, as before ADR 035.
 */
export function readIslandsBuild(clientDir: string, logger: Logger): IslandsBuild | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path.join(clientDir, "islands.json"), "utf8")) as Partial<IslandsBuild>;
    if (typeof parsed.boot === "string" && typeof parsed.buildId === "string") return { boot: parsed.boot, buildId: parsed.buildId };
    logger.warn({ clientDir }, "islands.json is malformed: public pages hydrate fully");
  } catch (error) {
    logger.warn({ err: error, clientDir }, "no island runtime in the build: public pages hydrate fully");
  }
  return undefined;
}
