/**
 * Helpers for the seed's localized strings: `l(ru, en, zh)` and the common fact keys (the vocabulary
 * itself is data: the JSON files beside this module).
 */
import type { L3 } from "../types.ts";

export const l = (ru: string, en: string, zh: string): L3 => ({ ru, en, zh });

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
