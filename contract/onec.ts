/**
 * The 1C exchange's settings in the company profile (issue 29 §2, ADR 054): what 1C's
 * "Обмен с сайтом" needs (the exchange URL and its Bitrix alias; the password is a company API key
 * with `products:write` for the catalogue, `orders` for orders), what the company's 1C last sent
 * (price types, groups, warehouses — stored by the exchange in `onec_settings`), the company's
 * choices (the price type used as its price, 1C group → catalogue category) and the last 10
 * imports. Owners and admins only (ADR 009 `manageEmployees`, as the API keys).
 *
 * `PUT` replaces both choices: `priceTypeId` must be one of the stored price types (or null: the
 * exchange then takes the only one, else one named «Опт…», else the first); every key of
 * `groupCategories` a stored group id and every value a category id — otherwise 400 `invalid_body`
 * with an issue `invalid_option` on `priceTypeId` or `groupCategories.<group id>` (a group 1C did
 * not send, or a category that does not exist). A mapping applies from the next exchange on.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";
import { ApiKeySchema } from "./api-keys.ts";
import { typeError } from "./profile/fields.ts";

/** The exchange's path on the site, and the 1C-Bitrix module's default one forwarded to it. */
export const ONEC_EXCHANGE_PATH = "/api/1c/exchange";
export const ONEC_BITRIX_PATH = "/bitrix/admin/1c_exchange.php";
/** How many of the last imports the page shows. */
export const ONEC_RECENT_IMPORTS = 10;
/** At most this many mappings (the exchange reads at most 50,000 groups and properties, ADR 054). */
export const ONEC_MAX_MAPPINGS = 50_000;

const PriceTypeSchema = z.object({ id: z.string(), name: z.string(), currency: z.string() }).meta({ id: "OnecPriceType" });
const GroupSchema = z
  .object({ id: z.string(), name: z.string(), parentId: z.string().nullable() })
  .meta({ id: "OnecGroup", description: "A 1C product group (Группа), children after their parent" });
const WarehouseSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: "OnecWarehouse" });

export const ONEC_IMPORT_STATES = ["queued", "running", "done", "failed"] as const;
/** An import's state, as `onec_imports.state` stores it (server/db/schema.ts). */
export type OnecImportState = (typeof ONEC_IMPORT_STATES)[number];

/** One `mode=import` of one file. */
export const OnecImportSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(["catalog", "sale"]),
    fileName: z.string(),
    state: z.enum(ONEC_IMPORT_STATES),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    report: z.record(z.string(), z.unknown()).meta({
      description:
        "catalog: products, created, updated, unchanged, offers, priced, stocked, hidden, groups, skipped{…}, picturesAttached, picturesUnchanged, picturesRemoved, picturesRefused, pictureRefusals[{path, code}] (the first 20: the path 1C wrote and an error code or not_uploaded / filename_unsafe); sale: documents, applied, unknown",
    }),
    failure: z
      .object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) })
      .nullable()
      .meta({ description: "Why it failed: a code of the exchange's failures (as 1C was told) and its parameters" }),
  })
  .meta({ id: "OnecImport" });
export type OnecImportView = z.infer<typeof OnecImportSchema>;

/** A company key as the exchange sees it: which exchanges it may run. */
export const OnecKeySchema = ApiKeySchema.pick({ id: true, name: true, prefix: true, status: true, expiresAt: true, lastUsedAt: true })
  .extend({
    catalog: z.boolean().meta({ description: "Has `products:write`: may send the catalogue" }),
    orders: z.boolean().meta({ description: "Has `orders`: may exchange orders" }),
  })
  .meta({ id: "OnecKey" });

export const OnecSettingsSchema = z
  .object({
    exchangeUrl: z.string().meta({ description: "What to enter in 1C's «Обмен с сайтом» as the site's address" }),
    bitrixUrl: z.string().meta({ description: "The same exchange at the 1C-Bitrix module's default path" }),
    keys: z.array(OnecKeySchema).meta({ description: "The company's active API keys" }),
    priceTypes: z.array(PriceTypeSchema),
    groups: z.array(GroupSchema),
    warehouses: z.array(WarehouseSchema),
    priceTypeId: z.string().nullable(),
    groupCategories: z.record(z.string(), z.number().int()),
    imports: z.array(OnecImportSchema).meta({ description: `The last ${ONEC_RECENT_IMPORTS} imports, newest first` }),
  })
  .meta({ id: "OnecSettings" });
export type OnecSettingsView = z.infer<typeof OnecSettingsSchema>;

export const UpdateOnecSettingsSchema = z
  .object({
    priceTypeId: z.string({ error: typeError }).max(200, { error: "too_long" }).nullable(),
    groupCategories: z
      .record(
        z.string().max(200, { error: "too_long" }),
        z.number({ error: "invalid_number" }).int({ error: "invalid_number" }).positive({ error: "invalid_number" }),
        { error: typeError },
      )
      .refine((value) => Object.keys(value).length <= ONEC_MAX_MAPPINGS, { error: "too_many" }),
  })
  .meta({ id: "OnecSettingsUpdate" });
export type UpdateOnecSettingsInput = z.infer<typeof UpdateOnecSettingsSchema>;

const TAG = "1C exchange";
const ERRORS = ["no_company", "member_blocked", "forbidden_role"] as const;

export const getOnecSettings = defineRoute({
  method: "GET",
  path: "/api/profile/exchange-1c",
  operationId: "getOnecSettings",
  tag: TAG,
  summary: "The 1C exchange: its address, usable keys, what 1C last sent, the choices and the last imports (owners and admins)",
  auth: "user",
  data: OnecSettingsSchema,
  errors: ERRORS,
});

export const updateOnecSettings = defineRoute({
  method: "PUT",
  path: "/api/profile/exchange-1c",
  operationId: "updateOnecSettings",
  tag: TAG,
  summary: "Choose the 1C price type and map 1C groups to categories (from the next exchange on)",
  auth: "user",
  body: UpdateOnecSettingsSchema,
  data: OnecSettingsSchema,
  errors: ERRORS,
});
