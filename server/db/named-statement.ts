/**
 * Named (prepared) statements, one mechanism for both ways the code asks for them:
 *
 * - `namedStatement(name, query)`: a hot read whose text is compiled once per process and whose
 *   values are Drizzle placeholders filled per call (the product page's reads, ADR 069);
 * - `executePrepared(db, query)`: any statement, named by a hash of its text, for the first
 *   MAX_PREPARED_SHAPES texts a process runs (the product search's sixteen branches, ADR 068).
 *
 * A statement sent with a name is parsed once per pooled connection (node-postgres keeps the names
 * it has prepared on each connection), and once PostgreSQL has run it five times it may keep one
 * generic plan instead of planning again for every call (plan_cache_mode auto: when that plan's
 * estimated cost is no worse than the custom plans' average). The product page's related products
 * planned in ≈ 1.2 ms and ran in ≈ 1–3 ms on the 1,000,000-product bench catalogue; with a generic
 * plan its planning is ≈ 0.04 ms. PostgreSQL picks the generic plan only when its estimated cost is
 * not above the custom plans' — a LIMIT given as a parameter defeats that (the generic plan guesses
 * its rows), so a statement meant for `namedStatement` writes such numbers into its text and keeps as
 * parameters only values whose estimate does not depend on the value (a primary key, a language).
 *
 * Names are sent only where they are safe (`statementsMayBeNamed`, server/db/client.ts): on a
 * PostgreSQL server opened with prepared statements on. Elsewhere the same text goes unnamed, still
 * compiled once, planned by the server each time: in a transaction, on PGlite (one backend session
 * shared by every reconnection of its one-connection pool, where a name prepared by an earlier
 * connection would collide), and with DATABASE_PREPARED_STATEMENTS=false (a pooler in transaction
 * mode older than PgBouncer 1.21, which would send a named execution to another server session).
 *
 * Both run through Drizzle's own raw path (`session.prepareQuery`, as `db.execute` does): the same
 * pool, so read routing to replicas (server/db/replicas.ts) sees them as any other read, and the same
 * type parsers (timestamps, dates and intervals stay text). Errors: those of the statement.
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Query, SQL } from "drizzle-orm";
import { statementsMayBeNamed, type Db } from "./client.ts";

/** Compiles SQL as the Drizzle instances do (same casing). */
const dialect = new PgDialect({ casing: "snake_case" });

/** Drizzle's prepared query for a compiled statement on `db`: named when `db` allows it. */
function prepare<T>(db: Db, query: Query, name: string) {
  const sent = statementsMayBeNamed(db) ? name : undefined;
  return db._.session.prepareQuery<{ execute: pg.QueryResult<T & pg.QueryResultRow>; all: unknown; values: unknown }>(
    query,
    undefined,
    sent,
    false,
  );
}

/** The text each `namedStatement` name was first compiled with: a name must always carry the same statement. */
const texts = new Map<string, string>();

/** A named statement compiled once: run it with the values of its placeholders. */
export interface NamedStatement<V extends Record<string, unknown>> {
  readonly name: string;
  /**
   * Runs the statement with `values` for its placeholders; resolves to its rows (`T` is the caller's
   * word on their shape, as with `db.execute`). Errors: a placeholder without a value (Drizzle's
   * `No value for placeholder "x" was provided`), and those of the statement.
   */
  read<T>(db: Db, values: V): Promise<T[]>;
}

/**
 * The statement `query` under `name`, its text compiled on first use and kept: values are given as
 * Drizzle placeholders (`sql.placeholder("id")`) and filled per call, so a read neither builds the
 * SQL tree nor compiles it again (≈ 1.5 % of a product page's CPU time when it did, ADR 069).
 *
 * `name` must identify the text: node-postgres refuses a name reused for another text on a
 * connection that prepared the first, so a second text under a name already compiled throws on
 * its first use, at once, instead of on some connections only.
 */
export function namedStatement<V extends Record<string, unknown>>(name: string, query: SQL): NamedStatement<V> {
  let compiled: Query | undefined;
  // One Drizzle prepared query per database handle (a pool, or a transaction's session).
  const perDb = new WeakMap<Db, { execute(values: V): Promise<pg.QueryResult<pg.QueryResultRow>> }>();
  const compile = (): Query => {
    const built = dialect.sqlToQuery(query);
    const known = texts.get(name);
    if (known === undefined) texts.set(name, built.sql);
    else if (known !== built.sql) throw new Error(`Statement name ${name} already names another statement`);
    return built;
  };
  return {
    name,
    async read<T>(db: Db, values: V): Promise<T[]> {
      compiled ??= compile();
      let prepared = perDb.get(db);
      if (!prepared) {
        prepared = prepare(db, compiled, name);
        perDb.set(db, prepared);
      }
      return (await prepared.execute(values)).rows as T[];
    },
  };
}

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
 * Runs `query` like `db.execute` (same rows, same type parsing) but, where `db` allows names, as a
 * named prepared statement whose name is `q_` and a hash of its text (for a statement whose planning
 * costs more than its execution saves from knowing the parameters — the product search's sixteen
 * branches, ADR 068). Past MAX_PREPARED_SHAPES distinct texts, it runs unnamed, as db.execute runs it.
 * Errors: those of the statement.
 */
export async function executePrepared<T extends pg.QueryResultRow>(db: Db, query: SQL): Promise<pg.QueryResult<T>> {
  if (!statementsMayBeNamed(db)) return (await db.execute<T>(query)) as pg.QueryResult<T>;
  const built = dialect.sqlToQuery(query);
  let name = preparedNames.get(built.sql);
  if (!name) {
    if (preparedNames.size >= MAX_PREPARED_SHAPES) return (await db.execute<T>(query)) as pg.QueryResult<T>;
    name = `q_${createHash("sha1").update(built.sql).digest("hex").slice(0, 20)}`;
    preparedNames.set(built.sql, name);
  }
  return prepare<T>(db, built, name).execute();
}

/** What a Drizzle query builder's `.prepare(name)` gives: run it with the values of its placeholders. */
interface PreparedBuilderQuery<V, R> {
  execute(values: V): Promise<R>;
}

/** A Drizzle query prepared once per database handle: run it with the values of its placeholders. */
export interface PreparedQuery<V extends Record<string, unknown>, R> {
  readonly name: string;
  /** Runs the query on `db` with `values` for its placeholders; resolves to what the builder's query resolves to. */
  execute(db: Db, values: V): Promise<R>;
}

/**
 * A hot query written with Drizzle's query builder (its result mapping kept: camelCase fields, dates),
 * built and compiled once per database handle instead of once per call: `build(db, name)` returns the
 * builder's `.prepare(name)` over placeholders (`sql.placeholder("id")`). Drizzle's building of the
 * statement tree and its text was ≈ 20 % of what the soak's requests allocated (docs/benchmarks.md,
 * issue 31 §5). Named as `namedStatement` names (only where `db` allows it, else `""`, unnamed, for
 * PGlite and in transactions): the same text under one name always. Errors: those of the query.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db, name: string) => PreparedBuilderQuery<V, R>,
): PreparedQuery<V, R> {
  const perDb = new WeakMap<Db, PreparedBuilderQuery<V, R>>();
  return {
    name,
    execute(db: Db, values: V): Promise<R> {
      let prepared = perDb.get(db);
      if (!prepared) {
        prepared = build(db, statementsMayBeNamed(db) ? name : "");
        perDb.set(db, prepared);
      }
      return prepared.execute(values);
    },
  };
}
