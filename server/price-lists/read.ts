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
 * Each reading runs in a parse process (worker.ts: a Node process with its V8 heap capped by
 * limits.ts `READ_LIMITS.worker`, killed after `timeoutMs`, its threads at nice 10 — started and
 * relayed by launcher.ts, a small child of this process, so the server never forks), at most
 * PARSE_WORKERS at a time; the child parses, this process only receives bounded
 * rows in batches (a CommerceML reading at most worker.ts CML_IN_FLIGHT batches ahead of its
 * caller, and timed only while it is waited for). Every child gets its own temp folder (TMPDIR,
 * which also holds the file it reads), removed when the reading ends however it ends — a limit, an
 * error, the timeout, a crash, or a caller that stops early (the child is killed then). The child
 * gets no secrets: its environment is the temp folder, PATH and NODE_ENV only.
 *
 * Errors (DomainError): `price_list_too_large` (422, `details: { limit, value, max }`, limits.ts) for
 * a file over a bound, including the parse process's heap (`memory_mb`) and time (`seconds`);
 * `price_list_unreadable` (422) for a file that cannot be read, with the reason in the message.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PriceListFormat } from "#contract/profile/price-lists.ts";
import { DomainError } from "../errors.ts";
import { DOCUMENT_MAX_BYTES, inspectUpload, MiB, UploadError } from "../files/uploads.ts";
import { ACK, READ_LIMITS, tooLarge, type ReadLimits } from "./limits.ts";
import type { Reading, TableRow, YmlCategory, YmlOffer } from "./parse.ts";
import type { ChildJob, ParseJob, ParseMessage } from "./worker.ts";
import type { LauncherEvent, LauncherRequest } from "./launcher.ts";
import type { CmlEvent, CmlMeta } from "../onec/parse.ts";
import { runnableModule } from "../paths.ts";

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

/** Parse processes running at once (each has READ_LIMITS.worker's heap); further readings wait their turn. */
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

const WORKER_PATH = runnableModule("server/price-lists/worker");

/**
 * `start` when a parse process begins reading, `end` when it is gone and its temp folder removed
 * (monitoring and the hostile-file tests, which ask the server for pages while a file is parsed).
 */
export const parseActivity = new EventEmitter<{ start: []; end: [] }>();

/** Options of a reading: bounds other than READ_LIMITS (tests), and the CSV reading callback. */
export interface ReadOptions {
  limits?: ReadLimits;
  onReading?: (reading: Required<Reading>) => void;
}

/**
 * This process's Node flags a parse process keeps (module resolution, warnings) — not its heap
 * bounds, which the child gets from the job, nor debugger or profiler flags, which would make the
 * child open the same port or write into the same profile folder.
 */
const CHILD_FLAGS = process.execArgv.filter(
  (flag) =>
    !/^--(max-old-space-size|max-semi-space-size|stack-size|inspect|cpu-prof|heap-prof|prof|heapsnapshot|diagnostic|report|title)/.test(
      flag,
    ),
);

/** The child's last words, enough to tell V8's "heap out of memory" from another crash. */
const STDERR_TAIL = 4096;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Fatal JavaScript out of memory|allocation failed/i;

const LAUNCHER_PATH = runnableModule("server/price-lists/launcher");

/** What a parse process tells its reader, as the launcher relays it. */
interface ParseProcessEvents {
  message(message: ParseMessage): void;
  stderr(text: string): void;
  error(error: Error): void;
  close(code: number | null, signal: NodeJS.Signals | null): void;
}

/** A parse process, started and relayed by the launcher. */
interface ParseProcess {
  send(message: unknown): void;
  kill(): void;
  /** Until its `close`. */
  readonly running: boolean;
}

/**
 * The server's side of launcher.ts: started at the first reading, it stays while readings run and
 * is let go of (unref'd, so it keeps no script alive) between them; one that dies takes its
 * readings with it (each gets `error` and `close`) and the next reading starts another.
 */
class Launcher {
  private process: ChildProcess | null = null;
  private nextId = 1;
  /** Readings in flight, each with the launcher that runs it. */
  private readonly readers = new Map<number, { events: ParseProcessEvents; launcher: ChildProcess }>();

  start(args: string[], env: Record<string, string>, events: ParseProcessEvents): ParseProcess {
    // Gone but not yet reaped: its readings fail now, a new one starts this reading.
    if (this.process && !this.process.connected) this.lose(this.process);
    const launcher = this.process ?? this.launch();
    const id = this.nextId++;
    this.readers.set(id, { events, launcher });
    this.hold();
    const readers = this.readers;
    const tell = (request: LauncherRequest) => {
      if (!readers.has(id) || !launcher.connected) return;
      try {
        launcher.send(request);
      } catch {
        this.lose(launcher);
      }
    };
    tell({ op: "spawn", id, args, env });
    return {
      send: (message) => tell({ op: "send", id, message }),
      kill: () => tell({ op: "kill", id }),
      get running() {
        return readers.has(id);
      },
    };
  }

  /** The running launcher's process id (monitoring, tests). */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  private launch(): ChildProcess {
    const launcher = spawn(process.execPath, [...CHILD_FLAGS, "--max-semi-space-size=4", LAUNCHER_PATH], {
      // Its own stderr is the server's: a crash of the launcher is the operator's to see.
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      serialization: "advanced",
      env: { PATH: process.env.PATH ?? "", NODE_ENV: process.env.NODE_ENV ?? "" },
    });
    this.process = launcher;
    launcher.on("message", (event: LauncherEvent) => {
      const reader = this.readers.get(event.id)?.events;
      if (!reader) return;
      if (event.type === "message") reader.message(event.message as ParseMessage);
      else if (event.type === "stderr") reader.stderr(event.text);
      else if (event.type === "error") reader.error(new Error(event.error));
      else this.finish(event.id, event.code, event.signal);
    });
    launcher.on("error", () => this.lose(launcher));
    launcher.on("exit", () => this.lose(launcher));
    return launcher;
  }

  /** A launcher that died or cannot be told anything: its readings fail, the next reading starts another. */
  private lose(launcher: ChildProcess): void {
    if (this.process === launcher) this.process = null;
    if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill("SIGKILL");
    for (const [id, reader] of this.readers) {
      if (reader.launcher !== launcher) continue;
      reader.events.error(new Error("the parse launcher stopped"));
      this.finish(id, null, "SIGKILL");
    }
  }

  private finish(id: number, code: number | null, signal: NodeJS.Signals | null): void {
    const reader = this.readers.get(id);
    this.readers.delete(id);
    reader?.events.close(code, signal);
    if (this.readers.size === 0) this.letGo();
  }

  /** Readings in flight keep this process alive (a script awaiting one must not exit under it). */
  private hold(): void {
    this.process?.ref();
    this.process?.channel?.ref();
  }

  private letGo(): void {
    this.process?.unref();
    this.process?.channel?.unref();
  }
}

const launcher = new Launcher();

/** The parse launcher's process id while one runs (monitoring and tests), else undefined. */
export function parseLauncherPid(): number | undefined {
  return launcher.pid;
}

/** Starts worker.ts through the launcher under `limits`: V8's heap flags mirror what `resourceLimits` capped. */
function startChild(limits: ReadLimits["worker"], tmp: string, events: ParseProcessEvents): ParseProcess {
  return launcher.start(
    [
      ...CHILD_FLAGS,
      `--max-old-space-size=${limits.maxOldGenerationSizeMb}`,
      // V8's young generation is three semi-spaces (two halves and the large-object space).
      `--max-semi-space-size=${Math.max(1, Math.floor(limits.maxYoungGenerationSizeMb / 3))}`,
      // In KB, and under the main thread's 8 MB stack that Linux gives by default.
      `--stack-size=${Math.min(limits.stackSizeMb * 1024, 7 * 1024)}`,
      WORKER_PATH,
    ],
    { TMPDIR: tmp, TMP: tmp, TEMP: tmp, PATH: process.env.PATH ?? "", NODE_ENV: process.env.NODE_ENV ?? "" },
    events,
  );
}

/**
 * Runs `job` in a parse process and yields its messages until `done`; throws the child's refusal
 * as a DomainError. The child is killed and its temp folder removed when this ends (also when the
 * caller stops iterating).
 */
async function* parseInChild(job: ParseJob): AsyncGenerator<ParseMessage> {
  const release = await turn();
  const limits = job.limits.worker;
  const tmp = await mkdtemp(path.join(os.tmpdir(), `postavka-parse-${process.pid}-`)).catch((error: unknown) => {
    release();
    throw error;
  });
  const queue: ParseMessage[] = [];
  let failure: Error | null = null;
  let exited = false;
  let closed: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  let child: ParseProcess | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const input = path.join(tmp, "input");
    await writeFile(input, job.bytes);
    const { bytes: _bytes, ...rest } = job;
    let stderr = "";
    let close: () => void = () => {};
    closed = new Promise<void>((resolve) => (close = resolve));
    child = startChild(limits, tmp, {
      message: (message) => {
        queue.push(message);
        poke();
      },
      stderr: (text) => {
        stderr = (stderr + text).slice(-STDERR_TAIL);
      },
      error: (error) => {
        failure ??= error;
        poke();
      },
      // After the IPC channel and stderr are drained, so every message sent before the end is queued.
      close: (_code, signal) => {
        exited = true;
        if (OUT_OF_MEMORY.test(stderr)) failure ??= tooLarge("memory_mb", limits.maxOldGenerationSizeMb, limits.maxOldGenerationSizeMb);
        else if (signal !== "SIGKILL" && stderr.trim()) failure ??= unreadable(`the reader stopped (${stderr.trim().split("\n").at(-1)})`);
        close();
        poke();
      },
    });
    const started = child;
    parseActivity.emit("start");
    child.send({ ...rest, input } satisfies ChildJob);
    const seconds = Math.ceil(limits.timeoutMs / 1000);
    // A flow-controlled reading (CommerceML: the child waits for ACKs) is timed only while this side
    // waits for it, not while the caller works on a batch — the child is idle then.
    const paced = job.kind === "commerceml";
    let budget = limits.timeoutMs;
    let armedAt = 0;
    const arm = () => {
      armedAt = Date.now();
      timer = setTimeout(() => {
        failure ??= tooLarge("seconds", seconds, seconds);
        started.kill();
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
          if (message.type === "cml" && started.running) started.send(ACK);
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
    if (child?.running) child.kill();
    await closed;
    await rm(tmp, { recursive: true, force: true });
    release();
    if (child) parseActivity.emit("end");
  }
}

/** Rows of a CSV or XLSX (every worksheet), empty rows skipped; read in a parse process (module comment). */
export async function* tableRows(
  format: "csv" | "xlsx",
  bytes: Uint8Array,
  reading: Reading = {},
  options: ReadOptions = {},
): AsyncGenerator<TableRow> {
  const job: ParseJob = { kind: "table", format, bytes, reading, limits: options.limits ?? READ_LIMITS };
  for await (const message of parseInChild(job)) {
    if (message.type === "reading") options.onReading?.(message.reading);
    else if (message.type === "rows") yield* message.rows;
  }
}

/**
 * The categories and offers of a YML file, streamed from the parse process: `onCategories` is called
 * once the `<categories>` element is closed (it comes before `<offers>` in YML), offers are yielded
 * one by one. Unknown elements are skipped; a malformed document is `price_list_unreadable`.
 */
export async function* ymlOffers(
  bytes: Uint8Array,
  onCategories?: (categories: YmlCategory[]) => void,
  options: ReadOptions = {},
): AsyncGenerator<YmlOffer> {
  for await (const message of parseInChild({ kind: "yml", bytes, limits: options.limits ?? READ_LIMITS })) {
    if (message.type === "categories") onCategories?.(message.categories);
    else if (message.type === "offers") yield* message.offers;
  }
}

/**
 * A 1C exchange file (CommerceML 2, server/onec/parse.ts) read in a parse process: the XML `bytes`,
 * or the entry `entry` of the zip `bytes`. Yields the reader's batches; the file's meta (groups,
 * price types, warehouses, counts, "only changes") is handed to `onMeta` once the file is read.
 */
export async function* commerceMlEvents(
  bytes: Uint8Array,
  entry: string | null,
  limits: ReadLimits,
  onMeta: (meta: CmlMeta) => void,
): AsyncGenerator<CmlEvent> {
  for await (const message of parseInChild({ kind: "commerceml", bytes, entry, limits })) {
    if (message.type === "cml") yield message.event;
    else if (message.type === "cml-meta") onMeta(message.meta);
  }
}

/** All categories of a YML (reads the file up to its first offer, then stops the parse process). */
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
