/**
 * Opens the database: a PostgreSQL ≥ 15 server when `DATABASE_URL` is set, otherwise the embedded
 * PGlite database under `<DATA_DIR>/pglite`, served from a worker thread (see pglite-worker.ts).
 * Both are reached through one `pg` pool and one Drizzle instance, so every query is plain
 * PostgreSQL and the code never branches on the engine.
 *
 * Errors: `DatabaseInUseError` when another process holds the embedded database folder.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import { RoutingPool, type ReplicaOptions } from "./replicas.ts";
import * as schema from "./schema.ts";
import { runnableModule, sourceFile } from "../paths.ts";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: "pglite" | "postgres";
  /** Human-readable location, without credentials. */
  location: string;
  /** The pool routing reads to replicas (DATABASE_REPLICA_URLS; server/db/replicas.ts), when any are configured. */
  routing?: RoutingPool;
  /** True when a trivial query answers within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /**
   * Let statements be named on PostgreSQL (server/db/named-statement.ts) (default true; DATABASE_PREPARED_STATEMENTS).
   * Off behind a transaction-mode pooler that loses them between transactions.
   */
  preparedStatements?: boolean;
  /** PostgreSQL streaming replicas for reads (PostgreSQL only; ADR 058). */
  replicaUrls?: string[];
  /** Lag bound and poll interval of the replicas (server/db/replicas.ts). */
  replicaOptions?: ReplicaOptions;
}

export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

const migrationsFolder = sourceFile("server/db/migrations");

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.poolMax ?? 10,
        options.replicaUrls ?? [],
        options.replicaOptions,
        options.preparedStatements ?? true,
      )
    : await openPglite(path.join(options.dataDir, "pglite"));
  if (options.migrate !== false) {
    try {
      await migrateLocked(database.pool);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  if (database.routing) await database.routing.start();
  return database;
}

/**
 * Key of the session-level advisory lock migrations run under ("postavka migrations" as an int).
 * Two servers starting together on one PostgreSQL database (several processes or machines, or the
 * release step beside a starting server) would otherwise both apply a pending migration, and the
 * second would fail half-way; with the lock the second waits, then finds nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = 0x706f7374;

/** Applies pending migrations on one connection of `pool` while holding MIGRATION_LOCK_KEY. */
export async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema, casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Drizzle instances on a PostgreSQL server, opened with prepared statements on (the default). */
const namingDbs = new WeakSet<Db>();

/**
 * Whether statements on `db` may be sent with a name (server/db/named-statement.ts): only a pool on a
 * PostgreSQL server opened with prepared statements on. Not a transaction's handle (not in the set),
 * not PGlite (its one backend session outlives the pool's connections, so a name prepared by a closed
 * connection would collide on the next), and not with `preparedStatements: false`
 * (DATABASE_PREPARED_STATEMENTS), i.e. behind a transaction-mode pooler that would send a named
 * statement's execution to another server session.
 */
export function statementsMayBeNamed(db: Db): boolean {
  return namingDbs.has(db);
}

function wrap(pool: pg.Pool, kind: Database["kind"], location: string, onClose: () => Promise<void>): Database {
  let closed = false;
  return {
    db: drizzle(pool, { schema, casing: "snake_case" }),
    pool,
    kind,
    location,
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
        });
        await Promise.race([pool.query("select 1"), timeout]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      await onClose();
    },
  };
}

function openPostgres(
  url: string,
  max: number,
  replicaUrls: string[],
  replicaOptions: ReplicaOptions | undefined,
  prepared: boolean,
): Database {
  // node-postgres waits forever for a free connection unless told otherwise.
  const config: pg.PoolConfig = { connectionString: url, max, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 };
  const routing = replicaUrls.length > 0 ? new RoutingPool(config, replicaUrls, replicaOptions) : undefined;
  const pool = routing ?? new pg.Pool(config);
  // An idle connection the server drops (a restart, a failover, an administrator's terminate) emits
  // "error" on the pool; without a listener that error would end the process. The pool discards the
  // connection by itself and the next query opens a new one, so there is nothing else to do here.
  pool.on("error", () => undefined);
  const parsed = new URL(url);
  const database = wrap(pool, "postgres", `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`, async () => {});
  if (prepared) namingDbs.add(database.db);
  return routing ? { ...database, routing } : database;
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { stale: 15_000, update: 5_000, lockfilePath: `${dir}.lock` });
  } catch {
    throw new DatabaseInUseError(
      `The embedded database in ${dir} is in use by another process (a running server?). ` +
        "Stop it first, or point DATABASE_URL at a PostgreSQL server.",
    );
  }
  const worker = new Worker(runnableModule("server/db/pglite-worker"), { workerData: { dataDir: dir } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message: { type: string; port?: number; message?: string }) => {
      if (message.type === "ready") resolve(message.port!);
      if (message.type === "error") reject(new Error(`PGlite failed to start: ${message.message}`));
    });
  }).catch(async (error) => {
    await worker.terminate();
    await release();
    throw error;
  });
  const pool = new pg.Pool({
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
    max: 1,
    connectionTimeoutMillis: 30_000,
  });
  return wrap(pool, "pglite", dir, async () => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      worker.on("message", (message: { type: string }) => {
        if (message.type === "closed") {
          clearTimeout(timer);
          resolve();
        }
      });
      worker.postMessage({ type: "close" });
    });
    await worker.terminate();
    await release();
  });
}
