/**
 * Regions a supplier may be placed in (spec §7 `/api/regions`): the subjects of the Russian
 * Federation (`code` = the two-digit region code of INN and KPP) and the provincial-level divisions
 * of China (`CN-` + the GB/T 2260 prefix), in that order; server/catalog/regions.ts cites the sources.
 */
import { z } from "zod";
import { LangSchema } from "./lang-schemas.ts";
import { CountrySchema } from "./common.ts";
import { defineRoute } from "./route.ts";

/** One region as a form's choice: the name in the asked language (else Russian, then English). */
export const RegionChoiceSchema = z.object({ code: z.string(), country: CountrySchema, name: z.string() }).meta({ id: "RegionChoice" });
export type RegionChoice = z.infer<typeof RegionChoiceSchema>;

export const RegionListQuery = z.object({ lang: LangSchema, country: CountrySchema.optional() });

export const listRegions = defineRoute({
  method: "GET",
  path: "/api/regions",
  operationId: "listRegions",
  tag: "Suppliers",
  summary: "Regions a supplier may be placed in",
  description:
    "The subjects of the Russian Federation (code = the two-digit region code of INN and KPP) and the provincial-level divisions of China (`CN-` + the GB/T 2260 prefix), in that order.",
  auth: "public",
  scopes: ["catalog:read"],
  query: RegionListQuery,
  data: z.array(RegionChoiceSchema),
});
