/**
 * Who is calling the API: the bearer access token (spec §6) or an API key (Bearer `pk_live_…`, or
 * HTTP Basic with the key as password; ADR 052) read once per request.
 * `c.var.caller` is `{ userId, role }` or null — null is the spec's anonymous role `ANONIM`.
 * The role is the one stored NOW (not the token's copy) and a blocked user is anonymous, so a
 * moderator's block or an admin's role change applies on the next request (issue 7, ADR 013).
 * `requireCaller(c)` is the guard of every endpoint that needs a signed-in user (401 `unauthorized`).
 * `clientContext(c)` is what the auth service binds sessions and rate limits to: the client IP
 * (`x-client-ip`, set by server/http.ts from the socket — never taken from the browser), the
 * User-Agent and the URL-encoded `fingerprint` header (spec §7).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AuthService, ClientContext, StoredCaller } from "../auth/service.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { authenticateKey, looksLikeKey, type KeyCaller } from "../api-keys/keys.ts";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";

/**
 * The signed-in person, or (`apiKey` set) the person an API key acts as, with the site role USER
 * whatever theirs is: a key never carries staff rights (ADR 052). `stored` (access tokens only): the
 * person's profile and membership as read with the token's check, which the profile and the company
 * guard reuse instead of reading them again (issue 31 §5).
 */
export type Caller = AccessClaims & { apiKey?: KeyCaller; stored?: StoredCaller };

/**
 * The API key of `Authorization: Bearer pk_…`, or of HTTP Basic with the key as the password (the
 * user name is ignored: 1C's `checkauth` sends a login and a password, issue 29 §2), or null.
 */
export function apiKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const bearer = header.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return looksLikeKey(bearer) ? bearer : null;
  const basic = header.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i)?.[1];
  if (!basic) return null;
  const decoded = Buffer.from(basic, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 ? decoded.slice(colon + 1) : null;
}

export function callerMiddleware(auth: AuthService): MiddlewareHandler<{ Variables: { caller: Caller | null; db: Db } }> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    const key = apiKeyOf(header);
    if (key !== null) {
      // A key that does not pass is a 401 at once (never the anonymous caller: a script should learn its key is dead).
      const { userId, apiKey } = await authenticateKey(c.var.db, key, c.req.header("x-client-ip") ?? "unknown");
      c.set("caller", { userId, role: "USER", apiKey });
      await next();
      return;
    }
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
