/**
 * A price list's bytes, read outside the request's thread (issue 25 §1; security review 2, N1/N2).
 *
 * - `detectFormat(bytes)` (here, cheap): `xlsx` (an Office Open XML workbook, checked by the upload
 *   checks), `yml` (XML whose root is `yml_catalog`), `csv` (other text); throws otherwise. It looks
 *   at the first bytes and the zip directory only.
 * - `tableRows(format, bytes, reading?, options?)`: CSV/XLSX rows `{ row, cells, sheet, sheetIndex }`
 *   — an XLSX's rows of EVERY worksheet in the workbook's order; `options.onReading` learns the
 *   CSV's encoding and delimiter when `reading` does not give them.
 * - `ymlOffers(bytes, onCategories?)`, `ymlCategories(bytes)`: the YML's categories and offers.
 *
 * Each reading runs in a parse worker (worker.ts: a `worker_threads` worker with `resourceLimits`
 * from limits.ts `READ_LIMITS.worker`, terminated after `timeoutMs`), at most PARSE_WORKERS at a
 * time; the worker parses, this thread only receives bounded rows in batches (a CommerceML reading at
 * most worker.ts CML_IN_FLIGHT batches ahead of its caller, and timed only while it is waited for).
 * Every worker gets its
 * own temp folder (TMPDIR), removed when the reading ends however it ends — a limit, an error, the
 * timeout, a crash, or a caller that stops early (the worker is terminated then).
 *
 * Errors (DomainError): `price_list_too_large` (422, `details: { limit, value, max }`, limits.ts) for
 * a file over a bound, including the worker's heap (`memory_mb`) and time (`seconds`);
 * `price_list_unreadable` (422) for a file that cannot be read, with the reason in the message.
 */
import { EventEmitter } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PriceListFormat } from "#contract/profile/price-lists.ts";
import { DomainError } from "../errors.ts";
import { DOCUMENT_MAX_BYTES, inspectUpload, MiB, UploadError } from "../files/uploads.ts";
import { ACK, READ_LIMITS, tooLarge, type ReadLimits } from "./limits.ts";
import type { Reading, TableRow, YmlCategory, YmlOffer } from "./parse.ts";
import type { ParseJob, ParseMessage } from "./worker.ts";
import type { CmlEvent, CmlMeta } from "../onec/parse.ts";

export { decodeText, decodeXml, detectDelimiter, type Delimiter, type TableRow, type YmlCategory, type YmlOffer } from "./parse.ts";

export const unreadable = (why: string) => new DomainError("price_list_unreadable", `The price list cannot be read: ${why}`);

const TEXT_SNIFF = 4096;

/** Where the first `n` bytes (after a BOM and whitespace) start with `<`: an XML document. */
function startsLikeXml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, TEXT_SNIFF))
    .toString("latin1")
    .replace(/^\xEF\xBB\xBF/, "")
    .trimStart();
  return head.startsWith("<");
}

/**
 * The format of `bytes` by content, never by name. XLSX goes through the document upload checks
 * (macros, archives, size); text with NUL bytes or markup that is not a YML catalogue is refused.
 */
export async function detectFormat(bytes: Uint8Array): Promise<PriceListFormat> {
  if (bytes.byteLength === 0) throw new UploadError("file_empty", "The file is empty");
  if (bytes.byteLength > DOCUMENT_MAX_BYTES)
    throw new UploadError("file_too_large", `Price lists may be at most ${DOCUMENT_MAX_BYTES / MiB} MB`);
  const head = bytes.subarray(0, TEXT_SNIFF);
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || head.includes(0)) {
    // Binary: the upload checks name what it is (a program, an archive, macros…); of what they
    // accept only a workbook is a price list.
    const inspected = await inspectUpload(bytes, undefined, { inflate: false });
    if (inspected.ext !== "xlsx") throw new UploadError("file_type_not_allowed", "Upload the price list as CSV, XLSX or YML");
    return "xlsx";
  }
  if (startsLikeXml(bytes)) {
    const text = Buffer.from(head).toString("latin1").toLowerCase();
    if (/<yml_catalog[\s>]/.test(text)) return "yml";
    if (/<(html|svg|script)[\s>]/.test(text) || text.includes("<!doctype html"))
      throw new UploadError("html_not_allowed", "HTML files are not accepted");
    // A 1C exchange file (CommerceML 2, root «КоммерческаяИнформация», UTF-8 or windows-1251) is what a
    // 1C user exports first: name it, so the page can say what to export instead (issue 29 brings the exchange).
    if (isCommerceMl(head))
      throw new UploadError("file_type_not_allowed", "A 1C CommerceML exchange file is not a price list", { format: "commerceml" });
    throw new UploadError("file_type_not_allowed", "Upload the price list as CSV, XLSX or YML");
  }
  if (/^\s*(<!doctype html|<html)/i.test(Buffer.from(head).toString("latin1")))
    throw new UploadError("html_not_allowed", "HTML files are not accepted");
  return "csv";
}

/** Whether the first bytes hold CommerceML's root element, in UTF-8 or windows-1251. */
function isCommerceMl(head: Uint8Array): boolean {
  const text = new TextDecoder("utf-8").decode(head) + new TextDecoder("windows-1251").decode(head);
  return text.includes("<КоммерческаяИнформация");
}

/** Parse workers running at once (each has READ_LIMITS.worker's heap); further readings wait their turn. */
export const PARSE_WORKERS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= PARSE_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

const WORKER_URL = new URL("./worker.ts", import.meta.url);

/**
 * `start` when a parse worker begins reading, `end` when it is gone and its temp folder removed
 * (monitoring and the hostile-file tests, which ask the server for pages while a file is parsed).
 */
export const parseActivity = new EventEmitter<{ start: []; end: [] }>();

/** Options of a reading: bounds other than READ_LIMITS (tests), and the CSV reading callback. */
export interface ReadOptions {
  limits?: ReadLimits;
  onReading?: (reading: Required<Reading>) => void;
}

/**
 * Runs `job` in a parse worker and yields its messages until `done`; throws the worker's refusal
 * as a DomainError. The worker is terminated and its temp folder removed when this ends (also when
 * the caller stops iterating).
 */
async function* parseInWorker(job: ParseJob): AsyncGenerator<ParseMessage> {
  const release = await turn();
  const limits = job.limits.worker;
  const tmp = await mkdtemp(path.join(os.tmpdir(), `postavka-parse-${process.pid}-`)).catch((error: unknown) => {
    release();
    throw error;
  });
  const queue: ParseMessage[] = [];
  let failure: Error | null = null;
  let exited = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  let worker: Worker | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    worker = new Worker(WORKER_URL, {
      workerData: job,
      // The readers write no temp files; should a library ever do, it writes here.
      env: { TMPDIR: tmp, TMP: tmp, TEMP: tmp },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: limits.stackSizeMb,
      },
    });
    parseActivity.emit("start");
    worker.on("message", (message: ParseMessage) => {
      queue.push(message);
      poke();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      failure ??=
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? tooLarge("memory_mb", limits.maxOldGenerationSizeMb, limits.maxOldGenerationSizeMb)
          : error;
      poke();
    });
    worker.on("exit", () => {
      exited = true;
      poke();
    });
    const seconds = Math.ceil(limits.timeoutMs / 1000);
    // A flow-controlled reading (CommerceML: the worker waits for ACKs) is timed only while this side
    // waits for it, not while the caller works on a batch — the worker is idle then.
    const paced = job.kind === "commerceml";
    let budget = limits.timeoutMs;
    let armedAt = 0;
    const arm = () => {
      armedAt = Date.now();
      timer = setTimeout(() => {
        failure ??= tooLarge("seconds", seconds, seconds);
        void worker?.terminate();
        poke();
      }, budget);
    };
    arm();
    for (;;) {
      const message = queue.shift();
      if (message) {
        if (message.type === "done") return;
        if (message.type === "error") {
          if (message.breach) throw tooLarge(message.breach.limit, message.breach.value, message.breach.max);
          throw unreadable(message.unreadable ?? "the file cannot be read");
        }
        if (paced) {
          clearTimeout(timer);
          budget -= Date.now() - armedAt;
        }
        yield message;
        if (paced) {
          if (message.type === "cml") worker.postMessage(ACK);
          arm();
        }
        continue;
      }
      if (failure) throw failure;
      if (exited) throw unreadable("the reader stopped");
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    clearTimeout(timer);
    await worker?.terminate();
    await rm(tmp, { recursive: true, force: true });
    release();
    if (worker) parseActivity.emit("end");
  }
}

/** Rows of a CSV or XLSX (every worksheet), empty rows skipped; read in a parse worker (module comment). */
export async function* tableRows(
  format: "csv" | "xlsx",
  bytes: Uint8Array,
  reading: Reading = {},
  options: ReadOptions = {},
): AsyncGenerator<TableRow> {
  const job: ParseJob = { kind: "table", format, bytes, reading, limits: options.limits ?? READ_LIMITS };
  for await (const message of parseInWorker(job)) {
    if (message.type === "reading") options.onReading?.(message.reading);
    else if (message.type === "rows") yield* message.rows;
  }
}

/**
 * The categories and offers of a YML file, streamed from the parse worker: `onCategories` is called
 * once the `<categories>` element is closed (it comes before `<offers>` in YML), offers are yielded
 * one by one. Unknown elements are skipped; a malformed document is `price_list_unreadable`.
 */
export async function* ymlOffers(
  bytes: Uint8Array,
  onCategories?: (categories: YmlCategory[]) => void,
  options: ReadOptions = {},
): AsyncGenerator<YmlOffer> {
  for await (const message of parseInWorker({ kind: "yml", bytes, limits: options.limits ?? READ_LIMITS })) {
    if (message.type === "categories") onCategories?.(message.categories);
    else if (message.type === "offers") yield* message.offers;
  }
}

/**
 * A 1C exchange file (CommerceML 2, server/onec/parse.ts) read in a parse worker: the XML `bytes`,
 * or the entry `entry` of the zip `bytes`. Yields the reader's batches; the file's meta (groups,
 * price types, warehouses, counts, "only changes") is handed to `onMeta` once the file is read.
 */
export async function* commerceMlEvents(
  bytes: Uint8Array,
  entry: string | null,
  limits: ReadLimits,
  onMeta: (meta: CmlMeta) => void,
): AsyncGenerator<CmlEvent> {
  for await (const message of parseInWorker({ kind: "commerceml", bytes, entry, limits })) {
    if (message.type === "cml") yield message.event;
    else if (message.type === "cml-meta") onMeta(message.meta);
  }
}

/** All categories of a YML (reads the file up to its first offer, then stops the worker). */
export async function ymlCategories(bytes: Uint8Array, options: ReadOptions = {}): Promise<YmlCategory[]> {
  let found: YmlCategory[] = [];
  const offers = ymlOffers(
    bytes,
    (c) => {
      found = c;
    },
    options,
  );
  for await (const _ of offers) break;
  return found;
}
