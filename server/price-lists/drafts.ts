/**
 * From a price list's records to product drafts, with every row's errors (issue 15):
 *
 * - CSV/XLSX: the header row names the columns; `mapping.columns[i]` says which field column `i`
 *   fills. Each further row is a product — or, when its SKU repeats an earlier row's, one more price
 *   tier of that product (a price list writes tiers as rows: "from 100 pcs — 90 RUB").
 * - Workbooks (`readTable`): every worksheet; each finds its own header row (the row naming the most
 *   known columns among its first HEADER_SEARCH_ROWS: real price lists open with titles, logos and
 *   contacts), rows above it are skipped; the sheet's name is a category (mapped like a YML
 *   category, key `sheet:<name>`); wholesale columns whose header names a threshold («от 10 шт»,
 *   «Цена от 50 000 руб») are price tiers; an `ID товара` column (our export) names the product.
 * - YML: an offer is a product: `name` (or `model`), `description` (HTML and plain text cleaned to
 *   formatted text, html-text.ts), `price` + `currencyId` (RUR is RUB), `vendorCode` (else the offer
 *   id) as SKU, `min-quantity` as MOQ (the first tier starts there; «от 5 т» is read with a
 *   warning), `step-quantity` and `sales_notes` as a note at the end of the description,
 *   `country_of_origin`, `categoryId` through `mapping.categories` (an id the file does not declare
 *   is a warning), each `<param>` a specification (`name`: `value unit`); a param named like a
 *   unit, TN VED code or country of origin fills that field instead, one named like a tier
 *   («Цена от 10 шт», our export) adds a price tier. `available="false"` offers are imported like
 *   the others — as drafts, so nobody sees them until the supplier submits them — with a warning;
 *   `oldprice` is not kept (the price is what a buyer pays now), with a warning (ADR 043).
 *
 * Checks per row (codes of contract/profile/price-lists.ts `ROW_ERROR_CODES`): a name (≤ 300
 * characters), prices and quantities as decimals, known currency and unit (OKEI, values.ts), a TN
 * VED code of 10 digits that exists in the classifier, a known category, a country (a code or a name
 * in ru/en/zh, values.ts `matchCountry`), and —
 * for an SKU the company already has — a product that may be changed (not under moderation or
 * blocked). A row with any error is left out of the import; the others are imported.
 */
import type { CurrencyCode } from "#contract/profile/fields.ts";
import type { PreviewRow, PriceListMapping, RowError, RowErrorCode, RowWarning, RowWarningCode } from "#contract/profile/price-lists.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import type { UnitId } from "#contract/units.ts";
import { descriptionText } from "./html-text.ts";
import {
  guessField,
  guessMapping,
  headerScore,
  matchCountry,
  matchCurrency,
  matchPackUnit,
  matchUnit,
  normalizeHeader,
  parseDecimal,
  tierHeader,
} from "./values.ts";
import type { TableRow, YmlCategory, YmlOffer } from "./read.ts";

export const NAME_MAX = 300;
export const DESCRIPTION_MAX = 10_000;
export const SKU_MAX = 100;
export const SPEC_MAX = 200;
/** Errors kept in the run record (counts are always exact). */
export const MAX_KEPT_ERRORS = 200;

export interface DraftTier {
  minQuantity: string;
  price: string;
  currency: CurrencyCode;
  unit: UnitId;
}

/** A product as a price list describes it (texts in the run's language). */
export interface ProductDraft {
  row: number;
  /** Our product number when the file names it (an export's `ID товара` column / param). */
  productId: number | null;
  sku: string | null;
  name: string;
  description: string | null;
  tiers: DraftTier[];
  moq: string | null;
  moqUnit: UnitId | null;
  tnvedCode: string | null;
  categoryId: number | null;
  originCountry: string | null;
  specs: { key: string; value: string }[];
}

/** What the checks need from the database, looked up by the caller. */
export interface DraftLookups {
  /** Category ids by normalized name (any language), slug or id. */
  categoryByName: Map<string, number>;
  categoryIds: Set<number>;
}

/** One row read and checked: the draft (null when the row only adds a tier) and its errors. */
export interface ReadRow {
  row: number;
  draft: ProductDraft;
  /** The tier this row adds, for merging rows of one SKU. */
  errors: RowError[];
  /** Read, but not as written (the row is still imported). */
  warnings: RowWarning[];
  /** Shown in the preview: the cells as mapped. */
  preview: PreviewRow;
}

const clip = (value: string) => (value.length > 100 ? `${value.slice(0, 99)}…` : value);

function rowErrors(row: number, sheet?: string) {
  const errors: RowError[] = [];
  const warnings: RowWarning[] = [];
  const where = sheet ? { row, sheet } : { row };
  const add = (field: string, code: RowErrorCode, value: string) => errors.push({ ...where, field, code, value: clip(value) });
  const warn = (field: string, code: RowWarningCode, value: string) => warnings.push({ ...where, field, code, value: clip(value) });
  return { errors, add, warnings, warn };
}

function previewOf(draft: ProductDraft, errors: RowError[]): PreviewRow {
  const tier = draft.tiers[0];
  return {
    row: draft.row,
    sku: draft.sku,
    name: draft.name,
    price: tier?.price ?? null,
    currency: tier?.currency ?? null,
    minQuantity: tier?.minQuantity ?? null,
    unit: tier?.unit ?? draft.moqUnit,
    moq: draft.moq,
    tnvedCode: draft.tnvedCode,
    categoryId: draft.categoryId,
    specs: draft.specs,
    errors,
  };
}

/** A TN VED cell as 10 digits (spaces and dots allowed), or null when it is not one. */
export function tnvedDigits(text: string): string | null {
  const digits = text.replace(/[\s.]/g, "");
  return /^\d{10}$/.test(digits) ? digits : null;
}

function checkCategory(text: string, lookups: DraftLookups): number | null | undefined {
  const raw = text.trim();
  if (!raw) return null;
  if (/^\d{1,9}$/.test(raw) && lookups.categoryIds.has(Number(raw))) return Number(raw);
  return lookups.categoryByName.get(normalizeHeader(raw)) ?? lookups.categoryByName.get(raw.toLowerCase()) ?? undefined;
}

interface Cells {
  productId: string;
  sku: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  minQuantity: string;
  unit: string;
  /** The unit column's header (a pack size «500 шт.» is kept as a specification under it). */
  unitHeader: string;
  moq: string;
  tnvedCode: string;
  category: string;
  originCountry: string;
  specs: { key: string; value: string }[];
  /** The YML category id (or `sheet:<name>` of a workbook), mapped through `mapping.categories`. */
  ymlCategory?: string;
  /** More tiers of the row: wholesale columns («от 10 шт») or tier params of a YML offer. */
  tiers: { threshold: NonNullable<ReturnType<typeof tierHeader>>; price: string; currency?: string; header: string }[];
  /** Warnings found while reading the cells (YML). */
  warnings: { field: string; code: RowWarningCode; value: string }[];
  /** Where the row is (a workbook with several sheets). */
  sheet?: string;
  /** A YML offer (a MOQ it cannot read is left out with a warning; a spreadsheet's is an error to fix). */
  yml?: boolean;
}

/** Checks one record's cells and builds its draft (a row's own fields; merging by SKU is `mergeBySku`). */
export function draftOf(row: number, cells: Cells, mapping: PriceListMapping, lookups: DraftLookups): ReadRow {
  const { errors, add, warnings, warn } = rowErrors(row, cells.sheet);
  for (const w of cells.warnings) warn(w.field, w.code, w.value);
  const productId = /^\d{1,9}$/.test(cells.productId.trim()) ? Number(cells.productId.trim()) : null;
  const extraSpecs: { key: string; value: string }[] = [];
  const name = cells.name.trim();
  if (!name) add("name", "name_required", cells.name);
  else if (name.length > NAME_MAX) add("name", "too_long", name);
  const description = cells.description.trim();
  if (description.length > DESCRIPTION_MAX) add("description", "too_long", description);
  const sku = cells.sku.trim() || null;
  if (sku && sku.length > SKU_MAX) add("sku", "too_long", sku);

  let unit: UnitId = mapping.unit;
  if (cells.unit.trim()) {
    const matched = matchUnit(cells.unit);
    const pack = matched ? null : matchPackUnit(cells.unit);
    if (matched) unit = matched;
    else if (pack) {
      // «500 шт.»: sold by the pack; the pack's size stays on the card as written.
      unit = pack.unit;
      extraSpecs.push({ key: cells.unitHeader || "unit", value: pack.of });
    } else add("unit", "unit_unknown", cells.unit);
  }
  let currency: CurrencyCode = mapping.currency;
  if (cells.currency.trim()) {
    const matched = matchCurrency(cells.currency);
    if (matched) currency = matched;
    else add("currency", "currency_unknown", cells.currency);
  }
  let moq: string | null = null;
  if (cells.moq.trim()) {
    moq = parseDecimal(cells.moq, 11, 3);
    if (moq === null || Number(moq) <= 0) {
      // «от 5 т», «10 шт»: the number (and its unit) read from the text, with a warning; anything else is no MOQ.
      const read = /^(?:от|from|min\.?|мин\.?)?\s*([\d\s.,]+?)\s*([^\d\s].*)?$/iu.exec(cells.moq.trim());
      const number = read ? parseDecimal(read[1]!, 11, 3) : null;
      const textUnit = read?.[2] ? matchUnit(read[2]) : null;
      if (number !== null && Number(number) > 0 && (!read?.[2] || textUnit)) {
        moq = number;
        if (textUnit && !cells.unit.trim()) unit = textUnit;
        warn("moq", "moq_read_from_text", cells.moq);
      } else {
        moq = null;
        if (cells.yml) warn("moq", "moq_ignored", cells.moq);
        else add("moq", "moq_invalid", cells.moq);
      }
    }
  }
  const tiers: DraftTier[] = [];
  if (cells.price.trim()) {
    const price = parseDecimal(cells.price, 12, 2);
    // The first tier starts at the MOQ when the row names no quantity: nobody sells below it.
    let minQuantity: string | null = moq ?? "1";
    if (cells.minQuantity.trim()) {
      minQuantity = parseDecimal(cells.minQuantity, 11, 3);
      if (minQuantity === null || Number(minQuantity) <= 0) {
        add("minQuantity", "quantity_invalid", cells.minQuantity);
        minQuantity = null;
      }
    }
    if (price === null) add("price", "price_invalid", cells.price);
    else if (minQuantity !== null) tiers.push({ minQuantity, price, currency, unit });
  }
  for (const extra of cells.tiers) {
    if (!extra.price.trim()) continue;
    const price = parseDecimal(extra.price, 12, 2);
    if (price === null) {
      add("priceTier", "price_invalid", extra.price);
      continue;
    }
    const tierCurrency = extra.currency ? matchCurrency(extra.currency) : currency;
    if (!tierCurrency) {
      add("currency", "currency_unknown", extra.currency ?? "");
      continue;
    }
    const t = extra.threshold;
    // A threshold of order sum becomes the quantity that reaches it at this tier's price.
    const min = t.kind === "quantity" ? t.min : Number(price) > 0 ? String(Math.max(1, Math.ceil(Number(t.amount) / Number(price)))) : null;
    if (min === null) continue;
    if (tiers.some((x) => x.currency === tierCurrency && Number(x.minQuantity) === Number(min))) continue;
    tiers.push({ minQuantity: min, price, currency: tierCurrency, unit: t.kind === "quantity" ? (t.unit ?? unit) : unit });
  }
  let tnvedCode: string | null = null;
  if (cells.tnvedCode.trim()) {
    tnvedCode = tnvedDigits(cells.tnvedCode);
    if (!tnvedCode) add("tnvedCode", "tnved_invalid", cells.tnvedCode);
  }
  let categoryId: number | null = null;
  if (cells.ymlCategory !== undefined) {
    categoryId = mapping.categories[cells.ymlCategory] ?? null;
  } else if (cells.category.trim()) {
    const found = checkCategory(cells.category, lookups);
    if (found === undefined) add("category", "category_unknown", cells.category);
    else categoryId = found;
  }
  if (cells.yml && cells.ymlCategory && !(cells.ymlCategory in mapping.categories))
    warn("categoryId", "category_not_declared", cells.ymlCategory);
  let originCountry: string | null = null;
  if (cells.originCountry.trim()) {
    originCountry = matchCountry(cells.originCountry);
    if (!originCountry) add("originCountry", "country_invalid", cells.originCountry);
  }
  const specs = [...cells.specs, ...extraSpecs]
    .map((s) => ({ key: s.key.trim().slice(0, 50), value: s.value.trim().slice(0, SPEC_MAX) }))
    .filter((s) => s.key && s.value)
    .slice(0, 50);
  const draft: ProductDraft = {
    row,
    productId,
    sku,
    name: name.slice(0, NAME_MAX),
    description: description ? description.slice(0, DESCRIPTION_MAX) : null,
    tiers,
    moq,
    moqUnit: moq ? unit : null,
    tnvedCode,
    categoryId,
    originCountry,
    specs,
  };
  return { row, draft, errors, warnings, preview: previewOf(draft, errors) };
}

const EMPTY: Omit<Cells, "specs" | "tiers" | "warnings"> = {
  productId: "",
  unitHeader: "",
  sku: "",
  name: "",
  description: "",
  price: "",
  currency: "",
  minQuantity: "",
  unit: "",
  moq: "",
  tnvedCode: "",
  category: "",
  originCountry: "",
};

/** A CSV/XLSX row's cells by the mapping (`headers` name the specifications). */
export function cellsOfRow(row: TableRow, headers: string[], columns: PriceListMapping["columns"]): Cells {
  const cells: Cells = { ...EMPTY, specs: [], tiers: [], warnings: [] };
  columns.forEach((field, index) => {
    // `'=…`: a formula our export (and Excel users) escaped with a quote; the text is without it.
    const value = (row.cells[index] ?? "").replace(/^'(?=[=+\-@\t\r])/, "");
    if (!field) return;
    const header = headers[index] ?? `#${index + 1}`;
    if (field === "spec") cells.specs.push({ key: header, value });
    else if (field === "priceTier") {
      const threshold = tierHeader(header);
      if (threshold) cells.tiers.push({ threshold, price: value, header });
      else cells.specs.push({ key: header, value });
    } else if (!cells[field]) {
      cells[field] = value;
      if (field === "unit") cells.unitHeader = header;
    }
  });
  return cells;
}

const PARAM_FIELDS: [keyof Cells, RegExp][] = [
  ["productId", /^(id товара|product id|商品 ?id)$/i],
  ["unit", /^(единица( измерения)?|ед\.? ?изм\.?|unit|uom|单位)$/i],
  ["tnvedCode", /^(тн ?вэд|код тн ?вэд|tn ?ved|hs( code)?|海关编码)$/i],
  ["originCountry", /^(страна( происхождения| производства| изготовления)?|country( of origin)?|origin|原产国|产地)$/i],
  ["moq", /^(минимальный заказ|мин\.? партия|минимальная партия|moq|起订量|最小起订量)$/i],
];

/** A note's label per language (the run's language: the text goes into that language's description). */
const NOTE_LABELS: Record<Lang, { step: string }> = {
  ru: { step: "Кратность заказа" },
  en: { step: "Order multiple" },
  zh: { step: "订购倍数" },
};

/** A YML offer's cells (see the module comment); `lang` is the language notes are written in. */
export function cellsOfOffer(offer: YmlOffer, lang: Lang = "ru"): Cells {
  const extra = offer.extra ?? {};
  const cells: Cells = {
    ...EMPTY,
    sku: offer.vendorCode || offer.id,
    name: offer.name,
    description: "",
    price: offer.price,
    currency: offer.currencyId,
    moq: offer.minQuantity,
    originCountry: extra.country_of_origin ?? "",
    specs: [],
    tiers: [],
    warnings: [],
    ymlCategory: offer.categoryId,
    yml: true,
  };
  for (const param of offer.params) {
    const target = PARAM_FIELDS.find(([, pattern]) => pattern.test(param.name.trim()))?.[0];
    const threshold = tierHeader(param.name);
    if (target && !cells[target]) (cells as unknown as Record<string, string>)[target] = param.value;
    else if (threshold && parseDecimal(param.value, 12, 2) !== null)
      cells.tiers.push({ threshold, price: param.value, currency: param.unit || undefined, header: param.name });
    else cells.specs.push({ key: param.name, value: param.unit ? `${param.value} ${param.unit}` : param.value });
  }
  // Our own export names the product; its offer id is then that number, not an article.
  if (cells.productId) cells.sku = offer.vendorCode;
  // The lowest tier of our export may start above the MOQ: a tier param with the offer's own price says where.
  const base = parseDecimal(offer.price, 12, 2);
  const same = cells.tiers.findIndex(
    (t) =>
      t.threshold.kind === "quantity" &&
      parseDecimal(t.price, 12, 2) === base &&
      (!t.currency || matchCurrency(t.currency) === matchCurrency(offer.currencyId || "RUB")),
  );
  if (same >= 0) {
    const [tier] = cells.tiers.splice(same, 1);
    if (tier!.threshold.kind === "quantity") cells.minQuantity = tier!.threshold.min;
  }
  const notes: string[] = [];
  const step = extra["step-quantity"];
  if (step) notes.push(`${NOTE_LABELS[lang].step}: ${step}`);
  if (offer.salesNotes) notes.push(offer.salesNotes);
  const description = offer.description ? descriptionText(offer.description) : "";
  cells.description = [description, ...notes].filter(Boolean).join("\n\n");
  if (!offer.available) cells.warnings.push({ field: "available", code: "offer_unavailable", value: "false" });
  if (extra.oldprice) cells.warnings.push({ field: "oldprice", code: "oldprice_ignored", value: extra.oldprice });
  return cells;
}

/**
 * Two header rows as one: per column the cell that names a known field (`guessField`), else the
 * upper one, else the lower one.
 */
export function mergeHeaderRows(upper: string[], lower: string[]): string[] {
  return Array.from({ length: Math.max(upper.length, lower.length) }, (_, i) => {
    const a = (upper[i] ?? "").trim();
    const b = (lower[i] ?? "").trim();
    if (!a || a === b) return b;
    if (!b) return a;
    if (guessField(b) && !guessField(a)) return b;
    if (tierHeader(b) && !tierHeader(a)) return b;
    return a;
  });
}

/** Rows of a sheet looked at for its header row. */
export const HEADER_SEARCH_ROWS = 30;

export interface TableReading {
  /** The first product sheet's header row (the preview's columns). */
  columns: { index: number; header: string }[];
  /** The workbook's product sheets as categories (`sheet:<name>`), when it has more than one. */
  categories: YmlCategory[];
  mapping: PriceListMapping;
  rows: ReadRow[];
}

/**
 * Reads CSV/XLSX rows (every worksheet) into checked rows (see the module comment). `given` is the
 * supplier's mapping: it applies to every sheet whose header row is the first sheet's; other
 * sheets use their own guessed columns. Throws `tooMany()` beyond `maxRows` rows.
 */
export async function readTable(
  source: AsyncIterable<TableRow>,
  lookups: DraftLookups,
  options: { given?: PriceListMapping; defaults: PriceListMapping; maxRows: number; tooMany: () => Error },
): Promise<TableReading> {
  const rows: ReadRow[] = [];
  let columns: TableReading["columns"] = [];
  let firstHeader: string[] | null = null;
  let mapping: PriceListMapping = options.given ?? options.defaults;
  const sheets: string[] = [];
  const sheetCategories: Record<string, number | null> = {};
  let sheetCount = 0;

  let current: { index: number; name: string; pending: TableRow[]; header: string[] | null; columns: PriceListMapping["columns"] } | null =
    null;

  const adoptHeader = (sheet: NonNullable<typeof current>, header: string[]) => {
    sheet.header = header;
    if (!firstHeader) {
      firstHeader = header;
      columns = header.map((h, index) => ({ index, header: h }));
      if (!options.given) mapping = { ...mapping, columns: guessMapping(header) };
      sheet.columns = mapping.columns;
    } else {
      const same = header.length === firstHeader.length && header.every((h, i) => h === firstHeader![i]);
      sheet.columns = same ? mapping.columns : guessMapping(header);
    }
    if (sheet.name && !sheets.includes(sheet.name)) {
      sheets.push(sheet.name);
      sheetCategories[`sheet:${sheet.name}`] = lookups.categoryByName.get(normalizeHeader(sheet.name)) ?? null;
    }
    warnLevels(sheet, header);
  };
  const levelWarned = new Set<string>();
  const warnLevels = (sheet: NonNullable<typeof current>, header: string[]) => {
    // «Опт 1», «ВИП»: price levels without a threshold stay specifications; said once per sheet.
    const levels = header.filter(
      (h, i) => sheet.columns[i] === "spec" && /^(опт|цена|price|level|уровень)\s*\d+$|^вип$|^vip$/iu.test(h.trim()),
    );
    if (levels.length > 0 && !levelWarned.has(sheet.name)) {
      levelWarned.add(sheet.name);
      sheetWarnings.push({
        row: 1,
        ...(sheet.name ? { sheet: sheet.name } : {}),
        field: "priceTier",
        code: "tier_without_threshold",
        value: clip(levels.join(", ")),
      });
    }
  };
  const sheetWarnings: RowWarning[] = [];

  const take = (sheet: NonNullable<typeof current>, row: TableRow) => {
    const cells = cellsOfRow(row, sheet.header!, sheet.columns);
    // A row that names nothing of a product (a group heading, a note, a total) is not a product row;
    // nor is a label with a sum under a priced list («Фиксировано | 608,93»): no price, no article,
    // at most two cells.
    if (!cells.name.trim() && !cells.price.trim() && !cells.sku.trim() && !cells.productId.trim()) return;
    // The header again (its second row, or repeated on every printed page).
    if (guessField(cells.name) === "name") return;
    const priced = sheet.columns.includes("price") || sheet.columns.includes("priceTier");
    if (priced && !cells.price.trim() && !cells.sku.trim() && row.cells.filter((c) => c.trim()).length <= 2) return;
    if (rows.length >= options.maxRows) throw options.tooMany();
    if (row.sheet) {
      if (sheetCount > 1) cells.sheet = row.sheet;
      if (!cells.category.trim()) cells.ymlCategory = `sheet:${row.sheet}`;
    }
    const categories = { ...sheetCategories, ...mapping.categories };
    rows.push(draftOf(row.row, cells, { ...mapping, categories }, lookups));
  };

  const finishHeaderSearch = (sheet: NonNullable<typeof current>) => {
    // The row naming most known columns — or two rows together, a header of merged cells split over
    // two rows («НАИМЕНОВАНИЕ» above, «ОПТ», «ОПТ 1» below); a sheet with none takes its first row
    // (a CSV's header).
    let best = -1;
    let bestHeader: string[] = [];
    let bestRows = 1;
    let bestScore = 0;
    sheet.pending.forEach((r, i) => {
      const candidates: [string[], number][] = [[r.cells, 1]];
      const next = sheet.pending[i + 1];
      if (next && next.row === r.row + 1) candidates.push([mergeHeaderRows(r.cells, next.cells), 2]);
      for (const [cells, count] of candidates) {
        const score = headerScore(cells);
        if (score > bestScore) {
          best = i;
          bestHeader = cells;
          bestRows = count;
          bestScore = score;
        }
      }
    });
    if (best < 0) {
      if (firstHeader && sheet.index > 0) {
        sheet.pending = [];
        return; // another sheet with no price list on it (notes, terms)
      }
      best = 0;
      bestHeader = sheet.pending[0]!.cells;
    }
    adoptHeader(sheet, bestHeader);
    const after = sheet.pending.slice(best + bestRows);
    sheet.pending = [];
    for (const r of after) take(sheet, r);
  };

  for await (const row of source) {
    if (!current || current.index !== row.sheetIndex) {
      if (current && !current.header) finishHeaderSearch(current);
      current = { index: row.sheetIndex, name: row.sheet, pending: [], header: null, columns: [] };
      sheetCount += 1;
    }
    if (current.header) {
      take(current, row);
      continue;
    }
    current.pending.push(row);
    if (current.pending.length >= HEADER_SEARCH_ROWS) finishHeaderSearch(current);
  }
  if (current && !current.header) finishHeaderSearch(current);
  if (sheets.length > 1) mapping = { ...mapping, categories: { ...sheetCategories, ...mapping.categories } };
  if (rows[0]) rows[0].warnings.unshift(...sheetWarnings);
  return {
    columns,
    categories: sheets.length > 1 ? sheets.map((name) => ({ id: `sheet:${name}`, name, parentId: null })) : [],
    mapping,
    rows,
  };
}

/**
 * Merges rows of one SKU into one draft: the first row's card, every row's tier (a second tier of
 * the same currency, unit and quantity is `tier_duplicate` on that row). Returns the merged drafts
 * and the extra errors.
 */
export class DraftSet {
  private bySku = new Map<string, ProductDraft>();
  readonly drafts: ProductDraft[] = [];

  /** Adds a valid row's draft; returns an error when it only repeats a tier already there. */
  add(draft: ProductDraft): RowError | null {
    if (!draft.sku && draft.productId === null) {
      this.drafts.push(draft);
      return null;
    }
    // Our product number first (an export's rows of one product, with or without an SKU), else the
    // SKU exactly, as the unique index (company, sku) compares them.
    const key = draft.productId !== null ? `#${draft.productId}` : `sku:${draft.sku}`;
    const existing = this.bySku.get(key);
    if (!existing) {
      this.bySku.set(key, draft);
      this.drafts.push(draft);
      return null;
    }
    for (const tier of draft.tiers) {
      const duplicate = existing.tiers.some(
        (t) => t.currency === tier.currency && t.unit === tier.unit && Number(t.minQuantity) === Number(tier.minQuantity),
      );
      if (duplicate) return { row: draft.row, field: "minQuantity", code: "tier_duplicate", value: tier.minQuantity };
    }
    if (existing.tiers.length + draft.tiers.length > 20)
      return { row: draft.row, field: "price", code: "tier_duplicate", value: draft.tiers[0]?.price ?? "" };
    existing.tiers.push(...draft.tiers);
    return null;
  }
}
