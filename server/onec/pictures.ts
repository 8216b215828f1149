/**
 * Pictures of the 1C exchange (issue 29 §2, ADR 054 addendum): a Товар's «Картинка» elements name
 * files (`import_files/4b/4b7f….jpg`) that 1C sends in the exchange's zip (`zip=yes`) or as
 * separate `file` uploads of the same session. After a batch of products is written, `attachPictures`
 * makes them the product's images through the same path as an image a person uploads:
 *
 * - the bytes are found by the path 1C wrote (`safeName`), first among the session's uploaded files,
 *   then among the entries of its zips (by path, else by the last part of the path); an entry larger
 *   than IMAGE_MAX_BYTES is refused before it is inflated, and every entry is inflated through the
 *   archive's counting stream (server/files/archive.ts, the exchange's archive bounds);
 * - the upload checks (server/files/uploads.ts `processUpload`: magic bytes, size, pixel limit,
 *   re-encoding to WebP with a thumbnail), the storage quota of the key's person and company
 *   (`assertStorageQuota`, security review F25), stored as that person's upload and attached with
 *   server/profile/products.ts `addProductFile` — so a PUBLISHED product gets the picture as a
 *   pending change a moderator approves, a product under moderation or blocked refuses it, and the
 *   product's file cap (MAX_PRODUCT_FILES) holds;
 * - idempotent: `onec_products.pictures` remembers, per path, the SHA-256 of the bytes 1C sent and the
 *   file attached for it. The same bytes again attach nothing; changed bytes attach the new file and
 *   detach the old one (removeProductFile: deleted once nothing, the published version included,
 *   uses it); a picture 1C no longer lists for a product that lists pictures is detached the same
 *   way. A Товар without «Картинка» leaves the product's pictures alone (1C may be set not to send
 *   them).
 * - a picture that cannot be attached is refused alone, with its reason (an upload check's code,
 *   `not_uploaded`, `filename_unsafe`, or the product's state) in the report; the import goes on.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import type { ErrorCode } from "#contract/errors.ts";
import type { Db } from "../db/client.ts";
import { onecFileChunks, onecProducts, type OnecPicture } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { openArchive, type Archive } from "../files/archive.ts";
import { assertStorageQuota, type StorageQuota } from "../files/receive.ts";
import { storeUpload } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { IMAGE_MAX_BYTES, processUpload, UploadError } from "../files/uploads.ts";
import { addProductFile, removeProductFile } from "../profile/products.ts";
import { baseName, EXCHANGE_LIMITS, safeName } from "./limits.ts";
import { isZip } from "./read-file.ts";

/** Pictures of one product considered at most (1C sends one or a few; the product's own cap is 30 files). */
export const PICTURES_PER_PRODUCT = 10;
/** Refusals kept in the report with their path (the count covers all). */
export const REFUSALS_KEPT = 20;
/** An attached picture's upload lives this long unclaimed (it is claimed at once; a crash in between leaves it to the purge job). */
const UPLOAD_TTL_S = 3600;

/** Why a picture was not attached: an upload check's or the product's error code, or the exchange's own. */
export type PictureRefusalCode = ErrorCode | "not_uploaded" | "filename_unsafe";

/** What the pictures of an import did (flattened into the catalogue report). */
export interface PicturesReport {
  picturesAttached: number;
  picturesUnchanged: number;
  picturesRemoved: number;
  picturesRefused: number;
  /** The first REFUSALS_KEPT refusals: the path 1C wrote and why. */
  pictureRefusals: { path: string; code: PictureRefusalCode }[];
}

export const emptyPicturesReport = (): PicturesReport => ({
  picturesAttached: 0,
  picturesUnchanged: 0,
  picturesRemoved: 0,
  picturesRefused: 0,
  pictureRefusals: [],
});

class PictureRefused extends Error {
  readonly code: PictureRefusalCode;
  constructor(code: PictureRefusalCode) {
    super(`picture refused: ${code}`);
    this.code = code;
  }
}

async function readAll(stream: Readable, max: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of stream as AsyncIterable<Buffer>) {
    size += part.byteLength;
    if (size > max) {
      stream.destroy();
      throw new PictureRefused("file_too_large");
    }
    parts.push(part);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Where one import's pictures come from: the session's files by name, else its zips' entries. The
 * names are listed once and each zip is opened once per import (its central directory read, nothing
 * inflated until a picture asks for its entry).
 */
export class PictureSource {
  private names: Set<string> | null = null;
  private archives:
    { archive: Archive; byPath: Map<string, Archive["entries"][number]>; byBase: Map<string, Archive["entries"][number]> }[] | null = null;
  private readonly db: Db;
  private readonly sessionId: number;

  constructor(db: Db, sessionId: number) {
    this.db = db;
    this.sessionId = sessionId;
  }

  private async chunks(name: string): Promise<Uint8Array> {
    const rows = await this.db
      .select({ bytes: onecFileChunks.bytes })
      .from(onecFileChunks)
      .where(and(eq(onecFileChunks.sessionId, this.sessionId), eq(onecFileChunks.name, name)))
      .orderBy(asc(onecFileChunks.id));
    return new Uint8Array(Buffer.concat(rows.map((r) => r.bytes)));
  }

  private async load(): Promise<Set<string>> {
    if (this.names) return this.names;
    const rows = await this.db
      .selectDistinct({ name: onecFileChunks.name })
      .from(onecFileChunks)
      .where(eq(onecFileChunks.sessionId, this.sessionId));
    this.names = new Set(rows.map((r) => r.name));
    this.archives = [];
    // The newest zip first, as the catalogue file itself is looked up (sessions.ts `fileBytes`).
    for (const { name } of rows.filter((r) => /\.zip$/i.test(r.name)).reverse()) {
      const bytes = await this.chunks(name);
      if (!isZip(bytes)) continue;
      // The catalogue file was read from this archive already: its names are safe and its directory whole.
      const archive = await openArchive(bytes, EXCHANGE_LIMITS.read.archive).catch(() => null);
      if (!archive) continue;
      const files = archive.entries.filter((e) => !e.fileName.endsWith("/"));
      this.archives.push({
        archive,
        byPath: new Map(files.map((e) => [e.fileName.replace(/\\/g, "/"), e])),
        byBase: new Map(files.map((e) => [baseName(e.fileName.replace(/\\/g, "/")), e])),
      });
    }
    return this.names;
  }

  /** The bytes 1C sent for `path` (already `safeName`d); refuses a missing or too large one. */
  async bytes(path: string): Promise<Uint8Array> {
    const names = await this.load();
    if (names.has(path) && !/\.zip$/i.test(path)) {
      const bytes = await this.chunks(path);
      if (bytes.byteLength > IMAGE_MAX_BYTES) throw new PictureRefused("file_too_large");
      return bytes;
    }
    for (const { archive, byPath, byBase } of this.archives ?? []) {
      const entry = byPath.get(path) ?? byBase.get(baseName(path));
      if (!entry) continue;
      if (entry.uncompressedSize > IMAGE_MAX_BYTES) throw new PictureRefused("file_too_large");
      if (!(await archive.agrees(entry))) throw new PictureRefused("image_corrupt");
      try {
        return await readAll(await archive.open(entry), IMAGE_MAX_BYTES);
      } catch (error) {
        if (error instanceof PictureRefused) throw error;
        // Over the archive's bounds or damaged: the picture cannot be taken, the import goes on.
        throw new PictureRefused("image_corrupt");
      }
    }
    throw new PictureRefused("not_uploaded");
  }
}

/** What attaching needs besides the product: who uploads (the key's person), where files go, the quota. */
export interface PictureContext {
  db: Db;
  storage: FileStorage | undefined;
  source: PictureSource;
  companyId: number;
  userId: number;
  quota: StorageQuota | undefined;
  report: PicturesReport;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function refuse(report: PicturesReport, path: string, error: unknown): void {
  const code: PictureRefusalCode =
    error instanceof PictureRefused ? error.code : error instanceof DomainError ? (error.code as ErrorCode) : "internal_error";
  if (code === "internal_error") throw error;
  report.picturesRefused += 1;
  if (report.pictureRefusals.length < REFUSALS_KEPT) report.pictureRefusals.push({ path: path.slice(0, 200), code });
}

/** Checks, stores and attaches one picture's bytes to the product; answers its file id. */
async function attachOne(ctx: PictureContext, productId: number, bytes: Uint8Array, path: string): Promise<number> {
  if (!ctx.storage) throw new Error("attaching 1C pictures needs the file storage");
  if (ctx.quota) await assertStorageQuota(ctx.db, ctx.userId, bytes.byteLength, ctx.quota);
  const processed = await processUpload(bytes, "image");
  const file = await storeUpload(ctx.db, ctx.storage, processed, { userId: ctx.userId, originalName: baseName(path), ttlS: UPLOAD_TTL_S });
  await addProductFile(ctx.db, ctx.companyId, productId, ctx.userId, { file, title: {} });
  return file.id;
}

/**
 * Brings the pictures of product `productId` (1C's `onecId`) in line with the `paths` its Товар
 * lists (see the module comment); counts into `ctx.report`. Never throws for a picture 1C sent:
 * each refusal is counted with its reason.
 */
export async function attachPictures(
  ctx: PictureContext,
  link: { onecId: string; productId: number; pictures: OnecPicture[] },
  paths: readonly string[],
): Promise<void> {
  if (paths.length === 0) return;
  const { report } = ctx;
  const kept: OnecPicture[] = [];
  const wanted = [...new Set(paths.map((p) => p.trim()).filter(Boolean))].slice(0, PICTURES_PER_PRODUCT);
  for (const raw of wanted) {
    const path = safeName(raw);
    if (!path) {
      refuse(report, raw, new PictureRefused("filename_unsafe"));
      continue;
    }
    const before = link.pictures.find((p) => p.path === path);
    try {
      const bytes = await ctx.source.bytes(path);
      const hash = sha256(bytes);
      if (before && before.sha256 === hash) {
        kept.push(before);
        report.picturesUnchanged += 1;
        continue;
      }
      const fileId = await attachOne(ctx, link.productId, bytes, path);
      kept.push({ path, sha256: hash, fileId });
      report.picturesAttached += 1;
      if (before) await detach(ctx, link.productId, before.fileId);
    } catch (error) {
      if (error instanceof UploadError || error instanceof DomainError || error instanceof PictureRefused) {
        refuse(report, path, error);
        // The picture attached before stays while its replacement is refused.
        if (before) kept.push(before);
        continue;
      }
      throw error;
    }
  }
  // Pictures 1C no longer lists for this product leave it.
  for (const gone of link.pictures.filter((p) => !kept.some((k) => k.path === p.path))) {
    if (await detach(ctx, link.productId, gone.fileId)) report.picturesRemoved += 1;
    else kept.push(gone);
  }
  await ctx.db
    .update(onecProducts)
    .set({ pictures: kept })
    .where(and(eq(onecProducts.companyId, ctx.companyId), eq(onecProducts.onecId, link.onecId)));
}

/** Detaches a picture attached by an earlier exchange; false when the product cannot be changed now (kept, tried next time). */
async function detach(ctx: PictureContext, productId: number, fileId: number): Promise<boolean> {
  try {
    await removeProductFile(ctx.db, ctx.storage!, ctx.companyId, productId, fileId);
    return true;
  } catch (error) {
    // Removed by a person meanwhile (not_found): nothing to detach.
    if (error instanceof DomainError && error.code === "not_found") return true;
    if (error instanceof DomainError) return false;
    throw error;
  }
}
