/**
 * The caller's company's products (contract/profile/products.ts) under
 * `/api/profile/company/products`. Rules live in server/profile/products.ts (the status machine,
 * pending changes of published products); who may do what in server/profile/access.ts (ADR 009:
 * every employee reads, edits and submits products, deleting one needs an owner or admin). Changes
 * are refused while the company is blocked (403 `company_blocked`) and limited per company
 * (`LIMITS.productEdit` of server/api/rate-limits.ts, 429 `rate_limited`; review N8).
 *
 * No change here enqueues a machine translation (ADR 046): a draft's texts are not public and a
 * published product's edits wait for a moderator, whose approval enqueues it.
 */
import type { Context } from "hono";
import * as products from "#contract/profile/products.ts";
import { assertCompanyNotBlocked } from "../profile/access.ts";
import {
  addProductFile,
  assertRoomForProductFile,
  changeProductStatus,
  createProduct,
  deleteProduct,
  factsOf,
  listProducts,
  loadProduct,
  moveProductFile,
  pricesOf,
  productDetail,
  productFilesOf,
  productViewOf,
  removeProductFile,
  setFacts,
  setPrices,
  setVariants,
  updateProductCard,
  variantsOf,
} from "../profile/products.ts";
import type { ApiEnv } from "./env.ts";
import { attachedFile, callerAccess } from "./profile-access.ts";
import { productEditLimit } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";
import { bulkProducts } from "../profile/bulk-products.ts";

/**
 * Access of an employee to change products (refused while a moderator has blocked the company),
 * counted against the company's hourly allowance of product changes.
 */
async function editor(c: Context<ApiEnv>) {
  const access = await callerAccess(c, "editProducts");
  assertCompanyNotBlocked(access);
  await productEditLimit(c.var.db).consume(String(access.companyId));
  return access;
}

/** The product `id` of the caller's company as stored (404 for another company's). */
async function product(c: Context<ApiEnv>, id: number) {
  return loadProduct(c.var.db, (await callerAccess(c, "read")).companyId, id);
}

export const productResource = resource("/api/profile/company/products", [
  implement(products.listProducts, async (c, { query }) => {
    const { items, meta } = await listProducts(c.var.db, (await callerAccess(c, "read")).companyId, query);
    return { data: items, meta };
  }),
  implement(products.createProduct, async (c, { body }) => {
    const row = await createProduct(c.var.db, (await editor(c)).companyId, body);
    return { data: await productViewOf(c.var.db, row) };
  }),
  implement(products.getProduct, async (c, { params }) => ({
    data: await productDetail(c.var.db, (await callerAccess(c, "read")).companyId, params.id),
  })),
  implement(products.updateProduct, async (c, { params, body }) => ({
    data: await updateProductCard(c.var.db, (await editor(c)).companyId, params.id, body),
  })),
  implement(products.deleteProduct, async (c, { params }) => {
    const access = await callerAccess(c, "deleteProducts");
    assertCompanyNotBlocked(access);
    await deleteProduct(c.var.db, c.var.storage, access.companyId, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
  implement(products.bulkProducts, async (c, { body }) => {
    const access = await callerAccess(c, body.action === "delete" ? "deleteProducts" : "editProducts");
    assertCompanyNotBlocked(access);
    // One bulk action is one change of the hourly allowance: it is one request, however many products.
    await productEditLimit(c.var.db).consume(String(access.companyId));
    return { data: await bulkProducts(c.var.db, c.var.storage, access, body) };
  }),
  implement(products.changeProductStatus, async (c, { params, body }) => {
    // Submitting or withdrawing is a change too: refused while the company is blocked (security review F21).
    const access = await editor(c);
    const row = await changeProductStatus(c.var.db, c.var.storage, access.companyId, params.id, body.action);
    return { data: await productViewOf(c.var.db, row) };
  }),
  implement(products.getPrices, async (c, { params }) => ({ data: await pricesOf(c.var.db, await product(c, params.id)) })),
  implement(products.putPrices, async (c, { params, body }) => ({
    data: await setPrices(c.var.db, (await editor(c)).companyId, params.id, body.tiers),
  })),
  implement(products.getFacts, async (c, { params }) => ({ data: factsOf(await product(c, params.id)) })),
  implement(products.putFacts, async (c, { params, body }) => ({
    data: await setFacts(c.var.db, (await editor(c)).companyId, params.id, body.facts),
  })),
  implement(products.getVariants, async (c, { params }) => ({ data: await variantsOf(c.var.db, await product(c, params.id)) })),
  implement(products.putVariants, async (c, { params, body }) => ({
    data: await setVariants(c.var.db, (await editor(c)).companyId, params.id, body.variants),
  })),
  implement(products.listFiles, async (c, { params }) => ({ data: await productFilesOf(c.var.db, await product(c, params.id)) })),
  implement(products.addFile, async (c, { params, body, form }) => {
    const access = await editor(c);
    // Refused before the upload is stored when the product cannot take it.
    await assertRoomForProductFile(c.var.db, access.companyId, params.id);
    const received = await attachedFile(c, access, { form, body });
    return { data: await addProductFile(c.var.db, access.companyId, params.id, access.userId, received) };
  }),
  implement(products.updateFile, async (c, { params, body }) => ({
    data: await moveProductFile(c.var.db, (await editor(c)).companyId, params.id, params.fileId, body),
  })),
  implement(products.deleteFile, async (c, { params }) => {
    await removeProductFile(c.var.db, c.var.storage, (await editor(c)).companyId, params.id, params.fileId);
    return { data: { id: params.fileId, deleted: true as const } };
  }),
]);
