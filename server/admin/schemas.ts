/**
 * Input schemas of the admin area (issue 7), shared by the API (JSON bodies) and the admin pages'
 * Conform forms (`@conform-to/zod/v4`), like server/profile/schemas.ts whose conventions they
 * follow: messages are stable codes (locale keys `validation.<code>`, or `admin.validation.<code>`
 * for the few codes of this area), localized fields are `{ ru?, en?, zh? }`, unknown keys are
 * stripped, `""` and `null` clear optional fields.
 *
 * Dates: `verifiedAt` is a day (`YYYY-MM-DD`); `publishedAt` a moment (`YYYY-MM-DDTHH:mm`, read as
 * UTC, as the form's label says; a full ISO string with a zone is accepted too).
 *
 * This module is isomorphic (no database, no Node APIs) so the browser bundle can import it.
 */
import { z } from "zod";
import { SITE_ROLES } from "./constants.ts";
import { Lang, localized, localizedRequired, nullable, optionalText, text } from "../profile/schemas.ts";

/** Codes of this area beyond the profile's (`admin.validation.<code>`). */
export const ADMIN_VALIDATION_CODES = ["slug_format", "evidence_required", "date_required", "date_future", "icon_format", "tnved_headings", "localities_required"] as const;

const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

function form<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: typeError });
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
function integer(min: number, max: number) {
  return z.coerce.number({ error: typeError }).int({ error: "invalid_type" }).min(min, { error: "too_small" }).max(max, { error: "too_big" });
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

/* ─── moderation ────────────────────────────────────────────────────────────────────────────── */

/** Rejecting a company or a product: the reason the supplier will read, and the language it is in. */
export const RejectSchema = form({
  reason: text(2000),
  lang: Lang,
});
export type RejectInput = z.output<typeof RejectSchema>;

/* ─── users ─────────────────────────────────────────────────────────────────────────────────── */

export const RoleSchema = form({
  role: z.enum(SITE_ROLES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
});

export const BlockUserSchema = form({
  reason: text(500),
});

/* ─── companies ─────────────────────────────────────────────────────────────────────────────── */

export const BlockCompanySchema = form({
  reason: text(2000),
  lang: Lang,
});

/**
 * Verification: level 0 (none), 1 (documents checked), 2 (documents and a site visit). Levels 1–2
 * need the evidence in at least one language and the day of the check (not in the future).
 */
export const VerificationSchema = form({
  level: z.coerce.number({ error: typeError }).int({ error: "invalid_type" }).pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "invalid_option" })),
  evidence: localized(2000).optional(),
  verifiedAt: nullable(Day),
}).superRefine((value, ctx) => {
  if (value.level === 0) return;
  if (!value.evidence || Object.keys(value.evidence).length === 0) ctx.addIssue({ code: "custom", message: "evidence_required", path: ["evidence"] });
  if (!value.verifiedAt) ctx.addIssue({ code: "custom", message: "date_required", path: ["verifiedAt"] });
  else if (value.verifiedAt.getTime() > Date.now()) ctx.addIssue({ code: "custom", message: "date_future", path: ["verifiedAt"] });
});
export type VerificationFormInput = z.output<typeof VerificationSchema>;

/* ─── catalogue ─────────────────────────────────────────────────────────────────────────────── */

/** An icon name of the site's sprite (app/lib/icon-names.ts); the form offers the list. */
const Icon = nullable(z.string({ error: typeError }).trim().regex(/^[a-z0-9-]{1,40}$/, { error: "icon_format" }));

/** Localized name whose Russian text is required (the catalogue's default language and fallback). */
function nameRu(max: number) {
  return localizedRequired(max).superRefine((value, ctx) => {
    if (!value.ru) ctx.addIssue({ code: "custom", message: "required", path: ["ru"] });
  });
}

export const CategorySchema = form({
  slug: Slug,
  name: nameRu(200),
  icon: Icon,
  parentId: nullable(integer(1, 2_147_483_647)),
  position: integer(0, 100_000).default(0),
  /** TN VED headings (4 digits) of the goods in this category, separated by spaces or commas. */
  tnvedHeadings: z
    .union([z.array(z.string()), z.string()], { error: typeError })
    .optional()
    .transform((value) => (Array.isArray(value) ? value : (value ?? "").split(/[\s,;]+/)).map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{4}$/, { error: "tnved_headings" })).max(200, { error: "too_many" })),
});
export type CategoryInput = z.output<typeof CategorySchema>;

export const ServiceTypeSchema = form({
  slug: Slug,
  name: nameRu(200),
  description: localized(2000).optional(),
  icon: Icon,
  position: integer(0, 100_000).default(0),
});
export type ServiceTypeInput = z.output<typeof ServiceTypeSchema>;

/* ─── press centre ──────────────────────────────────────────────────────────────────────────── */

function checkSource(ctx: z.RefinementCtx, value: Partial<Record<"ru" | "en" | "zh", string>>, lang: "ru" | "en" | "zh", field: string) {
  if (Object.keys(value).length > 0 && !value[lang]) ctx.addIssue({ code: "custom", message: "source_lang_missing", path: [field, lang] });
}

export const StorySchema = form({
  slug: Slug,
  title: localizedRequired(300),
  lead: localized(1000).optional(),
  /** Markdown per language (rendered without raw HTML). */
  body: localized(50_000).optional(),
  sourceLang: Lang.default("ru"),
  status: z.enum(["draft", "published"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }).default("draft"),
  /** When it appears in the press centre (a future moment schedules it); default: now, on publishing. */
  publishedAt: nullable(Moment),
  tagIds: z
    .union([z.array(z.coerce.number()), z.coerce.number()], { error: typeError })
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.number().int({ error: "invalid_type" }).positive({ error: "invalid_type" })).max(20, { error: "too_many" })),
}).superRefine((value, ctx) => {
  checkSource(ctx, value.title, value.sourceLang, "title");
});
export type StoryInput = z.output<typeof StorySchema>;

export const TagSchema = form({
  slug: Slug,
  name: nameRu(100),
});
export type TagInput = z.output<typeof TagSchema>;

/* ─── content pages ─────────────────────────────────────────────────────────────────────────── */

export const PageSchema = form({
  title: localizedRequired(300),
  lead: localized(1000).optional(),
  body: localized(50_000).optional(),
  sourceLang: Lang.default("ru"),
  status: z.enum(["draft", "published"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }).default("published"),
  /** Partner-region pages: the region whose suppliers are listed… */
  regionCode: nullable(z.string({ error: typeError }).trim().regex(/^(CN-)?\d{2}$/, { error: "invalid_format" })),
  /** …and the place names (any language, comma-separated) their address must contain. */
  localities: optionalText(500),
}).superRefine((value, ctx) => {
  checkSource(ctx, value.title, value.sourceLang, "title");
  if (value.regionCode && !(value.localities ?? "").split(",").some((l) => l.trim())) ctx.addIssue({ code: "custom", message: "localities_required", path: ["localities"] });
});
export type PageInput = z.output<typeof PageSchema>;

/** Every code a message of these schemas can be (for the UI's translations). */
export type AdminValidationCode = (typeof ADMIN_VALIDATION_CODES)[number];
