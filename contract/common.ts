/**
 * Shapes shared by several resources of the contract: media references, regions, list meta and
 * the small query objects most public reads take.
 */
import { z } from "zod";
import { LangSchema, LocalizedSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import { PageMetaSchema, PagingSchema } from "./route.ts";

/** An uploaded image or file as served: `url` under /media, pixel size when it is an image. */
export const MediaRefSchema = z
  .object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() })
  .meta({ id: "MediaRef" });
export type MediaRef = z.infer<typeof MediaRefSchema>;

export const COUNTRY_CODES = ["RU", "CN"] as const;
export const CountrySchema = z.enum(COUNTRY_CODES);
export type Country = z.infer<typeof CountrySchema>;

/**
 * A region a supplier is placed in: a subject of the Russian Federation (`code` = the two-digit
 * region code of INN and KPP) or a provincial-level division of China (`CN-` + the GB/T 2260 prefix).
 */
export const RegionCodeSchema = z.string().regex(/^(CN-)?\d{2}$/);
export const RegionRefSchema = z.object({ code: z.string(), country: CountrySchema, name: LocalizedTextSchema }).meta({ id: "RegionRef" });
export type RegionRef = z.infer<typeof RegionRefSchema>;

/** Meta of a catalogue list: `totalCapped` when the total stopped counting at its cap (ADR 009). */
export const ListMetaSchema = PageMetaSchema.extend({
  totalCapped: z.boolean().optional(),
  q: z.string().optional(),
  correctedQuery: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "Set when nothing matched as typed and these spelling-corrected words were searched" }),
}).meta({ id: "ListMeta" });
export type ListMeta = z.infer<typeof ListMetaSchema>;

export const LangQuery = z.object({ lang: LangSchema });
export const RandomQuery = z.object({ lang: LangSchema, count: z.coerce.number().int().min(1).max(50).default(8) });
export const PagedLangQuery = PagingSchema.extend({ lang: LangSchema });

/** Price currencies; they compare through the Bank of Russia rates (contract/money.ts, ADR 026). */
export const CURRENCIES = ["RUB", "CNY", "USD"] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/**
 * An exact decimal as PostgreSQL prints a `numeric` ("85000", "12.50"): prices and quantities
 * travel as strings so no binary rounding touches them.
 */
export const DecimalSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: "Exact decimal number as a string" });

/** A yes/no query parameter: `true`/`1` or `false`/`0`. */
export const FlagQuery = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Search words of a query parameter (trimmed, ≤ 200 characters). */
export const SearchWords = z.string().trim().max(200);

/** A supplier's kind, derived from its main OKVED code (section C → manufacturer, class 46 → trader; ADR 006). */
export const SupplierKindSchema = z.enum(["manufacturer", "trader"]);

/** A characteristic (key and value) written by a supplier, each localized for the reader. */
export const FactSchema = z.object({ key: LocalizedTextSchema, value: LocalizedTextSchema }).meta({ id: "Fact" });
export type Fact = z.infer<typeof FactSchema>;

/** A downloadable document (certificate, price list, catalogue) as served under /media. */
export const DocumentRefSchema = z
  .object({
    url: z.string(),
    title: LocalizedTextSchema.nullable(),
    mime: z.string(),
    size: z.number().int().min(0).meta({ description: "Bytes" }),
  })
  .meta({ id: "DocumentRef" });
export type DocumentRef = z.infer<typeof DocumentRefSchema>;

/** Meta of a search: the words searched and, when nothing matched as typed, the corrected ones. */
export const SearchMetaSchema = ListMetaSchema.extend({ q: z.string(), correctedQuery: z.string().nullable() }).meta({ id: "SearchMeta" });
export type SearchMeta = z.infer<typeof SearchMetaSchema>;

/** A URL-safe slug (tags, service types, categories). */
export const SlugSchema = z.string().regex(/^[a-z0-9-]{1,60}$/);

/** A stored upload as the API shows it (contract/files.ts). */
export { FileViewSchema, type FileView } from "./files.ts";

/** A fact of a company or product as stored: a label and its value, each in up to three languages. */
export const LocalizedFactSchema = z.object({ key: LocalizedSchema, value: LocalizedSchema }).meta({ id: "LocalizedFact" });
export type LocalizedFact = z.infer<typeof LocalizedFactSchema>;
