/**
 * Read replicas (issue 31 §1, ADR 058) on a real PostgreSQL server, without a standby (the
 * standby itself is exercised by `npm run bench -- --parts replicas`): a replica that is down or is
 * not in recovery never serves and never costs a statement; writes, transactions and unsafe methods
 * stay on the primary; a request that wrote gets the read-your-writes marker, one that only read
 * (even in a read-only transaction) does not, so anonymous pages stay cacheable. PostgreSQL only.
 */
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { readRouting } from "#server/db/replicas.ts";
import { readRoutingMiddleware, WAL_COOKIE } from "#server/read-routing.ts";
import { freePort } from "#bench/processes.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/databases.ts";

describe.runIf(inject("dbEngine") === "postgres")("read replicas", () => {
  let database: Database;
  let name: string;
  let deadReplica: string;
  let notAStandby: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase("replicas");
    name = created.name;
    deadReplica = `postgres://postgres@127.0.0.1:${await freePort()}/nothing`;
    // The primary itself named as a replica: it answers, but is not in recovery (a promoted server).
    notAStandby = created.url;
    database = await openDatabase({
      databaseUrl: created.url,
      dataDir: "unused",
      migrate: false,
      poolMax: 3,
      replicaUrls: [deadReplica, notAStandby],
      replicaOptions: { intervalMs: 200, maxLagMs: 1000 },
    });
    await database.db.execute(sql`create table notes (id serial primary key, body text not null)`);
  });
  afterAll(async () => {
    await database?.close();
    if (name) await dropPostgresDatabase(name);
  });

  function app() {
    const hono = new Hono();
    hono.use(readRoutingMiddleware(database.routing, { maxLagMs: 5000, secure: false }));
    hono.get("/notes", async (c) => c.json((await database.db.execute(sql`select count(*)::int as n from notes`)).rows));
    hono.get("/notes/snapshot", async (c) =>
      c.json(
        await database.db.transaction(async (tx) => (await tx.execute(sql`select count(*)::int as n from notes`)).rows, {
          accessMode: "read only",
        }),
      ),
    );
    hono.post("/notes", async (c) => {
      await database.db.execute(sql`insert into notes (body) values ('hello')`);
      return c.json({ ok: true }, 201);
    });
    hono.get("/notes/touch", async (c) => {
      await database.db.transaction(async (tx) => tx.execute(sql`insert into notes (body) values ('from a GET')`));
      return c.json({ ok: true });
    });
    return hono;
  }

  it("reports the dead replica down and the promoted one not serving, and answers every read from the primary", async () => {
    const stats = database.routing!.stats();
    expect(stats.replicas.map((r) => [r.up, r.fresh])).toEqual([
      [false, false],
      [true, false],
    ]);
    expect(stats.replicas[1]!.lastError).toMatch(/not in recovery/);
    const before = database.routing!.stats();
    const response = await app().request("/notes");
    expect(response.status).toBe(200);
    const after = database.routing!.stats();
    expect(after.replicas.every((r) => r.queries === 0)).toBe(true);
    expect((after.reasons.no_fresh_replica ?? 0) - (before.reasons.no_fresh_replica ?? 0)).toBe(1);
  });

  it("a write sets the read-your-writes marker to the primary's WAL position; reads do not", async () => {
    const written = await app().request("/notes", { method: "POST" });
    expect(written.status).toBe(201);
    const cookie = written.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${WAL_COOKIE}=[0-9A-F]+%2F[0-9A-F]+; Max-Age=5; Path=/; HttpOnly; SameSite=Lax$`));
    const read = await app().request("/notes", { headers: { cookie: cookie.split(";")[0]! } });
    expect(read.headers.get("set-cookie")).toBeNull();
    expect(await read.json()).toEqual([{ n: 1 }]);
    // A read-only transaction neither writes nor marks the browser (the page stays cacheable).
    const snapshot = await app().request("/notes/snapshot");
    expect(snapshot.headers.get("set-cookie")).toBeNull();
    // A GET that writes in a transaction is marked like any write.
    const touched = await app().request("/notes/touch");
    expect(touched.headers.get("set-cookie")).toMatch(new RegExp(`^${WAL_COOKIE}=`));
  });

  it("a forged marker is ignored, never an error", async () => {
    for (const value of ["nonsense", "FFFFFFFF/FFFFFFFF", "%00"]) {
      const response = await app().request("/notes", { headers: { cookie: `${WAL_COOKIE}=${value}` } });
      expect(response.status).toBe(200);
    }
  });

  it("outside a request (jobs, scripts) and for unsafe methods statements stay on the primary", async () => {
    const before = database.routing!.stats().reasons;
    await database.db.execute(sql`select 1`);
    // Drizzle's queries run when awaited: inside the callback, so inside the request's state.
    await readRouting.run({ replicaAllowed: false, minLsn: null, wrote: false }, async () => await database.db.execute(sql`select 1`));
    const after = database.routing!.stats().reasons;
    expect((after.outside_request ?? 0) - (before.outside_request ?? 0)).toBeGreaterThanOrEqual(1);
    expect((after.unsafe_method ?? 0) - (before.unsafe_method ?? 0)).toBe(1);
  });
});
