/**
 * The Hono middleware that counts page views (ADR 051): after the page is answered — rendered or
 * from the anonymous page cache (server/page-cache.ts), which sits inside the catch-all route this
 * wraps — it classifies the request (./classify.ts) and hands a view to the in-memory recorder. It
 * adds no await to the answer and swallows its own errors: counting never slows or fails a page.
 */
import type { MiddlewareHandler } from "hono";
import { pageViewOf } from "./classify.ts";
import type { PageViewRecorder } from "./recorder.ts";

export function countPageViews(recorder: Pick<PageViewRecorder, "record">): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      const target = pageViewOf(c.req.raw, c.res);
      if (target) recorder.record(target);
    } catch {
      // A view not counted is better than a page not served.
    }
  };
}
