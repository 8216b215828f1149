/**
 * The admin area's gate in the HTTP layer (issue 7; ADR 013):
 * - `staffAccess(c, permission)` hands the request's caller to the domain check
 *   (server/audit/access.ts `staffActor`) and returns the staff member as an audit actor:
 *   anonymous → 401 `unauthorized`, a USER → 403 `forbidden`, a moderator without the permission →
 *   403 `forbidden_role`. Every admin handler calls it with the permission its action needs.
 * - `adminGate` runs before every `/app/admin/*` path, known or not: it refuses everyone but site
 *   staff (so the area reveals nothing, and a plain user's bad body is a 403, not a 400), refuses
 *   moderators the operations whose descriptor says `auth: "admin"` before their body is read
 *   (upload bodies are capped by the resource builder before they are read).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AdminPermission } from "#contract/admin/access.ts";
import type { RouteDescriptor } from "#contract/route.ts";
import { staffActor, type AdminActor } from "#server/audit/access.ts";
import { DomainError } from "#server/errors.ts";
import type { ApiEnv } from "../env.ts";

/** The caller as a staff member with `permission` (see the module comment for the refusals). */
export async function staffAccess(c: Context<ApiEnv>, permission: AdminPermission = "read"): Promise<AdminActor> {
  const caller = c.var.caller;
  if (!caller) throw new DomainError("unauthorized", "Sign in to do this");
  return staffActor(c.var.db, caller, permission, {
    requestId: c.req.header("x-request-id")?.slice(0, 128) ?? null,
    ip: c.req.header("x-client-ip")?.slice(0, 64) ?? null,
  });
}

/** A descriptor's path as a pattern over request paths (`{id}` → one segment). */
function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`);
}

/** The gate of `/app/admin/*` over the area's `routes` (see the module comment). */
export function adminGate(routes: readonly RouteDescriptor[]): MiddlewareHandler<ApiEnv> {
  const adminOnly = routes.filter((r) => r.auth === "admin").map((r) => ({ method: r.method, pattern: pattern(r.path) }));
  const matches = (list: typeof adminOnly, c: Context) => list.some((r) => r.method === c.req.method && r.pattern.test(c.req.path));
  return async (c, next) => {
    await staffAccess(c, matches(adminOnly, c) ? "manageRoles" : "read");
    await next();
  };
}
