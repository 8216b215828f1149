/**
 * Zip archives a user sends (XLSX price lists, DOCX/XLSX documents) checked from their bytes, never
 * from the sizes the archive declares (security review 2, N1; OWASP File Upload Cheat Sheet, "zip
 * bombs"; PKWARE APPNOTE 6.3.10 §4.3.7 local header, §4.3.12 central directory).
 *
 * The archive is read with yauzl (ADR 038): its central directory gives the entries — refused at
 * once when the sizes it declares are over a bound — and each entry's data is inflated through a
 * counting stream that aborts as soon as the entry, the archive in total or the entry's
 * compression ratio passes its bound — so a 6 GiB sharedStrings.xml is stopped after
 * ARCHIVE_LIMITS.entryBytes of output, whatever its headers say. yauzl also
 * refuses an entry whose data inflates to more or fewer bytes than the directory declares, and
 * `checkArchive` refuses a local header that disagrees with the directory (method, sizes), which is
 * how a zip shows one set of files to a streaming reader and another to a directory reader.
 *
 * Errors: `ArchiveLimitError` (`limit`: `entries` | `entry_bytes` | `total_bytes` | `ratio`, the
 * value found and the bound) and `ArchiveCorruptError` (a truncated, inconsistent or encrypted
 * archive). Callers turn them into the DomainError of their context (server/files/uploads.ts,
 * server/price-lists/parse.ts).
 */
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

export const MiB = 1024 * 1024;

/** Bounds of one archive; `ratioFloorBytes`: entries smaller than this are not held to the ratio (tiny XML parts compress well). */
export interface ArchiveLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
  ratio: number;
  ratioFloorBytes: number;
}

/**
 * The default bounds. A 50,000-row, 20-column workbook has a sheet of ≈ 40 MB and shared strings of
 * ≈ 20 MB; Office files compress XML 5–30:1, rarely above 100:1.
 */
export const ARCHIVE_LIMITS: ArchiveLimits = {
  entries: 200,
  entryBytes: 64 * MiB,
  totalBytes: 256 * MiB,
  ratio: 200,
  ratioFloorBytes: MiB,
};

export type ArchiveLimit = "entries" | "entry_bytes" | "total_bytes" | "ratio";

/** An archive over one of its bounds: `value` as counted (bytes, entries, or the ratio rounded down). */
export class ArchiveLimitError extends Error {
  readonly limit: ArchiveLimit;
  readonly value: number;
  readonly max: number;
  constructor(limit: ArchiveLimit, value: number, max: number) {
    super(`The archive is over its ${limit} limit: ${value} > ${max}`);
    this.limit = limit;
    this.value = value;
    this.max = max;
    this.name = "ArchiveLimitError";
  }
}

/** An archive that cannot be read safely: truncated, inconsistent headers, encrypted, unknown compression. */
export class ArchiveCorruptError extends Error {
  constructor(why: string) {
    super(`The archive is damaged: ${why}`);
    this.name = "ArchiveCorruptError";
  }
}

/** An open archive: its entries in directory order and a reader of each one's inflated bytes. */
export interface Archive {
  entries: yauzl.Entry[];
  /** The entry's data, inflated and counted against the limits (the archive's running total included). */
  open(entry: yauzl.Entry): Promise<Readable>;
  /** Bytes inflated so far through `open`. */
  readonly inflated: number;
  /** `true` when the entry's local header says what the central directory says (method; sizes unless deferred to a data descriptor or zip64). */
  agrees(entry: yauzl.Entry): Promise<boolean>;
}

const corrupt = (error: unknown) =>
  error instanceof ArchiveLimitError || error instanceof ArchiveCorruptError
    ? error
    : new ArchiveCorruptError(error instanceof Error ? error.message : String(error));

/** Counts what passes and fails the stream at the first byte over a bound. */
class Counter extends Transform {
  private seen = 0;
  private readonly entry: yauzl.Entry;
  private readonly limits: ArchiveLimits;
  private readonly total: { bytes: number };
  constructor(entry: yauzl.Entry, limits: ArchiveLimits, total: { bytes: number }) {
    super();
    this.entry = entry;
    this.limits = limits;
    this.total = total;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.byteLength;
    this.total.bytes += chunk.byteLength;
    const { limits, entry } = this;
    if (this.seen > limits.entryBytes) return done(new ArchiveLimitError("entry_bytes", this.seen, limits.entryBytes));
    if (this.total.bytes > limits.totalBytes) return done(new ArchiveLimitError("total_bytes", this.total.bytes, limits.totalBytes));
    if (this.seen > limits.ratioFloorBytes && this.seen / Math.max(1, entry.compressedSize) > limits.ratio)
      return done(new ArchiveLimitError("ratio", Math.floor(this.seen / Math.max(1, entry.compressedSize)), limits.ratio));
    done(null, chunk);
  }
}

/**
 * Opens `bytes` as a zip: the central directory must be whole and hold at most `limits.entries`
 * entries, none encrypted or compressed other than stored/deflate. Nothing is inflated yet.
 */
export async function openArchive(bytes: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Archive> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw corrupt(error);
  }
  if (zip.entryCount > limits.entries) throw new ArchiveLimitError("entries", zip.entryCount, limits.entries);
  const entries: yauzl.Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) throw new ArchiveCorruptError(`${entry.fileName} is encrypted`);
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new ArchiveCorruptError(`${entry.fileName} uses compression method ${entry.compressionMethod}`);
      // What the directory declares refuses a file at once when it is honest about being too big;
      // when it lies low, yauzl's size check and the counting stream below still stop it.
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > limits.entryBytes) throw new ArchiveLimitError("entry_bytes", entry.uncompressedSize, limits.entryBytes);
      if (declared > limits.totalBytes) throw new ArchiveLimitError("total_bytes", declared, limits.totalBytes);
      const ratio = Math.floor(entry.uncompressedSize / Math.max(1, entry.compressedSize));
      if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.ratio)
        throw new ArchiveLimitError("ratio", ratio, limits.ratio);
      entries.push(entry);
    }
  } catch (error) {
    throw corrupt(error);
  }
  const total = { bytes: 0 };
  return {
    entries,
    get inflated() {
      return total.bytes;
    },
    async open(entry) {
      try {
        const raw = await zip.openReadStreamPromise(entry);
        const counter = new Counter(entry, limits, total);
        raw.on("error", (error) => counter.destroy(corrupt(error)));
        // Stop inflating as soon as the counter gives up.
        counter.on("close", () => raw.destroy());
        return raw.pipe(counter);
      } catch (error) {
        throw corrupt(error);
      }
    },
    async agrees(entry) {
      const local = await zip.readLocalFileHeaderPromise(entry).catch((error: unknown) => {
        throw corrupt(error);
      });
      if (local.compressionMethod !== entry.compressionMethod) return false;
      const deferred = (local.generalPurposeBitFlag & 0x8) !== 0;
      const zip64 = local.compressedSize === 0xffffffff || local.uncompressedSize === 0xffffffff;
      if (deferred || zip64) return true;
      return local.compressedSize === entry.compressedSize && local.uncompressedSize === entry.uncompressedSize;
    },
  };
}

/**
 * Walks every entry of `bytes` and inflates it through the counting stream, discarding the output:
 * throws `ArchiveLimitError` at the first bound passed and `ArchiveCorruptError` for a damaged or
 * inconsistent archive. Answers the entry names and the inflated total.
 */
export async function checkArchive(
  bytes: Uint8Array,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<{ names: string[]; inflatedBytes: number }> {
  const archive = await openArchive(bytes, limits);
  for (const entry of archive.entries) {
    try {
      if (!(await archive.agrees(entry)))
        throw new ArchiveCorruptError(`the local header of ${entry.fileName} disagrees with the central directory`);
      const stream = await archive.open(entry);
      await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
        for await (const _ of source);
      });
    } catch (error) {
      throw corrupt(error);
    }
  }
  return { names: archive.entries.map((e) => e.fileName), inflatedBytes: archive.inflated };
}
