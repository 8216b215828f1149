/**
 * Who is calling the API: the bearer access token (spec §6) read once per request.
 * `c.var.caller` is `{ userId, role }` or null — null is the spec's anonymous role `ANONIM`.
 * The role is the one stored NOW (not the token's copy) and a blocked user is anonymous, so a
 * moderator's block or an admin's role change applies on the next request (issue 7, ADR 013).
 * `requireCaller(c)` is the guard of every endpoint that needs a signed-in user (401 `unauthorized`).
 * `clientContext(c)` is what the auth service binds sessions and rate limits to: the client IP
 * (`x-client-ip`, set by server/http.ts from the socket — never taken from the browser), the
 * User-Agent and the URL-encoded `fingerprint` header (spec §7).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AuthService, ClientContext } from "../auth/service.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { DomainError } from "../errors.ts";

export type Caller = AccessClaims;

export function callerMiddleware(auth: AuthService): MiddlewareHandler<{ Variables: { caller: Caller | null } }> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const claims = token ? await auth.verifyAccessToken(token) : null;
    c.set("caller", claims);
    await next();
  };
}

export function requireCaller(c: Context): Caller {
  const caller = c.get("caller") as Caller | null | undefined;
  if (!caller) throw new DomainError("unauthorized", "Sign in to do this");
  return caller;
}

export function clientContext(c: Context): ClientContext {
  return {
    ip: c.req.header("x-client-ip") ?? "unknown",
    userAgent: c.req.header("user-agent") ?? null,
    fingerprint: c.req.header("fingerprint") ?? null,
  };
}
