/**
 * Brotli and gzip copies of the client build's text files (`x.js` → `x.js.br`, `x.js.gz`), made
 * once at build time so the server sends them as they are (server/http.ts: `serveStatic`'s
 * `precompressed`) instead of compressing every asset for every visitor on its event loop. A first
 * visit fetches ≈ 440 KB of JavaScript and the service worker's install ≈ 2.4 MiB of precache; with
 * Hono's `compress` each of those was a CompressionStream per request (issue 25's CPU profile put
 * on-the-fly compression at ≈ 14 % of the server's event loop).
 *
 * Which files: JavaScript, CSS, SVG, JSON, web manifests, HTML and plain text of at least
 * MIN_BYTES, each copy kept only when it is smaller than the file. Brotli at quality 11 and gzip at
 * level 9 (zlib, in its thread pool, a few files at a time): a build's worth takes seconds.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/i;
/** Below this the compressed copy and its headers save nothing worth a file (Hono's own threshold). */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes the `.br` and `.gz` copies under `clientDir`; returns how many files and bytes were compressed. */
export async function precompress(clientDir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const files: string[] = [];
  for await (const file of textFiles(clientDir)) files.push(file);
  const one = async (file: string) => {
    const bytes = await readFile(file);
    if (bytes.byteLength < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.byteLength < bytes.byteLength) await writeFile(`${file}.br`, br);
    if (gz.byteLength < bytes.byteLength) await writeFile(`${file}.gz`, gz);
    totals.files++;
    totals.bytes += bytes.byteLength;
    totals.brotliBytes += Math.min(br.byteLength, bytes.byteLength);
  };
  // A few at a time: zlib's pool has four threads.
  for (let i = 0; i < files.length; i += 4) await Promise.all(files.slice(i, i + 4).map(one));
  return totals;
}
