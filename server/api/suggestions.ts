/**
 * Autofill for the profile forms through the DaData-compatible provider (contract/suggestions.ts,
 * server/suggestions): the resources `/dev/legal_entry` (the organisation registered with an INN)
 * and `/dev/address` (address lines). The INN must pass its check digits (400 `invalid_query`,
 * issue `inn_format` / `inn_checksum`) before the provider's quota is spent on it.
 */
import * as suggestions from "../../contract/suggestions.ts";
import { validateInn } from "../catalog/identifiers.ts";
import { DomainError } from "../errors.ts";
import { implement, resource } from "./resource.ts";

export const legalEntryResource = resource("/dev/legal_entry", [
  implement(suggestions.legalEntry, async (c, { query }) => {
    const inn = query.inn.replace(/\s+/g, "");
    const problem = validateInn(inn);
    if (problem) throw new DomainError("invalid_query", "Invalid INN", { issues: [{ path: "inn", message: `inn_${problem}` }] });
    return { data: await c.var.suggestions.findParty(inn) };
  }),
]);

export const addressResource = resource("/dev/address", [
  implement(suggestions.suggestAddress, async (c, { body }) => ({ data: await c.var.suggestions.suggestAddress(body.query, { count: body.count, lang: body.lang }) })),
]);
