/**
 * How large an uploaded file may be, for both tiers and the browser (zod-free, like langs.ts): an
 * image (JPEG, PNG, WebP, GIF, AVIF) at most 10 MiB, a document (PDF, DOCX, XLSX) or a price list at
 * most 20 MiB; a multipart request may carry 1 MiB of form envelope besides its largest file. The
 * API enforces them (server/files/uploads.ts, server/http.ts, server/api/resource.ts); the web tier
 * refuses a larger request before reading it, and the upload field before sending it.
 */
export const MiB = 1024 * 1024;

/** Bytes of one file, by kind. */
export const UPLOAD_LIMITS = { image: 10 * MiB, document: 20 * MiB } as const;

/** Bytes of the largest multipart request any upload operation reads: the largest file plus the form's envelope. */
export const MAX_MULTIPART_BYTES = UPLOAD_LIMITS.document + MiB;
