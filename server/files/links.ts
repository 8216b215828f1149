/**
 * Links to files that are not public media (security review N5; ADR 040; who may read them:
 * server/files/access.ts). Kept apart from access.ts so that the modules that build file lists
 * (conversations, buying requests, quotes) import it without importing the access rules.
 */
import type { FileView } from "#contract/files.ts";
import { fileKindOf, type FileRow } from "./repository.ts";

/** The authorised URL of file `id` (site-relative, language-neutral); `thumb` for an image's thumbnail. */
export const privateFilePath = (id: number, thumb = false) => `/files/${id}${thumb ? "?thumb=1" : ""}`;

/**
 * `fileView` for a file that is not public media: the same fields, its URLs the authorised route's.
 * For temporary uploads, message, private-request and quote attachments.
 */
export function privateFileView(
  row: Pick<FileRow, "id" | "thumbKey" | "mime" | "size" | "width" | "height" | "originalName" | "expiresAt">,
): FileView {
  return {
    id: row.id,
    kind: fileKindOf(row.mime),
    url: privateFilePath(row.id),
    thumbUrl: row.thumbKey ? privateFilePath(row.id, true) : null,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    originalName: row.originalName,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}
