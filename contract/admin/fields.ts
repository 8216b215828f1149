/**
 * Field schemas of the admin area's forms (issue 7), shared by the API (JSON bodies) and the admin
 * pages' Conform forms (`@conform-to/zod/v4`). They follow the profile forms' conventions
 * (server/profile/schemas.ts): every issue message is a validation code (contract/validation.ts; the
 * admin area's own `ADMIN_VALIDATION_CODES` are shown as `admin.validation.<code>`), localized fields are
 * `{ ru?, en?, zh? }` with empty strings dropped, unknown keys are stripped, and `""` / `null`
 * clear an optional field (an HTML form sends `""` for an empty input).
 *
 * Dates: a day is `YYYY-MM-DD` (read as 00:00 UTC); a moment `YYYY-MM-DDTHH:mm` (UTC, as the
 * forms' labels say) or a full ISO string with its zone.
 */
import { z } from "zod";
import { LANGS, type Lang } from "../lang-schemas.ts";
import { DeletedIdSchema } from "../route.ts";

export { ADMIN_VALIDATION_CODES, type AdminValidationCode } from "../validation.ts";

/** Missing → `required`, anything else of the wrong type → `invalid_type`. */
export const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

/** An object of a form: unknown keys (a CSRF token, the intent button) are stripped. */
export function form<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: typeError });
}

/** A trimmed string of 1…`max` characters. */
export function text(max: number) {
  return z.string({ error: typeError }).trim().min(1, { error: "required" }).max(max, { error: "too_long" });
}

/** The message of a failed union's last branch (the real schema, after `null` and `""`). */
function lastBranchMessage(issue: unknown): string | undefined {
  const errors = (issue as { errors?: { message: string }[][] }).errors;
  return errors?.[errors.length - 1]?.[0]?.message;
}

/** Wraps `schema` so that `null` and `""` give `null`, and `undefined` (left out) stays `undefined`. */
export function nullable<T extends z.ZodType>(schema: T) {
  return z
    .union([z.null(), z.literal(""), schema], { error: (issue) => lastBranchMessage(issue) ?? typeError(issue) })
    .transform((value) => (value === "" ? null : value) as z.output<T> | null)
    .optional();
}

/** An optional trimmed string of at most `max` characters; `""` and `null` become `null`. */
export function optionalText(max: number) {
  return nullable(z.string({ error: typeError }).trim().max(max, { error: "too_long" }));
}

/** Text in up to three languages, each at most `max` characters; may be empty (`{}`). */
export function localized(max: number) {
  return z
    .object(
      Object.fromEntries(
        LANGS.map((lang) => [lang, z.string({ error: "invalid_type" }).trim().max(max, { error: "too_long" }).optional()]),
      ) as Record<Lang, z.ZodOptional<z.ZodString>>,
      {
        error: typeError,
      },
    )
    .transform((value) => {
      const out: Partial<Record<Lang, string>> = {};
      for (const lang of LANGS) if (value[lang]) out[lang] = value[lang];
      return out;
    });
}

/** Text in up to three languages with at least one filled (`required` otherwise). */
export function localizedRequired(max: number) {
  return localized(max).refine((value) => Object.keys(value).length > 0, { error: "required" });
}

/** A language picked in a form. */
export const LangField = z.enum(LANGS, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });

/** One of `values`: missing → `required`, another value → `invalid_option`. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });
}

/** A URL slug: lower-case Latin letters, digits, `-` and `_`, 2–80 characters. */
export const Slug = z
  .string({ error: typeError })
  .trim()
  .toLowerCase()
  .min(1, { error: "required" })
  .max(80, { error: "too_long" })
  .regex(/^[a-z0-9][a-z0-9_-]{1,79}$/, { error: "slug_format" });

/** An integer from a JSON number or a form string. */
export function integer(min: number, max: number) {
  return z.coerce
    .number({ error: typeError })
    .int({ error: "invalid_type" })
    .min(min, { error: "too_small" })
    .max(max, { error: "too_big" });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** `YYYY-MM-DD` → that day at 00:00 UTC. */
export const Day = z
  .string({ error: typeError })
  .trim()
  .refine((v) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "invalid_format" })
  .transform((v) => new Date(`${v}T00:00:00Z`));

const toMoment = (v: string) => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}Z`);

/** A moment; without a zone it is UTC. */
export const Moment = z
  .string({ error: typeError })
  .trim()
  .refine((v) => MOMENT.test(v) && !Number.isNaN(toMoment(v).getTime()), { error: "invalid_format" })
  .transform(toMoment);

/** A day of a query parameter (`YYYY-MM-DD`, a real date). */
export const DayParam = z
  .string()
  .trim()
  .refine((v) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "invalid_format" });

/** Checks that the text of `lang` is filled when any language is; adds `source_lang_missing` at `field.lang`. */
export function checkSource(ctx: z.RefinementCtx, value: Partial<Record<Lang, string>>, lang: Lang, field: string) {
  if (Object.keys(value).length > 0 && !value[lang]) ctx.addIssue({ code: "custom", message: "source_lang_missing", path: [field, lang] });
}

/** The answer of a deletion, a named schema in the admin document. */
export const DeletedSchema = DeletedIdSchema.meta({ id: "Deleted" });
