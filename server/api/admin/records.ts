/**
 * The API side of an admin record's operations (contract/admin/crud.ts: categories, service types,
 * press stories, tags): their handlers from the descriptors and the record's domain functions
 * (server/admin/catalogue.ts, press.ts).
 *
 * Reading needs the staff role (`read`), writing the `manageContent` permission (./staff.ts). Create
 * and update answer the record as get reads it after the change; delete answers `{ id, deleted }`.
 */
import type { RouteBody, RouteData, RouteDescriptor, RouteMeta, RouteQuery } from "#contract/route.ts";
import type { AdminActor } from "#server/audit/access.ts";
import type { Db } from "#server/db/client.ts";
import type { ApiEnv } from "../env.ts";
import { implement, type Implementation, type RouteHandler } from "../resource.ts";
import { pageMeta } from "./paging.ts";
import { staffAccess } from "./staff.ts";

/** The descriptors of contract/admin/crud.ts `adminRecordRoutes`; `get` left out when not served. */
interface RecordRoutes {
  list: RouteDescriptor;
  create: RecordRoute;
  get?: RecordRoute;
  update: RecordRoute;
  remove: RecordRoute;
}
/** An operation on one record: it answers no `meta`. */
type RecordRoute = RouteDescriptor & { meta?: undefined };

/** The record's domain functions (ids are the table's integer ids). */
export interface RecordStore<R extends RecordRoutes> {
  /** The list's records; for a paged list (`page`, `limit` in its query) one page and the total. */
  list: (
    db: Db,
    query: RouteQuery<R["list"]>,
  ) => Promise<RouteMeta<R["list"]> extends undefined ? RouteData<R["list"]> : { items: RouteData<R["list"]>; total: number }>;
  /** One record as create, get and update answer it; 404 `not_found` when there is none. */
  get: (db: Db, id: number) => Promise<RouteData<R["create"]>>;
  /** Creates a record and returns its id. */
  create: (db: Db, actor: AdminActor, body: RouteBody<R["create"]>) => Promise<number>;
  update: (db: Db, actor: AdminActor, id: number, body: RouteBody<R["update"]>) => Promise<void>;
  /** Deletes a record (`vars`: the request's services, for a record owning files). */
  remove: (db: Db, actor: AdminActor, id: number, vars: ApiEnv["Variables"]) => Promise<void>;
}

/** The operations of an admin record, in the contract's order, for `resource(prefix, [...])`. */
export function adminRecordOperations<R extends RecordRoutes>(routes: R, store: RecordStore<R>): Implementation[] {
  const byId = (params: unknown) => (params as { id: number }).id;
  // The store's types tie each handler to its descriptor; here they are handled alike.
  const on = (route: RecordRoute, handler: RouteHandler<RecordRoute>) => implement(route, handler);
  const operations: (Implementation | undefined)[] = [
    implement(routes.list, async (c, { query }) => {
      await staffAccess(c, "read");
      const list = (await store.list(c.var.db, query as RouteQuery<R["list"]>)) as unknown[] | { items: unknown[]; total: number };
      if (Array.isArray(list)) return { data: list, meta: undefined };
      const { page, limit } = query as { page: number; limit: number };
      return { data: list.items, meta: pageMeta(page, limit, list.total) };
    }),
    on(routes.create, async (c, { body }) => {
      const actor = await staffAccess(c, "manageContent");
      return { data: await store.get(c.var.db, await store.create(c.var.db, actor, body as RouteBody<R["create"]>)) };
    }),
    routes.get &&
      on(routes.get, async (c, { params }) => {
        await staffAccess(c, "read");
        return { data: await store.get(c.var.db, byId(params)) };
      }),
    on(routes.update, async (c, { params, body }) => {
      const actor = await staffAccess(c, "manageContent");
      await store.update(c.var.db, actor, byId(params), body as RouteBody<R["update"]>);
      return { data: await store.get(c.var.db, byId(params)) };
    }),
    on(routes.remove, async (c, { params }) => {
      const actor = await staffAccess(c, "manageContent");
      await store.remove(c.var.db, actor, byId(params), c.var);
      return { data: { id: byId(params), deleted: true as const } };
    }),
  ];
  return operations.filter((op) => op !== undefined);
}
