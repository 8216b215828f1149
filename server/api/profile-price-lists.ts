/**
 * Price lists of the caller's company (contract/profile/price-lists.ts) under
 * `/api/profile/company/price-lists`: upload and preview, remap, import in the background
 * (server/price-lists/job.ts), and export of the company's products. Access as for products (ADR
 * 009, `editProducts`: any employee), refused while the company is blocked; reading needs a
 * membership only. Another company's run is a 404.
 *
 * Uploads count against the storage quota and are limited to PRICE_LIST_UPLOADS_PER_DAY per company
 * (429 `rate_limited` with Retry-After; issue 25, N7): each upload costs a parse worker's time.
 */
import type { Context } from "hono";
import type { Db } from "../db/client.ts";
import * as priceLists from "#contract/profile/price-lists.ts";
import { DomainError } from "../errors.ts";
import { pendingUploadCount } from "../files/repository.ts";
import { assertCompanyNotBlocked } from "../profile/access.ts";
import { exportProducts } from "../price-lists/export.ts";
import { PRICE_LIST_IMPORT_JOB } from "../price-lists/job.ts";
import { createRun, listRuns, loadRun, markQueued, remapRun, runView, unqueue } from "../price-lists/runs.ts";
import type { ApiEnv } from "./env.ts";
import { callerAccess } from "./profile-access.ts";
import { apiLimiter, type ApiLimiter } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";
import { MAX_PENDING_UPLOADS } from "./uploads.ts";

/** Price-list uploads per company per day. */
export const PRICE_LIST_UPLOADS_PER_DAY = 20;
const uploadLimiters = new WeakMap<Db, ApiLimiter>();

/** Spends one of the company's daily price-list uploads (429 `rate_limited` once they are used). */
async function spendUpload(db: Db, companyId: number): Promise<void> {
  let limiter = uploadLimiters.get(db);
  if (!limiter) {
    limiter = apiLimiter(
      db,
      { keyPrefix: "price_list_upload_company", points: PRICE_LIST_UPLOADS_PER_DAY, windowS: 24 * 3600 },
      "Too many price lists uploaded today: try again tomorrow",
    );
    uploadLimiters.set(db, limiter);
  }
  await limiter.consume(String(companyId));
}

async function editor(c: Context<ApiEnv>) {
  const access = await callerAccess(c, "editProducts");
  assertCompanyNotBlocked(access);
  return access;
}

export const priceListResource = resource("/api/profile/company/price-lists", [
  implement(priceLists.listPriceLists, async (c) => {
    const rows = await listRuns(c.var.db, (await callerAccess(c, "read")).companyId);
    return {
      data: rows.map((row) => {
        const { sample: _s, errors: _e, errorCounts: _k, columns: _c, ymlCategories: _y, ...rest } = runView(row);
        return rest;
      }),
    };
  }),
  implement(priceLists.uploadPriceList, async (c, { form, fields }) => {
    const access = await editor(c);
    const file = form?.file;
    if (!(file instanceof File))
      throw new DomainError("file_required", "Choose a price list to upload", { issues: [{ path: "file", message: "required" }] });
    if ((await pendingUploadCount(c.var.db, access.userId)) >= MAX_PENDING_UPLOADS)
      throw new DomainError("too_many_uploads", "Too many files are waiting: try again tomorrow or delete some uploads");
    await spendUpload(c.var.db, access.companyId);
    // The builder checked the form's fields against PriceListUploadSchema: `lang` is a language or absent.
    const lang = fields?.lang ?? "ru";
    const row = await createRun(c.var.db, c.var.storage, {
      companyId: access.companyId,
      userId: access.userId,
      file,
      lang,
      ttlS: c.var.uploadTtlS,
      quota: c.var.storageQuota,
    });
    return { data: runView(row) };
  }),
  implement(priceLists.exportProducts, async (c, { query }) => {
    const { companyId } = await callerAccess(c, "read");
    const file = await exportProducts(c.var.db, companyId, query.format, query.lang);
    return new Response(file.body, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  }),
  implement(priceLists.getPriceList, async (c, { params }) => ({
    data: runView(await loadRun(c.var.db, (await callerAccess(c, "read")).companyId, params.id)),
  })),
  implement(priceLists.listPriceListErrors, async (c, { params, query }) => {
    const run = runView(await loadRun(c.var.db, (await callerAccess(c, "read")).companyId, params.id));
    const matching = run.errors.filter(
      (e) => (!query.code || e.code === query.code) && (query.field === undefined || e.field === query.field),
    );
    const pages = Math.max(1, Math.ceil(matching.length / query.perPage));
    return {
      data: matching.slice((query.page - 1) * query.perPage, query.page * query.perPage),
      meta: { page: query.page, perPage: query.perPage, total: matching.length, pages },
    };
  }),
  implement(priceLists.mapPriceList, async (c, { params, body }) => ({
    data: runView(await remapRun(c.var.db, c.var.storage, (await editor(c)).companyId, params.id, body)),
  })),
  implement(priceLists.importPriceList, async (c, { params }) => {
    const access = await editor(c);
    const row = await markQueued(c.var.db, access.companyId, params.id);
    try {
      await c.get("jobs").send(PRICE_LIST_IMPORT_JOB, { runId: row.id });
    } catch (error) {
      await unqueue(c.var.db, row.id);
      throw error;
    }
    return { data: runView(row) };
  }),
]);
