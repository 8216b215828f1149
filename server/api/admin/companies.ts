/** Companies in the admin area (contract/admin/companies.ts): `/app/admin/companies/{id}*`. */
import * as companies from "#contract/admin/companies.ts";
import { adminCompanyView, blockCompany, setVerification, unblockCompany } from "#server/admin/companies.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminCompanyResource = resource("/app/admin/companies", [
  implement(companies.getCompany, async (c, { params }) => {
    await staffAccess(c, "read");
    return { data: await adminCompanyView(c.var.db, params.id) };
  }),
  implement(companies.setVerification, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageCompanies");
    await setVerification(c.var.db, actor, params.id, {
      level: body.level,
      evidence: body.evidence ?? {},
      verifiedAt: body.verifiedAt ?? null,
    });
    return { data: await adminCompanyView(c.var.db, params.id) };
  }),
  implement(companies.blockCompany, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageCompanies");
    await blockCompany(c.var.db, actor, params.id, body.reason, body.lang);
    return { data: await adminCompanyView(c.var.db, params.id) };
  }),
  implement(companies.unblockCompany, async (c, { params }) => {
    const actor = await staffAccess(c, "manageCompanies");
    await unblockCompany(c.var.db, actor, params.id);
    return { data: await adminCompanyView(c.var.db, params.id) };
  }),
]);
