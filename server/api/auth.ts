/**
 * Auth endpoints (issue 4's contract; spec §7 Auth):
 * - POST /api/auth/send-code `{ email } | { phone }` → `{ data: { sentTo, resendAfter, expiresIn } }`
 *   (seconds; `sentTo` masked). 400 `invalid_target`, 429 `rate_limited` / `resend_too_soon` with Retry-After.
 * - POST /api/auth/verify-code `{ email | phone, code }` → `{ data: { accessToken } }` plus the refresh
 *   cookie for a known person, `{ data: { registrationToken } }` for a new one. 400 `invalid_code`,
 *   `code_expired`; 429 `too_many_attempts`.
 * - POST /api/auth/register `{ registrationToken, firstName, lastName, acceptTerms: true, locale? }` →
 *   `{ data: { accessToken } }` plus the refresh cookie. 400 `invalid_registration`, `invalid_body`.
 * - POST /api/auth/refresh-token (refresh cookie) → `{ data: { accessToken } }` and a rotated cookie; 401.
 * - POST /api/auth/logout → 200 `{ data: { ok: true } }`; revokes the session and clears the cookie.
 * - POST /api/auth/logout-all (signed in) → 200 `{ data: { ok: true, sessionsEnded } }`: every session of
 *   the caller ends — every refresh-token family revoked, access tokens refused from the next request
 *   (ADR 017) — and this browser's cookie is cleared. 401 `unauthorized` when anonymous.
 * The refresh cookie `refresh` is HttpOnly, SameSite=Lax, Path=/, Secure in production, 30 days.
 */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { identityFrom } from "../auth/identity.ts";
import { REFRESH_TTL_S, type Session } from "../auth/service.ts";
import type { ApiEnv } from "./app.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { ApiError, ok, parseJsonBody } from "./http.ts";

export const REFRESH_COOKIE = "refresh";

const Lang = z.enum(["ru", "en", "zh"]);
export const SendCodeBody = z.object({
  email: z.string().max(320).optional(),
  phone: z.string().max(32).optional(),
  locale: Lang.optional(),
});
export const VerifyCodeBody = SendCodeBody.extend({ code: z.string().trim().min(1).max(16) });
const Name = z.string().trim().min(1).max(80).regex(/^[^<>{}\p{Cc}]+$/u, "must not contain markup or control characters");
export const RegisterBody = z.object({
  registrationToken: z.string().min(16).max(128),
  firstName: Name,
  lastName: Name,
  acceptTerms: z.literal(true, { error: "must be accepted" }),
  locale: Lang.optional(),
});

function identityOf(body: { email?: string; phone?: string }) {
  const identity = identityFrom(body);
  if (!identity) {
    const field = body.email !== undefined && body.email !== "" ? "email" : "phone";
    throw new ApiError(400, "invalid_target", `Enter a valid ${field === "email" ? "e-mail address" : "phone number"}`, [{ path: field, message: "invalid" }]);
  }
  return identity;
}

function withSession(c: Context<ApiEnv>, session: Session) {
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.secureCookies,
    path: "/",
    maxAge: REFRESH_TTL_S,
  });
  return ok(c, { accessToken: session.accessToken });
}

export const authRoutes = new Hono<ApiEnv>()
  .post("/api/auth/send-code", async (c) => {
    const body = await parseJsonBody(c, SendCodeBody);
    const identity = identityOf(body);
    const result = await c.var.auth.sendCode(identity, body.locale ?? "ru", clientContext(c));
    return ok(c, result);
  })
  .post("/api/auth/verify-code", async (c) => {
    const body = await parseJsonBody(c, VerifyCodeBody);
    const result = await c.var.auth.verifyCode(identityOf(body), body.code, clientContext(c));
    if (result.kind === "registration") return ok(c, { registrationToken: result.registrationToken });
    return withSession(c, result.session);
  })
  .post("/api/auth/register", async (c) => {
    const body = await parseJsonBody(c, RegisterBody);
    const session = await c.var.auth.register({ ...body, locale: body.locale ?? "ru" }, clientContext(c));
    return withSession(c, session);
  })
  .post("/api/auth/refresh-token", async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    if (!token || token.length > 128) throw new ApiError(401, "refresh_invalid", "No session to refresh; sign in");
    try {
      return withSession(c, await c.var.auth.refresh(token, clientContext(c)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) deleteCookie(c, REFRESH_COOKIE, { path: "/", secure: c.var.secureCookies });
      throw error;
    }
  })
  .post("/api/auth/logout", async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    await c.var.auth.logout(token && token.length <= 128 ? token : undefined);
    deleteCookie(c, REFRESH_COOKIE, { path: "/", secure: c.var.secureCookies });
    return ok(c, { ok: true });
  })
  .post("/api/auth/logout-all", async (c) => {
    const caller = requireCaller(c);
    const { sessionsEnded } = await c.var.auth.logoutAll(caller.userId);
    deleteCookie(c, REFRESH_COOKIE, { path: "/", secure: c.var.secureCookies });
    return ok(c, { ok: true, sessionsEnded });
  });
