/**
 * Migrations under an advisory lock (issue 16 §2): servers that start together on one fresh
 * PostgreSQL database all come up, and every migration is applied exactly once. Runs in the
 * PostgreSQL project only (PGlite is one process by construction).
 */
import { inject, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/databases.ts";
import { sql } from "drizzle-orm";

describe.runIf(inject("dbEngine") === "postgres")("migrations on several processes", () => {
  it("four servers starting at once on a fresh database apply each migration once", async () => {
    const { url, name } = await createPostgresDatabase("migrate");
    try {
      const databases = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: "unused", poolMax: 2 })),
      );
      const [first] = databases;
      const applied = await first!.db.execute<{ hash: string; count: string }>(
        sql`select hash, count(*)::text as count from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied.rows.length).toBeGreaterThan(5);
      expect(applied.rows.every((row) => row.count === "1")).toBe(true);
      await Promise.all(databases.map((database) => database.close()));
    } finally {
      await dropPostgresDatabase(name);
    }
  });

  it("a server started with migrations off (a release step runs them) applies none", async () => {
    const { url, name } = await createPostgresDatabase("migrate-off");
    try {
      const database = await openDatabase({ databaseUrl: url, dataDir: "unused", migrate: false });
      const tables = await database.db.execute<{ n: string }>(
        sql`select count(*)::text as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.rows[0]!.n).toBe("0");
      await database.close();
    } finally {
      await dropPostgresDatabase(name);
    }
  });

  it("idle connections the server drops are replaced, and the process carries on (no unhandled pool error)", async () => {
    const { url, name } = await createPostgresDatabase("dropped");
    try {
      const database = await openDatabase({ databaseUrl: url, dataDir: "unused", poolMax: 2, migrate: false });
      await database.db.execute(sql`select 1`);
      const admin = await openDatabase({ databaseUrl: inject("postgresUrl"), dataDir: "unused", poolMax: 1, migrate: false });
      await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
      );
      await admin.close();
      await expect
        .poll(async () => (await database.db.execute<{ ok: number }>(sql`select 1 as ok`)).rows[0]?.ok, { timeout: 5_000 })
        .toBe(1);
      await database.close();
    } finally {
      await dropPostgresDatabase(name);
    }
  });
});
