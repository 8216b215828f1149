/**
 * The 1C exchange's settings in the profile (contract/onec.ts; ADR 054), for the company's owners
 * and admins (`manageEmployees`, as the API keys the exchange runs with). No API key is accepted
 * (the operations name no `scopes`): 1C itself never calls these. Rules in server/onec/settings.ts.
 */
import * as onecApi from "#contract/onec.ts";
import { readOnecSettings, updateOnecSettings } from "../onec/settings.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";

export const onecSettingsResource = resource("/api/profile/exchange-1c", [
  implement(onecApi.getOnecSettings, async (c) => {
    const access = await callerAccess(c, "manageEmployees");
    return { data: await readOnecSettings(c.var.db, access.companyId, c.var.publicUrl()) };
  }),
  implement(onecApi.updateOnecSettings, async (c, { body }) => {
    const access = await callerAccess(c, "manageEmployees");
    await updateOnecSettings(c.var.db, access.companyId, body);
    return { data: await readOnecSettings(c.var.db, access.companyId, c.var.publicUrl()) };
  }),
]);
