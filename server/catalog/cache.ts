/**
 * Per-process caches of values computed from the database (counts, the category tree): a value is
 * fresh for `ttlMs`; after that the stale value is still served while ONE refresh runs in the
 * background, so a busy page never waits for (or piles up) the aggregate behind it. Only the very
 * first call per database waits, and concurrent first calls share one computation.
 *
 * Values are kept per Drizzle instance (a WeakMap), so tests and benchmarks that open several
 * databases in one process never see each other's values. A failed refresh keeps the stale value
 * and is retried by the next call; a failed first computation rejects that call and is not kept.
 */
import type { Db } from "../db/client.ts";

interface Entry<T> {
  value?: T;
  at: number;
  pending?: Promise<T>;
}

/** A cached `compute(db, key)`; `forget(db)` drops every value of that database (after a write this process made). */
export interface CachedQuery<T, K extends string> {
  (db: Db, key: K): Promise<T>;
  forget(db: Db): void;
}

/**
 * Wraps `compute(db, key)` in a stale-while-revalidate cache per database and key.
 * `maxKeys` bounds the keys kept per database (the oldest is dropped first).
 */
export function cachedQuery<T, K extends string = string>(
  ttlMs: number,
  compute: (db: Db, key: K) => Promise<T>,
  maxKeys = 500,
): CachedQuery<T, K> {
  const perDb = new WeakMap<Db, Map<K, Entry<T>>>();
  const cached = (db: Db, key: K): Promise<T> => {
    let entries = perDb.get(db);
    if (!entries) perDb.set(db, (entries = new Map()));
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
      entries.set(key, (entry = { at: 0 }));
    }
    const current = entry;
    const refresh = () => {
      current.pending ??= compute(db, key).then(
        (value) => {
          current.value = value;
          current.at = Date.now();
          current.pending = undefined;
          return value;
        },
        (error: unknown) => {
          current.pending = undefined;
          if (current.value === undefined) entries.delete(key);
          throw error;
        },
      );
      return current.pending;
    };
    if (current.value === undefined) return refresh();
    if (Date.now() - current.at >= ttlMs) refresh().catch(() => {});
    return Promise.resolve(current.value);
  };
  return Object.assign(cached, { forget: (db: Db) => void perDb.delete(db) });
}
