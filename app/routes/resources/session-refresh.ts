/**
 * `POST /session/refresh`: the open tab's periodic refresh (spec §4: every 1,500,000 ms). The access
 * token is renewed through the API and both cookies rotated; answers `{ signedIn }`.
 */
import { data } from "react-router";
import type { Route } from "./+types/session-refresh";
import * as auth from "#contract/auth.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { accessCookie, clearSessionCookies } from "#app/lib/session.server.ts";

export async function action({ context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  try {
    const refreshed = await context.get(apiContext).send(auth.refreshToken, {}, { withRefreshCookie: true });
    session.setCookies.push(accessCookie(refreshed.data.accessToken), ...refreshed.setCookies);
    return data({ signedIn: true });
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) {
      session.setCookies.push(...clearSessionCookies());
      return data({ signedIn: false });
    }
    return data({ signedIn: session.accessToken !== null }, { status: 503 });
  }
}
