/**
 * What an upload is, decided by its bytes — never by its name or the type the browser declared —
 * and what is kept of it.
 *
 * Accepted (DESIGN §7, issue 5):
 * - images: JPEG, PNG, WebP, GIF, AVIF, at most IMAGE_MAX_BYTES (10 MiB) and IMAGE_MAX_PIXELS
 *   (40 megapixels, against decompression bombs). They are decoded and re-encoded with sharp:
 *   EXIF orientation applied, every metadata block (EXIF, GPS, XMP, ICC comments) dropped, longest
 *   side at most IMAGE_MAX_SIDE (2560 px), stored as WebP, plus a WebP thumbnail of at most
 *   THUMB_SIDE (480 px). Re-encoding also removes any payload appended to or hidden in the file
 *   (polyglots). Animated images keep their first frame.
 * - documents: PDF, DOCX, XLSX, at most DOCUMENT_MAX_BYTES (20 MiB), stored as sent. A DOCX/XLSX
 *   must be a real Office Open XML package (`[Content_Types].xml` and the main part in its zip
 *   directory) without macros (`vbaProject.bin`), and every entry is inflated through the counting
 *   streams of archive.ts (issue 25, N1): over a bound (entries, bytes per entry and in total,
 *   ratio) is 422 `archive_too_large` with `details: { limit, value, max }`; a truncated or
 *   inconsistent archive is 422 `document_corrupt`. The sizes the zip declares are never trusted.
 * - images are decoded by sharp under bounds: `limitInputPixels`, the first frame only (`pages: 1`,
 *   so an animation of many frames costs one), `sequentialRead`, and a time limit per pipeline
 *   (IMAGE_TIMEOUT_S); libvips works on the thread pool, never on the event loop.
 *
 * Refused, each with its own code (`UploadError.code`, locale keys `apiErrors.<code>`):
 * `file_empty`, `file_too_large` (413), `svg_not_allowed`, `html_not_allowed`,
 * `executable_not_allowed`, `archive_not_allowed`, `macros_not_allowed`,
 * `image_format_not_allowed`, `file_type_not_allowed`, `polyglot_not_allowed` (415),
 * `image_corrupt`, `image_too_large` (422), and `file_kind_mismatch` (415) when a document is sent
 * where an image is expected (a logo) or the reverse. A DOCX/XLSX whose zip is damaged is
 * `document_corrupt`, one that inflates past a bound `archive_too_large` (422, with
 * `details: { limit, value, max }`).
 *
 * Sources: OWASP File Upload Cheat Sheet (content validation, re-encoding, no SVG/HTML, size
 * limits); Office Open XML, ECMA-376 Part 2 (Open Packaging Conventions: `[Content_Types].xml`);
 * ZIP format, PKWARE APPNOTE 6.3.10 §4.3.12–4.3.16 (central directory, end record).
 */
import { fileTypeFromBuffer } from "file-type";
import type SharpModule from "sharp";
import { errorStatus, type ErrorCode } from "#contract/errors.ts";
import { DomainError } from "../errors.ts";
import { ArchiveCorruptError, ArchiveLimitError, checkArchive } from "./archive.ts";
import { MiB, UPLOAD_LIMITS } from "#contract/upload-limits.ts";

export type UploadKind = "image" | "document";

export { MiB };
/** The contract's limits (contract/upload-limits.ts). */
export const IMAGE_MAX_BYTES = UPLOAD_LIMITS.image;
export const DOCUMENT_MAX_BYTES = UPLOAD_LIMITS.document;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 2560;
export const THUMB_SIDE = 480;
/** Seconds libvips may spend on one image pipeline. */
export const IMAGE_TIMEOUT_S = 20;

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const DOCUMENT_TYPES: Record<string, { ext: string; mainPart: string }> = {
  "application/pdf": { ext: "pdf", mainPart: "" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { ext: "docx", mainPart: "word/document.xml" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { ext: "xlsx", mainPart: "xl/workbook.xml" },
};
const EXECUTABLES = new Set([
  "exe",
  "elf",
  "macho",
  "wasm",
  "class",
  "dex",
  "apk",
  "jar",
  "crx",
  "xpi",
  "deb",
  "rpm",
  "dmg",
  "msi",
  "swf",
  "lnk",
  "reg",
  "chm",
  "iso",
  "asar",
  "cfb",
]);
const ARCHIVES = new Set([
  "zip",
  "tar",
  "rar",
  "gz",
  "tar.gz",
  "bz2",
  "7z",
  "xz",
  "lz",
  "lz4",
  "lzh",
  "zst",
  "cab",
  "ar",
  "arj",
  "cpio",
  "ace",
]);
const MACRO_OFFICE = new Set(["docm", "dotm", "xlsm", "xltm", "pptm", "potm", "ppsm"]);

/**
 * Why an upload was refused: a `DomainError` with the refusal's code (contract/errors.ts: 400
 * `file_empty`, 413 `file_too_large`, 415 `*_not_allowed` / `file_kind_mismatch`, 422 `image_*`).
 */
export class UploadError extends DomainError {
  constructor(code: UploadErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message, details ? { details } : {});
    this.name = "UploadError";
  }

  /** The HTTP status the API answers with (from the code). */
  get status(): number {
    return errorStatus(this.code);
  }
}

export type UploadErrorCode = Extract<
  ErrorCode,
  | "file_empty"
  | "file_too_large"
  | "file_kind_mismatch"
  | "svg_not_allowed"
  | "html_not_allowed"
  | "executable_not_allowed"
  | "archive_not_allowed"
  | "macros_not_allowed"
  | "image_format_not_allowed"
  | "file_type_not_allowed"
  | "polyglot_not_allowed"
  | "image_corrupt"
  | "image_too_large"
  | "archive_too_large"
  | "document_corrupt"
>;

export interface Inspected {
  kind: UploadKind;
  mime: string;
  ext: string;
}

export interface ProcessedUpload extends Inspected {
  /** The bytes to store (re-encoded for images). */
  bytes: Uint8Array;
  /** WebP thumbnail of an image. */
  thumb: Uint8Array | null;
  width: number | null;
  height: number | null;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
}

const TEXT_SNIFF_BYTES = 4096;

/** Bytes [start, end) as a latin1 string; the range is clamped to the array. */
function latin1(bytes: Uint8Array, start = 0, end = bytes.byteLength): string {
  const from = Math.max(0, Math.min(start, bytes.byteLength));
  const to = Math.max(from, Math.min(end, bytes.byteLength));
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("latin1");
}

/** Markup or script a browser could run if the file were ever rendered as a page. */
const ACTIVE_CONTENT = /<\s*(script|html|body|iframe|svg|object|embed)[\s>/]|<\?php|<%@|javascript:/i;

/** Classifies bytes that no binary signature matched (text formats). */
function refuseText(bytes: Uint8Array): never {
  const head = latin1(bytes, 0, TEXT_SNIFF_BYTES)
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart()
    .toLowerCase();
  if (/<svg[\s>]/.test(head) || (head.startsWith("<?xml") && head.includes("<svg"))) {
    throw new UploadError("svg_not_allowed", "SVG images are not accepted: upload a PNG, JPEG or WebP");
  }
  if (head.startsWith("<!doctype html") || /<(html|head|body|script|iframe)[\s>]/.test(head)) {
    throw new UploadError("html_not_allowed", "HTML files are not accepted");
  }
  if (head.startsWith("#!") || head.startsWith("@echo") || head.startsWith("mz")) {
    throw new UploadError("executable_not_allowed", "Programs and scripts are not accepted");
  }
  throw new UploadError("file_type_not_allowed", "This file type is not accepted: upload JPEG, PNG, WebP, GIF, AVIF, PDF, DOCX or XLSX");
}

/**
 * Names in a zip's central directory (PKWARE APPNOTE §4.3.12, end record §4.3.16), or null when the
 * bytes are not a well-formed zip. Reads only the directory; nothing is decompressed.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const minEnd = Math.max(0, bytes.byteLength - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= minEnd; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  let offset = view.getUint32(end + 16, true);
  if (offset + size > bytes.byteLength || count > 10_000) return null;
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.byteLength) return null;
    names.push(Buffer.from(bytes.buffer, bytes.byteOffset + offset + 46, nameLength).toString("utf8"));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * Inflates every entry of an Office document through the counting streams (archive.ts): 422
 * `archive_too_large` with `{ limit, value, max }` over a bound, 422 `document_corrupt` for a
 * damaged or inconsistent archive.
 */
async function assertArchiveBounded(bytes: Uint8Array): Promise<void> {
  try {
    await checkArchive(bytes);
  } catch (error) {
    if (error instanceof ArchiveLimitError)
      throw new UploadError("archive_too_large", error.message, { limit: error.limit, value: error.value, max: error.max });
    if (error instanceof ArchiveCorruptError) throw new UploadError("document_corrupt", error.message);
    throw error;
  }
}

/**
 * Decides what `bytes` are. Throws `UploadError` for anything not accepted; `expected` narrows the
 * accepted kind (a logo must be an image: `file_kind_mismatch` otherwise). `options.inflate: false`
 * skips inflating a DOCX/XLSX (the price-list reader inflates it itself, in its worker, with its own
 * refusals).
 */
export async function inspectUpload(bytes: Uint8Array, expected?: UploadKind, options: { inflate?: boolean } = {}): Promise<Inspected> {
  if (bytes.byteLength === 0) throw new UploadError("file_empty", "The file is empty");
  if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw new UploadError("file_too_large", `Files may be at most ${DOCUMENT_MAX_BYTES / MiB} MB`);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || type.ext === "xml") refuseText(bytes);
  let result: Inspected;
  if (IMAGE_TYPES.has(type.mime)) {
    result = { kind: "image", mime: type.mime, ext: type.ext };
  } else if (type.mime === "application/pdf") {
    // A PDF that also reads as a page (a PDF/HTML polyglot) is refused; ordinary PDFs never start
    // or end with markup.
    if (ACTIVE_CONTENT.test(latin1(bytes, 0, 1024)) || ACTIVE_CONTENT.test(latin1(bytes, bytes.byteLength - 1024))) {
      throw new UploadError("polyglot_not_allowed", "This file is at the same time a document and something else, so it is not accepted");
    }
    result = { kind: "document", mime: type.mime, ext: "pdf" };
  } else if (type.ext === "docx" || type.ext === "xlsx") {
    const names = zipEntryNames(bytes);
    const doc = DOCUMENT_TYPES[type.mime]!;
    if (names?.some((name) => /(^|\/)vbaProject\.bin$/i.test(name))) {
      throw new UploadError("macros_not_allowed", "Documents with macros are not accepted: save it as an ordinary .docx or .xlsx");
    }
    if (!names) throw new UploadError("document_corrupt", "The document is damaged or incomplete (its zip directory cannot be read)");
    if (!names.includes("[Content_Types].xml") || !names.includes(doc.mainPart)) {
      throw new UploadError("archive_not_allowed", "Archives are not accepted: upload the document itself");
    }
    result = { kind: "document", mime: type.mime, ext: doc.ext };
    if (options.inflate !== false && (!expected || expected === "document") && bytes.byteLength <= DOCUMENT_MAX_BYTES)
      await assertArchiveBounded(bytes);
  } else if (MACRO_OFFICE.has(type.ext)) {
    throw new UploadError("macros_not_allowed", "Documents with macros are not accepted: save it as an ordinary .docx or .xlsx");
  } else if (EXECUTABLES.has(type.ext)) {
    throw new UploadError("executable_not_allowed", "Programs and scripts are not accepted");
  } else if (type.ext === "zip" && zipEntryNames(bytes)?.some((name) => /(^|\/)vbaProject\.bin$/i.test(name))) {
    throw new UploadError("macros_not_allowed", "Documents with macros are not accepted: save it as an ordinary .docx or .xlsx");
  } else if (ARCHIVES.has(type.ext)) {
    throw new UploadError("archive_not_allowed", "Archives are not accepted: upload the document itself");
  } else if (type.mime.startsWith("image/")) {
    throw new UploadError("image_format_not_allowed", "This image format is not accepted: upload JPEG, PNG, WebP, GIF or AVIF");
  } else {
    throw new UploadError("file_type_not_allowed", "This file type is not accepted: upload JPEG, PNG, WebP, GIF, AVIF, PDF, DOCX or XLSX");
  }
  if (expected && result.kind !== expected) {
    throw new UploadError(
      "file_kind_mismatch",
      expected === "image" ? "An image is expected here (JPEG, PNG, WebP, GIF or AVIF)" : "A document is expected here (PDF, DOCX or XLSX)",
    );
  }
  const limit = result.kind === "image" ? IMAGE_MAX_BYTES : DOCUMENT_MAX_BYTES;
  if (bytes.byteLength > limit)
    throw new UploadError("file_too_large", `${result.kind === "image" ? "Images" : "Documents"} may be at most ${limit / MiB} MB`);
  return result;
}

let sharpModule: Promise<typeof SharpModule> | null = null;

/**
 * sharp, loaded on the first image: libvips adds ≈ 10 MB to a process's resident memory, which a
 * server that receives no image never needs (issue 31 §5, ADR 070). Its operation cache is off: it
 * keeps up to 50 MB of decoded images for repeating an operation on the same input, which uploads
 * never do.
 */
function loadSharp(): Promise<typeof SharpModule> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/**
 * Inspects `bytes` and produces what is stored: images re-encoded to WebP with a thumbnail, documents
 * as sent. Throws `UploadError` (never anything else for bad input): corrupt or truncated images are
 * `image_corrupt`, too many pixels `image_too_large`.
 */
export async function processUpload(bytes: Uint8Array, expected?: UploadKind): Promise<ProcessedUpload> {
  const inspected = await inspectUpload(bytes, expected);
  if (inspected.kind === "document") {
    return { ...inspected, bytes, thumb: null, width: null, height: null, sha256: await sha256Hex(bytes) };
  }
  const sharp = await loadSharp();
  try {
    // failOn "warning" turns libvips' warnings about truncated or damaged data into errors.
    const input = () => sharp(bytes, { failOn: "warning", limitInputPixels: IMAGE_MAX_PIXELS, pages: 1, sequentialRead: true });
    const { data, info } = await input()
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .timeout({ seconds: IMAGE_TIMEOUT_S })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(data, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE })
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .timeout({ seconds: IMAGE_TIMEOUT_S })
      .toBuffer();
    const stored = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return {
      kind: "image",
      mime: "image/webp",
      ext: "webp",
      bytes: stored,
      thumb: new Uint8Array(thumb.buffer, thumb.byteOffset, thumb.byteLength),
      width: info.width,
      height: info.height,
      sha256: await sha256Hex(stored),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit|exceeds pixel|too large|timeout/i.test(message))
      throw new UploadError("image_too_large", `Images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`);
    throw new UploadError("image_corrupt", "The image is damaged or incomplete and cannot be read");
  }
}

/**
 * The SHA-256 of `bytes` as hex, computed by WebCrypto on libuv's thread pool: a 20 MiB upload
 * hashed with `createHash` held the event loop ≈ 40 ms, which every other request in flight waited
 * out (issue 25's Measure: honest p99 under hostile uploads).
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)).toString("hex");
}
