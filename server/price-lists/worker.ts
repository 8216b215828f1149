/**
 * The parse process (a child process started by read.ts `parseInChild` under a V8 heap cap, a
 * wall-clock limit and a lowered CPU priority): reads one user file's bytes with the readers of
 * parse.ts and sends what it finds to the parent over the IPC channel, so a runaway file costs this
 * process's bounded heap and time, never the server's (issue 25 §1, ADR 038 and its addendum).
 *
 * The parent's first message is a `ChildJob` (a `ParseJob` whose bytes are in the file `input`
 * of the process's own temp folder). Messages to the parent, in order: `reading` (CSV: the
 * encoding and delimiter used), `categories` (YML), batches of `rows` or `offers` (at most BATCH
 * each), then `done` — or `error` with a `LimitBreach` (`price_list_too_large`) or the reason a file
 * cannot be read (`price_list_unreadable`). The parent ends the process after either. A CommerceML
 * reading keeps at most CML_IN_FLIGHT batches ahead of the parent (which acknowledges each one it took).
 */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import { ArchiveCorruptError, ArchiveLimitError } from "../files/archive.ts";
import { ACK, LimitError, type LimitBreach, type ReadLimits } from "./limits.ts";
import { csvRows, Unreadable, xlsxRows, ymlRead, type Reading, type TableRow, type YmlCategory, type YmlOffer } from "./parse.ts";
import { readCommerceMlFile, type CmlEvent, type CmlMeta } from "../onec/read-file.ts";

/** What the parent asks the worker to read. */
export type ParseJob =
  | { kind: "table"; format: "csv" | "xlsx"; bytes: Uint8Array; reading: Reading; limits: ReadLimits }
  | { kind: "yml"; bytes: Uint8Array; limits: ReadLimits }
  /** A 1C exchange file (server/onec): the XML itself, or `entry` of the zip `bytes`. */
  | { kind: "commerceml"; bytes: Uint8Array; entry: string | null; limits: ReadLimits };

/** A `ParseJob` as it crosses to the parse process: its bytes stay in the file `input`. */
export type ChildJob = DistributiveOmit<ParseJob, "bytes"> & { input: string };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the parse process sends back. */
export type ParseMessage =
  | { type: "reading"; reading: Required<Reading> }
  | { type: "categories"; categories: YmlCategory[] }
  | { type: "rows"; rows: TableRow[] }
  | { type: "offers"; offers: YmlOffer[] }
  | { type: "cml"; event: CmlEvent }
  | { type: "cml-meta"; meta: CmlMeta }
  | { type: "done" }
  | { type: "error"; breach?: LimitBreach; unreadable?: string };

const BATCH = 500;

/**
 * Batches of a CommerceML reading posted and not yet taken by the parent (read.ts answers each taken
 * one with ACK) before the reader waits. Without it the reader outran the 1C import: a 50,000-product
 * file's batches all waited as objects on the server's main heap (larger heap, longer GC pauses on the
 * thread issue 29's event-loop p99 is measured on). The other readers' callers take what comes.
 */
export const CML_IN_FLIGHT = 4;

/** Counts the batches in flight; `room()` resolves once fewer than CML_IN_FLIGHT are. */
function flow() {
  let inFlight = 0;
  let resume: (() => void) | null = null;
  process.on("message", (message: unknown) => {
    if (message !== ACK) return;
    inFlight -= 1;
    resume?.();
    resume = null;
  });
  return {
    sent() {
      inFlight += 1;
    },
    async room() {
      while (inFlight >= CML_IN_FLIGHT) await new Promise<void>((resolve) => (resume = resolve));
    },
  };
}

async function run(job: ParseJob, post: (message: ParseMessage) => void): Promise<void> {
  if (job.kind === "commerceml") {
    const reader = readCommerceMlFile(job.bytes, job.entry, job.limits);
    const credit = flow();
    for (;;) {
      const next = await reader.next();
      if (next.done) {
        post({ type: "cml-meta", meta: next.value });
        return;
      }
      post({ type: "cml", event: next.value });
      credit.sent();
      await credit.room();
    }
  }
  if (job.kind === "yml") {
    let batch: YmlOffer[] = [];
    for await (const offer of ymlRead(job.bytes, job.limits, (categories) => post({ type: "categories", categories }))) {
      batch.push(offer);
      if (batch.length >= BATCH) {
        post({ type: "offers", offers: batch });
        batch = [];
      }
    }
    if (batch.length > 0) post({ type: "offers", offers: batch });
    return;
  }
  const rows =
    job.format === "csv"
      ? csvRows(job.bytes, job.reading, job.limits, (reading) => post({ type: "reading", reading }))
      : xlsxRows(job.bytes, job.limits);
  let batch: TableRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) {
      post({ type: "rows", rows: batch });
      batch = [];
    }
  }
  if (batch.length > 0) post({ type: "rows", rows: batch });
}

/** The failure as a message: a bound passed, or why the file cannot be read. */
function failure(error: unknown): ParseMessage {
  if (error instanceof LimitError) return { type: "error", breach: error.breach };
  if (error instanceof ArchiveLimitError) return { type: "error", breach: { limit: error.limit, value: error.value, max: error.max } };
  if (error instanceof Unreadable || error instanceof ArchiveCorruptError) return { type: "error", unreadable: error.message };
  // A stack overflow, a decoder's TypeError…: the file is what made the reader fail.
  return { type: "error", unreadable: error instanceof Error ? error.message : String(error) };
}

/**
 * The parse process's nice value: reading a user's file yields the CPU to the server's threads and
 * to PostgreSQL when cores are short (issue 25's Measure: honest p99 under hostile uploads). On
 * Linux a nice value is a thread's own and a new thread inherits its creator's, so every thread that
 * exists now — the main thread and V8's platform threads, which run this heap's garbage collection —
 * is lowered one by one (/proc/self/task); the libuv pool (zlib inflation for yauzl) is started later
 * by the main thread and inherits it. A worker thread could only lower itself: its GC and inflation
 * ran on the server's own threads at full priority, which is why parsing moved to a process.
 * Raising the value needs no privilege.
 */
const PARSE_NICE = 10;

function lowerPriority(): void {
  if (process.platform !== "linux") return;
  try {
    for (const tid of readdirSync("/proc/self/task")) os.setPriority(Number(tid), PARSE_NICE);
  } catch {
    // A sandbox that forbids it: the parse runs at the server's priority.
  }
}

if (process.send) {
  lowerPriority();
  // The reader's side is gone (the launcher or the server died, or ended the reading): nobody will
  // read what this finds, nor kill it at the time limit.
  process.once("disconnect", () => process.exit(0));
  const post = (message: ParseMessage) => void process.send?.(message);
  process.once("message", (message: unknown) => {
    const { input, ...rest } = message as ChildJob;
    void (async () => {
      try {
        const bytes = new Uint8Array(await readFile(input));
        await run({ ...rest, bytes } as ParseJob, post);
        post({ type: "done" });
      } catch (error) {
        post(failure(error));
      }
    })();
  });
}
