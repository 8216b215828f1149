/**
 * The proposal form's starting values from an order draft (contract/orders.ts OrderDraft): the lines
 * and terms carried over, with defaults for what the origin does not say (30 % prepayment, balance
 * against shipment documents, no inspection, the usual documents), and the caller's only legal
 * entity chosen when it has exactly one.
 */
import type { OrderDraft } from "#contract/orders.ts";

export function proposalDefaults(draft: OrderDraft): Record<string, unknown> {
  const terms = draft.terms;
  const lines = draft.lines.length
    ? draft.lines.map((l) => ({
        productId: l.productId ? String(l.productId) : "",
        name: l.name,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        tnvedCode: l.tnvedCode ?? "",
      }))
    : [{ productId: "", name: "", quantity: "", unit: "pcs", unitPrice: "", tnvedCode: "" }];
  return {
    lines,
    currency: terms.currency ?? "CNY",
    incoterms: terms.incoterms ?? "FOB",
    incotermsPlace: terms.incotermsPlace ?? "",
    deliveryDate: terms.deliveryDate ?? "",
    leadTimeDays: terms.leadTimeDays != null ? String(terms.leadTimeDays) : "",
    prepaymentPct: terms.prepaymentPct != null ? String(terms.prepaymentPct) : "30",
    balance: terms.balance ?? "shipment_documents",
    balanceDays: terms.balanceDays != null ? String(terms.balanceDays) : "",
    paymentRouteId: terms.paymentRoute?.routeId != null ? String(terms.paymentRoute.routeId) : "",
    // A chosen route's label is the route's own: only a typed route (or note) comes back into the field.
    paymentRouteLabel: terms.paymentRoute && terms.paymentRoute.routeId === null ? terms.paymentRoute.label : "",
    packing: terms.packing ?? "",
    inspectionBy: terms.inspectionBy ?? "none",
    inspectionWhen: terms.inspectionWhen ?? "",
    documents: terms.documents ?? ["commercial_invoice", "packing_list", "certificate_of_origin"],
    documentsOther: terms.documentsOther ?? "",
    conditions: terms.conditions ?? "",
    legalEntityId: draft.legalEntities.length === 1 ? String(draft.legalEntities[0]!.id) : "",
  };
}
