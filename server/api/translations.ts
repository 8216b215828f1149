/**
 * A supplier's translations of its products and company (contract/translation.ts, ADR 031, 046)
 * under `/api/profile/translations`: any employee reads them and replaces a product's (as they edit
 * products; counted with the company's product changes, `LIMITS.productEdit`), an owner or admin
 * the company's (as they edit the card). A published product's manual translation waits for a
 * moderator in its pending changes; a draft's and the company's are stored at once (the company's
 * card is post-moderated, ADR 009). Removing one enqueues the machine translation again when the
 * texts are public. Refused while the company is blocked.
 */
import * as translation from "#contract/translation.ts";
import { assertCompanyNotBlocked } from "../profile/access.ts";
import { loadProduct, setProductTranslation } from "../profile/products.ts";
import { enqueueIfPublished } from "../translation/jobs.ts";
import { listTranslations, setManualTranslation } from "../translation/store.ts";
import { callerAccess } from "./profile-access.ts";
import { productEditLimit } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";

export const translationResource = resource("/api/profile/translations", [
  implement(translation.listProductTranslations, async (c, { params }) => {
    const access = await callerAccess(c, "read");
    await loadProduct(c.var.db, access.companyId, params.id);
    return { data: await listTranslations(c.var.db, "product", params.id) };
  }),
  implement(translation.putProductTranslation, async (c, { params, body }) => {
    const access = await callerAccess(c, "editProducts");
    assertCompanyNotBlocked(access);
    await productEditLimit(c.var.db).consume(String(access.companyId));
    const outcome = await setProductTranslation(c.var.db, access.companyId, params.id, body);
    if (outcome === "removed") await enqueueIfPublished(c.var.db, c.var.jobs, c.var.logger, "product", params.id);
    return { data: await listTranslations(c.var.db, "product", params.id) };
  }),
  implement(translation.listCompanyTranslations, async (c) => {
    const access = await callerAccess(c, "read");
    return { data: await listTranslations(c.var.db, "company", access.companyId) };
  }),
  implement(translation.putCompanyTranslation, async (c, { body }) => {
    const access = await callerAccess(c, "editCompany");
    assertCompanyNotBlocked(access);
    await setManualTranslation(c.var.db, "company", access.companyId, body);
    if (!body.text.trim()) await enqueueIfPublished(c.var.db, c.var.jobs, c.var.logger, "company", access.companyId);
    return { data: await listTranslations(c.var.db, "company", access.companyId) };
  }),
]);
