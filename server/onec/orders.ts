/**
 * Orders in the 1C exchange (`type=sale`; issue 29 §2, ADR 054; PROTOCOL.md §5).
 *
 * - `ordersDocument` (`mode=query`): the company's orders as the SUPPLIER that changed since 1C last
 *   confirmed (`onec_settings.orders_sent_at`), at most QUERY_MAX, oldest change first, as a
 *   CommerceML 2.08 document of «Заказ товара» documents in the shape of the real samples
 *   (dob_bitrix-query-response-full.xml): Ид and Номер are our order id, Дата/Время, ХозОперация,
 *   Роль «Продавец», Валюта (the ISO code), Курс 1, Сумма, the buyer as Контрагент «Покупатель»
 *   (with ИНН/КПП once the buyer named its legal entity), Товары (Ид = 1C's product Ид when the
 *   product came from this company's 1C, else our product number; БазоваяЕдиница with its OKEI code),
 *   and ЗначенияРеквизитов «Статус заказа», «Статуса заказа ИД», «Отменен», «Заказ оплачен»,
 *   «Доставка разрешена», «Сайт». The moment of the answer and the ids are kept on the session.
 * - `confirmOrders` (`mode=success`): the watermark moves to that moment — the same orders are not
 *   sent again unless they change; without `success` the next `query` sends them again (1C matches
 *   by Ид, so repeats are harmless).
 * - `applyOrderDocuments` (`file`/`import` of 1C's order documents, e.g. arg_documents-example.xml):
 *   a document whose Номер/Ид (or «[Номер документа на сайте: N]» comment) is one of the company's
 *   orders records what 1C says of it in `onec_orders` — its number and date (Номер1С/Дата1С),
 *   deletion mark, «Проведен», status and every requisite. It never changes the order's stages:
 *   1C's statuses are free text set up per installation, so no mapping to our stages is unambiguous
 *   (ADR 054). Unknown documents are counted.
 * - `directoriesDocument` (`mode=info`): the order statuses (and empty payment and delivery lists)
 *   1C loads to map them, as 1C-Bitrix answers.
 * The document is encoded in windows-1251 like Bitrix's (1C reads both; its declaration says which).
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { UNITS, type UnitId } from "#contract/units.ts";
import { ORDER_STATES, type OrderSnapshot } from "#contract/orders.ts";
import type { Db } from "../db/client.ts";
import { onecOrders, onecProducts, onecSessions, onecSettings, orders, orderVersions } from "../db/schema.ts";
import { settingsOf } from "./catalog.ts";
import type { CmlDocument } from "./parse.ts";

/** Orders one `query` answers at most (the rest follow after 1C's `success`). */
export const QUERY_MAX = 500;

const STATE_NAMES: Record<string, string> = {
  negotiating: "Согласование",
  confirmed: "Подтверждён",
  cancelled: "Отменён",
  closed: "Выполнен",
};

/** XML text with the five reserved characters escaped (and characters XML 1.0 forbids dropped). */
export function xmlText(value: string): string {
  return (
    value
      // oxlint-disable-next-line no-control-regex -- XML 1.0 allows no C0 control but tab, LF and CR
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

const el = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`;
const requisite = (name: string, value: string) =>
  `<ЗначениеРеквизита>${el("Наименование", name)}${el("Значение", value)}</ЗначениеРеквизита>`;

/** `2026-11-29T06:01:02` in Moscow time (1C's documents carry local times without a zone). */
function moscow(date: Date): { date: string; time: string } {
  const iso = new Date(date.getTime() + 3 * 3600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

function amount(quantity: string, price: string): string {
  return (Math.round(Number(quantity) * Number(price) * 100) / 100).toFixed(2);
}

/**
 * The `query` answer for the company (see the module comment): the XML in windows-1251 and the
 * ids and moment it covers (for `success`).
 */
export async function ordersDocument(
  db: Db,
  companyId: number,
  sessionId: number,
  publicUrl: string,
  now = new Date(),
): Promise<{ bytes: Buffer; orderIds: number[] }> {
  const settings = await settingsOf(db, companyId);
  const rows = await db
    .select({ order: orders, snapshot: orderVersions.snapshot })
    .from(orders)
    .innerJoin(orderVersions, and(eq(orderVersions.orderId, orders.id), eq(orderVersions.number, orders.currentVersion)))
    .where(
      and(
        eq(orders.supplierCompanyId, companyId),
        settings.ordersSentAt ? gt(sql`date_trunc('milliseconds', ${orders.updatedAt})`, settings.ordersSentAt) : undefined,
      ),
    )
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(QUERY_MAX);
  const productIds = [
    ...new Set(
      rows.flatMap((r) => (r.snapshot as unknown as OrderSnapshot).lines.map((l) => l.productId).filter((id): id is number => id !== null)),
    ),
  ];
  const onecIds = new Map<number, string>();
  if (productIds.length > 0) {
    const links = await db
      .select({ productId: onecProducts.productId, onecId: onecProducts.onecId })
      .from(onecProducts)
      .where(and(eq(onecProducts.companyId, companyId), inArray(onecProducts.productId, productIds)));
    for (const l of links) onecIds.set(l.productId, l.onecId);
  }
  const stamp = moscow(now);
  const docs = rows.map(({ order, snapshot: raw }) => {
    const snapshot = raw as unknown as OrderSnapshot;
    const when = moscow(order.createdAt);
    const buyer = snapshot.buyer;
    const lines = snapshot.lines.map((line) => {
      const unit = UNITS[line.unit as UnitId];
      const id = line.productId === null ? `line-${order.id}` : (onecIds.get(line.productId) ?? `postavka-${line.productId}`);
      return [
        "<Товар>",
        el("Ид", id),
        el("Наименование", line.name),
        `<БазоваяЕдиница Код="${xmlText(unit?.okei ?? "796")}" НаименованиеПолное="${xmlText(unit?.ru ?? line.unit)}" МеждународноеСокращение="${xmlText(unit?.unece ?? "")}">${xmlText(unit?.ru ?? line.unit)}</БазоваяЕдиница>`,
        el("ЦенаЗаЕдиницу", line.unitPrice),
        el("Количество", line.quantity),
        el("Сумма", amount(line.quantity, line.unitPrice)),
        "<ЗначенияРеквизитов>",
        requisite("ВидНоменклатуры", "Товар"),
        requisite("ТипНоменклатуры", "Товар"),
        ...(line.tnvedCode ? [requisite("ТН ВЭД", line.tnvedCode)] : []),
        "</ЗначенияРеквизитов>",
        "</Товар>",
      ].join("");
    });
    const legal = buyer.legal as { inn?: string; kpp?: string | null; nameFull?: string } | null;
    return [
      "<Документ>",
      el("Ид", order.id),
      el("Номер", order.id),
      el("Дата", when.date),
      el("ХозОперация", "Заказ товара"),
      el("Роль", "Продавец"),
      el("Валюта", snapshot.terms.currency),
      el("Курс", "1"),
      el("Сумма", order.total),
      "<Контрагенты><Контрагент>",
      el("Ид", `postavka-company-${buyer.companyId}`),
      el("Наименование", buyer.name),
      el("ПолноеНаименование", legal?.nameFull ?? buyer.name),
      ...(legal?.inn ? [el("ИНН", legal.inn)] : []),
      ...(legal?.kpp ? [el("КПП", legal.kpp)] : []),
      el("Роль", "Покупатель"),
      "</Контрагент></Контрагенты>",
      el("Время", when.time),
      el("Комментарий", `${publicUrl}/profile/orders/${order.id}`),
      "<Товары>",
      ...lines,
      "</Товары>",
      "<ЗначенияРеквизитов>",
      requisite("Статус заказа", STATE_NAMES[order.state] ?? order.state),
      requisite("Статуса заказа ИД", order.state),
      requisite("Отменен", order.state === "cancelled" ? "true" : "false"),
      requisite("Заказ оплачен", "false"),
      requisite("Доставка разрешена", order.state === "confirmed" ? "true" : "false"),
      requisite("Сайт", publicUrl),
      requisite("Дата изменения", `${moscow(order.updatedAt).date}T${moscow(order.updatedAt).time}`),
      "</ЗначенияРеквизитов>",
      "</Документ>",
    ].join("");
  });
  const xml = [
    '<?xml version="1.0" encoding="windows-1251"?>',
    `<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${stamp.date}T${stamp.time}">`,
    ...docs,
    "</КоммерческаяИнформация>",
  ].join("\n");
  const orderIds = rows.map((r) => r.order.id);
  // The moment is the newest change sent (not "now"): an order changed while this answer was built is sent again.
  // Compared at millisecond precision (a JS Date's), see the query above.
  const upTo = rows.length > 0 ? rows.at(-1)!.order.updatedAt : (settings.ordersSentAt ?? null);
  await db.update(onecSessions).set({ queryAt: upTo, queryOrderIds: orderIds }).where(eq(onecSessions.id, sessionId));
  return { bytes: iconv.encode(xml, "win1251"), orderIds };
}

/**
 * `mode=info` (type=sale): the site's directories that 1C's order exchange settings load with «Загрузить
 * с сайта» to map them to its own, in the shape 1C-Bitrix's `sale.export.1c` answers (windows-1251,
 * root «Справочник»): «Cтатусы» — spelled with a LATIN C, as Bitrix's language file has it and so as
 * 1C reads it —, «ПлатежныеСистемы» and «СлужбыДоставки», each a list of «Элемент» with «Ид» and
 * «Название». The statuses are our order states, with the same Ид and Russian name the `query`
 * document sends as «Статуса заказа ИД» and «Статус заказа». Payment systems and delivery services
 * are empty lists: our orders carry no such methods (payment and delivery are agreed per order in
 * the conversation), and the orders document names none. Returns the encoded bytes.
 */
export function directoriesDocument(): Uint8Array {
  const elements = (items: readonly (readonly [string, string])[]) =>
    items.map(([id, name]) => `<Элемент><Ид>${xmlText(id)}</Ид><Название>${xmlText(name)}</Название></Элемент>`);
  const xml = [
    '<?xml version="1.0" encoding="windows-1251"?>',
    "<Справочник>",
    "<Cтатусы>",
    ...elements(ORDER_STATES.map((state) => [state, STATE_NAMES[state] ?? state] as const)),
    "</Cтатусы>",
    "<ПлатежныеСистемы></ПлатежныеСистемы>",
    "<СлужбыДоставки></СлужбыДоставки>",
    "</Справочник>",
  ].join("\n");
  return iconv.encode(xml, "win1251");
}

/** `success`: 1C stored what the session's last `query` sent; returns how many orders that was. */
export async function confirmOrders(db: Db, companyId: number, sessionId: number): Promise<number> {
  const [session] = await db
    .select({ queryAt: onecSessions.queryAt, ids: onecSessions.queryOrderIds })
    .from(onecSessions)
    .where(eq(onecSessions.id, sessionId))
    .limit(1);
  if (!session?.queryAt) return 0;
  await settingsOf(db, companyId);
  // Never backwards: an older session's late `success` leaves a newer watermark alone.
  await db
    .update(onecSettings)
    .set({
      ordersSentAt: sql`greatest(coalesce(${onecSettings.ordersSentAt}, ${session.queryAt}), ${session.queryAt})`,
      updatedAt: new Date(),
    })
    .where(eq(onecSettings.companyId, companyId));
  await db.update(onecSessions).set({ queryAt: null, queryOrderIds: null }).where(eq(onecSessions.id, sessionId));
  return session.ids?.length ?? 0;
}

/** What 1C's order documents did. */
export interface OrdersReport {
  documents: number;
  applied: number;
  unknown: number;
}

/** The site order a 1C document is about: Ид or Номер (ours), else the «Номер документа на сайте: N» of its comment. */
function orderIdsOf(doc: CmlDocument): number[] {
  return [doc.id, doc.number, /Номер документа на сайте:\s*(\d+)/.exec(doc.comment)?.[1] ?? ""]
    .map((c) => c.trim())
    .filter((c) => /^\d{1,9}$/.test(c))
    .map(Number);
}

/** Records 1C's view of the company's orders (see the module comment). */
export async function applyOrderDocuments(db: Db, companyId: number, documents: CmlDocument[], report: OrdersReport): Promise<void> {
  report.documents += documents.length;
  const candidates = documents.map((d) => ({ doc: d, ids: orderIdsOf(d) }));
  const ids = [...new Set(candidates.flatMap((c) => c.ids))];
  const own = new Set(
    ids.length > 0
      ? (
          await db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.supplierCompanyId, companyId), inArray(orders.id, ids)))
        ).map((r) => r.id)
      : [],
  );
  for (const { doc, ids: mine } of candidates) {
    const id = mine.find((candidate) => own.has(candidate));
    if (id === undefined) {
      report.unknown += 1;
      continue;
    }
    const posted = doc.requisites["Проведен"];
    const values = {
      companyId,
      number1c: doc.number1c || null,
      date1c: doc.date1c || null,
      deleted: doc.deleted,
      posted: posted === undefined ? null : posted === "true",
      status: doc.requisites["Статус заказа"] ?? doc.requisites["Статуса заказа ИД"] ?? null,
      requisites: doc.requisites,
      updatedAt: new Date(),
    };
    await db
      .insert(onecOrders)
      .values({ orderId: id, ...values })
      .onConflictDoUpdate({ target: onecOrders.orderId, set: values });
    report.applied += 1;
  }
}
