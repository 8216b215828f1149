/**
 * Route descriptors: one declaration per API operation that the API tier implements
 * (server/api/resource.ts builds a Hono sub-app from them and validates with their schemas), the
 * OpenAPI documents are generated from (server/api/openapi.ts), and the web tier's client calls
 * (`ApiClient.send(route, input)` in app/lib/api-client.server.ts), typed end to end.
 *
 * A descriptor is plain data with zod schemas: it imports neither tier, so the browser bundle may
 * import a descriptor's schemas (the forms validate with the same schema the API does) without
 * pulling in the server. Conventions (ADR 023):
 * - `path` is the full public path in OpenAPI spelling (`/api/products/{id}`); a resource's routes
 *   share its prefix and are mounted under it, so registration order never decides a match.
 * - `data` is the schema of the envelope's `data`; `meta` of its `meta` (`PageMetaSchema` for lists).
 * - `errors` lists the codes of contract/errors.ts this operation may answer, besides the ones any
 *   operation may (invalid_query, invalid_body, body_too_large, internal_error).
 * - `auth`: who may call — `public`, `user` (signed in), `staff` (moderator or admin), `admin`;
 *   `scopes`: which API-key scopes open it to a key (ADR 052).
 */
import { z } from "zod";
import type { ErrorCode } from "./errors.ts";
import type { ApiScope } from "./api-scopes.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Auth = "public" | "user" | "staff" | "admin";

export interface RouteDescriptor {
  method: HttpMethod;
  path: string;
  /** Unique camelCase name (the OpenAPI operationId). */
  operationId: string;
  /** OpenAPI tag: the resource's name as a reader looks for it ("Products", "Legal entities"). */
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  /**
   * The API-key scopes (contract/api-keys.ts) a key needs to call this operation, all of them; a key
   * without one gets 403 `insufficient_scope`. Absent: no API key may call it (403
   * `api_key_not_accepted`), only a signed-in person or, when `auth` is `public`, anyone without a key.
   */
  scopes?: readonly ApiScope[];
  /** Path parameters (strings in, coerced by the schema); a parameter that fails is a 404. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, or with `bodyType: "multipart"` the form's fields (files documented as binary). */
  body?: z.ZodType;
  bodyType?: "json" | "multipart";
  /**
   * A multipart operation that also takes a JSON body instead of the form (attaching an earlier
   * upload by its id rather than sending the file again): that body's schema.
   */
  jsonBody?: z.ZodType;
  /** Schema of the envelope's `data` on success. */
  data: z.ZodType;
  /** Schema of the envelope's `meta`, when the operation sends one. */
  meta?: z.ZodType;
  /** Success status when not 200 (201 for a creation). */
  status?: 200 | 201;
  /** Error codes this operation may answer besides the generic ones. */
  errors?: readonly ErrorCode[];
  /**
   * The answer is not the JSON envelope (CSV, XML, a redirect): `data` then documents nothing —
   * unless `when` names the query that asks for this answer (`format=csv`), the envelope being the
   * answer otherwise.
   */
  raw?: { contentType: string; description: string; when?: string };
}

/** Declares a route; returns it unchanged with its literal types kept for the client and the server. */
export function defineRoute<const D extends RouteDescriptor>(descriptor: D): D {
  return descriptor;
}

type Infer<S, Fallback> = S extends z.ZodType ? z.infer<S> : Fallback;
type InferIn<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** What the handler receives after validation. */
export type RouteParams<D extends RouteDescriptor> = Infer<D["params"], Record<string, never>>;
export type RouteQuery<D extends RouteDescriptor> = Infer<D["query"], Record<string, never>>;
/** A multipart operation's handler reads the form from `form`; `body` is then its JSON alternative, if sent. */
export type RouteBody<D extends RouteDescriptor> = D["bodyType"] extends "multipart"
  ? Infer<D["jsonBody"], undefined> | undefined
  : Infer<D["body"], undefined>;
/** A multipart operation's text fields as its `body` schema reads them; its files are in the handler's `form`. */
export type RouteFormFields<D extends RouteDescriptor> = D["bodyType"] extends "multipart"
  ? Omit<Infer<D["body"], object>, "file">
  : undefined;
/** What a client sends (before defaults and coercion). */
export type RouteQueryInput<D extends RouteDescriptor> = InferIn<D["query"], Record<string, never>>;
export type RouteBodyInput<D extends RouteDescriptor> = InferIn<D["body"], undefined>;
export type RouteJsonBodyInput<D extends RouteDescriptor> = InferIn<D["jsonBody"], undefined>;
export type RouteParamsInput<D extends RouteDescriptor> = InferIn<D["params"], Record<string, never>>;
/** The envelope's `data` and `meta`. */
export type RouteData<D extends RouteDescriptor> = z.infer<D["data"]>;
export type RouteMeta<D extends RouteDescriptor> = Infer<D["meta"], undefined>;

/** Meta of a paged list. */
export const PageMetaSchema = z
  .object({
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
    total: z.number().int().min(0),
    pages: z.number().int().min(1),
  })
  .meta({ id: "PageMeta" });
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** `page` and `perPage` (≤ 100) of every list. */
export const PagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

/** A numeric id in a path (PostgreSQL integer range); anything else is a 404. */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParams = z.object({ id: IdSchema });

/** `{ ok: true }`, the answer of operations that only need to say they are done. */
export const OkSchema = z.object({ ok: z.literal(true) });

/** `{ id, deleted: true }`, the answer of a DELETE of one row by its id. */
export const DeletedIdSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** The meta of page `page` of `total` rows, `perPage` a page: `pages` is at least 1 (an empty list has one, empty, page). */
export function pageMetaOf(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}
