/**
 * Autofill for the profile forms through the DaData-compatible provider (contract/suggestions.ts,
 * server/suggestions): the resources `/dev/legal_entry` (the organisation registered with an INN)
 * and `/dev/address` (address lines). The INN must pass its check digits (400 `invalid_query`,
 * issue `inn_format` / `inn_checksum`) before the provider's quota is spent on it. Each signed-in
 * user may ask SUGGESTION_LIMIT times a minute (429 `rate_limited`): the provider's quota is paid
 * for, and a script must not drain it (security review F19).
 */
import * as suggestions from "#contract/suggestions.ts";
import { validateInn } from "../catalog/identifiers.ts";
import { DomainError } from "../errors.ts";
import { implement, resource } from "./resource.ts";
import type { Context } from "hono";
import type { Db } from "../db/client.ts";
import { apiLimiter, type ApiLimiter } from "./rate-limits.ts";
import type { ApiEnv } from "./env.ts";

/** Suggestions per signed-in user per minute: a person filling forms types far slower. */
export const SUGGESTION_LIMIT = { points: 60, windowS: 60 };
const limiters = new WeakMap<Db, ApiLimiter>();

async function spendQuota(c: Context<ApiEnv>): Promise<void> {
  let limiter = limiters.get(c.var.db);
  if (!limiter)
    limiters.set(
      c.var.db,
      (limiter = apiLimiter(c.var.db, { keyPrefix: "suggestions-user", ...SUGGESTION_LIMIT }, "Too many suggestions asked: wait a little")),
    );
  await limiter.consume(String(c.var.caller!.userId));
}

export const legalEntryResource = resource("/dev/legal_entry", [
  implement(suggestions.legalEntry, async (c, { query }) => {
    const inn = query.inn.replace(/\s+/g, "");
    const problem = validateInn(inn);
    if (problem) throw new DomainError("invalid_query", "Invalid INN", { issues: [{ path: "inn", message: `inn_${problem}` }] });
    await spendQuota(c);
    return { data: await c.var.suggestions.findParty(inn) };
  }),
]);

export const addressResource = resource("/dev/address", [
  implement(suggestions.suggestAddress, async (c, { body }) => {
    await spendQuota(c);
    return { data: await c.var.suggestions.suggestAddress(body.query, { count: body.count, lang: body.lang }) };
  }),
]);
