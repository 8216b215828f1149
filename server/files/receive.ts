/**
 * The file a request brings to an attach operation (a company's logo or files, a product's files,
 * a temporary upload): either a multipart form whose field `file` is checked by content
 * (server/files/uploads.ts) and stored as a temporary upload, or a JSON `{ fileId, kind?, title? }`
 * naming an earlier temporary upload of the same user (`/api/files/common`, issue 5).
 *
 * The multipart form arrives already read by the API tier (server/api/resource.ts: first value of
 * each field, `title[ru]` spelled `title.ru`). Form fields besides `file`: `kind` (`image` |
 * `document`; anything else is ignored) and `title.ru|en|zh` (trimmed, at most 200 characters).
 *
 * Errors (DomainError): 400 `file_required` without a file; the upload checks' own codes
 * (`file_empty`, `file_too_large`, `svg_not_allowed`, …); 415 `file_kind_mismatch` when the kind is
 * not the one `expected` (or asked for); 404 `file_not_found` for an upload that is not the
 * caller's own, was attached already or has expired.
 */
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { ErrorCode } from "#contract/errors.ts";
import { LANGS, type Localized } from "#contract/lang-schemas.ts";
import { fileBytes } from "#contract/multipart.ts";
import type { Db } from "../db/client.ts";
import { files } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { fileKindOf, storeUpload, type FileRow } from "./repository.ts";
import type { FileStorage } from "./storage.ts";
import { processUpload, UploadError, type UploadKind } from "./uploads.ts";

/** A multipart form as the API tier read it: the first value of each field by name. */
export type MultipartForm = Record<string, string | File>;

/** The attach request's JSON alternative (contract/profile/fields.ts `AttachFileSchema`). */
export interface AttachRequest {
  fileId: number;
  kind?: UploadKind;
  title?: Localized;
}

export interface ReceivedFile {
  /** The stored upload (still expiring: claim it when attaching, server/files/repository.ts `claimUpload`). */
  file: FileRow;
  title: Localized;
  /** Kind asked for by the client, if any. */
  kind?: UploadKind;
}

/** Bytes of stored uploads one user, and all members of one company together, may keep (F25). */
export interface StorageQuota {
  userBytes: number;
  companyBytes: number;
}

export interface ReceiveOptions {
  userId: number;
  /** Refuses an upload that would take the user or their company past it; none: unlimited (staff). */
  quota?: StorageQuota;
  /** Seconds a stored upload lives unless it is claimed. */
  ttlS: number;
  /** The kind the operation takes (a logo is an image); refused otherwise with 415 `file_kind_mismatch`. */
  expected?: UploadKind;
}

/** An upload check's refusal as the domain error of the same code. */
function refusal(error: unknown): never {
  if (error instanceof UploadError)
    throw new DomainError(error.code as ErrorCode, error.message, error.details ? { details: error.details } : {});
  throw error;
}

/**
 * Checks and stores the form's `file` as a temporary upload of `userId` (expiring after `ttlS`).
 * Returns the row with the form's `title.*` and `kind`.
 */
export async function receiveUpload(db: Db, storage: FileStorage, form: MultipartForm, options: ReceiveOptions): Promise<ReceivedFile> {
  const file = form.file;
  if (!(file instanceof File))
    throw new DomainError("file_required", "Choose a file to upload", { issues: [{ path: "file", message: "required" }] });
  const kind = form.kind === "image" || form.kind === "document" ? form.kind : undefined;
  if (options.expected && kind && kind !== options.expected)
    throw new DomainError("file_kind_mismatch", "This kind of file is not expected here");
  const title: Localized = {};
  for (const lang of LANGS) {
    const value = form[`title.${lang}`];
    if (typeof value === "string" && value.trim()) title[lang] = value.trim().slice(0, 200);
  }
  const bytes = await fileBytes(file);
  if (options.quota) await assertStorageQuota(db, options.userId, bytes.byteLength, options.quota);
  const processed = await processUpload(bytes, options.expected ?? kind).catch(refusal);
  const row = await storeUpload(db, storage, processed, { userId: options.userId, originalName: file.name, ttlS: options.ttlS });
  return { file: row, title, kind };
}

/**
 * Security review F25: free sign-up must not mean free storage. The files a user uploaded (stored
 * size, temporary ones included) may not exceed `quota.userBytes`, and the files uploaded by all
 * members of the user's company may not exceed `quota.companyBytes`. `incoming` is the size of the
 * file about to be stored. Throws 409 `storage_quota_exceeded` with an issue on `file` whose message
 * is the locale key of the web tier's text.
 */
export async function assertStorageQuota(db: Db, userId: number, incoming: number, quota: StorageQuota): Promise<void> {
  const result = await db.execute<{ own: string | number; company: string | number }>(sql`
    select
      (select coalesce(sum(size), 0) from files where uploaded_by = ${userId}) as own,
      (select coalesce(sum(f.size), 0) from files f
         where f.uploaded_by in (
           select m2.user_id from company_members m1 join company_members m2 on m2.company_id = m1.company_id
           where m1.user_id = ${userId} and m2.user_id is not null)) as company`);
  const row = result.rows[0];
  const own = Number(row?.own ?? 0);
  const company = Number(row?.company ?? 0);
  const over = own + incoming > quota.userBytes ? "user" : company + incoming > quota.companyBytes ? "company" : null;
  if (over) {
    throw new DomainError("storage_quota_exceeded", `The ${over}'s storage quota is used up: delete files no longer needed`, {
      issues: [{ path: "file", message: over === "user" ? "hardening.storageQuotaUser" : "hardening.storageQuotaCompany" }],
    });
  }
}

/**
 * The caller's own, unexpired temporary upload named by `request.fileId`, checked against the kinds
 * asked for. A file kept for a purpose (a price list, N7) is no upload: 404 `file_not_found`.
 */
export async function temporaryUpload(db: Db, userId: number, request: AttachRequest, expected?: UploadKind): Promise<ReceivedFile> {
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, request.fileId),
        eq(files.uploadedBy, userId),
        isNull(files.purpose),
        isNotNull(files.expiresAt),
        gt(files.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw new DomainError("file_not_found", "No such upload: upload the file again");
  const kind = fileKindOf(row.mime);
  if ((expected && kind !== expected) || (request.kind && request.kind !== kind)) {
    throw new DomainError(
      "file_kind_mismatch",
      expected === "image" || request.kind === "image" ? "An image is expected here" : "A document is expected here",
    );
  }
  return { file: row, title: request.title ?? {}, kind: request.kind };
}

/** The file of an attach request: the multipart `form` stored now, or the earlier upload the JSON `body` names. */
export async function receiveFile(
  db: Db,
  storage: FileStorage,
  input: { form?: MultipartForm; body?: AttachRequest },
  options: ReceiveOptions,
): Promise<ReceivedFile> {
  if (input.body) return temporaryUpload(db, options.userId, input.body, options.expected);
  return receiveUpload(db, storage, input.form ?? {}, options);
}
