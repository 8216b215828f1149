/**
 * Page caches of several processes emptied together (issue 16 §2) through PostgreSQL
 * LISTEN/NOTIFY (server/page-cache-bus.ts). PostgreSQL project only.
 */
import { inject, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { notifyPageCaches, startPageCacheBus } from "#server/page-cache-bus.ts";
import { createLogger } from "#server/logger.ts";

const logger = createLogger({ level: "silent" });

describe.runIf(inject("dbEngine") === "postgres")("page-cache bus", () => {
  it("a write on one process empties the others' caches, not its own twice; the CLI's notice reaches all", async () => {
    const url = inject("postgresUrl");
    const counts = { a: 0, b: 0, c: 0 };
    const a = await startPageCacheBus(url, () => counts.a++, logger);
    const b = await startPageCacheBus(url, () => counts.b++, logger);
    const c = await startPageCacheBus(url, () => counts.c++, logger);
    const start = { ...counts }; // each emptied its cache once on connecting
    a.publish();
    await vi.waitFor(() => expect([counts.b - start.b, counts.c - start.c]).toEqual([1, 1]), { timeout: 5_000 });
    expect(counts.a).toBe(start.a);
    await notifyPageCaches(url);
    await vi.waitFor(() => expect([counts.a - start.a, counts.b - start.b, counts.c - start.c]).toEqual([1, 2, 2]), { timeout: 5_000 });
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it("after its connection is cut, a process listens again and starts from an empty cache", async () => {
    const url = inject("postgresUrl");
    let emptied = 0;
    const bus = await startPageCacheBus(url, () => emptied++, logger);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen postavka_pages' and pid <> pg_backend_pid()",
    );
    await vi.waitFor(() => expect(emptied).toBe(2), { timeout: 10_000 });
    // Listening again: a notice arrives.
    await admin.query("select pg_notify('postavka_pages', 'other')");
    await vi.waitFor(() => expect(emptied).toBe(3), { timeout: 5_000 });
    await admin.end();
    await bus.close();
  });
});
