/**
 * Input schemas of the supplier's profile (issue 5): one zod schema per form, shared by the API
 * (which validates JSON bodies with them) and the web tier's Conform forms (`@conform-to/zod/v4`),
 * so a form and the endpoint it posts to can never disagree.
 *
 * Conventions:
 * - **Error messages are stable codes**, never prose: every issue's `message` is one of
 *   `VALIDATION_CODES` (e.g. `required`, `too_long`, `inn_checksum`). The web tier translates them
 *   with the `validation.<code>` keys of locales/{ru,en,zh}/common.json; the API returns them as
 *   `issues[].message` of a 400 `invalid_body`.
 * - **Localized fields** (names, descriptions, fact keys and values, titles) are objects
 *   `{ ru?, en?, zh? }`; empty strings are dropped; `sourceLang` names the language the author wrote
 *   in and that language must be filled (`source_lang_missing`).
 * - **Optional fields** accept `null` or `""` to clear them (an HTML form sends `""` for an empty
 *   field); a PATCH body leaves out what it does not change.
 * - **Decimals** (prices, quantities) are accepted as JSON numbers or decimal strings ("1 250,50" is
 *   not accepted; "1250.50" is) and come out as normalized strings for PostgreSQL `numeric`.
 * - Objects strip unknown keys (a form may carry a CSRF token or an intent button).
 * - Each `*Fields` object is the shape without cross-field rules (PATCH bodies are `.partial()` of
 *   it); the exported schema of the same name without `Fields` adds the rules. A PATCH handler
 *   merges the stored record with the patch and validates the result with the full schema.
 *
 * This module is isomorphic (no database, no Node APIs) so the browser bundle can import it.
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import { validateInn, validateKpp, validateOgrn } from "../catalog/identifiers.ts";
import { UNIT_IDS, type UnitId } from "../catalog/units.ts";

export { VALIDATION_CODES, type ValidationCode } from "../../contract/validation.ts";

export const LANGS = ["ru", "en", "zh"] as const;
export type ProfileLang = (typeof LANGS)[number];
export const CURRENCY_CODES = ["RUB", "CNY", "USD"] as const;
export const COUNTRY_CODES = ["RU", "CN"] as const;
export const HEADCOUNT_RANGES = ["1-10", "11-50", "51-250", "251-1000", "1000+"] as const;
export const MEMBER_ROLES = ["owner", "admin", "member"] as const;
export const FILE_KINDS = ["image", "document"] as const;

/** Error map for the type/presence issues of a primitive: missing → `required`, else `invalid_type`. */
const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

/** An object of a form (unknown keys stripped); a non-object value is `required` or `invalid_type`. */
function form<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: typeError });
}

/* ─── primitives ────────────────────────────────────────────────────────────────────────────── */

/** A trimmed string of 1…`max` characters. */
export function text(max: number) {
  return z
    .string({ error: typeError })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: "too_long" });
}

/** An optional trimmed string of at most `max` characters; `""` and `null` become `null`. */
export function optionalText(max: number) {
  return nullable(z.string({ error: typeError }).trim().max(max, { error: "too_long" }));
}

/** Wraps `schema` so that `null` and `""` give `null`, and `undefined` (left out) stays `undefined`. */
export function nullable<T extends z.ZodType>(schema: T) {
  return z
    .union([z.null(), z.literal(""), schema], { error: (issue) => lastBranchMessage(issue) ?? typeError(issue) })
    .transform((value) => (value === "" ? null : value) as z.output<T> | null)
    .optional();
}

/** The message of a failed union's last branch (the real schema, after `null` and `""`). */
function lastBranchMessage(issue: unknown): string | undefined {
  const errors = (issue as { errors?: { message: string }[][] }).errors;
  return errors?.[errors.length - 1]?.[0]?.message;
}

const LocalizedShape = (max: number) =>
  z
    .object(
      Object.fromEntries(LANGS.map((lang) => [lang, z.string({ error: "invalid_type" }).trim().max(max, { error: "too_long" }).optional()])) as Record<
        ProfileLang,
        z.ZodOptional<z.ZodString>
      >,
      { error: typeError },
    )
    .transform((value) => {
      const out: Partial<Record<ProfileLang, string>> = {};
      for (const lang of LANGS) if (value[lang]) out[lang] = value[lang];
      return out;
    });

/** Text in up to three languages, each at most `max` characters; may be empty (`{}`). */
export function localized(max: number) {
  return LocalizedShape(max);
}

/** Text in up to three languages with at least one filled (`required` otherwise). */
export function localizedRequired(max: number) {
  return LocalizedShape(max).refine((value) => Object.keys(value).length > 0, { error: "required" });
}

export const Lang = z.enum(LANGS, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });
export const Currency = z.enum(CURRENCY_CODES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });
export const Unit = z.enum(UNIT_IDS as [UnitId, ...UnitId[]], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });

/** A positive integer id (form values arrive as strings and are coerced by Conform). */
export const Id = z
  .number({ error: typeError })
  .int({ error: "invalid_type" })
  .positive({ error: "too_small" })
  .max(2_147_483_647, { error: "too_big" });

/**
 * A decimal with at most `integerDigits` digits before the point and `scale` after it, strictly
 * positive (or ≥ 0 with `allowZero`), from a JSON number or a string; the output is a string.
 */
export function decimal(options: { integerDigits: number; scale: number; allowZero?: boolean }) {
  const pattern = new RegExp(`^\\d{1,${options.integerDigits}}(\\.\\d{1,${options.scale}})?$`);
  return z.union([z.number({ error: typeError }), z.string({ error: typeError })], { error: typeError }).transform((raw, ctx) => {
    const value = typeof raw === "number" ? (Number.isFinite(raw) ? String(raw) : "NaN") : raw.trim();
    if (value === "") {
      ctx.addIssue({ code: "custom", message: "required" });
      return z.NEVER;
    }
    if (/e/i.test(value) && Number.isFinite(Number(value))) {
      // A number JSON can only spell with an exponent: far too big or below the scale.
      ctx.addIssue({ code: "custom", message: Math.abs(Number(value)) >= 1 ? "too_big" : "invalid_number" });
      return z.NEVER;
    }
    if (value.startsWith("-")) {
      ctx.addIssue({ code: "custom", message: "too_small" });
      return z.NEVER;
    }
    const normalized = value.replace(/^0+(?=\d)/, "");
    if (!pattern.test(normalized)) {
      const [whole = "", fraction = ""] = value.split(".");
      const tooBig = /^\d+(\.\d+)?$/.test(value) && fraction.length <= options.scale && whole.replace(/^0+(?=\d)/, "").length > options.integerDigits;
      ctx.addIssue({ code: "custom", message: tooBig ? "too_big" : "invalid_number" });
      return z.NEVER;
    }
    if (!options.allowZero && Number(value) === 0) {
      ctx.addIssue({ code: "custom", message: "too_small" });
      return z.NEVER;
    }
    return normalized;
  });
}

export const Email = z
  .string({ error: typeError })
  .trim()
  .toLowerCase()
  .max(254, { error: "too_long" })
  .pipe(z.email({ error: "invalid_email" }));

export const WebUrl = z
  .string({ error: typeError })
  .trim()
  .max(300, { error: "too_long" })
  .refine((value) => {
    if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
    const host = new URL(value).hostname;
    return host.includes(".") && !/\s/.test(value);
  }, { error: "invalid_url" });

/** A phone number in international or Russian format (libphonenumber-js, default country RU). */
export const Phone = z
  .string({ error: typeError })
  .trim()
  .max(32, { error: "too_long" })
  .refine((value) => isValidPhoneNumber(value, "RU"), { error: "invalid_phone" });

/** An OKVED2 code of a class or lower (`62`, `62.01`, `46.90.1`, `01.11.11`). */
export const OkvedCode = z
  .string({ error: typeError })
  .trim()
  .regex(/^\d{2}(\.\d{1,2}){0,2}$/, { error: "invalid_format" });

/** A 10-digit TN VED EAEU code (spaces allowed and removed). */
export const TnvedCode = z
  .string({ error: typeError })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{10}$/, { error: "invalid_format" }));

/** Region code: a Russian subject (`77`) or a Chinese province (`CN-11`), see the `regions` table. */
export const RegionCode = z
  .string({ error: typeError })
  .trim()
  .regex(/^(CN-)?\d{2}$/, { error: "invalid_format" });

/** Checks that the text of `sourceLang` is filled in `name`; adds `source_lang_missing` at `path`. */
function checkSourceLang(ctx: z.RefinementCtx, name: Partial<Record<ProfileLang, string>> | undefined, sourceLang: ProfileLang | undefined, path: string[]) {
  if (!name || !sourceLang || Object.keys(name).length === 0) return;
  if (!name[sourceLang]) ctx.addIssue({ code: "custom", message: "source_lang_missing", path });
}

/* ─── company ───────────────────────────────────────────────────────────────────────────────── */

/** Company card fields (the company form: create and edit). */
export const CompanyFields = form({
  name: localizedRequired(200),
  description: localized(5000).optional(),
  sourceLang: Lang.default("ru"),
  country: z.enum(COUNTRY_CODES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
  regionCode: nullable(RegionCode),
  city: localized(100).optional(),
  address: localized(300).optional(),
  latitude: nullable(z.number({ error: typeError }).min(-90, { error: "too_small" }).max(90, { error: "too_big" })),
  longitude: nullable(z.number({ error: typeError }).min(-180, { error: "too_small" }).max(180, { error: "too_big" })),
  website: nullable(WebUrl),
  phone: nullable(Phone),
  email: nullable(Email),
  yearFounded: nullable(z.number({ error: typeError }).int({ error: "invalid_type" }).min(1800, { error: "too_small" }).max(2100, { error: "too_big" })),
  headcountRange: nullable(z.enum(HEADCOUNT_RANGES, { error: "invalid_option" })),
  okvedMain: nullable(OkvedCode),
  /** Additional OKVED codes (besides the main one). */
  okvedCodes: z.array(OkvedCode, { error: typeError }).max(50, { error: "too_many" }).optional(),
});

/** The company form: card fields plus the source-language rule. */
export const CompanySchema = CompanyFields.superRefine((value, ctx) => {
  checkSourceLang(ctx, value.name, value.sourceLang, ["name", value.sourceLang]);
  if (value.yearFounded && value.yearFounded > new Date().getFullYear()) ctx.addIssue({ code: "custom", message: "too_big", path: ["yearFounded"] });
});
export type CompanyInput = z.output<typeof CompanySchema>;

/** PATCH /api/profile/company: any subset of the card (merged with the stored card, then checked by CompanySchema). */
export const CompanyPatchSchema = CompanyFields.extend({ sourceLang: Lang.optional() }).partial();

/** One fact: a short label and its value, both localized (e.g. «Склад» → «5 000 м²»). */
export const FactSchema = form({
  key: localizedRequired(100),
  value: localizedRequired(500),
});

/** The facts form (company or product): the whole list, replaced at once. */
export const FactsSchema = form({
  facts: z.array(FactSchema, { error: typeError }).max(30, { error: "too_many" }),
});
export type FactsInput = z.output<typeof FactsSchema>;

/** Submit for moderation or withdraw (company or product). */
export const StatusActionSchema = form({
  action: z.enum(["submit", "withdraw"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
});

/** A dealer/distributor link to another company's product. */
export const ProductCompanySchema = form({
  productId: Id,
  kind: z.enum(["dealer", "distributor"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }).default("dealer"),
});

/* ─── legal entities ────────────────────────────────────────────────────────────────────────── */

const digits = (max: number) =>
  z
    .string({ error: typeError })
    .transform((value) => value.replace(/[\s-]+/g, "").toUpperCase())
    .pipe(z.string().max(max, { error: "too_long" }));

export const LegalEntityFields = form({
  kind: z.enum(["legal", "individual"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
  /** ИНН: 10 digits (legal entity) or 12 (sole proprietor). */
  inn: digits(12).pipe(z.string().min(1, { error: "required" })),
  /** КПП: 9 characters; legal entities only. */
  kpp: nullable(digits(9)),
  /** ОГРН (13 digits) or ОГРНИП (15 digits). */
  ogrn: nullable(digits(15)),
  nameFull: text(500),
  nameShort: optionalText(200),
  address: optionalText(500),
});

/**
 * The legal-entity form. Rules (server/catalog/identifiers.ts gives the sources): the INN length
 * follows the kind and its check digits must match (`inn_format`, `inn_checksum`); a KPP is a
 * legal entity's only (`kpp_individual`) and has the NNNNPPNNN form (`kpp_format`); the OGRN has 13
 * digits for a legal entity and the OGRNIP 15 for a sole proprietor, with their check digit.
 */
export const LegalEntitySchema = LegalEntityFields.superRefine((value, ctx) => {
  const inn = validateInn(value.inn, value.kind);
  if (inn) ctx.addIssue({ code: "custom", message: `inn_${inn}`, path: ["inn"] });
  if (value.kpp) {
    if (value.kind === "individual") ctx.addIssue({ code: "custom", message: "kpp_individual", path: ["kpp"] });
    else if (validateKpp(value.kpp)) ctx.addIssue({ code: "custom", message: "kpp_format", path: ["kpp"] });
  }
  if (value.ogrn) {
    const ogrn = validateOgrn(value.ogrn, value.kind);
    if (ogrn) ctx.addIssue({ code: "custom", message: `ogrn_${ogrn}`, path: ["ogrn"] });
  }
});
export type LegalEntityInput = z.output<typeof LegalEntitySchema>;
export const LegalEntityPatchSchema = LegalEntityFields.partial();

/* ─── products ──────────────────────────────────────────────────────────────────────────────── */

export const ProductFields = form({
  name: localizedRequired(300),
  description: localized(10_000).optional(),
  sourceLang: Lang.default("ru"),
  categoryId: nullable(Id),
  tnvedCode: nullable(TnvedCode),
  /** Minimum order quantity in `moqUnit`. */
  moq: nullable(decimal({ integerDigits: 11, scale: 3 })),
  moqUnit: nullable(Unit),
  /** ISO 3166-1 alpha-2 country of origin. */
  originCountry: nullable(z.string({ error: typeError }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: "invalid_format" })),
});

/** The product card form (create and edit). */
export const ProductSchema = ProductFields.superRefine((value, ctx) => {
  checkSourceLang(ctx, value.name, value.sourceLang, ["name", value.sourceLang]);
  if ((value.moq == null) !== (value.moqUnit == null)) ctx.addIssue({ code: "custom", message: "moq_unit_pair", path: [value.moq == null ? "moq" : "moqUnit"] });
});
export type ProductInput = z.output<typeof ProductSchema>;
/** PATCH: any subset; a left-out source language stays as stored (the create default must not apply). */
export const ProductPatchSchema = ProductFields.extend({ sourceLang: Lang.optional() }).partial();

/** One price tier: from `minQuantity` units (in `unit`), `price` per unit in `currency`. */
export const PriceTierSchema = form({
  minQuantity: decimal({ integerDigits: 11, scale: 3 }),
  price: decimal({ integerDigits: 12, scale: 2 }),
  currency: Currency.default("RUB"),
  unit: Unit,
});

/** The price form: every tier at once (an empty list removes the prices). */
export const PriceTiersSchema = form({ tiers: z.array(PriceTierSchema, { error: typeError }).max(20, { error: "too_many" }) })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.tiers.forEach((tier, index) => {
      const key = `${tier.currency}:${tier.unit}:${Number(tier.minQuantity)}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: "duplicate_tier", path: ["tiers", index, "minQuantity"] });
      seen.add(key);
    });
  });
export type PriceTiersInput = z.output<typeof PriceTiersSchema>;

/** One variant: a localized name, attributes as name/value pairs, an optional own price. */
export const VariantSchema = form({
  name: localizedRequired(200),
  attributes: z
    .array(form({ key: text(50), value: text(200) }), { error: typeError })
    .max(20, { error: "too_many" })
    .default([]),
  price: nullable(decimal({ integerDigits: 12, scale: 2 })),
  currency: nullable(Currency),
}).superRefine((value, ctx) => {
  if ((value.price == null) !== (value.currency == null)) ctx.addIssue({ code: "custom", message: "price_currency_pair", path: [value.price == null ? "price" : "currency"] });
  const keys = new Set<string>();
  value.attributes.forEach((attribute, index) => {
    if (keys.has(attribute.key)) ctx.addIssue({ code: "custom", message: "duplicate_key", path: ["attributes", index, "key"] });
    keys.add(attribute.key);
  });
});

/** The variants form: the whole list, replaced at once. */
export const VariantsSchema = form({
  variants: z.array(VariantSchema, { error: typeError }).max(50, { error: "too_many" }),
});
export type VariantsInput = z.output<typeof VariantsSchema>;

/** Attaching an earlier temporary upload (`/api/files/common`) by its id. */
export const AttachFileSchema = form({
  fileId: Id,
  kind: z.enum(FILE_KINDS, { error: "invalid_option" }).optional(),
  title: localized(200).optional(),
});

/**
 * Changing an attached product file (PATCH …/products/{id}/files/{fileId}): `position` moves it among
 * the files of its kind (0 = first; the first image is the product's main image, its cover), `title`
 * replaces its caption.
 */
export const ProductFilePatchSchema = form({
  position: z.number({ error: typeError }).int({ error: "invalid_type" }).min(0, { error: "too_small" }).max(99, { error: "too_big" }).optional(),
  title: localized(200).optional(),
});

/* ─── employees ─────────────────────────────────────────────────────────────────────────────── */

export const MemberRole = z.enum(MEMBER_ROLES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });

/** The invitation form: who (e-mail), with which company role, and an optional position. */
export const InviteEmployeeSchema = form({
  email: Email,
  role: MemberRole.default("member"),
  position: optionalText(100),
});
export type InviteEmployeeInput = z.output<typeof InviteEmployeeSchema>;

/** The employee form: company role and position. */
export const EmployeePatchSchema = form({
  role: MemberRole.optional(),
  position: optionalText(100),
});

/** Blocking and unblocking an employee. */
export const EmployeeStatusSchema = form({
  status: z.enum(["active", "blocked"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
});

/* ─── suggestions ───────────────────────────────────────────────────────────────────────────── */

/** Address suggestions (`POST /dev/address`). */
export const AddressQuerySchema = form({
  query: text(300),
  count: z.number({ error: typeError }).int({ error: "invalid_type" }).min(1, { error: "too_small" }).max(20, { error: "too_big" }).default(10),
  lang: z.enum(["ru", "en"], { error: "invalid_option" }).default("ru"),
});
