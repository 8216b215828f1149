/**
 * The 1C exchange (issue 29 §2, ADR 054), on PGlite and PostgreSQL, driven by a scripted 1C client
 * (tests/support/onec-client.ts: cookies, sessid, chunked `file` posts, a zip, polling `import`)
 * with the real 1C files of ../shared/data/commerceml (PROVENANCE.md):
 * - izh_import0_1.xml + izh_offers0_1.xml → the company's 228 products with the price of the
 *   chosen price type and stock; the same exchange again changes nothing (no `updated_at` moves);
 *   one changed price in the offers changes exactly one product;
 * - pictures (Картинка) in the zip or uploaded alone become product images through the upload
 *   checks and the storage quota, once; a changed one replaces its file; a fake, a missing or an
 *   over-quota one is refused alone with its reason; a published product's waits for a moderator;
 * - dob_* and the gil_* split set (classifier only, offers/prices/rests) import; «only changes»
 *   hides nothing; a product missing from a full export is hidden (withdrawn), never deleted;
 * - hostile input — a zip bomb, a path-traversal entry, an over-limit part, malformed and too deep
 *   XML, a wrong, revoked or under-scoped key — answers the protocol's `failure` with a reason;
 * - orders: an order made through the orders service comes out of `query` as a «Заказ товара»
 *   document the same reader parses as the real samples, and is not sent again after `success`;
 *   1C's order documents (arg_documents-example.xml) are recorded; `mode=info` answers the order
 *   statuses as 1C-Bitrix's «Справочник».
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  companyAuditLog,
  onecImports,
  onecOrders,
  onecProducts,
  onecSettings,
  files,
  orders,
  productFiles,
  productPrices,
  products,
} from "#server/db/schema.ts";
import { createOrder } from "#server/orders/service.ts";
import { decodeXmlChunks, readCommerceMl, slices, type CmlDocument } from "#server/onec/parse.ts";
import { runExchangeImport } from "#server/onec/job.ts";
import { EXCHANGE_LIMITS } from "#server/onec/limits.ts";
import { createLogger } from "#server/logger.ts";
import { MAX_OTHER_BODY } from "#server/http.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call, cleanupProfileData, createSupplier, type Supplier, type TestUser } from "../support/profile.ts";
import { OneCClient, zipOf } from "../support/onec-client.ts";

const DATA = path.resolve(import.meta.dirname, "../../../shared/data/commerceml");
const file = (name: string) => readFileSync(path.join(DATA, name));
const GIL = {
  import: "gil_import___b815e2db-7a65-4265-9241-5f0c4f0565a7.xml",
  offers: "gil_offers___7f304edc-2527-4d3d-b058-6e4ee53de2e0.xml",
  prices: "gil_prices___d66a6b51-ce9c-4e7a-8c7c-25079721107f.xml",
  rests: "gil_rests___1af6e7b8-a026-4690-9752-1c9d64cb914d.xml",
};

let api: TestApi;
let owner: Supplier;
let catalogKey: string;

async function key(by: TestUser, scopes: string[]): Promise<{ id: number; secret: string }> {
  const reply = await by.post("/api/profile/company/api-keys", { name: `1C ${scopes.join(" ")}`, scopes });
  if (reply.status !== 201) throw new Error(`create key → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

const client = (secret: string, type: "catalog" | "sale" = "catalog", extra: Partial<ConstructorParameters<typeof OneCClient>[1]> = {}) =>
  new OneCClient(api.app, { key: secret, type, onPoll: () => api.jobs.runDue("onec-import"), ...extra });

async function companyProducts(companyId: number) {
  return api.db.select().from(products).where(eq(products.companyId, companyId));
}

/** Every Документ of a CommerceML text, read by the exchange's own reader (the one the real samples go through). */
async function documentsOf(bytes: Uint8Array): Promise<CmlDocument[]> {
  const found: CmlDocument[] = [];
  const reader = readCommerceMl(decodeXmlChunks(slices(bytes)), EXCHANGE_LIMITS.read);
  for (;;) {
    const next = await reader.next();
    if (next.done) break;
    if (next.value.type === "documents") found.push(...next.value.documents);
  }
  return found;
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  owner = await createSupplier(api, "onec-owner", { name: { ru: "Стройснаб 1С" }, country: "RU" });
  catalogKey = (await key(owner, ["products:write", "orders"])).secret;
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("the protocol", () => {
  test("checkauth answers success, the cookie and sessid in windows-1251 text; later calls need the cookie", async () => {
    const c = client(catalogKey);
    const auth = await c.checkauth();
    expect(auth.status).toBe(200);
    expect(auth.contentType).toBe("text/plain; charset=windows-1251");
    expect(auth.lines[0]).toBe("success");
    expect(auth.lines[1]).toBe("postavka_1c");
    expect(auth.lines[2]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.lines[3]).toMatch(/^sessid=[0-9a-f]{32}$/);
    expect(auth.lines[4]).toMatch(/^timestamp=\d+$/);
    const init = await c.init();
    expect(init.lines).toEqual(["zip=yes", `file_limit=${EXCHANGE_LIMITS.postBytes}`]);
    // What 1C is told it may post in one request passes the HTTP server's own body limit.
    expect(EXCHANGE_LIMITS.postBytes).toBeLessThanOrEqual(MAX_OTHER_BODY);
    // Without the cookie: a failure 1C can show, in Russian (the key person's language).
    const stranger = client(catalogKey);
    const refused = await stranger.call("init");
    expect(refused.status).toBe(200);
    expect(refused.lines[0]).toBe("failure");
    expect(refused.lines[1]).toMatch(/Сеанс обмена не найден/);
    // A wrong sessid is refused too.
    c.sessid = "0".repeat(32);
    expect((await c.call("init")).lines[0]).toBe("failure");
    // The Bitrix module's default path reaches the same endpoint.
    expect((await client(catalogKey, "catalog", { path: "/bitrix/admin/1c_exchange.php" }).checkauth()).lines[0]).toBe("success");
  });

  test("a wrong, revoked, personal or under-scoped key and an unknown mode are failures with a reason, never a 500", async () => {
    const wrong = await client("pk_live_000000000000_" + "A".repeat(43)).checkauth();
    expect(wrong.lines).toEqual(["failure", expect.stringMatching(/Ключ API неверен/)]);
    const none = await new OneCClient(api.app, { key: "", type: "catalog" }).call("checkauth");
    expect(none.lines[0]).toBe("failure");
    const ordersOnly = await key(owner, ["orders"]);
    const scoped = await client(ordersOnly.secret).checkauth();
    expect(scoped.lines).toEqual(["failure", expect.stringContaining("products:write")]);
    // The same key may pull orders.
    expect((await client(ordersOnly.secret, "sale").checkauth()).lines[0]).toBe("success");
    const revoked = await key(owner, ["products:write"]);
    const live = client(revoked.secret);
    expect((await live.checkauth()).lines[0]).toBe("success");
    expect((await call(api, "DELETE", `/api/profile/company/api-keys/${revoked.id}`, undefined, owner.token)).status).toBe(200);
    // A revoked key stops the session it opened, and cannot open another.
    expect((await live.call("init")).lines).toEqual(["failure", expect.stringMatching(/отозван/)]);
    expect((await client(revoked.secret).checkauth()).lines).toEqual(["failure", expect.stringMatching(/отозван/)]);
    const personal = await owner.post("/api/profile/api-keys", { name: "mine", scopes: ["orders"] });
    expect((await client(personal.body.data.secret, "sale").checkauth()).lines).toEqual(["failure", expect.stringMatching(/личный ключ/)]);
    const c = client(catalogKey);
    await c.checkauth();
    expect((await c.call("nonsense")).lines[0]).toBe("failure");
    expect((await c.call("query")).lines[0]).toBe("failure");
    expect((await new OneCClient(api.app, { key: catalogKey, type: "shop" as "catalog" }).call("checkauth")).lines[0]).toBe("failure");
  });
});

describe("the catalogue", () => {
  test("izh import + offers (chunked): 228 products with the chosen price and stock; a second run changes nothing; one changed price changes one product", async () => {
    const c = client(catalogKey, "catalog", { chunkBytes: 100_000 });
    const results = await c.exchangeCatalog([
      { name: "import0_1.xml", bytes: file("izh_import0_1.xml") },
      { name: "offers0_1.xml", bytes: file("izh_offers0_1.xml") },
    ]);
    expect(results["import0_1.xml"]!.lines[0], results["import0_1.xml"]!.lines.join(" | ")).toBe("success");
    expect(results["offers0_1.xml"]!.lines[0], results["offers0_1.xml"]!.lines.join(" | ")).toBe("success");
    expect(results["import0_1.xml"]!.lines[1]).toMatch(/Товаров: 228 \(новых 228/);
    const rows = await companyProducts(owner.companyId);
    expect(rows).toHaveLength(228);
    expect(rows.every((r) => r.status === "draft")).toBe(true);
    const links = await api.db.select().from(onecProducts).where(eq(onecProducts.companyId, owner.companyId));
    expect(links).toHaveLength(228);
    // «Барбарис (конфеты)»: 81 RUB a kilogram (OKEI 166), 20 in stock at one warehouse.
    const barberry = rows.find((r) => r.name.ru === "Барбарис (конфеты)")!;
    expect(barberry.sku).toBe("Арт-7777");
    expect(barberry.facts).toEqual(
      expect.arrayContaining([{ key: { ru: "Производитель" }, value: { ru: 'АОЗТ "Кондитерский комбинат"' } }]),
    );
    const prices = await api.db.select().from(productPrices).where(eq(productPrices.productId, barberry.id));
    expect(prices.map((p) => ({ price: Number(p.price), currency: p.currency, unit: p.unit }))).toEqual([
      { price: 81, currency: "RUB", unit: "kg" },
    ]);
    const link = links.find((l) => l.productId === barberry.id)!;
    expect(Number(link.quantity)).toBe(20);
    expect(link.stock).toEqual([{ warehouseId: "b6112591-41ba-11dd-ac9d-0015e9b8c48d", quantity: "20" }]);
    const priced = await api.db
      .select({ n: sql<number>`count(distinct ${productPrices.productId})::int` })
      .from(productPrices)
      .where(
        inArray(
          productPrices.productId,
          rows.map((r) => r.id),
        ),
      );
    expect(priced[0]!.n).toBe(201);
    const [settings] = await api.db.select().from(onecSettings).where(eq(onecSettings.companyId, owner.companyId));
    expect(settings!.priceTypes.map((p) => p.name)).toEqual(["Розничная"]);
    expect(settings!.groups).toHaveLength(15);
    // Every upload and import start is in the company's audit trail.
    const audit = await api.db.select().from(companyAuditLog).where(eq(companyAuditLog.companyId, owner.companyId));
    expect(audit.filter((a) => a.operationId === "onec.catalog.import")).toHaveLength(2);
    expect(audit.filter((a) => a.operationId === "onec.catalog.file").length).toBeGreaterThan(8);

    // The same exchange again (zipped this time): nothing changes.
    const before = new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
    const again = await client(catalogKey).exchangeCatalog(
      [
        { name: "import0_1.xml", bytes: file("izh_import0_1.xml") },
        { name: "offers0_1.xml", bytes: file("izh_offers0_1.xml") },
      ],
      { zip: true },
    );
    expect(again["import0_1.xml"]!.lines[1]).toMatch(/новых 0, изменено 0, без изменений 228/);
    expect(again["offers0_1.xml"]!.lines[1]).toMatch(/изменено цен 0, остатков 0/);
    const after = await companyProducts(owner.companyId);
    expect(after).toHaveLength(228);
    expect(after.filter((r) => r.updatedAt.getTime() !== before.get(r.id))).toEqual([]);

    // One price changed in the offers: one product changes.
    const offers = file("izh_offers0_1.xml")
      .toString("utf8")
      .replace("<ЦенаЗаЕдиницу>81</ЦенаЗаЕдиницу>", "<ЦенаЗаЕдиницу>85.5</ЦенаЗаЕдиницу>");
    const changed = await client(catalogKey).exchangeCatalog([{ name: "offers0_1.xml", bytes: Buffer.from(offers) }]);
    expect(changed["offers0_1.xml"]!.lines[1]).toMatch(/изменено цен 1,/);
    const third = await companyProducts(owner.companyId);
    expect(third.filter((r) => r.updatedAt.getTime() !== before.get(r.id)).map((r) => r.id)).toEqual([barberry.id]);
    const newPrice = await api.db.select().from(productPrices).where(eq(productPrices.productId, barberry.id));
    expect(newPrice.map((p) => Number(p.price))).toEqual([85.5]);
  });

  test("pictures from the zip and from separate uploads become product images through the upload checks: once, replaced when changed, a bad one refused with its reason, a published product's through moderation", async () => {
    const solid = (r: number, g: number, b: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } });
    const red = await solid(200, 0, 0).jpeg().toBuffer();
    const green = await solid(0, 160, 0).jpeg().toBuffer();
    const blue = await solid(0, 0, 200).png().toBuffer();
    // Text with a .jpg name: the magic bytes say it is no image.
    const fake = Buffer.from("<?php echo 'not a picture'; ?>\n".repeat(20));
    const text = file("izh_import0_1.xml").toString("utf8");
    const blocks = text.match(/<Товар>[\s\S]*?<\/Товар>/g)!;
    const ids = blocks.slice(0, 4).map((b) => /<Ид>([^<]+)<\/Ид>/.exec(b)![1]!);
    const pictures = ["import_files/aa/a.jpg", "import_files/bb/b.png", "import_files/cc/bad.jpg", "import_files/dd/missing.jpg"];
    let withPictures = text;
    blocks.slice(0, 4).forEach((block, i) => {
      withPictures = withPictures.replace(block, block.replace("</Товар>", `<Картинка>${pictures[i]}</Картинка></Товар>`));
    });
    const links = await api.db
      .select()
      .from(onecProducts)
      .where(and(eq(onecProducts.companyId, owner.companyId), inArray(onecProducts.onecId, ids)));
    const productOf = (i: number) => links.find((l) => l.onecId === ids[i])!.productId;
    // Product 2 is public: its new picture waits for a moderator, like any change of a published product.
    await api.db
      .update(products)
      .set({ status: "published" })
      .where(eq(products.id, productOf(1)));

    /** One catalogue exchange: the zip (import.xml and some pictures), other pictures as separate `file` uploads. */
    const exchange = async (zipped: { name: string; bytes: Uint8Array }[], alone: { name: string; bytes: Uint8Array }[]) => {
      const c = client(catalogKey);
      await c.checkauth();
      await c.init();
      await c.upload("v8_PICS_1.zip", zipOf([{ name: "import0_1.xml", bytes: Buffer.from(withPictures) }, ...zipped]));
      for (const picture of alone) expect((await c.upload(picture.name, picture.bytes)).at(-1)!.lines).toEqual(["success"]);
      const answer = await c.importFile("import0_1.xml");
      expect(answer.lines[0], answer.lines.join(" | ")).toBe("success");
      const [row] = await api.db
        .select()
        .from(onecImports)
        .where(eq(onecImports.sessionId, sql`(select max(session_id) from onec_imports)`));
      return { line: answer.lines[1]!, report: row!.report as Record<string, unknown> };
    };
    const images = (productId: number) =>
      api.db
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.productId, productId), eq(productFiles.kind, "image")));

    const first = await exchange(
      [
        { name: "import_files/aa/a.jpg", bytes: red },
        { name: "import_files/cc/bad.jpg", bytes: fake },
      ],
      [{ name: "import_files/bb/b.png", bytes: blue }],
    );
    expect(first.report).toMatchObject({ picturesAttached: 2, picturesUnchanged: 0, picturesRefused: 2 });
    expect(first.report.pictureRefusals).toEqual([
      { path: "import_files/cc/bad.jpg", code: expect.stringMatching(/not_allowed|corrupt|mismatch/) },
      { path: "import_files/dd/missing.jpg", code: "not_uploaded" },
    ]);
    // 1C's user reads what happened to the pictures, and why one was refused.
    expect(first.line).toMatch(/Картинки: прикреплено 2, без изменений 0, убрано 0, отклонено 2\./);
    expect(first.line).toContain("Картинка «import_files/dd/missing.jpg» отклонена: 1С не прислала этот файл");
    // The draft has the picture as its image (re-encoded as any upload); the published product only as a pending change.
    const [a] = await images(productOf(0));
    expect(a).toBeDefined();
    const [stored] = await api.db.select().from(files).where(eq(files.id, a!.fileId));
    expect(stored).toMatchObject({ mime: "image/webp", width: 64, height: 48, expiresAt: null });
    expect(await images(productOf(1))).toEqual([]);
    const [published] = await api.db
      .select()
      .from(products)
      .where(eq(products.id, productOf(1)));
    const pending = (published!.pendingChanges as { files?: { fileId: number; kind: string }[] }).files;
    expect(pending).toEqual([expect.objectContaining({ kind: "image" })]);
    expect(await images(productOf(2))).toEqual([]);

    // The same pictures again: nothing attached twice.
    const second = await exchange(
      [
        { name: "import_files/aa/a.jpg", bytes: red },
        { name: "import_files/cc/bad.jpg", bytes: fake },
      ],
      [{ name: "import_files/bb/b.png", bytes: blue }],
    );
    expect(second.report).toMatchObject({ picturesAttached: 0, picturesUnchanged: 2, picturesRefused: 2 });
    expect((await images(productOf(0))).map((f) => f.fileId)).toEqual([a!.fileId]);

    // A changed picture replaces the one 1C sent before; the old file is gone.
    const third = await exchange(
      [
        { name: "import_files/aa/a.jpg", bytes: green },
        { name: "import_files/bb/b.png", bytes: blue },
      ],
      [],
    );
    expect(third.report).toMatchObject({ picturesAttached: 1, picturesUnchanged: 1 });
    const replaced = await images(productOf(0));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.fileId).not.toBe(a!.fileId);
    expect(await api.db.select().from(files).where(eq(files.id, a!.fileId))).toEqual([]);

    // Pictures count against the key person's storage quota: over it, a new picture is refused with that reason.
    const c = client(catalogKey);
    await c.checkauth();
    await c.init();
    await c.upload(
      "v8_PICS_2.zip",
      zipOf([
        { name: "import0_1.xml", bytes: Buffer.from(withPictures) },
        { name: "import_files/aa/a.jpg", bytes: red },
        { name: "import_files/bb/b.png", bytes: blue },
      ]),
    );
    expect((await c.call("import", { filename: "import0_1.xml" })).lines[0]).toBe("progress");
    const [queued] = await api.db.select().from(onecImports).orderBy(desc(onecImports.id)).limit(1);
    await runExchangeImport(api.db, api.storage, createLogger({ level: "silent" }), queued!.id, EXCHANGE_LIMITS, {
      userBytes: 1,
      companyBytes: 1,
    });
    const [over] = await api.db.select().from(onecImports).where(eq(onecImports.id, queued!.id));
    expect(over!.report).toMatchObject({
      picturesAttached: 0,
      picturesUnchanged: 1,
      pictureRefusals: expect.arrayContaining([{ path: "import_files/aa/a.jpg", code: "storage_quota_exceeded" }]),
    });
    // The refused replacement left the picture attached before in place.
    expect((await images(productOf(0))).map((f) => f.fileId)).toEqual([replaced[0]!.fileId]);
    await api.db
      .update(products)
      .set({ status: "draft", pendingChanges: null })
      .where(eq(products.id, productOf(1)));
  });

  test("a product missing from a full export is hidden (withdrawn, not deleted); «only changes» hides nothing", async () => {
    const rows = await companyProducts(owner.companyId);
    const barberry = rows.find((r) => r.name.ru === "Барбарис (конфеты)")!;
    await api.db.update(products).set({ status: "published", publishedAt: new Date() }).where(eq(products.id, barberry.id));
    const full = file("izh_import0_1.xml").toString("utf8");
    const start = full.indexOf("<Товар>\n\t\t\t\t<Ид>cbcf4968-55bc-11d9-848a-00112f43529a</Ид>");
    const end = full.indexOf("</Товар>", start) + "</Товар>".length;
    expect(start).toBeGreaterThan(0);
    const without = full.slice(0, start) + full.slice(end);
    const partial = without.replace('<Каталог СодержитТолькоИзменения="false"', '<Каталог СодержитТолькоИзменения="true"');
    // Only changes: the absent product stays.
    const onlyChanges = partial.includes('СодержитТолькоИзменения="true"')
      ? partial
      : without.replace("<Каталог>", '<Каталог СодержитТолькоИзменения="true">');
    const a = await client(catalogKey).exchangeCatalog([{ name: "import0_1.xml", bytes: Buffer.from(onlyChanges) }]);
    expect(a["import0_1.xml"]!.lines[1], a["import0_1.xml"]!.lines.join(" | ")).toMatch(/скрыто товаров: 0/);
    expect((await api.db.select().from(products).where(eq(products.id, barberry.id)))[0]!.status).toBe("published");
    // A full export without it: withdrawn to a draft, still there.
    const b = await client(catalogKey).exchangeCatalog([{ name: "import0_1.xml", bytes: Buffer.from(without) }]);
    expect(b["import0_1.xml"]!.lines[1]).toMatch(/скрыто товаров: 1\./);
    const [hidden] = await api.db.select().from(products).where(eq(products.id, barberry.id));
    expect(hidden!.status).toBe("draft");
    expect((await api.db.select().from(onecProducts).where(eq(onecProducts.productId, barberry.id)))[0]!.hiddenAt).not.toBeNull();
    expect(await companyProducts(owner.companyId)).toHaveLength(228);
  });

  test("dob_* and the gil_* split set (classifier only, offers, prices, rests) import", async () => {
    const dobOwner = await createSupplier(api, "onec-dob", { name: { ru: "Рога и Копыта" }, country: "RU" });
    const dobKey = (await key(dobOwner, ["products:write"])).secret;
    const dob = await client(dobKey).exchangeCatalog(
      [
        { name: "import0_1.xml", bytes: file("dob_import0_1.xml") },
        { name: "offers0_1.xml", bytes: file("dob_offers0_1.xml") },
      ],
      { zip: true },
    );
    expect(dob["import0_1.xml"]!.lines[0], dob["import0_1.xml"]!.lines.join(" | ")).toBe("success");
    expect(dob["offers0_1.xml"]!.lines[0]).toBe("success");
    const dobRows = await companyProducts(dobOwner.companyId);
    // 36 Товар elements, one of them «Статус="Удален"» (deleted in 1C): not created.
    expect(dobRows).toHaveLength(35);
    const dobPrices = await api.db
      .select()
      .from(productPrices)
      .where(
        inArray(
          productPrices.productId,
          dobRows.map((r) => r.id),
        ),
      );
    expect(new Set(dobPrices.map((p) => `${Number(p.price)} ${p.currency} ${p.unit}`))).toEqual(new Set(["100 RUB pcs"]));
    const [dobImport] = await api.db
      .select()
      .from(onecImports)
      .where(and(eq(onecImports.companyId, dobOwner.companyId), eq(onecImports.fileName, "offers0_1.xml")));
    // 8 offers name products this import0_1.xml does not have (PROVENANCE.md), one names the deleted one.
    expect((dobImport!.report as { skipped: Record<string, number> }).skipped.unknown_product).toBe(9);

    const gilOwner = await createSupplier(api, "onec-gil", { name: { ru: "Косметика" }, country: "RU" });
    const gilKey = (await key(gilOwner, ["products:write"])).secret;
    const gil = await client(gilKey).exchangeCatalog([
      { name: GIL.import, bytes: file(GIL.import) },
      { name: GIL.offers, bytes: file(GIL.offers) },
      { name: GIL.prices, bytes: file(GIL.prices) },
      { name: GIL.rests, bytes: file(GIL.rests) },
    ]);
    for (const name of Object.values(GIL)) expect(gil[name]!.lines[0], `${name}: ${gil[name]!.lines.join(" | ")}`).toBe("success");
    const [settings] = await api.db.select().from(onecSettings).where(eq(onecSettings.companyId, gilOwner.companyId));
    expect(settings!.groups).toHaveLength(97);
    expect(settings!.priceTypes).toHaveLength(1);
    expect(settings!.warehouses.length).toBeGreaterThanOrEqual(1);
    // The products file of this set is not in the samples: its offers name products the company does not have.
    expect(await companyProducts(gilOwner.companyId)).toHaveLength(0);
    const reports = await api.db.select().from(onecImports).where(eq(onecImports.companyId, gilOwner.companyId));
    expect(reports.find((r) => r.fileName === GIL.prices)!.report).toMatchObject({
      offers: 978,
      onlyChanges: true,
      skipped: { unknown_product: 978 },
    });
  });
});

describe("hostile input", () => {
  async function imported(files: { name: string; bytes: Uint8Array }[], zip: Buffer | null, name: string) {
    const c = client(catalogKey);
    await c.checkauth();
    await c.init();
    if (zip) expect((await c.upload("v8_BOMB_1.zip", zip)).at(-1)!.lines[0]).toBe("success");
    for (const f of files) await c.upload(f.name, f.bytes);
    return c.importFile(name);
  }

  test("a zip bomb, a path-traversal entry name, malformed and too deep XML are failures with their reason", async () => {
    const bomb = zipOf([{ name: "import.xml", bytes: Buffer.alloc(50 * 1024 * 1024, 0x20) }]);
    expect(bomb.byteLength).toBeLessThan(EXCHANGE_LIMITS.postBytes);
    const bombed = await imported([], bomb, "import.xml");
    expect(bombed.lines[0]).toBe("failure");
    expect(bombed.lines[1]).toMatch(/степень сжатия/);
    const traversal = zipOf([
      { name: "import.xml", bytes: file("dob_import0_1.xml") },
      { name: "../../etc/cron.d/evil", bytes: Buffer.from("* * * * * root sh") },
    ]);
    const escaped = await imported([], traversal, "import.xml");
    expect(escaped.lines).toEqual(["failure", expect.stringMatching(/не прочитан.*(unsafe file name|invalid relative path)/)]);
    const broken = await imported(
      [{ name: "import.xml", bytes: Buffer.from("<КоммерческаяИнформация><Каталог><Товары><Товар>") }],
      null,
      "import.xml",
    );
    expect(broken.lines).toEqual(["failure", expect.stringMatching(/не прочитан/)]);
    const deep = `<КоммерческаяИнформация>${"<a>".repeat(100)}${"</a>".repeat(100)}</КоммерческаяИнформация>`;
    const tooDeep = await imported([{ name: "import.xml", bytes: Buffer.from(deep) }], null, "import.xml");
    expect(tooDeep.lines).toEqual(["failure", expect.stringMatching(/уровней вложенности XML/)]);
    const notCml = await imported([{ name: "import.xml", bytes: Buffer.from("<yml_catalog/>") }], null, "import.xml");
    expect(notCml.lines).toEqual(["failure", expect.stringMatching(/КоммерческаяИнформация/)]);
  });

  test("an over-limit part, an unsafe file name and a file never uploaded are refused at once", async () => {
    const c = client(catalogKey);
    await c.checkauth();
    await c.init();
    const big = await c.call("file", { filename: "import.xml" }, Buffer.alloc(EXCHANGE_LIMITS.postBytes + 1, 0x20));
    expect(big.lines).toEqual(["failure", expect.stringMatching(/Часть файла больше/)]);
    for (const name of ["../import.xml", "import_files/../../x.xml", "shell.php"]) {
      expect((await c.call("file", { filename: name }, Buffer.from("x"))).lines).toEqual(["failure", expect.stringMatching(/недопустимо/)]);
    }
    // 1C's Windows paths are normalised, not refused.
    expect((await c.call("file", { filename: "C:\\v8_8789_c.xml" }, Buffer.from("<a/>"))).lines).toEqual(["success"]);
    expect((await c.call("import", { filename: "never.xml" })).lines).toEqual(["failure", expect.stringMatching(/не был передан/)]);
  });
});

describe("orders", () => {
  test("mode=info answers the order statuses as 1C-Bitrix's «Справочник» (windows-1251 XML); a catalogue session refuses it", async () => {
    const sale = client(catalogKey, "sale", { version: "2.08" });
    await sale.checkauth();
    await sale.init();
    const info = await sale.call("info");
    expect(info.status).toBe(200);
    expect(info.contentType).toBe("application/xml; charset=windows-1251");
    const text = iconv.decode(info.bytes, "win1251");
    expect(text.startsWith('<?xml version="1.0" encoding="windows-1251"?>\n<Справочник>')).toBe(true);
    // «Cтатусы» with a Latin C, as Bitrix's language file spells it (1C looks for that name).
    expect(text).toContain("<C\u0442\u0430\u0442\u0443\u0441\u044b>");
    const statuses = [...text.matchAll(/<Элемент><Ид>([^<]+)<\/Ид><Название>([^<]+)<\/Название><\/Элемент>/g)].map((m) => [m[1], m[2]]);
    // The same Ид and name the query document sends as «Статуса заказа ИД» / «Статус заказа».
    expect(statuses).toEqual([
      ["negotiating", "Согласование"],
      ["confirmed", "Подтверждён"],
      ["cancelled", "Отменён"],
      ["closed", "Выполнен"],
    ]);
    expect(text).toContain("<ПлатежныеСистемы></ПлатежныеСистемы>");
    expect(text).toContain("<СлужбыДоставки></СлужбыДоставки>");
    const catalog = client(catalogKey);
    await catalog.checkauth();
    expect((await catalog.call("info")).lines[0]).toBe("failure");
  });

  test("an order to the company comes out of query as «Заказ товара»; after success it is not sent again; 1C's order documents are recorded", async () => {
    const buyer = await createSupplier(api, "onec-buyer", { name: { ru: "Покупатель" }, country: "RU" });
    await api.db.execute(sql`update companies set status = 'published' where id in (${owner.companyId}, ${buyer.companyId})`);
    const [product] = await companyProducts(owner.companyId);
    const orderId = await createOrder(
      api.db,
      api.jobs,
      buyer.id,
      {
        supplierCompanyId: owner.companyId,
        lines: [{ name: product!.name.ru!, quantity: "3", unit: "pcs", unitPrice: "12.50" }],
        currency: "RUB",
        incoterms: "EXW",
        incotermsPlace: "Москва",
        leadTimeDays: 10,
        prepaymentPct: 0,
        balance: "shipment_documents",
        inspectionBy: "none",
        documents: [],
      } as never,
      "ru",
    );
    const sale = client(catalogKey, "sale", { version: "2.08" });
    expect((await sale.checkauth()).lines[0]).toBe("success");
    expect((await sale.init()).lines).toEqual([
      "zip=yes",
      `file_limit=${EXCHANGE_LIMITS.postBytes}`,
      `sessid=${sale.sessid}`,
      "version=2.08",
    ]);
    const query = await sale.call("query");
    expect(query.contentType).toBe("application/xml; charset=windows-1251");
    expect(iconv.decode(query.bytes, "win1251").startsWith('<?xml version="1.0" encoding="windows-1251"?>')).toBe(true);
    const docs = await documentsOf(query.bytes);
    const doc = docs.find((d) => d.id === String(orderId))!;
    expect(doc).toMatchObject({ operation: "Заказ товара", role: "Продавец", currency: "RUB", number: String(orderId) });
    expect(doc.counterparties).toEqual([{ name: "Покупатель", role: "Покупатель" }]);
    expect(doc.lines).toEqual([{ id: expect.any(String), name: product!.name.ru, price: "12.50", quantity: "3", amount: "37.50" }]);
    // The same reader reads the real samples the same way.
    const samples = [
      ...(await documentsOf(file("dob_bitrix-query-response-full.xml"))),
      ...(await documentsOf(file("arg_documents-example.xml"))),
    ];
    expect(samples).toHaveLength(4);
    expect(samples.every((d) => d.operation === "Заказ товара" && d.lines.length > 0)).toBe(true);
    expect(Object.keys(doc).sort()).toEqual(Object.keys(samples[0]!).sort());

    expect((await sale.call("success")).lines).toEqual(["success"]);
    const next = client(catalogKey, "sale");
    await next.checkauth();
    await next.init();
    expect((await documentsOf((await next.call("query")).bytes)).map((d) => d.id)).not.toContain(String(orderId));
    // A change of the order sends it again.
    await api.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(orders.id, orderId));
    expect((await documentsOf((await next.call("query")).bytes)).map((d) => d.id)).toContain(String(orderId));

    // 1C sends back its view of the order (the arg sample, renumbered to this order).
    const back = file("arg_documents-example.xml")
      .toString("utf8")
      .replace("<Ид>142</Ид>", `<Ид>${orderId}</Ид>`)
      .replace("<Номер>142</Номер>", `<Номер>${orderId}</Номер>`);
    expect(back).toContain(`<Номер>${orderId}</Номер>`);
    expect((await next.upload("documents___1.xml", Buffer.from(back))).at(-1)!.lines).toEqual(["success"]);
    // Without a negotiated version (the old protocol) the upload itself started the import; with one, only `import` does.
    const started = await api.db.select().from(onecImports).where(eq(onecImports.fileName, "documents___1.xml"));
    expect(started).toHaveLength(1);
    const result = await next.importFile("documents___1.xml");
    expect(result.lines[0], result.lines.join(" | ")).toBe("success");
    const [recorded] = await api.db.select().from(onecOrders).where(eq(onecOrders.orderId, orderId));
    expect(recorded).toMatchObject({ number1c: expect.stringMatching(/\S/), companyId: owner.companyId });
  });
});
