/**
 * Bulk actions over a company's products (issue 26 §3, usability review J4-2: a price-list import
 * leaves hundreds of drafts, and one click per draft is no way to send them to moderation).
 *
 * The selection is named ids (at most `BULK_MAX_IDS`) or every product the list's filter matches
 * (`productFilterWhere`), always within the caller's company. Each action is one set-based statement
 * per kind of product in one transaction, so 50,000 drafts take as long as a few queries:
 * - `submit`: drafts and rejected products go to moderation; a published product whose changes a
 *   moderator sent back goes back to the moderator. Two or more submitted together form a
 *   `product_submissions` row that a moderator reviews by sample and decides as a whole
 *   (server/admin/submissions.ts).
 * - `delete` (owners and admins, like deleting one product): drafts and rejected products, with their
 *   files; a published product or one under review must be withdrawn first.
 * - `set`: writes the given fields (category, TN VED code, MOQ unit, country of origin) on drafts and
 *   rejected products; published ones change through their form and moderation.
 * Products left as they were are counted by reason (`BULK_SKIP_REASONS`), never silently dropped.
 * Errors: 403 `forbidden_role` (delete without the role), `company_blocked`; 400 `invalid_body` with
 * `unknown_category` / `unknown_code` issues under `set.*`.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { BulkProductsInput, BulkProductsResult } from "#contract/profile/products.ts";
import type { Db } from "#server/db/client.ts";
import { priceListRuns, productFiles, products, productSubmissions } from "#server/db/schema.ts";
import { DomainError } from "#server/errors.ts";
import { deleteUnusedFiles } from "#server/files/repository.ts";
import type { FileStorage } from "#server/files/storage.ts";
import type { CompanyAccess } from "./access.ts";
import { checkProductReferences, productFilterWhere, type PendingChanges, type ProductInput } from "./products.ts";
import type { Queryable } from "#server/db/queries.ts";

type Skip = BulkProductsResult["skipped"][number]["reason"];

/** SQL: the selected products of the caller's company. */
function selection(companyId: number, input: BulkProductsInput): SQL {
  return input.all ? productFilterWhere(companyId, input.filter) : and(eq(products.companyId, companyId), inArray(products.id, input.ids))!;
}

const EDITABLE = sql`${products.status} in ('draft', 'rejected')`;
const HAS_PENDING = sql`(${products.pendingChanges} is not null and ${products.pendingChanges} <> '{}'::jsonb)`;

/** The selected products counted by what a bulk action can do with them. */
async function census(tx: Queryable, where: SQL) {
  const result = await tx.execute<{ status: string; pending: boolean; noted: boolean; n: number }>(
    sql`select ${products.status} as status, ${HAS_PENDING} as pending, ${products.moderationNote} is not null as noted, count(*)::int as n
        from ${products} where ${where} group by 1, 2, 3`,
  );
  return result.rows;
}

type Census = Awaited<ReturnType<typeof census>>[number];

/** How many products the selection holds, and those `skipReason` leaves alone counted by reason. */
function tally(rows: Census[], skipReason: (row: Census) => Skip | null): { matched: number; skipped: BulkProductsResult["skipped"] } {
  const counts = new Map<Skip, number>();
  let matched = 0;
  for (const row of rows) {
    matched += row.n;
    const reason = skipReason(row);
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + row.n);
  }
  return { matched, skipped: [...counts].map(([reason, count]) => ({ reason, count })) };
}

/** Delete and set touch drafts and rejected products only. */
function notEditable(row: Census): Skip | null {
  if (row.status === "moderation") return "under_moderation";
  if (row.status === "published") return "published";
  if (row.status === "blocked") return "blocked";
  return null;
}

/** Submit takes drafts, rejected products and published ones whose changes a moderator sent back. */
function notSubmittable(row: Census): Skip | null {
  if (row.status === "moderation") return "under_moderation";
  if (row.status === "blocked") return "blocked";
  if (row.status === "published" && !(row.pending && row.noted)) return row.pending ? "under_moderation" : "nothing_to_submit";
  return null;
}

/** Runs `input` for the caller (`access`) and says what it did. */
export async function bulkProducts(
  db: Db,
  storage: FileStorage,
  access: CompanyAccess,
  input: BulkProductsInput,
): Promise<BulkProductsResult> {
  const where = selection(access.companyId, input);
  if (input.action === "submit") return submit(db, access, input, where);
  if (input.action === "delete") return remove(db, storage, input, where);
  return setFields(db, input, where);
}

async function submit(db: Db, access: CompanyAccess, input: BulkProductsInput, where: SQL): Promise<BulkProductsResult> {
  return db.transaction(async (tx) => {
    const { matched, skipped } = tally(await census(tx, where), notSubmittable);
    // The submission names the price-list run it came from only when that run is this company's: an
    // id typed into the filter that is no run of theirs selects nothing and names nothing (fuzzer-found 500).
    const runId = input.all ? (input.filter.run ?? null) : null;
    const [ownRun] =
      runId === null
        ? []
        : await tx
            .select({ id: priceListRuns.id })
            .from(priceListRuns)
            .where(and(eq(priceListRuns.id, runId), eq(priceListRuns.companyId, access.companyId)));
    const [submission] = await tx
      .insert(productSubmissions)
      .values({
        companyId: access.companyId,
        userId: access.userId,
        productCount: 0,
        priceListRunId: ownRun?.id ?? null,
      })
      .returning({ id: productSubmissions.id });
    const now = new Date();
    const drafts = await tx
      .update(products)
      .set({ status: "moderation", moderationNote: null, submissionId: submission!.id, updatedAt: now })
      .where(and(where, EDITABLE))
      .returning({ id: products.id });
    const resubmitted = await tx
      .update(products)
      .set({ moderationNote: null, submissionId: submission!.id, updatedAt: now })
      .where(and(where, eq(products.status, "published"), HAS_PENDING, isNotNull(products.moderationNote)))
      .returning({ id: products.id });
    const changed = drafts.length + resubmitted.length;
    // One product is an ordinary submission: the moderator opens it from the queue as always.
    if (changed < 2) {
      await tx.update(products).set({ submissionId: null }).where(eq(products.submissionId, submission!.id));
      await tx.delete(productSubmissions).where(eq(productSubmissions.id, submission!.id));
    } else {
      await tx.update(productSubmissions).set({ productCount: changed }).where(eq(productSubmissions.id, submission!.id));
    }
    return { action: "submit", matched, changed, skipped, submissionId: changed < 2 ? null : submission!.id };
  });
}

async function remove(db: Db, storage: FileStorage, input: BulkProductsInput, where: SQL): Promise<BulkProductsResult> {
  const { result, fileIds } = await db.transaction(async (tx) => {
    const { matched, skipped } = tally(await census(tx, where), notEditable);
    const doomed = await tx.select({ id: products.id, pending: products.pendingChanges }).from(products).where(and(where, EDITABLE));
    const ids = doomed.map((r) => r.id);
    const stored = ids.length
      ? await tx.select({ fileId: productFiles.fileId }).from(productFiles).where(inArray(productFiles.productId, ids))
      : [];
    const pendingFiles = doomed.flatMap((r) => (r.pending as PendingChanges | null)?.files ?? []).map((f) => f.fileId);
    if (ids.length) await tx.delete(products).where(inArray(products.id, ids));
    return {
      result: { action: "delete" as const, matched, changed: ids.length, skipped, submissionId: null },
      fileIds: [...stored.map((r) => r.fileId), ...pendingFiles],
    };
  });
  // Files go after the commit: a failed delete of a stored object never brings the products back.
  await deleteUnusedFiles(db, storage, fileIds);
  return result;
}

async function setFields(db: Db, input: BulkProductsInput, where: SQL): Promise<BulkProductsResult> {
  const { categoryId, tnvedCode, moqUnit, originCountry } = input.set;
  // Only the fields given: `undefined` leaves a column as it is, `null` clears it.
  const fields = { categoryId, tnvedCode, moqUnit, originCountry };
  try {
    await checkProductReferences(db, { categoryId: categoryId ?? null, tnvedCode: tnvedCode ?? null } as ProductInput);
  } catch (error) {
    // The issues name the bulk form's fields (`set.categoryId`), not a product card's.
    if (error instanceof DomainError && error.issues)
      throw new DomainError(error.code, error.message, { issues: error.issues.map((i) => ({ ...i, path: `set.${i.path}` })) });
    throw error;
  }
  return db.transaction(async (tx) => {
    const { matched, skipped } = tally(await census(tx, where), notEditable);
    const changed = await tx
      .update(products)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(where, EDITABLE))
      .returning({ id: products.id });
    return { action: "set", matched, changed: changed.length, skipped, submissionId: null };
  });
}
