/**
 * Builds the request's API client (app/lib/api-client.server.ts) and keeps the session alive:
 * when the `access` cookie is missing or about to expire and a `refresh` cookie exists, it refreshes
 * through the API before any loader runs (so a visitor without JavaScript stays signed in), and adds
 * the new cookies to the response. A refused refresh (401) clears both cookies and the request goes
 * on anonymously; any other failure is logged and the request goes on anonymously (spec §8).
 * Actions that sign in or out add their Set-Cookie lines to `sessionContext.setCookies`.
 */
import { parse } from "cookie";
import type { MiddlewareFunction } from "react-router";
import { apiContext, servicesContext, sessionContext } from "../context.ts";
import * as auth from "#contract/auth.ts";
import { ApiClient, ApiClientError } from "../lib/api-client.server.ts";
import {
  accessCookie,
  accessTokenExpiring,
  clearSessionCookies,
  FINGERPRINT_COOKIE,
  REFRESH_COOKIE,
  ACCESS_COOKIE,
} from "../lib/session.server.ts";

export const apiClientMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const services = context.get(servicesContext);
  const cookies = parse(request.headers.get("cookie") ?? "");
  const options = {
    transport: services.apiFetch,
    direct: services.apiDirect,
    baseUrl: services.apiUrl ?? new URL(request.url).origin,
    requestId: services.requestId,
    acceptLanguage: request.headers.get("accept-language") ?? undefined,
    clientIp: services.clientIp,
    userAgent: request.headers.get("user-agent") ?? undefined,
    fingerprint: cookies[FINGERPRINT_COOKIE]?.slice(0, 256) || undefined,
    refreshCookie: cookies[REFRESH_COOKIE] || undefined,
  };
  let accessToken = cookies[ACCESS_COOKIE] || undefined;
  const setCookies: string[] = [];
  if ((!accessToken || accessTokenExpiring(accessToken)) && options.refreshCookie) {
    try {
      const refreshed = await new ApiClient(options).send(auth.refreshToken, {}, { withRefreshCookie: true });
      accessToken = refreshed.data.accessToken;
      setCookies.push(accessCookie(accessToken), ...refreshed.setCookies);
    } catch (error) {
      accessToken = undefined;
      if (error instanceof ApiClientError && error.status === 401) setCookies.push(...clearSessionCookies());
      else services.logger.warn({ err: error }, "session refresh failed; continuing anonymously");
    }
  }
  const session = { accessToken: accessToken ?? null, setCookies };
  context.set(sessionContext, session);
  context.set(apiContext, new ApiClient({ ...options, accessToken }));
  const response = await next();
  if (session.setCookies.length === 0) return response;
  try {
    for (const line of session.setCookies) response.headers.append("set-cookie", line);
    return response;
  } catch {
    // Some responses (e.g. a fetched one) have immutable headers: copy before adding cookies.
    const copy = new Response(response.body, response);
    for (const line of session.setCookies) copy.headers.append("set-cookie", line);
    return copy;
  }
};
