/**
 * Page-cache invalidation across processes (issue 16 §2), over PostgreSQL LISTEN/NOTIFY: no new
 * server. A process that takes a write of public data empties its own cache and sends
 * `NOTIFY postavka_pages, '<its id>'`; every other process listening on the channel empties its
 * cache on the notification. The admin CLI (another process) notifies the same way.
 *
 * The listener holds one dedicated connection. When it drops (PostgreSQL restarted, network), the
 * bus reconnects with a growing delay (0.5 s … 10 s) and empties the local cache once it is back:
 * notifications sent meanwhile are lost, so everything cached before may be stale.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "./logger.ts";

export const PAGE_CACHE_CHANNEL = "postavka_pages";

/** Ends a connection that failed; its own failure to end says nothing new. */
function closeQuietly(client: pg.Client): void {
  client.end().then(
    () => undefined,
    () => undefined,
  );
}

export interface PageCacheBus {
  /** Tells the other processes that public data changed (never throws: a lost notice only delays). */
  publish(): void;
  close(): Promise<void>;
}

/**
 * Listens on PAGE_CACHE_CHANNEL at `url` and calls `invalidate` on every other process's notice.
 * Resolves once listening (or after the first failed attempt, retrying in the background).
 */
export async function startPageCacheBus(url: string, invalidate: () => void, logger: Logger): Promise<PageCacheBus> {
  const id = randomUUID();
  const publisher = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 10_000 });
  publisher.on("error", () => undefined);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (message.channel === PAGE_CACHE_CHANNEL && message.payload !== id) invalidate();
    });
    next.on("error", (error) => {
      logger.warn({ err: error }, "page-cache bus: connection lost");
      if (client === next) client = null;
      closeQuietly(next);
      schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${PAGE_CACHE_CHANNEL}`);
    } catch (error) {
      closeQuietly(next);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = 500;
    // Notices sent while this process was not listening are lost: start from an empty cache.
    invalidate();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error, retryMs }, "page-cache bus: reconnect failed");
        retryMs = Math.min(retryMs * 2, 10_000);
        schedule();
      });
    }, retryMs);
  };

  await connect().catch((error: unknown) => {
    logger.warn({ err: error }, "page-cache bus: not listening yet; retrying");
    schedule();
  });

  return {
    publish() {
      publisher
        .query("select pg_notify($1, $2)", [PAGE_CACHE_CHANNEL, id])
        .catch((error: unknown) => logger.warn({ err: error }, "page-cache bus: notify failed"));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

/** One notice from a process that does not listen (the admin CLI after a change). */
export async function notifyPageCaches(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query("select pg_notify($1, $2)", [PAGE_CACHE_CHANNEL, "cli"]);
  } finally {
    await client.end();
  }
}
