/**
 * The request side of read replicas (ADR 058; the pool side is server/db/replicas.ts): every request
 * runs inside `readRouting` with its verdict — GET and HEAD may read from a replica, other methods
 * never — and the browser's read-your-writes marker from the `pv_wal` cookie (a PostgreSQL LSN).
 * A request that wrote ends by setting `pv_wal` to the primary's WAL position for the lag bound, so
 * the next pages this browser loads (on any process behind the proxy) come from a replica only once it
 * has replayed that write. Without replicas this middleware does nothing.
 */
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import type { MiddlewareHandler } from "hono";
import { formatLsn, parseLsn, readRouting, type ReadRoutingState, type RoutingPool } from "./db/replicas.ts";

/** Name of the read-your-writes cookie: the primary's WAL position after this browser's last write. */
export const WAL_COOKIE = "pv_wal";

const SAFE = new Set(["GET", "HEAD"]);

/** Hono middleware routing the request's reads; `maxLagMs` is also the marker's lifetime. */
export function readRoutingMiddleware(routing: RoutingPool | undefined, options: { maxLagMs: number; secure: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (!routing) return next();
    const marker = parseLsn(parseCookies(c.req.header("cookie") ?? "")[WAL_COOKIE]);
    const state: ReadRoutingState = { replicaAllowed: SAFE.has(c.req.method), minLsn: marker, wrote: false };
    await readRouting.run(state, () => next());
    if (!state.wrote) return;
    // A failure to read the position only costs this browser its read-your-writes for a moment: the
    // write itself is done, so the answer goes out as it is.
    const lsn = await routing.primaryLsn().catch(() => null);
    if (lsn === null) return;
    // Past the lag bound every serving replica has replayed the write anyway.
    const cookie = serializeCookie(WAL_COOKIE, formatLsn(lsn), {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      maxAge: Math.max(1, Math.ceil(options.maxLagMs / 1000)),
    });
    c.res.headers.append("set-cookie", cookie);
  };
}
