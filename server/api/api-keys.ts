/**
 * API keys in the profile (contract/api-keys.ts; ADR 052): a company's keys under
 * `/api/profile/company/api-keys` (its owners and admins: `manageEmployees`, the managing roles of
 * ADR 009; refused while the company is blocked) and a person's own under `/api/profile/api-keys`.
 * None of these operations takes an API key (no `scopes`): a key cannot mint or revoke keys.
 * Rules live in server/api-keys/keys.ts.
 */
import type { Context } from "hono";
import * as keysApi from "#contract/api-keys.ts";
import { createKey, listKeys, revokeKey, type KeyActor } from "../api-keys/keys.ts";
import { assertCompanyNotBlocked } from "../profile/access.ts";
import { clientContext, requireCaller } from "./caller.ts";
import type { ApiEnv } from "./env.ts";
import { callerAccess } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";

function actorOf(c: Context<ApiEnv>, userId: number): KeyActor {
  const ip = clientContext(c).ip;
  return { userId, ip: ip === "unknown" ? null : ip.slice(0, 64), requestId: c.var.requestId ?? null };
}

export const companyApiKeyResource = resource("/api/profile/company/api-keys", [
  implement(keysApi.listCompanyApiKeys, async (c) => {
    const access = await callerAccess(c, "manageEmployees");
    return { data: await listKeys(c.var.db, { companyId: access.companyId }) };
  }),
  implement(keysApi.createCompanyApiKey, async (c, { body }) => {
    const access = await callerAccess(c, "manageEmployees");
    assertCompanyNotBlocked(access);
    return { data: await createKey(c.var.db, { companyId: access.companyId }, actorOf(c, access.userId), body) };
  }),
  implement(keysApi.revokeCompanyApiKey, async (c, { params }) => {
    const access = await callerAccess(c, "manageEmployees");
    return { data: await revokeKey(c.var.db, { companyId: access.companyId }, actorOf(c, access.userId), params.id) };
  }),
]);

export const ownApiKeyResource = resource("/api/profile/api-keys", [
  implement(keysApi.listOwnApiKeys, async (c) => ({ data: await listKeys(c.var.db, { userId: requireCaller(c).userId }) })),
  implement(keysApi.createOwnApiKey, async (c, { body }) => {
    const userId = requireCaller(c).userId;
    return { data: await createKey(c.var.db, { userId }, actorOf(c, userId), body) };
  }),
  implement(keysApi.revokeOwnApiKey, async (c, { params }) => {
    const userId = requireCaller(c).userId;
    return { data: await revokeKey(c.var.db, { userId }, actorOf(c, userId), params.id) };
  }),
]);
