/**
 * The category plan: top categories and subcategories from data/categories.ts, with the database
 * ids and image files they get while seeding.
 */
import { CATEGORIES } from "./data/categories.ts";
import type { SubcategoryDef, TopCategoryDef } from "./types.ts";

export interface TopPlan {
  def: TopCategoryDef;
  position: number;
  id: number;
}

export interface SubPlan {
  def: SubcategoryDef;
  top: TopCategoryDef;
  topPlan: TopPlan;
  position: number;
  id: number;
  /** Ids of the `files` rows of the subcategory's picture pool. */
  imageFileIds: number[];
}

export function buildPlan(): { tops: TopPlan[]; subs: SubPlan[] } {
  const tops: TopPlan[] = [];
  const subs: SubPlan[] = [];
  CATEGORIES.forEach((def, t) => {
    const topPlan: TopPlan = { def, position: t + 1, id: 0 };
    tops.push(topPlan);
    def.subs.forEach((sub, s) => subs.push({ def: sub, top: def, topPlan, position: s + 1, id: 0, imageFileIds: [] }));
  });
  return { tops, subs };
}

/** Every TN VED heading of the plan, in order, without duplicates. */
export function planHeadings(subs: SubPlan[]): string[] {
  return [...new Set(subs.flatMap((s) => s.def.headings))];
}

/** The value whose key is the longest prefix of `code` (keys of 4–10 digits). */
export function byLongestPrefix<T>(table: Record<string, T> | undefined, code: string): T | undefined {
  if (!table) return undefined;
  for (let length = code.length; length >= 4; length--) {
    const value = table[code.slice(0, length)];
    if (value !== undefined) return value;
  }
  return undefined;
}
