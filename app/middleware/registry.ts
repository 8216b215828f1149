/**
 * The named route guards of the spec (§5), as React Router middleware, in one registry.
 * Routes ask for them by name, with options where a guard takes them:
 * `export const middleware = guards(["check-query-params", { q: searchParam }], "reset-page")`.
 * An unknown name throws `Unknown route middleware` when the route module loads.
 */
import type { MiddlewareFunction } from "react-router";
import type { QuerySchema } from "../lib/query-schema.ts";
import { checkAuthData } from "./guards/check-auth-data.ts";
import { checkQueryParams } from "./guards/check-query-params.ts";
import { checkQueryParamsPage } from "./guards/check-query-params-page.ts";
import { profileCheckOrganization } from "./guards/profile-check-organization.ts";
import { resetPage } from "./guards/reset-page.ts";

type Guard = MiddlewareFunction<Response>;

export const guardRegistry: Record<string, (options?: QuerySchema) => Guard> = {
  "reset-page": () => resetPage,
  "check-auth-data": () => checkAuthData,
  "check-query-params": (schema) => checkQueryParams(schema),
  "check-query-params-page": () => checkQueryParamsPage,
  "profile-check-organization": () => profileCheckOrganization,
};

export function guards(...specs: (string | [string, QuerySchema])[]): Guard[] {
  return specs.map((spec) => {
    const [name, options] = typeof spec === "string" ? [spec, undefined] : spec;
    const factory = Object.hasOwn(guardRegistry, name) ? guardRegistry[name] : undefined;
    if (!factory) throw new Error("Unknown route middleware");
    return factory(options);
  });
}
