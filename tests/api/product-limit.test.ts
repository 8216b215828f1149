/**
 * A company's products are capped (security review N2: imports of 50,000 rows could be repeated
 * without end), on PGlite and PostgreSQL: two products short of the cap (`COMPANY_PRODUCT_LIMIT`, lowered to 3,000 here) a new draft is
 * still made, the next is refused with 409 `product_limit_reached` naming the cap; a price list that
 * would pass the cap fails as a whole with that code and writes nothing. The export of that catalogue
 * streams: its first bytes come before the whole file is read.
 */
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { products } from "#server/db/schema.ts";
import { createSupplier, expectError, multipart, profileTest } from "#tests/support/profile.ts";

/** A low cap for the test (the default is 100,000); set before the app reads it, restored after. */
const MAX_COMPANY_PRODUCTS = 3000;

const test = profileTest.extend("owner", { scope: "file" }, async ({ api }, { onCleanup }) => {
  const previous = process.env.COMPANY_PRODUCT_LIMIT;
  process.env.COMPANY_PRODUCT_LIMIT = String(MAX_COMPANY_PRODUCTS);
  onCleanup(() => {
    if (previous === undefined) delete process.env.COMPANY_PRODUCT_LIMIT;
    else process.env.COMPANY_PRODUCT_LIMIT = previous;
  });
  const owner = await createSupplier(api, "limit-owner", { name: { ru: "ООО «Большой каталог»" }, sourceLang: "ru", country: "RU" });
  // Filled in one statement: the cap is about rows, not about how they came.
  await api.db.execute(sql`insert into products (company_id, name, source_lang, status, sku)
    select ${owner.companyId}, jsonb_build_object('ru', 'Товар ' || n), 'ru', 'draft', 'BULK-' || n
    from generate_series(1, ${MAX_COMPANY_PRODUCTS - 2}) as n`);
  return owner;
});

test("the last products fit, the next is refused with the cap; a price list past it writes nothing", async ({ api, owner }) => {
  await owner.ok("POST", "/api/profile/company/products", { name: { ru: "Предпоследний" }, sourceLang: "ru" });
  await owner.ok("POST", "/api/profile/company/products", { name: { ru: "Последний" }, sourceLang: "ru" });
  const refused = await owner.post("/api/profile/company/products", { name: { ru: "Лишний" }, sourceLang: "ru" });
  expectError(refused, 409, "product_limit_reached");
  expect(refused.body.error.details).toEqual({ limit: MAX_COMPANY_PRODUCTS, value: MAX_COMPANY_PRODUCTS + 1 });

  const csv = new TextEncoder().encode("Артикул;Наименование;Цена\nNEW-1;Новый товар;10\nNEW-2;Ещё товар;11\n");
  const uploaded = await owner.post("/api/profile/company/price-lists", multipart(csv, "новые.csv", "text/csv"));
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const runId = uploaded.body.data.id as number;
  await owner.ok("POST", `/api/profile/company/price-lists/${runId}/import`);
  await api.jobs.runDue("price-list-import");
  const run = await owner.ok("GET", `/api/profile/company/price-lists/${runId}`);
  expect(run).toMatchObject({ status: "failed", failure: "product_limit_reached" });
  const [count] = await api.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.companyId, owner.companyId));
  expect(count!.n).toBe(MAX_COMPANY_PRODUCTS);
});

test("the export of a full catalogue streams: the header arrives before the rest is read", async ({ api, owner }) => {
  const response = await api.app.request("/api/profile/company/price-lists/export?format=csv&lang=ru", {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-length")).toBeNull();
  const reader = response.body!.getReader();
  const first = await reader.read();
  const head = new TextDecoder().decode(first.value);
  expect([...first.value!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs
  expect(head.startsWith("ID товара;Артикул;Наименование")).toBe(true);
  // The first chunk is the header alone (a batch of 1,000 products follows), not the whole file.
  expect(first.value!.length).toBeLessThan(1024);
  let rows = head.split("\r\n").length - 1;
  const decoder = new TextDecoder();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    rows += decoder.decode(chunk.value, { stream: true }).split("\r\n").length - 1;
  expect(rows).toBe(MAX_COMPANY_PRODUCTS + 1);
});
