/**
 * Autofill for the profile forms through a DaData-compatible provider (server/suggestions): the
 * organisation registered with an INN, and address lines. Both need a signed-in caller, because
 * every call spends the provider's quota. Without a provider token they answer
 * `{ configured: false, items: [] }`; when the provider fails, `{ configured: true, available: false }`.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";

const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

export const PartySuggestionSchema = z
  .object({
    kind: z.enum(["legal", "individual"]).meta({ description: "Legal entity or sole proprietor" }),
    inn: z.string(),
    kpp: z.string().nullable(),
    ogrn: z.string().nullable().meta({ description: "OGRN, or OGRNIP of a sole proprietor" }),
    nameFull: z.string(),
    nameShort: z.string().nullable(),
    address: z.string().nullable(),
    state: z.string().nullable().meta({ description: "Registry state: ACTIVE, LIQUIDATING, LIQUIDATED, BANKRUPT, REORGANIZING" }),
  })
  .meta({ id: "PartySuggestion" });
export type PartySuggestion = z.infer<typeof PartySuggestionSchema>;

export const AddressSuggestionSchema = z
  .object({
    value: z.string(),
    unrestrictedValue: z.string(),
    postalCode: z.string().nullable(),
    regionIsoCode: z.string().nullable(),
    city: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    fiasId: z.string().nullable(),
  })
  .meta({ id: "AddressSuggestion" });
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

/** `configured`: a provider token is set; `available`: the provider answered. */
function suggestionResult<T extends z.ZodType>(item: T, id: string) {
  return z.object({ configured: z.boolean(), available: z.boolean(), items: z.array(item) }).meta({ id });
}
export const PartySuggestionsSchema = suggestionResult(PartySuggestionSchema, "PartySuggestions");
export const AddressSuggestionsSchema = suggestionResult(AddressSuggestionSchema, "AddressSuggestions");
export interface SuggestionResult<T> {
  configured: boolean;
  available: boolean;
  items: T[];
}

/** The INN's check digits are checked by the API (400 `invalid_query`, issue `inn_format` / `inn_checksum`). */
export const LegalEntryQuery = z.object({
  inn: z.string().trim().max(20).meta({ description: "INN of 10 (organisation) or 12 (sole proprietor) digits" }),
});

/** Address suggestions (`POST /dev/address`); `lang` en gives transliterated lines. */
export const AddressQuerySchema = z
  .object(
    {
      query: z.string({ error: typeError }).trim().min(1, { error: "required" }).max(300, { error: "too_long" }),
      count: z
        .number({ error: typeError })
        .int({ error: "invalid_type" })
        .min(1, { error: "too_small" })
        .max(20, { error: "too_big" })
        .default(10),
      lang: z.enum(["ru", "en"], { error: "invalid_option" }).default("ru"),
    },
    { error: typeError },
  )
  .meta({ id: "AddressQuery" });

export const legalEntry = defineRoute({
  method: "GET",
  path: "/dev/legal_entry",
  operationId: "legalEntry",
  tag: "Suggestions",
  summary: "The organisation or sole proprietor registered with an INN",
  auth: "user",
  errors: ["rate_limited"],
  query: LegalEntryQuery,
  data: PartySuggestionsSchema,
});

export const suggestAddress = defineRoute({
  method: "POST",
  path: "/dev/address",
  operationId: "suggestAddress",
  tag: "Suggestions",
  summary: "Address lines matching a query",
  auth: "user",
  errors: ["rate_limited"],
  body: AddressQuerySchema,
  data: AddressSuggestionsSchema,
});
