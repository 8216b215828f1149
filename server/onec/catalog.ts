/**
 * A catalogue file of the 1C exchange becomes the company's products (issue 29 §2, ADR 054): the
 * `onec-import` job (job.ts) calls `importCatalogFile` for one `onec_imports` row of `type=catalog`.
 *
 * The file is read in the parse worker (server/price-lists/read.ts `commerceMlEvents`, bounds of
 * limits.ts) and written through the price-list import's own batches (server/price-lists/import.ts
 * `writeBatch`, ADR 027) under a price-list run of format `commerceml`: new products are drafts, a
 * draft or rejected product is changed at once, a PUBLISHED one gets the change as pending parts for
 * a moderator (like the product form), a product under moderation or blocked is left alone, and a
 * product the file would not change is not touched (no new `updated_at`). Every batch is its own
 * transaction with the run's undo log, so a failing file leaves nothing half-written (`rollbackRun`);
 * "the products of this exchange" is the product list's run filter, submitted for moderation at once
 * as one submission (ADR 047).
 *
 * Matching: 1C's `Ид` → our product through `onec_products` (company + Ид; never a second product on
 * the next exchange). A product 1C sends for the first time is matched to the company's product with
 * its article as SKU when that product is not linked to another Ид yet (a catalogue first loaded from
 * a price list), else created. An article another product already has (1C allows repeats) is not
 * kept as SKU (SKUs are unique per company) and counted in the report.
 *
 * Mapping:
 * - `import*.xml` Товар: Наименование → name (ru), Описание → description, Артикул → SKU, the first
 *   Группа → category (the company's mapping `onec_settings.group_categories`, else a category named
 *   like the group), ТН ВЭД (a requisite or property so named, 10 digits known to the classifier;
 *   otherwise left out and counted), Страна → origin country, property values and Штрихкод →
 *   specifications, БазоваяЕдиница's OKEI code → the unit its prices are in (contract/units.ts).
 * - `offers*.xml` / `prices___*` / `rests___*` Предложение: the price of the company's chosen price
 *   type (`onec_settings.price_type_id`; unset: the only type, else one named «Оптовая…», else the
 *   first) → the product's one price tier from 1 unit, in its currency (RUB for «руб»/643);
 *   Количество or Остатки → stock (total and per warehouse, `onec_products`, not moderated). An offer
 *   of a characteristic (`product#characteristic`) prices its product only when the product has no
 *   offer of its own in the file (the lowest such price; counted).
 * - `СодержитТолькоИзменения="true"`: only what the file names changes. A full catalogue (its
 *   Товары present and the flag false) hides the company's 1C products it does not name: a
 *   published, rejected or submitted one is withdrawn to a draft (leaves the catalogue; nothing is
 *   deleted), and `hidden_at` is set. A product 1C marks deleted (ПометкаУдаления) is hidden too.
 *
 * Pictures (Картинка, `import_files/…` in the exchange's zip or uploaded alone): attached after each
 * batch through the product image upload checks, idempotent by the bytes' hash (pictures.ts).
 *
 * The report (`onec_imports.report`, `CatalogReport`) counts what happened, for 1C's `success` line
 * and the profile page.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { CurrencyCode } from "#contract/profile/fields.ts";
import type { UnitId } from "#contract/units.ts";
import type { Db } from "../db/client.ts";
import type { Queryable } from "../db/queries.ts";
import { onecImports, onecProducts, onecSettings, priceListRunChanges, priceListRuns, products, tnvedCodes } from "../db/schema.ts";
import type { StorageQuota } from "../files/receive.ts";
import type { FileStorage } from "../files/storage.ts";
import type { Logger } from "../logger.ts";
import { DESCRIPTION_MAX, NAME_MAX, SKU_MAX, SPEC_MAX, type ProductDraft } from "../price-lists/drafts.ts";
import { insertRows, rollbackRun, writeBatch } from "../price-lists/import.ts";
import { commerceMlEvents } from "../price-lists/read.ts";
import { COMMERCEML_RUN_FORMAT, draftLookups } from "../price-lists/runs.ts";
import { matchCountry, matchCurrency, matchUnit, normalizeHeader, parseDecimal } from "../price-lists/values.ts";
import { changeProductStatus } from "../profile/products.ts";
import { EXCHANGE_LIMITS, type ExchangeLimits } from "./limits.ts";
import { attachPictures, emptyPicturesReport, PictureSource, type PictureContext, type PicturesReport } from "./pictures.ts";
import type { CmlGroup, CmlMeta, CmlOffer, CmlPriceType, CmlProduct, CmlWarehouse } from "./parse.ts";

/** What a catalogue file did (stored as `onec_imports.report`). */
export interface CatalogCounts {
  /** Schema version the file declares, and whether it carried only changes. */
  version: string;
  onlyChanges: boolean;
  products: number;
  offers: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Products whose prices or stock the offers changed. */
  priced: number;
  stocked: number;
  hidden: number;
  groups: number;
  priceType: { id: string; name: string } | null;
  /** Counted things left out: offers of unknown products, products without a name, unknown TN VED codes, repeated articles, characteristics' offers, offers without the chosen price. */
  skipped: Record<string, number>;
}

/** The report with what the products' pictures did (pictures.ts). */
export type CatalogReport = CatalogCounts & PicturesReport;

const emptyReport = (): CatalogReport => ({
  version: "",
  onlyChanges: false,
  products: 0,
  offers: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  priced: 0,
  stocked: 0,
  hidden: 0,
  groups: 0,
  priceType: null,
  skipped: {},
  ...emptyPicturesReport(),
});

const skip = (report: CatalogReport, what: string, n = 1) => {
  if (n > 0) report.skipped[what] = (report.skipped[what] ?? 0) + n;
};

/** ISO 4217 numeric codes 1C writes for the currencies we know. */
const NUMERIC_CURRENCIES: Record<string, CurrencyCode> = { "643": "RUB", "810": "RUB", "156": "CNY", "840": "USD" };

/** 1C's currency text (`RUB`, `руб`, `643`) as ours, or null. */
export function currencyOf(text: string): CurrencyCode | null {
  const raw = text.trim();
  return NUMERIC_CURRENCIES[raw] ?? matchCurrency(raw);
}

/** The price type the company's prices come from (see the module comment), or null when 1C sent none. */
export function chosenPriceType(types: readonly CmlPriceType[], chosenId: string | null): CmlPriceType | null {
  if (types.length === 0) return null;
  return (
    types.find((t) => t.id === chosenId) ??
    (types.length === 1 ? types[0]! : (types.find((t) => t.name.toLowerCase().startsWith("опт")) ?? types[0]!))
  );
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The company's settings row (created empty on the first exchange). */
export async function settingsOf(db: Queryable, companyId: number) {
  await db.insert(onecSettings).values({ companyId }).onConflictDoNothing();
  const [row] = await db.select().from(onecSettings).where(eq(onecSettings.companyId, companyId)).limit(1);
  return row!;
}

function mergeById<T extends { id: string }>(stored: readonly T[], fresh: readonly T[]): T[] {
  const byId = new Map(stored.map((s) => [s.id, s]));
  for (const f of fresh) byId.set(f.id, f);
  return [...byId.values()];
}

interface Context {
  db: Db;
  storage: FileStorage | undefined;
  run: typeof priceListRuns.$inferSelect;
  companyId: number;
  startedAt: Date;
  report: CatalogReport;
  groupCategories: Record<string, number>;
  categoryByName: Map<string, number>;
  groups: Map<string, CmlGroup>;
  priceTypes: CmlPriceType[];
  chosenPriceTypeId: string | null;
  /** SKUs given to products in this file, so a repeated article is not given twice. */
  skus: Set<string>;
  /** Where pictures come from and go (null without a file storage: pictures are then left alone). */
  pictures: PictureContext | null;
}

/** The category of a product's first group that maps to one: the company's mapping, else a category named like the group or a parent group. */
function categoryOf(ctx: Context, groupIds: string[]): number | null {
  for (const id of groupIds) {
    let group: CmlGroup | undefined = ctx.groups.get(id);
    const mapped = ctx.groupCategories[id];
    if (mapped) return mapped;
    for (let depth = 0; group && depth < 20; depth++) {
      const byMap = ctx.groupCategories[group.id];
      if (byMap) return byMap;
      const byName = ctx.categoryByName.get(normalizeHeader(group.name));
      if (byName) return byName;
      group = group.parentId ? ctx.groups.get(group.parentId) : undefined;
    }
  }
  return null;
}

async function linksOf(db: Queryable, companyId: number, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof onecProducts.$inferSelect>();
  const rows = await db
    .select()
    .from(onecProducts)
    .where(and(eq(onecProducts.companyId, companyId), inArray(onecProducts.onecId, ids)));
  return new Map(rows.map((r) => [r.onecId, r]));
}

/** The columns of a new 1C link (`insertRows`). */
const LINK_COLUMNS = { company_id: "int", onec_id: "text", product_id: "int", unit: "text", seen_at: "timestamptz" };

/** A batch of Товар elements → drafts, written by the price-list import's batch writer. */
async function importProducts(ctx: Context, batch: CmlProduct[]): Promise<void> {
  const { db, companyId, report } = ctx;
  report.products += batch.length;
  const links = await linksOf(
    db,
    companyId,
    batch.map((p) => p.id),
  );
  // A product first seen may be one the company already has under its article (a price list's).
  const articles = [...new Set(batch.filter((p) => !links.has(p.id) && p.article).map((p) => clip(p.article, SKU_MAX)))];
  const bySku = new Map<string, { id: number; linked: boolean }>();
  if (articles.length > 0) {
    const rows = await db
      .select({ id: products.id, sku: products.sku, linked: sql<boolean>`${onecProducts.productId} is not null` })
      .from(products)
      .leftJoin(onecProducts, eq(onecProducts.productId, products.id))
      .where(and(eq(products.companyId, companyId), inArray(products.sku, articles)));
    for (const r of rows) if (r.sku) bySku.set(r.sku, { id: r.id, linked: r.linked });
  }
  const codes = [...new Set(batch.map((p) => p.tnved).filter((c) => /^\d{10}$/.test(c)))];
  const knownCodes = new Set(
    codes.length > 0
      ? (await db.select({ code: tnvedCodes.code }).from(tnvedCodes).where(inArray(tnvedCodes.code, codes))).map((r) => r.code)
      : [],
  );
  const drafts: ProductDraft[] = [];
  const idOfRow = new Map<number, CmlProduct>();
  const toHide: number[] = [];
  const adopted: { onecId: string; productId: number; unit: UnitId | null }[] = [];
  for (const p of batch) {
    const link = links.get(p.id);
    if (p.deleted) {
      if (link) toHide.push(link.productId);
      else skip(report, "deleted");
      continue;
    }
    if (!p.id || !p.name) {
      skip(report, "no_name");
      continue;
    }
    let productId = link?.productId ?? null;
    let sku: string | null = p.article ? clip(p.article, SKU_MAX) : null;
    if (sku) {
      const owner = bySku.get(sku);
      if (!productId && owner && !owner.linked && !ctx.skus.has(sku)) {
        productId = owner.id;
        owner.linked = true;
        adopted.push({ onecId: p.id, productId, unit: matchUnit(p.unitCode) });
      } else if (ctx.skus.has(sku) || (owner && owner.id !== productId)) {
        // The article is another product's SKU: this product keeps its own (or none).
        skip(report, "repeated_article");
        sku = null;
      }
    }
    if (sku) ctx.skus.add(sku);
    let tnved: string | null = null;
    if (p.tnved) {
      if (knownCodes.has(p.tnved)) tnved = p.tnved;
      else skip(report, "tnved_unknown");
    }
    const specs = p.specs
      .filter((s) => s.key && s.value)
      .map((s) => ({ key: clip(s.key, SPEC_MAX), value: clip(s.value, SPEC_MAX) }))
      .slice(0, 100);
    if (p.barcode) specs.push({ key: "Штрихкод", value: clip(p.barcode, SPEC_MAX) });
    const row = report.products - batch.length + drafts.length + 1;
    idOfRow.set(row, p);
    drafts.push({
      row,
      productId,
      // An existing product's SKU is left as it is unless 1C's article is free for it.
      sku: productId && !sku ? null : sku,
      name: clip(p.name, NAME_MAX),
      description: p.description ? clip(p.description, DESCRIPTION_MAX) : null,
      tiers: [],
      moq: null,
      moqUnit: null,
      tnvedCode: tnved,
      categoryId: categoryOf(ctx, p.groupIds),
      originCountry: p.country ? matchCountry(p.country) : null,
      specs,
    });
  }
  if (adopted.length > 0)
    await db
      .insert(onecProducts)
      .values(adopted.map((a) => ({ companyId, onecId: a.onecId, productId: a.productId, unit: a.unit, seenAt: ctx.startedAt })))
      .onConflictDoNothing();
  if (drafts.length > 0) {
    const result = await writeBatch(db, ctx.run, drafts, {
      async created(tx, created) {
        await insertRows(
          tx,
          "onec_products",
          LINK_COLUMNS,
          created.map(({ draft, productId }) => {
            const p = idOfRow.get(draft.row)!;
            return { company_id: companyId, onec_id: p.id, product_id: productId, unit: matchUnit(p.unitCode), seen_at: ctx.startedAt };
          }),
          { onConflictDoNothing: true },
        );
      },
    });
    report.created += result.created;
    report.updated += result.updated;
    report.unchanged += drafts.length - result.created - result.updated;
  }
  // Seen in this file (the full export's "missing" test): one statement per batch; the unit its prices come in only where it changed.
  const seen = batch.filter((p) => !p.deleted && links.has(p.id));
  if (seen.length > 0)
    await db
      .update(onecProducts)
      .set({ seenAt: ctx.startedAt, hiddenAt: null })
      .where(
        and(
          eq(onecProducts.companyId, companyId),
          inArray(
            onecProducts.onecId,
            seen.map((p) => p.id),
          ),
        ),
      );
  for (const p of seen) {
    const unit = matchUnit(p.unitCode);
    if (unit && unit !== links.get(p.id)!.unit)
      await db
        .update(onecProducts)
        .set({ unit })
        .where(and(eq(onecProducts.companyId, companyId), eq(onecProducts.onecId, p.id)));
  }
  if (toHide.length > 0) report.hidden += await hideProducts(ctx, toHide);
  // Pictures last: the products (new ones included) exist and are linked now.
  const pictured = batch.filter((p) => !p.deleted && p.id && p.name && p.pictures.length > 0);
  if (ctx.pictures && pictured.length > 0) {
    const linked = await linksOf(
      db,
      companyId,
      pictured.map((p) => p.id),
    );
    for (const p of pictured) {
      const link = linked.get(p.id);
      if (link) await attachPictures(ctx.pictures, link, p.pictures);
    }
  }
}

/** Takes products off the catalogue (withdrawn to drafts; see the module comment); returns how many were hidden. */
async function hideProducts(ctx: Context, productIds: number[]): Promise<number> {
  const { db, companyId, storage } = ctx;
  let hidden = 0;
  for (const productId of productIds) {
    const [row] = await db
      .select({ status: products.status })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.companyId, companyId)))
      .limit(1);
    if (!row) continue;
    if ((row.status === "published" || row.status === "moderation" || row.status === "rejected") && storage)
      await changeProductStatus(db, storage, companyId, productId, "withdraw");
    await db
      .update(onecProducts)
      .set({ hiddenAt: new Date() })
      .where(and(eq(onecProducts.productId, productId), isNull(onecProducts.hiddenAt)));
    hidden += 1;
  }
  return hidden;
}

/** A batch of Предложение elements → price tiers (through the batch writer) and stock (on the links). */
async function importOffers(ctx: Context, batch: CmlOffer[]): Promise<void> {
  const { db, companyId, report } = ctx;
  report.offers += batch.length;
  const links = await linksOf(db, companyId, [...new Set(batch.map((o) => o.productId))]);
  const type = chosenPriceType(ctx.priceTypes, ctx.chosenPriceTypeId);
  if (type) report.priceType = { id: type.id, name: type.name };
  // One offer per product: its own, else the cheapest of its characteristics' offers.
  const byProduct = new Map<string, CmlOffer[]>();
  for (const offer of batch) {
    if (!links.has(offer.productId)) {
      skip(report, "unknown_product");
      continue;
    }
    byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
  }
  const ids = [...byProduct.keys()].map((id) => links.get(id)!.productId);
  const rows =
    ids.length > 0
      ? await db
          .select({ id: products.id, name: products.name, sourceLang: products.sourceLang, pending: products.pendingChanges })
          .from(products)
          .where(inArray(products.id, ids))
      : [];
  const productRows = new Map(rows.map((r) => [r.id, r]));
  const drafts: ProductDraft[] = [];
  const stockChanges: { onecId: string; quantity: string; stock: { warehouseId: string; quantity: string }[] }[] = [];
  for (const [onecId, offers] of byProduct) {
    const link = links.get(onecId)!;
    const own = offers.find((o) => o.characteristicId === null);
    if (!own) skip(report, "characteristic_offers", offers.length);
    const priced = (o: CmlOffer) => {
      const price = type ? o.prices.find((p) => p.typeId === type.id) : undefined;
      return price ? { o, price, value: parseDecimal(price.price, 12, 2) } : null;
    };
    const candidates = (own ? [own] : offers).map(priced).filter((p) => p !== null && p.value !== null) as NonNullable<
      ReturnType<typeof priced>
    >[];
    candidates.sort((a, b) => Number(a.value) - Number(b.value));
    const best = candidates[0];
    const offer = own ?? offers[0]!;
    // Stock: what the offer says (the product's own offer, else the characteristics' summed).
    const stockOffers = own ? [own] : offers;
    if (stockOffers.some((o) => o.quantity !== null || o.stock.length > 0)) {
      const quantity = stockOffers.reduce((n, o) => n + (Number((o.quantity ?? "0").replace(",", ".")) || 0), 0);
      const stock = stockOffers.flatMap((o) => o.stock);
      const q = String(Math.round(quantity * 1000) / 1000);
      // jsonb keeps its own key order: compared as warehouse:quantity pairs.
      const pairs = (list: readonly { warehouseId: string; quantity: string }[]) =>
        list.map((s) => `${s.warehouseId}:${Number(s.quantity)}`).join(",");
      if (link.quantity === null || Number(link.quantity) !== Number(q) || pairs(link.stock ?? []) !== pairs(stock))
        stockChanges.push({ onecId, quantity: q, stock });
    }
    if (!best) {
      if (offer.prices.length > 0) skip(report, "no_chosen_price");
      continue;
    }
    const currency = currencyOf(best.price.currency) ?? (type ? currencyOf(type.currency) : null);
    if (!currency) {
      skip(report, "unknown_currency");
      continue;
    }
    const unit: UnitId = matchUnit(offer.unitCode) ?? (link.unit as UnitId | null) ?? "pcs";
    const row = productRows.get(link.productId);
    if (!row) continue;
    const pendingName = (row.pending as { card?: { name?: Record<string, string> } } | null)?.card?.name;
    const names = pendingName ?? row.name;
    const name = names.ru ?? names[row.sourceLang as keyof typeof names] ?? "";
    drafts.push({
      row: drafts.length + 1,
      productId: link.productId,
      sku: null,
      name,
      description: null,
      tiers: [{ minQuantity: "1", price: best.value!, currency, unit }],
      moq: null,
      moqUnit: null,
      tnvedCode: null,
      categoryId: null,
      originCountry: null,
      specs: [],
    });
  }
  // Stock changes of the batch in one statement (a row per product would be 50,000 round trips).
  if (stockChanges.length > 0) {
    // As one jsonb parameter (price-lists/import.ts `insertRows` says why).
    await db.execute(
      sql`update onec_products as l set quantity = v.quantity, stock = v.stock, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(stockChanges.map((c) => ({ onec_id: c.onecId, quantity: c.quantity, stock: c.stock })))}::jsonb)
            as v(onec_id text, quantity numeric, stock jsonb)
          where l.company_id = ${companyId} and l.onec_id = v.onec_id`,
    );
    report.stocked += stockChanges.length;
  }
  if (drafts.length > 0) {
    const result = await writeBatch(db, ctx.run, drafts);
    report.priced += result.updated;
  }
}

/**
 * Imports the catalogue file of `importId` (an `onec_imports` row, state `queued` or left `running`
 * by a crash): reads it, writes products and prices, hides what a full export no longer has, and
 * stores the report. Throws what refuses the file (a bound, unreadable XML, the product cap) after
 * undoing what it wrote; job.ts stores that as the import's failure.
 */
export async function importCatalogFile(
  db: Db,
  storage: FileStorage | undefined,
  logger: Logger,
  input: {
    importId: number;
    companyId: number;
    userId: number;
    fileName: string;
    bytes: Uint8Array;
    entry: string | null;
    /** The exchange session whose files hold the pictures (null: pictures are not attached). */
    sessionId?: number | null;
    /** The storage quota pictures count against (security review F25); none: unlimited. */
    quota?: StorageQuota;
  },
  limits: ExchangeLimits = EXCHANGE_LIMITS,
): Promise<CatalogReport> {
  const startedAt = new Date();
  const [run] = await db
    .insert(priceListRuns)
    .values({
      companyId: input.companyId,
      userId: input.userId,
      format: COMMERCEML_RUN_FORMAT,
      originalName: input.fileName.slice(0, 255),
      lang: "ru",
      status: "running",
      startedAt,
    })
    .returning();
  await db.update(onecImports).set({ priceListRunId: run!.id }).where(eq(onecImports.id, input.importId));
  const settings = await settingsOf(db, input.companyId);
  const lookups = await draftLookups(db);
  const report = emptyReport();
  const ctx: Context = {
    db,
    storage,
    run: run!,
    companyId: input.companyId,
    startedAt,
    report,
    groupCategories: settings.groupCategories,
    categoryByName: lookups.categoryByName,
    groups: new Map(settings.groups.map((g) => [g.id, g])),
    priceTypes: settings.priceTypes,
    chosenPriceTypeId: settings.priceTypeId,
    skus: new Set(),
    pictures:
      storage && input.sessionId
        ? {
            db,
            storage,
            source: new PictureSource(db, input.sessionId),
            companyId: input.companyId,
            userId: input.userId,
            quota: input.quota,
            report,
          }
        : null,
  };
  let meta: CmlMeta | null = null;
  let fresh: { groups: CmlGroup[]; priceTypes: CmlPriceType[]; warehouses: CmlWarehouse[] } = {
    groups: [],
    priceTypes: [],
    warehouses: [],
  };
  try {
    for await (const event of commerceMlEvents(input.bytes, input.entry, limits.read, (m) => (meta = m))) {
      if (event.type === "classifier") {
        fresh = event;
        for (const g of event.groups) ctx.groups.set(g.id, g);
        ctx.priceTypes = mergeById(settings.priceTypes, event.priceTypes);
      } else if (event.type === "products") await importProducts(ctx, event.products);
      else if (event.type === "offers") await importOffers(ctx, event.offers);
      await nextTurn();
    }
    const read = meta as CmlMeta | null;
    if (!read) throw new Error("the reader ended without the file's meta");
    report.version = read.version;
    report.onlyChanges = read.onlyChanges;
    report.groups = read.groups.length;
    // A full catalogue: the company's 1C products it does not name leave the catalogue.
    if (read.hasProducts && !read.onlyChanges) {
      const missing = await db
        .select({ productId: onecProducts.productId })
        .from(onecProducts)
        .where(and(eq(onecProducts.companyId, input.companyId), lt(onecProducts.seenAt, startedAt), isNull(onecProducts.hiddenAt)));
      report.hidden += await hideProducts(
        ctx,
        missing.map((m) => m.productId),
      );
    }
    await db.transaction(async (tx) => {
      await tx.delete(priceListRunChanges).where(eq(priceListRunChanges.runId, run!.id));
      await tx
        .update(priceListRuns)
        .set({
          status: "done",
          toProcess: report.products + report.offers,
          processed: report.products + report.offers,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(priceListRuns.id, run!.id));
      await tx
        .update(onecSettings)
        .set({
          groups: fresh.groups.length > 0 ? mergeById(settings.groups, fresh.groups) : settings.groups,
          priceTypes: mergeById(settings.priceTypes, [...fresh.priceTypes, ...read.priceTypes]),
          warehouses: mergeById(settings.warehouses, [...fresh.warehouses, ...read.warehouses]),
          updatedAt: new Date(),
        })
        .where(eq(onecSettings.companyId, input.companyId));
    });
    return report;
  } catch (error) {
    logger.warn({ err: error, importId: input.importId }, "1C catalogue import failed: rolling back");
    await rollbackRun(db, run!.id);
    await db
      .update(priceListRuns)
      .set({ status: "failed", failure: error instanceof Error ? error.message.slice(0, 500) : String(error), finishedAt: new Date() })
      .where(eq(priceListRuns.id, run!.id));
    throw error;
  }
}
