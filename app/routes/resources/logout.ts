/**
 * `POST /logout` (any language prefix): ends the session through the API (the refresh token's
 * family is revoked), clears both cookies and returns to `redirectTo` when it is a same-site path
 * (spec §4: logout runs an optional callback), else to the home page. GET just goes home.
 */
import type { Route } from "./+types/logout";
import * as auth from "#contract/auth.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { safeReturnPath } from "#app/lib/auth-actions.server.ts";
import { clearSessionCookies } from "#app/lib/session.server.ts";
import { localizedPath } from "#app/lib/i18n.ts";
import { flashRedirect, localizedRedirect } from "#app/lib/redirect.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  try {
    await context.get(apiContext).send(auth.logout, {}, { withRefreshCookie: true });
  } catch {
    // The cookies go regardless: signing out must always work for the person at the screen.
  }
  const session = context.get(sessionContext);
  session.accessToken = null;
  session.setCookies.push(...clearSessionCookies());
  const to = safeReturnPath(request, formData.get("redirectTo")) ?? localizedPath(request, "/");
  return flashRedirect(to, { message: "flash.signedOut", tone: "info" });
}
