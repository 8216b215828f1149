/**
 * Units of measure used for MOQ (`products.moq_unit`), price tiers (`product_prices.unit`) and
 * variants. The database stores the language-neutral id; `UNITS[id]` gives the label per language
 * and the UN/CEFACT Recommendation 20 code it corresponds to, and its OKEI code (ОК 015-94,
 * ../shared/data/units/OKEIUoms.csv), which Russian contracts and customs documents print.
 */
export type UnitId = "t" | "kg" | "pcs" | "m" | "m2" | "m3" | "l" | "set" | "pair" | "pack";

export const UNITS: Record<UnitId, { ru: string; en: string; zh: string; unece: string; okei: string }> = {
  t: { ru: "т", en: "t", zh: "吨", unece: "TNE", okei: "168" },
  kg: { ru: "кг", en: "kg", zh: "千克", unece: "KGM", okei: "166" },
  pcs: { ru: "шт.", en: "pcs", zh: "件", unece: "H87", okei: "796" },
  m: { ru: "м", en: "m", zh: "米", unece: "MTR", okei: "006" },
  m2: { ru: "м²", en: "m²", zh: "平方米", unece: "MTK", okei: "055" },
  m3: { ru: "м³", en: "m³", zh: "立方米", unece: "MTQ", okei: "113" },
  l: { ru: "л", en: "l", zh: "升", unece: "LTR", okei: "112" },
  set: { ru: "компл.", en: "set", zh: "套", unece: "SET", okei: "839" },
  pair: { ru: "пар", en: "pairs", zh: "双", unece: "PR", okei: "715" },
  /** A pack, box or bundle (OKEI 778 «упак»): price lists sell small parts by the pack. */
  pack: { ru: "упак.", en: "pack", zh: "包", unece: "PK", okei: "778" },
};

export const UNIT_IDS = Object.keys(UNITS) as UnitId[];
