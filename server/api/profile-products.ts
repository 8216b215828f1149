/**
 * The caller's company's products (issue 5; spec §7 Profile `/company/products…`). Permissions
 * (ADR 009): every employee reads and edits products and submits them; deleting one needs an owner
 * or admin. Another company's product id is a 404, like an unknown one. Editing a PUBLISHED
 * product keeps the published version public: the change waits in `pending_changes` for a
 * moderator (server/profile/products.ts); every answer shows the working copy and `pending`.
 *
 * - GET /api/profile/company/products?status=&q=&page=&perPage= → ProductView[] with paging meta;
 *   `q` matches the name in any language (substring) or the id.
 * - POST /api/profile/company/products ProductSchema → 201 ProductView (a draft).
 * - GET /api/profile/company/products/{id} → ProductDetail (ProductView plus facts, prices,
 *   variants, files).
 * - PATCH /{id} ProductPatchSchema → ProductView (409 `under_moderation`, 403 `product_blocked`).
 * - DELETE /{id} → `{ id, deleted }` (owner or admin).
 * - PATCH /{id}/status `{ action: submit | withdraw }` → ProductView (409 `invalid_transition`).
 * - GET /{id}/prices → Tier[]; PUT PriceTiersSchema `{ tiers }` → Tier[].
 * - GET /{id}/facts → LocalizedFact[]; PUT FactsSchema `{ facts }` → LocalizedFact[].
 * - GET /{id}/variants → Variant[]; PUT VariantsSchema `{ variants }` → Variant[].
 * - GET /{id}/files → ProductFileView[]; POST (multipart `file`, `kind?`, `title.ru|en|zh`, or JSON
 *   `{ fileId, kind?, title? }`) → 201 ProductFileView (409 `too_many_files` beyond
 *   MAX_PRODUCT_FILES); PATCH /{id}/files/{fileId} ProductFilePatchSchema `{ position?, title? }` →
 *   ProductFileView[] (the reordered list: position 0 of the images is the main image);
 *   DELETE /{id}/files/{fileId} → `{ id, deleted }`.
 */
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { PRODUCT_STATUSES, products } from "../db/schema.ts";
import { claimUpload, deleteUnusedFiles, fileView } from "../files/repository.ts";
import { assertCompanyNotBlocked, companyAccess } from "../profile/access.ts";
import {
  allFileIdsOf,
  changeProductStatus,
  checkProductReferences,
  createProduct,
  editPart,
  factsOf,
  fileListOf,
  listProducts,
  loadProduct,
  MAX_PRODUCT_FILES,
  pendingOf,
  pricesOf,
  productFilesOf,
  productFormValues,
  productViewOf,
  variantsOf,
  type PendingFile,
} from "../profile/products.ts";
import { FactsSchema, PriceTiersSchema, ProductFilePatchSchema, ProductPatchSchema, ProductSchema, StatusActionSchema, VariantsSchema } from "../profile/schemas.ts";
import type { ApiEnv } from "./app.ts";
import { ApiError, ok, PagingSchema, parseQuery } from "./http.ts";
import { parseForm, pathId, readFile, signedInFirst, uploadBodyLimit, validate } from "./profile-support.ts";

export const ProfileProductListQuery = z.object({
  status: z.enum(PRODUCT_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  ...PagingSchema.shape,
});

const productId = (c: Context<ApiEnv>) => pathId(c, "id", "Product");

export const profileProductRoutes = new Hono<ApiEnv>()
  .get("/api/profile/company/products", async (c) => {
    const access = await companyAccess(c, "read");
    const query = parseQuery(c, ProfileProductListQuery);
    const { items, meta } = await listProducts(c.var.db, access.companyId, query);
    return ok(c, items, { ...meta });
  })
  .post("/api/profile/company/products", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const input = await parseForm(c, ProductSchema);
    const row = await createProduct(c.var.db, access.companyId, input);
    return c.json({ data: await productViewOf(c.var.db, row) }, 201);
  })
  .get("/api/profile/company/products/:id", async (c) => {
    const access = await companyAccess(c, "read");
    const row = await loadProduct(c.var.db, access.companyId, productId(c));
    const [view, prices, variants, productFiles] = await Promise.all([
      productViewOf(c.var.db, row),
      pricesOf(c.var.db, row),
      variantsOf(c.var.db, row),
      productFilesOf(c.var.db, row),
    ]);
    return ok(c, { ...view, facts: factsOf(row), prices, variants, files: productFiles });
  })
  .patch("/api/profile/company/products/:id", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    const patch = await parseForm(c, ProductPatchSchema);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await editPart(c.var.db, access.companyId, id, "card", async (row, tx) => {
      const merged = validate(ProductSchema, { ...(pendingOf(row)?.card ?? productFormValues(row)), ...defined });
      await checkProductReferences(tx, merged);
      return merged;
    });
    return ok(c, await productViewOf(c.var.db, await loadProduct(c.var.db, access.companyId, id)));
  })
  .delete("/api/profile/company/products/:id", async (c) => {
    const access = await companyAccess(c, "deleteProducts");
    assertCompanyNotBlocked(access);
    const row = await loadProduct(c.var.db, access.companyId, productId(c));
    const fileIds = await allFileIdsOf(c.var.db, row);
    await c.var.db.delete(products).where(eq(products.id, row.id));
    await deleteUnusedFiles(c.var.db, c.var.storage, fileIds);
    return ok(c, { id: row.id, deleted: true });
  })
  .patch("/api/profile/company/products/:id/status", async (c) => {
    const access = await companyAccess(c, "editProducts");
    const id = productId(c);
    const { action } = await parseForm(c, StatusActionSchema);
    const row = await changeProductStatus(c.var.db, c.var.storage, access.companyId, id, action);
    return ok(c, await productViewOf(c.var.db, row));
  })
  /* ─── prices ─── */
  .get("/api/profile/company/products/:id/prices", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await pricesOf(c.var.db, await loadProduct(c.var.db, access.companyId, productId(c))));
  })
  .put("/api/profile/company/products/:id/prices", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    const { tiers } = await parseForm(c, PriceTiersSchema);
    const sorted = [...tiers].sort((a, b) => (a.currency === b.currency ? Number(a.minQuantity) - Number(b.minQuantity) : a.currency < b.currency ? -1 : 1));
    await editPart(c.var.db, access.companyId, id, "prices", () => sorted);
    return ok(c, sorted);
  })
  /* ─── facts ─── */
  .get("/api/profile/company/products/:id/facts", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, factsOf(await loadProduct(c.var.db, access.companyId, productId(c))));
  })
  .put("/api/profile/company/products/:id/facts", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    const { facts } = await parseForm(c, FactsSchema);
    await editPart(c.var.db, access.companyId, id, "facts", () => facts);
    return ok(c, facts);
  })
  /* ─── variants ─── */
  .get("/api/profile/company/products/:id/variants", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await variantsOf(c.var.db, await loadProduct(c.var.db, access.companyId, productId(c))));
  })
  .put("/api/profile/company/products/:id/variants", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    const { variants } = await parseForm(c, VariantsSchema);
    await editPart(c.var.db, access.companyId, id, "variants", () => variants);
    return ok(c, variants);
  })
  /* ─── files ─── */
  .get("/api/profile/company/products/:id/files", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await productFilesOf(c.var.db, await loadProduct(c.var.db, access.companyId, productId(c))));
  })
  .post("/api/profile/company/products/:id/files", signedInFirst, uploadBodyLimit, async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    // Refuse early (before storing an upload) when the product cannot take it.
    const before = await loadProduct(c.var.db, access.companyId, id);
    if ((await fileListOf(c.var.db, before)).length >= MAX_PRODUCT_FILES) throw new ApiError(409, "too_many_files", `A product may have at most ${MAX_PRODUCT_FILES} files`);
    const received = await readFile(c, access.userId);
    let added: PendingFile | undefined;
    await editPart(c.var.db, access.companyId, id, "files", async (row, tx) => {
      const list = await fileListOf(tx, row);
      if (list.length >= MAX_PRODUCT_FILES) throw new ApiError(409, "too_many_files", `A product may have at most ${MAX_PRODUCT_FILES} files`);
      const claimed = await claimUpload(tx, received.file.id, access.userId);
      if (!claimed) throw new ApiError(404, "file_not_found", "No such upload: upload the file again");
      const kind = claimed.mime.startsWith("image/") ? "image" : "document";
      const position = Math.max(-1, ...list.filter((f) => f.kind === kind).map((f) => f.position)) + 1;
      added = { fileId: claimed.id, kind, title: received.title, position };
      return [...list, added];
    });
    return c.json({ data: { ...fileView(received.file), expiresAt: null, kind: added!.kind, title: added!.title, position: added!.position } }, 201);
  })
  .patch("/api/profile/company/products/:id/files/:fileId", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    const fileId = pathId(c, "fileId", "File");
    const patch = await parseForm(c, ProductFilePatchSchema);
    await editPart(c.var.db, access.companyId, id, "files", async (row, tx) => {
      const list = await fileListOf(tx, row);
      const target = list.find((f) => f.fileId === fileId);
      if (!target) throw new ApiError(404, "not_found", "File not found");
      const moved = { ...target, title: patch.title ?? target.title };
      const sameKind = list.filter((f) => f.kind === target.kind && f.fileId !== fileId).sort((a, b) => a.position - b.position);
      const at = Math.min(patch.position ?? sameKind.filter((f) => f.position < target.position).length, sameKind.length);
      sameKind.splice(at, 0, moved);
      const renumbered = sameKind.map((f, position) => ({ ...f, position }));
      return [...list.filter((f) => f.kind !== target.kind), ...renumbered];
    });
    return ok(c, await productFilesOf(c.var.db, await loadProduct(c.var.db, access.companyId, id)));
  })
  .delete("/api/profile/company/products/:id/files/:fileId", async (c) => {
    const access = await companyAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    const id = productId(c);
    const fileId = pathId(c, "fileId", "File");
    const removed = await editPart(c.var.db, access.companyId, id, "files", async (row, tx) => {
      const list = await fileListOf(tx, row);
      if (!list.some((f) => f.fileId === fileId)) throw new ApiError(404, "not_found", "File not found");
      return list.filter((f) => f.fileId !== fileId);
    });
    // For a published product the file stays while the approved version shows it; one that was only
    // ever in the pending changes is unused now and goes (deleteUnusedFiles checks both).
    await deleteUnusedFiles(c.var.db, c.var.storage, [...removed, fileId]);
    return ok(c, { id: fileId, deleted: true });
  });
