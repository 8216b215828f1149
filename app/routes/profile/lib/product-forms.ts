/**
 * Forms of the supplier's product pages (issue 5), shared by the browser (Conform's inline
 * validation) and the route actions. They are built from the API's own schemas
 * (contract/profile/products.ts, isomorphic), so a form can never accept what the API refuses:
 *
 * - `ProductMainSchema`: the product page's one form — `card` (ProductSchema: name, description,
 *   source language, category, TN VED code, MOQ and unit, origin), `facts` (FactsSchema's list) and
 *   `variants` (VariantsSchema's list). Field names are `card.name.ru`, `facts[0].key.ru`,
 *   `variants[1].attributes[0].value`…; the action sends each part to its own endpoint, and only the
 *   parts that changed (a published product's every changed part waits for a moderator).
 * - `ProductCardFormSchema`: the new-product form (`card` only).
 * - `PriceFormSchema`: the price tiers (PriceTiersSchema) plus the page's own rule: within one
 *   currency and unit, each tier starts at a larger quantity than the one above it
 *   (`profileProducts.errors.tierOrder`), so the table reads top-down like a price list.
 *
 * Messages are validation codes (`validation.<code>`) or, for this module's rules, locale keys —
 * app/components/form/messages.ts translates both.
 */
import { z } from "zod";
import { FactsSchema } from "#contract/profile/fields.ts";
import { PriceTiersSchema, ProductSchema, VariantsSchema } from "#contract/profile/products.ts";

/** Statuses a supplier filters the product list by (blocked products appear under "all"). */
export const LIST_STATUSES = ["draft", "moderation", "published", "rejected"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export const ProductMainSchema = z.object({
  card: ProductSchema,
  facts: FactsSchema.shape.facts.default([]),
  variants: VariantsSchema.shape.variants.default([]),
});
export type ProductMainInput = z.output<typeof ProductMainSchema>;

export const ProductCardFormSchema = z.object({ card: ProductSchema });

/** The message of a tier whose quantity does not grow after the previous tier of its currency and unit. */
export const TIER_ORDER_ERROR = "profileProducts.errors.tierOrder";

export const PriceFormSchema = PriceTiersSchema.superRefine((value, ctx) => {
  const last = new Map<string, number>();
  value.tiers.forEach((tier, index) => {
    const key = `${tier.currency}:${tier.unit}`;
    const quantity = Number(tier.minQuantity);
    const previous = last.get(key);
    if (previous !== undefined && quantity < previous)
      ctx.addIssue({ code: "custom", message: TIER_ORDER_ERROR, path: ["tiers", index, "minQuantity"] });
    last.set(key, Math.max(previous ?? quantity, quantity));
  });
});

/** A localized text `{ ru?, en?, zh? }` in the page's language, else the source language, else any. */
export function localizedText(
  value: { ru?: string; en?: string; zh?: string } | null | undefined,
  lang: "ru" | "en" | "zh",
  sourceLang?: string | null,
): { text: string; lang: "ru" | "en" | "zh" } | null {
  if (!value) return null;
  const order = [lang, sourceLang, "ru", "en", "zh"].filter((l): l is "ru" | "en" | "zh" => l === "ru" || l === "en" || l === "zh");
  for (const l of order) if (value[l]) return { text: value[l]!, lang: l };
  return null;
}
