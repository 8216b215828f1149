/**
 * Content pages edited in the admin area (issue 7): `talp` and `liaozhong` (spec §2), localized
 * Markdown; a partner-region page also names the region and the place names its suppliers'
 * addresses must contain. Visitors read them through contract/pages.ts.
 */
import { z } from "zod";
import { LANGS, LocalizedSchema } from "../lang-schemas.ts";
import { CONTENT_PAGE_KINDS } from "../pages.ts";
import { defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { AuditRowSchema } from "./audit.ts";
import { LangField, checkSource, choice, form, localized, localizedRequired, nullable, optionalText, typeError } from "./fields.ts";

export const RegionPageSettingsSchema = z.object({ regionCode: z.string(), localities: z.array(z.string()) });

export const AdminPageSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(CONTENT_PAGE_KINDS),
    title: LocalizedSchema,
    lead: LocalizedSchema,
    body: LocalizedSchema.meta({ description: "Markdown per language" }),
    sourceLang: z.enum(LANGS),
    status: z.enum(["draft", "published"]),
    settings: RegionPageSettingsSchema.nullable(),
    stored: z.boolean().meta({ description: "False: not written yet, shown from its defaults" }),
    updatedAt: z.string().nullable(),
    history: z.array(AuditRowSchema),
  })
  .meta({ id: "AdminPage" });
export type AdminPage = z.infer<typeof AdminPageSchema>;

export const PageSchema = form({
  title: localizedRequired(300),
  lead: localized(1000).optional(),
  body: localized(50_000).optional(),
  sourceLang: LangField.default("ru"),
  status: choice(["draft", "published"]).default("published"),
  /** Partner-region pages: the region whose suppliers are listed… */
  regionCode: nullable(
    z
      .string({ error: typeError })
      .trim()
      .regex(/^(CN-)?\d{2}$/, { error: "invalid_format" }),
  ),
  /** …and the place names (any language, comma-separated) their address must contain. */
  localities: optionalText(500),
}).superRefine((value, ctx) => {
  checkSource(ctx, value.title, value.sourceLang, "title");
  if (value.regionCode && !(value.localities ?? "").split(",").some((l) => l.trim()))
    ctx.addIssue({ code: "custom", message: "localities_required", path: ["localities"] });
});
export type PageInput = z.output<typeof PageSchema>;

const PageParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,79}$/)
    .meta({ description: "talp or liaozhong" }),
});
const TAG = "Admin: content pages";

export const listPages = defineRoute({
  method: "GET",
  path: "/app/admin/pages",
  operationId: "adminListPages",
  tag: TAG,
  summary: "The content pages, written or not",
  auth: "staff",
  data: z.array(AdminPageSchema),
  errors: STAFF_ERRORS,
});

export const getPage = defineRoute({
  method: "GET",
  path: "/app/admin/pages/{slug}",
  operationId: "adminGetPage",
  tag: TAG,
  summary: "One content page with its history",
  auth: "staff",
  params: PageParams,
  data: AdminPageSchema,
  errors: [...STAFF_ERRORS, "not_found"],
});

export const savePage = defineRoute({
  method: "PUT",
  path: "/app/admin/pages/{slug}",
  operationId: "adminSavePage",
  tag: TAG,
  summary: "Write a content page (its region and localities for a region page)",
  auth: "staff",
  params: PageParams,
  body: PageSchema,
  data: AdminPageSchema,
  errors: [...MANAGE_ERRORS, "not_found"],
});
