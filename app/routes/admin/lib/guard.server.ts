/**
 * The admin area's guard (issue 7), run as middleware of `routes/admin/layout.tsx` before any admin page's
 * loader or action: an anonymous visitor goes to sign-in and comes back (`redirectTo`); a signed-in
 * user who is not site staff gets the 403 page — the same page for every admin URL, with nothing
 * about the area in it; staff continue with their role and permissions in `staffContext`.
 *
 * How the 403 is shown: a form post (any method but GET/HEAD) is refused here, before its action
 * runs. A page view goes on with `staffContext` empty and every admin loader starts with
 * `requireStaffData(context)`, which throws the 403 — so the admin frame's error boundary renders
 * it with the root's data (the header still shows who is signed in), and no admin data is loaded.
 * The API checks again on every call (server/audit/access.ts): this guard is for the pages.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import * as homeApi from "#contract/admin/home.ts";
import type { StaffMe } from "#contract/admin/home.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { localePath, splitLocalePath } from "#app/lib/i18n.ts";

export const staffContext = createContext<StaffMe | null>(null);

const forbidden = () => data({ message: "Forbidden" }, { status: 403, statusText: "Forbidden" });

/** The staff member of this request, or the 403 (call first in every admin loader). */
export function requireStaffData(context: Readonly<RouterContextProvider>): StaffMe {
  const me = context.get(staffContext);
  if (!me) throw forbidden();
  return me;
}

export const requireStaff: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = documentUrl(request);
  const { lang, prefixed } = splitLocalePath(url.pathname);
  const toSignIn = () => redirect(`${localePath(lang, "/auth", prefixed)}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (!context.get(sessionContext).accessToken) throw toSignIn();
  try {
    context.set(staffContext, (await context.get(apiContext).send(homeApi.getMe)).data);
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) throw toSignIn();
    if (error instanceof ApiClientError && error.status === 403) {
      if (request.method !== "GET" && request.method !== "HEAD") throw forbidden();
      context.set(staffContext, null);
      return next();
    }
    throw error;
  }
  return next();
};
