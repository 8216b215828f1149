/**
 * Guard `check-auth-data` (before the sign-in code and registration steps): the earlier step
 * leaves its data in the short-lived `auth_flow` cookie; without it the visitor goes back to
 * the sign-in page of the same language. The one-click link of the code e-mail
 * (`/auth/code?email=…&code=…`) is the earlier step's data too: it may be opened in another browser.
 */
import { redirect, type MiddlewareFunction } from "react-router";
import { readAuthFlow } from "#app/lib/auth-flow.server.ts";
import { localePath, splitLocalePath } from "#app/lib/i18n.ts";
import { documentUrl } from "#app/lib/document-url.ts";

export const checkAuthData: MiddlewareFunction<Response> = async ({ request }, next) => {
  const hasFlow = readAuthFlow(request) !== null;
  const url = documentUrl(request);
  const fromMailLink = url.pathname.endsWith("/auth/code") && url.searchParams.has("email") && url.searchParams.has("code");
  if (!hasFlow && !fromMailLink) {
    const { lang, prefixed } = splitLocalePath(url.pathname);
    throw redirect(localePath(lang, "/auth", prefixed));
  }
  return next();
};
