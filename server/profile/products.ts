/**
 * A company's own products, as its employees list, edit and submit them (issue 5).
 *
 * Status machine (products): draft → moderation (submit) → published | rejected (moderator, with a
 * note in `moderation_note`); rejected → moderation (submit again); moderation, published,
 * rejected → draft (withdraw; a published product leaves the catalogue). `blocked` is set by a
 * moderator and refuses every change (403 `product_blocked`). While a product is under moderation
 * it is frozen (409 `under_moderation`).
 *
 * Edits of a PUBLISHED product do not touch what visitors see: each edited part (`card`, `facts`,
 * `prices`, `variants`, `files`) is stored whole in `products.pending_changes` and awaits a
 * moderator; approving copies every part over (`applyPending`), rejecting keeps the parts and sets
 * the note so the author can fix and resubmit. Employees always see and edit the WORKING COPY: the
 * pending part when there is one, else the stored one. Withdrawing a published product applies its
 * pending parts to the draft.
 *
 * The supplier's own translations of the name and description (`translations`, ADR 046) are a part
 * like the others: a published product's wait in `pending_changes` (the whole set, by field and
 * language) and become what visitors read on approval; a rejection drops them. Removing one applies
 * at once (visitors then read moderated text: the machine's or the original).
 *
 * `pending_changes` shape: `{ card?: ProductInput, facts?: LocalizedFact[], prices?: Tier[],
 * variants?: Variant[], files?: PendingFile[], translations?: ManualTranslations }` (JSON; decimals
 * as strings).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { FileView, LocalizedFact } from "#contract/common.ts";
import type { FactsInput, StatusAction } from "#contract/profile/fields.ts";
import type { ManualTranslationInput } from "#contract/translation.ts";
import type { Localized } from "#contract/lang-schemas.ts";
import {
  explicitProductCard,
  PRODUCT_PARTS,
  ProductSchema,
  type PriceTiersInput,
  type ProductFilter,
  type ProductDetailView,
  type ProductFileView,
  type ProductInput,
  type ProductPart,
  type ProductView,
  type Tier,
  type Variant,
  type VariantsInput,
} from "#contract/profile/products.ts";
import { pageMetaOf, type PageMeta } from "#contract/route.ts";
import type { Db } from "../db/client.ts";
import { categories, files, productFiles, productPrices, products, productVariants, tnvedCodes, type Currency } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { claimUpload, deleteUnusedFiles, fileView } from "../files/repository.ts";
import type { ReceivedFile } from "../files/receive.ts";
import type { FileStorage } from "../files/storage.ts";
import { rowsById, type Queryable } from "../db/queries.ts";
import { mergeForm } from "./forms.ts";
import {
  assertTranslationNeeded,
  manualTranslationsOf,
  removeManualTranslation,
  sameTranslations,
  setManualTranslation,
  writeManualTranslations,
  type ManualTranslations,
} from "../translation/store.ts";

export type { ProductDetailView, ProductFileView, ProductInput, ProductPart, ProductView, Tier, Variant };

export type ProductRow = typeof products.$inferSelect;
export interface PendingFile {
  fileId: number;
  kind: "image" | "document";
  title: Localized;
  position: number;
}
export interface PendingChanges {
  card?: ProductInput;
  facts?: LocalizedFact[];
  prices?: Tier[];
  variants?: Variant[];
  files?: PendingFile[];
  translations?: ManualTranslations;
}

/**
 * Products one company may have, drafts included (security review N2: imports of 50,000 rows could be
 * repeated without end, and every export and list walks them all): `COMPANY_PRODUCT_LIMIT` (validated
 * at start in server/env.ts), default 100,000 — far above a real wholesale catalogue. Read on each call,
 * so a test can lower it.
 */
export function companyProductLimit(): number {
  return Number(process.env.COMPANY_PRODUCT_LIMIT ?? 100_000);
}

/**
 * Refuses `adding` more products to `companyId` past `companyProductLimit()` (409
 * `product_limit_reached`, details `{ limit, value }`: the cap and the count there would be).
 */
export async function assertRoomForProducts(db: Queryable, companyId: number, adding: number): Promise<void> {
  const limit = companyProductLimit();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.companyId, companyId));
  const value = (row?.n ?? 0) + adding;
  if (value > limit)
    throw new DomainError("product_limit_reached", `A company may have at most ${limit} products`, { details: { limit, value } });
}

/** At most this many files (images and documents together) per product. */
export const MAX_PRODUCT_FILES = 30;

export function pendingOf(row: Pick<ProductRow, "pendingChanges">): PendingChanges | null {
  const pending = row.pendingChanges as PendingChanges | null;
  return pending && Object.keys(pending).length > 0 ? pending : null;
}

/** The product card form's values of a stored product (ignoring pending changes). */
export function productFormValues(row: ProductRow): ProductInput {
  return {
    name: row.name,
    description: row.description,
    sourceLang: row.sourceLang,
    categoryId: row.categoryId,
    tnvedCode: row.tnvedCode,
    moq: row.moq === null ? null : String(Number(row.moq)),
    moqUnit: row.moqUnit as ProductInput["moqUnit"],
    originCountry: row.originCountry,
  };
}

function pendingState(row: ProductRow): ProductView["pending"] {
  const pending = pendingOf(row);
  if (!pending) return null;
  return { state: row.moderationNote ? "rejected" : "moderation", parts: Object.keys(pending) as ProductPart[] };
}

export function productView(row: ProductRow, cover: FileView | null): ProductView {
  const card = pendingOf(row)?.card ?? productFormValues(row);
  return {
    id: row.id,
    ...card,
    status: row.status,
    moderationNote: row.moderationNote,
    moderationNoteLang: row.moderationNoteLang,
    pending: pendingState(row),
    priceFrom: row.priceFrom === null ? null : String(Number(row.priceFrom)),
    priceCurrency: row.priceCurrency,
    cover,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The product `productId` of `companyId`, or 404 `not_found` (also for another company's product). */
export async function loadProduct(db: Queryable, companyId: number, productId: number, forUpdate = false): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.companyId, companyId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("Product");
  return row;
}

async function coversOf(db: Db, rows: ProductRow[]): Promise<Map<number, FileView>> {
  const covers = new Map<number, FileView>();
  const pendingCovers = new Map<number, number>();
  const stored: number[] = [];
  for (const row of rows) {
    const pendingFiles = pendingOf(row)?.files;
    if (pendingFiles) {
      const first = pendingFiles.filter((f) => f.kind === "image").sort((a, b) => a.position - b.position)[0];
      if (first) pendingCovers.set(row.id, first.fileId);
    } else stored.push(row.id);
  }
  if (stored.length > 0) {
    const found = await db
      .select({ productId: productFiles.productId, file: files })
      .from(productFiles)
      .innerJoin(files, eq(files.id, productFiles.fileId))
      .where(and(inArray(productFiles.productId, stored), eq(productFiles.kind, "image")))
      .orderBy(asc(productFiles.position), asc(productFiles.id));
    for (const r of found) if (!covers.has(r.productId)) covers.set(r.productId, fileView(r.file));
  }
  if (pendingCovers.size > 0) {
    const found = await db
      .select()
      .from(files)
      .where(inArray(files.id, [...pendingCovers.values()]));
    const byId = new Map(found.map((f) => [f.id, fileView(f)]));
    for (const [productId, fileId] of pendingCovers) {
      const view = byId.get(fileId);
      if (view) covers.set(productId, view);
    }
  }
  return covers;
}

export async function productViewOf(db: Db, row: ProductRow): Promise<ProductView> {
  return productView(row, (await coversOf(db, [row])).get(row.id) ?? null);
}

/** Escapes `%`, `_` and `\` for ILIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * SQL: the products of `companyId` that `filter` matches — a status, a search text (any language of
 * the stored or pending name, or the id), the products a price-list import (`run`) created or changed.
 * The product list and the bulk actions over "every product it matches" share it.
 */
export function productFilterWhere(companyId: number, filter: ProductFilter): SQL {
  const conditions: SQL[] = [eq(products.companyId, companyId)];
  if (filter.status) conditions.push(eq(products.status, filter.status));
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const byText = sql`(${products.name}->>'ru' ilike ${pattern} or ${products.name}->>'en' ilike ${pattern} or ${products.name}->>'zh' ilike ${pattern}
      or ${products.pendingChanges}->'card'->'name'->>'ru' ilike ${pattern} or ${products.pendingChanges}->'card'->'name'->>'en' ilike ${pattern}
      or ${products.pendingChanges}->'card'->'name'->>'zh' ilike ${pattern})`;
    conditions.push(/^\d{1,9}$/.test(q) ? sql`(${byText} or ${products.id} = ${Number(q)})` : byText);
  }
  if (filter.run) conditions.push(eq(products.priceListRunId, filter.run));
  return and(...conditions)!;
}

/** A company's products, newest change first, filtered as `productFilterWhere` says. */
export async function listProducts(db: Db, companyId: number, query: ProductFilter & { page: number; perPage: number }) {
  const where = productFilterWhere(companyId, query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  const covers = await coversOf(db, rows);
  const count = total[0]?.count ?? 0;
  const meta: PageMeta = pageMetaOf(query.page, query.perPage, count);
  return { items: rows.map((row) => productView(row, covers.get(row.id) ?? null)), meta };
}

/** Checks category and TN VED code against the reference tables (400 `unknown_category`, `unknown_code`). */
export async function checkProductReferences(db: Queryable, input: ProductInput): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  if (input.categoryId) {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1);
    if (!row) issues.push({ path: "categoryId", message: "unknown_category" });
  }
  if (input.tnvedCode) {
    const [row] = await db.select({ code: tnvedCodes.code }).from(tnvedCodes).where(eq(tnvedCodes.code, input.tnvedCode)).limit(1);
    if (!row) issues.push({ path: "tnvedCode", message: "unknown_code" });
  }
  if (issues.length > 0) throw new DomainError("invalid_body", "Invalid request body", { issues });
}

export async function createProduct(db: Db, companyId: number, input: ProductInput): Promise<ProductRow> {
  await checkProductReferences(db, input);
  await assertRoomForProducts(db, companyId, 1);
  const [row] = await db
    .insert(products)
    .values({ companyId, ...explicitProductCard(input), status: "draft" })
    .returning();
  return row!;
}

/** Refuses edits of a product under moderation or blocked. */
export function assertProductEditable(row: ProductRow): void {
  if (row.status === "blocked") throw new DomainError("product_blocked", "The product has been blocked by a moderator");
  if (row.status === "moderation")
    throw new DomainError("under_moderation", "The product is being reviewed: withdraw it from moderation to change it");
}

/** The lowest price of the main currency (RUB when quoted, else the first tier's): for sorting and facets. */
export function priceFromOf(tiers: Tier[]): { priceFrom: string | null; priceCurrency: Currency | null } {
  if (tiers.length === 0) return { priceFrom: null, priceCurrency: null };
  const currency = tiers.some((t) => t.currency === "RUB") ? "RUB" : tiers[0]!.currency;
  const prices = tiers.filter((t) => t.currency === currency).map((t) => t.price);
  const lowest = prices.reduce((a, b) => (Number(b) < Number(a) ? b : a));
  return { priceFrom: lowest, priceCurrency: currency };
}

/** Writes one part to the stored product (a direct edit, or a moderator approving it). Returns file ids no longer attached. */
async function applyPart(tx: Queryable, productId: number, part: ProductPart, value: unknown): Promise<number[]> {
  const now = new Date();
  switch (part) {
    case "card":
      await tx
        .update(products)
        .set({ ...explicitProductCard(value as ProductInput), updatedAt: now })
        .where(eq(products.id, productId));
      return [];
    case "facts":
      await tx
        .update(products)
        .set({ facts: value as LocalizedFact[], updatedAt: now })
        .where(eq(products.id, productId));
      return [];
    case "prices": {
      const tiers = value as Tier[];
      await tx.delete(productPrices).where(eq(productPrices.productId, productId));
      if (tiers.length > 0)
        await tx
          .insert(productPrices)
          .values(tiers.map((t) => ({ productId, minQuantity: t.minQuantity, price: t.price, currency: t.currency, unit: t.unit })));
      await tx
        .update(products)
        .set({ ...priceFromOf(tiers), updatedAt: now })
        .where(eq(products.id, productId));
      return [];
    }
    case "variants": {
      const variants = value as Variant[];
      await tx.delete(productVariants).where(eq(productVariants.productId, productId));
      if (variants.length > 0) {
        await tx.insert(productVariants).values(
          variants.map((v, position) => ({
            productId,
            name: v.name,
            attributes: Object.fromEntries(v.attributes.map((a) => [a.key, a.value])),
            price: v.price ?? null,
            currency: v.currency ?? null,
            position,
          })),
        );
      }
      await tx.update(products).set({ updatedAt: now }).where(eq(products.id, productId));
      return [];
    }
    case "files": {
      const wanted = value as PendingFile[];
      const current = await tx.select().from(productFiles).where(eq(productFiles.productId, productId));
      const keep = new Set(wanted.map((f) => f.fileId));
      const removed = current.filter((f) => !keep.has(f.fileId)).map((f) => f.fileId);
      await tx.delete(productFiles).where(eq(productFiles.productId, productId));
      if (wanted.length > 0)
        await tx
          .insert(productFiles)
          .values(wanted.map((f) => ({ productId, fileId: f.fileId, kind: f.kind, title: f.title, position: f.position })));
      await tx.update(products).set({ updatedAt: now }).where(eq(products.id, productId));
      return removed;
    }
    case "translations":
      await writeManualTranslations(tx, "product", productId, value as ManualTranslations);
      return [];
  }
}

/**
 * Changes one part of a product: written at once for a draft or rejected product, kept in
 * `pending_changes` for a published one (see the module comment). `value` returns (or resolves to)
 * the part's whole new state. Returns ids of files that were detached (the caller deletes them).
 */
export async function editPart(
  db: Db,
  companyId: number,
  productId: number,
  part: ProductPart,
  value: (current: ProductRow, tx: Queryable) => unknown,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const row = await loadProduct(tx, companyId, productId, true);
    assertProductEditable(row);
    const next = await value(row, tx);
    if (row.status === "published") {
      const pending = { ...pendingOf(row), [part]: next };
      await tx
        .update(products)
        .set({ pendingChanges: pending, moderationNote: null, updatedAt: new Date() })
        .where(eq(products.id, productId));
      return [];
    }
    return applyPart(tx, productId, part, next);
  });
}

/**
 * Applies every pending part to the stored product and clears `pending_changes` (inside `tx`).
 * Returns file ids no longer attached.
 */
export async function applyPending(tx: Queryable, row: ProductRow): Promise<number[]> {
  const pending = pendingOf(row);
  const removed: number[] = [];
  if (pending) {
    // In PRODUCT_PARTS order: the card first, so translations are checked against the approved texts.
    for (const part of PRODUCT_PARTS) {
      if (pending[part] !== undefined) removed.push(...(await applyPart(tx, row.id, part, pending[part])));
    }
  }
  await tx.update(products).set({ pendingChanges: null }).where(eq(products.id, row.id));
  return removed;
}

/** Submit or withdraw a product (see the status machine in the module comment). Returns the new row. */
export async function changeProductStatus(
  db: Db,
  storage: FileStorage,
  companyId: number,
  productId: number,
  action: StatusAction,
): Promise<ProductRow> {
  const removed: number[] = [];
  const result = await db.transaction(async (tx) => {
    const row = await loadProduct(tx, companyId, productId, true);
    if (row.status === "blocked") throw new DomainError("product_blocked", "The product has been blocked by a moderator");
    const now = new Date();
    if (action === "submit") {
      if (row.status === "draft" || row.status === "rejected") {
        const [updated] = await tx
          .update(products)
          .set({ status: "moderation", moderationNote: null, submissionId: null, updatedAt: now })
          .where(eq(products.id, productId))
          .returning();
        return updated!;
      }
      if (row.status === "published" && pendingOf(row)) {
        // Sends rejected pending changes back to the moderator.
        const [updated] = await tx
          .update(products)
          .set({ moderationNote: null, submissionId: null, updatedAt: now })
          .where(eq(products.id, productId))
          .returning();
        return updated!;
      }
      throw new DomainError(
        "invalid_transition",
        row.status === "moderation" ? "The product is already being reviewed" : "The product is published and has no changes to review",
      );
    }
    if (row.status === "draft") throw new DomainError("invalid_transition", "The product is a draft already");
    if (row.status === "published") removed.push(...(await applyPending(tx, row)));
    const [updated] = await tx
      .update(products)
      .set({ status: "draft", publishedAt: null, submissionId: null, updatedAt: now })
      .where(eq(products.id, productId))
      .returning();
    return updated!;
  });
  await deleteUnusedFiles(db, storage, removed);
  return result;
}

/** What a supplier's manual translation of a product did: `pending` waits for a moderator (ADR 046). */
export type ProductTranslationOutcome = "saved" | "pending" | "removed" | "unchanged";

/**
 * The supplier's own translation of a product's `field` into `lang` (contract/translation.ts). For
 * a published product it joins the pending changes (the working set: the pending one, else the
 * stored translations) and waits for a moderator — `pending`; when the set comes back to what
 * visitors read, the part is dropped — `unchanged`. A draft's or rejected product's is stored at
 * once (`saved`; it is reviewed with the product). An empty `text` removes the supplier's
 * translation at once in either case (`removed`; the machine may translate the field again) or
 * only from the pending set when it was never public. Errors: 404 `not_found`, 403
 * `product_blocked`, 409 `under_moderation`, 409 `translation_not_needed`.
 */
export async function setProductTranslation(
  db: Db,
  companyId: number,
  productId: number,
  input: ManualTranslationInput,
): Promise<ProductTranslationOutcome> {
  return db.transaction(async (tx) => {
    const row = await loadProduct(tx, companyId, productId, true);
    assertProductEditable(row);
    if (row.status !== "published") {
      await setManualTranslation(tx, "product", productId, input);
      return input.text.trim() ? "saved" : "removed";
    }
    await assertTranslationNeeded(tx, "product", productId, input);
    const text = input.text.trim();
    const removed = !text && (await removeManualTranslation(tx, "product", productId, input.field, input.lang));
    const stored = await manualTranslationsOf(tx, "product", productId);
    const pending = pendingOf(row);
    const base = pending?.translations ?? stored;
    const working: ManualTranslations = { name: { ...base.name }, description: { ...base.description } };
    if (text) working[input.field][input.lang] = text;
    else delete working[input.field][input.lang];
    const changed = !sameTranslations(working, stored);
    const next: PendingChanges = { ...pending };
    if (changed) next.translations = working;
    else delete next.translations;
    if (changed || pending?.translations) {
      await tx
        .update(products)
        .set({
          pendingChanges: Object.keys(next).length > 0 ? (next as Record<string, unknown>) : null,
          ...(changed ? { moderationNote: null, updatedAt: new Date() } : {}),
        })
        .where(eq(products.id, productId));
    }
    return removed ? "removed" : changed ? "pending" : "unchanged";
  });
}

/* ─── parts: the working copy ─────────────────────────────────────────────────────────────────── */

/**
 * The price tiers stored for product `productId` (the published ones, never its pending changes), by
 * currency and then from the smallest quantity; decimals as strings without trailing zeros ("1.5").
 */
export async function storedPricesOf(db: Queryable, productId: number): Promise<Tier[]> {
  const rows = await db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, productId))
    .orderBy(asc(productPrices.currency), asc(productPrices.minQuantity));
  return rows.map((r) => ({
    minQuantity: String(Number(r.minQuantity)),
    price: String(Number(r.price)),
    currency: r.currency,
    unit: r.unit as Tier["unit"],
  }));
}

/** The working copy's price tiers: the pending ones while changes await moderation, else the stored ones. */
export async function pricesOf(db: Queryable, row: ProductRow): Promise<Tier[]> {
  return pendingOf(row)?.prices ?? storedPricesOf(db, row.id);
}

/**
 * The variants stored for product `productId` (never its pending changes), in their order, with
 * attributes as `{ key, value }` pairs and the price as a string without trailing zeros.
 */
export async function storedVariantsOf(db: Queryable, productId: number): Promise<Variant[]> {
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map((r) => ({
    name: r.name,
    attributes: Object.entries(r.attributes).map(([key, value]) => ({ key, value })),
    price: r.price === null ? null : String(Number(r.price)),
    currency: r.currency,
  }));
}

/** The working copy's variants: the pending ones while changes await moderation, else the stored ones. */
export async function variantsOf(db: Queryable, row: ProductRow): Promise<Variant[]> {
  return pendingOf(row)?.variants ?? storedVariantsOf(db, row.id);
}

export function factsOf(row: ProductRow): LocalizedFact[] {
  return pendingOf(row)?.facts ?? row.facts;
}

/** The file list stored for product `productId` (never its pending changes), by kind and position. */
export async function storedFileListOf(db: Queryable, productId: number): Promise<PendingFile[]> {
  const rows = await db
    .select()
    .from(productFiles)
    .where(eq(productFiles.productId, productId))
    .orderBy(asc(productFiles.kind), asc(productFiles.position), asc(productFiles.id));
  return rows.map((r) => ({ fileId: r.fileId, kind: r.kind, title: r.title, position: r.position }));
}

/** The working copy's file list: the pending ones while changes await moderation, else the stored ones. */
export async function fileListOf(db: Queryable, row: ProductRow): Promise<PendingFile[]> {
  return pendingOf(row)?.files ?? storedFileListOf(db, row.id);
}

/** The working copy's files with their details, images first. */
export async function productFilesOf(db: Db, row: ProductRow): Promise<ProductFileView[]> {
  const list = await fileListOf(db, row);
  if (list.length === 0) return [];
  const byId = await rowsById(
    db,
    files,
    list.map((f) => f.fileId),
  );
  return list
    .filter((f) => byId.has(f.fileId))
    .sort((a, b) => (a.kind === b.kind ? a.position - b.position : a.kind === "image" ? -1 : 1))
    .map((f) => ({ ...fileView(byId.get(f.fileId)!), kind: f.kind, title: f.title, position: f.position }));
}

/** Every file a product references, stored or pending (for deleting it with the product). */
export async function allFileIdsOf(db: Db, row: ProductRow): Promise<number[]> {
  const stored = await db.select({ fileId: productFiles.fileId }).from(productFiles).where(eq(productFiles.productId, row.id));
  return [...new Set([...stored.map((r) => r.fileId), ...(pendingOf(row)?.files ?? []).map((f) => f.fileId)])];
}

/* ─── operations of the supplier's product pages ─────────────────────────────────────────────── */

/** One product of the company with every part of its working copy (404 for another company's). */
export async function productDetail(db: Db, companyId: number, productId: number): Promise<ProductDetailView> {
  const row = await loadProduct(db, companyId, productId);
  const [view, prices, variants, attached] = await Promise.all([
    productViewOf(db, row),
    pricesOf(db, row),
    variantsOf(db, row),
    productFilesOf(db, row),
  ]);
  return { ...view, facts: factsOf(row), prices, variants, files: attached };
}

/**
 * Applies a PATCH of the card: the working copy's card with the patch's fields, checked by the
 * whole product form and against the reference tables, written or kept pending (`editPart`).
 */
export async function updateProductCard(db: Db, companyId: number, productId: number, patch: Partial<ProductInput>): Promise<ProductView> {
  await editPart(db, companyId, productId, "card", async (row, tx) => {
    const merged = mergeForm(ProductSchema, pendingOf(row)?.card ?? productFormValues(row), patch);
    await checkProductReferences(tx, merged);
    return merged;
  });
  return productViewOf(db, await loadProduct(db, companyId, productId));
}

/** Deletes a product with its rows; its files go when nothing else uses them. */
export async function deleteProduct(db: Db, storage: FileStorage, companyId: number, productId: number): Promise<void> {
  const row = await loadProduct(db, companyId, productId);
  const fileIds = await allFileIdsOf(db, row);
  await db.delete(products).where(eq(products.id, row.id));
  await deleteUnusedFiles(db, storage, fileIds);
}

/** Replaces the price tiers; returns them as stored: by currency, then by quantity. */
export async function setPrices(db: Db, companyId: number, productId: number, tiers: PriceTiersInput["tiers"]): Promise<Tier[]> {
  const sorted = [...tiers].sort((a, b) =>
    a.currency === b.currency ? Number(a.minQuantity) - Number(b.minQuantity) : a.currency < b.currency ? -1 : 1,
  );
  await editPart(db, companyId, productId, "prices", () => sorted);
  return sorted;
}

/** Replaces the facts (specifications). */
export async function setFacts(db: Db, companyId: number, productId: number, facts: FactsInput["facts"]): Promise<LocalizedFact[]> {
  await editPart(db, companyId, productId, "facts", () => facts);
  return facts;
}

/** Replaces the variants. */
export async function setVariants(db: Db, companyId: number, productId: number, variants: VariantsInput["variants"]): Promise<Variant[]> {
  await editPart(db, companyId, productId, "variants", () => variants);
  return variants;
}

const tooManyFiles = () => new DomainError("too_many_files", `A product may have at most ${MAX_PRODUCT_FILES} files`);

/**
 * 404 for another company's product, 403 `product_blocked` / 409 `under_moderation` when it cannot
 * be edited, 409 `too_many_files` at MAX_PRODUCT_FILES: checked before an upload is stored (a
 * refused request writes nothing; the fuzzer found an upload stored for a product under review).
 */
export async function assertRoomForProductFile(db: Db, companyId: number, productId: number): Promise<void> {
  const row = await loadProduct(db, companyId, productId);
  assertProductEditable(row);
  if ((await fileListOf(db, row)).length >= MAX_PRODUCT_FILES) throw tooManyFiles();
}

/** Attaches the received upload as the last file of its kind (claimed by `userId`, so it no longer expires). */
export async function addProductFile(
  db: Db,
  companyId: number,
  productId: number,
  userId: number,
  received: ReceivedFile,
): Promise<ProductFileView> {
  let added: PendingFile | undefined;
  await editPart(db, companyId, productId, "files", async (row, tx) => {
    const list = await fileListOf(tx, row);
    if (list.length >= MAX_PRODUCT_FILES) throw tooManyFiles();
    const claimed = await claimUpload(tx, received.file.id, userId);
    if (!claimed) throw new DomainError("file_not_found", "No such upload: upload the file again");
    const kind = claimed.mime.startsWith("image/") ? "image" : "document";
    const position = Math.max(-1, ...list.filter((f) => f.kind === kind).map((f) => f.position)) + 1;
    added = { fileId: claimed.id, kind, title: received.title, position };
    return [...list, added];
  });
  return { ...fileView(received.file), expiresAt: null, kind: added!.kind, title: added!.title, position: added!.position };
}

/**
 * Moves a file among those of its kind (`position` 0 = first; the first image is the cover) and/or
 * replaces its title; the others of its kind are renumbered. Returns the whole list, images first.
 */
export async function moveProductFile(
  db: Db,
  companyId: number,
  productId: number,
  fileId: number,
  patch: { position?: number; title?: Localized },
): Promise<ProductFileView[]> {
  await editPart(db, companyId, productId, "files", async (row, tx) => {
    const list = await fileListOf(tx, row);
    const target = list.find((f) => f.fileId === fileId);
    if (!target) throw notFound("File");
    const moved = { ...target, title: patch.title ?? target.title };
    const sameKind = list.filter((f) => f.kind === target.kind && f.fileId !== fileId).sort((a, b) => a.position - b.position);
    const at = Math.min(patch.position ?? sameKind.filter((f) => f.position < target.position).length, sameKind.length);
    sameKind.splice(at, 0, moved);
    const renumbered = sameKind.map((f, position) => ({ ...f, position }));
    return [...list.filter((f) => f.kind !== target.kind), ...renumbered];
  });
  return productFilesOf(db, await loadProduct(db, companyId, productId));
}

/** Detaches a file from the product's working copy; deleted once nothing (the published version included) uses it. */
export async function removeProductFile(db: Db, storage: FileStorage, companyId: number, productId: number, fileId: number): Promise<void> {
  const removed = await editPart(db, companyId, productId, "files", async (row, tx) => {
    const list = await fileListOf(tx, row);
    if (!list.some((f) => f.fileId === fileId)) throw notFound("File");
    return list.filter((f) => f.fileId !== fileId);
  });
  // For a published product the file stays while the approved version shows it; one that was only
  // ever in the pending changes is unused now and goes (deleteUnusedFiles checks both).
  await deleteUnusedFiles(db, storage, [...removed, fileId]);
}
