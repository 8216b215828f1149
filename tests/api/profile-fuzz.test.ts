/**
 * Property-based (fast-check) robustness of the profile API, on PGlite and PostgreSQL: malformed
 * bodies — any JSON value, form-like objects with wrong types, text that is not JSON, wrong content
 * types, random multipart bytes — and odd path ids, sent by an owner (so every check past
 * authorization runs), never produce a 5xx and always produce the error envelope.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hostileValue } from "../fuzz/schema-arbitrary.ts";
import type { TestApi } from "../support/api.ts";
import { call, closeProfileApi, createCompany, createUser, openProfileApi, type TestUser } from "../support/profile.ts";

let api: TestApi;
let owner: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "fuzzer");
  ids.company = await createCompany(owner, { name: { ru: "ООО «Фазз»" }, country: "RU" });
  ids.product = (await owner.post("/api/profile/company/products", { name: { ru: "Фазз-товар" } })).body.data.id;
  ids.member = (await owner.get("/api/profile/company/employees")).body.data[0].id;
});

afterAll(() => closeProfileApi(api));

const P = "/api/profile/company";
const JSON_ENDPOINTS: [string, () => string][] = [
  ["POST", () => P],
  ["PATCH", () => P],
  ["PUT", () => `${P}/facts`],
  ["PATCH", () => `${P}/status`],
  ["POST", () => `${P}/product-company`],
  ["POST", () => `${P}/legal-entities`],
  ["POST", () => `${P}/employees`],
  ["PATCH", () => `${P}/employees/${ids.member}`],
  ["PATCH", () => `${P}/employees/${ids.member}/status`],
  ["POST", () => `${P}/products`],
  ["PATCH", () => `${P}/products/${ids.product}`],
  ["PATCH", () => `${P}/products/${ids.product}/status`],
  ["PUT", () => `${P}/products/${ids.product}/prices`],
  ["PUT", () => `${P}/products/${ids.product}/facts`],
  ["PUT", () => `${P}/products/${ids.product}/variants`],
  ["POST", () => `${P}/products/${ids.product}/files`],
  ["PUT", () => `${P}/logo`],
  ["POST", () => `${P}/files`],
  ["POST", () => "/dev/address"],
  ["POST", () => "/api/profile/invitations/1/accept"],
];

const keys = [
  "name",
  "description",
  "sourceLang",
  "country",
  "regionCode",
  "website",
  "phone",
  "email",
  "facts",
  "key",
  "value",
  "action",
  "productId",
  "kind",
  "inn",
  "kpp",
  "ogrn",
  "nameFull",
  "role",
  "status",
  "position",
  "tiers",
  "minQuantity",
  "price",
  "currency",
  "unit",
  "variants",
  "attributes",
  "fileId",
  "title",
  "query",
  "count",
  "ru",
  "en",
  "zh",
  "moq",
  "moqUnit",
  "tnvedCode",
  "categoryId",
  "okvedMain",
  "okvedCodes",
  "__proto__",
  "constructor",
];
/** Leaves in the wrong places: a hostile client's odd values and the profile's own words (language, currency, role, action, kind, a real INN). */
const oddValues = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  hostileValue,
  fc.constantFrom("ru", "RUB", "owner", "submit", "legal", "7707083893"),
  fc.integer(),
  fc.double(),
);
const formLike = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 3 }, oddValues, tie("object"), fc.array(tie("value"), { maxLength: 4 })),
  object: fc.dictionary(fc.constantFrom(...keys), tie("value"), { maxKeys: 10 }),
})).object;

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  formLike.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom("{", "[", '{"name":', "\u0000", '{"a":1}{"b":2}', '{"facts": ['.repeat(50)),
);

function expectErrorEnvelope(status: number, responseBody: any, label: string) {
  expect(status, label).toBeLessThan(500);
  if (status >= 400) {
    expect(typeof responseBody?.error?.code, label).toBe("string");
    expect(typeof responseBody?.error?.message, label).toBe("string");
  }
}

describe("malformed bodies never give a 5xx", () => {
  test.each(JSON_ENDPOINTS.map(([method, path]) => [`${method} ${path().replace(/undefined/g, "{id}")}`, method, path] as const))(
    "%s",
    async (_label, method, path) => {
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=koi8-r"),
          async (raw, contentType) => {
            const reply = await call(api, method, path(), raw, owner.token, { "content-type": contentType });
            expectErrorEnvelope(reply.status, reply.body, `${method} ${path()} ${contentType} ${raw.slice(0, 80)}`);
          },
        ),
        { numRuns: 40 },
      );
    },
    120_000,
  );

  test("random bytes as multipart uploads", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.string({ maxLength: 40 }),
        fc.constantFrom(`${P}/logo`, `${P}/files`, "/api/files/common", `${P}/products/${ids.product}/files`),
        async (bytes, boundary, url) => {
          const method = url.endsWith("/logo") ? "PUT" : "POST";
          const raw = await call(api, method, url, Buffer.from(bytes).toString("latin1"), owner.token, {
            "content-type": `multipart/form-data; boundary=${boundary}`,
          });
          expectErrorEnvelope(raw.status, raw.body, `raw multipart ${url}`);
          const form = new FormData();
          form.set("file", new File([Buffer.from(bytes)], boundary || "x"));
          form.set("title.ru", boundary);
          const wrapped = await call(api, method, url, form, owner.token);
          expectErrorEnvelope(wrapped.status, wrapped.body, `file ${url}`);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  test("odd path ids and query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.bigInt().map(String),
          fc.constantFrom("0", "-1", "1.5", "1e3", "99999999999999999999", "%00", "..%2F..", "NaN"),
        ),
        fc.constantFrom("products", "legal-entities", "employees", "files", "product-company"),
        fc.constantFrom("GET", "PATCH", "DELETE"),
        async (id, collection, method) => {
          const reply = await call(
            api,
            method,
            `${P}/${collection}/${encodeURIComponent(id)}`,
            method === "PATCH" ? {} : undefined,
            owner.token,
          );
          expectErrorEnvelope(reply.status, reply.body, `${method} ${collection}/${id}`);
          const list = await owner.get(
            `${P}/products?status=${encodeURIComponent(id)}&q=${encodeURIComponent(id)}&page=${encodeURIComponent(id)}`,
          );
          expectErrorEnvelope(list.status, list.body, `list ${id}`);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
