/**
 * Background work on a PostgreSQL-backed job queue (pg-boss, its own schema `pgboss` on the
 * product's database — PGlite or the PostgreSQL server). A job is a row: it survives restarts, a
 * failing handler is retried with back-off, and on several processes each job runs once (claimed
 * with `FOR UPDATE SKIP LOCKED`). Cron schedules are kept in the database too, so one schedule
 * fires once across all processes. ADR 025 says why pg-boss and how tests drain the queue.
 *
 * Shapes:
 * - `JobDefinition<T>`: `name` (a queue name, `[a-z0-9-]`), `run(data: T, ctx)`; optional `cron`
 *   (5-field, UTC) with `cronData`, `retryLimit` (default 3), `expireInSeconds` (default 15 min).
 * - `JobQueue.send(name, data, { startAfter?: Date | seconds, singletonKey?, singletonSeconds? })` → job
 *   id, or null when de-duplicated (see `JobDefinition.policy`).
 * - `JobQueue.runDue(name?)` runs every due job now, in this process, and returns how many ran —
 *   for tests (no sleeps) and the `npm run jobs` CLI.
 *
 * Errors: `send` of a name without a definition throws `UnknownJobError` (a programming error).
 */
import { PgBoss, type Job, type JobResult } from "pg-boss";
import type pg from "pg";
import type { Logger } from "../logger.ts";

/** What a job handler gets besides its data: the services it may use (filled by the caller). */
export interface JobContext {
  logger: Logger;
  /** The queue itself, so a job can enqueue follow-ups (e.g. a fan-out). */
  jobs: JobQueue;
  /** Further services a feature needs (db, mailer, storage…), given to `createJobQueue`. */
  services: JobServices;
}

/**
 * Services handed to every job. Open for extension: a feature that needs another service adds it
 * here (optional) and passes it in server/main.ts and tests/support/api.ts.
 */
export interface JobServices {
  db?: import("../db/client.ts").Db;
  mailer?: import("../auth/delivery/mailer.ts").Mailer;
  storage?: import("../files/storage.ts").FileStorage;
  /** Upload quotas per person and company (STORAGE_QUOTA_*_MB): the 1C exchange's pictures count against them. */
  storageQuota?: import("../files/receive.ts").StorageQuota;
  publicUrl?: () => string;
  /** The Bank of Russia's XML_daily.asp (CBR_RATES_URL) the daily rates job fetches (server/money/jobs.ts). */
  cbrRatesUrl?: string;
  /** The FNS register archives (or their open-data passports) the monthly `import-registers` job fetches (server/registers/jobs.ts). */
  registerUrls?: string[];
  /** Machine translation of supplier content (server/translation); absent when not configured. */
  translator?: import("../translation/provider.ts").Translator;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  run(data: T, ctx: JobContext & { job: { id: string; retryCount: number } }): Promise<void>;
  /** A recurring job: 5-field cron in UTC (e.g. "30 12 * * *"). */
  cron?: string;
  cronData?: T;
  retryLimit?: number;
  expireInSeconds?: number;
  /**
   * pg-boss queue policy: "standard" (default); "short" keeps at most one queued job per
   * `singletonKey` (a second send returns null); "singleton" at most one running; "stately" both.
   */
  policy?: "standard" | "short" | "singleton" | "stately";
}

/** A definition with its data type erased, as the queue keeps it (see `defineJob`). */
export type AnyJobDefinition = JobDefinition<object>;

/** Types a job's definition by its data and erases that type for the list in definitions.ts. */
export function defineJob<T extends object>(definition: JobDefinition<T>): AnyJobDefinition {
  return definition as unknown as AnyJobDefinition;
}

export interface SendOptions {
  /** Not before this moment (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** De-duplication key: see `JobDefinition.policy`, or with `singletonSeconds` one job per key per window. */
  singletonKey?: string;
  /** With `singletonKey`: at most one job per key in each window of this many seconds. */
  singletonSeconds?: number;
}

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Cancels a queued job (one scheduled for later, e.g. the e-mails of an award the buyer undid); a settled one is left as it is. */
  cancel(name: string, id: string): Promise<void>;
  /** Runs the due jobs of one queue (or all) in this process; returns how many ran. */
  runDue(name?: string): Promise<number>;
  /** Jobs queued or running (for progress pages and tests). */
  pending(name: string): Promise<number>;
  stop(): Promise<void>;
}

export class UnknownJobError extends Error {
  override name = "UnknownJobError";
}

export interface JobQueueOptions {
  pool: pg.Pool;
  logger: Logger;
  definitions: readonly AnyJobDefinition[];
  services?: JobServices;
  /**
   * Poll and run jobs in the background (a server process). Off in tests and one-shot scripts,
   * which call `runDue()`; schedules are installed either way.
   */
  work?: boolean;
  /** Seconds between polls of a working queue (default 2). */
  pollingIntervalSeconds?: number;
}

/** Jobs a working queue fetches at a time (see registerQueues). */
const WORK_BATCH = 10;

/** Starts pg-boss on `pool` (installing or migrating its schema under its own lock) and registers the definitions. */
export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  // Two processes starting together on a fresh database race to install pg-boss's schema and
  // queues; the loser's statement fails on a unique constraint. Everything it does is idempotent,
  // so the loser tries again once the winner is through.
  for (let attempt = 1; ; attempt++) {
    try {
      return await openJobQueue(options);
    } catch (error) {
      if (attempt >= 3) throw error;
      options.logger.warn({ err: error, attempt }, "job queue start failed; retrying");
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

async function openJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { pool, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: "pgboss",
    // Maintenance and cron monitoring only where jobs run; a script or a test needs neither.
    supervise: options.work ?? false,
    schedule: options.work ?? false,
    registerInstance: false,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();

  const definitions = new Map(options.definitions.map((d) => [d.name, d]));
  const queue: JobQueue = {
    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new UnknownJobError(`No job named ${name}`);
      return boss.send(name, data, {
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
        singletonSeconds: sendOptions.singletonSeconds,
      });
    },
    async cancel(name, id) {
      await boss.cancel(name, id);
    },
    async runDue(name) {
      let ran = 0;
      for (const definition of name ? [definitions.get(name)!] : definitions.values()) {
        // A job may enqueue follow-ups on its own queue: keep fetching until the queue is empty.
        for (;;) {
          const batch = await boss.fetch<object>(definition.name, { batchSize: 20 });
          if (batch.length === 0) break;
          for (const job of batch) {
            ran += 1;
            await execute(definition, job);
          }
        }
      }
      return ran;
    },
    async pending(name) {
      const stats = await boss.getQueue(name);
      return stats ? stats.queuedCount + stats.activeCount : 0;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
  const context: JobContext = { logger, jobs: queue, services: options.services ?? {} };

  async function execute(definition: JobDefinition, job: Job<object>) {
    try {
      await definition.run(job.data, { ...context, job: { id: job.id, retryCount: job.retryCount } });
      await boss.complete(definition.name, job.id);
    } catch (error) {
      logger.warn({ err: error, job: definition.name, id: job.id }, "job failed");
      await boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
    }
  }

  try {
    await registerQueues();
  } catch (error) {
    // A half-started instance would keep polling and supervising: stop it before trying again.
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  return queue;

  async function registerQueues() {
    for (const definition of definitions.values()) {
      await boss.createQueue(definition.name, {
        policy: definition.policy ?? "standard",
        retryLimit: definition.retryLimit ?? 3,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 900,
      });
      if (definition.cron) await boss.schedule(definition.name, definition.cron, definition.cronData ?? {}, { tz: "UTC" });
      if (options.work) {
        // pg-boss waits a whole polling interval after every fetch unless a fetch comes back full:
        // one job per fetch drained a backlog at one job per 2 s (a burst of notification e-mails
        // took minutes). Batches of WORK_BATCH, fetched back to back while they come back full, each
        // job settled on its own so one failure does not fail (and retry) its neighbours.
        await boss.work<object>(
          definition.name,
          {
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            batchSize: WORK_BATCH,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          async (jobs) => {
            const results: JobResult[] = [];
            for (const job of jobs) {
              try {
                await definition.run(job.data, { ...context, job: { id: job.id, retryCount: job.retryCount } });
                results.push({ id: job.id, status: "completed" });
              } catch (error) {
                logger.warn({ err: error, job: definition.name, id: job.id }, "job failed");
                results.push({ id: job.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } });
              }
            }
            return results;
          },
        );
      }
    }
  }
}

/** Stands in where no queue was given (a bare API app in a test): enqueuing is a programming error there. */
export const noJobQueue: JobQueue = {
  send: () => Promise.reject(new Error("No job queue configured")),
  cancel: () => Promise.reject(new Error("No job queue configured")),
  runDue: async () => 0,
  pending: async () => 0,
  stop: async () => {},
};
