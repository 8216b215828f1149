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
import type { CurrencyCode } from "#contract/profile/fields.ts";
import type { PriceListField } from "#contract/profile/price-lists.ts";
import { UNITS, type UnitId } from "#contract/units.ts";

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
  "018": "m",
  "778": "pack",
};

/** Spellings (lower case, without dots and spaces) → unit: OKEI symbols and letter codes (ru, en), Rec. 20 codes, words. */
const UNIT_WORDS: Record<string, UnitId> = {};
const add = (unit: UnitId, ...words: string[]) => {
  for (const word of words) UNIT_WORDS[normalizeUnit(word)] = unit;
};
add(
  "pcs",
  "шт",
  "штука",
  "штуки",
  "штук",
  "штуку",
  "шт/кор",
  "pc",
  "pcs",
  "piece",
  "pieces",
  "ea",
  "each",
  "pce",
  "nmb",
  "h87",
  "件",
  "个",
  "只",
  "支",
);
add("kg", "кг", "килограмм", "килограммы", "kg", "kgs", "kgm", "kilogram", "kilograms", "千克", "公斤");
add("t", "т", "тн", "тонна", "тонны", "тонн", "тонна метрическая", "t", "tne", "ton", "tons", "tonne", "tonnes", "mt", "吨");
add(
  "m",
  "м",
  "метр",
  "метры",
  "метров",
  "пм",
  "погм",
  "м/п",
  "п/м",
  "мп",
  "погонный метр",
  "пог",
  "lm",
  "m",
  "mtr",
  "meter",
  "meters",
  "metre",
  "metres",
  "米",
);
add("m2", "м2", "м²", "квм", "кв.м", "квадратный метр", "m2", "m²", "sqm", "sq.m", "mtk", "平方米", "平米");
add("m3", "м3", "м³", "кубм", "куб.м", "кубический метр", "m3", "m³", "cbm", "mtq", "立方米", "方");
add("l", "л", "литр", "литры", "литров", "дм3", "l", "ltr", "liter", "liters", "litre", "litres", "升");
add("set", "компл", "комплект", "комплекты", "комплектов", "к-т", "кт", "набор", "наборы", "set", "sets", "kit", "套");
add("pack", "упак", "уп", "упаковка", "упаковки", "упаковок", "пачка", "пачки", "пач", "pack", "packs", "package", "pk", "nmp", "包", "盒");
add("pair", "пар", "пара", "пары", "pair", "pairs", "pr", "npr", "双", "对");
for (const [id, labels] of Object.entries(UNITS) as [UnitId, (typeof UNITS)[UnitId]][])
  add(id, id, labels.ru, labels.en, labels.zh, labels.unece);

function normalizeUnit(text: string): string {
  return text.toLowerCase().replace(/ё/g, "е").replace(/[\s.]/g, "");
}

/** The unit a cell names (an OKEI code such as `796`, a symbol `шт.`, a code `KGM`, a word `套`), or null. */
export function matchUnit(text: string): UnitId | null {
  const raw = text.trim();
  if (!raw) return null;
  if (/^\d{1,3}$/.test(raw)) return OKEI_CODES[raw.padStart(3, "0")] ?? null;
  return UNIT_WORDS[normalizeUnit(raw)] ?? null;
}

/**
 * A unit written with a pack size — «500 шт.», «упак. 10 шт», "box of 12 pcs" — is sold by the pack:
 * `{ unit: "pack", of }` (the caller keeps the text as a specification so the size is not lost).
 * Null when the text is no such thing.
 */
export function matchPackUnit(text: string): { unit: UnitId; of: string } | null {
  const m = /^(?:(?:упак\.?|уп\.?|упаковка|pack|box|коробка|кор\.?)\s*(?:по|of)?\s*)?(\d+(?:[.,]\d+)?)\s*([^\d\s].*)$/iu.exec(text.trim());
  if (!m || !matchUnit(m[2]!)) return null;
  return { unit: "pack", of: text.trim() };
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

/** Spelling of a country name for comparison: lower case, ё → е, no punctuation, no «Республика»-like words. */
function normalizeCountry(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Other names people write for a country (normalized), beyond the CLDR names of `Intl.DisplayNames`. */
const COUNTRY_ALIASES: Record<string, string> = {
  рф: "RU",
  "российская федерация": "RU",
  russia: "RU",
  "russian federation": "RU",
  俄罗斯联邦: "RU",
  кнр: "CN",
  "китайская народная республика": "CN",
  prc: "CN",
  "p r china": "CN",
  "pr china": "CN",
  "people s republic of china": "CN",
  "peoples republic of china": "CN",
  "mainland china": "CN",
  中华人民共和国: "CN",
  中國: "CN",
  сша: "US",
  usa: "US",
  "u s a": "US",
  "соединенные штаты америки": "US",
  америка: "US",
  uk: "GB",
  англия: "GB",
  великобритания: "GB",
  "great britain": "GB",
  england: "GB",
  корея: "KR",
  "южная корея": "KR",
  "south korea": "KR",
  korea: "KR",
  韩国: "KR",
  беларусь: "BY",
  белоруссия: "BY",
  "республика беларусь": "BY",
  казахстан: "KZ",
  "республика казахстан": "KZ",
  тайвань: "TW",
  taiwan: "TW",
  台湾: "TW",
  гонконг: "HK",
  "hong kong": "HK",
  香港: "HK",
  германия: "DE",
  фрг: "DE",
  турция: "TR",
  turkey: "TR",
  türkiye: "TR",
  чехия: "CZ",
  czechia: "CZ",
  "czech republic": "CZ",
  нидерланды: "NL",
  голландия: "NL",
  holland: "NL",
  оаэ: "AE",
  uae: "AE",
};

let countryNames: Map<string, string> | null = null;

/** Every region code's name in ru, en and zh (CLDR, through `Intl.DisplayNames`), normalized → code. */
function countryIndex(): Map<string, string> {
  if (countryNames) return countryNames;
  const index = new Map<string, string>();
  const namers = (["ru", "en", "zh", "zh-Hant"] as const).map((l) => new Intl.DisplayNames([l], { type: "region", fallback: "none" }));
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // Not countries: the EU, the UN, "unknown", private-use and exceptional codes.
      if (["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"].includes(code)) continue;
      for (const namer of namers) {
        const name = namer.of(code);
        if (name && name !== code) index.set(normalizeCountry(name), code);
      }
    }
  }
  for (const [name, code] of Object.entries(COUNTRY_ALIASES)) index.set(normalizeCountry(name), code);
  countryNames = index;
  return index;
}

/**
 * The ISO 3166-1 alpha-2 code of a country as people write it in a price list: a code (`CN`, `ru`,
 * `RUS`, `CHN`), a name in Russian, English or Chinese («Китай», "China", 中国 — CLDR names through
 * `Intl.DisplayNames`, plus common short forms: РФ, КНР, США…), also with a region after it
 * («Россия, Воронежская область» → RU), in brackets («Китай (КНР)») or as "Made in China" /
 * «Сделано в Китае». Null when no country is recognised.
 */
export function matchCountry(text: string): string | null {
  const raw = text.trim();
  if (!raw) return null;
  if (/^[A-Za-z]{2}$/.test(raw)) {
    const code = raw.toUpperCase();
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code) ? code : null;
  }
  const alpha3: Record<string, string> = {
    RUS: "RU",
    CHN: "CN",
    USA: "US",
    DEU: "DE",
    KOR: "KR",
    TUR: "TR",
    BLR: "BY",
    KAZ: "KZ",
    TWN: "TW",
    JPN: "JP",
    ITA: "IT",
  };
  if (/^[A-Za-z]{3}$/.test(raw) && alpha3[raw.toUpperCase()]) return alpha3[raw.toUpperCase()]!;
  const index = countryIndex();
  const candidates = [
    raw,
    raw.replace(/\([^)]*\)/g, " "),
    ...raw.split(/[,;/(]|\s[-–—]\s/),
    raw.replace(/^(made in|сделано в|произведено в|страна[:\s]+|产地[:：]?)\s*/iu, ""),
  ];
  for (const candidate of candidates) {
    const key = normalizeCountry(candidate);
    if (!key) continue;
    const found = index.get(key);
    if (found) return found;
  }
  // «Сделано в Китае»: the prepositional case of the common names.
  const prepositional: Record<string, string> = {
    китае: "CN",
    россии: "RU",
    германии: "DE",
    турции: "TR",
    корее: "KR",
    тайване: "TW",
    беларуси: "BY",
    италии: "IT",
    японии: "JP",
    сша: "US",
  };
  const last = normalizeCountry(raw).split(" ").at(-1) ?? "";
  return prepositional[last] ?? null;
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
  ["productId", ["id товара", "product id", "商品id", "商品 id"]],
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
      "номенклатура",
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
      "цена от количества",
      "количество от",
      "цена от",
      "qty from",
      "quantity from",
      "from quantity",
      "price from quantity",
      "min quantity",
      "minquantity",
      "tier",
      "起始数量",
      "数量从",
      "起订数量",
    ],
  ],
  [
    "price",
    [
      "цена",
      "стоимость",
      "цена за единицу",
      "опт",
      "оптовая цена",
      "цена опт",
      "цена оптовая",
      "price",
      "unit price",
      "wholesale price",
      "价格",
      "单价",
      "批发价",
    ],
  ],
  ["currency", ["валюта", "currency", "币种", "货币"]],
  ["unit", ["ед изм", "единица измерения", "единица", "ед", "unit", "uom", "units", "单位", "计量单位"]],
  [
    "moq",
    [
      "мин партия",
      "минимальная партия",
      "мин заказ",
      "минимальный заказ",
      "мин количество",
      "минимальное количество",
      "moq",
      "minimum order",
      "min order",
      "minimum order quantity",
      "min order quantity",
      "起订量",
      "最小起订量",
    ],
  ],
  ["tnvedCode", ["тн вэд", "код тн вэд", "тнвэд", "tn ved", "tnved", "tnved code", "hs code", "hs", "海关编码", "hs编码"]],
  ["category", ["категория", "раздел", "группа", "category", "类别", "分类"]],
  [
    "originCountry",
    [
      "страна происхождения",
      "страна производства",
      "страна производитель",
      "страна изготовления",
      "страна произ ва",
      "страна",
      "производство",
      "country of origin",
      "origin",
      "country",
      "made in",
      "原产国",
      "产地",
    ],
  ],
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

/**
 * A wholesale tier column's threshold from its header: «от 10 шт», «Цена от 100 кг», "from 50 pcs",
 * «10+ шт» are a quantity (`{ kind: "quantity", min, unit }`); «Цена от 50 000 руб», «от 100 000 ₽»
 * an order sum (`{ kind: "sum", amount }`). Null for anything else — «Опт 1» names a level but no
 * threshold, so it cannot become a tier by itself (ADR 043).
 */
export function tierHeader(
  header: string,
): { kind: "quantity"; min: string; unit: UnitId | null } | { kind: "sum"; amount: string } | null {
  const h = header.replace(/\s+/g, " ").trim().toLowerCase();
  const m =
    /^(?:цена|price|опт|оптовая цена|价格)?\s*(?:от|from|при заказе от|≥|>=)\s*([\d\s.,]+?)\s*([^\d\s].*)?$/u.exec(h) ??
    /^(?:цена\s*)?([\d\s.,]+?)\s*\+\s*([^\d\s].*)?$/u.exec(h);
  if (!m) return null;
  const amount = parseDecimal(m[1]!, 12, 3);
  if (amount === null) return null;
  const rest = (m[2] ?? "").replace(/[.,:)]+$/, "").trim();
  if (rest && matchCurrency(rest)) return { kind: "sum", amount };
  if (/^(тыс\.?\s*)?(руб|₽|р\.?$)/u.test(rest))
    return { kind: "sum", amount: rest.startsWith("тыс") ? String(Number(amount) * 1000) : amount };
  if (Number(amount) <= 0) return null;
  const unit = rest ? matchUnit(rest) : null;
  if (rest && !unit) return null;
  return { kind: "quantity", min: amount, unit };
}

/** A threshold every order reaches (from 0 roubles, from 1 unit): its column is the base price. */
function isBaseTier(t: ReturnType<typeof tierHeader>): boolean {
  return t !== null && (t.kind === "sum" ? Number(t.amount) === 0 : Number(t.min) <= 1);
}

/** A header that names the price including VAT («Цена с НДС», "price incl. VAT", 含税价). */
const WITH_VAT = /(с ндс|вкл(ючая)? ндс|incl(uding)? vat|with vat|gross|含税)/iu;

/**
 * Guesses every column, each field at most once (the first column wins; of several price columns
 * the one including VAT, which is what a buyer pays in Russia), wholesale tier columns by their
 * threshold (`tierHeader`: «от 10 шт»), unrecognised headers become specifications.
 */
export function guessMapping(headers: string[]): (PriceListField | "")[] {
  const taken = new Set<PriceListField>();
  // «от 0 ₽», «от 1 шт»: the base price column, not a tier.
  const fields = headers.map((header) => (isBaseTier(tierHeader(header)) ? "price" : guessField(header)));
  const prices = fields.flatMap((f, i) => (f === "price" ? [i] : []));
  const preferredPrice = prices.find((i) => WITH_VAT.test(headers[i] ?? "")) ?? prices[0];
  return headers.map((header, index) => {
    const field = fields[index]!;
    if (tierHeader(header) && !isBaseTier(tierHeader(header))) return "priceTier";
    if (field === "price" && index !== preferredPrice) return header.trim() ? "spec" : "";
    if (field && !taken.has(field)) {
      taken.add(field);
      return field;
    }
    return header.trim() ? "spec" : "";
  });
}

/**
 * How much a row looks like the header of a price list: the number of distinct fields its cells
 * name (`guessField`), 0 unless one of them is the name. The first rows of real price lists are
 * titles, logos and contacts; the header is the row that names the most known columns.
 */
export function headerScore(cells: string[]): number {
  const fields = new Set(cells.map((c) => (isBaseTier(tierHeader(c)) ? "price" : guessField(c))).filter((f) => f !== ""));
  if (!fields.has("name")) return 0;
  return fields.size + cells.filter((c) => tierHeader(c) && !isBaseTier(tierHeader(c))).length;
}
