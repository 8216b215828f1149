/**
 * Shared pieces of the sign-in actions: the safe return path (same-site relative paths only,
 * spec §8), finishing a sign-in (cookies, flash, redirect) and the message of a wrong code.
 */
import type { RouterContextProvider } from "react-router";
import { sessionContext } from "../context.ts";
import { documentUrl } from "./document-url.ts";
import { safeInternalPath } from "./navigation-safety.ts";
import { accessCookie } from "./session.server.ts";
import { clearAuthFlowCookie } from "./auth-flow.server.ts";
import { flashRedirect } from "./redirect.server.ts";
import { localizedPath } from "./i18n.ts";
import type { FlashMessage } from "./flash.ts";

/** A same-site relative path from user input, or null (external, javascript:, //host … are refused). */
export function safeReturnPath(request: Request, value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  const path = safeInternalPath(value, documentUrl(request).origin);
  return path && !path.startsWith("/auth") ? path : null;
}

/**
 * Stores the new session's cookies and redirects to `to` with a flash message. `to` is checked
 * again here (security review F22): it comes from the flow cookie, and a return path that is not a
 * same-site path outside `/auth` (or none: a flow started without one) becomes the home page of the
 * request's language.
 */
export function finishSignIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  accessToken: string,
  apiCookies: string[],
  to: string | undefined,
  message: FlashMessage,
) {
  const session = context.get(sessionContext);
  session.accessToken = accessToken;
  session.setCookies.push(accessCookie(accessToken), ...apiCookies, clearAuthFlowCookie());
  return flashRedirect(safeReturnPath(request, to) ?? localizedPath(request, "/"), message);
}
