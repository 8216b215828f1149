/**
 * Shapes of the hand-written data the demo catalogue is generated from (data/*.json, typed by data/*.ts).
 *
 * The hand-written part is deliberately small: category names, the TN VED headings each subcategory
 * covers, a few Chinese product nouns, grades and sizes, price magnitudes and sentence templates.
 * Russian and English product names are derived from the real TN VED texts (see names.ts).
 */
import type { IconName } from "#contract/icons.ts";
import type { L3 } from "../regions.ts";
import type { UnitId } from "../units.ts";

export type { L3 };

/**
 * One choice of a size, colour or packing: `attrs` end up in variant attributes, `k` multiplies the
 * price.
 */
export type Opt = L3 & { attrs?: Record<string, string>; k?: number };

/** A grade or standard appended to product names: language-neutral ("AISI 304") or localized. */
export type Grade = string | L3;

/** How a product picture placeholder is drawn (see images.ts). */
export type Shape =
  | "pipes"
  | "sheets"
  | "bars"
  | "coil"
  | "gear"
  | "cable"
  | "chip"
  | "screen"
  | "tyre"
  | "drum"
  | "bricks"
  | "fabric"
  | "chair"
  | "box"
  | "leaf"
  | "fish"
  | "logs"
  | "bottle";

/** Unit, price range per unit in RUB and minimum order range in that unit. */
export interface Pricing {
  unit: UnitId;
  /** RUB per unit, before tier discounts (log-uniform between the two). */
  price: [number, number];
  moq: [number, number];
}

export interface VariantDef {
  /** TN VED prefixes this variant set applies to; all codes of the subcategory when omitted. */
  codes?: string[];
  /** Fact key for the range of values ("Размер", "Сечение"…). */
  key: L3;
  opts: Opt[];
}

export interface SubcategoryDef {
  slug: string;
  name: L3;
  /** TN VED headings (4 digits); products get a real 10-digit code under one of them. */
  headings: string[];
  /**
   * Chinese product nouns by TN VED prefix (4–10 digits; the longest matching prefix wins; one of
   * the listed nouns is picked per product).
   */
  zh: Record<string, string[]>;
  /**
   * Grades and standards for Russian suppliers (`ru`) and Chinese ones (`cn`). A string grade
   * «8501|АИР 100L4» applies only to codes starting with 8501. A string in one script (Cyrillic,
   * Chinese) is used only in names in that language; Latin-only strings in every language.
   */
  grades?: { ru: Grade[]; cn: Grade[] };
  /** TN VED prefixes to draw codes from, for headings that also hold unrelated goods (8421: filters, not centrifuges). */
  only?: string[];
  /** Which «;»-separated part of a heading's name names the goods (default 0). */
  headingPart?: Record<string, number>;
  pricing: Pricing;
  /** Pricing overrides for some headings (e.g. sanitary ware in pieces next to tiles in m²). */
  pricingBy?: Record<string, Pricing>;
  variants?: VariantDef[];
  /** Materials for the specs ("Материал"). */
  materials?: L3[];
  /** OKVED2 codes: `make` for manufacturers (first is the usual main one), `trade` for wholesalers. */
  okved: { make: string[]; trade: string[] };
  /** Where Russian manufacturers of these goods are (region codes), if anywhere specific. */
  ruRegions?: string[];
  /** Where Chinese manufacturers are (CN-xx codes). */
  cnRegions?: string[];
  shape: Shape;
}

export interface TopCategoryDef {
  slug: string;
  name: L3;
  icon: IconName;
  /** Base colour of the category's images, #rrggbb. */
  colour: string;
  /** Conformity documents usually supplied with such goods in the EAEU. */
  cert: L3;
  /** Packing options for the specs. */
  packing: L3[];
  /**
   * Description sentences; placeholders: {name} (product name, lower-cased start), {moq}, {unit},
   * {city}, {cert}, {grade}.
   */
  sentences: L3[];
  /** The company-name stem for generated names: Russian («труб»), Chinese (钢管) and English (Steel Pipe). */
  stem: { ru: string[]; zh: string[]; en: string[] };
  subs: SubcategoryDef[];
}
