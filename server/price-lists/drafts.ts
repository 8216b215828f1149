/**
 * From a price list's records to product drafts, with every row's errors (issue 15):
 *
 * - CSV/XLSX: the header row names the columns; `mapping.columns[i]` says which field column `i`
 *   fills. Each further row is a product — or, when its SKU repeats an earlier row's, one more price
 *   tier of that product (a price list writes tiers as rows: "from 100 pcs — 90 RUB").
 * - YML: an offer is a product: `name` (or `model`), `description`, `price` + `currencyId` (RUR is
 *   RUB), `vendorCode` (else the offer id) as SKU, `min-quantity` as MOQ, `categoryId` through
 *   `mapping.categories`, each `<param>` a specification (`name`: `value unit`); a param named like
 *   a unit, TN VED code or country of origin fills that field instead.
 *
 * Checks per row (codes of contract/profile/price-lists.ts `ROW_ERROR_CODES`): a name (≤ 300
 * characters), prices and quantities as decimals, known currency and unit (OKEI, values.ts), a TN
 * VED code of 10 digits that exists in the classifier, a known category, an ISO country code, and —
 * for an SKU the company already has — a product that may be changed (not under moderation or
 * blocked). A row with any error is left out of the import; the others are imported.
 */
import type { CurrencyCode } from "../../contract/profile/fields.ts";
import type { PreviewRow, PriceListField, PriceListMapping, RowError, RowErrorCode } from "../../contract/profile/price-lists.ts";
import type { UnitId } from "../../contract/units.ts";
import { matchCurrency, matchUnit, normalizeHeader, parseDecimal } from "./values.ts";
import type { TableRow, YmlOffer } from "./read.ts";

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
  /** Shown in the preview: the cells as mapped. */
  preview: PreviewRow;
}

const clip = (value: string) => (value.length > 100 ? `${value.slice(0, 99)}…` : value);

function rowErrors(row: number) {
  const errors: RowError[] = [];
  const add = (field: string, code: RowErrorCode, value: string) => errors.push({ row, field, code, value: clip(value) });
  return { errors, add };
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
  sku: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  minQuantity: string;
  unit: string;
  moq: string;
  tnvedCode: string;
  category: string;
  originCountry: string;
  specs: { key: string; value: string }[];
  /** The YML category id, mapped through `mapping.categories`. */
  ymlCategory?: string;
}

/** Checks one record's cells and builds its draft (a row's own fields; merging by SKU is `mergeBySku`). */
export function draftOf(row: number, cells: Cells, mapping: PriceListMapping, lookups: DraftLookups): ReadRow {
  const { errors, add } = rowErrors(row);
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
    if (matched) unit = matched;
    else add("unit", "unit_unknown", cells.unit);
  }
  let currency: CurrencyCode = mapping.currency;
  if (cells.currency.trim()) {
    const matched = matchCurrency(cells.currency);
    if (matched) currency = matched;
    else add("currency", "currency_unknown", cells.currency);
  }
  const tiers: DraftTier[] = [];
  if (cells.price.trim()) {
    const price = parseDecimal(cells.price, 12, 2);
    let minQuantity: string | null = "1";
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
  let moq: string | null = null;
  if (cells.moq.trim()) {
    moq = parseDecimal(cells.moq, 11, 3);
    if (moq === null || Number(moq) <= 0) {
      add("moq", "moq_invalid", cells.moq);
      moq = null;
    }
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
  let originCountry: string | null = null;
  if (cells.originCountry.trim()) {
    const code = cells.originCountry.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code)) originCountry = code;
    else add("originCountry", "country_invalid", cells.originCountry);
  }
  const specs = cells.specs
    .map((s) => ({ key: s.key.trim().slice(0, 50), value: s.value.trim().slice(0, SPEC_MAX) }))
    .filter((s) => s.key && s.value)
    .slice(0, 50);
  const draft: ProductDraft = {
    row,
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
  return { row, draft, errors, preview: previewOf(draft, errors) };
}

const EMPTY: Omit<Cells, "specs"> = {
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
  const cells: Cells = { ...EMPTY, specs: [] };
  columns.forEach((field, index) => {
    const value = row.cells[index] ?? "";
    if (!field) return;
    if (field === "spec") cells.specs.push({ key: headers[index] ?? `#${index + 1}`, value });
    else if (!cells[field as Exclude<PriceListField, "spec">]) cells[field as Exclude<PriceListField, "spec">] = value;
  });
  return cells;
}

const PARAM_FIELDS: [keyof Cells, RegExp][] = [
  ["unit", /^(единица( измерения)?|ед\.? ?изм\.?|unit|uom|单位)$/i],
  ["tnvedCode", /^(тн ?вэд|код тн ?вэд|tn ?ved|hs( code)?|海关编码)$/i],
  ["originCountry", /^(страна происхождения|country of origin|原产国)$/i],
  ["moq", /^(минимальный заказ|moq|起订量)$/i],
];

/** A YML offer's cells (see the module comment). */
export function cellsOfOffer(offer: YmlOffer): Cells {
  const cells: Cells = {
    ...EMPTY,
    sku: offer.vendorCode || offer.id,
    name: offer.name,
    description: offer.description,
    price: offer.price,
    currency: offer.currencyId,
    moq: offer.minQuantity,
    specs: [],
    ymlCategory: offer.categoryId,
  };
  for (const param of offer.params) {
    const target = PARAM_FIELDS.find(([, pattern]) => pattern.test(param.name.trim()))?.[0];
    if (target && !cells[target]) (cells as unknown as Record<string, string>)[target] = param.value;
    else cells.specs.push({ key: param.name, value: param.unit ? `${param.value} ${param.unit}` : param.value });
  }
  if (offer.salesNotes) cells.specs.push({ key: "sales_notes", value: offer.salesNotes });
  return cells;
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
    if (!draft.sku) {
      this.drafts.push(draft);
      return null;
    }
    // Exact, as the unique index (company, sku) compares them.
    const key = draft.sku;
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
