/**
 * The PostgreSQL seed's way back (ADR 059, second addendum): the products are COPYed over two
 * connections in their own transactions after a committed step that dropped the bulk tables' indexes
 * and foreign keys and stored how to restore them (server/catalog/seed/sql.ts RESTORE_TABLE). A
 * failure — injected mid-load and mid-restore through `onProgress` — and a seed process killed
 * mid-load or mid-restore (tests/support/seed-child.ts, SIGKILL) must leave the schema exactly as
 * before (every index and constraint definition) and none of the seed's rows. PGlite keeps its one
 * transaction (tests/api/seed.test.ts), so these run on PostgreSQL only.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { sql } from "drizzle-orm";
import { recoverInterruptedSeed, seedDemo, type SeedProgress } from "#server/catalog/seed/index.ts";
import { recoverBulkLoad, RESTORE_TABLE } from "#server/catalog/seed/sql.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { makeTempDataDir, removeDir } from "../support/databases.ts";
import { markSeededTables, removeSeededRows, type SeedMarks } from "../support/seeded.ts";

let api: TestApi;
let dataDir: string;

/** Every index and constraint of the schema, as PostgreSQL prints them. */
async function schema(): Promise<unknown[]> {
  const indexes = await api.db.execute(sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1`);
  const constraints = await api.db.execute(
    sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as definition
          from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`,
  );
  return [...indexes.rows, ...constraints.rows];
}

/** Row counts of every table the seed writes (children included: their rows carry no marked id). */
async function counts(): Promise<Record<string, number>> {
  const tables = [
    "products",
    "product_prices",
    "product_variants",
    "product_files",
    "companies",
    "legal_entities",
    "company_okved_codes",
    "company_services",
    "categories",
    "stories",
    "story_tags",
    "tags",
    "service_types",
    "files",
  ];
  const result = await api.db.execute(sql.raw(`select ${tables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(", ")}`));
  return result.rows[0] as Record<string, number>;
}

/** The vocabulary (catalog_terms) as a digest: the seed rebuilds it beside its restore and may keep it only once that succeeded. */
async function vocabulary(): Promise<unknown> {
  const { rows } = await api.db.execute(
    sql`select count(*)::int as words, md5(coalesce(string_agg(lang || ':' || term || ':' || documents, ',' order by lang, term), '')) as digest from catalog_terms`,
  );
  return rows[0];
}

async function restoreTableExists(): Promise<boolean> {
  const { rows } = await api.db.execute(sql`select to_regclass(${RESTORE_TABLE}) is not null as present`);
  return (rows[0] as { present: boolean }).present;
}

let before: { marks: SeedMarks; schema: unknown[]; counts: Record<string, number>; vocabulary: unknown };

beforeAll(async () => {
  api = await openTestApi();
  dataDir = makeTempDataDir("postavka-seed-bulk-");
  before = { marks: await markSeededTables(api.db), schema: await schema(), counts: await counts(), vocabulary: await vocabulary() };
}, 60_000);

afterAll(async () => {
  // Should a test fail half-way, the database is left as the other test files expect it.
  if (api?.engine === "postgres") {
    await recoverInterruptedSeed(api.db);
    await removeSeededRows(api.db, before.marks);
  }
  await api?.close();
  if (dataDir) removeDir(dataDir);
}, 120_000);

async function expectUntouched(): Promise<void> {
  expect(await restoreTableExists()).toBe(false);
  expect(await schema()).toEqual(before.schema);
  expect(await markSeededTables(api.db)).toEqual(before.marks);
  expect(await counts()).toEqual(before.counts);
  expect(await vocabulary()).toEqual(before.vocabulary);
}

describe("a PostgreSQL seed that fails or is killed leaves the catalogue and its schema as they were", () => {
  for (const phase of ["products", "restore"] as const)
    test(`an error mid-${phase}: rows deleted, indexes and keys restored`, async ({ skip }) => {
      if (api.engine !== "postgres") skip("PGlite loads in one transaction that rolls back");
      const seen: SeedProgress[] = [];
      const seeding = seedDemo(api.db, {
        engine: "postgres",
        companies: 10,
        products: 300,
        seed: 5,
        dataDir,
        referenceDir: api.dataDir,
        now: new Date("2026-06-01T00:00:00Z"),
        batchSize: 50,
        workers: 2,
        copyConnections: 2,
        onProgress: (p) => {
          seen.push(p);
          if (p.phase === phase && p.done >= 2) throw new Error(`injected failure in ${phase}`);
        },
      });
      await expect(seeding).rejects.toThrow(`injected failure in ${phase}`);
      // The failure came after rows were written on both connections (products) or committed (restore).
      expect(seen.some((p) => p.phase === phase)).toBe(true);
      await expectUntouched();
    }, 120_000);

  for (const phase of ["products", "restore"] as const)
    test(`a process killed mid-${phase}: ${phase === "products" ? "the server's start" : "the next seed"} deletes its rows and restores the schema`, async ({
      skip,
    }) => {
      if (api.engine !== "postgres") skip("PGlite loads in one transaction that rolls back");
      const child = spawn(process.execPath, [path.resolve("tests/support/seed-child.ts")], {
        env: {
          ...process.env,
          DATABASE_URL: inject("postgresUrl"),
          CLASSIFIER_DATA_DIR: api.dataDir,
          SEED_DATA_DIR: dataDir,
          SEED_STOP_PHASE: phase,
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
      await new Promise<void>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes(`stopped ${phase}`)) resolve();
          if (out.includes("finished")) reject(new Error(`the seed finished before reaching ${phase}`));
        });
        void exited.then((how) => reject(new Error(`the seed exited (${String(how)}) before reaching ${phase}: ${out}`)));
      });
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");

      // What a killed seed leaves: the restore table, and indexes missing.
      expect(await restoreTableExists()).toBe(true);
      expect((await schema()).length).toBeLessThan(before.schema.length);
      if (phase === "restore") expect((await counts()).products).toBeGreaterThan(before.counts.products!);

      // Mid-load: what the server's start runs (server/main.ts); mid-restore: what the next seed runs.
      const recovery = phase === "products" ? await recoverBulkLoad(api.database.pool) : await recoverInterruptedSeed(api.db);
      expect(recovery?.restored).toBeGreaterThan(10);
      await expectUntouched();
      expect(await recoverInterruptedSeed(api.db)).toBeNull();
    }, 120_000);
});
