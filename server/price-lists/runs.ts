/**
 * Price-list runs (table `price_list_runs`, issue 15): upload → preview → import.
 *
 * - `createRun` checks the file by content (read.ts `detectFormat`; XLSX through the document upload
 *   checks) and against the storage quota, reads it once with a guessed mapping (in a parse worker,
 *   under the bounds of limits.ts) and keeps the preview: header/categories, the first PREVIEW_ROWS
 *   rows as they will be imported, the counts and the first errors. The file is stored with the
 *   purpose `price_list` (never attachable elsewhere, N7) and expires (the hourly purge deletes it
 *   a day later; the run keeps its counts); `releaseRunFile` deletes it once the run is imported.
 * - `remapRun` reads the file again with the supplier's mapping (only while `preview`).
 * - `queueImport` marks the run `queued` and enqueues the job (job.ts); `runImport` does the work.
 *
 * `analyse` is the one reading of a file, used by the preview and again by the import (the
 * classifier, categories and the company's products may have changed in between, so the import
 * trusts nothing kept from the preview).
 *
 * Errors (DomainError): `price_list_unreadable`, `price_list_empty`, `price_list_too_large` (422,
 * `details: { limit, value, max }`), `storage_quota_exceeded` (409), the upload checks' codes,
 * `invalid_transition` (409) for a run that is no longer a preview, `no_valid_rows` (409),
 * `file_not_found` (404) when the stored file has been purged, `not_found` for another company's run.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Lang } from "#contract/lang-schemas.ts";
import { fileBytes } from "#contract/multipart.ts";
import type {
  PriceListErrorCount,
  PriceListFormat,
  PriceListMapping,
  PriceListRun,
  RowError,
  RowWarning,
} from "#contract/profile/price-lists.ts";
import type { Db } from "../db/client.ts";
import { categories, files, priceListRuns, products, tnvedCodes } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { assertStorageQuota, type StorageQuota } from "../files/receive.ts";
import { deleteFiles, storeUpload } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { sha256Hex } from "../files/uploads.ts";
import { rowById, type Queryable } from "../db/queries.ts";
import {
  cellsOfOffer,
  DraftSet,
  draftOf,
  MAX_KEPT_ERRORS,
  readTable,
  type DraftLookups,
  type ProductDraft,
  type ReadRow,
} from "./drafts.ts";
import { READ_LIMITS, tooLarge } from "./limits.ts";
import { detectFormat, tableRows, ymlOffers, type YmlCategory } from "./read.ts";
import { normalizeHeader } from "./values.ts";

export type RunRow = typeof priceListRuns.$inferSelect;

/**
 * The `format` of a 1C exchange's run (server/onec/catalog.ts): its products are written by the same
 * batches as a price list's, but it has no file to preview, so the price-list pages never load it.
 */
export const COMMERCEML_RUN_FORMAT = "commerceml" as PriceListRun["format"];

/** Rows of the preview table. */
export const PREVIEW_ROWS = 10;
/** Rows (products and tier rows) one price list may have (limits.ts `READ_LIMITS.rows`). */
export const MAX_ROWS = READ_LIMITS.rows;

export interface Analysis {
  columns: { index: number; header: string }[];
  ymlCategories: YmlCategory[];
  mapping: PriceListMapping;
  reading: Record<string, string>;
  sample: ReadRow["preview"][];
  totalRows: number;
  invalidRows: number;
  errors: RowError[];
  /** Every row's errors counted by code and field (not only the kept ones), most frequent first. */
  errorCounts: PriceListErrorCount[];
  warnings: RowWarning[];
  /** The valid rows as products (rows of one SKU merged). */
  drafts: ProductDraft[];
}

/** Category ids by id, slug and each language's normalized name. */
export async function draftLookups(db: Queryable): Promise<DraftLookups> {
  const rows = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
  const categoryByName = new Map<string, number>();
  for (const row of rows) {
    categoryByName.set(row.slug.toLowerCase(), row.id);
    for (const name of Object.values(row.name)) if (name) categoryByName.set(normalizeHeader(name), row.id);
  }
  return { categoryByName, categoryIds: new Set(rows.map((r) => r.id)) };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Adds `tnved_unknown` to rows whose code the classifier does not have. */
async function checkTnved(db: Queryable, rows: ReadRow[]): Promise<void> {
  const codes = [...new Set(rows.map((r) => r.draft.tnvedCode).filter((c): c is string => !!c))];
  const known = new Set<string>();
  for (const part of chunks(codes, 1000)) {
    for (const row of await db.select({ code: tnvedCodes.code }).from(tnvedCodes).where(inArray(tnvedCodes.code, part)))
      known.add(row.code);
  }
  for (const r of rows) {
    const code = r.draft.tnvedCode;
    if (code && !known.has(code)) r.errors.push({ row: r.row, field: "tnvedCode", code: "tnved_unknown", value: code });
  }
}

/** Adds `product_locked` to rows whose SKU names a product under moderation or blocked. */
async function checkLocked(db: Queryable, companyId: number, rows: ReadRow[]): Promise<void> {
  const skus = [...new Set(rows.map((r) => r.draft.sku).filter((s): s is string => !!s))];
  const locked = new Set<string>();
  for (const part of chunks(skus, 1000)) {
    const found = await db
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.companyId, companyId), inArray(products.sku, part), inArray(products.status, ["moderation", "blocked"])));
    for (const row of found) if (row.sku) locked.add(row.sku);
  }
  for (const r of rows) {
    if (r.draft.sku && locked.has(r.draft.sku)) r.errors.push({ row: r.row, field: "sku", code: "product_locked", value: r.draft.sku });
  }
}

/** Our category whose name (any language) or slug is the YML category's name, or null. */
function guessCategories(found: YmlCategory[], lookups: DraftLookups): Record<string, number | null> {
  return Object.fromEntries(found.map((c) => [c.id, lookups.categoryByName.get(normalizeHeader(c.name)) ?? null]));
}

/**
 * Reads the whole file with `mapping` (guessed when absent) and checks every row. Throws
 * `price_list_empty` when there is not one row of products, `price_list_too_large` beyond MAX_ROWS
 * or another bound of limits.ts (the reader checks them in its worker).
 */
export async function analyse(
  db: Queryable,
  companyId: number,
  format: PriceListFormat,
  bytes: Uint8Array,
  given?: { mapping?: PriceListMapping; reading?: Record<string, string>; lang?: Lang },
): Promise<Analysis> {
  const lookups = await draftLookups(db);
  const rows: ReadRow[] = [];
  let columns: Analysis["columns"] = [];
  let ymlCats: YmlCategory[] = [];
  let mapping: PriceListMapping = given?.mapping ?? { columns: [], categories: {}, currency: "RUB", unit: "pcs" };
  let reading: Record<string, string> = given?.reading ?? {};
  const tooMany = () => tooLarge("rows", rows.length + 1, MAX_ROWS);

  if (format === "yml") {
    reading = { encoding: "xml" };
    for await (const offer of ymlOffers(bytes, (found) => {
      ymlCats = found;
      if (!given?.mapping) mapping = { ...mapping, categories: guessCategories(found, lookups) };
    })) {
      if (rows.length >= MAX_ROWS) throw tooMany();
      rows.push(draftOf(offer.row, cellsOfOffer(offer, given?.lang), mapping, lookups));
    }
  } else {
    // The worker says how it decoded a CSV (encoding, delimiter) when the run does not know yet.
    const onReading = format === "csv" && !given?.reading ? (found: Record<string, string>) => void (reading = found) : undefined;
    // Every worksheet, each with its own header row (drafts.ts `readTable`).
    const table = await readTable(tableRows(format, bytes, reading, { onReading }), lookups, {
      given: given?.mapping,
      defaults: mapping,
      maxRows: MAX_ROWS,
      tooMany,
    });
    ({ columns, mapping } = table);
    ymlCats = table.categories;
    rows.push(...table.rows);
  }
  if (rows.length === 0) throw new DomainError("price_list_empty", "The price list has no rows of products");

  await checkTnved(db, rows);
  await checkLocked(db, companyId, rows);
  const set = new DraftSet();
  for (const r of rows) {
    if (r.errors.length > 0) continue;
    const duplicate = set.add(r.draft);
    if (duplicate) r.errors.push(duplicate);
  }
  const errors: RowError[] = [];
  const counts = new Map<string, PriceListErrorCount>();
  const warnings: RowWarning[] = [];
  let invalidRows = 0;
  for (const r of rows) {
    for (const w of r.warnings) if (warnings.length < MAX_KEPT_ERRORS) warnings.push(w);
    if (r.errors.length === 0) continue;
    invalidRows += 1;
    for (const e of r.errors) {
      if (errors.length < MAX_KEPT_ERRORS) errors.push(e);
      const kind = counts.get(`${e.code} ${e.field}`);
      if (kind) kind.count += 1;
      else counts.set(`${e.code} ${e.field}`, { code: e.code, field: e.field, count: 1, example: { row: e.row, value: e.value } });
    }
  }
  return {
    columns,
    ymlCategories: ymlCats,
    mapping,
    reading,
    sample: rows.slice(0, PREVIEW_ROWS).map((r) => r.preview),
    totalRows: rows.length,
    invalidRows,
    errors,
    errorCounts: [...counts.values()].sort((a, b) => b.count - a.count),
    warnings,
    drafts: set.drafts,
  };
}

/** The run as the API shows it. */
export function runView(row: RunRow): PriceListRun {
  const columns = row.columns as {
    columns?: PriceListRun["columns"];
    ymlCategories?: PriceListRun["ymlCategories"];
    warnings?: PriceListRun["warnings"];
  };
  return {
    id: row.id,
    format: row.format,
    originalName: row.originalName,
    lang: row.lang,
    status: row.status,
    reading: row.reading,
    columns: columns.columns ?? [],
    ymlCategories: columns.ymlCategories ?? [],
    mapping: row.mapping as PriceListMapping,
    sample: row.sample as PriceListRun["sample"],
    totalRows: row.totalRows,
    validRows: row.validRows,
    invalidRows: row.invalidRows,
    errors: row.errors as RowError[],
    errorCounts: row.errorCounts as PriceListErrorCount[],
    products: row.toProcess,
    warnings: columns.warnings ?? [],
    progress: { processed: row.processed, total: row.toProcess, created: row.created, updated: row.updated },
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function analysisColumns(analysis: Analysis) {
  return {
    columns: { columns: analysis.columns, ymlCategories: analysis.ymlCategories, warnings: analysis.warnings },
    mapping: analysis.mapping,
    reading: analysis.reading,
    sample: analysis.sample,
    totalRows: analysis.totalRows,
    validRows: analysis.totalRows - analysis.invalidRows,
    invalidRows: analysis.invalidRows,
    errors: analysis.errors,
    errorCounts: analysis.errorCounts,
    // The products the valid rows make (the import sets it again from its own reading).
    toProcess: analysis.drafts.length,
  };
}

/**
 * Checks, stores and previews an uploaded price list (see the module comment). `quota`: the
 * caller's storage quota (none: unlimited), checked before anything is read.
 */
export async function createRun(
  db: Db,
  storage: FileStorage,
  input: { companyId: number; userId: number; file: File; lang: Lang; ttlS: number; quota?: StorageQuota },
): Promise<RunRow> {
  const bytes = await fileBytes(input.file);
  if (input.quota) await assertStorageQuota(db, input.userId, bytes.byteLength, input.quota);
  const format = await detectFormat(bytes);
  const analysis = await analyse(db, input.companyId, format, bytes, { lang: input.lang });
  // Stored as plain text (CSV, YML) so the media route never serves it as markup.
  const stored = await storeUpload(
    db,
    storage,
    {
      kind: "document",
      mime: format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/plain",
      ext: format === "xlsx" ? "xlsx" : "txt",
      bytes,
      thumb: null,
      width: null,
      height: null,
      sha256: await sha256Hex(bytes),
    },
    { userId: input.userId, originalName: input.file.name, ttlS: input.ttlS, purpose: "price_list" },
  );
  const [row] = await db
    .insert(priceListRuns)
    .values({
      companyId: input.companyId,
      userId: input.userId,
      fileId: stored.id,
      originalName: stored.originalName,
      format,
      lang: input.lang,
      ...analysisColumns(analysis),
    })
    .returning();
  return row!;
}

/** The company's run `id` (404 for another company's or an unknown one). */
export async function loadRun(db: Queryable, companyId: number, id: number): Promise<RunRow> {
  // A 1C exchange's run (format `commerceml`, server/onec) is shown on the exchange's page, not here.
  return rowById(db, priceListRuns, id, "Price list", {
    within: and(eq(priceListRuns.companyId, companyId), ne(priceListRuns.format, COMMERCEML_RUN_FORMAT))!,
  });
}

export async function listRuns(db: Db, companyId: number): Promise<RunRow[]> {
  return db
    .select()
    .from(priceListRuns)
    .where(and(eq(priceListRuns.companyId, companyId), ne(priceListRuns.format, COMMERCEML_RUN_FORMAT)))
    .orderBy(desc(priceListRuns.id))
    .limit(20);
}

/** The stored file's bytes, or 404 `file_not_found` once it has been purged. */
export async function runBytes(db: Queryable, storage: FileStorage, run: RunRow): Promise<Uint8Array> {
  const gone = () => new DomainError("file_not_found", "The uploaded price list is no longer kept: upload it again");
  if (!run.fileId) throw gone();
  const [file] = await db.select({ key: files.storageKey }).from(files).where(eq(files.id, run.fileId)).limit(1);
  const object = file ? await storage.get(file.key) : null;
  if (!object) throw gone();
  const parts: Buffer[] = [];
  for await (const chunk of object.stream) parts.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Deletes the stored file of run `runId` once the run has ended (`done` or `failed`): nothing reads
 * it again, and it should not keep counting against the quota until it expires (N7). A run still
 * in preview keeps its file (the mapping may change) until the upload expires.
 */
export async function releaseRunFile(db: Db, storage: FileStorage, runId: number): Promise<void> {
  const [run] = await db
    .select({ fileId: priceListRuns.fileId })
    .from(priceListRuns)
    .where(and(eq(priceListRuns.id, runId), inArray(priceListRuns.status, ["done", "failed"])))
    .limit(1);
  if (!run?.fileId) return;
  await db.update(priceListRuns).set({ fileId: null }).where(eq(priceListRuns.id, runId));
  await deleteFiles(db, storage, [run.fileId], eq(files.purpose, "price_list"));
}

const notPreview = () => new DomainError("invalid_transition", "This price list has been imported already: upload it again to change it");

/** Reads the file again with the supplier's mapping; answers the new preview. */
export async function remapRun(db: Db, storage: FileStorage, companyId: number, id: number, mapping: PriceListMapping): Promise<RunRow> {
  const run = await loadRun(db, companyId, id);
  if (run.status !== "preview") throw notPreview();
  const bytes = await runBytes(db, storage, run);
  const analysis = await analyse(db, companyId, run.format, bytes, { mapping, reading: run.reading, lang: run.lang });
  const [row] = await db
    .update(priceListRuns)
    .set({ ...analysisColumns(analysis), updatedAt: new Date() })
    .where(and(eq(priceListRuns.id, id), eq(priceListRuns.status, "preview")))
    .returning();
  if (!row) throw notPreview();
  return row;
}

/** Marks a preview `queued` (once: a second click is `invalid_transition`); the caller enqueues the job. */
export async function markQueued(db: Db, companyId: number, id: number): Promise<RunRow> {
  const run = await loadRun(db, companyId, id);
  if (run.status !== "preview") throw notPreview();
  if (run.validRows === 0)
    throw new DomainError("no_valid_rows", "No row of this price list can be imported: correct the file or the mapping");
  const [row] = await db
    .update(priceListRuns)
    .set({ status: "queued", updatedAt: new Date() })
    .where(and(eq(priceListRuns.id, id), eq(priceListRuns.status, "preview")))
    .returning();
  if (!row) throw notPreview();
  return row;
}

/** Puts a run that could not be queued back to its preview. */
export async function unqueue(db: Db, id: number): Promise<void> {
  await db
    .update(priceListRuns)
    .set({ status: "preview" })
    .where(sql`${priceListRuns.id} = ${id} and ${priceListRuns.status} = 'queued'`);
}
