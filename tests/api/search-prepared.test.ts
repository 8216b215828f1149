/**
 * The product search as a prepared statement (ADR 068), on both engines: the hits are the same as
 * when the statement is planned on every search, page after page; on PostgreSQL the statement is
 * prepared once per connection and, after PostgreSQL's five custom plans, answered from one generic
 * plan (no planning of its sixteen branches per search); with DATABASE_PREPARED_STATEMENTS off (a
 * transaction-mode pooler) and on PGlite nothing is prepared. The rows are removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "#server/db/client.ts";
import { forgetPreparedShapes } from "#server/db/named-statement.ts";
import { productSearchSql, searchProducts } from "#server/catalog/search.ts";
import { getTranslatedProduct, relatedProducts } from "#server/catalog/repository.ts";
import { products } from "#server/db/schema.ts";
import { insertCompanies } from "../support/companies.ts";
import { insertTestRegions } from "../support/regions.ts";
import { openTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
// A word no other test's data has.
const WORD = `prepq${`${process.pid}${Date.now().toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;

beforeAll(async () => {
  api = await openTestApi();
  await insertTestRegions(api);
  const [company] = await insertCompanies(api, [
    {
      name: { ru: `${WORD} Завод` },
      status: "published",
      country: "RU",
      regionCode: "66",
      okvedMain: "24.20",
      email: "prepared@prepared-search.example",
      publishedAt: new Date(),
    },
  ]);
  // 45 products over three pages of 20; two words so that ranks differ (the name weighs more).
  await api.db.insert(products).values(
    Array.from({ length: 45 }, (_, i) => ({
      companyId: company!.id,
      name: { ru: i % 3 === 0 ? `${WORD} труба ${i}` : `Изделие ${i}` },
      description: { ru: `${WORD} описание ${i}` },
      status: "published" as const,
      publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
  forgetPreparedShapes();
});

afterAll(async () => {
  await api.db.execute(sql`delete from companies where email like '%@prepared-search.example'`);
  await api.close();
});

/** The prepared statements of the connection `database`'s pool holds (a pool of one). */
async function preparedSearches(database: Database) {
  const result = await database.db.execute<{ name: string; generic_plans: string; custom_plans: string }>(
    sql`select name, generic_plans::text, custom_plans::text from pg_prepared_statements where name like 'q\_%' and statement like '%candidates as%'`,
  );
  return result.rows.map((r) => ({ name: r.name, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
}

describe("product search as a prepared statement", () => {
  test("finds the same products in the same order as the statement planned per search, on every page", async () => {
    // 45 products on three pages; 15 (the names with both words) on one.
    for (const [q, pages, total] of [
      [WORD, [1, 2, 3], 45],
      [`${WORD} труба`, [1], 15],
    ] as const) {
      for (const page of pages) {
        const prepared = await searchProducts(api.db, q, {}, "ru", page, 20);
        const planned = await api.db.execute<{ id: number; total: number }>(productSearchSql(q, {}, page, 20)!.rows);
        expect(prepared.items.map((p) => p.id)).toEqual(planned.rows.map((r) => r.id));
        expect(prepared.items.length).toBe(Math.min(20, total - (page - 1) * 20));
        expect(prepared.total).toBe(total);
      }
    }
  });

  test.runIf(inject("dbEngine") === "postgres")(
    "on PostgreSQL it is prepared once per connection and then answered from one generic plan",
    async () => {
      const database = await openDatabase({ databaseUrl: inject("postgresUrl"), dataDir: "unused", poolMax: 1, migrate: false });
      try {
        for (let i = 0; i < 8; i++) expect((await searchProducts(database.db, WORD, {}, "ru", 1 + (i % 3), 20)).total).toBe(45);
        const [statement, ...others] = await preparedSearches(database);
        expect(others).toEqual([]);
        // Five custom plans (PostgreSQL's rule), then the generic one reused: planned 5 times, not 8.
        expect(statement).toEqual({ name: expect.stringMatching(/^q_[0-9a-f]{20}$/), generic: 3, custom: 5 });
      } finally {
        await database.close();
      }
    },
  );

  test.runIf(inject("dbEngine") === "postgres")(
    "on PostgreSQL the product page's reads are named statements, prepared once per connection and still answering right",
    async () => {
      const database = await openDatabase({ databaseUrl: inject("postgresUrl"), dataDir: "unused", poolMax: 1, migrate: false });
      try {
        const [product] = (await database.db.execute<{ id: number }>(sql`select id from products where status = 'published' limit 1`)).rows;
        for (let i = 0; i < 6; i++) {
          expect((await getTranslatedProduct(database.db, product!.id, "ru"))?.id).toBe(product!.id);
          expect(await relatedProducts(database.db, product!.id, "ru", 8)).toEqual(await relatedProducts(api.db, product!.id, "ru", 8));
        }
        const named = await database.db.execute<{ name: string; runs: string }>(
          sql`select name, (generic_plans + custom_plans)::text as runs from pg_prepared_statements order by name`,
        );
        expect(named.rows).toEqual([
          { name: "product_detail", runs: "6" },
          { name: "related_products_8", runs: "6" },
        ]);
      } finally {
        await database.close();
      }
    },
  );

  test.runIf(inject("dbEngine") === "postgres")(
    "with prepared statements off, nothing is prepared: searches nor the product page's reads",
    async () => {
      const database = await openDatabase({
        databaseUrl: inject("postgresUrl"),
        dataDir: "unused",
        poolMax: 1,
        migrate: false,
        preparedStatements: false,
      });
      try {
        for (let i = 0; i < 3; i++) expect((await searchProducts(database.db, WORD, {}, "ru", 1, 20)).total).toBe(45);
        expect(await preparedSearches(database)).toEqual([]);
        // The product page's named statements (ADR 069) go unnamed too, and still answer.
        const [product] = (await database.db.execute<{ id: number }>(sql`select id from products where status = 'published' limit 1`)).rows;
        for (let i = 0; i < 2; i++) {
          expect((await getTranslatedProduct(database.db, product!.id, "ru"))?.id).toBe(product!.id);
          await relatedProducts(database.db, product!.id, "ru", 8);
        }
        const named = await database.db.execute<{ name: string }>(sql`select name from pg_prepared_statements`);
        expect(named.rows).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );

  test.runIf(inject("dbEngine") === "pglite")(
    "on PGlite nothing is prepared (its one session outlives the pool's connections): searches nor the product page's reads",
    async () => {
      for (let i = 0; i < 7; i++) await searchProducts(api.db, WORD, {}, "ru", 1, 20);
      expect(await preparedSearches(api.database)).toEqual([]);
      const [product] = (await api.db.execute<{ id: number }>(sql`select id from products where status = 'published' limit 1`)).rows;
      for (let i = 0; i < 2; i++) {
        expect((await getTranslatedProduct(api.db, product!.id, "ru"))?.id).toBe(product!.id);
        await relatedProducts(api.db, product!.id, "ru", 8);
      }
      const named = await api.db.execute<{ name: string }>(sql`select name from pg_prepared_statements`);
      expect(named.rows).toEqual([]);
    },
  );
});
