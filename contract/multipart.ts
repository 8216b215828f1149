/**
 * A multipart (or URL-encoded) request body read as a stream with busboy (@fastify/busboy): the
 * first value of each field by name, files as `File`s, under limits on parts, fields and sizes.
 *
 * Why not `Request.formData()` (what Hono's `parseBody` calls): undici parses the whole body in one
 * synchronous pass after it has arrived — 250–500 ms of the event loop for a 20 MiB upload on this
 * project's 2-core machine, during which no other request is answered (issue 25's Measure: the honest
 * traffic's p99 rose 4.3× while hostile 20 MiB uploads arrived). busboy parses each network chunk as
 * it comes (a Boyer–Moore–Horspool boundary search), so the work is spread in small slices between
 * other requests, and a part beyond a limit stops the read early (ADR 038's reading limits, applied
 * to the envelope as well as to the files).
 *
 * Shapes: `readMultipart(request, limits)` → `Record<string, string | File>` (the first value of each
 * field; later values of the same name are read and dropped, files included, so they cost no memory);
 * `readFormEntries(request, limits)` → every `[name, value]` in order (the web tier's forms, where a
 * field may repeat: several files, several ids).
 * Errors: `MultipartError` with `reason` — `file_too_large` (a file beyond `fileBytes`),
 * `too_many_parts` (beyond `parts`, `files` or `fields`), `field_too_large` (a text field beyond
 * `fieldBytes`), `unreadable` (not a multipart body busboy can read: a missing boundary, a body cut
 * short). The caller maps them to its error codes.
 *
 * Both tiers read form bodies with it — the API its multipart operations (server/api/resource.ts), the
 * web tier every action's form (app/middleware/form-body.ts) — and neither may import the other
 * (ADR 001), so it lives here beside the other shared bounds (upload-limits.ts). Server-only: no
 * browser module imports it.
 */
import { Busboy, type BusboyFileStream } from "@fastify/busboy";

/** Bounds of one multipart body (busboy's `limits`). */
export interface MultipartLimits {
  /** Largest file part, bytes. */
  fileBytes: number;
  /** Largest text field, bytes. */
  fieldBytes: number;
  /** Most parts (files and fields together). */
  parts: number;
  /** Most file parts. */
  files: number;
}

export type MultipartReason = "file_too_large" | "too_many_parts" | "field_too_large" | "unreadable";

/** Why a multipart body was not read (module comment). */
export class MultipartError extends Error {
  readonly reason: MultipartReason;
  constructor(reason: MultipartReason, message: string) {
    super(message);
    this.reason = reason;
    this.name = "MultipartError";
  }
}

/**
 * The bytes of each file this module read, kept beside its `File`: Node reads a Blob back through a
 * JavaScript loop of chunk copies (`arrayBuffer()`: ≈ 30 ms of the event loop and a third copy for a
 * 15 MiB file, plus the garbage collection the copies trigger — issue 25's Measure), while these are
 * already one contiguous buffer. Weak: they go with the `File`.
 */
const receivedBytes = new WeakMap<File, Uint8Array<ArrayBuffer>>();

/** A file's bytes: the buffer read with it when this module read it, otherwise its `arrayBuffer()`. Do not modify them. */
export async function fileBytes(file: File): Promise<Uint8Array<ArrayBuffer>> {
  return receivedBytes.get(file) ?? new Uint8Array(await file.arrayBuffer());
}

/** Reads `request`'s multipart or URL-encoded body under `limits`: the first value of each field (module comment). */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<Record<string, string | File>> {
  const form: Record<string, string | File> = {};
  for (const [name, value] of await readBody(request, limits, true)) if (!(name in form)) form[name] = value;
  return form;
}

/** Reads `request`'s multipart or URL-encoded body under `limits`: every entry, in order (module comment). */
export function readFormEntries(request: Request, limits: MultipartLimits): Promise<[string, string | File][]> {
  return readBody(request, limits, false);
}

async function readBody(request: Request, limits: MultipartLimits, firstOnly: boolean): Promise<[string, string | File][]> {
  const contentType = request.headers.get("content-type") ?? "";
  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({
      headers: { "content-type": contentType },
      limits: {
        fileSize: limits.fileBytes,
        fieldSize: limits.fieldBytes,
        parts: limits.parts,
        files: limits.files,
        fields: limits.parts,
      },
    });
  } catch (error) {
    throw new MultipartError("unreadable", error instanceof Error ? error.message : "Not a form body");
  }
  const entries: [string, string | File][] = [];
  const seen = new Set<string>();
  /** The slot of a new entry, or -1 when `firstOnly` drops it. */
  const slot = (name: string, value: string | File): number => {
    if (firstOnly && seen.has(name)) return -1;
    seen.add(name);
    return entries.push([name, value]) - 1;
  };
  const pending: Promise<void>[] = [];
  let failure: MultipartError | null = null;
  const fail = (reason: MultipartReason, message: string) => {
    failure ??= new MultipartError(reason, message);
  };

  parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) fail("field_too_large", `The field ${name} is longer than ${limits.fieldBytes} bytes`);
    else slot(name, value);
  });
  parser.on("file", (name, stream: BusboyFileStream, fileName, _encoding, mimeType) => {
    const type = mimeType || "application/octet-stream";
    const at = slot(name, new File([], fileName ?? "", { type }));
    const keep = at >= 0;
    // Node's Buffers of a socket are views of plain ArrayBuffers (never shared), which File takes.
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    // Every file stream is drained, even one that is dropped: busboy waits for it before the next part.
    pending.push(
      new Promise<void>((resolve) => {
        stream.on("data", (chunk: Uint8Array<ArrayBuffer>) => {
          if (keep && !failure) chunks.push(chunk);
        });
        stream.on("limit", () => fail("file_too_large", `A file is larger than ${limits.fileBytes} bytes`));
        stream.on("end", () => {
          if (keep && !failure) {
            // Its own ArrayBuffer (Buffer.concat may hand out a slice of a shared pool for small files).
            const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.byteLength, 0));
            let offset = 0;
            for (const chunk of chunks) {
              bytes.set(chunk, offset);
              offset += chunk.byteLength;
            }
            const file = new File([bytes], fileName ?? "", { type });
            receivedBytes.set(file, bytes);
            entries[at] = [name, file];
          }
          resolve();
        });
        stream.on("error", () => resolve());
      }),
    );
  });
  parser.on("partsLimit", () => fail("too_many_parts", `A form may have at most ${limits.parts} parts`));
  parser.on("filesLimit", () => fail("too_many_parts", `A form may have at most ${limits.files} files`));
  parser.on("fieldsLimit", () => fail("too_many_parts", `A form may have at most ${limits.parts} fields`));

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", (error: Error) => reject(new MultipartError("unreadable", error.message)));
  });
  // A rejection before it is awaited must not surface as an unhandled one.
  finished.catch(() => {});

  const body = request.body;
  if (body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (failure) continue;
        if (!parser.write(value)) await new Promise<void>((resolve) => parser.once("drain", resolve));
      }
    } catch (error) {
      // The body's own error (a size limit of the caller's stream, a client gone) is the caller's to judge.
      parser.destroy();
      throw error;
    } finally {
      reader.releaseLock();
    }
  }
  parser.end();
  try {
    await finished;
  } catch (error) {
    // A part cut short because a limit stopped the writing: the limit is the reason, not the cut.
    throw failure ?? error;
  }
  if (failure) throw failure;
  await Promise.all(pending);
  if (failure) throw failure;
  return entries;
}
