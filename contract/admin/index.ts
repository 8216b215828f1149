/**
 * Every operation of the admin area (`/app/admin/*`, issue 7), for the places that walk them all:
 * the API's gate (server/api/admin/staff.ts) and the test that every one refuses anonymous callers
 * and plain users (tests/api/admin.test.ts).
 */
import type { RouteDescriptor } from "../route.ts";
import * as audit from "./audit.ts";
import * as categories from "./categories.ts";
import * as companies from "./companies.ts";
import * as filters from "./filters.ts";
import * as home from "./home.ts";
import * as moderation from "./moderation.ts";
import * as pages from "./pages.ts";
import * as serviceTypes from "./service-types.ts";
import * as stories from "./stories.ts";
import * as tags from "./tags.ts";
import * as users from "./users.ts";

function isRoute(value: unknown): value is RouteDescriptor {
  return typeof value === "object" && value !== null && "operationId" in value && "path" in value && "method" in value;
}

export const ADMIN_ROUTES: readonly RouteDescriptor[] = [
  home,
  moderation,
  audit,
  filters,
  users,
  companies,
  categories,
  serviceTypes,
  stories,
  tags,
  pages,
].flatMap((module) => Object.values(module).filter(isRoute));
