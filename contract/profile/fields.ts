/**
 * The building blocks of the supplier profile's forms (issue 5): field schemas shared by the API
 * (which validates request bodies with them) and the web tier's Conform forms (`@conform-to/zod/v4`),
 * so a form and the endpoint it posts to can never disagree. The forms themselves are in
 * contract/profile/company.ts, legal-entities.ts, products.ts and employees.ts.
 *
 * Conventions:
 * - **Error messages are stable codes**, never prose: every issue's `message` is one of
 *   `VALIDATION_CODES` (contract/validation.ts: `required`, `too_long`, `inn_checksum`…). The web
 *   tier translates them with the `validation.<code>` keys of locales/{ru,en,zh}/common.json; the
 *   API returns them as `issues[].message` of a 400 `invalid_body`.
 * - **Localized fields** (names, descriptions, fact keys and values, titles) are objects
 *   `{ ru?, en?, zh? }`; empty strings are dropped; `sourceLang` names the language the author wrote
 *   in and that language must be filled (`source_lang_missing`).
 * - **Optional fields** accept `null` or `""` to clear them (an HTML form sends `""` for an empty
 *   field); a PATCH body leaves out what it does not change.
 * - **Decimals** (prices, quantities) are accepted as JSON numbers or decimal strings as people type
 *   them ("1250.50", «1 250,50», «12,5»: contract/decimal.ts) and come out as normalized strings for
 *   PostgreSQL `numeric` ("1250.50").
 * - Objects strip unknown keys (a form may carry a CSRF token or an intent button).
 * - Each `*Fields` object is the shape without cross-field rules (PATCH bodies are `.partial()` of
 *   it); the schema of the same name without `Fields` adds the rules. A PATCH handler merges the
 *   stored record with the patch and validates the result with the full schema.
 *
 * Isomorphic (no database, no Node APIs): the browser bundle imports it.
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import type { ErrorCode } from "../errors.ts";
import { LANGS, type Lang } from "../lang-schemas.ts";
import { UNIT_IDS, type UnitId } from "../units.ts";
import { normalizeDecimalInput } from "../decimal.ts";
import { OKVED_CODE, TNVED_CODE } from "../classifier-codes.ts";

export const CURRENCY_CODES = ["RUB", "CNY", "USD"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export { COUNTRY_CODES } from "../common.ts";
export const HEADCOUNT_RANGES = ["1-10", "11-50", "51-250", "251-1000", "1000+"] as const;
/**
 * Company roles (ADR 009): what each may do is server/profile/access.ts `PERMISSIONS`. `sales` (a
 * sales manager, issue 14 §1) answers buyers and keeps products like a member, nothing more.
 */
export const MEMBER_ROLES = ["owner", "admin", "sales", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/**
 * The roles that answer buyers on the company's behalf (ADR 009 "answer buyers", ADR 028): reply in
 * its conversations, close or reopen them, send and change its quotes. A `member` only reads them.
 */
export const ANSWER_BUYERS_ROLES = ["owner", "admin", "sales"] as const satisfies readonly MemberRole[];
/** The roles that run the company (ADR 009): its card and legal entities, its employees, deleting products. */
export const MANAGING_ROLES = ["owner", "admin"] as const satisfies readonly MemberRole[];
/** Whether company role `role` runs the company (MANAGING_ROLES); false for any other string. */
export function managesCompany(role: string): boolean {
  return (MANAGING_ROLES as readonly string[]).includes(role);
}
/**
 * Why the caller cannot change the company card and legal entities now, or null when they can:
 * `member` for a role that does not run the company (anyone but an owner or admin), `moderation`
 * while a moderator reviews it (409 `under_moderation`), `blocked` once a moderator blocked it
 * (403 `company_blocked`) — the refusals of server/profile/access.ts, told before a form is shown.
 */
export function companyLock(company: { role: string; status: string }): "member" | "moderation" | "blocked" | null {
  if (!managesCompany(company.role)) return "member";
  return company.status === "moderation" || company.status === "blocked" ? company.status : null;
}
/** Whether company role `role` answers buyers (ANSWER_BUYERS_ROLES); false for any other string. */
export function mayAnswerBuyers(role: string): boolean {
  return (ANSWER_BUYERS_ROLES as readonly string[]).includes(role);
}
export const FILE_KINDS = ["image", "document"] as const;
/** Moderation states of a company and of a product (the status machines: server/profile/company.ts, products.ts). */
export const COMPANY_STATUSES = ["draft", "moderation", "published", "rejected", "blocked"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const PRODUCT_STATUSES = ["draft", "moderation", "published", "rejected", "blocked"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** An employee row: an open invitation, an active member, or one an owner or admin blocked. */
export const EMPLOYEE_STATUSES = ["invited", "active", "blocked"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** Error map for the type/presence issues of a primitive: missing → `required`, else `invalid_type`. */
export const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

/** Error map of an enum field: missing → `required`, else `invalid_option`. */
export const optionError = (issue: { input?: unknown }) => (issue.input === undefined ? "required" : "invalid_option");

/** An object of a form (unknown keys stripped); a non-object value is `required` or `invalid_type`. */
export function form<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: typeError });
}

/* ─── primitives ────────────────────────────────────────────────────────────────────────────── */

/** A trimmed string of 1…`max` characters. */
export function text(max: number) {
  return z.string({ error: typeError }).trim().min(1, { error: "required" }).max(max, { error: "too_long" });
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
      Object.fromEntries(
        LANGS.map((lang) => [lang, z.string({ error: "invalid_type" }).trim().max(max, { error: "too_long" }).optional()]),
      ) as Record<Lang, z.ZodOptional<z.ZodString>>,
      { error: typeError },
    )
    .transform((value) => {
      const out: Partial<Record<Lang, string>> = {};
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

/** A language field (`sourceLang`, a message's language): one of LANGS. */
export const LangField = z.enum(LANGS, { error: optionError });
export const Currency = z.enum(CURRENCY_CODES, { error: optionError });
export const Unit = z.enum(UNIT_IDS as [UnitId, ...UnitId[]], { error: optionError });

/** A positive integer id (form values arrive as strings and are coerced by Conform). */
export const Id = z
  .number({ error: typeError })
  .int({ error: "invalid_type" })
  .positive({ error: "too_small" })
  .max(2_147_483_647, { error: "too_big" });

/**
 * An id in a path: 1–10 digits making a positive int32. Anything else (`1e3`, `0x10`, ` 7`) is the
 * same 404 as an unknown id, so ids cannot be told apart by how a request fails.
 */
export const PathId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647))
  .meta({ description: "A positive integer id" });
export const PathIdParams = z.object({ id: PathId });

/**
 * A decimal with at most `integerDigits` digits before the point and `scale` after it, strictly
 * positive (or ≥ 0 with `allowZero`), from a JSON number or a string as a person types it (decimal
 * comma, spaces between thousands: contract/decimal.ts); the output is a string with a point
 * ("1234.56"). The one rule for every quantity and price a user types (issue 26 §5).
 */
export function decimal(options: { integerDigits: number; scale: number; allowZero?: boolean }) {
  const pattern = new RegExp(`^\\d{1,${options.integerDigits}}(\\.\\d{1,${options.scale}})?$`);
  return z.union([z.number({ error: typeError }), z.string({ error: typeError })], { error: typeError }).transform((raw, ctx) => {
    const typed = typeof raw === "number" ? (Number.isFinite(raw) ? String(raw) : "NaN") : raw.trim();
    // «1 234,56» → "1234.56"; what is not a number by the typing rules stays as typed and fails below.
    const value = typed === "" || /e/i.test(typed) ? typed : (normalizeDecimalInput(typed) ?? typed);
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
      const tooBig =
        /^\d+(\.\d+)?$/.test(value) && fraction.length <= options.scale && whole.replace(/^0+(?=\d)/, "").length > options.integerDigits;
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
  .refine(
    (value) => {
      if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
      const host = new URL(value).hostname;
      return host.includes(".") && !/\s/.test(value);
    },
    { error: "invalid_url" },
  );

/** A phone number in international or Russian format (libphonenumber-js, default country RU). */
export const Phone = z
  .string({ error: typeError })
  .trim()
  .max(32, { error: "too_long" })
  .refine((value) => isValidPhoneNumber(value, "RU"), { error: "invalid_phone" });

/** An OKVED2 code of a class or lower (`62`, `62.01`, `46.90.1`, `01.11.11`). */
export const OkvedCode = z.string({ error: typeError }).trim().regex(OKVED_CODE, { error: "invalid_format" });

/** A 10-digit TN VED EAEU code (spaces allowed and removed). */
export const TnvedCode = z
  .string({ error: typeError })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(TNVED_CODE, { error: "invalid_format" }));

/** Region code: a Russian subject (`77`) or a Chinese province (`CN-11`), see the `regions` table. */
export const RegionCode = z
  .string({ error: typeError })
  .trim()
  .regex(/^(CN-)?\d{2}$/, { error: "invalid_format" });

/** Adds `source_lang_missing` at `path` when `name` has text but none in `sourceLang`. */
export function checkSourceLang(
  ctx: z.RefinementCtx,
  name: Partial<Record<Lang, string>> | undefined,
  sourceLang: Lang | undefined,
  path: string[],
) {
  if (!name || !sourceLang || Object.keys(name).length === 0) return;
  if (!name[sourceLang]) ctx.addIssue({ code: "custom", message: "source_lang_missing", path });
}

/** The enum of a status action (company or product). */
export const StatusActionSchema = form({
  action: z.enum(["submit", "withdraw"], { error: optionError }),
});
export type StatusAction = z.output<typeof StatusActionSchema>["action"];

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

/* ─── attached files ────────────────────────────────────────────────────────────────────────── */

/** Attaching an earlier temporary upload (`/api/files/common`) by its id: the JSON body of an attach operation. */
export const AttachFileSchema = form({
  fileId: Id,
  kind: z.enum(FILE_KINDS, { error: "invalid_option" }).optional(),
  title: localized(200).optional(),
});

/**
 * The multipart form of an attach operation, as documented: the file (checked by its content,
 * server/files/uploads.ts), the kind the client expects and its title per language. Unknown kinds
 * are ignored and titles cut to 200 characters, as the API reads them (server/files/receive.ts).
 */
export const UploadFormSchema = z.object({
  file: z.file().meta({ description: "JPEG, PNG, WebP, GIF, AVIF (≤ 10 MB) or PDF, DOCX, XLSX (≤ 20 MB), checked by content" }),
  kind: z.enum(FILE_KINDS).optional().meta({ description: "image | document (optional check)" }),
  "title.ru": z.string().optional().meta({ description: "Title in Russian" }),
  "title.en": z.string().optional().meta({ description: "Title in English" }),
  "title.zh": z.string().optional().meta({ description: "Title in Chinese" }),
});

/* ─── refusals ──────────────────────────────────────────────────────────────────────────────── */

/** Refusals of any employee's operation (ADR 009). */
export const MEMBER_ERRORS = ["no_company", "member_blocked"] as const satisfies readonly ErrorCode[];
/** Refusals of an owner's or admin's change of the card. */
export const EDIT_ERRORS = [
  ...MEMBER_ERRORS,
  "forbidden_role",
  "company_blocked",
  "under_moderation",
] as const satisfies readonly ErrorCode[];
/** Refusals of an upload (server/files/uploads.ts) or of the temporary upload it names. */
export const UPLOAD_ERRORS = [
  "storage_quota_exceeded",
  "invalid_multipart",
  "file_required",
  "file_empty",
  "file_too_large",
  "file_not_found",
  "file_kind_mismatch",
  "archive_not_allowed",
  "executable_not_allowed",
  "file_type_not_allowed",
  "html_not_allowed",
  "image_format_not_allowed",
  "macros_not_allowed",
  "polyglot_not_allowed",
  "svg_not_allowed",
  "image_corrupt",
  "image_too_large",
  "archive_too_large",
  "document_corrupt",
] as const satisfies readonly ErrorCode[];
