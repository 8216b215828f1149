/**
 * What the API shows of orders (contract/orders.ts OrderView, OrderSummary): the versions newest
 * first with each one's field-by-field difference from the one before (the moderation diff rows of
 * server/admin/diff.ts `textField`/`listField`), totals in the order currency and ≈ RUB at the Bank
 * of Russia rate of the day with each line's landed-cost estimate (server/money/landed-cost.ts,
 * duty by the line's TN VED code), the stages with due dates, overdue marks and documents, the disputes with their threads, and what the
 * caller may do now.
 */
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { convert, rubPerUnit } from "#contract/money.ts";
import type {
  OrderLine,
  OrderSnapshot,
  OrderStage,
  OrderSummary,
  OrderTotals,
  OrderVersion,
  OrderView,
  Side,
  StageView,
} from "#contract/orders.ts";
import { STAGE_OWNER, stagesFor } from "#contract/orders.ts";
import { pickLocalized } from "#contract/lang-schemas.ts";
import { UNITS, type UnitId } from "#contract/units.ts";
import type { DiffField } from "#contract/admin/moderation.ts";
import type { Db } from "../db/client.ts";
import { companies, orders, orderStages, orderVersions, type Lang } from "../db/schema.ts";
import { listField, textField } from "../admin/diff.ts";
import { ratesView } from "../money/service.ts";
import { dutyForCodeCached } from "../money/tariff.ts";
import { landedCost } from "../money/landed-cost.ts";
import type { OrderAccess, OrderRow } from "./access.ts";
import { linesTotal, lineAmount } from "./service.ts";
import { orderPayments } from "./payments.ts";
import { documentStages, orderDocumentViews, reachedStages } from "./documents.ts";
import { disputeStages, disputeViews } from "./disputes.ts";
import { toFixed } from "#contract/money-math.ts";

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

function unitName(id: string, lang: Lang): string {
  return UNITS[id as UnitId]?.[lang] ?? id;
}

function lineRow(line: OrderLine, currency: string, lang: Lang): string {
  return [
    line.name,
    `${line.quantity} ${unitName(line.unit, lang)}`,
    `× ${line.unitPrice} ${currency}`,
    line.tnvedCode ? `TN VED ${line.tnvedCode}` : "",
    line.productId ? `#${line.productId}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function partyText(party: OrderSnapshot["buyer"]): string | null {
  const legal = party.legal;
  if (!legal) return null;
  if (legal.kind === "cn") return `${legal.registeredName} · USCC ${legal.uscc}`;
  return [legal.nameFull, `INN ${legal.inn}`, legal.kpp ? `KPP ${legal.kpp}` : "", legal.ogrn ? `OGRN ${legal.ogrn}` : ""]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Field-by-field difference of two snapshots (`before` null: the first version, every field new).
 * Field names are the snapshot's (`terms.deliveryDate`, `lines`, `buyer.legal`), labelled by the page.
 */
export function diffSnapshots(before: OrderSnapshot | null, after: OrderSnapshot, lang: Lang): DiffField[] {
  const b = before?.terms;
  const a = after.terms;
  const n = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));
  return [
    textField("buyerLegal", before ? partyText(before.buyer) : null, partyText(after.buyer)),
    textField("supplierLegal", before ? partyText(before.supplier) : null, partyText(after.supplier)),
    listField(
      "lines",
      (before?.lines ?? []).map((l) => lineRow(l, before!.terms.currency, lang)),
      after.lines.map((l) => lineRow(l, a.currency, lang)),
    ),
    textField("currency", b?.currency, a.currency),
    textField("incoterms", b ? `${b.incoterms} ${b.incotermsPlace}` : null, `${a.incoterms} ${a.incotermsPlace}`),
    textField("deliveryDate", b?.deliveryDate, a.deliveryDate),
    textField("leadTimeDays", n(b?.leadTimeDays), n(a.leadTimeDays)),
    textField("prepaymentPct", n(b?.prepaymentPct), n(a.prepaymentPct)),
    textField(
      "balance",
      b ? `${b.balance}${b.balanceDays !== null ? ` ${b.balanceDays}` : ""}` : null,
      `${a.balance}${a.balanceDays !== null ? ` ${a.balanceDays}` : ""}`,
    ),
    textField("paymentRoute", b?.paymentRoute?.label, a.paymentRoute?.label),
    textField("packing", b?.packing, a.packing),
    textField(
      "inspection",
      b ? `${b.inspectionBy}${b.inspectionWhen ? ` · ${b.inspectionWhen}` : ""}` : null,
      `${a.inspectionBy}${a.inspectionWhen ? ` · ${a.inspectionWhen}` : ""}`,
    ),
    listField("documents", b?.documents ?? [], a.documents),
    textField("documentsOther", b?.documentsOther, a.documentsOther),
    textField("conditions", b?.conditions, a.conditions),
  ];
}

/** Totals of a snapshot: the order total, ≈ RUB, and per line its amount, ≈ RUB and landed cost in RUB. */
export async function totalsOf(db: Db, snapshot: OrderSnapshot, today: Date = new Date()): Promise<OrderTotals> {
  const view = await ratesView(db, today, { cached: true });
  const rates = rubPerUnit(view);
  const currency = snapshot.terms.currency;
  const total = linesTotal(snapshot.lines);
  const lines = await Promise.all(
    snapshot.lines.map(async (line) => {
      const amount = toFixed(lineAmount(line), 2);
      const duty = line.tnvedCode ? await dutyForCodeCached(db, line.tnvedCode) : null;
      const estimate =
        duty?.kind === "single"
          ? landedCost({
              tiers: [{ minQuantity: "0", price: line.unitPrice, currency, unit: line.unit }],
              quantity: line.quantity,
              rubPerUnit: rates,
              duty: duty.rate,
              dutyUnits: null,
            })
          : null;
      return { amount, amountRub: convert(amount, currency, "RUB", rates), landedRub: estimate?.steps?.total ?? null };
    }),
  );
  const applied = view.rates.find((r) => r.currency === currency);
  return {
    currency,
    total,
    totalRub: convert(total, currency, "RUB", rates),
    rateDate: currency === "RUB" ? null : (applied?.date ?? null),
    lines,
  };
}

function versionView(row: typeof orderVersions.$inferSelect, previous: OrderSnapshot | null, lang: Lang): OrderVersion {
  const snapshot = row.snapshot as unknown as OrderSnapshot;
  return {
    number: row.number,
    state: row.state,
    proposedBy: {
      side: row.proposedBySide,
      companyId: row.proposedByCompanyId,
      userId: row.proposedByUserId ?? 0,
      name: row.proposedByName,
    },
    note: row.note,
    snapshot,
    consents: row.consents,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    diff: previous ? diffSnapshots(previous, snapshot, lang).filter((f) => f.changed) : [],
  };
}

const isOverdue = (order: Pick<OrderRow, "state" | "stageDueDate">, today: string) =>
  order.state === "confirmed" && order.stageDueDate !== null && order.stageDueDate < today;

/** The order's recorded payments; the stages still open only for the payer who may act. */
async function paymentsFor(
  db: Db,
  order: OrderAccess["order"],
  agreed: OrderSnapshot | null,
  payer: boolean,
): Promise<OrderView["payments"]> {
  const { recorded, open } = await orderPayments(db, order, agreed);
  return { recorded, open: payer ? open : [] };
}

/** The whole order as `access` may see it (contract OrderView). */
export async function orderView(db: Db, access: OrderAccess, lang: Lang, now: Date = new Date()): Promise<OrderView> {
  const order = access.order;
  const today = todayOf(now);
  const rows = await db.select().from(orderVersions).where(eq(orderVersions.orderId, order.id)).orderBy(orderVersions.number);
  const versions = rows.map((row, index) =>
    versionView(row, index > 0 ? (rows[index - 1]!.snapshot as unknown as OrderSnapshot) : null, lang),
  );
  const current = versions.find((v) => v.number === order.currentVersion) ?? versions.at(-1)!;
  const agreed = order.agreedVersion ? (versions.find((v) => v.number === order.agreedVersion) ?? null) : null;
  const basis = agreed ?? current;
  const counterpartyId = access.side === "supplier" ? order.buyerCompanyId : order.supplierCompanyId;
  const stageRows = await db.select().from(orderStages).where(eq(orderStages.orderId, order.id));
  const documents = await orderDocumentViews(db, order.id);
  const applicable = agreed ? stagesFor(agreed.snapshot.terms) : [];
  const stages: StageView[] = applicable.map((stage) => {
    const row = stageRows.find((r) => r.stage === stage);
    const due = stage === order.stage ? order.stageDueDate : (row?.dueDate ?? null);
    return {
      stage,
      owner: STAGE_OWNER[stage],
      status: row?.status ?? "pending",
      dueDate: due,
      overdue: stage === order.stage && isOverdue(order, today),
      data: row?.data ?? {},
      note: row?.note ?? null,
      disputeNote: row?.disputeNote ?? null,
      markedAt: row?.markedAt?.toISOString() ?? null,
      confirmedAt: row?.status === "confirmed" ? (row.answeredAt?.toISOString() ?? null) : null,
      documents: documents.filter((d) => d.stage === stage),
    };
  });
  const side = access.side;
  const act = access.mayAct && side !== null;
  const waitingFor: Side | null = order.state === "negotiating" ? (current.proposedBy.side === "buyer" ? "supplier" : "buyer") : null;
  const currentStage = order.stage as OrderStage | null;
  const currentStageRow = stageRows.find((r) => r.stage === currentStage);
  const stageOpen = order.state === "confirmed" && !order.cancelRequestedBy && currentStage !== null;
  const disputes = await disputeViews(db, access);
  const agreedSnapshot = agreed?.snapshot ?? null;
  const reached = reachedStages(order, agreedSnapshot);
  const [counterparty] = await db
    .select({ name: companies.name, sourceLang: companies.sourceLang })
    .from(companies)
    .where(eq(companies.id, counterpartyId))
    .limit(1);
  return {
    id: order.id,
    state: order.state,
    origin: order.origin,
    side,
    counterparty: { companyId: counterpartyId, name: pickLocalized(counterparty?.name, lang, counterparty?.sourceLang)?.text ?? "" },
    currentVersion: order.currentVersion,
    waitingFor,
    stage: currentStage,
    overdue: isOverdue(order, today),
    total: order.total,
    currency: order.currency,
    updatedAt: order.updatedAt.toISOString(),
    buyerCompanyId: order.buyerCompanyId,
    supplierCompanyId: order.supplierCompanyId,
    quoteId: order.quoteId,
    conversationId: order.conversationId,
    versions: [...versions].reverse(),
    current,
    agreed,
    totals: await totalsOf(db, basis.snapshot, now),
    stages,
    disputes,
    payments: await paymentsFor(db, order, agreedSnapshot, act && side === "buyer"),
    cancel: { requestedBy: order.cancelRequestedBy, reason: order.cancelReason, cancelledAt: order.cancelledAt?.toISOString() ?? null },
    may: {
      accept: act && waitingFor === side,
      counter: act && waitingFor === side,
      cancel: act && (order.state === "negotiating" || (order.state === "confirmed" && !order.cancelRequestedBy)),
      agreeCancel: act && order.state === "confirmed" && !!order.cancelRequestedBy && order.cancelRequestedBy !== side,
      markStage:
        act && stageOpen && STAGE_OWNER[currentStage!] === side && (!currentStageRow || currentStageRow.status === "disputed")
          ? currentStage
          : null,
      answerStage: act && stageOpen && STAGE_OWNER[currentStage!] !== side && currentStageRow?.status === "marked" ? currentStage : null,
      documentStages: act ? documentStages(order, agreedSnapshot) : [],
      disputeStages: disputeStages(
        access,
        reached,
        disputes.filter((d) => d.state === "open"),
      ),
    },
  };
}

/** The company's orders as buyer and supplier, filtered (contract listOrders). */
/**
 * The orders whose next step is `companyId`'s (the company inbox, issue 28 §2): in negotiation with a
 * version the other side proposed; confirmed with a current stage the company owns (STAGE_OWNER) and
 * has not marked, or one the other side marked for it to confirm; or with the current stage overdue.
 */
function awaitingCompany(companyId: number, today: string): SQL {
  const side = sql`(case when ${orders.buyerCompanyId} = ${companyId} then 'buyer' else 'supplier' end)`;
  const owner = sql.join(
    [sql`(case ${orders.stage}`, ...Object.entries(STAGE_OWNER).map(([stage, who]) => sql`when ${stage} then ${who}`), sql`end)`],
    sql` `,
  );
  const marked = sql`exists (select 1 from order_stages s where s.order_id = ${orders.id} and s.stage = ${orders.stage} and s.status = 'marked')`;
  return sql`(
    (${orders.state} = 'negotiating' and exists (select 1 from order_versions v where v.order_id = ${orders.id}
       and v.number = ${orders.currentVersion} and v.proposed_by_side <> ${side}))
    or (${orders.state} = 'confirmed' and ${orders.stage} is not null and (
       (${owner} = ${side} and not ${marked}) or (${owner} <> ${side} and ${marked}) or ${orders.stageDueDate} < ${today}))
  )`;
}

export async function listOrders(
  db: Db,
  companyId: number,
  query: {
    page: number;
    perPage: number;
    lang: Lang;
    state?: OrderRow["state"] | undefined;
    stage?: OrderStage | undefined;
    overdue?: boolean | undefined;
    counterparty?: number | undefined;
    awaiting?: boolean | undefined;
  },
  now: Date = new Date(),
): Promise<{ items: OrderSummary[]; total: number }> {
  const today = todayOf(now);
  const conditions: SQL[] = [or(eq(orders.buyerCompanyId, companyId), eq(orders.supplierCompanyId, companyId))!];
  if (query.state) conditions.push(eq(orders.state, query.state));
  if (query.stage) conditions.push(eq(orders.stage, query.stage));
  if (query.overdue) conditions.push(and(eq(orders.state, "confirmed"), lt(orders.stageDueDate, today))!);
  if (query.counterparty)
    conditions.push(
      or(
        and(eq(orders.buyerCompanyId, companyId), eq(orders.supplierCompanyId, query.counterparty)),
        and(eq(orders.supplierCompanyId, companyId), eq(orders.buyerCompanyId, query.counterparty)),
      )!,
    );
  if (query.awaiting) conditions.push(awaitingCompany(companyId, today));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const otherIds = [...new Set(rows.map((r) => (r.buyerCompanyId === companyId ? r.supplierCompanyId : r.buyerCompanyId)))];
  const names = otherIds.length
    ? await db
        .select({ id: companies.id, name: companies.name, sourceLang: companies.sourceLang })
        .from(companies)
        .where(inArray(companies.id, otherIds))
    : [];
  const proposers = rows.length
    ? await db
        .select({ orderId: orderVersions.orderId, number: orderVersions.number, side: orderVersions.proposedBySide })
        .from(orderVersions)
        .where(
          and(
            inArray(
              orderVersions.orderId,
              rows.map((r) => r.id),
            ),
            sql`${orderVersions.number} = (select current_version from orders o where o.id = ${orderVersions.orderId})`,
          ),
        )
    : [];
  return {
    items: rows.map((r) => {
      const side: Side = r.buyerCompanyId === companyId ? "buyer" : "supplier";
      const otherId = side === "buyer" ? r.supplierCompanyId : r.buyerCompanyId;
      const named = names.find((c) => c.id === otherId);
      const proposer = proposers.find((p) => p.orderId === r.id)?.side;
      return {
        id: r.id,
        state: r.state,
        origin: r.origin,
        side,
        counterparty: { companyId: otherId, name: pickLocalized(named?.name, query.lang, named?.sourceLang)?.text ?? "" },
        currentVersion: r.currentVersion,
        waitingFor: r.state === "negotiating" && proposer ? (proposer === "buyer" ? "supplier" : "buyer") : null,
        stage: (r.stage as OrderStage | null) ?? null,
        overdue: isOverdue(r, today),
        total: r.total,
        currency: r.currency,
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
    total: counted?.n ?? 0,
  };
}
