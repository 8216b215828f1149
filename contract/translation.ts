/**
 * Supplier content in the reader's language (issue 15 §4, ADR 031): machine translations of product
 * and company names and descriptions, and the supplier's own replacements.
 *
 * Public details (`/api/products/{id}`, `/api/companies/{id}`) show a field the supplier did not
 * write in the reader's language from a stored translation and list it in `translations` (origin
 * and the original text), so a page can mark "machine translation from Chinese" and offer the
 * original. The routes below let a supplier read every translation of a product or of the company
 * and replace one by hand (`manual` — never overwritten by the machine); an empty text removes the
 * manual one, and the machine translates the field again.
 *
 * A manual translation of a PUBLISHED product is an edit like any other (ADR 046): it waits in the
 * product's pending changes (`pending: true` on its entry) and visitors see it once a moderator
 * approves them; a rejection drops it. A draft's is stored at once and reviewed with the product.
 */
import { z } from "zod";
import { LANGS, LocalizedTextSchema } from "./lang-schemas.ts";
import { defineRoute } from "./route.ts";
import { form, LangField, MEMBER_ERRORS, PathIdParams, typeError } from "./profile/fields.ts";
import { CHANGE_ERRORS } from "./profile/products.ts";

export const TRANSLATED_FIELDS = ["name", "description"] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];
export const TRANSLATION_ORIGINS = ["machine", "manual"] as const;

/** A field of a public detail shown from a stored translation. */
export const ContentTranslationSchema = z
  .object({
    field: z.enum(TRANSLATED_FIELDS),
    origin: z.enum(TRANSLATION_ORIGINS).meta({ description: "`machine`: made by the translation service; `manual`: the supplier's own" }),
    original: LocalizedTextSchema.meta({ description: "The supplier's text it was translated from" }),
  })
  .meta({ id: "ContentTranslation" });
export type ContentTranslation = z.infer<typeof ContentTranslationSchema>;

/** The `translations` list public details carry (absent or empty: every field is the supplier's own text). */
export const ContentTranslationsSchema = z
  .array(ContentTranslationSchema)
  .optional()
  .meta({ description: "Fields shown from a stored translation into the requested language (ADR 031)" });

/** One translatable field and target language of an entity, as its edit page lists them. */
export const TranslationEntrySchema = z
  .object({
    field: z.enum(TRANSLATED_FIELDS),
    lang: z.enum(LANGS).meta({ description: "Target language" }),
    sourceLang: z.enum(LANGS),
    text: z.string().nullable().meta({ description: "null: not translated yet" }),
    origin: z.enum(TRANSLATION_ORIGINS).nullable(),
    stale: z.boolean().meta({ description: "Made from an older version of the source text" }),
    pending: z.boolean().meta({
      description:
        "The supplier's `text` for a published product awaits moderation: visitors see the previous translation (or the original) until a moderator approves it",
    }),
  })
  .meta({ id: "TranslationEntry" });
export type TranslationEntry = z.infer<typeof TranslationEntrySchema>;

/** The supplier's own translation of one field (empty `text`: remove it). */
export const ManualTranslationSchema = form({
  field: z.enum(TRANSLATED_FIELDS, { error: typeError }),
  lang: LangField,
  text: z.string({ error: typeError }).max(20_000, { error: "too_long" }).default(""),
});
export type ManualTranslationInput = z.output<typeof ManualTranslationSchema>;

const TAG = "Profile: translations";
const ERRORS = [...MEMBER_ERRORS, "forbidden_role", "company_blocked", "not_found", "translation_not_needed"] as const;
const PRODUCT_ERRORS = [...CHANGE_ERRORS, "forbidden_role", "translation_not_needed"] as const;

export const listProductTranslations = defineRoute({
  method: "GET",
  path: "/api/profile/translations/products/{id}",
  operationId: "listProductTranslations",
  tag: TAG,
  summary: "Translations of a product's name and description",
  description: "Every language the supplier did not write the field in. Access: any employee.",
  auth: "user",
  params: PathIdParams,
  data: z.array(TranslationEntrySchema),
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const putProductTranslation = defineRoute({
  method: "PUT",
  path: "/api/profile/translations/products/{id}",
  operationId: "putProductTranslation",
  tag: TAG,
  summary: "Replace a product translation by hand",
  description:
    "Saved as the supplier's own (`manual`), never overwritten by the machine. For a published product it waits for a moderator with the product's other pending changes (its entry says `pending: true`; part `translations` of the product's `pending`) and visitors see it once approved; a rejection drops it. A draft's is stored at once and reviewed with the product. An empty `text` removes the supplier's translation at once (the machine translates the field again). 409 `translation_not_needed` for the source language or one the supplier wrote; 409 `under_moderation` while the product is being reviewed; 429 `rate_limited` past the company's hourly allowance of product changes. Access: any employee.",
  auth: "user",
  params: PathIdParams,
  body: ManualTranslationSchema,
  data: z.array(TranslationEntrySchema),
  errors: PRODUCT_ERRORS,
});

export const listCompanyTranslations = defineRoute({
  method: "GET",
  path: "/api/profile/translations/company",
  operationId: "listCompanyTranslations",
  tag: TAG,
  summary: "Translations of the company's name and description",
  description: "Access: any employee.",
  auth: "user",
  data: z.array(TranslationEntrySchema),
  errors: MEMBER_ERRORS,
});

export const putCompanyTranslation = defineRoute({
  method: "PUT",
  path: "/api/profile/translations/company",
  operationId: "putCompanyTranslation",
  tag: TAG,
  summary: "Replace a company translation by hand",
  description:
    "Saved as the supplier's own (`manual`) and shown at once, like every edit of the company card (post-moderation, ADR 009 and 046); an empty `text` removes it. Access: owner or admin.",
  auth: "user",
  body: ManualTranslationSchema,
  data: z.array(TranslationEntrySchema),
  errors: ERRORS,
});
