/**
 * The import of a queued price-list run (the `price-list-import` job, job.ts; ADR 027).
 *
 * The file is read again (runs.ts `analyse`) and the valid products are written in batches of
 * BATCH_SIZE, each batch its own transaction, with the event loop given a turn in between — so a
 * 50,000-row file neither holds one connection (PGlite has only one) nor the event loop for the
 * whole import, and the progress bar moves. A product with an SKU the company already has is
 * updated; any other becomes a new DRAFT.
 *
 * Main-thread work per batch is kept small (issue 29's event-loop p99 ≤ 50 ms during a 50,000-product
 * 1C exchange): new rows go in as one jsonb parameter each statement (`insertRows`), and the stored
 * prices the "unchanged" check needs are read once per batch.
 *
 * Nothing half-written on failure: every batch records, in the same transaction, what it changed in
 * `price_list_run_changes` (a created product's id; an updated product's previous card, facts,
 * prices and pending changes). When a batch fails, `rollbackRun` deletes the created products and
 * restores the updated ones, and the run becomes `failed` with the reason. A run found `running`
 * when its job starts (the process died mid-import and the job was retried) is rolled back first,
 * then imported from the start. Drafts are never public, so no visitor sees the partial state.
 *
 * A row naming our product number (an export's `ID товара`) updates that product of the company;
 * otherwise the SKU decides. A row that would change nothing (an unchanged export imported back:
 * texts as the export wrote them, fields, specifications, tiers) is left alone — the run reports
 * neither created nor updated for it (issue 26, J4-2).
 *
 * Updating by SKU (issue 15): a draft or rejected product is changed at once; a PUBLISHED one keeps
 * its public version and gets the change as pending parts (card, prices, facts) for a moderator,
 * like an edit in the product form (server/profile/products.ts). The name and description are set
 * in the run's language only (other languages stay); fields a row leaves empty stay as they were.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { LocalizedFact } from "#contract/common.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import type { PriceListMapping } from "#contract/profile/price-lists.ts";
import { explicitProductCard } from "#contract/profile/products.ts";
import type { Db } from "../db/client.ts";
import { priceListRunChanges, priceListRuns, productPrices, products } from "../db/schema.ts";
import type { FileStorage } from "../files/storage.ts";
import type { Logger } from "../logger.ts";
import { DomainError } from "#server/errors.ts";
import type { Queryable } from "../db/queries.ts";
import {
  pendingOf,
  priceFromOf,
  productFormValues,
  type PendingChanges,
  type ProductRow,
  type Tier,
  assertRoomForProducts,
} from "../profile/products.ts";
import type { ProductDraft } from "./drafts.ts";
import { analyse, runBytes, type RunRow } from "./runs.ts";

export const BATCH_SIZE = 250;

export interface ImportOptions {
  batchSize?: number;
  /** Called after each committed batch (1-based): tests use it to make an import fail midway. */
  afterBatch?: (batch: number) => void | Promise<void>;
  /** Called once a run is done with the ids of the products it created or updated (e.g. to translate them). */
  onDone?: (productIds: number[]) => void | Promise<void>;
}

/** A product's state before a run changed it: what `rollbackRun` writes back. */
interface Snapshot {
  card: ReturnType<typeof productFormValues>;
  facts: LocalizedFact[];
  pendingChanges: Record<string, unknown> | null;
  moderationNote: string | null;
  priceFrom: string | null;
  priceCurrency: ProductRow["priceCurrency"];
  prices: Tier[];
  updatedAt: string;
  /** The import that touched the product before this one (absent in snapshots written before the column existed). */
  priceListRunId?: number | null;
}

const factsOf = (draft: ProductDraft, lang: Lang): LocalizedFact[] =>
  draft.specs.map((s) => ({ key: { [lang]: s.key }, value: { [lang]: s.value } }));

const tiersOf = (draft: ProductDraft): Tier[] =>
  [...draft.tiers].sort((a, b) =>
    a.currency === b.currency ? Number(a.minQuantity) - Number(b.minQuantity) : a.currency < b.currency ? -1 : 1,
  );

/**
 * The stored price tiers of `productIds` (in their stored order), one query for a whole batch: a
 * query per product was a round trip and a turn of result mapping for each of 50,000 offers.
 */
async function storedPrices(tx: Queryable, productIds: number[]): Promise<Map<number, Tier[]>> {
  const byProduct = new Map<number, Tier[]>(productIds.map((id) => [id, []]));
  for (let at = 0; at < productIds.length; at += 1000) {
    const rows = await tx
      .select()
      .from(productPrices)
      .where(inArray(productPrices.productId, productIds.slice(at, at + 1000)))
      .orderBy(asc(productPrices.id));
    for (const r of rows)
      byProduct.get(r.productId)?.push({ minQuantity: r.minQuantity, price: r.price, currency: r.currency, unit: r.unit as Tier["unit"] });
  }
  return byProduct;
}

/**
 * Inserts `rows` (objects keyed by column name) into `table` in ONE statement whose rows travel as a
 * single jsonb parameter: `insert into t (cols) select cols from jsonb_to_recordset($1) as x(col
 * type, …)`. The query builder's per-parameter work (an entity check and a driver mapping for each
 * of 250 rows × 17 columns of a product batch) held the event loop longer than issue 29's
 * 50 ms p99 allowed during a 50,000-product 1C exchange; JSON.stringify of the same rows is one
 * native call. `columns` maps each column to its SQL type, `table` and the names are constants of
 * the callers, never input; `onConflictDoNothing` skips rows a unique key already has.
 */
export async function insertRows(
  tx: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  options: { onConflictDoNothing?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = sql.raw(names.join(", "));
  const types = sql.raw(names.map((name) => `${name} ${columns[name]}`).join(", "));
  const conflict = options.onConflictDoNothing ? sql.raw(" on conflict do nothing") : sql``;
  await tx.execute(
    sql`insert into ${sql.raw(table)} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${types})${conflict}`,
  );
}

/** The columns a batch writes for a new product (`insertRows`). */
const PRODUCT_COLUMNS = {
  id: "int",
  company_id: "int",
  sku: "text",
  name: "jsonb",
  description: "jsonb",
  source_lang: "text",
  status: "text",
  category_id: "int",
  tnved_code: "text",
  moq: "numeric",
  moq_unit: "text",
  origin_country: "text",
  facts: "jsonb",
  price_from: "numeric",
  price_currency: "text",
  price_list_run_id: "int",
  created_at: "timestamptz",
  updated_at: "timestamptz",
};
const PRICE_COLUMNS = { product_id: "int", min_quantity: "numeric", price: "numeric", currency: "text", unit: "text" };
const CHANGE_COLUMNS = { run_id: "int", product_id: "int" };
const SNAPSHOT_COLUMNS = { ...CHANGE_COLUMNS, previous: "jsonb" };
const priceRows = (productId: number, tiers: Tier[]) =>
  tiers.map((t) => ({ product_id: productId, min_quantity: t.minQuantity, price: t.price, currency: t.currency, unit: t.unit }));

/** The card of `row` with what the draft says (texts in `lang`, empty cells keep the stored value). */
function mergedCard(row: ProductRow, draft: ProductDraft, lang: Lang) {
  const card = pendingOf(row)?.card ?? productFormValues(row);
  return {
    ...card,
    name: { ...card.name, [lang]: draft.name },
    description: draft.description ? { ...card.description, [lang]: draft.description } : (card.description ?? {}),
    categoryId: draft.categoryId ?? card.categoryId ?? null,
    tnvedCode: draft.tnvedCode ?? card.tnvedCode ?? null,
    moq: draft.moq ?? card.moq ?? null,
    moqUnit: draft.moq ? draft.moqUnit : (card.moqUnit ?? null),
    originCountry: draft.originCountry ?? card.originCountry ?? null,
  };
}

/** A text of `text` in `lang`, else in `source` (what an export writes). */
const picked = (text: Record<string, string> | null | undefined, lang: Lang, source: Lang) => text?.[lang] ?? text?.[source] ?? "";

/**
 * Whether importing `draft` over `row` would change nothing a user sees: the texts as an export in
 * `lang` writes them, the card's fields, the specifications and the price tiers (numbers compared as
 * numbers; `prices` are the stored tiers, read for the whole batch). The working copy is compared,
 * pending changes included.
 */
function unchanged(row: ProductRow, draft: ProductDraft, lang: Lang, prices: Tier[]): boolean {
  const pending = pendingOf(row);
  const card = pending?.card ?? productFormValues(row);
  const source = row.sourceLang as Lang;
  const num = (v: string | null | undefined) => (v === null || v === undefined || v === "" ? null : Number(v));
  if (draft.name !== picked(card.name, lang, source)) return false;
  if (draft.description && draft.description !== picked(card.description, lang, source)) return false;
  if (draft.categoryId !== null && draft.categoryId !== (card.categoryId ?? null)) return false;
  if (draft.tnvedCode !== null && draft.tnvedCode !== (card.tnvedCode ?? null)) return false;
  if (draft.originCountry !== null && draft.originCountry !== (card.originCountry ?? null)) return false;
  // The MOQ's unit is the row's tier unit in a spreadsheet: its number decides.
  if (draft.moq !== null && num(draft.moq) !== num(card.moq)) return false;
  if (draft.sku !== null && draft.sku !== row.sku) return false;
  if (draft.specs.length > 0) {
    const facts = pending?.facts ?? row.facts;
    const mine = facts.map((f) => `${picked(f.key, lang, source)}\u0000${picked(f.value, lang, source)}`).filter((f) => f !== "\u0000");
    const theirs = draft.specs.map((s) => `${s.key}\u0000${s.value}`);
    if (mine.length !== theirs.length || mine.some((f, i) => f !== theirs[i])) return false;
  }
  if (draft.tiers.length > 0) {
    const stored = pending?.prices ?? prices;
    const key = (t: Tier) => `${t.currency}:${t.unit}:${Number(t.minQuantity)}:${Number(t.price)}`;
    const a = stored.map(key).sort();
    const b = tiersOf(draft).map(key).sort();
    if (a.length !== b.length || a.some((k, i) => k !== b[i])) return false;
  }
  return true;
}

async function replacePrices(tx: Queryable, productId: number, tiers: Tier[]) {
  await tx.delete(productPrices).where(eq(productPrices.productId, productId));
  if (tiers.length > 0) await tx.insert(productPrices).values(tiers.map((t) => ({ productId, ...t })));
}

/**
 * What another importer (the 1C exchange, server/onec/catalog.ts) adds to a batch's transaction:
 * `created` learns which new product each created draft became (to remember 1C's id for it).
 */
export interface BatchHooks {
  created?: (tx: Queryable, created: { draft: ProductDraft; productId: number }[]) => Promise<void>;
}

/**
 * Writes one batch of `run` in one transaction (see the module comment); returns how many products
 * were created and updated. Exported for the 1C exchange, which writes its products the same way.
 */
export async function writeBatch(
  db: Db,
  run: RunRow,
  batch: ProductDraft[],
  hooks: BatchHooks = {},
): Promise<{ created: number; updated: number }> {
  return db.transaction(async (tx) => {
    const skus = batch.map((d) => d.sku).filter((s): s is string => !!s);
    const ids = batch.map((d) => d.productId).filter((id): id is number => id !== null);
    const bySku = new Map<string, ProductRow>();
    const byId = new Map<number, ProductRow>();
    if (skus.length > 0 || ids.length > 0) {
      const rows = await tx
        .select()
        .from(products)
        .where(
          and(
            eq(products.companyId, run.companyId),
            or(skus.length > 0 ? inArray(products.sku, skus) : undefined, ids.length > 0 ? inArray(products.id, ids) : undefined),
          ),
        )
        .for("update");
      for (const row of rows) {
        if (row.sku) bySku.set(row.sku, row);
        byId.set(row.id, row);
      }
    }
    // Our product number first (an export's rows, SKU or not; another company's number matches nothing), then the SKU.
    const match = (d: ProductDraft) => (d.productId !== null ? byId.get(d.productId) : undefined) ?? (d.sku ? bySku.get(d.sku) : undefined);
    const fresh = batch.filter((d) => !match(d));
    if (fresh.length > 0) await assertRoomForProducts(tx, run.companyId, fresh.length);
    let created = 0;
    if (fresh.length > 0) {
      const now = new Date().toISOString();
      // The ids first (one statement): the rows then carry them, so each draft knows its product whatever order the insert takes.
      const allocated = await tx.execute<{ id: number }>(
        sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${fresh.length})`,
      );
      const inserted = fresh.map((draft, i) => ({ id: Number(allocated.rows[i]!.id), draft }));
      await insertRows(
        tx,
        "products",
        PRODUCT_COLUMNS,
        inserted.map(({ id, draft: d }) => {
          const from = priceFromOf(tiersOf(d));
          return {
            id,
            company_id: run.companyId,
            sku: d.sku,
            name: { [run.lang]: d.name },
            description: d.description ? { [run.lang]: d.description } : {},
            source_lang: run.lang,
            status: "draft",
            category_id: d.categoryId,
            tnved_code: d.tnvedCode,
            moq: d.moq,
            moq_unit: d.moqUnit,
            origin_country: d.originCountry,
            facts: factsOf(d, run.lang),
            price_from: from.priceFrom,
            price_currency: from.priceCurrency,
            price_list_run_id: run.id,
            created_at: now,
            updated_at: now,
          };
        }),
      );
      await insertRows(
        tx,
        "product_prices",
        PRICE_COLUMNS,
        inserted.flatMap(({ id, draft }) => priceRows(id, tiersOf(draft))),
      );
      await insertRows(
        tx,
        "price_list_run_changes",
        CHANGE_COLUMNS,
        inserted.map(({ id }) => ({ run_id: run.id, product_id: id })),
      );
      await hooks.created?.(
        tx,
        inserted.map(({ id, draft }) => ({ draft, productId: id })),
      );
      created = inserted.length;
    }
    let updated = 0;
    const stored = await storedPrices(tx, [...new Set(batch.map((d) => match(d)?.id).filter((id): id is number => id !== undefined))]);
    // Written once for the batch after the loop (a statement per product was most of an offers file's time).
    const snapshots: Record<string, unknown>[] = [];
    const newPrices = new Map<number, Tier[]>();
    for (const draft of batch) {
      const row = match(draft);
      if (!row) continue;
      // Changed meanwhile (a moderator, a submit): left as it is, like a locked row of the preview.
      if (row.status === "moderation" || row.status === "blocked") continue;
      // An unchanged row (e.g. an export imported back) changes nothing: no pending edit, no new date.
      const prices = stored.get(row.id) ?? [];
      if (unchanged(row, draft, run.lang, prices)) continue;
      const snapshot: Snapshot = {
        card: productFormValues(row),
        facts: row.facts,
        pendingChanges: row.pendingChanges ?? null,
        moderationNote: row.moderationNote,
        priceFrom: row.priceFrom,
        priceCurrency: row.priceCurrency,
        prices,
        updatedAt: row.updatedAt.toISOString(),
        priceListRunId: row.priceListRunId,
      };
      snapshots.push({ run_id: run.id, product_id: row.id, previous: snapshot });
      const card = mergedCard(row, draft, run.lang);
      const tiers = draft.tiers.length > 0 ? tiersOf(draft) : null;
      const facts = draft.specs.length > 0 ? factsOf(draft, run.lang) : null;
      const now = new Date();
      if (row.status === "published") {
        const pending: PendingChanges = { ...pendingOf(row), card };
        if (tiers) pending.prices = tiers;
        if (facts) pending.facts = facts;
        await tx
          .update(products)
          .set({ pendingChanges: pending as Record<string, unknown>, moderationNote: null, priceListRunId: run.id, updatedAt: now })
          .where(eq(products.id, row.id));
      } else {
        await tx
          .update(products)
          .set({
            // The run adds its language to the card; the product's source language stays.
            ...explicitProductCard({ ...card, sourceLang: row.sourceLang }),
            ...(facts ? { facts } : {}),
            ...(tiers ? priceFromOf(tiers) : {}),
            priceListRunId: run.id,
            updatedAt: now,
          })
          .where(eq(products.id, row.id));
        if (tiers) {
          newPrices.set(row.id, tiers);
          stored.set(row.id, tiers);
        }
      }
      updated += 1;
    }
    // The first snapshot of a product in a run is its state before the run (a later one, in this batch or another, is ignored).
    await insertRows(tx, "price_list_run_changes", SNAPSHOT_COLUMNS, snapshots, { onConflictDoNothing: true });
    if (newPrices.size > 0) {
      await tx.execute(
        sql`delete from product_prices where product_id in (select (jsonb_array_elements_text(${JSON.stringify([...newPrices.keys()])}::jsonb))::int)`,
      );
      await insertRows(
        tx,
        "product_prices",
        PRICE_COLUMNS,
        [...newPrices].flatMap(([id, tiers]) => priceRows(id, tiers)),
      );
    }
    await tx
      .update(priceListRuns)
      .set({
        processed: sql`${priceListRuns.processed} + ${batch.length}`,
        created: sql`${priceListRuns.created} + ${created}`,
        updated: sql`${priceListRuns.updated} + ${updated}`,
        updatedAt: new Date(),
      })
      .where(eq(priceListRuns.id, run.id));
    return { created, updated };
  });
}

/**
 * Undoes what run `runId` wrote (see the module comment), in one transaction, and forgets the
 * changes. Returns how many products were deleted and restored.
 */
export async function rollbackRun(db: Db, runId: number): Promise<{ deleted: number; restored: number }> {
  return db.transaction(async (tx) => {
    const changes = await tx.select().from(priceListRunChanges).where(eq(priceListRunChanges.runId, runId));
    const createdIds = changes.filter((c) => c.previous === null).map((c) => c.productId);
    for (let i = 0; i < createdIds.length; i += 1000) await tx.delete(products).where(inArray(products.id, createdIds.slice(i, i + 1000)));
    let restored = 0;
    for (const change of changes) {
      if (change.previous === null) continue;
      const before = change.previous as unknown as Snapshot;
      const result = await tx
        .update(products)
        .set({
          ...explicitProductCard(before.card),
          facts: before.facts,
          pendingChanges: before.pendingChanges,
          moderationNote: before.moderationNote,
          priceFrom: before.priceFrom,
          priceCurrency: before.priceCurrency,
          priceListRunId: before.priceListRunId ?? null,
          updatedAt: new Date(before.updatedAt),
        })
        .where(eq(products.id, change.productId))
        .returning({ id: products.id });
      if (result.length > 0) {
        await replacePrices(tx, change.productId, before.prices);
        restored += 1;
      }
    }
    await tx.delete(priceListRunChanges).where(eq(priceListRunChanges.runId, runId));
    await tx.update(priceListRuns).set({ processed: 0, created: 0, updated: 0 }).where(eq(priceListRuns.id, runId));
    return { deleted: createdIds.length, restored };
  });
}

/**
 * Imports run `runId` if it is queued (or was left running by a crash); does nothing otherwise, so a
 * repeated job is harmless. Never throws for a bad file or a failed batch: the run says `failed`.
 */
export async function runImport(db: Db, storage: FileStorage, logger: Logger, runId: number, options: ImportOptions = {}): Promise<void> {
  const [run] = await db.select().from(priceListRuns).where(eq(priceListRuns.id, runId)).limit(1);
  if (!run || (run.status !== "queued" && run.status !== "running")) return;
  if (run.status === "running") await rollbackRun(db, runId);
  const [started] = await db
    .update(priceListRuns)
    .set({ status: "running", startedAt: new Date(), processed: 0, created: 0, updated: 0, failure: null, updatedAt: new Date() })
    .where(eq(priceListRuns.id, runId))
    .returning();
  const size = options.batchSize ?? BATCH_SIZE;
  let touched: number[] | null = null;
  try {
    const bytes = await runBytes(db, storage, started!);
    const analysis = await analyse(db, run.companyId, run.format, bytes, {
      mapping: run.mapping as PriceListMapping,
      reading: run.reading,
    });
    await db.update(priceListRuns).set({ toProcess: analysis.drafts.length }).where(eq(priceListRuns.id, runId));
    let batchNo = 0;
    for (let at = 0; at < analysis.drafts.length; at += size) {
      await writeBatch(db, started!, analysis.drafts.slice(at, at + size));
      batchNo += 1;
      await options.afterBatch?.(batchNo);
      await nextTurn();
    }
    touched = await db.transaction(async (tx) => {
      const changes = await tx
        .delete(priceListRunChanges)
        .where(eq(priceListRunChanges.runId, runId))
        .returning({ productId: priceListRunChanges.productId });
      await tx
        .update(priceListRuns)
        .set({ status: "done", finishedAt: new Date(), updatedAt: new Date() })
        .where(eq(priceListRuns.id, runId));
      return changes.map((change) => change.productId);
    });
  } catch (error) {
    // A domain refusal is stored as its code (the run page says it in the reader's language); anything else as its message.
    const message = error instanceof DomainError ? error.code : error instanceof Error ? error.message : String(error);
    logger.warn({ err: error, runId }, "price list import failed: rolling back");
    await rollbackRun(db, runId);
    await db
      .update(priceListRuns)
      .set({ status: "failed", failure: message.slice(0, 500), finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(priceListRuns.id, runId));
  }
  // Outside the try: what follows a finished import never undoes it.
  if (touched) await options.onDone?.(touched);
}
