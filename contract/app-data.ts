/**
 * `GET /app/data`: what a client loads at start (spec §3): languages, currencies, the classifiers'
 * editions and sizes, the top categories the header and footer link to, and catalogue totals.
 * Every figure is a per-process cache refreshed about once a minute.
 */
import { z } from "zod";
import { LANGS } from "./lang-schemas.ts";
import { CURRENCIES, LangQuery } from "./common.ts";
import { TopCategorySchema } from "./categories.ts";
import { defineRoute } from "./route.ts";

const ImportSchema = z.object({
  edition: z.string().nullable(),
  count: z.number().int().min(0).meta({ description: "Codes in force" }),
  importedAt: z.string().nullable(),
});

export const AppDataSchema = z
  .object({
    appName: z.string(),
    defaultLanguage: z.enum(LANGS),
    languages: z.array(
      z.object({
        code: z.enum(LANGS),
        region: z.string().meta({ description: "BCP 47 tag, e.g. `ru-RU`" }),
        name: z.string().meta({ description: "The language's own name" }),
      }),
    ),
    defaultCurrency: z.enum(CURRENCIES),
    currencies: z.array(z.enum(CURRENCIES)),
    classifiers: z.object({
      okved: ImportSchema,
      tnved: ImportSchema.extend({
        provisionalCount: z.number().int().min(0).meta({ description: "Provisional codes of the 2017 edition" }),
      }),
    }),
    topCategories: z.array(TopCategorySchema).meta({ description: "Top-level categories with products, most products first" }),
    catalogue: z.object({ products: z.number().int().min(0), suppliers: z.number().int().min(0) }),
  })
  .meta({ id: "AppData" });
export type AppData = z.infer<typeof AppDataSchema>;
export type ClassifierStats = AppData["classifiers"];

export const getAppData = defineRoute({
  method: "GET",
  path: "/app/data",
  operationId: "getAppData",
  tag: "App",
  summary: "App data loaded at start",
  description: "Figures are per-process caches refreshed about once a minute.",
  auth: "public",
  query: LangQuery,
  data: AppDataSchema,
});
