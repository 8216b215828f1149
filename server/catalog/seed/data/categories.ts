/**
 * The category tree of the demo catalogue: goods really traded between Russia and China, each
 * subcategory tied to real TN VED headings (its products get real 10-digit codes under them, named
 * from the official texts), with a few Chinese product nouns, grades, sizes and price magnitudes.
 *
 * Prices are RUB per unit at 2024–2025 levels (order of magnitude only); CNY and USD prices are
 * derived in products.ts.
 */
import type { TopCategoryDef } from "../types.ts";
import { readSeedData } from "./load.ts";

/** The top categories with their subcategories (categories.json). */
export const CATEGORIES: TopCategoryDef[] = readSeedData<TopCategoryDef[]>("categories");
