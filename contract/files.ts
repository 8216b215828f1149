/**
 * Files as the API shows them, and the temporary uploads (spec §7 "GET, POST, DELETE on
 * /api/files/common"): a page with JavaScript uploads a file as soon as it is dropped, then the form
 * names it by id when it is saved. An unattached upload expires after UPLOAD_TTL_HOURS (24 by
 * default) and is deleted. Uploads are checked by their content, never by name or declared type
 * (server/files/uploads.ts): images are re-encoded, documents must be of an accepted kind.
 */
import { z } from "zod";
import { DeletedIdSchema, IdParams, defineRoute } from "./route.ts";

export const FILE_KINDS = ["image", "document"] as const;

/** A stored file. URLs are site-relative (`/media/…`). */
export const FileViewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(FILE_KINDS),
    url: z.string(),
    thumbUrl: z.string().nullable().meta({ description: "WebP thumbnail (images only)" }),
    mime: z.string(),
    size: z.number().int().min(0).meta({ description: "Bytes" }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    originalName: z.string().nullable(),
    expiresAt: z
      .string()
      .nullable()
      .meta({ description: "ISO 8601: when a temporary upload is deleted unless attached; null once attached" }),
  })
  .meta({ id: "File" });
export type FileView = z.infer<typeof FileViewSchema>;

/** The multipart form of an upload: `file`, and optionally the kind it must be. */
export const UploadForm = z
  .object({
    file: z.string().meta({ format: "binary", description: "The file (images up to 10 MB, documents up to 20 MB)" }),
    kind: z.enum(FILE_KINDS).optional().meta({ description: "Refuse the file unless it is of this kind" }),
  })
  .meta({ id: "UploadForm" });

const UPLOAD_ERRORS = [
  "storage_quota_exceeded",
  "file_required",
  "file_empty",
  "invalid_multipart",
  "file_kind_mismatch",
  "file_too_large",
  "svg_not_allowed",
  "html_not_allowed",
  "executable_not_allowed",
  "archive_not_allowed",
  "macros_not_allowed",
  "image_format_not_allowed",
  "file_type_not_allowed",
  "polyglot_not_allowed",
  "image_corrupt",
  "image_too_large",
  "archive_too_large",
  "document_corrupt",
  "too_many_uploads",
] as const;

const tag = "Uploads";

export const listUploads = defineRoute({
  method: "GET",
  path: "/api/files/common",
  operationId: "listUploads",
  tag,
  summary: "The caller's unexpired, unattached uploads",
  auth: "user",
  data: z.array(FileViewSchema),
});

export const createUpload = defineRoute({
  method: "POST",
  path: "/api/files/common",
  operationId: "createUpload",
  tag,
  summary: "Upload a file to attach later by its id",
  description: "A company is not needed (a logo may be chosen before the company exists). At most 50 uploads may wait to be attached.",
  auth: "user",
  body: UploadForm,
  bodyType: "multipart",
  status: 201,
  data: FileViewSchema,
  errors: UPLOAD_ERRORS,
});

export const deleteUpload = defineRoute({
  method: "DELETE",
  path: "/api/files/common/{id}",
  operationId: "deleteUpload",
  tag,
  summary: "Delete one of the caller's own unattached uploads",
  auth: "user",
  params: IdParams,
  data: DeletedIdSchema,
  errors: ["not_found"],
});

export const deleteUploadByQuery = defineRoute({
  method: "DELETE",
  path: "/api/files/common",
  operationId: "deleteUploadByQuery",
  tag,
  summary: "Delete an upload named by `?id=` (the same as DELETE /api/files/common/{id})",
  auth: "user",
  query: z.object({ id: z.string().optional() }),
  data: DeletedIdSchema,
  errors: ["not_found"],
});

export const downloadFile = defineRoute({
  method: "GET",
  path: "/api/files/{id}/content",
  operationId: "downloadFile",
  tag,
  summary: "Download a file you may see (a message's, a private buying request's or a quote's attachment, your own upload)",
  description:
    "Checked on every download: the participants of the conversation while the message is visible, the request's buyer and the companies it is open to, the quoting company and the buyer, the uploader of a temporary upload, site staff. Anyone else — anonymous callers included — gets 404, the same as for a missing file. Served as an attachment under its original name with `Cache-Control: private, no-store`. Public media (product images, logos) stay at `/media/…`.",
  auth: "public",
  params: IdParams,
  query: z.object({ thumb: z.enum(["1"]).optional().meta({ description: "The WebP thumbnail of an image" }) }),
  data: z.null(),
  raw: { contentType: "application/octet-stream", description: "The file's bytes, as an attachment under its original name" },
  errors: ["not_found"],
});
