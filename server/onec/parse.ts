/**
 * A CommerceML 2 reader (versions 2.03–2.10; issue 29 §2, ADR 054) for the files 1C sends in the
 * exchange: `import*.xml` (Классификатор: groups, properties, price types, warehouses; Каталог:
 * Товары/Товар), `offers*.xml` / `prices___*` / `rests___*` (ПакетПредложений: price types,
 * warehouses, Предложения/Предложение with Цены, Количество, Склад/Остатки) and order documents
 * (Документ, directly under the root or inside Контейнер since 2.08). It runs in the parse worker
 * (server/price-lists/worker.ts, bounded heap and time) and never builds a DOM of the file: saxes
 * streams the text, and only the element being collected (one Товар, one Предложение, one Документ,
 * one top-level Группа…) is held as a small tree, bounded per record.
 *
 * Namespace-agnostic (1C writes `urn:1C.ru:commerceml_2`, some files `…_210`, Bitrix none): only
 * local names are compared. The encoding is the XML declaration's (UTF-8 with a BOM from 1C,
 * windows-1251 from Bitrix), decoded chunk by chunk so a large file never becomes one string.
 *
 * Bounds (`CmlLimits`, limits.ts of server/onec): elements in the file (`cells`), products, offers and
 * documents each (`rows`), groups + properties (`categories`), elements of one record (`columns`
 * ×10), characters of one element (`cell_chars`), nesting (`xml_depth`). A breach throws
 * LimitError (price-lists/limits.ts); malformed XML or another root throws `Unreadable`.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { SaxesTagPlain } from "saxes";
import { over, type ReadLimits } from "../price-lists/limits.ts";
import { Unreadable, xmlFeeder } from "../price-lists/parse.ts";

/** A collected element: its local name, attributes, own text and children. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** The first child named `name` (or a path `a/b`), or undefined. */
export function child(node: XmlNode | undefined, path: string): XmlNode | undefined {
  let at = node;
  for (const part of path.split("/")) at = at?.children.find((c) => c.name === part);
  return at;
}

/** Every child named `name`. */
export const children = (node: XmlNode | undefined, name: string): XmlNode[] => node?.children.filter((c) => c.name === name) ?? [];

/** The trimmed text of the child at `path` ("" when absent). */
export const textOf = (node: XmlNode | undefined, path: string): string => child(node, path)?.text.trim() ?? "";

export interface CmlGroup {
  id: string;
  name: string;
  parentId: string | null;
}

export interface CmlPriceType {
  id: string;
  name: string;
  currency: string;
}

export interface CmlWarehouse {
  id: string;
  name: string;
}

/** One Товар of the catalogue, property values resolved to their texts. */
export interface CmlProduct {
  id: string;
  article: string;
  name: string;
  description: string;
  /** БазоваяЕдиница's OKEI code (trimmed; 1C pads it) and full name. */
  unitCode: string;
  unitName: string;
  groupIds: string[];
  /** `ТН ВЭД` / `Код ТН ВЭД` from ЗначенияРеквизитов or a property so named, digits only. */
  tnved: string;
  country: string;
  barcode: string;
  pictures: string[];
  /** Property values (ЗначенияСвойств) as `name: value`, and Изготовитель. */
  specs: { key: string; value: string }[];
  /** ПометкаУдаления=true or Статус «Удален»: 1C deleted it. */
  deleted: boolean;
}

export interface CmlPrice {
  typeId: string;
  price: string;
  currency: string;
  unit: string;
  /** Коэффициент: units of the base unit the price is for (1 when absent). */
  ratio: string;
}

/** One Предложение: `productId` is the part of Ид before `#` (a characteristic's offer is `product#characteristic`). */
export interface CmlOffer {
  id: string;
  productId: string;
  characteristicId: string | null;
  article: string;
  name: string;
  unitCode: string;
  prices: CmlPrice[];
  /** Количество as written (null when absent: the file carries no stock). */
  quantity: string | null;
  stock: { warehouseId: string; quantity: string }[];
  deleted: boolean;
}

export interface CmlDocumentLine {
  id: string;
  name: string;
  price: string;
  quantity: string;
  amount: string;
}

/** One Документ (an order, either way): `requisites` are ЗначенияРеквизитов by name. */
export interface CmlDocument {
  id: string;
  number: string;
  date: string;
  operation: string;
  role: string;
  currency: string;
  amount: string;
  number1c: string;
  date1c: string;
  comment: string;
  deleted: boolean;
  version: string;
  counterparties: { name: string; role: string }[];
  lines: CmlDocumentLine[];
  requisites: Record<string, string>;
}

/** What the file is and what it says of itself (root and package attributes). */
export interface CmlMeta {
  version: string;
  /** Каталог present (with or without Товары) / its Товары element present. */
  hasCatalog: boolean;
  hasProducts: boolean;
  hasOffers: boolean;
  /** `СодержитТолькоИзменения="true"` on Каталог or ПакетПредложений. */
  onlyChanges: boolean;
  groups: CmlGroup[];
  priceTypes: CmlPriceType[];
  warehouses: CmlWarehouse[];
  products: number;
  offers: number;
  documents: number;
}

/** The reader's output, in file order. */
export type CmlEvent =
  /** The classifier's groups, price types and warehouses so far: sent when Классификатор, ТипыЦен or Склады closes, before the records that use them. */
  | { type: "classifier"; groups: CmlGroup[]; priceTypes: CmlPriceType[]; warehouses: CmlWarehouse[] }
  | { type: "products"; products: CmlProduct[] }
  | { type: "offers"; offers: CmlOffer[] }
  | { type: "documents"; documents: CmlDocument[] };

export type CmlLimits = Pick<ReadLimits, "rows" | "columns" | "cells" | "cellChars" | "categories" | "xmlDepth">;

const BATCH = 250;

/** Text chunks of `source` (bytes), decoded by the XML declaration's encoding (UTF-8 by default, BOM dropped). */
export async function* decodeXmlChunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head = new Uint8Array(0);
  for await (const chunk of source) {
    if (!decoder) {
      const joined = new Uint8Array(head.byteLength + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.byteLength);
      if (joined.byteLength < 256) {
        head = joined;
        continue;
      }
      decoder = decoderFor(joined);
      yield decoder.decode(joined, { stream: true });
      continue;
    }
    yield decoder.decode(chunk, { stream: true });
  }
  if (!decoder) {
    if (head.byteLength === 0) return;
    decoder = decoderFor(head);
    yield decoder.decode(head, { stream: true });
  }
  yield decoder.decode();
}

function decoderFor(head: Uint8Array): TextDecoder {
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(
    Buffer.from(head.subarray(0, 200))
      .toString("latin1")
      .replace(/^\xEF\xBB\xBF/, ""),
  )?.[1];
  try {
    // `ignoreBOM: false` (the default) drops a UTF-8 BOM.
    return new TextDecoder(declared ? declared.toLowerCase() : "utf-8", { fatal: false });
  } catch {
    throw new Unreadable(`unknown encoding ${declared}`);
  }
}

/** `bytes` in slices (a file held whole is still decoded and parsed piece by piece). */
export async function* slices(bytes: Uint8Array, size = 1 << 20): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

const bool = (text: string) => text.trim().toLowerCase() === "true";

function groupsOf(node: XmlNode, parentId: string | null, out: CmlGroup[]) {
  const id = textOf(node, "Ид");
  if (id) out.push({ id, name: textOf(node, "Наименование") || id, parentId });
  for (const sub of children(child(node, "Группы"), "Группа")) groupsOf(sub, id || parentId, out);
}

const TNVED_NAMES = /^(код\s*)?тн\s*вэд(\s*еаэс)?$/i;

function productOf(node: XmlNode, properties: Map<string, { name: string; values: Map<string, string> }>): CmlProduct {
  const specs: { key: string; value: string }[] = [];
  let tnved = "";
  let country = textOf(node, "Страна");
  for (const value of children(child(node, "ЗначенияСвойств"), "ЗначенияСвойства")) {
    const property = properties.get(textOf(value, "Ид"));
    const raw = children(value, "Значение")
      .map((v) => v.text.trim())
      .filter(Boolean);
    const texts = raw.map((v) => property?.values.get(v) ?? v).filter(Boolean);
    if (!property || texts.length === 0) continue;
    const text = texts.join(", ");
    if (TNVED_NAMES.test(property.name)) tnved = text;
    else specs.push({ key: property.name, value: text });
  }
  const requisites = children(child(node, "ЗначенияРеквизитов"), "ЗначениеРеквизита");
  for (const r of requisites) {
    const name = textOf(r, "Наименование");
    const value = textOf(r, "Значение");
    if (TNVED_NAMES.test(name) && value) tnved = value;
    if (/^страна(\s*происхождения)?$/i.test(name) && value && !country) country = value;
  }
  const maker = textOf(node, "Изготовитель/Наименование");
  if (maker) specs.push({ key: "Изготовитель", value: maker });
  const unit = child(node, "БазоваяЕдиница");
  const status = node.attrs["Статус"] ?? textOf(node, "Статус");
  return {
    id: textOf(node, "Ид"),
    article: textOf(node, "Артикул"),
    name: textOf(node, "Наименование"),
    description: child(node, "Описание")?.text.trim() ?? "",
    unitCode: (unit?.attrs["Код"] ?? "").trim() || (unit?.text.trim() ?? ""),
    unitName: unit?.attrs["НаименованиеПолное"] ?? unit?.text.trim() ?? "",
    groupIds: children(child(node, "Группы"), "Ид")
      .map((g) => g.text.trim())
      .filter(Boolean),
    tnved: tnved.replace(/[\s.]/g, ""),
    country,
    barcode: textOf(node, "Штрихкод"),
    pictures: children(node, "Картинка")
      .map((p) => p.text.trim())
      .filter(Boolean),
    specs,
    deleted: bool(textOf(node, "ПометкаУдаления")) || status.toLowerCase().startsWith("удален"),
  };
}

function offerOf(node: XmlNode): CmlOffer {
  const id = textOf(node, "Ид");
  const hash = id.indexOf("#");
  const stock: { warehouseId: string; quantity: string }[] = [];
  // 2.07: <Склад ИдСклада=… КоличествоНаСкладе=…/>; 2.09+: <Остатки><Остаток><Склад><Ид/><Количество/>.
  for (const s of children(node, "Склад")) {
    if (s.attrs["ИдСклада"]) stock.push({ warehouseId: s.attrs["ИдСклада"], quantity: (s.attrs["КоличествоНаСкладе"] ?? "0").trim() });
  }
  let restsTotal: number | null = null;
  for (const rest of children(child(node, "Остатки"), "Остаток")) {
    const store = child(rest, "Склад");
    if (store) {
      stock.push({ warehouseId: textOf(store, "Ид"), quantity: textOf(store, "Количество") || "0" });
      restsTotal = (restsTotal ?? 0) + (Number(textOf(store, "Количество").replace(",", ".")) || 0);
    } else if (textOf(rest, "Количество")) {
      restsTotal = (restsTotal ?? 0) + (Number(textOf(rest, "Количество").replace(",", ".")) || 0);
    }
  }
  const quantity = child(node, "Количество") ? textOf(node, "Количество") : restsTotal !== null ? String(restsTotal) : null;
  const unit = child(node, "БазоваяЕдиница");
  return {
    id,
    productId: hash >= 0 ? id.slice(0, hash) : id,
    characteristicId: hash >= 0 ? id.slice(hash + 1) || null : null,
    article: textOf(node, "Артикул"),
    name: textOf(node, "Наименование"),
    unitCode: (unit?.attrs["Код"] ?? "").trim(),
    prices: children(child(node, "Цены"), "Цена").map((p) => ({
      typeId: textOf(p, "ИдТипаЦены"),
      price: textOf(p, "ЦенаЗаЕдиницу"),
      currency: textOf(p, "Валюта"),
      unit: textOf(p, "Единица"),
      ratio: textOf(p, "Коэффициент") || "1",
    })),
    quantity,
    stock,
    deleted: bool(textOf(node, "ПометкаУдаления")),
  };
}

/** A Документ as read (shared with the order exchange's own output, which is parsed back in tests). */
export function documentOf(node: XmlNode): CmlDocument {
  const requisites: Record<string, string> = {};
  for (const r of children(child(node, "ЗначенияРеквизитов"), "ЗначениеРеквизита")) {
    const name = textOf(r, "Наименование");
    if (name) requisites[name] = textOf(r, "Значение");
  }
  return {
    id: textOf(node, "Ид"),
    number: textOf(node, "Номер"),
    date: textOf(node, "Дата"),
    operation: textOf(node, "ХозОперация"),
    role: textOf(node, "Роль"),
    currency: textOf(node, "Валюта"),
    amount: textOf(node, "Сумма"),
    number1c: textOf(node, "Номер1С"),
    date1c: textOf(node, "Дата1С"),
    comment: textOf(node, "Комментарий"),
    deleted: bool(textOf(node, "ПометкаУдаления")),
    version: textOf(node, "НомерВерсии"),
    counterparties: children(child(node, "Контрагенты"), "Контрагент").map((c) => ({
      name: textOf(c, "Наименование") || textOf(c, "ОфициальноеНаименование"),
      role: textOf(c, "Роль"),
    })),
    lines: children(child(node, "Товары"), "Товар").map((t) => ({
      id: textOf(t, "Ид"),
      name: textOf(t, "Наименование"),
      price: textOf(t, "ЦенаЗаЕдиницу"),
      quantity: textOf(t, "Количество"),
      amount: textOf(t, "Сумма"),
    })),
    requisites,
  };
}

/** Which element starts a record, by its name and its parent's (and grandparent's) names. */
type Capture = "group" | "property" | "priceType" | "warehouse" | "product" | "offer" | "document";

function captureOf(name: string, stack: readonly string[]): Capture | null {
  const parent = stack.at(-1);
  const grand = stack.at(-2);
  if (name === "Группа" && parent === "Группы" && grand === "Классификатор") return "group";
  if (name === "Свойство" && parent === "Свойства" && grand === "Классификатор") return "property";
  if (name === "ТипЦены" && parent === "ТипыЦен") return "priceType";
  if (name === "Склад" && parent === "Склады" && (grand === "Классификатор" || grand === "ПакетПредложений")) return "warehouse";
  if (name === "Товар" && parent === "Товары" && grand === "Каталог") return "product";
  if (name === "Предложение" && parent === "Предложения") return "offer";
  if (name === "Документ" && (parent === "КоммерческаяИнформация" || parent === "Контейнер")) return "document";
  return null;
}

/**
 * Reads a CommerceML file from `chunks` (text), yielding products, offers and documents in batches
 * of BATCH as they close; returns the file's meta (groups, price types, warehouses, counts).
 */
export async function* readCommerceMl(chunks: AsyncIterable<string>, limits: CmlLimits): AsyncGenerator<CmlEvent, CmlMeta> {
  const stack: string[] = [];
  const meta: CmlMeta = {
    version: "",
    hasCatalog: false,
    hasProducts: false,
    hasOffers: false,
    onlyChanges: false,
    groups: [],
    priceTypes: [],
    warehouses: [],
    products: 0,
    offers: 0,
    documents: 0,
  };
  const properties = new Map<string, { name: string; values: Map<string, string> }>();
  let products: CmlProduct[] = [];
  let offers: CmlOffer[] = [];
  let documents: CmlDocument[] = [];
  let capture: { kind: Capture; nodes: XmlNode[]; elements: number } | null = null;
  let elements = 0;
  let classifierItems = 0;
  let sawRoot = false;
  let classifierChanged = false;
  const perRecord = limits.columns * 10;

  const finish = (kind: Capture, node: XmlNode) => {
    switch (kind) {
      case "group": {
        const before = meta.groups.length;
        groupsOf(node, null, meta.groups);
        classifierItems += meta.groups.length - before;
        break;
      }
      case "property": {
        classifierItems += 1;
        const values = new Map<string, string>();
        for (const v of child(node, "ВариантыЗначений")?.children ?? []) {
          const id = textOf(v, "ИдЗначения");
          if (id) values.set(id, textOf(v, "Значение"));
        }
        const id = textOf(node, "Ид");
        if (id) properties.set(id, { name: textOf(node, "Наименование") || id, values });
        break;
      }
      case "priceType": {
        const id = textOf(node, "Ид");
        if (id && !meta.priceTypes.some((p) => p.id === id))
          meta.priceTypes.push({ id, name: textOf(node, "Наименование") || id, currency: textOf(node, "Валюта") });
        break;
      }
      case "warehouse": {
        const id = textOf(node, "Ид");
        if (id && !meta.warehouses.some((w) => w.id === id)) meta.warehouses.push({ id, name: textOf(node, "Наименование") || id });
        break;
      }
      case "product":
        meta.products += 1;
        if (meta.products > limits.rows) throw over("rows", meta.products, limits.rows);
        products.push(productOf(node, properties));
        break;
      case "offer":
        meta.offers += 1;
        if (meta.offers > limits.rows) throw over("rows", meta.offers, limits.rows);
        offers.push(offerOf(node));
        break;
      case "document":
        meta.documents += 1;
        if (meta.documents > limits.rows) throw over("rows", meta.documents, limits.rows);
        documents.push(documentOf(node));
        break;
    }
    if (classifierItems > limits.categories) throw over("categories", classifierItems, limits.categories);
  };

  const feeder = xmlFeeder(limits, {
    open(tag: SaxesTagPlain, name: string) {
      elements += 1;
      if (elements > limits.cells) throw over("cells", elements, limits.cells);
      if (stack.length === 0) {
        if (name !== "КоммерческаяИнформация")
          throw new Unreadable("the root element is not КоммерческаяИнформация (not a CommerceML file)");
        sawRoot = true;
        meta.version = String(tag.attributes["ВерсияСхемы"] ?? "");
      }
      if (capture) {
        capture.elements += 1;
        if (capture.elements > perRecord) throw over("columns", capture.elements, perRecord);
        const node: XmlNode = { name, attrs: attrsOf(tag), text: "", children: [] };
        capture.nodes.at(-1)!.children.push(node);
        capture.nodes.push(node);
      } else {
        if (name === "Каталог" && stack.at(-1) === "КоммерческаяИнформация") {
          meta.hasCatalog = true;
          if (bool(String(tag.attributes["СодержитТолькоИзменения"] ?? ""))) meta.onlyChanges = true;
        } else if (name === "Товары" && stack.at(-1) === "Каталог") meta.hasProducts = true;
        else if (name === "ПакетПредложений") {
          if (bool(String(tag.attributes["СодержитТолькоИзменения"] ?? ""))) meta.onlyChanges = true;
        } else if (name === "Предложения") meta.hasOffers = true;
        const kind = captureOf(name, stack);
        if (kind) capture = { kind, nodes: [{ name, attrs: attrsOf(tag), text: "", children: [] }], elements: 1 };
      }
      stack.push(name);
    },
    text(t: string) {
      if (!capture) return;
      const node = capture.nodes.at(-1)!;
      if (node.text.length + t.length > limits.cellChars) throw over("cell_chars", node.text.length + t.length, limits.cellChars);
      node.text += t;
    },
    close(name: string) {
      stack.pop();
      if (!capture && (name === "Классификатор" || name === "ТипыЦен" || name === "Склады")) classifierChanged = true;
      if (!capture) return;
      const node = capture.nodes.pop()!;
      if (capture.nodes.length === 0) {
        const kind = capture.kind;
        capture = null;
        finish(kind, node);
      }
    },
  });

  const classifier = (): CmlEvent => {
    classifierChanged = false;
    return { type: "classifier", groups: meta.groups, priceTypes: meta.priceTypes, warehouses: meta.warehouses };
  };
  for await (const chunk of chunks) {
    feeder.write(chunk);
    // Records closed in the same chunk as the classifier come after it in the file: it goes first.
    if (classifierChanged) yield classifier();
    if (products.length >= BATCH) {
      yield { type: "products", products };
      products = [];
    }
    if (offers.length >= BATCH) {
      yield { type: "offers", offers };
      offers = [];
    }
    if (documents.length >= BATCH) {
      yield { type: "documents", documents };
      documents = [];
    }
    await nextTurn();
  }
  if (!sawRoot) throw new Unreadable("the file is empty or not XML");
  feeder.close();
  if (stack.length > 0) throw new Unreadable("the file ends inside an element (it is cut short)");
  if (classifierChanged) yield classifier();
  if (products.length > 0) yield { type: "products", products };
  if (offers.length > 0) yield { type: "offers", offers };
  if (documents.length > 0) yield { type: "documents", documents };
  return meta;
}

function attrsOf(tag: SaxesTagPlain): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tag.attributes)) out[key.slice(key.indexOf(":") + 1)] = String(value);
  return out;
}
