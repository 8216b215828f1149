/**
 * The page-view buffer of a web process (ADR 051): `record()` adds one view to an in-memory count per
 * (kind, entity, UTC day) and returns at once — a page never waits for, nor fails because of, the
 * database. `flush()` writes the counts as rows of `page_view_hits` (one multi-row insert per
 * FLUSH_BATCH keys) and is called every `flushEveryMs` (an unref'd interval: it only moves the
 * buffer, the aggregation itself is a queued job, server/page-views/jobs.ts), as soon as the buffer
 * holds `maxKeys` keys, and on `close()`.
 *
 * A failed flush is logged and its counts dropped: views are statistics, and retrying a database
 * that is down would grow the buffer without bound. A process that dies loses at most the views of
 * its last interval.
 */
import type { Db } from "../db/client.ts";
import { pageViewHits, type PageViewKind } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { PageViewTarget } from "./classify.ts";

/** Rows per insert statement. */
const FLUSH_BATCH = 1000;

export interface PageViewRecorderOptions {
  db: Db;
  logger?: Pick<Logger, "warn">;
  /** How often the buffer is written (ms); 0: only by `flush()`, `close()` and a full buffer (tests). Default 10 s. */
  flushEveryMs?: number;
  /** Keys (kind, entity, day) held before a flush is started at once. Default 5,000. */
  maxKeys?: number;
  /** The clock (ms since the epoch); tests pass their own. */
  now?: () => number;
}

export interface PageViewRecorder {
  /** Counts one view of `target` now (UTC day of the clock). */
  record(target: PageViewTarget): void;
  /** Writes what is buffered; resolves when written (or dropped after a logged failure). */
  flush(): Promise<void>;
  /** Stops the interval and flushes. */
  close(): Promise<void>;
}

/** The UTC calendar day of `ms` as `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function createPageViewRecorder(options: PageViewRecorderOptions): PageViewRecorder {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 5000;
  let buffer = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (buffer.size === 0) return writing;
    const taken = buffer;
    buffer = new Map();
    const rows = [...taken].map(([key, views]) => {
      const [kind, entityId, day] = key.split("|") as [PageViewKind, string, string];
      return { kind, entityId: Number(entityId), day, views };
    });
    // One write after another: flushes never race each other for the pool.
    writing = writing.then(async () => {
      try {
        for (let i = 0; i < rows.length; i += FLUSH_BATCH) await options.db.insert(pageViewHits).values(rows.slice(i, i + FLUSH_BATCH));
      } catch (error) {
        options.logger?.warn({ err: error, keys: rows.length }, "page views dropped: the flush failed");
      }
    });
    return writing;
  };

  const every = options.flushEveryMs ?? 10_000;
  const timer = every > 0 ? setInterval(() => void flush(), every) : undefined;
  timer?.unref();

  return {
    record(target) {
      const key = `${target.kind}|${target.id}|${utcDay(now())}`;
      buffer.set(key, (buffer.get(key) ?? 0) + 1);
      if (buffer.size >= maxKeys) void flush();
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
