/**
 * The product page's reads, part three of issue 31 §4 (ADR 069), on PGlite and on PostgreSQL:
 * - the product and its stored translations read as one named statement give what the product and
 *   a second read of its translations gave (manual, fresh machine and stale machine rows);
 * - the web tier's API client answers an anonymous product page's reads through the API's direct
 *   reads — no Request, no Response — with the same data and the same errors as over `fetch`;
 *   a signed-in visitor's calls and operations without a direct read still go through `fetch`;
 * - a named statement keeps its name for one text, and reads rows as `db.execute` does.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as productsApi from "#contract/products.ts";
import * as categoriesApi from "#contract/categories.ts";
import { ApiClient, ApiClientError } from "#app/lib/api-client.server.ts";
import { getProduct, getTranslatedProduct, relatedProducts } from "#server/catalog/repository.ts";
import { namedStatement } from "#server/db/named-statement.ts";
import { companies, contentTranslations, products } from "#server/db/schema.ts";
import { applyTranslations, sourceHash } from "#server/translation/store.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser } from "../support/profile.ts";

let api: TestApi;
let companyId: number;
let productId: number;
let neighbourId: number;
const run = `${process.pid}${Date.now().toString(36)}`;
const NAME = `旋耕机刀片 ${run}`;
const DESCRIPTION = "65Mn钢，热处理。";
const LANGS = ["ru", "en", "zh"] as const;

/** The web tier's client over the test app: `direct` as the server wires it, and a count of `fetch` calls. */
function client(options: { direct?: boolean; accessToken?: string } = {}) {
  const fetched: string[] = [];
  const transport = async (request: Request) => {
    fetched.push(new URL(request.url).pathname);
    return api.app.fetch(request);
  };
  const apiClient = new ApiClient({
    transport,
    baseUrl: "http://api.test",
    direct: options.direct === false ? undefined : api.app.direct,
    accessToken: options.accessToken,
  });
  return { apiClient, fetched };
}

/** What an ApiClientError tells a page. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  const { status, code, message, issues, details, retryAfter } = error as ApiClientError;
  return { status, code, message, issues, details, retryAfter };
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  const owner = await createUser(api, "page-reads-owner", { locale: "zh" });
  companyId = (await owner.ok("POST", "/api/profile/company", { name: { zh: `辽中 ${run}` }, sourceLang: "zh", country: "CN" })).id;
  productId = (
    await owner.ok("POST", "/api/profile/company/products", { name: { zh: NAME }, description: { zh: DESCRIPTION }, sourceLang: "zh" })
  ).id;
  neighbourId = (await owner.ok("POST", "/api/profile/company/products", { name: { zh: `刀片 ${run}` }, sourceLang: "zh" })).id;
  const code = (await api.db.execute<{ code: string }>(sql`select code from tnved_codes where length(code) = 10 order by code limit 1`))
    .rows[0]!.code;
  await api.db.update(companies).set({ status: "published", publishedAt: new Date() }).where(eq(companies.id, companyId));
  for (const id of [productId, neighbourId])
    await api.db.update(products).set({ status: "published", publishedAt: new Date(), tnvedCode: code }).where(eq(products.id, id));
  const row = { entityKind: "product" as const, entityId: productId, sourceLang: "zh" as const };
  await api.db.insert(contentTranslations).values([
    // A supplier's own Russian name, a fresh machine description, a stale machine English name.
    { ...row, field: "name", targetLang: "ru", sourceHash: sourceHash("another name"), text: "Нож фрезы (свой)", origin: "manual" },
    { ...row, field: "description", targetLang: "ru", sourceHash: sourceHash(DESCRIPTION), text: "Сталь 65Г", origin: "machine" },
    { ...row, field: "name", targetLang: "en", sourceHash: sourceHash("old name"), text: "Old blade", origin: "machine" },
  ]);
});

afterAll(async () => {
  if (!api) return;
  await api.db.delete(contentTranslations).where(eq(contentTranslations.entityId, productId));
  await cleanupProfileData(api);
  await api.close();
});

describe("the product and its translations in one statement", () => {
  test.each(LANGS)("in %s it gives what the product and a second read of its translations gave", async (lang) => {
    const before = await applyTranslations(api.db, "product", productId, lang, (await getProduct(api.db, productId, lang))!);
    expect(await getTranslatedProduct(api.db, productId, lang)).toEqual(before);
  });

  test("a manual and a fresh machine translation are shown, a stale machine one is not", async () => {
    const ru = (await getTranslatedProduct(api.db, productId, "ru"))!;
    expect(ru.name).toEqual({ text: "Нож фрезы (свой)", lang: "ru" });
    expect(ru.description).toEqual({ text: "Сталь 65Г", lang: "ru" });
    expect(ru.translations.map((t) => [t.field, t.origin])).toEqual([
      ["name", "manual"],
      ["description", "machine"],
    ]);
    const en = (await getTranslatedProduct(api.db, productId, "en"))!;
    expect(en.name).toEqual({ text: NAME, lang: "zh" });
    expect(en.translations).toEqual([]);
  });

  test("an unknown or unpublished product is null", async () => {
    expect(await getTranslatedProduct(api.db, 2_000_000_000, "ru")).toBeNull();
    await api.db.update(products).set({ status: "draft" }).where(eq(products.id, neighbourId));
    try {
      expect(await getTranslatedProduct(api.db, neighbourId, "ru")).toBeNull();
    } finally {
      await api.db.update(products).set({ status: "published" }).where(eq(products.id, neighbourId));
    }
  });

  test("related products read as a named statement are the same in every language and size, the neighbour among them", async () => {
    for (const lang of LANGS) {
      for (const limit of [1, 8]) {
        const rows = await relatedProducts(api.db, productId, lang, limit);
        expect(rows.length).toBeLessThanOrEqual(limit);
        // Asked again on whatever connection the pool gives: the prepared statement answers the same.
        expect(await relatedProducts(api.db, productId, lang, limit)).toEqual(rows);
      }
    }
    expect((await relatedProducts(api.db, productId, "ru", 8)).map((p) => p.id)).toContain(neighbourId);
    await expect(relatedProducts(api.db, productId, "ru", 0)).rejects.toThrow(RangeError);
  });
});

describe("the API client's direct reads", () => {
  test("an anonymous page's product and related products: the same data as over fetch, and no fetch", async () => {
    const direct = client();
    const viaFetch = client({ direct: false });
    for (const lang of LANGS) {
      const input = { params: { id: productId }, query: { lang } };
      expect((await direct.apiClient.send(productsApi.getProduct, input)).data).toEqual(
        (await viaFetch.apiClient.send(productsApi.getProduct, input)).data,
      );
      const related = { params: { id: productId }, query: { lang, count: 8 } };
      const answer = await direct.apiClient.send(productsApi.relatedProducts, related);
      expect(answer).toEqual(await viaFetch.apiClient.send(productsApi.relatedProducts, related));
      expect(answer.data.map((p) => p.id)).toContain(neighbourId);
    }
    expect(direct.fetched).toEqual([]);
    expect(viaFetch.fetched).toHaveLength(6);
  });

  test("the same errors: an unknown product, an id that cannot be one, a refused query", async () => {
    const direct = client();
    const viaFetch = client({ direct: false });
    const calls: ((c: ApiClient) => Promise<unknown>)[] = [
      (c) => c.send(productsApi.getProduct, { params: { id: 2_000_000_000 }, query: { lang: "ru" } }),
      (c) => c.send(productsApi.getProduct, { params: { id: "abc" }, query: { lang: "ru" } }),
      (c) => c.send(productsApi.getProduct, { params: { id: "1\u0000" }, query: { lang: "ru" } }),
      (c) => c.send(productsApi.getProduct, { params: { id: productId }, query: { lang: "fr" as "ru" } }),
      (c) => c.send(productsApi.relatedProducts, { params: { id: productId }, query: { lang: "ru", count: 0 } }),
      (c) => c.send(productsApi.relatedProducts, { params: { id: productId }, query: { lang: "ru", count: 51 } }),
    ];
    for (const call of calls) {
      const expected = await failure(call(viaFetch.apiClient));
      expect(await failure(call(direct.apiClient))).toEqual(expected);
    }
    expect((await failure(calls[0]!(direct.apiClient))).status).toBe(404);
    expect((await failure(calls[3]!(direct.apiClient))).code).toBe("invalid_query");
    expect(direct.fetched).toEqual([]);
  });

  test("a signed-in visitor's calls and operations without a direct read go through fetch", async () => {
    const signedIn = client({ accessToken: "not-a-valid-token" });
    await signedIn.apiClient.send(productsApi.getProduct, { params: { id: productId }, query: { lang: "ru" } });
    expect(signedIn.fetched).toEqual([`/api/products/${productId}`]);
    const anonymous = client();
    await anonymous.apiClient.send(categoriesApi.listCategories, { query: { lang: "ru" } });
    expect(anonymous.fetched).toEqual(["/api/categories"]);
  });
});

describe("named statements", () => {
  test("a name keeps one text: another statement under it is refused at once", async () => {
    const name = `page_reads_test_${run}`;
    const statement = namedStatement<{ n: number }>(name, sql`select ${sql.placeholder("n")}::int as n`);
    expect(await statement.read(api.db, { n: 1 })).toEqual([{ n: 1 }]);
    expect(await statement.read(api.db, { n: 2 })).toEqual([{ n: 2 }]);
    await expect(statement.read(api.db, {} as { n: number })).rejects.toThrow(/no value for placeholder "n"/i);
    const other = namedStatement<{ n: number }>(name, sql`select ${sql.placeholder("n")}::int + 1 as n`);
    await expect(other.read(api.db, { n: 1 })).rejects.toThrow(/already names another statement/);
  });

  test("a named statement still answers after the pool replaced its connection (PGlite keeps one session for all)", async () => {
    const statement = namedStatement<{ n: number }>(`page_reads_reconnect_${run}`, sql`select ${sql.placeholder("n")}::int as n`);
    expect(await statement.read(api.db, { n: 1 })).toEqual([{ n: 1 }]);
    // As the pool does to an idle connection after 10 s: closed, and a new one opened for the next query.
    const clients = await Promise.all(Array.from({ length: api.engine === "pglite" ? 1 : 2 }, () => api.database.pool.connect()));
    for (const client of clients) client.release(true);
    // PGlite's socket server takes the next connection once it has seen the last one close.
    for (let attempt = 0; ; attempt++) {
      const ok = await api.db.execute(sql`select 1`).then(
        () => true,
        (error: unknown) => (attempt < 20 ? false : Promise.reject(error)),
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await statement.read(api.db, { n: 2 })).toEqual([{ n: 2 }]);
  });

  test("in a transaction a named statement runs on the transaction's connection and sees what it set", async () => {
    const statement = namedStatement<{ key: string }>(
      `page_reads_tx_${run}`,
      sql`select current_setting(${sql.placeholder("key")}, true) as value`,
    );
    const inside = await api.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('postavka.page_reads_test', 'inside', true)`);
      return statement.read<{ value: string | null }>(tx, { key: "postavka.page_reads_test" });
    });
    expect(inside).toEqual([{ value: "inside" }]);
    const outside = await statement.read<{ value: string | null }>(api.db, { key: "postavka.page_reads_test" });
    expect(outside[0]?.value ?? null).not.toBe("inside");
  });

  test("rows are parsed as db.execute parses them (timestamps stay text)", async () => {
    const query = (id: unknown) => sql`select id, published_at, name from products where id = ${id}`;
    const statement = namedStatement<{ id: number }>(`page_reads_types_${run}`, query(sql.placeholder("id")));
    const [named] = await statement.read<Record<string, unknown>>(api.db, { id: productId });
    expect(named).toEqual((await api.db.execute(query(productId))).rows[0]);
    expect(typeof named!.published_at).toBe("string");
  });
});
