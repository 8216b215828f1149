/**
 * The contract of an order (issue 28 §1): its agreed version printed as a bilingual PDF by
 * contract-pdf.ts. `contractPdfInputOf(view)` maps an order's view (server/orders/views.ts
 * `orderView`) to the PDF's input; `orderContractPdf(db, access)` renders it.
 *
 * Languages: Russian and the supplier's — Chinese for a supplier in China, English otherwise (the
 * corridor's two counterparts; a Russian supplier's buyer reads Russian anyway, and English is the
 * second language both sides of a foreign deal read).
 *
 * What is printed comes only from the frozen snapshot of the accepted version (parties, legal
 * entities, lines, terms) and its recorded consents (who accepted it from which account, when);
 * the totals are the order view's (the total, ≈ RUB at the Bank of Russia rate of the day).
 *
 * Errors: 409 `invalid_transition` (DomainError) while no version is agreed — there is no contract
 * to print yet.
 */
import type { Consent, OrderView, Side } from "#contract/orders.ts";
import { toFixed } from "#contract/money-math.ts";
import { UNITS, type UnitId } from "#contract/units.ts";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import type { OrderAccess } from "./access.ts";
import { lineAmount } from "./service.ts";
import { orderView } from "./views.ts";
import {
  renderOrderContractPdf,
  type ContractBalanceKind,
  type ContractParty,
  type ContractPdfInput,
  type ContractSecondLanguage,
} from "./contract-pdf.ts";

/** The second language of the contract: Chinese for a supplier in China, English otherwise. */
export function secondLanguageOf(view: Pick<OrderView, "agreed" | "current">): ContractSecondLanguage {
  const supplier = (view.agreed ?? view.current).snapshot.supplier;
  return supplier.country === "CN" ? "zh" : "en";
}

/** Maps an order's view to the contract PDF's input (module comment); throws 409 without an agreed version. */
export function contractPdfInputOf(view: OrderView): ContractPdfInput {
  const agreed = view.agreed;
  if (!agreed) throw new DomainError("invalid_transition", "The order has no agreed version yet: there is no contract to print");
  const second = secondLanguageOf(view);
  const { buyer, supplier, lines, terms } = agreed.snapshot;
  const consentOf = (side: Side): Consent | undefined => agreed.consents.find((c) => c.side === side);
  const party = (side: Side): ContractParty => {
    const p = side === "buyer" ? buyer : supplier;
    const consent = consentOf(side);
    const legal = p.legal;
    return {
      name: p.name,
      country: p.country,
      legalEntity:
        legal?.kind === "ru"
          ? { name: legal.nameFull, inn: legal.inn, kpp: legal.kpp ?? undefined, ogrn: legal.ogrn ?? undefined }
          : legal?.kind === "cn"
            ? { name: legal.registeredName, uscc: legal.uscc }
            : { name: p.name },
      signedBy: { name: consent?.name ?? "", email: consent?.email ?? undefined, at: consent?.at ?? agreed.decidedAt ?? agreed.createdAt },
    };
  };
  const balance: ContractBalanceKind =
    terms.prepaymentPct >= 100
      ? "none"
      : terms.balance === "on_arrival"
        ? "on_arrival"
        : terms.balance === "deferred"
          ? "deferred"
          : "against_documents";
  // Every code of ORDER_DOCUMENTS has its contract.pdf.documents label (checked by the unit test).
  const documents: string[] = [...terms.documents];
  if (terms.documentsOther) documents.push(terms.documentsOther);
  return {
    orderNumber: String(view.id),
    version: agreed.number,
    agreedAt: agreed.decidedAt ?? agreed.createdAt,
    languages: ["ru", second],
    buyer: party("buyer"),
    supplier: party("supplier"),
    lines: lines.map((line) => {
      const unit = UNITS[line.unit as UnitId];
      return {
        name: line.name,
        tnved: line.tnvedCode ?? undefined,
        quantity: line.quantity,
        unit: { okei: unit.okei, ru: unit.ru, zh: unit.zh, en: unit.en },
        unitPrice: line.unitPrice,
        currency: terms.currency,
        total: toFixed(lineAmount(line), 2),
      };
    }),
    totals: {
      amount: view.totals.total,
      currency: view.totals.currency,
      approxRub: view.totals.totalRub ?? undefined,
      rateDate: view.totals.rateDate ?? undefined,
    },
    terms: {
      incoterms: terms.incoterms,
      incotermsPlace: terms.incotermsPlace,
      deliveryDate: terms.deliveryDate ?? undefined,
      leadTimeDays: terms.leadTimeDays ?? undefined,
      payment: {
        prepaymentPercent: terms.prepaymentPct,
        balance,
        deferredDays: terms.balance === "deferred" ? (terms.balanceDays ?? undefined) : undefined,
        letterOfCredit: terms.balance === "letter_of_credit",
      },
      paymentRoute: terms.paymentRoute?.label || undefined,
      packing: terms.packing ?? undefined,
      inspection: terms.inspectionBy === "none" ? undefined : { who: terms.inspectionBy, when: terms.inspectionWhen ?? "" },
      documents,
      conditions: terms.conditions ?? undefined,
    },
  };
}

/** The agreed version of the order `access` reaches, as a PDF and its file name (`order-<id>-v<n>.pdf`). */
export async function orderContractPdf(db: Db, access: OrderAccess): Promise<{ bytes: Uint8Array; fileName: string }> {
  const view = await orderView(db, access, "ru");
  const input = contractPdfInputOf(view);
  return { bytes: await renderOrderContractPdf(input), fileName: `order-${view.id}-v${input.version}.pdf` };
}
