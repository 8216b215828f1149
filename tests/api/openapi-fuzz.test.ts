/**
 * Hostile input over every operation of the OpenAPI documents (tests/fuzz/openapi-fuzz.ts), on
 * PGlite and PostgreSQL: never a 5xx, always the one error envelope, nothing written for a refused
 * request. In the suite a fixed-seed slice runs (FUZZ_CASES, default 1,500 requests in all);
 * `npm run fuzz` runs 10,000 and more (scripts/fuzz.ts). FUZZ_SEED changes the seed, FUZZ_ONLY
 * (a regular expression over `METHOD /path`) narrows the operations.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createUser, pngPicture, expectError } from "../support/profile.ts";
import { createFixtures, createWriter, fuzzOperations, loadOperations, removeFixtures } from "../fuzz/openapi-fuzz.ts";
import type { ResolvedAddress } from "#server/parse-meta/safe-fetch.ts";

const CASES = Number(process.env.FUZZ_CASES ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20260416);

let api: TestApi;
let fixtures: Awaited<ReturnType<typeof createFixtures>>;

/** Every host name resolves to a private address: the page reader refuses it without going out. */
async function resolve(): Promise<ResolvedAddress[]> {
  return [{ address: "10.0.0.1", family: 4 }];
}

beforeAll(async () => {
  // Its own copy of the imported database: the write check looks through every table (tests/support/engine.ts).
  api = await openTestApi({
    fuzzDatabase: true,
    parseMeta: { fetch: { resolve } },
    translator: { name: "fuzz", translate: async (texts, _from, to) => texts.map((t) => `[${to}] ${t}`) },
  });
  await cleanupProfileData(api);
  fixtures = await createFixtures(api);
});

afterAll(async () => {
  if (api) {
    if (fixtures) await removeFixtures(api, fixtures);
    await cleanupProfileData(api);
    await api.close();
  }
});

test(`every OpenAPI operation survives hostile input (${CASES} requests, seed ${SEED})`, async () => {
  const { operations, components } = await loadOperations(api, fixtures.admin);
  expect(operations.length).toBeGreaterThan(150);
  const started = performance.now();
  const results = await fuzzOperations(api, fixtures, operations, components, {
    cases: CASES,
    seed: SEED,
    filter: process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined,
    log: process.env.FUZZ_VERBOSE ? (line) => process.stderr.write(`${line}\n`) : undefined,
  });
  const total = results.reduce((n, r) => n + r.cases, 0);
  const failures = results.filter((r) => r.failure);
  console.log(
    `[${api.engine}] ${results.length} operations, ${total} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures.length} failing`,
  );
  expect(failures.map((f) => `${f.operation}: ${f.failure}`)).toEqual([]);
}, 600_000);

// Found by the fuzzer: U+0000 reached PostgreSQL (22021, a 500; on PGlite the connection was reset
// and the next request got a 503). Now a body or a form holding one is refused, and a query drops it.
test("a NUL character in a JSON body or a form field is a 400 naming the field, in a query it is dropped; the database stays up", async () => {
  const query = await call(api, "GET", "/api/rfq?q=a%00b");
  expect(query.status).toBe(200);
  expect(query.body.data).toEqual((await call(api, "GET", "/api/rfq?q=ab")).body.data);
  const body = await fixtures.owner.post("/api/profile/company/products", { name: { ru: "Труба\u0000" } });
  expect(body.status).toBe(400);
  expect(body.body.error).toMatchObject({ code: "invalid_body", issues: [{ path: "name.ru", message: "invalid_format" }] });
  const key = await fixtures.owner.put("/api/profile/company/facts", { facts: { "\u0000": "x" } });
  expect(key.status).toBe(400);
  const form = new FormData();
  form.set("file", new File([new Uint8Array([1, 2, 3])], "a.png"));
  form.set("title.ru", "a\u0000");
  const upload = await fixtures.owner.post("/api/files/common", form);
  expect(upload.status).toBe(400);
  expect(upload.body.error.issues).toEqual([{ path: "title.ru", message: "invalid_format" }]);
  expect((await call(api, "GET", "/api/rfq?q=ab")).status).toBe(200);
});

test("the write detector sees a row inserted, updated or deleted, and ignores the bookkeeping tables", async () => {
  const pool = api.database.pool;
  const writer = await createWriter(api);
  const quiet = await writer.snapshot();
  expect(await writer.writesSince(quiet)).toEqual([]);
  const bookkeeping = await writer.snapshot();
  await pool.query("insert into rate_limits (key, points) values ($1, 1)", [`fuzz-detector-${Date.now()}`]);
  expect(await writer.writesSince(bookkeeping)).toEqual([]);
  const inserted = await writer.snapshot();
  const user = await createUser(api, "fuzz-detector");
  expect(await writer.writesSince(inserted)).toEqual([
    expect.stringMatching(/^public\.users \(\d+ → \d+ rows\)$/),
    "public.users (rows inserted or updated)",
  ]);
  const updated = await writer.snapshot();
  await pool.query("update users set first_name = 'Детектор' where id = $1", [user.id]);
  expect(await writer.writesSince(updated)).toEqual(["public.users (rows inserted or updated)"]);
  const deleted = await writer.snapshot();
  await pool.query("delete from users where id = $1", [user.id]);
  expect(await writer.writesSince(deleted)).toEqual([expect.stringMatching(/^public\.users \(\d+ → \d+ rows\)$/)]);
});

// Found by the fuzzer: two search words made the supplier facets' `search_vector @@ a && b` parse as
// `(… @@ a) && b` (42883, a 500; on PGlite the connection was reset too).
test("the supplier filter answers a search of several words", async () => {
  for (const q of ["труба сталь", "steel pipe valve", "𘧋ば⒑⇷𖭴"]) {
    const reply = await call(api, "GET", `/dev/suppliers/filter?q=${encodeURIComponent(q)}`);
    expect(reply.status, q).toBe(200);
  }
  expect((await call(api, "GET", "/dev/suppliers/filter?q=ab")).status).toBe(200);
});

// Found by the fuzzer: the cover of a story that does not exist was refused only after the upload
// was stored (a `files` row written by a 404).
test("a cover for an unknown story is refused before anything is stored", async () => {
  const writer = await createWriter(api);
  const before = await writer.snapshot();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await pngPicture(16, 16))], "cover.png", { type: "image/png" }));
  const reply = await fixtures.admin.put("/app/admin/stories/2147483000/cover", form);
  expect(reply.status).toBe(404);
  expect(await writer.writesSince(before)).toEqual([]);
});

// Found by the fuzzer: a file for a product under moderation was stored, then refused with 409.
test("a file for a product under moderation is refused before anything is stored", async () => {
  const created = await fixtures.owner.post("/api/profile/company/products", { name: { ru: "На модерации" } });
  const id = created.body.data.id as number;
  await api.database.pool.query("update products set status = 'moderation' where id = $1", [id]);
  const writer = await createWriter(api);
  const before = await writer.snapshot();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await pngPicture(16, 16))], "photo.png", { type: "image/png" }));
  const reply = await fixtures.owner.post(`/api/profile/company/products/${id}/files`, form);
  expectError(reply, 409, "under_moderation");
  expect(await writer.writesSince(before)).toEqual([]);
});
