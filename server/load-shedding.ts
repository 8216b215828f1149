/**
 * Load shedding (issue 31 §5, ADR 065): a bound on the requests one server process works on at once,
 * and optionally on its event loop's delay. A request that arrives beyond the bound is answered at
 * once — before its body is read — with `503`, `Retry-After` (seconds) and `Cache-Control: no-store`:
 * a short static page in the page's language (the path's `/en` or `/zh` prefix, else Russian, as every
 * page) or, for the API tier, the API's error envelope `{ error: { code: "service_unavailable", … } }`.
 *
 * Why: a process that takes on every request falls behind under a rate it cannot sustain, and its
 * memory and garbage collection grow with the backlog (the 600 s soak of ADR 061's addendum: 512 in
 * flight, RSS 588 → 875 MB, p99 2.3 s). Answering the excess at once keeps the served requests fast,
 * and behind nginx (`proxy_next_upstream … http_503`) a shed GET is retried on another process.
 *
 * What counts as in flight: a request from its arrival until its handler has returned the response
 * (a body still being written to the socket does not count — nginx buffers it; a slow reader must not
 * hold a slot). Never counted nor shed: the health checks (`/healthz`, `/readyz`), `/metrics`, and the
 * build's static files (`/assets/*`, `/sw.js`, `/builds/*`), which a page already served needs and
 * which cost a file read. A request already admitted is never cut short.
 *
 * Order of shedding: anonymous safe requests (GET/HEAD/OPTIONS without a session cookie or bearer
 * token) are shed first, from 3/4 of the bound, or while the event loop's mean delay over the last
 * second exceeds its bound; the last quarter of the bound is kept for signed-in users and for writes,
 * which are shed only at the bound itself. No library fitted: @fastify/under-pressure is a Fastify
 * plugin, toobusy-js and overload-protection are unmaintained since 2017–2018 and Express/Koa shaped;
 * the whole mechanism is a counter and node's own `monitorEventLoopDelay`.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { MiddlewareHandler } from "hono";
import { DEFAULT_LANG, isLang, type Lang } from "#contract/langs.ts";
import { resources } from "#locales/index.ts";

/** Seconds a shed client is asked to wait (`Retry-After`): long enough for a backlog of renders to clear. */
export const SHED_RETRY_AFTER_S = 2;

/** Share of the bound from which anonymous safe requests are shed (the rest is kept for sessions and writes). */
export const ANONYMOUS_SHARE = 0.75;

export interface LoadShedderOptions {
  /** Requests in flight beyond which every new one is shed (MAX_IN_FLIGHT); 0 = no bound. */
  maxInFlight: number;
  /** Mean event-loop delay, ms over the last second, beyond which anonymous safe requests are shed; 0 = off. */
  maxEventLoopDelayMs?: number;
}

/** Which rule shed a request: the bound on requests in flight, or the event loop's delay. */
export type ShedKind = "in_flight" | "event_loop";

/** The state the metrics read (server/metrics.ts). */
export interface LoadShedderStats {
  inFlight: number;
  shed: Record<ShedKind, number>;
  eventLoopDelayMs: number;
}

/** A process's load shedder: a Hono middleware and its counters; `close()` stops the delay sampling. */
export interface LoadShedder {
  middleware: MiddlewareHandler;
  stats(): LoadShedderStats;
  close(): void;
}

/** Paths never counted nor shed (see the module's comment). */
const NEVER_SHED = /^\/(?:healthz|readyz|metrics|sw\.js)$|^\/(?:assets|builds)\//;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:access|refresh)=[^;\s]/;
const isApiPath = (path: string) => /^\/(?:api|app|dev)\/|^\/mcp$|^\/bitrix\//.test(path);

/** The language of a page path: its `/en` or `/zh` prefix, else Russian (app/lib/i18n.ts `splitLocalePath`). */
function pathLang(path: string): Lang {
  const first = path.split("/")[1];
  return isLang(first) ? first : DEFAULT_LANG;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The shed page in `lang`, built once: no script, no external resource, so no CSP nonce is needed.
 * It tells a visitor who was sending a form that the form was not received and that going back
 * keeps what they typed (the request was refused before its body was read: nothing was saved).
 */
export function shedPage(lang: Lang): string {
  const t = resources[lang].common.errors;
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(t.busy)}</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1f2933}</style></head>` +
    `<body><h1>${escapeHtml(t.busy)}</h1><p>${escapeHtml(t.busyText)}</p><p>${escapeHtml(t.busyForm)}</p>` +
    `<p><a href="">${escapeHtml(t.tryAgain)}</a></p></body></html>`
  );
}

const PAGES = new Map<Lang, Uint8Array<ArrayBuffer>>(
  (["ru", "en", "zh"] as const).map((lang) => [lang, new TextEncoder().encode(shedPage(lang))]),
);
const API_BODY = JSON.stringify({
  error: {
    code: "service_unavailable",
    message: "The server is busy; try again in a few seconds",
    details: { retryAfter: SHED_RETRY_AFTER_S },
  },
});

/** The answer to a shed request to `path`: the API's error envelope for the API tier, else the page in its language. */
export function shedResponse(path: string): Response {
  const headers = { "retry-after": String(SHED_RETRY_AFTER_S), "cache-control": "no-store" };
  if (isApiPath(path)) return new Response(API_BODY, { status: 503, headers: { ...headers, "content-type": "application/json" } });
  return new Response(PAGES.get(pathLang(path))!, {
    status: 503,
    headers: { ...headers, "content-type": "text/html; charset=utf-8", "content-language": pathLang(path) },
  });
}

/** A load shedder with `options`' bounds (see the module's comment). */
export function createLoadShedder(options: LoadShedderOptions): LoadShedder {
  const max = options.maxInFlight > 0 ? options.maxInFlight : Infinity;
  const anonymousMax = Math.max(1, Math.floor(max * ANONYMOUS_SHARE));
  const shed: Record<ShedKind, number> = { in_flight: 0, event_loop: 0 };
  let inFlight = 0;
  // The loop's delay, as @fastify/under-pressure measures it: the histogram's mean over the last
  // second (a mean, so one long GC pause does not shed a whole second of requests).
  let delayMs = 0;
  let histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const maxDelay = options.maxEventLoopDelayMs ?? 0;
  if (maxDelay > 0) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    timer = setInterval(() => {
      // The mean includes the sampling resolution itself.
      delayMs = Math.max(0, histogram!.mean / 1e6 - 10);
      histogram!.reset();
    }, 1000).unref();
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const path = c.req.path;
    if (NEVER_SHED.test(path)) return next();
    const anonymousSafe =
      SAFE_METHODS.has(c.req.method) &&
      !SESSION_COOKIE.test(c.req.header("cookie") ?? "") &&
      !/^Bearer\s+\S/i.test(c.req.header("authorization") ?? "");
    let kind: ShedKind | undefined;
    if (inFlight >= (anonymousSafe ? anonymousMax : max)) kind = "in_flight";
    else if (anonymousSafe && maxDelay > 0 && delayMs > maxDelay) kind = "event_loop";
    if (kind) {
      shed[kind] += 1;
      return shedResponse(path);
    }
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
    }
  };

  return {
    middleware,
    stats: () => ({ inFlight, shed: { ...shed }, eventLoopDelayMs: delayMs }),
    close() {
      if (timer) clearInterval(timer);
      histogram?.disable();
    },
  };
}
