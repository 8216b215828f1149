/**
 * `GET /api/files/{id}/content` (contract/files.ts `downloadFile`; security review N5, usability
 * J1-7; ADR 040): a file that is not public media, to those who may see its owner — the rules are
 * in server/files/access.ts and are checked on every download. Anyone else, anonymous callers
 * included, gets 404 `not_found`, as for a missing file. The answer is an attachment under the
 * file's original name, never stored by a browser, proxy or CDN (`private, no-store`), with the
 * same nosniff and sandbox as `/media` (review F20).
 */
import { Readable } from "node:stream";
import * as filesApi from "#contract/files.ts";
import { notFound } from "../errors.ts";
import { attachmentDisposition, readableFile } from "../files/access.ts";
import { implement, resource } from "./resource.ts";

/** The sandbox every uploaded file is served under (server/http.ts MEDIA_CSP). */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export const fileResource = resource("/api/files", [
  implement(filesApi.downloadFile, async (c, { params, query }) => {
    const caller = c.var.caller;
    const file = await readableFile(c.var.db, caller ? { userId: caller.userId, role: caller.role } : null, params.id);
    const key = query.thumb ? file?.thumbKey : file?.storageKey;
    const stored = file && key ? await c.var.storage.get(key) : null;
    if (!file || !stored) throw notFound("File");
    return new Response(Readable.toWeb(stored.stream) as ReadableStream, {
      headers: {
        "content-type": stored.mime,
        "content-length": String(stored.size),
        "content-disposition": attachmentDisposition(file),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": FILE_CSP,
      },
    });
  }),
]);
