/**
 * Named (prepared) statements for the hottest reads (ADR 069): a statement sent with a name is
 * parsed once per pooled connection (node-postgres keeps the names it has prepared on each
 * connection), and once PostgreSQL has run it five times it may keep one generic plan instead of
 * planning again for every call. The product page's related products planned in ≈ 1.2 ms and ran in
 * ≈ 1–3 ms on the 1,000,000-product bench catalogue; with a generic plan its planning is ≈ 0.04 ms.
 *
 * PostgreSQL picks the generic plan only when its estimated cost is not above the custom plans' —
 * a LIMIT given as a parameter defeats that (the generic plan guesses its rows), so a statement
 * meant for `namedStatement` writes such numbers into its text and keeps as parameters only values whose estimate
 * does not depend on the value (a primary key, a language).
 *
 * With DATABASE_PREPARED_STATEMENTS=false (a pooler in transaction mode older than PgBouncer 1.21)
 * the statement is sent unnamed: still compiled once, planned by PostgreSQL each time.
 *
 * The statement goes through the database's own pool (Drizzle's `$client`), so read routing to
 * replicas (server/db/replicas.ts) sees it as any other read; the result is parsed with Drizzle's
 * type parsers (timestamps, dates and intervals stay text), as `db.execute` parses it.
 */
import pg from "pg";
import { PgDialect } from "drizzle-orm/pg-core";
import { is, Placeholder, type SQL } from "drizzle-orm";
import { mayNameStatements, type Db } from "./client.ts";

const dialect = new PgDialect();

/**
 * Drizzle's node-postgres parsers (drizzle-orm/node-postgres/session.js): timestamp, timestamptz,
 * date, interval and their arrays as PostgreSQL's text; everything else as node-postgres parses it.
 */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const drizzleTypes = {
  getTypeParser: ((typeId: number, format?: "text" | "binary") =>
    TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/** The text each name was first compiled with: a name must always carry the same statement. */
const texts = new Map<string, string>();

/** A named statement compiled once: run it with the values of its placeholders. */
export interface NamedStatement<V extends Record<string, unknown>> {
  readonly name: string;
  /** Runs the statement with `values` for its placeholders; resolves to its rows (`T` is the caller's word on their shape, as with `db.execute`). */
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
  let compiled: { text: string; params: ({ placeholder: string } | { value: unknown })[] } | undefined;
  const compile = () => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const known = texts.get(name);
    if (known === undefined) texts.set(name, text);
    else if (known !== text) throw new Error(`Statement name ${name} already names another statement`);
    return { text, params: params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { value: p })) };
  };
  return {
    name,
    async read<T>(db: Db, values: V): Promise<T[]> {
      compiled ??= compile();
      const params = compiled.params.map((p) => {
        if (!("placeholder" in p)) return p.value;
        if (!(p.placeholder in values)) throw new Error(`${name}: no value for placeholder ${p.placeholder}`);
        return values[p.placeholder];
      });
      const pool = (db as Db & { $client: pg.Pool }).$client;
      // Behind a transaction-mode pooler (DATABASE_PREPARED_STATEMENTS=false) the text goes unnamed, planned each time.
      const named = mayNameStatements(db) ? { name } : {};
      const result = await pool.query<T & pg.QueryResultRow>({ ...named, text: compiled.text, values: params, types: drizzleTypes });
      return result.rows;
    },
  };
}
