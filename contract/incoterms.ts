/**
 * Which import costs an Incoterms 2020 rule leaves to the buyer, for comparing quotes on one basis
 * (landed cost at the buyer's door in Russia; ADR 050). Source: ICC Incoterms® 2020, the A4/B4
 * (carriage), A5/B5 (insurance) and A7/B7 (export/import clearance) articles of each rule:
 *
 * - E and F groups (EXW, FCA, FAS, FOB): the buyer contracts and pays the main carriage and any
 *   cargo insurance — both are added from the buyer's own figures;
 * - CFR, CPT: the seller pays the main carriage to the named destination; insurance is the buyer's
 *   (CIF/CIP oblige the seller to insure: Institute Cargo Clauses (C) for CIF, (A) for CIP);
 * - CIF, CIP: the seller pays carriage and insurance — nothing added;
 * - DAP, DPU: the goods are delivered at the named place; import duty and VAT are the buyer's;
 * - DDP: delivered with import duty and VAT paid by the seller — the price is already the landed
 *   cost (no duty or VAT is added on top of it).
 *
 * Simplifications, said on the page: the carriage and insurance the buyer enters are added to the
 * customs value whole (EAEU Customs Code art. 40 adds them up to the border; costs inside the EAEU
 * are excluded in reality); for the C and D rules the price's own carriage is taken as it is.
 * Pure data, shared by the API (server/rfq/quotes.ts) and the page.
 */
import type { Incoterm } from "./rfq.ts";

/** The Incoterms 2020 groups by the first letter (E, F, C, D). */
export type IncotermsGroup = "E" | "F" | "C" | "D";

/** The costs a rule leaves to the buyer, beyond the price. */
export interface BuyerCosts {
  /** The main carriage (to the EAEU border) is contracted and paid by the buyer. */
  freight: boolean;
  /** Cargo insurance for the main carriage is the buyer's. */
  insurance: boolean;
  /** Import duty and import VAT are paid by the buyer (all rules but DDP). */
  dutyAndVat: boolean;
}

export const INCOTERMS_GROUP: Record<Incoterm, IncotermsGroup> = {
  EXW: "E",
  FCA: "F",
  FAS: "F",
  FOB: "F",
  CFR: "C",
  CPT: "C",
  CIF: "C",
  CIP: "C",
  DAP: "D",
  DPU: "D",
  DDP: "D",
};

const ALL: BuyerCosts = { freight: true, insurance: true, dutyAndVat: true };

/** The costs each rule leaves to the buyer (see the module comment). */
export const BUYER_COSTS: Record<Incoterm, BuyerCosts> = {
  EXW: ALL,
  FCA: ALL,
  FAS: ALL,
  FOB: ALL,
  CFR: { freight: false, insurance: true, dutyAndVat: true },
  CPT: { freight: false, insurance: true, dutyAndVat: true },
  CIF: { freight: false, insurance: false, dutyAndVat: true },
  CIP: { freight: false, insurance: false, dutyAndVat: true },
  DAP: { freight: false, insurance: false, dutyAndVat: true },
  DPU: { freight: false, insurance: false, dutyAndVat: true },
  DDP: { freight: false, insurance: false, dutyAndVat: false },
};
