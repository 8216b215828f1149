/** Labels of the units of measure the catalogue stores as ids ("t", "pcs", …; contract/units.ts). */
import { UNITS, type UnitId } from "../../contract/units.ts";
import type { Lang } from "./i18n.ts";

export function unitLabel(unit: string | null | undefined, lang: Lang): string {
  if (!unit) return "";
  return Object.hasOwn(UNITS, unit) ? UNITS[unit as UnitId][lang] : unit;
}
