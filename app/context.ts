/**
 * Typed router context keys shared by middleware and loaders.
 * `servicesContext` is filled by server/http.ts (the key is re-exported by entry.server.tsx);
 * `apiContext` holds the per-request API client built by middleware/api-client.ts.
 */
import { createContext } from "react-router";
import type { WebServices } from "../server/http.ts";
import type { ApiClient } from "./lib/api-client.server.ts";

export const servicesContext = createContext<WebServices>();
export const apiContext = createContext<ApiClient>();
