/**
 * Orders (contract/orders.ts; ADR 048): creating one from its origin, proposing, countering,
 * accepting and cancelling versions, and the stages after confirmation. Who may do what is
 * server/orders/access.ts; views are server/orders/views.ts; e-mails go through
 * server/notifications (server/orders/notify.ts).
 *
 * Rules (each refusal's code in brackets):
 * - Origins: a quote must be the accepted one of its request (`invalid_transition`), seen by the
 *   caller as its buyer or its supplier (404 otherwise); a conversation must be the caller's
 *   company's, as buyer or supplier; ordering from products needs a published supplier other than
 *   the caller's company (`own_company`). The buyer side is always a company.
 * - A version is proposed by one side and answered by the other: only the side it waits for accepts
 *   or counters (`invalid_transition`), and only the current version (a stale `version` is
 *   `invalid_transition`). A counter marks the answered version `countered`.
 * - Accepting needs both legal parties named (`party_missing`): the accepted version is frozen (its
 *   row is never rewritten) with both consents — the proposer's (given by proposing) and the
 *   acceptor's — each with person, account e-mail and time.
 * - Cancel: before confirmation either side cancels with a reason; after it, one side asks and the
 *   other agrees (or the asking side withdraws); a closed or cancelled order changes no more.
 * - Stages: in the order of `stagesFor(terms)`; the owner marks the first stage not yet confirmed
 *   (again after a dispute), the other side confirms or disputes a marked one. Confirming `closed`
 *   closes the order. Due dates: prepayment sent within PREPAYMENT_DUE_DAYS of confirmation;
 *   shipped by the delivery date (or confirmation + lead time); the balance's `closed` after
 *   acceptance + the deferral days.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type {
  CreateOrderInput,
  LegalParty,
  OrderDraft,
  OrderLine,
  OrderSnapshot,
  OrderStage,
  OrderTerms,
  ProposalInput,
  Side,
  StageActionInput,
} from "#contract/orders.ts";
import { STAGE_OWNER, stagesFor } from "#contract/orders.ts";
import { pickLocalized } from "#contract/lang-schemas.ts";
import type { Db } from "../db/client.ts";
import {
  companies,
  conversations,
  legalEntities,
  orders,
  orderStages,
  orderVersions,
  productPrices,
  products,
  quotes,
  rfqs,
  type Lang,
  type OrderConsent,
} from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { attachDocuments } from "./documents.ts";
import { membershipOf } from "../profile/access.ts";
import { assertMayAct, orderAccess, personOf, type OrderAccess, type OrderCaller } from "./access.ts";
import { add, dec, mul, toFixed } from "#contract/money-math.ts";
import { routeLabel } from "#contract/payment-routes.ts";
import { listOwnRoutes } from "../payment-routes/routes.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { notifyOrderEvent } from "./notify.ts";

/** Days the buyer has to send the prepayment after confirmation before the stage is overdue. */
export const PREPAYMENT_DUE_DAYS = 5;

type CompanyRow = Pick<typeof companies.$inferSelect, "id" | "name" | "country" | "status" | "sourceLang">;

async function companyRow(db: Db, id: number): Promise<CompanyRow | null> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      country: companies.country,
      status: companies.status,
      sourceLang: companies.sourceLang,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
}

/** A company's name in its own language (contracts name parties as they wrote themselves). */
function companyName(row: CompanyRow | null, lang?: Lang): string {
  if (!row) return "";
  return pickLocalized(row.name, lang ?? row.sourceLang, row.sourceLang)?.text ?? "";
}

/** The caller's company with the right to act (403 `no_company`, `member_blocked`, `forbidden_role`, `company_blocked`). */
async function actingCompany(db: Db, userId: number): Promise<number> {
  const member = await membershipOf(db, userId);
  if (!member) throw new DomainError("no_company", "Create a company or accept an invitation first");
  if (member.status !== "active") throw new DomainError("member_blocked", "Your access to this company has been blocked");
  if (!["owner", "admin", "sales"].includes(member.role))
    throw new DomainError("forbidden_role", "Your role in the company does not allow this");
  if (member.companyStatus === "blocked") throw new DomainError("company_blocked", "The company has been blocked by a moderator");
  return member.companyId;
}

/* ─── origins ───────────────────────────────────────────────────────────────────────────────── */

interface Origin {
  side: Side;
  buyerCompanyId: number;
  supplierCompanyId: number;
  origin: "quote" | "conversation" | "products";
  quoteId: number | null;
  conversationId: number | null;
  lines: OrderLine[];
  terms: Partial<OrderTerms>;
}

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

async function fromQuote(db: Db, companyId: number, quoteId: number): Promise<Origin> {
  const [found] = await db
    .select({ quote: quotes, rfq: rfqs })
    .from(quotes)
    .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  if (!found) throw notFound("Quote");
  const { quote, rfq } = found;
  const buyerCompanyId = rfq.buyerCompanyId;
  const side: Side | null = quote.companyId === companyId ? "supplier" : buyerCompanyId === companyId ? "buyer" : null;
  if (!side || !buyerCompanyId) throw notFound("Quote");
  if (rfq.status !== "awarded" || rfq.awardedQuoteId !== quote.id)
    throw new DomainError("invalid_transition", "Only the accepted quote becomes an order");
  const tier =
    [...quote.tiers]
      .sort((a, b) => Number(a.minQuantity) - Number(b.minQuantity))
      .filter((t) => Number(t.minQuantity) <= Number(rfq.quantity))
      .at(-1) ?? quote.tiers[0]!;
  const digits = rfq.tnvedCode?.replace(/\D/g, "") ?? "";
  return {
    side,
    buyerCompanyId,
    supplierCompanyId: quote.companyId,
    origin: "quote",
    quoteId: quote.id,
    conversationId: null,
    lines: [
      {
        productId: null,
        name: rfq.title,
        quantity: rfq.quantity,
        unit: rfq.unit,
        unitPrice: tier.price,
        tnvedCode: digits.length === 10 ? digits : null,
      },
    ],
    terms: {
      currency: quote.currency,
      incoterms: quote.incoterms as OrderTerms["incoterms"],
      incotermsPlace: quote.incotermsPlace,
      leadTimeDays: quote.leadTimeDays,
    },
  };
}

async function productLines(db: Db, supplierCompanyId: number, productIds: number[], lang: Lang): Promise<OrderLine[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, sourceLang: products.sourceLang, tnvedCode: products.tnvedCode })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.companyId, supplierCompanyId), eq(products.status, "published")));
  const prices = rows.length
    ? await db
        .select()
        .from(productPrices)
        .where(
          inArray(
            productPrices.productId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(productPrices.minQuantity)
    : [];
  return rows.map((r) => {
    const tier = prices.find((p) => p.productId === r.id);
    const digits = r.tnvedCode?.replace(/\D/g, "") ?? "";
    return {
      productId: r.id,
      name: pickLocalized(r.name, lang, r.sourceLang)?.text ?? "",
      quantity: tier ? String(Number(tier.minQuantity)) : "1",
      unit: tier?.unit ?? "pcs",
      unitPrice: tier ? tier.price : "",
      tnvedCode: digits.length === 10 ? digits : null,
    };
  });
}

async function fromConversation(db: Db, companyId: number, conversationId: number, lang: Lang): Promise<Origin> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  if (!row) throw notFound("Conversation");
  let buyerCompanyId = row.buyerCompanyId;
  if (!buyerCompanyId) {
    const member = await membershipOf(db, row.buyerUserId);
    buyerCompanyId = member?.status === "active" ? member.companyId : null;
  }
  const side: Side | null = row.supplierCompanyId === companyId ? "supplier" : buyerCompanyId === companyId ? "buyer" : null;
  if (!side || !buyerCompanyId) throw notFound("Conversation");
  if (buyerCompanyId === row.supplierCompanyId) throw new DomainError("own_company", "A company cannot order from itself");
  const lines = await productLines(db, row.supplierCompanyId, row.productIds, lang);
  if (row.quantity && lines.length === 1) {
    lines[0]!.quantity = String(Number(row.quantity));
    if (row.unit) lines[0]!.unit = row.unit;
  }
  return {
    side,
    buyerCompanyId,
    supplierCompanyId: row.supplierCompanyId,
    origin: "conversation",
    quoteId: null,
    conversationId: row.id,
    lines,
    terms: {
      ...(row.currency ? { currency: row.currency as OrderTerms["currency"] } : {}),
      ...(row.incoterm ? { incoterms: row.incoterm as OrderTerms["incoterms"] } : {}),
      ...(row.destinationCity ? { incotermsPlace: row.destinationCity } : {}),
      ...(row.wantedBy ? { deliveryDate: row.wantedBy } : {}),
    },
  };
}

async function fromSupplier(
  db: Db,
  companyId: number,
  supplierCompanyId: number,
  productId: number | undefined,
  lang: Lang,
): Promise<Origin> {
  const supplier = await companyRow(db, supplierCompanyId);
  if (!supplier || supplier.status !== "published") throw notFound("Supplier");
  if (supplierCompanyId === companyId) throw new DomainError("own_company", "A company cannot order from itself");
  const lines = productId ? await productLines(db, supplierCompanyId, [productId], lang) : [];
  const [first] = productId
    ? await db.select({ currency: productPrices.currency }).from(productPrices).where(eq(productPrices.productId, productId)).limit(1)
    : [];
  return {
    side: "buyer",
    buyerCompanyId: companyId,
    supplierCompanyId,
    origin: "products",
    quoteId: null,
    conversationId: null,
    lines,
    terms: first ? { currency: first.currency } : {},
  };
}

async function originOf(
  db: Db,
  companyId: number,
  input: {
    quoteId?: number | undefined;
    conversationId?: number | undefined;
    supplierCompanyId?: number | undefined;
    productId?: number | undefined;
  },
  lang: Lang,
): Promise<Origin> {
  if (input.quoteId) return fromQuote(db, companyId, input.quoteId);
  if (input.conversationId) return fromConversation(db, companyId, input.conversationId, lang);
  if (input.supplierCompanyId) return fromSupplier(db, companyId, input.supplierCompanyId, input.productId, lang);
  throw new DomainError("invalid_query", "Name the quote, the conversation or the supplier the order comes from", {
    issues: [{ path: "quoteId", message: "one_origin" }],
  });
}

/** A counter-proposal starts from the order's current version (the side it waits for only). */
async function fromOrder(db: Db, caller: OrderCaller, orderId: number): Promise<Origin> {
  const access = await orderAccess(db, caller, orderId);
  const side = await assertMayAct(db, access);
  const version = await awaitingCaller(db, access, side);
  const snapshot = version.snapshot as unknown as OrderSnapshot;
  return {
    side,
    buyerCompanyId: access.order.buyerCompanyId,
    supplierCompanyId: access.order.supplierCompanyId,
    origin: access.order.origin,
    quoteId: access.order.quoteId,
    conversationId: access.order.conversationId,
    lines: snapshot.lines,
    terms: snapshot.terms,
  };
}

/** What a new-order form starts from (contract getOrderDraft). */
export async function orderDraft(
  db: Db,
  userId: number,
  query: {
    quoteId?: number | undefined;
    conversationId?: number | undefined;
    supplierCompanyId?: number | undefined;
    productId?: number | undefined;
    orderId?: number | undefined;
    lang: Lang;
  },
  role: OrderCaller["role"] = "USER",
): Promise<OrderDraft> {
  const given = [query.quoteId, query.conversationId, query.supplierCompanyId, query.orderId].filter((v) => v !== undefined).length;
  if (given !== 1)
    throw new DomainError("invalid_query", "Name exactly one of the quote, the conversation or the supplier", {
      issues: [{ path: "quoteId", message: "one_origin" }],
    });
  const companyId = await actingCompany(db, userId);
  const origin = query.orderId ? await fromOrder(db, { userId, role }, query.orderId) : await originOf(db, companyId, query, query.lang);
  const counterpartyId = origin.side === "buyer" ? origin.supplierCompanyId : origin.buyerCompanyId;
  const counterparty = await companyRow(db, counterpartyId);
  const entities = await db
    .select({ id: legalEntities.id, inn: legalEntities.inn, nameFull: legalEntities.nameFull })
    .from(legalEntities)
    .where(eq(legalEntities.companyId, companyId))
    .orderBy(legalEntities.id);
  const productRows = await db
    .select({ id: products.id, name: products.name, sourceLang: products.sourceLang, tnvedCode: products.tnvedCode })
    .from(products)
    .where(and(eq(products.companyId, origin.supplierCompanyId), eq(products.status, "published")))
    .orderBy(products.id)
    .limit(200);
  const prices = productRows.length
    ? await db
        .select()
        .from(productPrices)
        .where(
          inArray(
            productPrices.productId,
            productRows.map((p) => p.id),
          ),
        )
        .orderBy(productPrices.minQuantity)
    : [];
  return {
    side: origin.side,
    counterparty: { companyId: counterpartyId, name: companyName(counterparty, query.lang), country: counterparty?.country ?? "RU" },
    origin: origin.origin,
    lines: origin.lines,
    terms: origin.terms,
    legalEntities: entities,
    paymentRoutes: (await supplierRoutes(db, origin.supplierCompanyId)).map((r) => ({ id: r.id, label: routeLabel(r) })),
    products: productRows.map((p) => {
      const tier = prices.find((t) => t.productId === p.id);
      const digits = p.tnvedCode?.replace(/\D/g, "") ?? "";
      return {
        id: p.id,
        name: pickLocalized(p.name, query.lang, p.sourceLang)?.text ?? "",
        unit: tier?.unit ?? null,
        price: tier?.price ?? null,
        currency: tier?.currency ?? null,
        tnvedCode: digits.length === 10 ? digits : null,
      };
    }),
  };
}

/* ─── snapshots ─────────────────────────────────────────────────────────────────────────────── */

/** The proposing company's legal party from the form: one of its legal entities, or a Chinese registered name and USCC. */
async function partyFromInput(db: Db, companyId: number, input: ProposalInput): Promise<LegalParty | null | undefined> {
  if (input.legalEntityId !== undefined) {
    const [entity] = await db
      .select()
      .from(legalEntities)
      .where(and(eq(legalEntities.id, input.legalEntityId), eq(legalEntities.companyId, companyId)))
      .limit(1);
    if (!entity)
      throw new DomainError("invalid_body", "Not a legal entity of your company", {
        issues: [{ path: "legalEntityId", message: "invalid_option" }],
      });
    return { kind: "ru", legalEntityId: entity.id, inn: entity.inn, kpp: entity.kpp, ogrn: entity.ogrn, nameFull: entity.nameFull };
  }
  if (input.uscc !== undefined && input.registeredName) return { kind: "cn", registeredName: input.registeredName, uscc: input.uscc };
  return undefined;
}

/** Lines of a proposal: a product id must be a published product of the supplier (else `invalid_option` on that line). */
async function linesFromInput(db: Db, supplierCompanyId: number, input: ProposalInput): Promise<OrderLine[]> {
  const ids = input.lines.map((l) => l.productId).filter((id): id is number => id !== undefined);
  const known = ids.length
    ? new Set(
        (
          await db
            .select({ id: products.id })
            .from(products)
            .where(and(inArray(products.id, ids), eq(products.companyId, supplierCompanyId)))
        ).map((r) => r.id),
      )
    : new Set<number>();
  const issues = input.lines.flatMap((line, index) =>
    line.productId !== undefined && !known.has(line.productId) ? [{ path: `lines.${index}.productId`, message: "invalid_option" }] : [],
  );
  if (issues.length) throw new DomainError("invalid_body", "A line names a product the supplier does not offer", { issues });
  return input.lines.map((line) => ({
    productId: line.productId ?? null,
    name: line.name,
    quantity: line.quantity,
    unit: line.unit,
    unitPrice: line.unitPrice,
    tnvedCode: line.tnvedCode ?? null,
  }));
}

/** The supplier's active payment routes (issue 28 §3), for the terms' choice. */
async function supplierRoutes(db: Db, supplierCompanyId: number) {
  return (await listOwnRoutes(db, supplierCompanyId)).filter((r) => r.active);
}

/**
 * The terms' payment route: one of the supplier's active routes (its label frozen into the version,
 * with the proposer's note after it), or the typed label alone. A route id the supplier does not
 * list is a 400 on `paymentRouteId`.
 */
async function paymentRouteOf(db: Db, supplierCompanyId: number, input: ProposalInput): Promise<OrderTerms["paymentRoute"]> {
  if (input.paymentRouteId === undefined) return input.paymentRouteLabel ? { routeId: null, label: input.paymentRouteLabel } : null;
  const route = (await supplierRoutes(db, supplierCompanyId)).find((r) => r.id === input.paymentRouteId);
  if (!route)
    throw new DomainError("invalid_body", "The supplier does not accept this payment route", {
      issues: [{ path: "paymentRouteId", message: "invalid_option" }],
    });
  const label = routeLabel(route);
  return { routeId: route.id, label: input.paymentRouteLabel ? `${label} — ${input.paymentRouteLabel}` : label };
}

function termsFromInput(input: ProposalInput, paymentRoute: OrderTerms["paymentRoute"]): OrderTerms {
  return {
    currency: input.currency,
    incoterms: input.incoterms,
    incotermsPlace: input.incotermsPlace,
    deliveryDate: input.deliveryDate ?? null,
    leadTimeDays: input.deliveryDate ? null : (input.leadTimeDays ?? null),
    prepaymentPct: input.prepaymentPct,
    balance: input.balance,
    balanceDays: input.balance === "deferred" ? (input.balanceDays ?? null) : null,
    paymentRoute,
    packing: input.packing ?? null,
    inspectionBy: input.inspectionBy,
    inspectionWhen: input.inspectionBy === "none" ? null : (input.inspectionWhen ?? null),
    documents: [...new Set(input.documents)],
    documentsOther: input.documentsOther ?? null,
    conditions: input.conditions ?? null,
  };
}

/** The order total of `lines` (quantity × unit price, each rounded to kopecks/cents), a decimal string. */
export function linesTotal(lines: readonly Pick<OrderLine, "quantity" | "unitPrice">[]): string {
  return toFixed(add(...lines.map((l) => lineAmount(l))), 2);
}

export function lineAmount(line: Pick<OrderLine, "quantity" | "unitPrice">): bigint {
  return dec(toFixed(mul(dec(line.quantity), dec(line.unitPrice)), 2));
}

async function buildSnapshot(
  db: Db,
  order: { buyerCompanyId: number; supplierCompanyId: number },
  side: Side,
  input: ProposalInput,
  previous: OrderSnapshot | null,
): Promise<OrderSnapshot> {
  const [buyer, supplier] = await Promise.all([companyRow(db, order.buyerCompanyId), companyRow(db, order.supplierCompanyId)]);
  const ownCompanyId = side === "buyer" ? order.buyerCompanyId : order.supplierCompanyId;
  const own = await partyFromInput(db, ownCompanyId, input);
  const legal = (s: Side) => (s === side && own !== undefined ? own : (previous?.[s].legal ?? null));
  return {
    buyer: { companyId: order.buyerCompanyId, name: companyName(buyer), country: buyer?.country ?? "RU", legal: legal("buyer") },
    supplier: {
      companyId: order.supplierCompanyId,
      name: companyName(supplier),
      country: supplier?.country ?? "CN",
      legal: legal("supplier"),
    },
    lines: await linesFromInput(db, order.supplierCompanyId, input),
    terms: termsFromInput(input, await paymentRouteOf(db, order.supplierCompanyId, input)),
  };
}

const other = (side: Side): Side => (side === "buyer" ? "supplier" : "buyer");

/* ─── proposals ─────────────────────────────────────────────────────────────────────────────── */

/** Creates an order from its origin with the caller's proposal as version 1; returns its id. */
export async function createOrder(db: Db, jobs: JobQueue, userId: number, input: CreateOrderInput, lang: Lang): Promise<number> {
  const companyId = await actingCompany(db, userId);
  const origin = await originOf(db, companyId, input, lang);
  const snapshot = await buildSnapshot(db, origin, origin.side, input, null);
  const person = await personOf(db, userId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        buyerCompanyId: origin.buyerCompanyId,
        supplierCompanyId: origin.supplierCompanyId,
        origin: origin.origin,
        quoteId: origin.quoteId,
        conversationId: origin.conversationId,
        createdByUserId: userId,
        currentVersion: 1,
        total: linesTotal(snapshot.lines),
        currency: snapshot.terms.currency,
      })
      .returning({ id: orders.id });
    await tx.insert(orderVersions).values({
      orderId: row!.id,
      number: 1,
      proposedBySide: origin.side,
      proposedByCompanyId: companyId,
      proposedByUserId: userId,
      proposedByName: person.name,
      note: input.note ?? null,
      snapshot,
    });
    return row!.id;
  });
  await notifyOrderEvent(db, jobs, { orderId: id, to: other(origin.side), kind: "order.proposed", version: 1 });
  return id;
}

/** The current version's row of an order. */
export async function currentVersionRow(db: Db, orderId: number, number: number) {
  const [row] = await db
    .select()
    .from(orderVersions)
    .where(and(eq(orderVersions.orderId, orderId), eq(orderVersions.number, number)))
    .limit(1);
  if (!row) throw notFound("Order version");
  return row;
}

/** The side the current version waits for, or refuses (`invalid_transition`) when it is not the caller's. */
async function awaitingCaller(db: Db, access: OrderAccess, side: Side) {
  if (access.order.state !== "negotiating") throw new DomainError("invalid_transition", "The order is no longer being negotiated");
  const version = await currentVersionRow(db, access.order.id, access.order.currentVersion);
  if (version.proposedBySide === side) throw new DomainError("invalid_transition", "The other side has not answered your version yet");
  return version;
}

/** Counters the current version with the caller's proposal as the next version. */
export async function counterOrder(db: Db, jobs: JobQueue, caller: OrderCaller, id: number, input: ProposalInput): Promise<void> {
  const access = await orderAccess(db, caller, id);
  const side = await assertMayAct(db, access);
  const version = await awaitingCaller(db, access, side);
  const snapshot = await buildSnapshot(db, access.order, side, input, version.snapshot as unknown as OrderSnapshot);
  const person = await personOf(db, caller.userId);
  const number = version.number + 1;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ currentVersion: number, total: linesTotal(snapshot.lines), currency: snapshot.terms.currency, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.currentVersion, version.number), eq(orders.state, "negotiating")))
      .returning({ id: orders.id });
    if (!claimed) throw new DomainError("invalid_transition", "The order changed meanwhile");
    await tx.update(orderVersions).set({ state: "countered", decidedAt: new Date() }).where(eq(orderVersions.id, version.id));
    await tx.insert(orderVersions).values({
      orderId: id,
      number,
      proposedBySide: side,
      proposedByCompanyId: access.companyId!,
      proposedByUserId: caller.userId,
      proposedByName: person.name,
      note: input.note ?? null,
      snapshot,
    });
  });
  await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.countered", version: number });
}

/**
 * Accepts the current version `versionNumber`: it is frozen with both consents (the proposer's,
 * given when proposing, and the caller's), the order is confirmed and its first stage set.
 */
export async function acceptOrder(
  db: Db,
  jobs: JobQueue,
  caller: OrderCaller,
  id: number,
  versionNumber: number,
  now = new Date(),
): Promise<void> {
  const access = await orderAccess(db, caller, id);
  const side = await assertMayAct(db, access);
  const version = await awaitingCaller(db, access, side);
  if (version.number !== versionNumber) throw new DomainError("invalid_transition", "A newer version was proposed: read it first");
  const snapshot = version.snapshot as unknown as OrderSnapshot;
  if (!snapshot.buyer.legal || !snapshot.supplier.legal) {
    throw new DomainError("party_missing", "Both sides' legal entities must be named: counter with yours", {
      details: { missing: [snapshot.buyer.legal ? null : "buyer", snapshot.supplier.legal ? null : "supplier"].filter(Boolean) },
    });
  }
  const [proposer, acceptor] = await Promise.all([
    version.proposedByUserId ? personOf(db, version.proposedByUserId) : Promise.resolve({ name: version.proposedByName, email: null }),
    personOf(db, caller.userId),
  ]);
  const consents: OrderConsent[] = [
    {
      side: version.proposedBySide,
      userId: version.proposedByUserId ?? 0,
      name: version.proposedByName || proposer.name,
      email: proposer.email,
      at: version.createdAt.toISOString(),
    },
    { side, userId: caller.userId, name: acceptor.name, email: acceptor.email, at: now.toISOString() },
  ];
  const first = stagesFor(snapshot.terms)[0]!;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({
        state: "confirmed",
        agreedVersion: version.number,
        confirmedAt: now,
        stage: first,
        stageDueDate: dueDateOf(first, snapshot.terms, now, null),
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), eq(orders.currentVersion, version.number), eq(orders.state, "negotiating")))
      .returning({ id: orders.id });
    if (!claimed) throw new DomainError("invalid_transition", "The order changed meanwhile");
    await tx.update(orderVersions).set({ state: "accepted", consents, decidedAt: now }).where(eq(orderVersions.id, version.id));
    // Earlier versions still marked proposed (none in the normal flow) are superseded by the agreement.
    await tx
      .update(orderVersions)
      .set({ state: "superseded" })
      .where(and(eq(orderVersions.orderId, id), eq(orderVersions.state, "proposed")));
  });
  await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.accepted", version: version.number });
}

/** Cancels (before confirmation), asks to cancel, agrees to the other side's request, or withdraws one's own (see the module comment). */
export async function cancelOrder(
  db: Db,
  jobs: JobQueue,
  caller: OrderCaller,
  id: number,
  input: { action: "cancel" | "agree" | "withdraw"; reason?: string | null | undefined },
  now = new Date(),
): Promise<void> {
  const access = await orderAccess(db, caller, id);
  const side = await assertMayAct(db, access);
  const order = access.order;
  const set = async (values: Partial<typeof orders.$inferInsert>) => {
    const [done] = await db
      .update(orders)
      .set({ ...values, updatedAt: now })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.state, order.state),
          sql`${orders.cancelRequestedBy} is not distinct from ${order.cancelRequestedBy}`,
        ),
      )
      .returning({ id: orders.id });
    if (!done) throw new DomainError("invalid_transition", "The order changed meanwhile");
  };
  if (order.state === "negotiating" && input.action === "cancel") {
    await set({ state: "cancelled", cancelReason: input.reason ?? null, cancelRequestedBy: side, cancelledAt: now });
    await db
      .update(orderVersions)
      .set({ state: "superseded" })
      .where(and(eq(orderVersions.orderId, id), eq(orderVersions.state, "proposed")));
    await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.cancelled" });
    return;
  }
  if (order.state !== "confirmed") throw new DomainError("invalid_transition", `A ${order.state} order cannot be cancelled`);
  if (input.action === "cancel") {
    if (order.cancelRequestedBy) throw new DomainError("invalid_transition", "A request to cancel is already open");
    await set({ cancelRequestedBy: side, cancelReason: input.reason ?? null });
    await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.cancelRequested" });
    return;
  }
  if (input.action === "agree") {
    if (!order.cancelRequestedBy || order.cancelRequestedBy === side)
      throw new DomainError("invalid_transition", "The other side has not asked to cancel");
    await set({ state: "cancelled", cancelledAt: now });
    await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.cancelled" });
    return;
  }
  if (order.cancelRequestedBy !== side) throw new DomainError("invalid_transition", "Your side has not asked to cancel");
  await set({ cancelRequestedBy: null, cancelReason: null });
}

/* ─── stages ────────────────────────────────────────────────────────────────────────────────── */

/** The due date of `stage` under `terms` (see the module comment), or null when the terms set none. */
export function dueDateOf(stage: OrderStage, terms: OrderTerms, confirmedAt: Date, acceptedAt: Date | null): string | null {
  if (stage === "prepayment_sent") return addDays(confirmedAt, PREPAYMENT_DUE_DAYS);
  if (stage === "shipped" || stage === "in_production" || stage === "ready_for_inspection") {
    if (stage !== "shipped") return null;
    return terms.deliveryDate ?? (terms.leadTimeDays !== null ? addDays(confirmedAt, terms.leadTimeDays) : null);
  }
  if (stage === "closed" && terms.balance === "deferred" && terms.balanceDays !== null && acceptedAt)
    return addDays(acceptedAt, terms.balanceDays);
  return null;
}

/** Marks, confirms or disputes a stage (see the module comment). */
export async function stageAction(
  db: Db,
  jobs: JobQueue,
  caller: OrderCaller,
  id: number,
  input: StageActionInput,
  now = new Date(),
): Promise<void> {
  const access = await orderAccess(db, caller, id);
  const side = await assertMayAct(db, access);
  const order = access.order;
  if (order.state !== "confirmed" || order.cancelRequestedBy)
    throw new DomainError("invalid_transition", "Stages move only on a confirmed order");
  const agreed = await currentVersionRow(db, id, order.agreedVersion!);
  const terms = (agreed.snapshot as unknown as OrderSnapshot).terms;
  const applicable = stagesFor(terms);
  const current = order.stage as OrderStage | null;
  if (!applicable.includes(input.stage) || input.stage !== current)
    throw new DomainError("invalid_transition", "That stage is not the order's current stage", { details: { current } });
  const [row] = await db
    .select()
    .from(orderStages)
    .where(and(eq(orderStages.orderId, id), eq(orderStages.stage, input.stage)))
    .limit(1);
  const owner = STAGE_OWNER[input.stage];
  if (input.action === "mark") {
    if (side !== owner) throw new DomainError("invalid_transition", "The other side marks this stage");
    if (row && row.status !== "disputed") throw new DomainError("invalid_transition", "The stage is marked already");
    const data: Record<string, string> = {};
    for (const key of ["carrier", "transportDocument", "transportDocumentNumber", "trackingNumber", "declarationNumber"] as const) {
      const value = input[key];
      if (value) data[key] = value;
    }
    const person = input.fileIds?.length ? await personOf(db, caller.userId) : null;
    await db.transaction(async (tx) => {
      const values = {
        status: "marked" as const,
        data,
        note: input.note ?? null,
        disputeNote: null,
        markedByUserId: caller.userId,
        markedAt: now,
        answeredByUserId: null,
        answeredAt: null,
        dueDate: order.stageDueDate,
        updatedAt: now,
      };
      if (row) await tx.update(orderStages).set(values).where(eq(orderStages.id, row.id));
      else await tx.insert(orderStages).values({ orderId: id, stage: input.stage, ...values });
      // Files sent with the mark are the stage's documents: the transport document of `shipped`, else "other".
      if (person && input.fileIds?.length) {
        await attachDocuments(
          tx,
          { orderId: id, stage: input.stage, kind: input.transportDocument ?? "other", side, userId: caller.userId, name: person.name },
          input.fileIds,
          now,
        );
      }
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, id));
    });
    await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.stageMarked", stage: input.stage });
    return;
  }
  if (side === owner) throw new DomainError("invalid_transition", "The other side confirms this stage");
  if (!row || row.status !== "marked") throw new DomainError("invalid_transition", "The stage has not been marked");
  if (input.action === "dispute") {
    await db
      .update(orderStages)
      .set({ status: "disputed", disputeNote: input.note ?? null, answeredByUserId: caller.userId, answeredAt: now, updatedAt: now })
      .where(eq(orderStages.id, row.id));
    await db.update(orders).set({ updatedAt: now }).where(eq(orders.id, id));
    await notifyOrderEvent(db, jobs, { orderId: id, to: other(side), kind: "order.stageDisputed", stage: input.stage });
    return;
  }
  const next = applicable[applicable.indexOf(input.stage) + 1] ?? null;
  const acceptedAt = input.stage === "accepted" ? now : null;
  await db.transaction(async (tx) => {
    await tx
      .update(orderStages)
      .set({ status: "confirmed", answeredByUserId: caller.userId, answeredAt: now, updatedAt: now })
      .where(eq(orderStages.id, row.id));
    const [moved] = await tx
      .update(orders)
      .set(
        next
          ? { stage: next, stageDueDate: dueDateOf(next, terms, order.confirmedAt ?? now, acceptedAt), updatedAt: now }
          : { stage: null, stageDueDate: null, state: "closed", closedAt: now, updatedAt: now },
      )
      .where(and(eq(orders.id, id), eq(orders.stage, input.stage)))
      .returning({ id: orders.id });
    if (!moved) throw new DomainError("invalid_transition", "The order changed meanwhile");
  });
  await notifyOrderEvent(db, jobs, {
    orderId: id,
    to: other(side),
    kind: next ? "order.stageConfirmed" : "order.closed",
    stage: input.stage,
  });
}
