/**
 * The FNS registers' facts as visitors see them (issue 30 §2, ADR 057): the bands the supplier list
 * filters on and the register block of a company page. Shared by the server (which computes the
 * bands) and the web tier (which names them).
 */
import { z } from "zod";
import { HEADCOUNT_RANGES } from "./profile/fields.ts";

/** SME categories of the Unified Register of SMEs (КатСубМСП 1, 2, 3). */
export const SME_CATEGORIES = ["micro", "small", "medium"] as const;
export type SmeCategory = (typeof SME_CATEGORIES)[number];
export const SmeCategorySchema = z.enum(SME_CATEGORIES);

/** The register's number (1 micro, 2 small, 3 medium) as a category name, or null. */
export function smeCategoryOf(code: number | null): SmeCategory | null {
  return code === 1 ? "micro" : code === 2 ? "small" : code === 3 ? "medium" : null;
}

/** A category name as the register's number (the column `companies.sme_category`). */
export function smeCategoryCode(category: SmeCategory): number {
  return SME_CATEGORIES.indexOf(category) + 1;
}

/** Headcount bands: the ones a company chooses on its card (contract/profile/fields.ts). */
export const HEADCOUNT_BANDS = HEADCOUNT_RANGES;
export const HeadcountBandSchema = z.enum(HEADCOUNT_BANDS);
export type HeadcountBand = z.infer<typeof HeadcountBandSchema>;

/**
 * Revenue bands, in roubles a year. The limits are those of the SME categories (Government Decree
 * No. 265 of 4 April 2016: micro up to 120 million, small up to 800 million, medium up to
 * 2 billion), so a band reads as "the size of a micro / small / medium business".
 */
export const REVENUE_BANDS = ["upto120m", "120m-800m", "800m-2b", "over2b"] as const;
export type RevenueBand = (typeof REVENUE_BANDS)[number];
export const RevenueBandSchema = z.enum(REVENUE_BANDS);

/** Upper limits (exclusive) of the first three bands, in roubles. */
export const REVENUE_BAND_LIMITS = [120_000_000, 800_000_000, 2_000_000_000] as const;

/** The band of a yearly revenue in roubles (a negative or zero revenue is in the first band). */
export function revenueBand(revenue: number): RevenueBand {
  const index = REVENUE_BAND_LIMITS.findIndex((limit) => revenue < limit);
  return REVENUE_BANDS[index === -1 ? REVENUE_BANDS.length - 1 : index]!;
}

export const COMPANY_ORIGINS = ["platform", "register"] as const;
export const CompanyOriginSchema = z
  .enum(COMPANY_ORIGINS)
  .meta({ description: "`platform`: run by its people here; `register`: from the FNS registers, nobody runs it here yet" });
export type CompanyOriginValue = z.infer<typeof CompanyOriginSchema>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The register block of a company page: what the FNS registers say and as of when. */
export const RegisterFactsSchema = z
  .object({
    asOf: Day.nullable().meta({ description: "State date of the latest SME register file that listed the company" }),
    smeCategory: SmeCategorySchema.nullable(),
    smeIncludedAt: Day.nullable().meta({ description: "When the company entered the SME register" }),
    leftAt: Day.nullable().meta({ description: "State date of the first SME register file that no longer listed it" }),
    headcountBand: HeadcountBandSchema.nullable().meta({ description: "Average headcount, as a band" }),
    headcountAsOf: Day.nullable(),
    revenueBand: RevenueBandSchema.nullable().meta({ description: "Yearly revenue, as a band" }),
    revenueAsOf: Day.nullable().meta({ description: "The last day of the year the revenue is for" }),
  })
  .meta({ id: "RegisterFacts" });
export type RegisterFacts = z.infer<typeof RegisterFactsSchema>;
