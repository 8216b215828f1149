/**
 * Exchange rates, customs duty and landed cost (contract/money.ts): `/api/rates`, `/api/tariff/{code}`
 * and `/api/products/{id}/landed-cost` (which shares the catalogue's `/api/products` prefix but none
 * of its paths).
 */
import * as money from "#contract/money.ts";
import { notFound } from "../errors.ts";
import { landedCostFor, ratesView } from "../money/service.ts";
import { dutyForCodeCached } from "../money/tariff.ts";
import { implement, resource } from "./resource.ts";

export const ratesResource = resource("/api/rates", [
  implement(money.getRates, async (c) => ({ data: await ratesView(c.var.db, new Date(), { cached: true }) })),
]);

export const tariffResource = resource("/api/tariff", [
  implement(money.getDuty, async (c, { params }) => {
    const duty = await dutyForCodeCached(c.var.db, params.code);
    if (!duty) throw notFound("Tariff line");
    return { data: duty };
  }),
]);

export const landedCostResource = resource("/api/products", [
  implement(money.getLandedCost, async (c, { params, query }) => ({ data: await landedCostFor(c.var.db, params.id, query) })),
]);
