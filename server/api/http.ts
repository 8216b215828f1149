/**
 * The API's envelope and error shape (DESIGN §3): success `{ data, meta? }`; failure
 * `{ error: { code, message, issues? } }` with a matching status. `ApiError` is thrown by handlers;
 * `onApiError` turns it (and zod errors, and anything unexpected) into that shape, so no handler
 * writes an error response by hand and nothing a client sends can produce a bare 500 page.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  pages: number;
}

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly issues?: { path: string; message: string }[];
  constructor(status: ContentfulStatusCode, code: string, message: string, issues?: { path: string; message: string }[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export const notFound = (what: string) => new ApiError(404, "not_found", `${what} not found`);

/**
 * Cache-Control of public GETs whose data changes only on import: browsers and the service worker
 * may keep them (ADR 004); every other API response is `no-store` (server/api/app.ts).
 */
export const PUBLIC_CACHE = "public, max-age=300";

export function ok<T>(c: Context, data: T, meta?: Record<string, unknown>) {
  return c.json(meta ? { data, meta } : { data });
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** Parses query parameters with `schema`; a failure is a 400 `invalid_query` listing each bad parameter. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) {
    throw new ApiError(
      400,
      "invalid_query",
      "Invalid query parameters",
      result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    );
  }
  return result.data;
}

export const LangSchema = z.enum(["ru", "en", "zh"]).default("ru");

export const PagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

const MAX_JSON_BODY = 64 * 1024;

/**
 * Reads a JSON body (at most 64 KiB) and parses it with `schema`. Not JSON, too large or not
 * matching → 400 `invalid_body` with one issue per bad field, never a 500.
 */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text().catch(() => "");
  if (text.length > MAX_JSON_BODY) throw new ApiError(413, "body_too_large", "Request body too large");
  let value: unknown;
  try {
    value = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_body", "The request body is not valid JSON");
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError(
      400,
      "invalid_body",
      "Invalid request body",
      result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    );
  }
  return result.data;
}
