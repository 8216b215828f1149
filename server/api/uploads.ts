/**
 * Temporary uploads (contract/files.ts; spec §7 "GET, POST, DELETE on /api/files/common"): the
 * resource `/api/files/common`. Files are checked by content (server/files/uploads.ts); at most
 * MAX_PENDING_UPLOADS may wait to be attached per person (429 `too_many_uploads`); expired ones
 * are purged now and then on an upload.
 */
import type { Context } from "hono";
import * as files from "#contract/files.ts";
import { DomainError, notFound } from "../errors.ts";
import { privateFileView } from "../files/links.ts";
import { deleteOwnUpload, listUploads, pendingUploadCount, purgeExpiredUploads } from "../files/repository.ts";
import type { ApiEnv } from "./env.ts";
import { requireCaller } from "./caller.ts";
import { receiveUpload } from "../files/receive.ts";
import { implement, resource } from "./resource.ts";

/** Unattached uploads one user may have waiting at a time. */
export const MAX_PENDING_UPLOADS = 50;
/** The API purges expired uploads at most this often (milliseconds), on an upload. */
const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;

async function deleteUpload(c: Context<ApiEnv>, id: number) {
  if (!(await deleteOwnUpload(c.var.db, c.var.storage, requireCaller(c).userId, id))) throw notFound("Upload");
  return { data: { id, deleted: true as const } };
}

export const uploadResource = resource("/api/files/common", [
  implement(files.listUploads, async (c) => ({ data: (await listUploads(c.var.db, requireCaller(c).userId)).map(privateFileView) })),
  implement(files.createUpload, async (c, { form }) => {
    const { userId } = requireCaller(c);
    const now = new Date();
    if ((await pendingUploadCount(c.var.db, userId, now)) >= MAX_PENDING_UPLOADS) {
      throw new DomainError("too_many_uploads", "Too many files are waiting to be attached: save the form or delete some first");
    }
    // The builder read the form under the upload size limit (413 `file_too_large`, chunked too).
    const received = await receiveUpload(c.var.db, c.var.storage, form ?? {}, {
      userId,
      ttlS: c.var.uploadTtlS,
      quota: c.var.storageQuota,
    });
    if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      await purgeExpiredUploads(c.var.db, c.var.storage, now, 20).catch((error: unknown) =>
        c.var.logger.warn({ err: error }, "purging expired uploads failed"),
      );
    }
    // Not attached to anything yet: only its uploader reads it, through /files/{id} (ADR 040).
    return { data: privateFileView(received.file) };
  }),
  implement(files.deleteUpload, (c, { params: { id } }) => deleteUpload(c, id)),
  implement(files.deleteUploadByQuery, (c, { query }) => {
    const raw = query.id ?? "";
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound("Upload");
    return deleteUpload(c, Number(raw));
  }),
]);
