/**
 * The MCP server for AI assistants (issue 29 §3; ADR 055), on PGlite and PostgreSQL, driven by the
 * official SDK's own `Client` over its `StreamableHTTPClientTransport` against the API app (the
 * transport's `fetch` is the app's in-process `request`): the tools are listed with English
 * descriptions and JSON Schemas; every tool answers with real classifier data («труба стальная» →
 * TN VED 7304/7306, OKVED2 24.20), real ETT duty and Bank of Russia rates (landed cost of seamless
 * steel pipes to Moscow, the same figures as the API's operation), absolute page links on the
 * configured public origin; tools acting as a person refuse a call without a key or without the
 * scope (JSON-RPC -32003), bad arguments get -32602 naming the field, a key's allowance and the
 * per-network allowance without a key answer -32029 (the latter as HTTP 429 with Retry-After).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companyAuditLog, companyOkvedCodes, companies, legalEntities, productPrices, products, rfqs } from "#server/db/schema.ts";
import { importCbrDaily } from "#server/money/rates.ts";
import { LIMITS } from "#server/api/rate-limits.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createSupplier, createUser, type Supplier, type TestUser } from "../support/profile.ts";

const ORIGIN = "https://postavka.test";
const PIPES = "7304191009";
let api: TestApi;
let supplier: Supplier;
let buyer: TestUser;
let moderator: TestUser;
let productId: number;
let rfqId: number;
/** A different client address per client, so the per-network allowance of one test does not spill into another. */
let nextIp = 1;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An SDK client connected to the app's `/mcp`, with `key` as a bearer token when given. */
async function connect(key?: string, ip = `198.51.100.${nextIp++}`): Promise<Client> {
  const headers: Record<string, string> = { "x-client-ip": ip };
  if (key) headers.authorization = `Bearer ${key}`;
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    fetch: async (url, init) => api.app.request(url instanceof URL ? url.href : url, init),
    requestInit: { headers },
  });
  const client = new Client({ name: "postavka-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** A tool's answer; fails with the error when the call is refused. */
async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[]).map((c) => c.text).join("\n");
  return { text, structured: result.structuredContent as Record<string, any>, isError: result.isError === true };
}

/** The JSON-RPC error a refused call rejects with. */
async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<McpError> {
  const error = await client.callTool({ name, arguments: args }).then(
    (result) => new Error(`${name} answered instead of refusing: ${JSON.stringify(result)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof McpError)) throw error;
  return error;
}

async function key(owner: TestUser, url: string, scopes: string[], rateLimit = 120): Promise<string> {
  const reply = await owner.post(url, { name: "Assistant", scopes, rateLimit: String(rateLimit) });
  if (reply.status !== 201) throw new Error(`create key → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data.secret as string;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  await importCbrDaily(api.db, new Uint8Array(await readFile(path.join(api.dataDir, "cbr", "daily", "cbr_daily_2024-10-15.xml"))));
  supplier = await createSupplier(api, "mcp-supplier", { name: { ru: "Ляонинский трубный завод" }, country: "CN" });
  await api.db
    .update(companies)
    .set({ status: "published", publishedAt: new Date(), okvedMain: "24.20", verificationLevel: 1 })
    .where(eq(companies.id, supplier.companyId));
  await api.db.insert(companyOkvedCodes).values({ companyId: supplier.companyId, okvedCode: "24.20", isMain: true });
  await api.db
    .insert(legalEntities)
    .values({ companyId: supplier.companyId, kind: "legal", inn: "7707083893", ogrn: "1027700132195", nameFull: "ООО «Трубы Ляонина»" });
  const [product] = await api.db
    .insert(products)
    .values({
      companyId: supplier.companyId,
      name: { ru: "Труба стальная бесшовная 57×3,5" },
      tnvedCode: PIPES,
      moq: "1",
      moqUnit: "t",
      // The lowest tier, as the product service keeps it beside the tiers.
      priceFrom: "5000",
      priceCurrency: "CNY",
      status: "published",
      publishedAt: new Date(),
    })
    .returning({ id: products.id });
  productId = product!.id;
  await api.db.insert(productPrices).values([
    { productId, minQuantity: "1", price: "5200", currency: "CNY", unit: "t" },
    { productId, minQuantity: "10", price: "5000", currency: "CNY", unit: "t" },
  ]);
  buyer = await createUser(api, "mcp-buyer");
  moderator = await createUser(api, "mcp-moderator", { role: "MODERATOR" });
  const created = await buyer.post("/api/profile/rfq", {
    title: "Трубы бесшовные стальные",
    description: "Трубы бесшовные для нефтепроводов, ГОСТ 8732.",
    lang: "ru",
    tnvedCode: PIPES,
    quantity: "10",
    unit: "t",
    incoterms: "DAP",
    destinationCountry: "RU",
    destinationCity: "Москва",
    deadline: inDays(10),
    visibility: "public",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  rfqId = created.body.data.id;
  await buyer.post(`/api/profile/rfq/${rfqId}/status`, { action: "submit" });
  expect((await moderator.post(`/app/admin/moderation/rfq/${rfqId}/approve`)).status).toBe(200);
});

afterAll(async () => {
  if (api) {
    await api.db.execute(sql`delete from rfqs where buyer_user_id = ${buyer?.id ?? 0}`);
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("tools/list", () => {
  test("lists every tool with an English description, a JSON Schema of its arguments and its hints", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: "postavka" });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search_products",
      "search_suppliers",
      "get_product",
      "get_supplier",
      "lookup_tnved",
      "lookup_okved",
      "estimate_landed_cost",
      "list_buying_requests",
      "draft_buying_request",
      "list_conversations",
      "list_orders",
    ]);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(100);
      expect(t.inputSchema.type).toBe("object");
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.draft_buying_request!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.search_products!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.search_products!.description).toMatch(/TN VED/);
    expect(byName.estimate_landed_cost!.description).toMatch(/Incoterms/);
    expect(byName.search_products!.inputSchema.required).toEqual(["query"]);
    await client.close();
  });

  test("GET and DELETE /mcp answer 405 (stateless: no stream, no session)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const reply = await api.app.request("/mcp", { method, headers: { accept: "text/event-stream" } });
      expect(reply.status).toBe(405);
      expect(reply.headers.get("allow")).toBe("POST");
    }
  });
});

describe("the catalogue's tools, without a key", () => {
  test("lookup_tnved: «труба стальная» → TN VED 7304/7306 codes; a code → its name, path and EAEU duty", async () => {
    const client = await connect();
    const found = await callTool(client, "lookup_tnved", { query: "труба стальная", limit: 20 });
    const codes = (found.structured.items as { code: string; url: string }[]).map((i) => i.code);
    expect(
      codes.some((c) => /^730[46]/.test(c)),
      codes.join(", "),
    ).toBe(true);
    expect(found.structured.items[0].url).toMatch(new RegExp(`^${ORIGIN}/tnved/`));
    const detail = await callTool(client, "lookup_tnved", { code: "7304 19 100 9", lang: "en" });
    expect(detail.structured).toMatchObject({ code: PIPES, url: `${ORIGIN}/en/tnved/${PIPES}` });
    expect((detail.structured.path as { code: string }[]).map((p) => p.code)).toEqual(expect.arrayContaining(["73", "7304"]));
    expect(detail.structured.duty).toMatchObject({ kind: "single" });
    expect(detail.text).toMatch(/EAEU import duty/);
    await client.close();
  });

  test("lookup_okved: words → activity codes; a code → its path from the section", async () => {
    const client = await connect();
    const found = await callTool(client, "lookup_okved", { query: "производство стальных труб" });
    expect((found.structured.items as { code: string }[]).map((i) => i.code)).toContain("24.20");
    const detail = await callTool(client, "lookup_okved", { code: "24.20" });
    expect((detail.structured.path as { code: string }[])[0]!.code).toBe("C");
    expect(detail.structured.url).toBe(`${ORIGIN}/okved/24.20`);
    await client.close();
  });

  test("search_products finds the pipes by Russian words, with price, MOQ, TN VED, supplier and links", async () => {
    const client = await connect();
    const found = await callTool(client, "search_products", { query: "труба стальная", tnved: "7304", limit: 20 });
    const hit = (found.structured.items as any[]).find((i) => i.id === productId);
    expect(hit, found.text).toMatchObject({
      priceFrom: "5000.00",
      currency: "CNY",
      tnvedCode: PIPES,
      url: `${ORIGIN}/product/${productId}`,
      supplier: { id: supplier.companyId, kind: "manufacturer", verificationLevel: 1, url: `${ORIGIN}/suppliers/${supplier.companyId}` },
    });
    expect(found.text).toContain(`${ORIGIN}/product/${productId}`);
    // The price filter applies (a range that excludes 5,000 CNY).
    const cheap = await callTool(client, "search_products", { query: "труба стальная", currency: "CNY", price_max: 100 });
    expect((cheap.structured.items as { id: number }[]).map((i) => i.id)).not.toContain(productId);
    await client.close();
  });

  test("search_suppliers finds the pipe maker by OKVED and kind, with its response rate", async () => {
    const client = await connect();
    const found = await callTool(client, "search_suppliers", {
      okved: "24.20",
      kind: "manufacturer",
      country: "CN",
      lang: "zh",
      limit: 20,
    });
    const hit = (found.structured.items as any[]).find((i) => i.id === supplier.companyId);
    expect(hit, found.text).toMatchObject({ kind: "manufacturer", productCount: 1, url: `${ORIGIN}/zh/suppliers/${supplier.companyId}` });
    expect(hit).toHaveProperty("responseRate");
    await client.close();
  });

  test("get_product and get_supplier: tiers, MOQ, TN VED, verification, response rate, payment routes, INN and OGRN", async () => {
    const client = await connect();
    const product = await callTool(client, "get_product", { url: `${ORIGIN}/en/product/${productId}` });
    expect(product.structured).toMatchObject({
      id: productId,
      moq: "1.000",
      tnved: { code: PIPES },
      supplier: { id: supplier.companyId },
      priceTiers: [
        { minQuantity: "1.000", price: "5200.00", currency: "CNY", unit: "t" },
        { minQuantity: "10.000", price: "5000.00", currency: "CNY", unit: "t" },
      ],
    });
    const company = await callTool(client, "get_supplier", { id: supplier.companyId });
    expect(company.structured).toMatchObject({
      verification: { level: 1 },
      response: { responseRate: null },
      paymentRoutes: [],
      legalEntities: [{ inn: "7707083893", ogrn: "1027700132195" }],
      okved: [{ code: "24.20", isMain: true }],
    });
    expect(company.text).toMatch(/INN 7707083893, OGRN 1027700132195/);
    const missing = await callTool(client, "get_product", { id: 2_147_483_000 });
    expect(missing).toMatchObject({ isError: true, text: "No published product 2147483000" });
    await client.close();
  });

  test("estimate_landed_cost: 10 t to Moscow — the tier, the rate, duty and VAT step by step, as the API's operation answers", async () => {
    const client = await connect();
    const estimate = await callTool(client, "estimate_landed_cost", {
      id: productId,
      quantity: 10,
      freight_rub: 150000,
      currency: "CNY",
      destination: "Moscow",
    });
    const direct = await api.getJson<{ data: Record<string, unknown> }>(
      `/api/products/${productId}/landed-cost?qty=10&freight=150000&currency=CNY`,
    );
    expect(estimate.structured.steps).toEqual(direct.body.data.steps);
    // 10 t × 5,000 CNY × 13.4987 RUB/CNY (15.10.2024); 7.5 % duty; 20 % VAT on customs value + duty.
    expect(estimate.structured.steps).toMatchObject({ goodsValue: "674935.00", customsValue: "824935.00", vatPct: "20" });
    expect(estimate.structured).toMatchObject({ destination: "Moscow", missing: null, tier: { price: "5000.00" } });
    expect(estimate.structured.url).toBe(`${ORIGIN}/product/${productId}?qty=10&freight=150000#landed-cost`);
    expect(estimate.text).toMatch(/to Moscow/);
    expect(estimate.text).toMatch(/Import duty: \d+\.\d{2} RUB/);
    expect(estimate.text).toMatch(/Total landed cost: \d+\.\d{2} RUB/);
    await client.close();
  });

  test("list_buying_requests: open public requests, filtered by TN VED prefix", async () => {
    const client = await connect();
    const pipes = await callTool(client, "list_buying_requests", { tnved: "7304", limit: 50 });
    expect((pipes.structured.items as { id: number }[]).map((r) => r.id)).toContain(rfqId);
    const hit = (pipes.structured.items as any[]).find((r) => r.id === rfqId);
    expect(hit).toMatchObject({ incoterms: "DAP", destination: "Москва, RU", url: `${ORIGIN}/rfq/${rfqId}` });
    const computers = await callTool(client, "list_buying_requests", { tnved: "8471" });
    expect((computers.structured.items as { id: number }[]).map((r) => r.id)).not.toContain(rfqId);
    await client.close();
  });
});

describe("the person's tools need an API key with the scope", () => {
  test("without a key, draft_buying_request, list_conversations and list_orders are refused with -32003 naming the key", async () => {
    const client = await connect();
    for (const [name, args] of [
      ["draft_buying_request", draftArgs()],
      ["list_conversations", {}],
      ["list_orders", {}],
    ] as const) {
      const error = await refusal(client, name, args);
      expect(error.code).toBe(-32003);
      expect(error.message).toMatch(/API key/);
    }
    await client.close();
  });

  test("a key without the scope is refused with -32003 naming the scope; the API answers the same", async () => {
    const catalogOnly = await key(buyer, "/api/profile/api-keys", ["catalog:read"]);
    const client = await connect(catalogOnly);
    const error = await refusal(client, "draft_buying_request", draftArgs());
    expect(error.code).toBe(-32003);
    expect(error.message).toMatch(/rfq/);
    expect(error.data).toMatchObject({ code: "insufficient_scope", scope: "rfq" });
    // Buying requests need `rfq` from a key even to read them, as GET /api/rfq does.
    expect((await refusal(client, "list_buying_requests", {})).data).toMatchObject({ scope: "rfq" });
    expect((await refusal(client, "list_conversations", {})).data).toMatchObject({ scope: "conversations:read" });
    // The catalogue's tools work with it.
    expect((await callTool(client, "lookup_okved", { code: "24.20" })).isError).toBe(false);
    await client.close();
  });

  test("draft_buying_request with an rfq key writes a draft (never submitted) in the key's audit trail", async () => {
    const rfqKey = await key(buyer, "/api/profile/api-keys", ["rfq", "catalog:read"]);
    const client = await connect(rfqKey);
    const draft = await callTool(client, "draft_buying_request", draftArgs());
    expect(draft.structured).toMatchObject({ status: "draft", url: expect.stringMatching(new RegExp(`^${ORIGIN}/profile/rfq/\\d+$`)) });
    const [row] = await api.db.select().from(rfqs).where(eq(rfqs.id, draft.structured.id));
    expect(row).toMatchObject({ status: "draft", buyerUserId: buyer.id, tnvedCode: PIPES, submittedAt: null });
    const audit = await api.db.select().from(companyAuditLog).where(eq(companyAuditLog.userId, buyer.id));
    expect(audit.map((a) => a.operationId)).toContain("createRfq");
    await client.close();
  });

  test("list_conversations and list_orders answer the key owner's own, a person's key is refused on company orders", async () => {
    const personal = await key(buyer, "/api/profile/api-keys", ["conversations:read", "orders"]);
    const client = await connect(personal);
    const conversations = await callTool(client, "list_conversations", {});
    expect(conversations.structured).toMatchObject({ total: 0, items: [] });
    const orders = await refusal(client, "list_orders", {});
    expect(orders.code).toBe(-32003);
    expect(orders.data).toMatchObject({ code: "no_company" });
    await client.close();
    const companyKey = await key(supplier, "/api/profile/company/api-keys", ["orders", "conversations:read"]);
    const companyClient = await connect(companyKey);
    expect((await callTool(companyClient, "list_orders", { state: "confirmed" })).structured).toMatchObject({ total: 0, items: [] });
    expect((await callTool(companyClient, "list_conversations", { box: "company" })).structured).toMatchObject({ items: [] });
    await companyClient.close();
  });
});

describe("bad arguments and limits", () => {
  test("arguments the schema refuses, an unknown tool and input the API refuses are -32602 naming the field", async () => {
    const client = await connect();
    const limit = await refusal(client, "search_products", { query: "труба", limit: 0 });
    expect(limit.code).toBe(-32602);
    expect(limit.message).toMatch(/limit/);
    const missing = await refusal(client, "search_products", {});
    expect(missing.code).toBe(-32602);
    expect(missing.message).toMatch(/query/);
    expect((await refusal(client, "no_such_tool", {})).code).toBe(-32602);
    const notAPage = await refusal(client, "get_product", { url: "https://example.com/about" });
    expect(notAPage.code).toBe(-32602);
    const both = await refusal(client, "lookup_tnved", { query: "труба", code: "7304" });
    expect(both.code).toBe(-32602);
    const tnved = await refusal(client, "search_products", { query: "труба", tnved: "73a4" });
    expect(tnved.message).toMatch(/tnved/);
    await client.close();
    // The API's own checks (a deadline in the past, contacts in a public request) come back the same way.
    const rfqKey = await key(buyer, "/api/profile/api-keys", ["rfq"]);
    const keyed = await connect(rfqKey);
    const past = await refusal(keyed, "draft_buying_request", { ...draftArgs(), deadline: "2020-01-01" });
    expect(past.code).toBe(-32602);
    expect(past.data).toMatchObject({ issues: [{ path: "deadline", message: "too_small" }] });
    const contacts = await refusal(keyed, "draft_buying_request", { ...draftArgs(), description: "Звоните +7 912 345-67-89" });
    expect(contacts.data).toMatchObject({ issues: [{ path: "description", message: "contacts_found" }] });
    await keyed.close();
  });

  test("a key's own allowance counts the tools' operations: past it, -32029 with the seconds to wait", async () => {
    const slow = await key(buyer, "/api/profile/api-keys", ["catalog:read"], 2);
    const client = await connect(slow);
    await callTool(client, "lookup_okved", { code: "24.20" });
    await callTool(client, "lookup_okved", { code: "24.10" });
    const limited = await refusal(client, "lookup_okved", { code: "24.30" });
    expect(limited.code).toBe(-32029);
    expect((limited.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    await client.close();
  });

  test(`without a key, ${LIMITS.mcpIp.points} messages a minute per network, then HTTP 429 with Retry-After and -32029`, async () => {
    const ip = "203.0.113.200";
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "x-client-ip": ip };
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" }));
    for (let sent = 0; sent < LIMITS.mcpIp.points; sent += 10) {
      const reply = await api.app.request("/mcp", { method: "POST", headers, body: JSON.stringify(batch(10)) });
      expect(reply.status).toBe(200);
    }
    const over = await api.app.request("/mcp", {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32029, data: { code: "rate_limited" } } });
    // The SDK's client sees the refusal as an HTTP error of status 429.
    const error = await connect(undefined, ip).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(429);
    // Another network is not affected.
    await (await connect()).close();
  });

  test("a body that is not JSON, an oversized batch and another site's page are refused before any tool runs", async () => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "x-client-ip": "203.0.113.201" };
    const notJson = await api.app.request("/mcp", { method: "POST", headers, body: "{nope" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: -32700 } });
    const many = Array.from({ length: 11 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" }));
    expect((await api.app.request("/mcp", { method: "POST", headers, body: JSON.stringify(many) })).status).toBe(400);
    const foreign = await api.app.request("/mcp", {
      method: "POST",
      headers: { ...headers, origin: "https://evil.example" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(foreign.status).toBe(403);
  });
});

/** A valid buying request's arguments (pipes to Moscow, public, deadline in ten days). */
function draftArgs(): Record<string, unknown> {
  return {
    title: "Трубы стальные бесшовные 57×3,5",
    description: "Нужны трубы бесшовные по ГОСТ 8732 для монтажа трубопровода.",
    tnved_code: "7304 19 100 9",
    quantity: 20,
    unit: "t",
    incoterms: "DAP",
    destination_country: "RU",
    destination_city: "Москва",
    deadline: inDays(14),
  };
}
