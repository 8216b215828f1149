/**
 * The company profile of the caller's own company (issue 5; spec §7 Profile). Every endpoint needs a
 * signed-in, active employee (server/profile/access.ts: 401 `unauthorized`, 403 `no_company`,
 * `member_blocked`, `forbidden_role`); "admin" below means owner or admin (ADR 009).
 *
 * Company
 * - GET /api/profile/company → CompanyView (any employee).
 * - POST /api/profile/company CompanySchema → 201 CompanyView; the caller becomes its owner; 409
 *   `already_member` when they already belong to a company.
 * - PATCH /api/profile/company CompanyPatchSchema → CompanyView (admin; 409 `under_moderation`).
 * - GET /api/profile/company/facts → LocalizedFact[]; PUT FactsSchema → LocalizedFact[] (admin).
 * - PUT /api/profile/company/logo (multipart `file`, or JSON `{ fileId }` of a temporary upload) →
 *   CompanyView with the new logo (admin; images only: 415 `file_kind_mismatch`); DELETE → CompanyView.
 * - GET /api/profile/company/files → CompanyFileView[]; POST (multipart `file` + `title.ru|en|zh`, or
 *   JSON `{ fileId, title }`) → 201 CompanyFileView (admin; at most MAX_COMPANY_FILES: 409
 *   `too_many_files`); DELETE /api/profile/company/files/{fileId} → `{ id, deleted }` (admin).
 * - PATCH /api/profile/company/status `{ action: submit | withdraw }` → CompanyView (admin; 409
 *   `invalid_transition`, 422 `incomplete` with the missing parts).
 * - GET /api/profile/company/product-company → `{ supplied, suppliedBy }`: products of other
 *   companies this company declares it supplies (dealer, distributor) and companies that declare
 *   they supply this company's products; POST ProductCompanySchema → 201 link (admin; the product
 *   must be published: 404; not the company's own: 409 `own_product`); DELETE
 *   /api/profile/company/product-company/{productId} → `{ productId, deleted }` (admin).
 *
 * Legal entities
 * - GET /api/profile/company/legal-entities → LegalEntityView[]; GET /{id} → LegalEntityView.
 * - POST LegalEntitySchema → 201 (admin); PATCH /{id} LegalEntityPatchSchema → LegalEntityView
 *   (admin); DELETE /{id} (admin; 409 `legal_entity_required` for the last one of a Russian company
 *   that is published or under review). INN check digits are validated (400 `inn_checksum`); an INN
 *   registered to ANOTHER company is 409 `inn_taken`, one this company already has is 409
 *   `inn_exists`; at most MAX_LEGAL_ENTITIES (409 `too_many_legal_entities`).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { companies, companyFiles, legalEntities, productCompanies, products, type Lang, type Localized } from "../db/schema.ts";
import { claimUpload, deleteUnusedFiles, fileView } from "../files/repository.ts";
import { assertCompanyEditable, assertCompanyNotBlocked, companyAccess, type CompanyAccess } from "../profile/access.ts";
import {
  changeCompanyStatus,
  companyFilesOf,
  companyForm,
  companyView,
  createCompany,
  loadCompany,
  MAX_COMPANY_FILES,
  updateCompany,
} from "../profile/company.ts";
import { isUniqueViolation } from "../profile/db.ts";
import {
  CompanyPatchSchema,
  CompanySchema,
  FactsSchema,
  LegalEntityPatchSchema,
  LegalEntitySchema,
  ProductCompanySchema,
  StatusActionSchema,
  type LegalEntityInput,
} from "../profile/schemas.ts";
import type { ApiEnv } from "./app.ts";
import { requireCaller } from "./caller.ts";
import { ApiError, notFound, ok } from "./http.ts";
import { parseForm, pathId, readFile, signedInFirst, uploadBodyLimit, validate } from "./profile-support.ts";

/** At most this many legal entities per company. */
export const MAX_LEGAL_ENTITIES = 20;

type LegalEntityRow = typeof legalEntities.$inferSelect;

export interface LegalEntityView {
  id: number;
  kind: "legal" | "individual";
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  nameFull: string;
  nameShort: string | null;
  address: string | null;
  createdAt: string;
  updatedAt: string;
}

function legalEntityView(row: LegalEntityRow): LegalEntityView {
  return {
    id: row.id,
    kind: row.kind,
    inn: row.inn,
    kpp: row.kpp,
    ogrn: row.ogrn,
    nameFull: row.nameFull,
    nameShort: row.nameShort,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadLegalEntity(c: Context<ApiEnv>, access: CompanyAccess): Promise<LegalEntityRow> {
  const id = pathId(c, "id", "Legal entity");
  const [row] = await c.var.db.select().from(legalEntities).where(and(eq(legalEntities.id, id), eq(legalEntities.companyId, access.companyId))).limit(1);
  if (!row) throw notFound("Legal entity");
  return row;
}

/** 409 when the INN belongs to a legal entity other than `exceptId`: `inn_taken` (another company) or `inn_exists` (this one). */
async function assertInnFree(c: Context<ApiEnv>, companyId: number, inn: string, exceptId?: number) {
  const [holder] = await c.var.db.select({ id: legalEntities.id, companyId: legalEntities.companyId }).from(legalEntities).where(eq(legalEntities.inn, inn)).limit(1);
  if (!holder || holder.id === exceptId) return;
  if (holder.companyId === companyId) throw new ApiError(409, "inn_exists", "This legal entity has already been added", [{ path: "inn", message: "inn_exists" }]);
  throw new ApiError(409, "inn_taken", "A legal entity with this INN is already registered by another company", [{ path: "inn", message: "inn_taken" }]);
}

function legalColumns(input: LegalEntityInput) {
  return {
    kind: input.kind,
    inn: input.inn,
    kpp: input.kind === "legal" ? (input.kpp ?? null) : null,
    ogrn: input.ogrn ?? null,
    nameFull: input.nameFull,
    nameShort: input.nameShort ?? null,
    address: input.address ?? null,
  };
}

async function writeLegalEntity(c: Context<ApiEnv>, access: CompanyAccess, input: LegalEntityInput, id?: number): Promise<LegalEntityRow> {
  await assertInnFree(c, access.companyId, input.inn, id);
  try {
    if (id === undefined) {
      const [row] = await c.var.db.insert(legalEntities).values({ companyId: access.companyId, ...legalColumns(input) }).returning();
      return row!;
    }
    const [row] = await c.var.db
      .update(legalEntities)
      .set({ ...legalColumns(input), updatedAt: new Date() })
      .where(and(eq(legalEntities.id, id), eq(legalEntities.companyId, access.companyId)))
      .returning();
    if (!row) throw notFound("Legal entity");
    return row;
  } catch (error) {
    // Another request registered the same INN in between.
    if (isUniqueViolation(error)) await assertInnFree(c, access.companyId, input.inn, id);
    if (isUniqueViolation(error)) throw new ApiError(409, "inn_taken", "A legal entity with this INN is already registered by another company", [{ path: "inn", message: "inn_taken" }]);
    throw error;
  }
}

async function view(c: Context<ApiEnv>, access: CompanyAccess) {
  return companyView(c.var.db, access.companyId, access.role);
}

function pickName(name: Localized, lang: Lang): string {
  return name[lang] ?? name.ru ?? name.en ?? name.zh ?? "";
}

export const profileCompanyRoutes = new Hono<ApiEnv>()
  /* ─── the card ─── */
  .get("/api/profile/company", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await view(c, access));
  })
  .post("/api/profile/company", async (c) => {
    const caller = requireCaller(c);
    const input = await parseForm(c, CompanySchema);
    const companyId = await createCompany(c.var.db, caller.userId, input);
    return c.json({ data: await companyView(c.var.db, companyId, "owner") }, 201);
  })
  .patch("/api/profile/company", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const patch = await parseForm(c, CompanyPatchSchema);
    const current = await companyForm(c.var.db, access.companyId);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = validate(CompanySchema, { ...current, ...defined });
    await updateCompany(c.var.db, access.companyId, merged, "okvedCodes" in defined || "okvedMain" in defined);
    return ok(c, await view(c, access));
  })
  /* ─── facts ─── */
  .get("/api/profile/company/facts", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, (await loadCompany(c.var.db, access.companyId)).facts);
  })
  .put("/api/profile/company/facts", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const { facts } = await parseForm(c, FactsSchema);
    await c.var.db.update(companies).set({ facts, updatedAt: new Date() }).where(eq(companies.id, access.companyId));
    return ok(c, facts);
  })
  /* ─── logo ─── */
  .put("/api/profile/company/logo", signedInFirst, uploadBodyLimit, async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const received = await readFile(c, access.userId, "image");
    const previous = await c.var.db.transaction(async (tx) => {
      const [company] = await tx.select({ logo: companies.logoFileId }).from(companies).where(eq(companies.id, access.companyId)).for("update");
      const claimed = await claimUpload(tx, received.file.id, access.userId);
      if (!claimed) throw new ApiError(404, "file_not_found", "No such upload: upload the file again");
      await tx.update(companies).set({ logoFileId: claimed.id, updatedAt: new Date() }).where(eq(companies.id, access.companyId));
      return company?.logo ?? null;
    });
    if (previous) await deleteUnusedFiles(c.var.db, c.var.storage, [previous]);
    return ok(c, await view(c, access));
  })
  .delete("/api/profile/company/logo", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const [company] = await c.var.db.select({ logo: companies.logoFileId }).from(companies).where(eq(companies.id, access.companyId));
    await c.var.db.update(companies).set({ logoFileId: null, updatedAt: new Date() }).where(eq(companies.id, access.companyId));
    if (company?.logo) await deleteUnusedFiles(c.var.db, c.var.storage, [company.logo]);
    return ok(c, await view(c, access));
  })
  /* ─── files ─── */
  .get("/api/profile/company/files", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, await companyFilesOf(c.var.db, access.companyId));
  })
  .post("/api/profile/company/files", signedInFirst, uploadBodyLimit, async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const [count] = await c.var.db.select({ count: sql<number>`count(*)::int` }).from(companyFiles).where(eq(companyFiles.companyId, access.companyId));
    if ((count?.count ?? 0) >= MAX_COMPANY_FILES) throw new ApiError(409, "too_many_files", `A company may have at most ${MAX_COMPANY_FILES} files`);
    const received = await readFile(c, access.userId);
    const attached = await c.var.db.transaction(async (tx) => {
      const claimed = await claimUpload(tx, received.file.id, access.userId);
      if (!claimed) throw new ApiError(404, "file_not_found", "No such upload: upload the file again");
      const [last] = await tx.select({ max: sql<number>`coalesce(max(${companyFiles.position}), -1)::int` }).from(companyFiles).where(eq(companyFiles.companyId, access.companyId));
      const [row] = await tx.insert(companyFiles).values({ companyId: access.companyId, fileId: claimed.id, title: received.title, position: (last?.max ?? -1) + 1 }).returning();
      return { file: claimed, row: row! };
    });
    return c.json({ data: { ...fileView(attached.file), title: attached.row.title, position: attached.row.position } }, 201);
  })
  .delete("/api/profile/company/files/:fileId", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const fileId = pathId(c, "fileId", "File");
    const removed = await c.var.db.delete(companyFiles).where(and(eq(companyFiles.companyId, access.companyId), eq(companyFiles.fileId, fileId))).returning({ fileId: companyFiles.fileId });
    if (removed.length === 0) throw notFound("File");
    await deleteUnusedFiles(c.var.db, c.var.storage, [fileId]);
    return ok(c, { id: fileId, deleted: true });
  })
  /* ─── status ─── */
  .patch("/api/profile/company/status", async (c) => {
    const access = await companyAccess(c, "editCompany");
    const { action } = await parseForm(c, StatusActionSchema);
    await changeCompanyStatus(c.var.db, access.companyId, action);
    return ok(c, await view(c, access));
  })
  /* ─── dealer / distributor links ─── */
  .get("/api/profile/company/product-company", async (c) => {
    const access = await companyAccess(c, "read");
    const lang = (["ru", "en", "zh"] as const).find((l) => l === c.req.query("lang")) ?? "ru";
    // The same link rows seen from both sides: products this company supplies (the other company is
    // the product's owner) and this company's products others supply (the other is the linker).
    const links = (otherCompany: SQL, side: SQL) =>
      c.var.db
        .select({ productId: products.id, productName: products.name, companyId: companies.id, companyName: companies.name, kind: productCompanies.kind, createdAt: productCompanies.createdAt })
        .from(productCompanies)
        .innerJoin(products, eq(products.id, productCompanies.productId))
        .innerJoin(companies, otherCompany)
        .where(side)
        .orderBy(asc(productCompanies.createdAt));
    const [supplied, suppliedBy] = await Promise.all([
      links(eq(companies.id, products.companyId), eq(productCompanies.companyId, access.companyId)),
      links(eq(companies.id, productCompanies.companyId), eq(products.companyId, access.companyId)),
    ]);
    const shape = (r: (typeof supplied)[number]) => ({
      product: { id: r.productId, name: r.productName, title: pickName(r.productName, lang) },
      company: { id: r.companyId, name: r.companyName, title: pickName(r.companyName, lang) },
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
    });
    return ok(c, { supplied: supplied.map(shape), suppliedBy: suppliedBy.map(shape) });
  })
  .post("/api/profile/company/product-company", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyNotBlocked(access);
    const body = await parseForm(c, ProductCompanySchema);
    const [product] = await c.var.db
      .select({ id: products.id, companyId: products.companyId })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(and(eq(products.id, body.productId), eq(products.status, "published"), eq(companies.status, "published")))
      .limit(1);
    if (!product) throw notFound("Product");
    if (product.companyId === access.companyId) throw new ApiError(409, "own_product", "This is your own product");
    const [row] = await c.var.db
      .insert(productCompanies)
      .values({ productId: product.id, companyId: access.companyId, kind: body.kind })
      .onConflictDoUpdate({ target: [productCompanies.productId, productCompanies.companyId], set: { kind: body.kind, updatedAt: new Date() } })
      .returning();
    return c.json({ data: { productId: row!.productId, kind: row!.kind, createdAt: row!.createdAt.toISOString() } }, 201);
  })
  .delete("/api/profile/company/product-company/:productId", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyNotBlocked(access);
    const productId = pathId(c, "productId", "Link");
    const removed = await c.var.db
      .delete(productCompanies)
      .where(and(eq(productCompanies.productId, productId), eq(productCompanies.companyId, access.companyId)))
      .returning({ productId: productCompanies.productId });
    if (removed.length === 0) throw notFound("Link");
    return ok(c, { productId, deleted: true });
  })
  /* ─── legal entities ─── */
  .get("/api/profile/company/legal-entities", async (c) => {
    const access = await companyAccess(c, "read");
    const rows = await c.var.db.select().from(legalEntities).where(eq(legalEntities.companyId, access.companyId)).orderBy(asc(legalEntities.id));
    return ok(c, rows.map(legalEntityView));
  })
  .post("/api/profile/company/legal-entities", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const input = await parseForm(c, LegalEntitySchema);
    const [count] = await c.var.db.select({ count: sql<number>`count(*)::int` }).from(legalEntities).where(eq(legalEntities.companyId, access.companyId));
    if ((count?.count ?? 0) >= MAX_LEGAL_ENTITIES) throw new ApiError(409, "too_many_legal_entities", `A company may have at most ${MAX_LEGAL_ENTITIES} legal entities`);
    const row = await writeLegalEntity(c, access, input);
    return c.json({ data: legalEntityView(row) }, 201);
  })
  .get("/api/profile/company/legal-entities/:id", async (c) => {
    const access = await companyAccess(c, "read");
    return ok(c, legalEntityView(await loadLegalEntity(c, access)));
  })
  .patch("/api/profile/company/legal-entities/:id", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const current = await loadLegalEntity(c, access);
    const patch = await parseForm(c, LegalEntityPatchSchema);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = validate(LegalEntitySchema, {
      kind: current.kind,
      inn: current.inn,
      kpp: current.kpp,
      ogrn: current.ogrn,
      nameFull: current.nameFull,
      nameShort: current.nameShort,
      address: current.address,
      ...defined,
    });
    return ok(c, legalEntityView(await writeLegalEntity(c, access, merged, current.id)));
  })
  .delete("/api/profile/company/legal-entities/:id", async (c) => {
    const access = await companyAccess(c, "editCompany");
    assertCompanyEditable(access);
    const current = await loadLegalEntity(c, access);
    const company = await loadCompany(c.var.db, access.companyId);
    if (company.country === "RU" && company.status === "published") {
      const [count] = await c.var.db.select({ count: sql<number>`count(*)::int` }).from(legalEntities).where(eq(legalEntities.companyId, access.companyId));
      if ((count?.count ?? 0) <= 1) throw new ApiError(409, "legal_entity_required", "A published Russian company keeps at least one legal entity");
    }
    await c.var.db.delete(legalEntities).where(eq(legalEntities.id, current.id));
    return ok(c, { id: current.id, deleted: true });
  });

