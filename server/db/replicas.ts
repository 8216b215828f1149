/**
 * Read replicas (issue 31 §1, ADR 058): reads that may be answered from a PostgreSQL streaming
 * replica are, writes and everything in a transaction go to the primary, and a person who has just
 * written reads their own writes.
 *
 * - `RoutingPool` is the `pg.Pool` of the primary that Drizzle and every service use. Its `query()`
 *   sends a statement to a replica only when (a) the code runs inside `readRouting.run(...)` with
 *   `replicaAllowed` (server/http.ts sets it for GET and HEAD requests), (b) the statement is a plain
 *   read (`isReadOnlyStatement`), (c) nothing in this request has written yet, and (d) a replica is
 *   healthy, within the lag bound and has replayed at least the request's `minLsn`. `connect()` (what
 *   transactions and advisory locks use) is always the primary's. A replica that fails with a
 *   connection or recovery-conflict error is marked down and the statement is retried on the
 *   primary, so a visitor never sees the replica's loss.
 * - `ReplicaMonitor` polls every replica (`pg_is_in_recovery()`, `pg_last_wal_replay_lsn()`) and the
 *   primary (`pg_current_wal_lsn()`) every `intervalMs`. A replica is fresh when it has replayed the
 *   WAL position the primary had `maxLagMs` ago (compared as LSNs, so an idle primary does not make
 *   a replica look late); one that stops answering, lags beyond that, or was promoted (no longer in
 *   recovery) is skipped until it is fresh again.
 * - Read-your-writes: a request that wrote (any statement that went to the primary other than a
 *   plain read, or a transaction) ends with the primary's `pg_current_wal_lsn()`; server/http.ts
 *   puts it in the `pv_wal` cookie for `maxLagMs`, and later requests carrying it read from a replica
 *   only once that replica's replay position has passed it. This is the technique PostgreSQL's
 *   documentation calls "read-your-writes via LSN" (compare `pg_last_wal_replay_lsn()` with the
 *   writer's `pg_current_wal_lsn()`), across processes because the marker travels with the browser.
 *
 * Counters of which server answered (`stats()`) are exported at /metrics (server/metrics.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/** What a request lets the pool do (server/http.ts). */
export interface ReadRoutingState {
  /** GET/HEAD: plain reads may go to a replica. */
  replicaAllowed: boolean;
  /** The browser's read-your-writes marker (`pv_wal`): a replica must have replayed this LSN. */
  minLsn: bigint | null;
  /** Set by the pool when this request wrote (or opened a transaction): later reads go to the primary. */
  wrote: boolean;
}

/** The request-scoped routing state; outside any `run` (jobs, scripts) every statement goes to the primary. */
export const readRouting = new AsyncLocalStorage<ReadRoutingState>();

/** Parses a PostgreSQL LSN (`16/B374D848`) into a byte position; null for anything else. */
export function parseLsn(text: string | null | undefined): bigint | null {
  if (!text) return null;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** Formats a byte position as an LSN (`16/B374D848`), the inverse of parseLsn. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

// Reads that take locks, move sequences or have side effects, and every data-changing statement.
const WRITES =
  /\b(insert|update|delete|merge|truncate|copy|create|alter|drop|grant|revoke|vacuum|analyze|reindex|cluster|refresh|listen|notify|lock|call|do|set|reset|prepare|execute|discard)\b|\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\b(nextval|setval|pg_advisory\w*|pg_try_advisory\w*|txid_current|pg_current_xact_id|pg_notify|set_config|lo_\w+|pg_sleep)\s*\(/i;

/**
 * Whether a statement only reads and may run on a hot standby: it starts with SELECT, WITH, TABLE,
 * VALUES, SHOW or EXPLAIN (without ANALYZE) and names no write, lock or side-effecting function
 * (conservative: a string literal that contains such a word sends a read to the primary, never the
 * reverse).
 */
export function isReadOnlyStatement(text: string): boolean {
  const head = text
    .replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, "")
    .slice(0, 10)
    .toLowerCase();
  if (!/^(select|with|table|values|show|explain)\b/.test(head)) return false;
  if (head.startsWith("explain") && /\banalyze\b/i.test(text)) return false;
  return !WRITES.test(text);
}

const WATCHED = Symbol("postavka.watchWrites");

/** Wraps a pooled client's query once so that its writes mark the current request (see connect). */
function watchWrites(client: pg.PoolClient): pg.PoolClient {
  const marked = client as pg.PoolClient & { [WATCHED]?: true };
  if (marked[WATCHED]) return client;
  marked[WATCHED] = true;
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    const state = readRouting.getStore();
    if (
      state &&
      (typeof text !== "string" || !(isReadOnlyStatement(text) || /^\s*(begin|commit|rollback|start transaction)\b/i.test(text)))
    )
      state.wrote = true;
    return query(...args);
  };
  return client;
}

/** SQLSTATE classes and codes after which a statement is retried on the primary. */
function isReplicaFailure(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  const code = e?.code ?? "";
  if (code.startsWith("08") || code.startsWith("57P") || code === "40001" || code === "25006") return true;
  if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"].includes(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|connection ended|Client has encountered a connection error/i.test(
    e?.message ?? "",
  );
}

/** Why a statement went to the primary (the metrics' `reason` label). */
export type PrimaryReason =
  "outside_request" | "write" | "unsafe_method" | "after_write" | "no_fresh_replica" | "marker_ahead" | "replica_failed";

export interface ReplicaStatus {
  /** Host, port and database, without credentials. */
  name: string;
  up: boolean;
  fresh: boolean;
  /** Bytes the replica's replay is behind the primary's position at the last check (null: unknown). */
  lagBytes: number | null;
  replayLsn: string | null;
  lastError: string | null;
  /** Statements this replica answered since start. */
  queries: number;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  up: boolean;
  standby: boolean;
  replay: bigint | null;
  checkedAt: number;
  lastError: string | null;
  queries: number;
}

export interface ReplicaOptions {
  /** Milliseconds between health checks (default 1,000). */
  intervalMs?: number;
  /** A replica further behind than the primary's position this long ago is skipped (default 5,000). */
  maxLagMs?: number;
  /** Connections per replica pool (default: the primary's). */
  poolMax?: number;
  /** Called when a replica goes down, comes back or falls behind (for the log). */
  onChange?: (status: ReplicaStatus) => void;
}

function nameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/**
 * The primary's pool, routing plain reads of replica-allowed requests to a fresh replica (see the
 * module's comment). Subclasses pg.Pool so Drizzle treats it as a pool (transactions take a client
 * with `connect()`, which is always the primary's).
 */
export class RoutingPool extends pg.Pool {
  private readonly replicas: Replica[];
  private readonly intervalMs: number;
  private readonly maxLagMs: number;
  private readonly onChange: ReplicaOptions["onChange"];
  /** The primary's WAL position over the last checks, oldest first: [time ms, lsn]. */
  private primaryHistory: [number, bigint][] = [];
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private primaryQueries = 0;
  private reasons: Partial<Record<PrimaryReason, number>> = {};
  private fallbacks = 0;

  constructor(config: pg.PoolConfig, replicaUrls: string[], options: ReplicaOptions = {}) {
    super(config);
    this.intervalMs = options.intervalMs ?? 1000;
    this.maxLagMs = options.maxLagMs ?? 5000;
    this.onChange = options.onChange;
    this.replicas = replicaUrls.map((url) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: options.poolMax ?? config.max ?? 10,
        // A replica that does not answer quickly is skipped: the primary answers instead.
        connectionTimeoutMillis: 2000,
        idleTimeoutMillis: 30_000,
      });
      pool.on("error", () => undefined);
      return { name: nameOf(url), pool, up: false, standby: false, replay: null, checkedAt: 0, lastError: null, queries: 0 };
    });
  }

  /** Runs the first health check and starts polling (the timer does not keep the process alive). */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  /** One health check of the primary's position and every replica's replay position. */
  async check(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await super.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== null) {
        this.primaryHistory.push([now, lsn]);
        // Keep what the lag bound can ask for, and one sample older than it.
        const horizon = now - this.maxLagMs;
        while (this.primaryHistory.length > 2 && this.primaryHistory[1]![0] <= horizon) this.primaryHistory.shift();
      }
    } catch {
      // The primary is down: replicas keep their last verdict (reads still work where they can).
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        const before = this.statusOf(replica);
        try {
          const { rows } = await replica.pool.query<{ standby: boolean; replay: string | null }>(
            "select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay",
          );
          replica.up = true;
          replica.standby = rows[0]!.standby;
          replica.replay = parseLsn(rows[0]!.replay);
          replica.lastError = replica.standby ? null : "not in recovery (promoted?)";
        } catch (error) {
          replica.up = false;
          replica.lastError = (error as Error).message;
        }
        replica.checkedAt = now;
        const after = this.statusOf(replica);
        if (before.up !== after.up || before.fresh !== after.fresh) this.onChange?.(after);
      }),
    );
  }

  /** The primary's position `maxLagMs` ago (the oldest known while the history is shorter). */
  private requiredLsn(): bigint | null {
    const horizon = Date.now() - this.maxLagMs;
    let required: bigint | null = this.primaryHistory[0]?.[1] ?? null;
    for (const [at, lsn] of this.primaryHistory) if (at <= horizon) required = lsn;
    return required;
  }

  private isFresh(replica: Replica): boolean {
    if (!replica.up || !replica.standby || replica.replay === null) return false;
    // A check that is overdue (a stalled poll) says nothing current.
    if (Date.now() - replica.checkedAt > this.intervalMs * 3 + this.maxLagMs) return false;
    const required = this.requiredLsn();
    return required === null || replica.replay >= required;
  }

  private statusOf(replica: Replica): ReplicaStatus {
    const primary = this.primaryHistory.at(-1)?.[1] ?? null;
    return {
      name: replica.name,
      up: replica.up,
      fresh: this.isFresh(replica),
      lagBytes: primary !== null && replica.replay !== null ? Number(primary > replica.replay ? primary - replica.replay : 0n) : null,
      replayLsn: replica.replay === null ? null : formatLsn(replica.replay),
      lastError: replica.lastError,
      queries: replica.queries,
    };
  }

  /** A fresh replica that has replayed `minLsn`, round robin; null: the primary answers. */
  private pick(minLsn: bigint | null): Replica | null {
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (!this.isFresh(replica)) continue;
      if (minLsn !== null && replica.replay! < minLsn) continue;
      this.next = (this.next + i + 1) % this.replicas.length;
      return replica;
    }
    return null;
  }

  /** Every replica's state and which server answered how many statements. */
  stats(): { primaryQueries: number; fallbacks: number; reasons: Partial<Record<PrimaryReason, number>>; replicas: ReplicaStatus[] } {
    return {
      primaryQueries: this.primaryQueries,
      fallbacks: this.fallbacks,
      reasons: { ...this.reasons },
      replicas: this.replicas.map((r) => this.statusOf(r)),
    };
  }

  /** The primary's current WAL position (read-your-writes marker after a write). */
  async primaryLsn(): Promise<bigint | null> {
    const { rows } = await super.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    return parseLsn(rows[0]?.lsn);
  }

  // A client (a transaction, a lock, a session setting) is always the primary's; a statement on it
  // that is not a plain read marks the request as having written, so the rest of it, and the
  // browser's next pages, read their own writes. Read-only transactions leave the page cacheable.
  override connect(...args: unknown[]): never {
    if (typeof args[0] === "function") return (super.connect as (...a: unknown[]) => never)(...args);
    return super.connect().then((client) => watchWrites(client)) as never;
  }

  // pg.Pool.query has many overloads; Drizzle and the services call it with (text|config, values?).
  override query(...args: unknown[]): never {
    const [first, second] = args as [string | pg.QueryConfig, unknown[] | undefined];
    const callback = args.find((a) => typeof a === "function");
    const text = typeof first === "string" ? first : first?.text;
    const state = readRouting.getStore();
    if (!state) return this.onPrimary(args, state, text, "outside_request");
    if (callback || typeof text !== "string" || !isReadOnlyStatement(text)) return this.onPrimary(args, state, text, "write");
    if (!state.replicaAllowed) return this.onPrimary(args, state, text, "unsafe_method");
    if (state.wrote) return this.onPrimary(args, state, text, "after_write");
    const replica = this.pick(state.minLsn);
    if (!replica) return this.onPrimary(args, state, text, state.minLsn === null ? "no_fresh_replica" : "marker_ahead");
    replica.queries++;
    return replica.pool.query(first as string, second).catch((error: unknown) => {
      if (!isReplicaFailure(error)) throw error;
      replica.up = false;
      replica.lastError = (error as Error).message;
      replica.queries--;
      this.fallbacks++;
      this.onChange?.(this.statusOf(replica));
      return this.onPrimary(args, state, text, "replica_failed");
    }) as never;
  }

  private onPrimary(args: unknown[], state: ReadRoutingState | undefined, text: string | undefined, reason: PrimaryReason): never {
    this.primaryQueries++;
    this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
    if (process.env.REPLICA_DEBUG) process.stderr.write(`primary (${reason}): ${String(text).slice(0, 160).replace(/\s+/g, " ")}\n`);
    if (state && reason === "write") state.wrote = true;
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  override async end(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
    await super.end();
  }
}
