/**
 * Worker side of the 1C exchange's reading (server/price-lists/worker.ts runs it): a stored file is
 * the XML itself or a zip 1C sent with `zip=yes`. In a zip every entry name must be safe
 * (limits.ts `safeName`: no `..`, no absolute path, no script) or the archive is refused whole; the
 * entry named like the file 1C asks to import (by its path, else by its last part) is inflated
 * through the counting stream of server/files/archive.ts (entry, total and ratio bounds checked as
 * the bytes come, whatever the headers declare) and parsed as it inflates.
 */
import { ArchiveCorruptError, openArchive } from "../files/archive.ts";
import type { ReadLimits } from "../price-lists/limits.ts";
import { Unreadable } from "../price-lists/parse.ts";
import { baseName, safeName } from "./limits.ts";
import { decodeXmlChunks, readCommerceMl, slices, type CmlEvent, type CmlMeta } from "./parse.ts";

export type { CmlEvent, CmlMeta } from "./parse.ts";

/** Whether `bytes` start like a zip (local file header `PK\x03\x04`, or an empty archive's `PK\x05\x06`). */
export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);

/** Reads the CommerceML file `bytes` (or its zip entry `entry`) under `limits`; see parse.ts. */
export async function* readCommerceMlFile(bytes: Uint8Array, entry: string | null, limits: ReadLimits): AsyncGenerator<CmlEvent, CmlMeta> {
  if (entry === null || !isZip(bytes)) return yield* readCommerceMl(decodeXmlChunks(slices(bytes)), limits);
  const archive = await openArchive(bytes, limits.archive);
  for (const e of archive.entries) {
    if (e.fileName.endsWith("/")) continue;
    if (safeName(e.fileName) !== e.fileName.replace(/\\/g, "/"))
      throw new Unreadable(`the archive holds an unsafe file name: ${e.fileName.slice(0, 100)}`);
  }
  const found = archive.entries.find((e) => e.fileName === entry) ?? archive.entries.find((e) => baseName(e.fileName) === baseName(entry));
  if (!found) throw new Unreadable(`the archive has no file ${entry}`);
  if (!(await archive.agrees(found)))
    throw new ArchiveCorruptError(`the local header of ${found.fileName} disagrees with the central directory`);
  const stream = await archive.open(found);
  return yield* readCommerceMl(decodeXmlChunks(stream as AsyncIterable<Uint8Array>), limits);
}
