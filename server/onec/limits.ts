/**
 * The bounds of the 1C exchange (issue 29 §2, ADR 054), in one place, and the rules for the file
 * names 1C sends.
 *
 * Upload (`mode=file`): one POST at most `postBytes` (what `init` answers as `file_limit`; 1C cuts
 * bigger files into chunks of that size), one file (the sum of its chunks) at most `fileBytes`, a
 * session's files together at most `sessionBytes`, at most `files` names per session. Reading
 * (`mode=import`, in the parse worker): `READ` — products, offers or documents per file (`rows`),
 * elements per file (`cells`), groups + properties (`categories`), elements of one record
 * (`columns` × 10), characters of one element, nesting depth, the zip bounds (entries, bytes
 * inflated per entry and in all, ratio; counted from the inflating stream, server/files/archive.ts)
 * and the worker's heap and time. A 50,000-product import.xml of the real files' structure is
 * ≈ 170 MB of XML (≈ 5 MB zipped); the bounds leave room for twice that.
 */
import { ARCHIVE_LIMITS, MiB } from "../files/archive.ts";
import { READ_LIMITS, type ReadLimits } from "../price-lists/limits.ts";

export interface ExchangeLimits {
  postBytes: number;
  fileBytes: number;
  sessionBytes: number;
  files: number;
  read: ReadLimits;
}

export const EXCHANGE_LIMITS: ExchangeLimits = {
  // server/http.ts MAX_OTHER_BODY: a bigger raw body is refused before the API sees it.
  postBytes: MiB,
  fileBytes: 512 * MiB,
  sessionBytes: 1024 * MiB,
  files: 20_000,
  read: {
    ...READ_LIMITS,
    rows: 100_000,
    columns: 500,
    cells: 40_000_000,
    cellChars: 100_000,
    textChars: 1_000_000_000,
    categories: 50_000,
    xmlDepth: 40,
    archive: { ...ARCHIVE_LIMITS, entries: 20_000, entryBytes: 512 * MiB, totalBytes: 1024 * MiB },
    worker: { ...READ_LIMITS.worker, timeoutMs: 600_000 },
  },
};

/** Script and executable extensions a file name may not have (PROTOCOL.md §4: "refuse `..` and script extensions"). */
const SCRIPT_EXTENSIONS = /\.(php\d?|phtml|phar|cgi|pl|py|rb|sh|bash|exe|dll|com|bat|cmd|ps1|js|mjs|html?|svg|jsp|aspx?)$/i;

/**
 * The name 1C sent, as stored: back-slashes turned into slashes, a drive letter or the Linux 1C
 * server's `/tmp/`, `upload/1c/webdata/` prefixes stripped (PROTOCOL.md §4), leading slashes
 * dropped. Null when the name is unsafe or unusable: empty, a `..` or `.` segment, a NUL or control
 * character, a script extension, longer than 255 characters.
 */
export function safeName(raw: string): string | null {
  let name = raw.replace(/\\/g, "/").trim();
  name = name.replace(/^[a-zA-Z]:\//, "");
  name = name.replace(/^\/+/, "");
  name = name.replace(/^(tmp\/|.*?upload\/1c\/webdata\/|.*?1c_exchange\/)/i, "");
  if (!name || name.length > 255) return null;
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(name)) return null;
  const parts = name.split("/");
  if (parts.some((p) => p === ".." || p === "." || p === "")) return null;
  if (SCRIPT_EXTENSIONS.test(name)) return null;
  return name;
}

/** The last part of a stored name (`import_files/ab/x.jpg` → `x.jpg`). */
export const baseName = (name: string) => name.slice(name.lastIndexOf("/") + 1);
