/**
 * Temporary uploads (spec §7 "GET, POST, DELETE on /api/files/common"): a page with JavaScript
 * uploads a file as soon as it is dropped (with progress), then the form names it by id when it is
 * saved. Unattached uploads expire after UPLOAD_TTL_HOURS (default 24) and are deleted.
 *
 * - GET /api/files/common → `{ data: FileView[] }`: the caller's unexpired, unattached uploads.
 * - POST /api/files/common (multipart: `file`, optional `kind` image|document) → 201
 *   `{ data: FileView }` (with `expiresAt`). Checked by content (server/files/uploads.ts): 413
 *   `file_too_large`, 415 `svg_not_allowed` / `html_not_allowed` / `executable_not_allowed` /
 *   `archive_not_allowed` / `macros_not_allowed` / `image_format_not_allowed` /
 *   `file_type_not_allowed` / `polyglot_not_allowed`, 422 `image_corrupt` / `image_too_large`,
 *   400 `file_required` / `file_empty` / `invalid_multipart`; 429 `too_many_uploads` beyond
 *   MAX_PENDING_UPLOADS waiting uploads per user.
 * - DELETE /api/files/common/{id} (or `?id=`) → `{ data: { id, deleted: true } }`; 404 unless it is
 *   the caller's own unattached upload.
 * All need a signed-in caller (401); a company is not needed (a logo may be chosen before the
 * company exists).
 */
import { and, eq, isNotNull, sql, gt } from "drizzle-orm";
import { Hono } from "hono";
import { files } from "../db/schema.ts";
import { deleteFiles, fileView, listUploads, purgeExpiredUploads } from "../files/repository.ts";
import type { ApiEnv } from "./app.ts";
import { requireCaller } from "./caller.ts";
import { ApiError, notFound, ok } from "./http.ts";
import { pathId, receiveUpload, signedInFirst, uploadBodyLimit } from "./profile-support.ts";
import type { Context } from "hono";

/** Unattached uploads one user may have waiting at a time. */
export const MAX_PENDING_UPLOADS = 50;
/** The API purges expired uploads at most this often (milliseconds), on an upload. */
const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;

async function deleteUpload(c: Context<ApiEnv>, id: number) {
  const caller = requireCaller(c);
  const deleted = await deleteFiles(c.var.db, c.var.storage, [id], and(eq(files.uploadedBy, caller.userId), isNotNull(files.expiresAt)));
  if (deleted === 0) throw notFound("Upload");
  return ok(c, { id, deleted: true });
}

export const uploadRoutes = new Hono<ApiEnv>()
  .get("/api/files/common", async (c) => {
    const caller = requireCaller(c);
    return ok(c, (await listUploads(c.var.db, caller.userId)).map(fileView));
  })
  .post("/api/files/common", signedInFirst, uploadBodyLimit, async (c) => {
    const caller = requireCaller(c);
    const now = new Date();
    const [waiting] = await c.var.db
      .select({ count: sql<number>`count(*)::int` })
      .from(files)
      .where(and(eq(files.uploadedBy, caller.userId), isNotNull(files.expiresAt), gt(files.expiresAt, now)));
    if ((waiting?.count ?? 0) >= MAX_PENDING_UPLOADS) throw new ApiError(429, "too_many_uploads", "Too many files are waiting to be attached: save the form or delete some first");
    const received = await receiveUpload(c, caller.userId);
    if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      await purgeExpiredUploads(c.var.db, c.var.storage, now, 20).catch((error: unknown) => c.var.logger.warn({ err: error }, "purging expired uploads failed"));
    }
    return c.json({ data: fileView(received.file) }, 201);
  })
  .delete("/api/files/common/:id", (c) => deleteUpload(c, pathId(c, "id", "Upload")))
  .delete("/api/files/common", (c) => {
    const raw = c.req.query("id") ?? "";
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound("Upload");
    return deleteUpload(c, Number(raw));
  });
