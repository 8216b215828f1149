/**
 * Where register archives come from (issue 30 §1): a file, a folder (its `*.zip` files, by name), or
 * an http(s) URL — either the archive itself or an open-data passport (the FNS `meta.csv`, any text
 * page) naming it, whose last `….zip` link is followed once. A download goes to a temporary file
 * (the reader needs random access to the ZIP's central directory), at most `maxBytes`, and is
 * deleted by `release()`.
 *
 * Errors: RegisterFormatError `not_found` (no such file, an empty folder), `download_failed` (HTTP
 * status, a passport without a ZIP link, too large).
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { RegisterFormatError } from "./format.ts";

export interface LocalArchive {
  file: string;
  /** Name for reports: the file's name or the URL. */
  source: string;
  release(): Promise<void>;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);
const nothing = async () => {};

/** The archives `args` name, in order (a folder's by file name). URLs are not fetched here: see `fetchArchive`. */
export async function expandSources(args: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const arg of args) {
    if (isUrl(arg)) {
      out.push(arg);
      continue;
    }
    const info = await stat(arg).catch(() => null);
    if (!info) throw new RegisterFormatError("not_found", `${arg}: no such file or folder`);
    if (info.isDirectory()) {
      const zips = (await readdir(arg)).filter((f) => f.toLowerCase().endsWith(".zip")).sort();
      if (zips.length === 0) throw new RegisterFormatError("not_found", `${arg}: no .zip files in this folder`);
      out.push(...zips.map((f) => path.join(arg, f)));
    } else out.push(arg);
  }
  return out;
}

/** A local path for `source` (a path is used as is; a URL is downloaded). */
export async function localArchive(source: string, maxBytes: number): Promise<LocalArchive> {
  if (!isUrl(source)) return { file: source, source: path.basename(source), release: nothing };
  const dir = await mkdtemp(path.join(os.tmpdir(), "postavka-register-"));
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, "register.zip");
    // Reports name the archive itself, not the passport that pointed to it.
    const fetched = await download(source, file, maxBytes, 1);
    return { file, source: fetched, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Downloads the archive `url` names (itself, or via a passport); returns the archive's URL. */
async function download(url: string, file: string, maxBytes: number, hopsLeft: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(30 * 60_000) });
  } catch (error) {
    throw new RegisterFormatError("download_failed", `${url}: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) throw new RegisterFormatError("download_failed", `${url}: HTTP ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes)
    throw new RegisterFormatError("download_failed", `${url}: ${declared} bytes; at most ${maxBytes} are downloaded`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  if (!(head[0] === 0x50 && head[1] === 0x4b)) {
    // Not a ZIP: a passport or page naming the archive.
    let text = new TextDecoder().decode(head);
    for (let chunk = await reader.read(); !chunk.done && text.length < 1_000_000; chunk = await reader.read())
      text += new TextDecoder().decode(chunk.value);
    await reader.cancel().catch(() => {});
    const links = [...text.matchAll(/https?:\/\/[^\s"',;<>]+\.zip/gi)].map((m) => m[0]);
    if (links.length === 0 || hopsLeft === 0)
      throw new RegisterFormatError("download_failed", `${url}: neither a ZIP archive nor a page linking to one`);
    return download(links.at(-1)!, file, maxBytes, hopsLeft - 1);
  }
  let bytes = 0;
  async function* body() {
    let chunk: ReadableStreamReadResult<Uint8Array> = first;
    while (!chunk.done) {
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) throw new RegisterFormatError("download_failed", `${url}: more than ${maxBytes} bytes; download stopped`);
      yield chunk.value;
      chunk = await reader.read();
    }
  }
  await pipeline(Readable.from(body()), createWriteStream(file));
  return url;
}

/** Splits a configured list of URLs (`REGISTERS_URL`: separated by commas or spaces). */
export function urlList(...values: (string | undefined)[]): string[] {
  return values.flatMap((v) => (v ?? "").split(/[\s,]+/)).filter(Boolean);
}
