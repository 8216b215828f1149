/**
 * Autofill for the profile forms through the DaData-compatible provider (server/suggestions):
 * - GET /dev/legal_entry?inn=… → `{ data: { configured, available, items: PartySuggestion[] } }`:
 *   the organisation or sole proprietor registered with that INN (name, KPP, OGRN, address). The INN
 *   must pass its check digits (400 `invalid_query`, issue `inn_format` / `inn_checksum`).
 * - POST /dev/address `{ query, count?, lang? }` → `{ data: { configured, available, items: AddressSuggestion[] } }`.
 * Both need a signed-in caller (401), because every call spends the provider's quota. Without
 * `DADATA_TOKEN` they answer 200 with `configured: false` and no items; when the provider fails,
 * 200 with `available: false`.
 */
import { Hono } from "hono";
import { z } from "zod";
import { validateInn } from "../catalog/identifiers.ts";
import { AddressQuerySchema } from "../profile/schemas.ts";
import type { ApiEnv } from "./app.ts";
import { requireCaller } from "./caller.ts";
import { ApiError, ok, parseQuery } from "./http.ts";
import { parseForm } from "./profile-support.ts";

const LegalEntryQuery = z.object({ inn: z.string().trim().max(20) });

export const suggestionRoutes = new Hono<ApiEnv>()
  .get("/dev/legal_entry", async (c) => {
    requireCaller(c);
    const { inn: raw } = parseQuery(c, LegalEntryQuery);
    const inn = raw.replace(/\s+/g, "");
    const problem = validateInn(inn);
    if (problem) throw new ApiError(400, "invalid_query", "Invalid INN", [{ path: "inn", message: `inn_${problem}` }]);
    return ok(c, await c.var.suggestions.findParty(inn));
  })
  .post("/dev/address", async (c) => {
    requireCaller(c);
    const body = await parseForm(c, AddressQuerySchema);
    return ok(c, await c.var.suggestions.suggestAddress(body.query, { count: body.count, lang: body.lang }));
  });
