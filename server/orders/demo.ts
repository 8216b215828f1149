/**
 * The demo's orders (`npm run demo`, scripts/demo.ts; issue 28 "done when"): a newcomer finds the
 * order pages and the dashboards filled. Once per database (nothing is done when an order exists),
 * after the demo payment routes (server/payment-routes/demo.ts), for the first published Chinese and
 * Russian suppliers that have routes, by id — so the same catalogue seed gives the same orders:
 *
 * - three demo buyer companies (Russian, each with a legal entity whose INN has valid check digits)
 *   and their owners (`demo-buyer-N@demo.postavka.test`, no password: sign in by code in the demo's
 *   mail catcher), each with a buying request awarded to a supplier's quote and one open request;
 * - an owner account for each of those suppliers (`demo-supplier-N@…`), who answers for it;
 * - order 1: from the accepted quote of a Chinese supplier, which counters the delivery date with its
 *   unified social credit code; the buyer accepts; the prepayment is sent (its outcome recorded:
 *   credited after 4 days), received, in production;
 * - order 2: with the second Chinese supplier, shipped with an СМГС railway bill, and a problem
 *   reported on the shipment with a proposed discount (an open dispute);
 * - order 3: with a Russian supplier, carried to closed, both payments' outcomes recorded;
 * - order 4: proposed, waiting for the supplier.
 *
 * Everything goes through the orders' own services (the same rules as the API); the e-mails they
 * would send go to a queue that drops them (demo accounts have no mailboxes), the inbox rows are
 * written. Returns how many orders were made (0 when skipped).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { innCheckDigits } from "#contract/identifiers.ts";
import { CreateOrderSchema, OpenDisputeSchema, ProposalSchema, StageActionSchema } from "#contract/orders.ts";
import { OrderPaymentSchema } from "#contract/payment-routes.ts";
import type { Db } from "../db/client.ts";
import { companies, companyMembers, legalEntities, paymentRoutes, quotes, rfqs, users } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { openDispute } from "./disputes.ts";
import { recordOrderPayment } from "./payments.ts";
import { acceptOrder, counterOrder, createOrder, stageAction } from "./service.ts";

/** A valid unified social credit code (GB 32100-2015 check character), for the demo's Chinese parties. */
const DEMO_USCC = "91350100M000100Y43";
const DAY_MS = 86_400_000;

/** A queue that drops what it is sent: the demo's e-mails have nobody to reach. */
const silentQueue: JobQueue = {
  send: async () => null,
  cancel: async () => undefined,
  runDue: async () => 0,
  pending: async () => 0,
  stop: async () => undefined,
};

async function person(db: Db, email: string, firstName: string, lastName: string, locale: "ru" | "zh"): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ email, firstName, lastName, locale, acceptedTermsAt: new Date() })
    .onConflictDoUpdate({ target: users.email, set: { firstName } })
    .returning({ id: users.id });
  return row!.id;
}

/** Seeds the demo orders (module comment); returns how many were made. */
export async function seedDemoOrders(
  db: Db,
  options: {
    jobs?: JobQueue;
    now?: Date;
    /** Only these suppliers (a test's own); default: every published one. */ supplierIds?: number[];
  } = {},
): Promise<number> {
  const jobs = options.jobs ?? silentQueue;
  const now = options.now ?? new Date();
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return 0;
  const routed = await db
    .selectDistinctOn([companies.id], { id: companies.id, country: companies.country, routeId: paymentRoutes.id })
    .from(companies)
    .innerJoin(paymentRoutes, and(eq(paymentRoutes.companyId, companies.id), eq(paymentRoutes.active, true)))
    .where(and(eq(companies.status, "published"), options.supplierIds ? inArray(companies.id, options.supplierIds) : undefined))
    .orderBy(asc(companies.id), asc(paymentRoutes.id));
  const chinese = routed.filter((c) => c.country === "CN").slice(0, 2);
  const russian = routed.find((c) => c.country === "RU");
  if (chinese.length < 2 || !russian) return 0;
  const suppliers = [...chinese, russian];

  const supplierOwners: number[] = [];
  for (const [i, s] of suppliers.entries()) {
    const zh = s.country === "CN";
    const owner = await person(
      db,
      `demo-supplier-${i + 1}@demo.postavka.test`,
      zh ? "伟" : "Игорь",
      zh ? "王" : "Поставщиков",
      zh ? "zh" : "ru",
    );
    await db.insert(companyMembers).values({ companyId: s.id, userId: owner, role: "owner", status: "active" }).onConflictDoNothing();
    supplierOwners.push(owner);
  }

  const buyers: { userId: number; companyId: number; entityId: number }[] = [];
  const names = ["Техснаб", "Агроимпорт", "СтройКомплект"];
  for (const [i, name] of names.entries()) {
    const userId = await person(db, `demo-buyer-${i + 1}@demo.postavka.test`, ["Ольга", "Дмитрий", "Анна"][i]!, "Закупкина", "ru");
    const [company] = await db
      .insert(companies)
      .values({ name: { ru: `ООО «${name}» (демо)` }, sourceLang: "ru", country: "RU", status: "published", publishedAt: now })
      .returning({ id: companies.id });
    await db.insert(companyMembers).values({ companyId: company!.id, userId, role: "owner", status: "active" });
    const body = `77${String(4_100_000 + i).padStart(7, "0")}`;
    const [entity] = await db
      .insert(legalEntities)
      .values({ companyId: company!.id, kind: "legal", inn: body + innCheckDigits(body), nameFull: `ООО «${name}»` })
      .returning({ id: legalEntities.id });
    buyers.push({ userId, companyId: company!.id, entityId: entity!.id });
  }

  /** A buying request of buyer `b`, awarded to supplier `s`'s quote (or left open); the quote's id. */
  async function request(b: (typeof buyers)[number], supplierId: number, title: string, awarded: boolean): Promise<number> {
    const [rfq] = await db
      .insert(rfqs)
      .values({
        buyerUserId: b.userId,
        buyerCompanyId: b.companyId,
        title,
        description: "Демонстрационный запрос: объём, упаковка и документы — в условиях заказа.",
        lang: "ru",
        quantity: "500",
        unit: "pcs",
        incoterms: "FOB",
        destinationCountry: "RU",
        destinationCity: "Москва",
        deadline: new Date(now.getTime() + 20 * DAY_MS),
        visibility: "private",
        status: awarded ? "awarded" : "open",
        submittedAt: new Date(now.getTime() - 20 * DAY_MS),
        openedAt: new Date(now.getTime() - 20 * DAY_MS),
      })
      .returning({ id: rfqs.id });
    const [quote] = await db
      .insert(quotes)
      .values({
        rfqId: rfq!.id,
        companyId: supplierId,
        tiers: [{ minQuantity: "100", price: "12.50" }],
        priceFrom: "12.50",
        currency: "CNY",
        moq: "100",
        leadTimeDays: 30,
        incoterms: "FOB",
        incotermsPlace: "Dalian",
        validUntil: new Date(now.getTime() + 30 * DAY_MS).toISOString().slice(0, 10),
        lang: "en",
      })
      .returning({ id: quotes.id });
    if (awarded) await db.update(rfqs).set({ awardedQuoteId: quote!.id, awardedAt: now }).where(eq(rfqs.id, rfq!.id));
    return quote!.id;
  }

  /** The supplier's first legal entity (a demo one, INN with valid check digits, when it has none). */
  async function entityOf(companyId: number, i: number): Promise<number> {
    const [found] = await db
      .select({ id: legalEntities.id })
      .from(legalEntities)
      .where(eq(legalEntities.companyId, companyId))
      .orderBy(asc(legalEntities.id))
      .limit(1);
    if (found) return found.id;
    const body = `50${String(4_200_000 + i).padStart(7, "0")}`;
    const [made] = await db
      .insert(legalEntities)
      .values({ companyId, kind: "legal", inn: body + innCheckDigits(body), nameFull: "ООО «Насосный завод» (демо)" })
      .returning({ id: legalEntities.id });
    return made!.id;
  }

  const terms = (routeId: number, extra: Record<string, unknown> = {}) => ({
    lines: [{ name: "Насосы центробежные IS80-65-160", quantity: "500", unit: "pcs", unitPrice: "12.50" }],
    currency: "CNY",
    incoterms: "FOB",
    incotermsPlace: "Dalian",
    leadTimeDays: 30,
    prepaymentPct: 30,
    balance: "shipment_documents",
    inspectionBy: "none",
    documents: ["commercial_invoice", "packing_list", "certificate_of_origin"],
    paymentRouteId: routeId,
    ...extra,
  });
  const as = (userId: number) => ({ userId, role: "USER" as const });
  const stage = (userId: number, id: number, input: Record<string, unknown>) =>
    stageAction(db, jobs, as(userId), id, StageActionSchema.parse(input));
  const step = async (id: number, name: string, owner: number, other: number, extra: Record<string, unknown> = {}) => {
    await stage(owner, id, { stage: name, action: "mark", ...extra });
    await stage(other, id, { stage: name, action: "confirm" });
  };
  /** An order from buyer `b`'s accepted quote of supplier `i`, countered by the supplier with its party, accepted. */
  async function agreed(b: (typeof buyers)[number], i: number, title: string, counter: Record<string, unknown>): Promise<number> {
    const s = suppliers[i]!;
    const quoteId = await request(b, s.id, title, true);
    const id = await createOrder(
      db,
      jobs,
      b.userId,
      CreateOrderSchema.parse({ ...terms(s.routeId), quoteId, legalEntityId: b.entityId, note: "Просим подтвердить условия" }),
      "ru",
    );
    const party =
      s.country === "CN" ? { registeredName: "大连华兴泵业有限公司", uscc: DEMO_USCC } : { legalEntityId: await entityOf(s.id, i) };
    await counterOrder(db, jobs, as(supplierOwners[i]!), id, ProposalSchema.parse({ ...terms(s.routeId), ...party, ...counter }));
    await acceptOrder(db, jobs, as(b.userId), id, 2);
    return id;
  }

  const [b1, b2, b3] = buyers as [(typeof buyers)[number], (typeof buyers)[number], (typeof buyers)[number]];
  // 1. The Chinese supplier counters the delivery date; prepayment sent (outcome recorded), received, in production.
  const delivery = new Date(now.getTime() + 50 * DAY_MS).toISOString().slice(0, 10);
  const o1 = await agreed(b1, 0, "Насосы центробежные для котельной", {
    deliveryDate: delivery,
    leadTimeDays: "",
    note: "Можем отгрузить к этой дате",
  });
  await step(o1, "prepayment_sent", b1.userId, supplierOwners[0]!);
  await recordOrderPayment(db, as(b1.userId), o1, OrderPaymentSchema.parse({ stage: "prepayment", outcome: "credited", days: 4 }));
  await step(o1, "prepayment_received", supplierOwners[0]!, b1.userId);
  await stage(supplierOwners[0]!, o1, { stage: "in_production", action: "mark", note: "Литьё корпусов начато" });
  // 2. Shipped by rail with an СМГС bill; a problem reported on the shipment with a proposed discount.
  const o2 = await agreed(b2, 1, "Насосы для оросительной системы", { prepaymentPct: 30 });
  await step(o2, "prepayment_sent", b2.userId, supplierOwners[1]!);
  await step(o2, "prepayment_received", supplierOwners[1]!, b2.userId);
  await step(o2, "in_production", supplierOwners[1]!, b2.userId);
  await step(o2, "shipped", supplierOwners[1]!, b2.userId, {
    carrier: "РЖД Логистика",
    transportDocument: "smgs",
    transportDocumentNumber: "СМГС 24017731",
    trackingNumber: "TRK-24017731",
  });
  await openDispute(
    db,
    jobs,
    as(b2.userId),
    o2,
    OpenDisputeSchema.parse({
      stage: "shipped",
      message: "Два места повреждены при перевалке в Забайкальске: корпуса двух насосов треснули.",
      proposalKind: "discount",
      proposalAmount: "250",
    }),
  );
  // 3. A Russian supplier: every stage to closed, both payments' outcomes recorded.
  const o3 = await agreed(b3, 2, "Насосы для водоснабжения", { note: "Согласны" });
  const owner3 = supplierOwners[2]!;
  await step(o3, "prepayment_sent", b3.userId, owner3);
  await recordOrderPayment(db, as(b3.userId), o3, OrderPaymentSchema.parse({ stage: "prepayment", outcome: "credited", days: 1 }));
  await step(o3, "prepayment_received", owner3, b3.userId);
  await step(o3, "in_production", owner3, b3.userId);
  await step(o3, "shipped", owner3, b3.userId, { carrier: "ПЭК", transportDocument: "cmr", transportDocumentNumber: "CMR 118204" });
  await step(o3, "arrived", b3.userId, owner3);
  await step(o3, "customs_cleared", b3.userId, owner3, { declarationNumber: "10702070/010226/3000001" });
  await step(o3, "accepted", b3.userId, owner3);
  await recordOrderPayment(db, as(b3.userId), o3, OrderPaymentSchema.parse({ stage: "balance", outcome: "credited", days: 2 }));
  await step(o3, "closed", owner3, b3.userId);
  // 4. The first Chinese supplier's CNY route has a history: each buyer paid it twice before (closed
  // orders, both payments recorded), so its outcomes pass the thresholds (5 payments, 3 payers) and show
  // on the supplier page and on /payment-routes — one prepayment returned by the correspondent bank.
  const history: [(typeof buyers)[number], "credited" | "returned" | "partially_credited", number][] = [
    [b1, "credited", 3],
    [b2, "credited", 5],
    [b3, "returned", 24],
    [b1, "credited", 4],
    [b2, "partially_credited", 6],
    [b3, "credited", 2],
  ];
  for (const [n, [b, outcome, days]] of history.entries()) {
    const id = await agreed(b, 0, `Насосы, поставка ${n + 1} (демо)`, { note: "Подтверждаем" });
    const owner = supplierOwners[0]!;
    await step(id, "prepayment_sent", b.userId, owner);
    await recordOrderPayment(
      db,
      as(b.userId),
      id,
      OrderPaymentSchema.parse({
        stage: "prepayment",
        outcome,
        days,
        ...(outcome === "returned" ? { bankReason: "Возврат банком-корреспондентом: дополнительная проверка назначения платежа" } : {}),
        feesAmount: "35.50",
        feesCurrency: "USD",
      }),
    );
    for (const [name, by] of [
      ["prepayment_received", owner],
      ["in_production", owner],
      ["shipped", owner],
      ["arrived", b.userId],
      ["customs_cleared", b.userId],
      ["accepted", b.userId],
    ] as const) {
      const other = by === owner ? b.userId : owner;
      const extra: Record<string, unknown> =
        name === "shipped"
          ? { carrier: "РЖД Логистика", transportDocument: "smgs", transportDocumentNumber: `СМГС 2401${7800 + n}` }
          : name === "customs_cleared"
            ? { declarationNumber: `10702070/150126/30000${10 + n}` }
            : {};
      await step(id, name, by, other, extra);
    }
    await recordOrderPayment(
      db,
      as(b.userId),
      id,
      OrderPaymentSchema.parse({ stage: "balance", outcome: "credited", days: (days % 5) + 1 }),
    );
    await step(id, "closed", owner, b.userId);
  }
  // 5. Proposed, waiting for the supplier; and an open buying request of the same buyer.
  await createOrder(
    db,
    jobs,
    b1.userId,
    CreateOrderSchema.parse({ ...terms(suppliers[1]!.routeId), supplierCompanyId: suppliers[1]!.id, legalEntityId: b1.entityId }),
    "ru",
  );
  await request(b1, suppliers[1]!.id, "Задвижки чугунные Ду100", false);
  return 4 + history.length;
}
