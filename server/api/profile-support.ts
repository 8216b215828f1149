/**
 * Request helpers shared by the profile endpoints (company, products, employees, legal entities,
 * uploads):
 * - `pathId(c, name)`: a path id as a positive int32; anything else is a 404 (never a 400 that would
 *   tell ids apart);
 * - `parseForm(c, schema)`: a JSON body checked by a shared profile schema (server/profile/schemas.ts),
 *   with every issue message a stable validation code;
 * - `validate(schema, value)`: the same check for a merged record (PATCH);
 * - `readFile(c, user, expected)`: the file of an attach request — a multipart upload (field `file`,
 *   optional `title.ru|en|zh`, `kind`) stored on the spot, or a JSON `{ fileId, title?, kind? }`
 *   naming an earlier temporary upload of the same user (`/api/files/common`). Uploads are checked
 *   by content (server/files/uploads.ts) and refused with the upload's own code and status.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { files } from "../db/schema.ts";
import { storeUpload, type FileRow } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { MAX_UPLOAD_BYTES, MiB, processUpload, type UploadKind } from "../files/uploads.ts";
import { AttachFileSchema, VALIDATION_CODES } from "../profile/schemas.ts";
import type { Localized } from "../db/schema.ts";
import { requireCaller } from "./caller.ts";
import { ApiError, notFound, parseJsonBody } from "./http.ts";

const CODES = new Set<string>(VALIDATION_CODES);
const Int32Id = z.coerce.number().int().positive().max(2_147_483_647);

/** The path parameter `name` as a positive id; a malformed id is the same 404 as an unknown one. */
export function pathId(c: Context, name: string, what = "Resource"): number {
  const raw = c.req.param(name) ?? "";
  const parsed = /^\d{1,10}$/.test(raw) ? Int32Id.safeParse(raw) : null;
  if (!parsed?.success) throw notFound(what);
  return parsed.data;
}

function invalid(error: z.ZodError): ApiError {
  return new ApiError(
    400,
    "invalid_body",
    "Invalid request body",
    error.issues.map((issue) => ({ path: issue.path.join("."), message: CODES.has(issue.message) ? issue.message : issue.code === "invalid_type" ? "invalid_type" : "invalid_format" })),
  );
}

/** Checks `value` with `schema`; a failure is a 400 `invalid_body` whose issues carry validation codes. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

/** Reads a JSON body (≤ 64 KiB) and checks it with a profile schema (see `validate`). */
export async function parseForm<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw = await parseJsonBody(c, z.unknown());
  return validate(schema, raw);
}

/** Refuses anonymous callers (401) before an upload body is read. */
export const signedInFirst: MiddlewareHandler = async (c, next) => {
  requireCaller(c);
  await next();
};

/** Refuses bodies larger than the largest upload (plus 1 MiB of multipart envelope) with a 413. */
export const uploadBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + MiB,
  onError: () => {
    throw new ApiError(413, "file_too_large", `Files may be at most ${MAX_UPLOAD_BYTES / MiB} MB`);
  },
});

export interface ReceivedFile {
  /** The stored upload (still expiring: claim it when attaching). */
  file: FileRow;
  title: Localized;
  /** Kind asked for by the client, if any. */
  kind?: UploadKind;
}

function isMultipart(c: Context) {
  return (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** Upload refusals are already `DomainError`s (UploadError, server/files/uploads.ts): passed on as they are. */
export function uploadFailure(error: unknown): never {
  throw error;
}

/**
 * Reads, checks and stores the multipart field `file`. Returns the expiring row plus the optional
 * `title.ru|en|zh` and `kind` fields. 400 `file_required` without a file, `invalid_multipart` when
 * the body cannot be parsed.
 */
export async function receiveUpload(c: Context, userId: number, expected?: UploadKind): Promise<ReceivedFile> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, "invalid_multipart", "The upload could not be read");
  }
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const file = first(form.file);
  if (!(file instanceof File)) throw new ApiError(400, "file_required", "Choose a file to upload", [{ path: "file", message: "required" }]);
  const kindField = first(form.kind);
  const kind = kindField === "image" || kindField === "document" ? kindField : undefined;
  if (expected && kind && kind !== expected) throw new ApiError(415, "file_kind_mismatch", "This kind of file is not expected here");
  const title: Localized = {};
  for (const lang of ["ru", "en", "zh"] as const) {
    const value = first(form[`title.${lang}`]) ?? first(form[`title[${lang}]`]);
    if (typeof value === "string" && value.trim()) title[lang] = value.trim().slice(0, 200);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const processed = await processUpload(bytes, expected ?? kind).catch(uploadFailure);
  const storage = c.get("storage") as FileStorage;
  const ttlS = (c.get("uploadTtlS") as number | undefined) ?? 24 * 3600;
  const row = await storeUpload(c.get("db") as Db, storage, processed, { userId, originalName: file.name, ttlS });
  return { file: row, title, kind };
}

/**
 * The file of an attach request: a multipart upload stored now, or an earlier temporary upload named
 * by `{ fileId }` (404 `file_not_found` unless it is the caller's own and has not expired). The kind
 * must be `expected` when given (415 `file_kind_mismatch`).
 */
export async function readFile(c: Context, userId: number, expected?: UploadKind): Promise<ReceivedFile> {
  if (isMultipart(c)) return receiveUpload(c, userId, expected);
  const body = await parseForm(c, AttachFileSchema);
  const db = c.get("db") as Db;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, body.fileId), eq(files.uploadedBy, userId), isNotNull(files.expiresAt), gt(files.expiresAt, new Date())))
    .limit(1);
  if (!row) throw new ApiError(404, "file_not_found", "No such upload: upload the file again");
  const kind = row.mime.startsWith("image/") ? "image" : "document";
  if ((expected && kind !== expected) || (body.kind && body.kind !== kind)) {
    throw new ApiError(415, "file_kind_mismatch", expected === "image" || body.kind === "image" ? "An image is expected here" : "A document is expected here");
  }
  return { file: row, title: body.title ?? {}, kind: body.kind };
}
