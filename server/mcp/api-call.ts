/**
 * The MCP tools' one way to data (ADR 055): an operation of the API contract called in process
 * (`api.fetch(request)`, no socket), with the MCP request's own `Authorization`, client IP and
 * request id. The operation runs exactly as it would for the same HTTP request — the caller's
 * authentication, the descriptor's scopes (403 `insufficient_scope`), the key's per-minute
 * allowance (429), validation (400 with issues), the audit trail of a key's writes — so a tool can
 * never show or do more than the same request through the API would.
 *
 * `callOperation(caller, route, { params, query, body })` resolves to the envelope's `data` and
 * `meta` (typed by the descriptor) or rejects with `OperationError` carrying the API's error code,
 * HTTP status, message, field issues and details.
 */
import type { RouteData, RouteDescriptor, RouteMeta } from "#contract/route.ts";
import { readRouting } from "../db/replicas.ts";

/** What an MCP request hands the operations it makes: how to reach the API and who is asking. */
export interface OperationCaller {
  /** The API app's fetch (server/api/app.ts), in process. */
  fetch: (request: Request) => Response | Promise<Response>;
  /** The MCP request's headers passed on: `authorization`, `x-client-ip`, `x-request-id`, `user-agent`. */
  headers: Headers;
}

/** An operation's error answer: the API's error envelope with its HTTP status. */
export class OperationError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: { path: string; message: string }[];
  readonly details: Record<string, unknown> | undefined;
  constructor(
    status: number,
    code: string,
    message: string,
    issues: { path: string; message: string }[] = [],
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "OperationError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

/** Headers of the MCP request that the API needs to treat an operation as the same caller's. */
const PASSED_ON = ["authorization", "x-client-ip", "x-request-id", "user-agent", "fingerprint"] as const;

/** The subset of `headers` passed on to the operations an MCP request makes. */
export function passedOnHeaders(headers: Headers): Headers {
  const out = new Headers();
  for (const name of PASSED_ON) {
    const value = headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return out;
}

type Scalar = string | number | boolean;

/** Input of an operation: path parameters, query values (undefined ones left out) and a JSON body. */
export interface OperationInput {
  params?: Record<string, string | number>;
  query?: Record<string, Scalar | Scalar[] | undefined>;
  body?: unknown;
}

/** `route.path` with its `{name}` segments filled from `params` (URL-encoded). */
export function operationPath(route: RouteDescriptor, params: Record<string, string | number> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.operationId}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Runs an operation's call with the read routing its own method would have over HTTP (ADR 058): the
 * MCP request is a POST, but a tool's GET operations may read from a replica like the same API
 * request; a write inside marks the MCP request, so its later reads see it.
 */
async function asOperation<T>(method: string, call: () => Promise<T> | T): Promise<T> {
  const outer = readRouting.getStore();
  if (!outer) return call();
  const inner = { replicaAllowed: (method === "GET" || method === "HEAD") && !outer.wrote, minLsn: outer.minLsn, wrote: outer.wrote };
  try {
    return await readRouting.run(inner, async () => await call());
  } finally {
    outer.wrote ||= inner.wrote;
  }
}

/** Calls `route` in process as the MCP request's caller; see the module comment. */
export async function callOperation<D extends RouteDescriptor>(
  caller: OperationCaller,
  route: D,
  input: OperationInput = {},
): Promise<{ data: RouteData<D>; meta: RouteMeta<D> }> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const qs = search.size ? `?${search}` : "";
  const headers = new Headers(caller.headers);
  headers.set("accept", "application/json");
  let body: string | undefined;
  if (input.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(input.body);
  }
  // The origin is never looked at by the API app (it routes by path); a fixed one keeps the URL valid.
  const request = new Request(`http://api.internal${operationPath(route, input.params)}${qs}`, { method: route.method, headers, body });
  const response = await asOperation(route.method, () => caller.fetch(request));
  const json = (await response.json().catch(() => null)) as {
    data?: unknown;
    meta?: unknown;
    error?: { code?: string; message?: string; issues?: { path: string; message: string }[]; details?: Record<string, unknown> };
  } | null;
  if (!response.ok || !json || !("data" in json)) {
    const error = json?.error;
    const retryAfter = Number(response.headers.get("retry-after"));
    const details = { ...error?.details, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}) };
    throw new OperationError(
      response.status,
      error?.code ?? "internal_error",
      error?.message ?? `HTTP ${response.status}`,
      error?.issues ?? [],
      Object.keys(details).length ? details : undefined,
    );
  }
  return { data: json.data as RouteData<D>, meta: json.meta as RouteMeta<D> };
}
