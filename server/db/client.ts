/**
 * Opens the database: a PostgreSQL ≥ 15 server when `DATABASE_URL` is set, otherwise the embedded
 * PGlite database under `<DATA_DIR>/pglite`, served from a worker thread (see pglite-worker.ts).
 * Both are reached through one `pg` pool and one Drizzle instance, so every query is plain
 * PostgreSQL and the code never branches on the engine.
 *
 * Errors: `DatabaseInUseError` when another process holds the embedded database folder.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import lockfile from "proper-lockfile";
import { RoutingPool, type ReplicaOptions } from "./replicas.ts";
import * as schema from "./schema.ts";

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
   * Let executePrepared name its statements on PostgreSQL (default true; DATABASE_PREPARED_STATEMENTS).
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

const migrationsFolder = path.join(import.meta.dirname, "migrations");

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

/** Drizzle instances on a PostgreSQL server (not PGlite) whose statements may be named: see executePrepared. */
const serverDbs = new WeakSet<Db>();
/** Drizzle instances opened with `preparedStatements: false`: every statement unnamed (a transaction-mode pooler). */
const unnamedOnly = new WeakSet<Db>();

/**
 * Whether statements on `db` may be sent with a name (named-statement.ts, executePrepared): not when
 * it was opened with `preparedStatements: false` (DATABASE_PREPARED_STATEMENTS), i.e. behind a
 * transaction-mode pooler that would send a named statement's execution to another server session.
 */
export function mayNameStatements(db: Db): boolean {
  return !unnamedOnly.has(db);
}
/** Compiles SQL as the Drizzle instances do (same casing), for executePrepared's statement names. */
const dialect = new PgDialect({ casing: "snake_case" });
/** Statement text → its prepared statement's name, for the first MAX_PREPARED_SHAPES texts run. */
const preparedNames = new Map<string, string>();

/**
 * How many distinct statements (query shapes) one process runs as named prepared statements
 * (executePrepared); later ones run unnamed. Each is prepared once per pooled connection and holds
 * its generic plan there, ≈ 0.9 MB of server memory for the sixteen-branch product search (ADR 068),
 * so the bound keeps that at most 32 × the pool's size per process; idle connections close after
 * 30 s and free theirs. The bench's 249 queries make 11 shapes.
 */
export const MAX_PREPARED_SHAPES = 32;

/**
 * Forgets which statement texts have names, so the next MAX_PREPARED_SHAPES texts run get them (for
 * tests, where every file's searches share one process). Connections keep what they prepared: a
 * name is its text's hash, so a text named again gets the same name and is not prepared twice.
 */
export function forgetPreparedShapes(): void {
  preparedNames.clear();
}

/**
 * Runs `query` like `db.execute` (same rows, same type parsing) but, on a PostgreSQL server, as a
 * named prepared statement whose name is a hash of its text: node-postgres prepares it once per
 * connection and then only binds and executes it, and after five executions PostgreSQL may keep one
 * generic plan for it (plan_cache_mode auto: when that plan's estimated cost is no worse than the
 * custom plans' average) and stop planning it at all. For a statement whose planning costs more than
 * its execution saves from knowing the parameters — the product search's sixteen branches, ADR 068.
 * On PGlite (one backend session shared by every reconnection of its one-connection pool, where a
 * name prepared by an earlier connection would collide), in a transaction `db` (not in the set), and
 * past MAX_PREPARED_SHAPES distinct texts, and with `preparedStatements: false` (a transaction-mode
 * pooler), the statement runs unnamed, as db.execute runs it.
 * Errors: those of the statement.
 */
export async function executePrepared<T extends pg.QueryResultRow>(db: Db, query: SQL): Promise<pg.QueryResult<T>> {
  if (!serverDbs.has(db)) return (await db.execute<T>(query)) as pg.QueryResult<T>;
  const built = dialect.sqlToQuery(query);
  let name = preparedNames.get(built.sql);
  if (!name) {
    if (preparedNames.size >= MAX_PREPARED_SHAPES) return (await db.execute<T>(query)) as pg.QueryResult<T>;
    name = `q_${createHash("sha1").update(built.sql).digest("hex").slice(0, 20)}`;
    preparedNames.set(built.sql, name);
  }
  // Drizzle's own raw path (db.execute) with a statement name: its type parsers (timestamps as text) apply.
  const prepared = db._.session.prepareQuery<{ execute: pg.QueryResult<T>; all: unknown; values: unknown }>(built, undefined, name, false);
  return prepared.execute();
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
  if (prepared) serverDbs.add(database.db);
  else unnamedOnly.add(database.db);
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
  const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), { workerData: { dataDir: dir } });
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
  // PGlite is one session whichever connection reaches it: the named statements a closed connection
  // prepared (server/db/named-statement.ts, ADR 069) are still there, and node-postgres on the new
  // connection would prepare them again ("already exists"). The pool's one connection is replaced
  // after 10 s idle, so every new one starts by forgetting them; the deallocate is queued before the
  // query that opened it.
  pool.on("connect", (client) => {
    client.query("deallocate all").catch(() => undefined);
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
