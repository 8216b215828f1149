/**
 * Resources of the API tier, built from the contract's route descriptors (contract/route.ts).
 *
 * `implement(route, handler)` pairs a descriptor with its handler; `resource(prefix, [...])` makes
 * one Hono sub-app of a resource's operations, mounted under `prefix` by server/api/app.ts. The
 * builder, not the handler:
 * - validates path parameters (a failure is a 404 `not_found`: an id that cannot exist does not
 *   exist), the query (400 `invalid_query`), a JSON body (≤ 64 KiB; 400 `invalid_body`, 413
 *   `body_too_large`) and a multipart form's text fields against the descriptor's `body` (400
 *   `invalid_body`; its files are the handler's to check), each issue's message a validation code
 *   (contract/validation.ts);
 * - requires a signed-in caller for `auth: "user" | "staff" | "admin"` (401 `unauthorized`; the
 *   staff permissions themselves are checked by server/audit/access.ts);
 * - wraps the handler's `{ data, meta? }` in the envelope, and, when response checks are on (tests,
 *   development), parses `data` and `meta` with the descriptor's schemas so a handler that drifts
 *   from the contract fails loudly instead of surprising a client;
 * - registers the operation's OpenAPI description (hono-openapi `describeRoute`): parameters,
 *   request body, the success envelope and every error code by status.
 *
 * Within a resource, operations are registered static segments first (`/api/products/filter`
 * before `/api/products/{id}`), so the order of the list never decides which one answers.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute, resolver, type DescribeRouteOptions } from "hono-openapi";
import { z } from "zod";
import { ERRORS, ErrorEnvelopeSchema, type ErrorCode } from "#contract/errors.ts";
import type { RouteBody, RouteData, RouteDescriptor, RouteFormFields, RouteMeta, RouteParams, RouteQuery } from "#contract/route.ts";
import { validationCode } from "#contract/validation.ts";
import { DomainError } from "../errors.ts";
import type { MultipartForm } from "../files/receive.ts";
import { MAX_MULTIPART_BYTES, MiB, UPLOAD_LIMITS } from "#contract/upload-limits.ts";
import type { ApiEnv } from "./env.ts";
import { MultipartError, readMultipart as readMultipartStream, type MultipartLimits } from "#contract/multipart.ts";
import { recordKeyWrite, type KeyCaller } from "../api-keys/keys.ts";
import { apiKeyLimit } from "./rate-limits.ts";

/**
 * What a handler answers: the envelope's parts (typed by the descriptor), or a Response of its own.
 * `status` overrides the descriptor's success status for this answer (an invitation renewed rather
 * than created is a 200, not a 201).
 */
export type Reply<D extends RouteDescriptor> = (RouteMeta<D> extends undefined
  ? { data: RouteData<D>; meta?: undefined }
  : { data: RouteData<D>; meta: RouteMeta<D> }) & { status?: 200 | 201 };

export interface HandlerInput<D extends RouteDescriptor> {
  params: RouteParams<D>;
  query: RouteQuery<D>;
  body: RouteBody<D>;
  /** A multipart operation's form (first value per field), unless the JSON alternative was sent. */
  form?: MultipartForm;
  /** The form's text fields as the descriptor's `body` schema read them (defaults applied), with the form. */
  fields?: RouteFormFields<D>;
}

export type RouteHandler<D extends RouteDescriptor> = (
  c: Context<ApiEnv>,
  input: HandlerInput<D>,
) => Promise<Reply<D> | Response> | Reply<D> | Response;

export interface ImplementOptions {
  /**
   * Answers a refusal of the request's input (400 `invalid_body` / `invalid_query` of the builder's
   * validation) in the operation's own shape — a form endpoint adding per-field errors. Return
   * undefined to answer the usual envelope.
   */
  inputRefusal?: (c: Context<ApiEnv>, error: DomainError) => Response | undefined;
}

export interface Implementation extends ImplementOptions {
  route: RouteDescriptor;
  handler: RouteHandler<RouteDescriptor>;
  /** The same handler without a Hono context, for the web tier's in-process client (implementRead, ADR 069). */
  read?: DirectRead<RouteDescriptor>;
}

/** What a direct read sees of the API's per-request variables: the database only (ADR 069). */
export type ReadVars = Pick<ApiEnv["Variables"], "db">;

/**
 * A public GET operation's handler that reads nothing of the request but its validated input and
 * the database. Its reply must be made of JSON values (no `undefined` properties, no Dates) and be
 * its own objects, not a cache's: the in-process client hands it to the page as it is, without the
 * JSON round trip that would have copied and normalised it (checked where replies are checked).
 */
export type DirectRead<D extends RouteDescriptor> = (vars: ReadVars, input: Pick<HandlerInput<D>, "params" | "query">) => Promise<Reply<D>>;

/** Pairs a descriptor with its handler (the handler's input and reply are typed by the descriptor). */
export function implement<const D extends RouteDescriptor>(
  route: D,
  handler: RouteHandler<D>,
  options: ImplementOptions = {},
): Implementation {
  return { route, handler: handler as unknown as RouteHandler<RouteDescriptor>, ...options };
}

/**
 * Pairs a public GET descriptor with a handler that needs no Hono context (DirectRead): over HTTP
 * it answers as `implement` would, and the web tier's in-process client may call it directly
 * (server/api/direct.ts). Throws at start-up for an operation that is not a public GET without a body.
 */
export function implementRead<const D extends RouteDescriptor>(route: D, read: DirectRead<D>): Implementation {
  if (route.method !== "GET" || route.auth !== "public" || route.body || route.raw)
    throw new Error(`${route.operationId}: a direct read must be a public GET answering an envelope`);
  const generic = read as unknown as DirectRead<RouteDescriptor>;
  return { route, handler: (c, input) => generic({ db: c.var.db }, input), read: generic };
}

export interface Resource {
  prefix: string;
  app: Hono<ApiEnv>;
  routes: RouteDescriptor[];
  /** The operations with a direct read (implementRead), by operationId. */
  reads: Map<string, { route: RouteDescriptor; read: DirectRead<RouteDescriptor> }>;
}

const MAX_JSON_BODY = 64 * 1024;

/** `/api/products/{id}` → `:id` segments relative to `prefix`. */
function honoPath(prefix: string, path: string): string {
  if (!path.startsWith(prefix)) throw new Error(`Route ${path} is outside its resource's prefix ${prefix}`);
  const rest = path.slice(prefix.length).replace(/\{(\w+)\}/g, ":$1");
  return rest === "" ? "/" : rest;
}

/** Static segments sort before parameters, position by position; otherwise the given order stays. */
function specificity(a: RouteDescriptor, b: RouteDescriptor): number {
  const as = a.path.split("/");
  const bs = b.path.split("/");
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ap = as[i]!.startsWith("{");
    const bp = bs[i]!.startsWith("{");
    if (ap !== bp) return ap ? 1 : -1;
  }
  return 0;
}

/**
 * One resource: a Hono sub-app of `implementations`, every path starting with `prefix`.
 * Throws at start-up (not per request) when a path lies outside the prefix or an operationId repeats.
 */
export function resource(prefix: string, implementations: Implementation[]): Resource {
  const app = new Hono<ApiEnv>();
  const sorted = implementations
    .map((impl, index) => ({ impl, index }))
    .sort((x, y) => specificity(x.impl.route, y.impl.route) || x.index - y.index);
  const seen = new Set<string>();
  const reads: Resource["reads"] = new Map();
  for (const { impl } of sorted) {
    const { route, handler, inputRefusal } = impl;
    if (seen.has(route.operationId)) throw new Error(`operationId ${route.operationId} is declared twice`);
    seen.add(route.operationId);
    if (impl.read) reads.set(route.operationId, { route, read: impl.read });
    app.on(route.method, honoPath(prefix, route.path), describeRoute(openApiOperation(route)), async (c) => {
      const key = c.var.caller?.apiKey;
      if (key) await admitKey(c, route, key);
      let input: HandlerInput<RouteDescriptor>;
      try {
        input = await readInput(c, route);
      } catch (error) {
        const answer = inputRefusal && error instanceof DomainError ? inputRefusal(c, error) : undefined;
        if (answer) return answer;
        throw error;
      }
      const reply = await handler(c, input);
      if (key && route.method !== "GET")
        await auditKeyWrite(c, route, key, reply instanceof Response ? reply.status : (reply.status ?? route.status ?? 200));
      if (reply instanceof Response) return reply;
      if (c.var.checkResponses && (!route.raw || route.raw.when)) checkReply(route, reply);
      const json = JSON.stringify(reply.meta === undefined ? { data: reply.data } : { data: reply.data, meta: reply.meta });
      // c.json's body without its length: the compression middleware (server/http.ts) then compressed
      // every answer, a 40-byte star's too, through a stream and two trips to libuv's thread pool.
      // With the length it leaves those under its 1 KB threshold as they are (issue 31 §5).
      return c.body(json, reply.status ?? route.status ?? 200, {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(json)),
      });
    });
  }
  return { prefix, app, routes: sorted.map((s) => s.impl.route), reads };
}

/**
 * Lets an API key through to `route` or refuses it (ADR 052): an operation without `scopes` takes
 * no key (403 `api_key_not_accepted`), a missing scope is a 403 `insufficient_scope` naming it
 * (`details.scope`); then the request counts against the key's own limit (429 `rate_limited`).
 */
async function admitKey(c: Context<ApiEnv>, route: RouteDescriptor, key: KeyCaller): Promise<void> {
  if (!route.scopes) throw new DomainError("api_key_not_accepted", "This operation cannot be called with an API key: sign in instead");
  const missing = route.scopes.find((scope) => !key.scopes.includes(scope));
  if (missing) throw new DomainError("insufficient_scope", `The API key lacks the scope ${missing}`, { details: { scope: missing } });
  await apiKeyLimit(c.var.db, key.rateLimit).consume(`key:${key.id}`);
}

/** A successful write made with a key goes to its company's audit trail (server/api-keys/keys.ts). */
async function auditKeyWrite(c: Context<ApiEnv>, route: RouteDescriptor, key: KeyCaller, status: number): Promise<void> {
  if (status >= 400) return;
  await recordKeyWrite(c.var.db, {
    key,
    userId: c.var.caller!.userId,
    method: route.method,
    path: c.req.path,
    operationId: route.operationId,
    status,
    ip: c.req.header("x-client-ip")?.slice(0, 64) ?? null,
    requestId: c.var.requestId ?? null,
  });
}

function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: validationCode(issue) }));
}

/**
 * Single query values as strings, repeated ones as arrays (a schema expecting one value refuses a
 * list). U+0000 is dropped: PostgreSQL cannot take it (see `nulPaths`), and in search words or
 * filters it means nothing, so `q=a%00b` searches `ab` as the classifier search always did.
 */
function queryValues(c: Context): Record<string, string | string[]> {
  return cleanQuery(c.req.queries());
}

/** Query values by key (a list per key) without U+0000, a single value as a string (see queryValues). */
export function cleanQuery(queries: Record<string, string | readonly string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(queries)) {
    const clean = (typeof value === "string" ? [value] : value).map((v) => v.replaceAll("\u0000", ""));
    out[key.replaceAll("\u0000", "")] = clean.length === 1 ? clean[0]! : clean;
  }
  return out;
}

/** The path parameters checked by the descriptor's `params`: a refusal (or a U+0000) is a 404 `not_found`. */
export function parseParams(route: RouteDescriptor, raw: Record<string, string>): Record<string, unknown> {
  if (!route.params) return {};
  if (nulPaths(raw).length) throw new DomainError("not_found", "Not found");
  const parsed = route.params.safeParse(raw);
  if (!parsed.success) throw new DomainError("not_found", "Not found");
  return parsed.data as Record<string, unknown>;
}

/** The query values (queryValues' shape) checked by the descriptor's `query`: a refusal is a 400 `invalid_query` with its issues. */
export function parseQuery(route: RouteDescriptor, values: Record<string, string | string[]>): Record<string, unknown> {
  if (!route.query) return {};
  const parsed = route.query.safeParse(values);
  if (!parsed.success) throw new DomainError("invalid_query", "Invalid query parameters", { issues: issuesOf(parsed.error) });
  return parsed.data as Record<string, unknown>;
}

async function readInput(c: Context<ApiEnv>, route: RouteDescriptor): Promise<HandlerInput<RouteDescriptor>> {
  if (route.auth !== "public" && !c.var.caller) throw new DomainError("unauthorized", "Sign in to do this");
  const params = route.params ? parseParams(route, c.req.param()) : {};
  const query = route.query ? parseQuery(route, queryValues(c)) : {};
  let body: unknown;
  let form: MultipartForm | undefined;
  let fields: unknown;
  if (route.bodyType === "multipart") {
    if (route.jsonBody && !isMultipart(c)) body = await readJsonBody(c, route.jsonBody);
    else {
      form = await readMultipart(c);
      const nul = nulPaths(Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string")));
      if (nul.length) throw new DomainError("invalid_body", "Invalid request body", { issues: nulIssues(nul) });
      fields = formFields(route, form);
    }
  } else if (route.body) body = await readJsonBody(c, route.body);
  return { params, query, body, form, fields } as HandlerInput<RouteDescriptor>;
}

/** Whether a field of a multipart body schema is a file: `z.file()`, or a string documented as binary. */
function isFileField(schema: z.ZodType): boolean {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  return inner instanceof z.ZodFile || inner.meta()?.format === "binary";
}

/**
 * A multipart form's text fields checked by the descriptor's `body` schema, in this one place for
 * every upload operation (architecture review F4): a field the schema declares with a value it
 * refuses is a 400 `invalid_body` with the field's issue, as in a JSON body; fields it does not
 * declare are left out. Files stay the handler's: a missing one is its `file_required`, and their
 * content goes through the upload checks (server/files/uploads.ts).
 */
function formFields(route: RouteDescriptor, form: MultipartForm): unknown {
  if (!(route.body instanceof z.ZodObject)) return {};
  const shape = route.body.shape as Record<string, z.ZodType>;
  const files = Object.keys(shape).filter((key) => isFileField(shape[key]!));
  const text = Object.fromEntries(Object.entries(form).filter(([key, value]) => typeof value === "string" && !files.includes(key)));
  const textSchema = route.body.omit(Object.fromEntries(files.map((key) => [key, true])) as Record<string, true>);
  const parsed = textSchema.safeParse(text);
  if (!parsed.success) throw new DomainError("invalid_body", "Invalid request body", { issues: issuesOf(parsed.error) });
  return parsed.data;
}

/**
 * Where `value` holds U+0000 (in a string or an object key), as dotted paths. PostgreSQL's text and
 * jsonb cannot store it: a query carrying one fails with 22021 (a 500), and on PGlite it even resets
 * the connection, so the next request gets a 503. No field of the contract means a NUL, so a body or
 * form field holding one is refused (400 `invalid_body`, `invalid_format` on the field), a path
 * parameter is a 404, and a query drops it (`queryValues`). Found by the hostile-input fuzzer
 * (tests/fuzz/openapi-fuzz.ts).
 */
export function nulPaths(value: unknown, path = "", out: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.includes("\u0000")) out.push(path);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) out.push(here);
      else nulPaths(child, here, out);
    }
  }
  return out;
}

function nulIssues(paths: string[]) {
  return paths.map((path) => ({ path: path.replaceAll("\u0000", ""), message: "invalid_format" as const }));
}

function isMultipart(c: Context) {
  return (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** A multipart body may be as large as the largest upload plus 1 MiB of form envelope; beyond it 413 `file_too_large`, before it is read. */
const multipartLimit = bodyLimit({
  maxSize: MAX_MULTIPART_BYTES,
  onError: () => {
    throw new DomainError("file_too_large", `Files may be at most ${UPLOAD_LIMITS.document / MiB} MB`);
  },
});

/** Reads a multipart form after the size check (see `parseMultipart`). */
async function readMultipart(c: Context): Promise<MultipartForm> {
  await multipartLimit(c, async () => {});
  return parseMultipart(c);
}

/** Bounds of an API multipart body besides its total size (multipartLimit): parts, files and text fields. */
export const MULTIPART_LIMITS: MultipartLimits = { fileBytes: MAX_MULTIPART_BYTES, fieldBytes: 64 * 1024, parts: 100, files: 20 };

/**
 * A multipart (or URL-encoded) form: the first value of each field, `name[key]` spelled
 * `name.key`, read as a stream (contract/multipart.ts: never one long pass over the whole body on
 * the event loop). A body that cannot be parsed, or has more parts, files or longer text fields than
 * MULTIPART_LIMITS, is a 400 `invalid_multipart`; a file beyond the size bound a 413
 * `file_too_large`; the handler judges the fields (server/files/receive.ts).
 */
export async function parseMultipart(c: Context): Promise<MultipartForm> {
  let parsed: Record<string, string | File>;
  try {
    parsed = await readMultipartStream(c.req.raw, MULTIPART_LIMITS);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof MultipartError && error.reason === "file_too_large")
      throw new DomainError("file_too_large", `Files may be at most ${UPLOAD_LIMITS.document / MiB} MB`);
    throw new DomainError("invalid_multipart", "The upload could not be read");
  }
  const form: MultipartForm = {};
  for (const [name, value] of Object.entries(parsed)) {
    const key = name.replace(/\[(\w+)\]$/, ".$1");
    if (!(key in form)) form[key] = value;
  }
  return form;
}

/**
 * Reads a JSON body of at most 64 KiB and parses it with `schema`. An empty body is `{}`; not JSON,
 * too large or not matching → 400 `invalid_body` (one issue per bad field) or 413, never a 500.
 */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text().catch(() => "");
  if (text.length > MAX_JSON_BODY) throw new DomainError("body_too_large", "Request body too large");
  let value: unknown;
  try {
    value = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new DomainError("invalid_body", "The request body is not valid JSON");
  }
  const nul = nulPaths(value);
  if (nul.length) throw new DomainError("invalid_body", "Invalid request body", { issues: nulIssues(nul) });
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError("invalid_body", "Invalid request body", { issues: issuesOf(result.error) });
  return result.data;
}

/** A handler's reply that does not match its descriptor: a defect of the API, reported with the path. */
export class ContractViolation extends Error {
  constructor(route: RouteDescriptor, part: "data" | "meta", error: z.ZodError | string) {
    super(
      `${route.method} ${route.path} answered ${part} outside its contract: ${typeof error === "string" ? error : z.prettifyError(error)}`,
    );
    this.name = "ContractViolation";
  }
}

/** Throws ContractViolation when `reply` does not match the descriptor's `data` and `meta` schemas. */
export function checkReply(route: RouteDescriptor, reply: { data: unknown; meta?: unknown }): void {
  const data = route.data.safeParse(reply.data);
  if (!data.success) throw new ContractViolation(route, "data", data.error);
  if (route.meta) {
    const meta = route.meta.safeParse(reply.meta);
    if (!meta.success) throw new ContractViolation(route, "meta", meta.error);
  }
}

/* ───────────── OpenAPI ───────────── */

type Parameter = { name: string; in: "path" | "query"; required: boolean; description?: string; schema: Record<string, unknown> };

function parametersOf(schema: z.ZodObject | undefined, where: "path" | "query"): Parameter[] {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => {
    const json = z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    const description = typeof json.description === "string" ? json.description : undefined;
    delete json.description;
    return {
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: json,
    };
  });
}

/** The success envelope of a route: `{ data, meta? }`. */
function envelopeOf(route: RouteDescriptor): z.ZodType {
  return route.meta ? z.object({ data: route.data, meta: route.meta }) : z.object({ data: route.data });
}

const AUTH_NOTE: Record<RouteDescriptor["auth"], string> = {
  public: "",
  user: "Signed-in callers only (bearer access token).",
  staff: "Site staff only (moderators and administrators).",
  admin: "Site administrators only.",
};

/** The operation object hono-openapi adds to the document for `route`. */
export function openApiOperation(route: RouteDescriptor): DescribeRouteOptions {
  const byStatus = new Map<number, string[]>();
  const generic: ErrorCode[] = [
    ...(route.query ? (["invalid_query"] as const) : []),
    ...(route.body ? (["invalid_body", "body_too_large"] as const) : []),
    "internal_error",
  ];
  for (const code of [...(route.errors ?? []), ...generic]) {
    const status = ERRORS[code][0];
    if (!route.params && code === "not_found" && !route.errors?.includes("not_found")) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  if (route.params && !byStatus.get(404)?.includes("not_found")) byStatus.set(404, [...(byStatus.get(404) ?? []), "not_found"]);
  if (route.scopes) {
    for (const code of ["insufficient_scope", "rate_limited"] as const)
      if (!byStatus.get(ERRORS[code][0])?.includes(code)) byStatus.set(ERRORS[code][0], [...(byStatus.get(ERRORS[code][0]) ?? []), code]);
  }
  if ((route.auth !== "public" || route.scopes) && !byStatus.get(401)?.includes("unauthorized"))
    byStatus.set(401, [...(byStatus.get(401) ?? []), "unauthorized"]);
  const responses: NonNullable<DescribeRouteOptions["responses"]> = {
    [String(route.status ?? 200)]: route.raw
      ? {
          description: route.raw.when ? `${route.summary}. ${route.raw.description}` : route.raw.description,
          content: {
            ...(route.raw.when ? { "application/json": { schema: resolver(envelopeOf(route)) } } : {}),
            [route.raw.contentType]: {},
          },
        }
      : { description: route.summary, content: { "application/json": { schema: resolver(envelopeOf(route)) } } },
  };
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERRORS[code as ErrorCode][1]}`).join("; "),
      content: { "application/json": { schema: resolver(ErrorEnvelopeSchema) } },
    };
  }
  const keyNote = route.scopes
    ? `API keys with the scope${route.scopes.length > 1 ? "s" : ""} ${route.scopes.map((s) => `\`${s}\``).join(", ")} may call it.`
    : "";
  const description = [route.description, AUTH_NOTE[route.auth], keyNote].filter(Boolean).join("\n\n");
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    // Every operation says who may call it (Redocly `security-defined`): an empty list is "anyone".
    // A signed-in operation open to API keys lists them with the scopes it needs (ADR 052). A public
    // one stays "anyone" — a key there is optional and only counted (its description says so): the
    // optional form `[{}, { apiKey: … }]` left Scalar's reference blank (/api-docs rendered no operation).
    security:
      route.auth === "public"
        ? []
        : [{ bearerAuth: [] }, ...(route.scopes ? [{ apiKey: [...route.scopes] }, { apiKeyBasic: [...route.scopes] }] : [])],
    parameters: [...parametersOf(route.params, "path"), ...parametersOf(route.query, "query")],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              [route.bodyType === "multipart" ? "multipart/form-data" : "application/json"]: { schema: resolver(route.body) },
              ...(route.jsonBody ? { "application/json": { schema: resolver(route.jsonBody) } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}
