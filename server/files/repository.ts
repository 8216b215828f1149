/**
 * Rows of `files` and their bytes in the storage driver.
 *
 * Life of an upload: `storeUpload` writes the (checked, re-encoded) bytes under a random key
 * `uploads/YYYY/MM/<uuid>.<ext>` (plus `<uuid>-thumb.webp` for images) and a row that EXPIRES
 * (`expires_at` = now + UPLOAD_TTL_HOURS) and remembers its uploader. Attaching it to a company or a
 * product `claimUpload`s it: `expires_at` becomes null, atomically, and only for its uploader and
 * only while it has not expired. `purgeExpiredUploads` deletes expired, unreferenced rows and their
 * bytes; the API calls it now and then, and `npm run admin -- purge-uploads` on demand.
 *
 * A file stored with a `purpose` (`price_list`: the file a price-list run reads; issue 25, N7) is
 * not an upload the user can attach: `claimUpload` never claims it, it is not listed among the
 * user's uploads, and it is not counted among the pending ones. It still counts against the storage
 * quota (server/files/receive.ts) and expires like any upload.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { FileView } from "#contract/files.ts";
import type { Db } from "../db/client.ts";
import type { Queryable } from "../db/queries.ts";
import { files, type FilePurpose } from "../db/schema.ts";
import type { ProcessedUpload, UploadKind } from "./uploads.ts";
import type { FileStorage } from "./storage.ts";

export type FileRow = typeof files.$inferSelect;

/** A file as the API shows it (contract/files.ts). URLs are site-relative (`/media/…`). */
export type { FileView } from "#contract/files.ts";

export const mediaPath = (key: string) => `/media/${key}`;

export function fileKindOf(mime: string): UploadKind {
  return mime.startsWith("image/") ? "image" : "document";
}

export function fileView(
  row: Pick<FileRow, "id" | "storageKey" | "thumbKey" | "mime" | "size" | "width" | "height" | "originalName" | "expiresAt">,
): FileView {
  return {
    id: row.id,
    kind: fileKindOf(row.mime),
    url: mediaPath(row.storageKey),
    thumbUrl: row.thumbKey ? mediaPath(row.thumbKey) : null,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    originalName: row.originalName,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

/** A file name fit to show: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // oxlint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f<>"]/g, "")
    .trim()
    .slice(0, 200);
  return clean || null;
}

/**
 * Stores a processed upload and inserts its row, expiring after `ttlS` seconds unless claimed.
 * Storage is written first; if the insert fails the objects are removed again.
 */
export async function storeUpload(
  db: Db,
  storage: FileStorage,
  upload: ProcessedUpload,
  options: { userId: number | null; originalName?: string | null; ttlS: number; now?: Date; purpose?: FilePurpose },
): Promise<FileRow> {
  const now = options.now ?? new Date();
  const folder = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const id = randomUUID();
  const key = `${folder}/${id}.${upload.ext}`;
  const thumbKey = upload.thumb ? `${folder}/${id}-thumb.webp` : null;
  await storage.put(key, upload.bytes, upload.mime);
  if (thumbKey && upload.thumb) await storage.put(thumbKey, upload.thumb, "image/webp");
  try {
    const [row] = await db
      .insert(files)
      .values({
        storageKey: key,
        thumbKey,
        mime: upload.mime,
        size: upload.bytes.byteLength,
        width: upload.width,
        height: upload.height,
        originalName: cleanFileName(options.originalName),
        sha256: upload.sha256,
        expiresAt: new Date(now.getTime() + options.ttlS * 1000),
        uploadedBy: options.userId,
        purpose: options.purpose ?? null,
      })
      .returning();
    return row!;
  } catch (error) {
    await removeObjects(storage, key, thumbKey);
    throw error;
  }
}

/**
 * Claims a temporary upload of `userId` for attaching: clears its expiry and returns it, or null
 * when there is no such unexpired upload of that user (someone else's upload, an attached file, an
 * expired one, a file kept for a purpose such as a price list). Atomic, so one upload is never
 * attached twice.
 */
export async function claimUpload(db: Queryable, fileId: number, userId: number, now = new Date()): Promise<FileRow | null> {
  const [row] = await db
    .update(files)
    .set({ expiresAt: null, updatedAt: now })
    .where(
      and(eq(files.id, fileId), eq(files.uploadedBy, userId), isNull(files.purpose), isNotNull(files.expiresAt), gt(files.expiresAt, now)),
    )
    .returning();
  return row ?? null;
}

/** A user's unexpired temporary uploads, newest first. */
export async function listUploads(db: Db, userId: number, now = new Date()): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.uploadedBy, userId), isNull(files.purpose), isNotNull(files.expiresAt), gt(files.expiresAt, now)))
    .orderBy(sql`${files.id} desc`)
    .limit(200);
}

/** How many temporary uploads of `userId` wait to be attached (unexpired). */
export async function pendingUploadCount(db: Db, userId: number, now = new Date()): Promise<number> {
  const [waiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), isNull(files.purpose), isNotNull(files.expiresAt), gt(files.expiresAt, now)));
  return waiting?.count ?? 0;
}

/** Deletes upload `fileId` when it is `userId`'s own and still unattached; false when there is none such. */
export async function deleteOwnUpload(db: Db, storage: FileStorage, userId: number, fileId: number): Promise<boolean> {
  return (
    (await deleteFiles(db, storage, [fileId], and(eq(files.uploadedBy, userId), isNull(files.purpose), isNotNull(files.expiresAt)))) > 0
  );
}

async function removeObjects(storage: FileStorage, key: string, thumbKey: string | null) {
  await storage.delete(key).catch(() => undefined);
  if (thumbKey) await storage.delete(thumbKey).catch(() => undefined);
}

/**
 * Deletes file rows (attachments referencing them go by cascade) and then their bytes. Callers
 * pass only files they own exclusively (a company's attachment, a product's image).
 */
export async function deleteFiles(db: Db, storage: FileStorage, fileIds: number[], onlyIf?: SQL): Promise<number> {
  if (fileIds.length === 0) return 0;
  const rows = await db
    .delete(files)
    .where(
      and(
        sql`${files.id} in (${sql.join(
          fileIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        onlyIf,
      ),
    )
    .returning({ key: files.storageKey, thumbKey: files.thumbKey });
  for (const row of rows) await removeObjects(storage, row.key, row.thumbKey);
  return rows.length;
}

/** SQL: nothing references the file row `files.id` (attachments, logos, covers, pending product edits). */
const unreferenced = and(
  sql`not exists (select 1 from company_files cf where cf.file_id = ${files.id})`,
  sql`not exists (select 1 from product_files pf where pf.file_id = ${files.id})`,
  sql`not exists (select 1 from companies c where c.logo_file_id = ${files.id})`,
  sql`not exists (select 1 from stories s where s.cover_file_id = ${files.id})`,
  sql`not exists (select 1 from products p where p.pending_changes->'files' @> jsonb_build_array(jsonb_build_object('fileId', ${files.id})))`,
)!;

/** Deletes those of `fileIds` that nothing references any more (rows and bytes). */
export async function deleteUnusedFiles(db: Db, storage: FileStorage, fileIds: number[]): Promise<number> {
  return deleteFiles(db, storage, [...new Set(fileIds)], unreferenced);
}

/**
 * Deletes up to `limit` expired temporary uploads that nothing references (no company logo, company
 * file, product file or story cover). Returns how many were deleted.
 */
export async function purgeExpiredUploads(db: Db, storage: FileStorage, now = new Date(), limit = 100): Promise<number> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(isNotNull(files.expiresAt), lte(files.expiresAt, now), unreferenced))
    .limit(limit);
  // Re-checked in the delete: an upload claimed in between is kept.
  return deleteFiles(
    db,
    storage,
    rows.map((r) => r.id),
    and(isNotNull(files.expiresAt), lte(files.expiresAt, now), unreferenced),
  );
}
