/**
 * Sign-in (contract/auth.ts; issue 4, spec §7 Auth): the resource `/api/auth`. The rules live in
 * server/auth/service.ts; this file reads the address a body names, and sets or clears the refresh
 * cookie `refresh` (HttpOnly, SameSite=Lax, Path=/, Secure in production, 30 days).
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as auth from "#contract/auth.ts";
import { errorStatus } from "#contract/errors.ts";
import { identityFrom } from "../auth/identity.ts";
import { REFRESH_TTL_S, type Session } from "../auth/service.ts";
import { DomainError } from "../errors.ts";
import type { ApiEnv } from "./env.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { implement, resource } from "./resource.ts";

export const REFRESH_COOKIE = "refresh";

/** The identity `{ email } | { phone }` names; 400 `invalid_target` (issue on the field) when neither is valid. */
function identityOf(body: { email?: string; phone?: string }) {
  const identity = identityFrom(body);
  if (!identity) {
    const field = body.email !== undefined && body.email !== "" ? "email" : "phone";
    throw new DomainError("invalid_target", `Enter a valid ${field === "email" ? "e-mail address" : "phone number"}`, {
      issues: [{ path: field, message: field === "email" ? "invalid_email" : "invalid_phone" }],
    });
  }
  return identity;
}

/** Sets the refresh cookie of `session` and answers its access token. */
function withSession(c: Context<ApiEnv>, session: Session) {
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.secureCookies,
    path: "/",
    maxAge: REFRESH_TTL_S,
  });
  return { data: { accessToken: session.accessToken } };
}

function clearRefreshCookie(c: Context<ApiEnv>) {
  deleteCookie(c, REFRESH_COOKIE, { path: "/", secure: c.var.secureCookies });
}

/** The refresh cookie when it can be a token at all (longer values are not looked up). */
function refreshCookieOf(c: Context<ApiEnv>): string | undefined {
  const token = getCookie(c, REFRESH_COOKIE);
  return token && token.length <= 128 ? token : undefined;
}

export const authResource = resource("/api/auth", [
  implement(auth.sendCode, async (c, { body }) => ({
    data: await c.var.auth.sendCode(identityOf(body), body.locale ?? "ru", clientContext(c)),
  })),
  implement(auth.verifyCode, async (c, { body }) => {
    const result = await c.var.auth.verifyCode(identityOf(body), body.code, clientContext(c));
    if (result.kind === "registration") return { data: { registrationToken: result.registrationToken } };
    return withSession(c, result.session);
  }),
  implement(auth.register, async (c, { body }) => {
    const { registrationToken, firstName, lastName } = body;
    return withSession(
      c,
      await c.var.auth.register({ registrationToken, firstName, lastName, locale: body.locale ?? "ru" }, clientContext(c)),
    );
  }),
  implement(auth.refreshToken, async (c) => {
    const token = refreshCookieOf(c);
    if (!token) throw new DomainError("refresh_invalid", "No session to refresh; sign in");
    try {
      return withSession(c, await c.var.auth.refresh(token, clientContext(c)));
    } catch (error) {
      // A refused token is dropped, so the browser stops presenting it.
      if (error instanceof DomainError && errorStatus(error.code) === 401) clearRefreshCookie(c);
      throw error;
    }
  }),
  implement(auth.logout, async (c) => {
    await c.var.auth.logout(refreshCookieOf(c));
    clearRefreshCookie(c);
    return { data: { ok: true as const } };
  }),
  implement(auth.previewContactUndo, async (c, { query }) => ({ data: await c.var.auth.contacts.previewUndo(query.token) })),
  implement(auth.undoContactChange, async (c, { body }) => ({ data: await c.var.auth.contacts.undo(body.token, clientContext(c)) })),
  implement(auth.logoutAll, async (c) => {
    const { sessionsEnded } = await c.var.auth.logoutAll(requireCaller(c).userId, clientContext(c));
    clearRefreshCookie(c);
    return { data: { ok: true as const, sessionsEnded } };
  }),
]);
