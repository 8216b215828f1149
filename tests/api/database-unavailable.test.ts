/**
 * Issue 16 §3 (faults): when the database cannot be reached, the API answers at once with 503
 * `service_unavailable` and Retry-After — the one error shape, no hang, no 500 — and answers
 * normally again as soon as the database is back (the pool opens new connections by itself).
 * The outage here is a pool pointed at a port nothing listens on; bench/reliability.ts stops the
 * real PostgreSQL server under load.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { expect, test } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import { createAuthService } from "#server/auth/index.ts";
import * as schema from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { makeTempDataDir } from "../support/databases.ts";

test("a database out of reach: 503 service_unavailable with Retry-After", async () => {
  const pool = new pg.Pool({ host: "127.0.0.1", port: 1, user: "postgres", database: "postgres", connectionTimeoutMillis: 1000 });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  const logger = createLogger({ level: "silent" });
  const auth = createAuthService({ db, pool, logger, dataDir: makeTempDataDir(), publicUrl: () => "http://localhost" });
  const app = createApiApp({ db, logger, auth });
  const response = await app.request("/api/categories");
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(await response.json()).toMatchObject({ error: { code: "service_unavailable" } });
  await pool.end();
});
