/**
 * Typed router context keys shared by middleware and loaders.
 * `servicesContext` is filled by server/http.ts (the key is re-exported by entry.server.tsx);
 * `apiContext` holds the per-request API client built by middleware/api-client.ts.
 */
import { createContext } from "react-router";
import type { WebServices } from "#contract/web-services.ts";
import type { OwnProfile } from "#contract/profile.ts";
import type { ApiClient } from "./lib/api-client.server.ts";

export const servicesContext = createContext<WebServices>();
export const apiContext = createContext<ApiClient>();

/**
 * The request's session: the access token the API client sends (null = anonymous) and Set-Cookie
 * lines that middleware/api-client.ts adds to the response (rotated tokens, sign-in, sign-out).
 */
export interface RequestSession {
  accessToken: string | null;
  setCookies: string[];
}
export const sessionContext = createContext<RequestSession>();

/**
 * The signed-in user's profile with their open invitations (`GET /api/profile`), set by the `profile-check-organization` guard
 * for the profile section so its loaders do not ask the API again.
 */
export const profileContext = createContext<OwnProfile>();
