/** Builds the request's API client (app/lib/api-client.server.ts) from the server's services. */
import type { MiddlewareFunction } from "react-router";
import { apiContext, servicesContext } from "../context.ts";
import { ApiClient } from "../lib/api-client.server.ts";

export const apiClientMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const services = context.get(servicesContext);
  context.set(
    apiContext,
    new ApiClient({
      transport: services.apiFetch,
      baseUrl: services.apiUrl ?? new URL(request.url).origin,
      requestId: services.requestId,
      acceptLanguage: request.headers.get("accept-language") ?? undefined,
    }),
  );
  return next();
};
