/**
 * Shared pieces of the sign-in actions: the language prefix of auth URLs, the safe return path
 * (same-site relative paths only, spec §8) and finishing a sign-in (cookies, flash, redirect).
 */
import { redirect, type RouterContextProvider } from "react-router";
import { sessionContext } from "../context.ts";
import { documentUrl } from "./document-url.ts";
import { localePath, splitLocalePath } from "./i18n.ts";
import { safeInternalPath } from "./navigation-safety.ts";
import { accessCookie } from "./session.server.ts";
import { clearAuthFlowCookie } from "./auth-flow.server.ts";
import { setFlashCookie } from "../middleware/flash.ts";
import type { FlashMessage } from "./flash.ts";

/** The URL of an auth step in the request's language: `authPath(request, "/auth/code")`. */
export function authPath(request: Request, path: string): string {
  const { lang, prefixed } = splitLocalePath(documentUrl(request).pathname);
  return localePath(lang, path, prefixed);
}

/** A same-site relative path from user input, or null (external, javascript:, //host … are refused). */
export function safeReturnPath(request: Request, value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  const path = safeInternalPath(value, documentUrl(request).origin);
  return path && !path.startsWith("/auth") ? path : null;
}

/** Stores the new session's cookies and redirects to `to` with a flash message. */
export function finishSignIn(context: Readonly<RouterContextProvider>, accessToken: string, apiCookies: string[], to: string, message: FlashMessage) {
  const session = context.get(sessionContext);
  session.accessToken = accessToken;
  session.setCookies.push(accessCookie(accessToken), ...apiCookies, clearAuthFlowCookie());
  return redirect(to, { headers: { "set-cookie": setFlashCookie({ message, tone: "success" }) } });
}
