/**
 * Helpers for writing the goods vocabulary compactly: localized strings, options, size series.
 */
import type { L3, Opt } from "../types.ts";

export const l = (ru: string, en: string, zh: string): L3 => ({ ru, en, zh });

/** An option; `extra.k` multiplies the price, `extra.codes` narrows the TN VED codes for this choice. */
export const o = (
  ru: string,
  en: string,
  zh: string,
  extra: { k?: number; codes?: string[]; attrs?: Record<string, string> } = {},
): Opt => ({
  ru,
  en,
  zh,
  ...extra,
});

/** Russian decimal comma. */
const ruNum = (s: string) => s.replace(/(\d)\.(\d)/g, "$1,$2");

/**
 * A size series: "57x3.5" → «57×3,5 мм» / "57×3.5 mm" / "57×3.5mm". Prices scale with the first
 * number (or the product of all numbers with `mag: "product"`) to the power `scale` (0: same price).
 */
export function dims(
  values: string[],
  unit: [ru: string, en: string, zh: string] = ["мм", "mm", "mm"],
  {
    scale = 0,
    mag = "first",
    attr = "size",
    prefix,
  }: { scale?: number; mag?: "first" | "product"; attr?: string; prefix?: [string, string, string] } = {},
): Opt[] {
  const magnitude = (v: string) => {
    const numbers = v.match(/\d+(?:\.\d+)?/g)?.map(Number) ?? [1];
    return mag === "product" ? numbers.reduce((a, b) => a * b, 1) : numbers[0]!;
  };
  const base = magnitude(values[0]!);
  return values.map((v) => {
    const en = v.replace(/x/g, "×");
    const [pRu, pEn, pZh] = prefix ?? ["", "", ""];
    return {
      ru: `${pRu}${ruNum(en)}${unit[0] ? ` ${unit[0]}` : ""}`,
      en: `${pEn}${en}${unit[1] ? ` ${unit[1]}` : ""}`,
      zh: `${pZh}${en}${unit[2]}`,
      attrs: { [attr]: en },
      k: scale ? (magnitude(v) / base) ** scale : 1,
    };
  });
}

/** Options from parallel lists, with optional price factors. */
export function opts(ru: string[], en: string[], zh: string[], k?: number[]): Opt[] {
  return ru.map((r, i) => ({ ru: r, en: en[i]!, zh: zh[i]!, ...(k ? { k: k[i]! } : {}) }));
}

/** Common fact keys. */
export const KEY = {
  grade: l("Марка стали", "Steel grade", "钢号"),
  model: l("Модель", "Model", "型号"),
  size: l("Размер", "Size", "规格"),
  thickness: l("Толщина", "Thickness", "厚度"),
  diameter: l("Диаметр", "Diameter", "直径"),
  power: l("Мощность", "Power", "功率"),
  material: l("Материал", "Material", "材质"),
  type: l("Исполнение", "Type", "类型"),
  sort: l("Сорт", "Grade", "等级"),
  colour: l("Цвет", "Colour", "颜色"),
  packing: l("Фасовка", "Packing", "包装规格"),
  capacity: l("Производительность", "Capacity", "产能"),
  pressure: l("Давление", "Pressure", "压力"),
  voltage: l("Напряжение", "Voltage", "电压"),
  volume: l("Объём", "Volume", "容量"),
  density: l("Плотность", "Density", "密度"),
  section: l("Сечение", "Cross-section", "截面"),
  mark: l("Марка", "Grade", "牌号"),
  sizes: l("Размерный ряд", "Size range", "尺码"),
  fraction: l("Фракция", "Fraction", "粒径"),
  calibre: l("Калибр", "Size grade", "规格"),
  crop: l("Урожай", "Crop year", "产季"),
} as const;

/** Colours for goods sold in colours (variants). */
export const COLOURS: Opt[] = [
  { ru: "чёрный", en: "black", zh: "黑色", attrs: { colour: "black" } },
  { ru: "белый", en: "white", zh: "白色", attrs: { colour: "white" } },
  { ru: "серый", en: "grey", zh: "灰色", attrs: { colour: "grey" } },
  { ru: "синий", en: "blue", zh: "蓝色", attrs: { colour: "blue" } },
  { ru: "тёмно-синий", en: "navy", zh: "藏青色", attrs: { colour: "navy" } },
  { ru: "красный", en: "red", zh: "红色", attrs: { colour: "red" } },
  { ru: "бежевый", en: "beige", zh: "米色", attrs: { colour: "beige" } },
  { ru: "зелёный", en: "green", zh: "绿色", attrs: { colour: "green" } },
  { ru: "коричневый", en: "brown", zh: "棕色", attrs: { colour: "brown" } },
  { ru: "оранжевый", en: "orange", zh: "橙色", attrs: { colour: "orange" } },
];
