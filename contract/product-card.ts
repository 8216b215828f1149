/**
 * The product card of every product list (catalogue pages, a supplier's products, favourites):
 * what a list shows of a product and of its supplier. Texts are localized for the reader
 * (`{ text, lang }`); prices and quantities are decimal strings as PostgreSQL `numeric` gives them.
 *
 * TRANSITION (issue 13): written by the personal-profile resource for the favourites list; the
 * catalogue's resource owns this shape — when both are merged, one definition stays.
 */
import { z } from "zod";
import { CountrySchema, MediaRefSchema, RegionRefSchema } from "./common.ts";
import { LocalizedTextSchema } from "./lang-schemas.ts";

export const CURRENCY_CODES = ["RUB", "CNY", "USD"] as const;

export const CompanyCardSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    country: CountrySchema,
    region: RegionRefSchema.nullable(),
    city: LocalizedTextSchema.nullable(),
    logo: MediaRefSchema.nullable(),
    verificationLevel: z.number().int().min(0),
    okvedMain: z.string().nullable().meta({ description: "Main OKVED2 code" }),
    kind: z
      .enum(["manufacturer", "trader"])
      .nullable()
      .meta({ description: "From the main OKVED code: section C → manufacturer, class 46 → trader (ADR 006)" }),
  })
  .meta({ id: "CompanyCard" });
export type CompanyCard = z.infer<typeof CompanyCardSchema>;

export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    image: MediaRefSchema.nullable(),
    priceFrom: z.string().nullable().meta({ description: "Lowest price tier, decimal string" }),
    currency: z.enum(CURRENCY_CODES).nullable(),
    moq: z.string().nullable().meta({ description: "Minimum order quantity (MOQ), decimal string" }),
    moqUnit: z.string().nullable(),
    tnvedCode: z.string().nullable().meta({ description: "10-digit TN VED EAEU code" }),
    categoryId: z.number().int().nullable(),
    company: CompanyCardSchema,
    publishedAt: z.string().nullable().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "ProductCard" });
export type ProductCard = z.infer<typeof ProductCardSchema>;
