/**
 * The Hono middleware that counts page views (ADR 051): after the page is answered — rendered or
 * from the anonymous page cache (server/page-cache.ts), which sits inside the catch-all route this
 * wraps — it classifies the request (./classify.ts) and hands a view to the in-memory recorder. It
 * adds no await to the answer and swallows its own errors: counting never slows or fails a page.
 */
import type { MiddlewareHandler } from "hono";
import { pageViewOf } from "./classify.ts";
import type { PageViewTarget } from "./classify.ts";
import type { PageViewRecorder } from "./recorder.ts";

/** The request headers a counted view's log line keeps: what decides whether it is a person's reading. */
const LOGGED_HEADERS = [
  "user-agent",
  "sec-fetch-mode",
  "sec-fetch-dest",
  "sec-fetch-site",
  "sec-fetch-user",
  "sec-purpose",
  "purpose",
  "service-worker-navigation-preload",
  "referer",
] as const;

/** One counted view as `onCounted` receives it: when, what, the path and the deciding headers. */
export interface CountedViewLine {
  at: string;
  kind: PageViewTarget["kind"];
  id: number;
  path: string;
  headers: Partial<Record<(typeof LOGGED_HEADERS)[number], string>>;
}

/** `line` for a counted view of `target` by `request` (PAGE_VIEWS_LOG, server/main.ts). */
export function countedViewLine(target: PageViewTarget, request: Request, now = new Date()): CountedViewLine {
  const headers: CountedViewLine["headers"] = {};
  for (const name of LOGGED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { at: now.toISOString(), kind: target.kind, id: target.id, path: new URL(request.url).pathname, headers };
}

/** How countPageViews judges and reports. */
export interface CountPageViewsOptions {
  /** The site is served over HTTPS (behind a proxy): browsers send it Fetch Metadata (classify.ts). */
  secureSite?: boolean;
  /**
   * Hears every counted view with its request (a debugging aid: the e2e server appends them to a
   * file so a test whose count is off can say which request it did not expect).
   */
  onCounted?: (line: CountedViewLine) => void;
}

/** The middleware that hands each counted view of the wrapped routes to `recorder`. */
export function countPageViews(
  recorder: Pick<PageViewRecorder, "record">,
  { secureSite = false, onCounted }: CountPageViewsOptions = {},
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      const target = pageViewOf(c.req.raw, c.res, secureSite);
      if (target) {
        recorder.record(target);
        onCounted?.(countedViewLine(target, c.req.raw));
      }
    } catch {
      // A view not counted is better than a page not served.
    }
  };
}
