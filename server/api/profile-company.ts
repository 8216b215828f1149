/**
 * The caller's own company (contract/profile/company.ts and legal-entities.ts): the card, facts,
 * logo, files, status and dealer links under `/api/profile/company`, the legal entities under
 * `/api/profile/company/legal-entities`. Rules live in server/profile/company.ts,
 * legal-entities.ts and product-links.ts; who may do what in server/profile/access.ts (ADR 009:
 * `read` for any employee, `editCompany` for owners and admins).
 */
import * as company from "#contract/profile/company.ts";
import * as legal from "#contract/profile/legal-entities.ts";
import { assertCompanyEditable, assertCompanyNotBlocked, type CompanyAccess } from "../profile/access.ts";
import {
  addCompanyFile,
  assertRoomForCompanyFile,
  changeCompanyStatus,
  companyFacts,
  companyFilesOf,
  companyForm,
  companyView,
  createCompany,
  removeCompanyFile,
  removeCompanyLogo,
  setCompanyFacts,
  setCompanyLogo,
  updateCompany,
} from "../profile/company.ts";
import { mergeForm } from "../profile/forms.ts";
import { createLegalEntity, deleteLegalEntity, getLegalEntity, listLegalEntities, updateLegalEntity } from "../profile/legal-entities.ts";
import { linkProduct, productLinksOf, unlinkProduct } from "../profile/product-links.ts";
import type { ApiEnv } from "./env.ts";
import { requireCaller } from "./caller.ts";
import { attachedFile, callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";
import { enqueueIfPublished } from "../translation/jobs.ts";
import type { Context } from "hono";

/** The company card as the caller sees it after a change. */
async function card(c: Context<ApiEnv>, access: CompanyAccess) {
  return { data: await companyView(c.var.db, access.companyId, access.role) };
}

/** Access of an owner or admin to change the card (refused while blocked or under review). */
async function editor(c: Context<ApiEnv>) {
  const access = await callerAccess(c, "editCompany");
  assertCompanyEditable(access);
  return access;
}

export const companyResource = resource("/api/profile/company", [
  implement(company.getCompany, async (c) => card(c, await callerAccess(c, "read"))),
  implement(company.createCompany, async (c, { body }) => {
    // A new company is a draft: its texts are machine-translated once a moderator approves it (ADR 046).
    const companyId = await createCompany(c.var.db, requireCaller(c).userId, body);
    return { data: await companyView(c.var.db, companyId, "owner") };
  }),
  implement(company.updateCompany, async (c, { body }) => {
    const access = await editor(c);
    const merged = mergeForm(company.CompanySchema, await companyForm(c.var.db, access.companyId), body);
    await updateCompany(c.var.db, access.companyId, merged, body.okvedCodes !== undefined || body.okvedMain !== undefined);
    // A published company's edits are public at once (post-moderation): translated then; a draft's wait for approval.
    await enqueueIfPublished(c.var.db, c.var.jobs, c.var.logger, "company", access.companyId);
    return card(c, access);
  }),
  implement(company.getCompanyFacts, async (c) => ({ data: await companyFacts(c.var.db, (await callerAccess(c, "read")).companyId) })),
  implement(company.putCompanyFacts, async (c, { body }) => ({
    data: await setCompanyFacts(c.var.db, (await editor(c)).companyId, body.facts),
  })),
  implement(company.putCompanyLogo, async (c, { body, form }) => {
    const access = await editor(c);
    const received = await attachedFile(c, access, { form, body }, "image");
    await setCompanyLogo(c.var.db, c.var.storage, access.companyId, access.userId, received);
    return card(c, access);
  }),
  implement(company.deleteCompanyLogo, async (c) => {
    const access = await editor(c);
    await removeCompanyLogo(c.var.db, c.var.storage, access.companyId);
    return card(c, access);
  }),
  implement(company.listCompanyFiles, async (c) => ({ data: await companyFilesOf(c.var.db, (await callerAccess(c, "read")).companyId) })),
  implement(company.addCompanyFile, async (c, { body, form }) => {
    const access = await editor(c);
    // Refused before the upload is stored when the company has no room for it.
    await assertRoomForCompanyFile(c.var.db, access.companyId);
    const received = await attachedFile(c, access, { form, body });
    return { data: await addCompanyFile(c.var.db, access.companyId, access.userId, received) };
  }),
  implement(company.deleteCompanyFile, async (c, { params }) => {
    const access = await editor(c);
    await removeCompanyFile(c.var.db, c.var.storage, access.companyId, params.fileId);
    return { data: { id: params.fileId, deleted: true as const } };
  }),
  implement(company.changeCompanyStatus, async (c, { body }) => {
    const access = await callerAccess(c, "editCompany");
    await changeCompanyStatus(c.var.db, access.companyId, body.action);
    return card(c, access);
  }),
  implement(company.listProductLinks, async (c, { query }) => ({
    data: await productLinksOf(c.var.db, (await callerAccess(c, "read")).companyId, query.lang),
  })),
  implement(company.addProductLink, async (c, { body }) => {
    const access = await callerAccess(c, "editCompany");
    assertCompanyNotBlocked(access);
    return { data: await linkProduct(c.var.db, access.companyId, body.productId, body.kind) };
  }),
  implement(company.deleteProductLink, async (c, { params }) => {
    const access = await callerAccess(c, "editCompany");
    assertCompanyNotBlocked(access);
    await unlinkProduct(c.var.db, access.companyId, params.productId);
    return { data: { productId: params.productId, deleted: true as const } };
  }),
]);

export const legalEntityResource = resource("/api/profile/company/legal-entities", [
  implement(legal.listLegalEntities, async (c) => ({ data: await listLegalEntities(c.var.db, (await callerAccess(c, "read")).companyId) })),
  implement(legal.createLegalEntity, async (c, { body }) => ({
    data: await createLegalEntity(c.var.db, (await editor(c)).companyId, body),
  })),
  implement(legal.getLegalEntity, async (c, { params }) => ({
    data: await getLegalEntity(c.var.db, (await callerAccess(c, "read")).companyId, params.id),
  })),
  implement(legal.updateLegalEntity, async (c, { params, body }) => ({
    data: await updateLegalEntity(c.var.db, (await editor(c)).companyId, params.id, body),
  })),
  implement(legal.deleteLegalEntity, async (c, { params }) => {
    await deleteLegalEntity(c.var.db, (await editor(c)).companyId, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
]);
