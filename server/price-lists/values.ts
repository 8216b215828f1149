/**
 * Reading the cells of a price list: units (OKEI codes and symbols → our unit ids), prices and
 * quantities written the way people write them, currencies, and the guess of which product field a
 * header names (in Russian, English or Chinese).
 *
 * Units: OKEI (ОК 015-94, ../shared/data/units/OKEIUoms.csv) codes, Russian and English symbols and
 * letter codes, plus the UN/CEFACT Rec. 20 codes of contract/units.ts and the usual Chinese words.
 * Only units the product forms know (contract/units.ts) are matched; anything else is null, which
 * the caller reports as `unit_unknown`.
 */
import type { CurrencyCode } from "../../contract/profile/fields.ts";
import type { PriceListField } from "../../contract/profile/price-lists.ts";
import { UNITS, type UnitId } from "../../contract/units.ts";

/** OKEI code → our unit (codes from OKEIUoms.csv: 796 штука, 166 кг, 168 т, 006 м, 055 м², 113 м³, 112 л, 839 комплект, 704 набор, 715 пара). */
export const OKEI_CODES: Record<string, UnitId> = {
  "796": "pcs",
  "166": "kg",
  "168": "t",
  "006": "m",
  "055": "m2",
  "113": "m3",
  "112": "l",
  "839": "set",
  "704": "set",
  "715": "pair",
};

/** Spellings (lower case, without dots and spaces) → unit: OKEI symbols and letter codes (ru, en), Rec. 20 codes, words. */
const UNIT_WORDS: Record<string, UnitId> = {};
const add = (unit: UnitId, ...words: string[]) => {
  for (const word of words) UNIT_WORDS[normalizeUnit(word)] = unit;
};
add("pcs", "шт", "штука", "штуки", "штук", "pc", "pcs", "piece", "pieces", "ea", "each", "pce", "nmb", "h87", "件", "个", "只", "支");
add("kg", "кг", "килограмм", "килограммы", "kg", "kgs", "kgm", "kilogram", "kilograms", "千克", "公斤");
add("t", "т", "тн", "тонна", "тонны", "тонн", "t", "tne", "ton", "tons", "tonne", "tonnes", "mt", "吨");
add("m", "м", "метр", "метры", "метров", "пм", "погм", "m", "mtr", "meter", "meters", "metre", "metres", "米");
add("m2", "м2", "м²", "квм", "кв.м", "квадратный метр", "m2", "m²", "sqm", "sq.m", "mtk", "平方米", "平米");
add("m3", "м3", "м³", "кубм", "куб.м", "кубический метр", "m3", "m³", "cbm", "mtq", "立方米", "方");
add("l", "л", "литр", "литры", "литров", "дм3", "l", "ltr", "liter", "liters", "litre", "litres", "升");
add("set", "компл", "комплект", "комплекты", "набор", "set", "sets", "kit", "套");
add("pair", "пар", "пара", "пары", "pair", "pairs", "pr", "npr", "双", "对");
for (const [id, labels] of Object.entries(UNITS) as [UnitId, (typeof UNITS)[UnitId]][])
  add(id, id, labels.ru, labels.en, labels.zh, labels.unece);

function normalizeUnit(text: string): string {
  return text.toLowerCase().replace(/[\s.]/g, "");
}

/** The unit a cell names (an OKEI code such as `796`, a symbol `шт.`, a code `KGM`, a word `套`), or null. */
export function matchUnit(text: string): UnitId | null {
  const raw = text.trim();
  if (!raw) return null;
  if (/^\d{1,3}$/.test(raw)) return OKEI_CODES[raw.padStart(3, "0")] ?? null;
  return UNIT_WORDS[normalizeUnit(raw)] ?? null;
}

/**
 * A decimal as people type it — `1 234,50`, `1,234.50`, `1234.5 руб.`, `12.00$` — as a plain
 * decimal string with at most `scale` decimals (rounded half up), or null when it is not a
 * non-negative number or has more than `integerDigits` digits before the point.
 */
export function parseDecimal(text: string, integerDigits: number, scale: number): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith("-")) return null;
  // Currency signs and words around the number go; separators in the middle must make sense.
  let s = trimmed
    .replace(/[\s\u00a0\u202f']/g, "")
    .replace(/\D+$/u, "")
    .replace(/^[^\d.,]+/u, "");
  if (!s) return null;
  const grouped = (sep: string, dec: string) => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+(\\${dec}\\d+)?$`).test(s);
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the later one separates the decimals, the other groups thousands.
    if (lastComma > lastDot) {
      if (!grouped(".", ",")) return null;
      s = s.replace(/\./g, "").replace(",", ".");
    } else {
      if (!grouped(",", ".")) return null;
      s = s.replace(/,/g, "");
    }
  } else if (lastComma >= 0) {
    if ((s.match(/,/g)?.length ?? 0) > 1) {
      if (!grouped(",", ".")) return null;
      s = s.replace(/,/g, "");
    } else s = s.replace(",", ".");
  } else if ((s.match(/\./g)?.length ?? 0) > 1) {
    if (!grouped(".", ",")) return null;
    s = s.replace(/\./g, "");
  }
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(s)) return null;
  const [intPart = "0", fraction = ""] = s.split(".");
  const int = intPart.replace(/^0+(?=\d)/, "") || "0";
  if (int.length > integerDigits) return null;
  if (fraction.length <= scale) return `${int}${fraction.replace(/0+$/, "") ? `.${fraction.replace(/0+$/, "")}` : ""}`;
  // Round half up in decimal, without binary floating point.
  const digits = BigInt(int + fraction.slice(0, scale)) + (Number(fraction[scale]) >= 5 ? 1n : 0n);
  const str = digits.toString().padStart(scale + 1, "0");
  const whole = str.slice(0, str.length - scale);
  const decimals = str.slice(str.length - scale).replace(/0+$/, "");
  if (whole.length > integerDigits) return null;
  return decimals ? `${whole}.${decimals}` : whole;
}

const CURRENCY_WORDS: Record<string, CurrencyCode> = {
  rub: "RUB",
  rur: "RUB",
  руб: "RUB",
  рубль: "RUB",
  рублей: "RUB",
  р: "RUB",
  "₽": "RUB",
  cny: "CNY",
  rmb: "CNY",
  юань: "CNY",
  юаней: "CNY",
  "¥": "CNY",
  元: "CNY",
  人民币: "CNY",
  usd: "USD",
  $: "USD",
  доллар: "USD",
  долларов: "USD",
  美元: "USD",
};

/** The currency a cell names (`RUB`, `RUR`, `руб.`, `₽`, `CNY`, `RMB`, `¥`, `USD`, `$`…), or null. */
export function matchCurrency(text: string): CurrencyCode | null {
  return CURRENCY_WORDS[text.trim().toLowerCase().replace(/\.$/, "")] ?? null;
}

/** Header words → field, compared after `normalizeHeader`. Longer phrases are tried first. */
const HEADER_WORDS: [PriceListField, string[]][] = [
  [
    "sku",
    [
      "артикул",
      "арт",
      "код товара",
      "sku",
      "article",
      "vendor code",
      "vendorcode",
      "part number",
      "item code",
      "货号",
      "商品编码",
      "编号",
      "型号",
    ],
  ],
  [
    "name",
    [
      "наименование",
      "название",
      "наименование товара",
      "товар",
      "name",
      "product",
      "product name",
      "title",
      "名称",
      "品名",
      "产品名称",
      "商品名称",
    ],
  ],
  ["description", ["описание", "description", "描述", "说明", "产品描述"]],
  [
    "minQuantity",
    [
      "от",
      "от количества",
      "количество от",
      "цена от",
      "qty from",
      "quantity from",
      "from quantity",
      "min quantity",
      "minquantity",
      "tier",
      "起始数量",
      "数量从",
    ],
  ],
  ["price", ["цена", "стоимость", "цена за единицу", "price", "unit price", "价格", "单价"]],
  ["currency", ["валюта", "currency", "币种", "货币"]],
  ["unit", ["ед изм", "единица измерения", "единица", "ед", "unit", "uom", "units", "单位", "计量单位"]],
  ["moq", ["мин заказ", "минимальный заказ", "минимальная партия", "moq", "minimum order", "min order", "起订量", "最小起订量"]],
  ["tnvedCode", ["тн вэд", "код тн вэд", "тнвэд", "tn ved", "tnved", "tnved code", "hs code", "hs", "海关编码", "hs编码"]],
  ["category", ["категория", "раздел", "группа", "category", "类别", "分类"]],
  ["originCountry", ["страна происхождения", "страна", "country of origin", "origin", "country", "原产国", "产地"]],
];

/** Lower case, no punctuation or extra spaces: `Ед. изм.` → `ед изм`. */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The field a header names, or "" when none is recognised. Exact phrases first, then a header that
 * starts with one (`Цена, руб.` → price); each field is guessed for one column only (the caller).
 */
export function guessField(header: string): PriceListField | "" {
  const h = normalizeHeader(header);
  if (!h) return "";
  for (const [field, words] of HEADER_WORDS) if (words.some((w) => normalizeHeader(w) === h)) return field;
  for (const [field, words] of HEADER_WORDS) {
    if (words.some((w) => normalizeHeader(w).length >= 3 && h.startsWith(`${normalizeHeader(w)} `))) return field;
  }
  return "";
}

/** Guesses every column, each field at most once (the first column wins); unrecognised headers become specifications. */
export function guessMapping(headers: string[]): (PriceListField | "")[] {
  const taken = new Set<PriceListField>();
  return headers.map((header) => {
    const field = guessField(header);
    if (field && !taken.has(field)) {
      taken.add(field);
      return field;
    }
    return header.trim() ? "spec" : "";
  });
}
