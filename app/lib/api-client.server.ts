/**
 * The one API client of the web tier (DESIGN §3). Loaders and actions call the API tier only
 * through it: in-process (`transport` = the Hono API app's fetch, no socket) by default, or plain
 * HTTP to `API_URL`. It forwards the bearer token and the `fingerprint` header, unwraps the
 * `{ data, meta }` envelope and turns `{ error }` bodies into `ApiClientError`. In-process, an
 * anonymous visitor's GET of an operation the API registered as a direct read (the product page's
 * product and related products) skips Request, Response and JSON text (`direct`, ADR 069); its data,
 * errors and retries are the same.
 *
 * Retry policy (spec §7): one retry for idempotent methods (GET, HEAD, OPTIONS) on 408, 409, 425,
 * 429, 500, 502, 503, 504 or a network error; never for POST, PUT, PATCH, DELETE.
 */
import { data } from "react-router";

import type {
  RouteData,
  RouteDescriptor,
  RouteMeta,
  RouteParamsInput,
  RouteQueryInput,
  RouteBodyInput,
  RouteJsonBodyInput,
} from "#contract/route.ts";
import type { ApiDirect, DirectAnswer } from "#contract/web-services.ts";

/** What `send` takes for a route: only the parts its descriptor declares, typed by its schemas. */
export type SendInput<D extends RouteDescriptor> = (D["params"] extends object
  ? { params: { [K in keyof RouteParamsInput<D>]: string | number } }
  : { params?: undefined }) &
  (D["query"] extends object ? { query?: RouteQueryInput<D> } : { query?: undefined }) &
  (D["body"] extends object
    ? D["bodyType"] extends "multipart"
      ? { form: FormData; body?: undefined } | (D["jsonBody"] extends object ? { body: RouteJsonBodyInput<D>; form?: undefined } : never)
      : { body: RouteBodyInput<D>; form?: undefined }
    : { body?: undefined; form?: undefined });

export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);
const RETRY_DELAY_MS = 100;

export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues?: { path: string; message: string }[];
  /** Structured numbers of the error (contract/errors.ts `ErrorDetails`), e.g. `invalid_code` → `{ attemptsLeft }`. */
  readonly details?: Record<string, unknown>;
  /** Seconds from the response's Retry-After header (429), when present. */
  retryAfter?: number;
  constructor(
    status: number,
    code: string,
    message: string,
    issues?: { path: string; message: string }[],
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiClientError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

export interface ApiClientOptions {
  /** In-process transport; when absent, global fetch to `baseUrl`. */
  transport?: (request: Request) => Promise<Response>;
  /**
   * The API tier's direct reads (in-process only, ADR 069): an anonymous GET of an operation that
   * has one is answered without a Request, a Response or JSON text; everything else uses `transport`.
   */
  direct?: ApiDirect;
  /** Origin of the API: API_URL, or any origin for the in-process transport. */
  baseUrl: string;
  accessToken?: string;
  /** Device fingerprint, sent URL-encoded in the `fingerprint` header (spec §7). */
  fingerprint?: string;
  requestId?: string;
  acceptLanguage?: string;
  /** The browser's IP and User-Agent: the API rate-limits by the one and binds sessions to the other. */
  clientIp?: string;
  userAgent?: string;
  /** The browser's `refresh` cookie, sent to the API's refresh and logout calls only. */
  refreshCookie?: string;
}

/** Per-call options of `send`. */
export interface SendOptions {
  /** Forward the browser's refresh cookie (the sign-in, refresh and sign-out calls only). */
  withRefreshCookie?: boolean;
}

/** What `send` resolves to: the envelope's parts, and the Set-Cookie lines of the API's answer (a rotated refresh cookie). */
export interface SendResult<D extends RouteDescriptor> {
  data: RouteData<D>;
  meta: RouteMeta<D>;
  setCookies: string[];
}

/** Query parameters; a list is sent as the key repeated. */
export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

/**
 * One call's input: `query` string parameters; `body` sent as JSON, or `form` as multipart/form-data
 * (uploads: the browser's file is passed on as it came, the API checks its content); `withRefreshCookie`
 * forwards the refresh cookie (auth calls only).
 */
interface RequestInit {
  query?: Query;
  body?: unknown;
  form?: FormData;
  withRefreshCookie?: boolean;
}

export interface Envelope<T, M = Record<string, unknown>> {
  data: T;
  meta?: M;
}

export class ApiClient {
  readonly options: ApiClientOptions;
  constructor(options: ApiClientOptions) {
    this.options = options;
  }

  /**
   * Sends one request with the retry policy; returns the parsed JSON body with the response headers
   * (auth calls read the refresh cookie from them), or throws ApiClientError. Private: pages call
   * `send` with a route descriptor (or `openApiDocument`), never a hand-written path.
   */
  private async request<T, M = Record<string, unknown>>(
    method: string,
    path: string,
    init: RequestInit = {},
  ): Promise<{ envelope: Envelope<T, M>; headers: Headers }> {
    const { url, headers } = this.prepare(path, init);
    const attempts = IDEMPOTENT.has(method.toUpperCase()) ? 2 : 1;

    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const request = new Request(url, {
        method,
        headers,
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      let response: Response;
      try {
        response = await (this.options.transport ?? fetch)(request);
      } catch (error) {
        lastError = new ApiClientError(503, "unreachable", `API unreachable: ${(error as Error).message}`);
        if (attempt < attempts) await delay(RETRY_DELAY_MS);
        continue;
      }
      if (response.ok) return { envelope: (await response.json()) as Envelope<T, M>, headers: response.headers };
      lastError = await toError(response);
      if (attempt < attempts && RETRY_STATUSES.has(response.status)) {
        await delay(RETRY_DELAY_MS);
        continue;
      }
      break;
    }
    return fail(method, lastError);
  }

  /**
   * A GET answered by the API tier's direct read (ADR 069) with the retry policy of `request`: the
   * envelope as values, or the same ApiClientError (or 503 page answer) the HTTP answer would give.
   * `first` is the first attempt's answer, already asked for.
   */
  private async direct<T, M>(first: Promise<DirectAnswer>, again: () => Promise<DirectAnswer> | undefined): Promise<Envelope<T, M>> {
    let lastError: unknown;
    let pending: Promise<DirectAnswer> | undefined = first;
    for (let attempt = 1; pending; attempt++) {
      const answer = await pending;
      if (answer.status >= 200 && answer.status < 300) return answer.body as Envelope<T, M>;
      lastError = errorFrom(answer.status, "", answer.body, answer.retryAfter);
      if (attempt > 1 || !RETRY_STATUSES.has(answer.status)) break;
      await delay(RETRY_DELAY_MS);
      pending = again();
    }
    return fail("GET", lastError);
  }

  /** The URL (query values set; a list repeats its key) and the forwarded headers of one call. */
  private prepare(path: string, init: RequestInit): { url: URL; headers: Headers } {
    const url = new URL(path, this.options.baseUrl);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null && item !== "") url.searchParams.append(key, String(item));
      }
    }
    const headers = new Headers({ accept: "application/json" });
    if (init.body !== undefined) headers.set("content-type", "application/json");
    if (this.options.accessToken) headers.set("authorization", `Bearer ${this.options.accessToken}`);
    if (this.options.fingerprint) headers.set("fingerprint", encodeURIComponent(this.options.fingerprint));
    if (this.options.requestId) headers.set("x-request-id", this.options.requestId);
    if (this.options.acceptLanguage) headers.set("accept-language", this.options.acceptLanguage);
    if (this.options.clientIp) {
      headers.set("x-client-ip", this.options.clientIp);
      // Over HTTP (API_URL) the API process sees the web tier as the peer; with the web tier in its
      // TRUST_PROXY it takes the browser's address from here (server/client-ip.ts, review F1).
      if (!this.options.transport) headers.set("x-forwarded-for", this.options.clientIp);
    }
    if (this.options.userAgent) headers.set("user-agent", this.options.userAgent);
    if (init.withRefreshCookie && this.options.refreshCookie)
      headers.set("cookie", `refresh=${encodeURIComponent(this.options.refreshCookie)}`);
    return { url, headers };
  }

  /** `route.path` with its `{name}` segments filled from `params`. */
  private routePath(route: RouteDescriptor, params: Record<string, string | number> | undefined): string {
    return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params?.[name];
      if (value === undefined) throw new Error(`${route.operationId}: missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
  }

  /**
   * Calls one operation of the contract: `params` fill the path's `{name}` segments, `query` and a
   * JSON `body` (or a multipart `form`) as the descriptor declares them. Resolves to the envelope,
   * typed by the descriptor (`data`, and `meta` where it has one), with the answer's Set-Cookie
   * lines; throws ApiClientError with the error's code, issues and details. `withRefreshCookie`
   * forwards the browser's refresh cookie (sign-in calls).
   */
  async send<D extends RouteDescriptor>(
    route: D,
    input: SendInput<D> = {} as SendInput<D>,
    options: SendOptions = {},
  ): Promise<SendResult<D>> {
    const { params, query, body, form } = input as {
      params?: Record<string, string | number>;
      query?: Query;
      body?: unknown;
      form?: FormData;
    };
    const path = this.routePath(route, params);
    // An anonymous visitor's GET may skip Request, Response and JSON text (ADR 069): the caller is
    // then the same (none) whichever way the call goes, and the direct read validates and answers
    // as the API does. It answers undefined for an operation without a direct read.
    const direct = this.options.direct;
    if (direct && route.method === "GET" && !this.options.accessToken && body === undefined && form === undefined) {
      const directParams = stringValues(params);
      const directQuery = queryLists(query);
      const first = direct.read(route.operationId, directParams, directQuery);
      if (first) {
        const envelope = await this.direct<RouteData<D>, RouteMeta<D>>(first, () =>
          direct.read(route.operationId, directParams, directQuery),
        );
        return { data: envelope.data, meta: envelope.meta as RouteMeta<D>, setCookies: [] };
      }
    }
    const { envelope, headers } = await this.request<RouteData<D>, RouteMeta<D>>(route.method, path, {
      query,
      body,
      form,
      withRefreshCookie: options.withRefreshCookie,
    });
    return { data: envelope.data, meta: envelope.meta as RouteMeta<D>, setCookies: headers.getSetCookie() };
  }

  /**
   * Calls an operation for its `raw` answer (a CSV export) and returns the Response as it comes —
   * any status, the body unread — for the caller to stream on. Never retried.
   */
  async sendRaw<D extends RouteDescriptor & { raw: object }>(route: D, input: SendInput<D> = {} as SendInput<D>): Promise<Response> {
    const { params, query } = input as { params?: Record<string, string | number>; query?: Query };
    const { url, headers } = this.prepare(this.routePath(route, params), { query });
    return (this.options.transport ?? fetch)(new Request(url, { method: route.method, headers }));
  }

  /**
   * The API's public OpenAPI document (`GET /api/openapi.json`, generated from the route descriptors;
   * ADR 024) as parsed JSON: the one answer that is not an envelope, read by the server-rendered
   * API reference.
   */
  async openApiDocument(): Promise<unknown> {
    return (await this.request<unknown>("GET", "/api/openapi.json")).envelope;
  }
}

async function toError(response: Response): Promise<ApiClientError> {
  const body = await response.json().catch(() => null);
  return errorFrom(response.status, response.statusText, body, Number(response.headers.get("retry-after")));
}

/** The ApiClientError of a failed answer: its status, its `{ error }` envelope (if any) and its Retry-After seconds. */
function errorFrom(status: number, statusText: string, envelope: unknown, retryAfter: number | undefined): ApiClientError {
  const body = envelope as { error?: { code?: string; message?: string; issues?: []; details?: unknown } } | null;
  const details = body?.error?.details;
  const error = new ApiClientError(
    status,
    body?.error?.code ?? "http_error",
    body?.error?.message ?? (statusText || `HTTP ${status}`),
    body?.error?.issues,
    details !== null && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : undefined,
  );
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = retryAfter;
  return error;
}

/**
 * Throws what a call that failed with `lastError` throws. A page whose data cannot be had for a
 * moment (the database is restarting: 503) answers 503 with Retry-After instead of a 500 page; a
 * form post keeps its ApiClientError, so the form can say so and keep what was typed.
 */
function fail(method: string, lastError: unknown): never {
  if (lastError instanceof ApiClientError && lastError.code === "service_unavailable" && IDEMPOTENT.has(method.toUpperCase())) {
    throw data({ message: "" }, { status: 503, headers: { "Retry-After": String(lastError.retryAfter ?? 5) } });
  }
  throw lastError;
}

/** Path parameters as the URL carries them (strings). */
function stringValues(params: Record<string, string | number> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in params) out[key] = String(params[key]);
  return out;
}

/** Query values as the URL carries them (`prepare`: empty, null and undefined left out; a list repeats its key). */
function queryLists(query: Query | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    const items: string[] = [];
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null && item !== "") items.push(String(item));
    if (items.length > 0) out[key] = items;
  }
  return out;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
