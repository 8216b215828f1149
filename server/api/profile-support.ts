/**
 * TRANSITION (issue 13): request helpers of the hand-written Hono routes not yet declared in the
 * contract (sign-in contacts, uploads, suggestions, admin). Resources built from the contract get
 * the same from the builder (server/api/resource.ts: path ids, JSON bodies, multipart forms with
 * the upload size limit) and from server/files/receive.ts; delete this module with its last user.
 *
 * - `pathId(c, name)`: a path id as a positive int32; anything else is a 404;
 * - `parseForm(c, schema)` / `validate(schema, value)`: a JSON body or a value checked by a form
 *   schema, issues as validation codes (400 `invalid_body`);
 * - `signedInFirst`, `uploadBodyLimit`: refuse anonymous callers (401), then bodies over the largest
 *   upload (413 `file_too_large`), before an upload is read;
 * - `receiveUpload(c, userId, expected?)`, `readFile(c, userId, expected?)`: the request's file
 *   (server/files/receive.ts), stored as a temporary upload of `userId` / or the earlier upload a
 *   JSON `{ fileId }` names.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { AttachFileSchema, PathId } from "../../contract/profile/fields.ts";
import { DomainError, notFound } from "../errors.ts";
import { receiveFile, type ReceivedFile } from "../files/receive.ts";
import { MAX_UPLOAD_BYTES, MiB, type UploadKind } from "../files/uploads.ts";
import { checkForm } from "../profile/forms.ts";
import type { ApiEnv } from "./app.ts";
import { requireCaller } from "./caller.ts";
import { parseMultipart, readJsonBody } from "./resource.ts";

export type { ReceivedFile };

/** The path parameter `name` as a positive id; a malformed id is the same 404 as an unknown one. */
export function pathId(c: Context, name: string, what = "Resource"): number {
  const parsed = PathId.safeParse(c.req.param(name) ?? "");
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

/** Checks `value` with `schema`; a failure is a 400 `invalid_body` whose issues carry validation codes. */
export const validate = checkForm;

/** Reads a JSON body (≤ 64 KiB) and checks it with a form schema (see `validate`). */
export async function parseForm<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return checkForm(schema, await readJsonBody(c, z.unknown()));
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
    throw new DomainError("file_too_large", `Files may be at most ${MAX_UPLOAD_BYTES / MiB} MB`);
  },
});

function isMultipart(c: Context) {
  return (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

function receiveOptions(c: Context, userId: number, expected?: UploadKind) {
  const env = c as Context<ApiEnv>;
  return { userId, ttlS: env.var.uploadTtlS ?? 24 * 3600, expected };
}

/** Reads, checks and stores the multipart field `file` as a temporary upload of `userId`. */
export async function receiveUpload(c: Context, userId: number, expected?: UploadKind): Promise<ReceivedFile> {
  const env = c as Context<ApiEnv>;
  return receiveFile(env.var.db, env.var.storage, { form: await parseMultipart(c) }, receiveOptions(c, userId, expected));
}

/** The file of an attach request: a multipart upload stored now, or the earlier upload `{ fileId }` names. */
export async function readFile(c: Context, userId: number, expected?: UploadKind): Promise<ReceivedFile> {
  if (isMultipart(c)) return receiveUpload(c, userId, expected);
  const env = c as Context<ApiEnv>;
  return receiveFile(env.var.db, env.var.storage, { body: await parseForm(c, AttachFileSchema) }, receiveOptions(c, userId, expected));
}
