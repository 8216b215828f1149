/**
 * File storage: where the bytes of rows in `files` live, addressed by `files.storage_key`.
 *
 * The interface is deliberately small so that another driver (the S3-compatible one in s3.ts,
 * chosen by server/files/index.ts) can replace the local one without touching callers:
 *
 * - `put(key, bytes, mime)` stores (or overwrites) the object;
 * - `get(key)` returns `{ stream, size, mime }` for reading, or `null` when there is no such object;
 * - `delete(key)` removes it (no error when it is already gone).
 *
 * Keys are relative, slash-separated paths made of `[A-Za-z0-9._-]` segments, e.g.
 * `seed/products/steel-pipes-3.webp`; anything else (absolute paths, `..`, empty segments) is
 * rejected with a `RangeError`, so a key can never escape the storage root.
 *
 * Local driver: objects are plain files under `<DATA_DIR>/files/<key>`; the MIME type is kept in a
 * sidecar `<key>.mime` file (one line), because the file system has no place for it. Writes go to a
 * temporary file first and are renamed into place, so a reader never sees half an object.
 */
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
  mime: string;
}

export interface FileStorage {
  /** Stores `bytes` under `key` with its MIME type, replacing an existing object. */
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** The object under `key`, or null when there is none. The caller must consume or destroy the stream. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object under `key`; resolves when it is gone (also when it never existed). */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws a RangeError unless `key` is a safe relative key (see the module comment). */
export function assertStorageKey(key: string): void {
  const segments = key.split("/");
  if (!key || segments.some((s) => !SEGMENT.test(s) || s === "." || s === "..") || key.endsWith(".mime")) {
    throw new RangeError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** The local-disk driver rooted at `<dataDir>/files`. */
export function createLocalStorage(dataDir: string): FileStorage & { root: string } {
  const root = path.resolve(dataDir, "files");
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };
  let counter = 0;
  return {
    root,
    async put(key, bytes, mime) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${++counter}.tmp`;
      await writeFile(temp, bytes);
      await writeFile(`${file}.mime`, `${mime}\n`);
      await rename(temp, file);
    },
    async get(key) {
      const file = fileFor(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      const mime = (await readFile(`${file}.mime`, "utf8").catch(() => "application/octet-stream\n")).trim();
      return { stream: createReadStream(file), size, mime };
    },
    async delete(key) {
      const file = fileFor(key);
      await rm(file, { force: true });
      await rm(`${file}.mime`, { force: true });
    },
  };
}
