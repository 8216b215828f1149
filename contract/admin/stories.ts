/**
 * The press centre edited in the admin area (issue 7): stories (localized title, lead and Markdown
 * body, cover image, tags, publication moment).
 *
 * A story is `draft` or `published`; visitors see published stories whose moment has come, so a
 * future moment schedules one; publishing without a moment publishes now. Slugs are unique (409
 * `slug_taken`); unknown tag ids are refused (400, `tagIds: invalid_option`). The cover is an
 * uploaded image, checked by its content like every upload. Tags: contract/admin/tags.ts.
 */
import { AttachFileSchema } from "../profile/fields.ts";
import { z } from "zod";
import { LANGS, LocalizedSchema } from "../lang-schemas.ts";
import { IdParams, defineRoute } from "../route.ts";
import { MANAGE_ERRORS } from "./access.ts";
import { AuditRowSchema } from "./audit.ts";
import { adminRecordRoutes } from "./crud.ts";
import { LangField, Moment, Slug, checkSource, choice, form, localized, localizedRequired, nullable, typeError } from "./fields.ts";

export const STORY_STATUSES = ["draft", "published"] as const;

/** An uploaded file as the API shows it (server/files). */
export const AdminFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["image", "document"]),
  url: z.string(),
  thumbUrl: z.string().nullable().meta({ description: "WebP thumbnail (images only)" }),
  mime: z.string(),
  size: z.number().int().meta({ description: "Bytes" }),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  originalName: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

export const AdminStorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: LocalizedSchema,
    lead: LocalizedSchema,
    body: LocalizedSchema.meta({ description: "Markdown per language" }),
    sourceLang: z.enum(LANGS),
    status: z.enum(STORY_STATUSES),
    publishedAt: z.string().nullable(),
    cover: AdminFileSchema.nullable(),
    tagIds: z.array(z.number().int()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminStory" });
export type AdminStory = z.infer<typeof AdminStorySchema>;

export const AdminStoryDetailSchema = AdminStorySchema.extend({ history: z.array(AuditRowSchema) }).meta({ id: "AdminStoryDetail" });
export type AdminStoryDetail = z.infer<typeof AdminStoryDetailSchema>;

export const StorySchema = form({
  slug: Slug,
  title: localizedRequired(300),
  lead: localized(1000).optional(),
  /** Markdown per language (rendered without raw HTML). */
  body: localized(50_000).optional(),
  sourceLang: LangField.default("ru"),
  status: choice(STORY_STATUSES).default("draft"),
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

export const StoryListQuery = z.object({
  q: z.string().trim().max(200).optional().meta({ description: "Part of the title in any language, or of the slug" }),
  status: z.enum(STORY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The cover upload: a multipart field `file` (or JSON `{ fileId }` naming an earlier temporary upload). */
export const CoverUploadSchema = z.object({
  file: z.file().meta({ description: "The image (JPEG, PNG or WebP; checked by its content)" }),
});

const UPLOAD_ERRORS = [
  "invalid_multipart",
  "file_required",
  "file_not_found",
  "file_too_large",
  "file_empty",
  "file_kind_mismatch",
  "file_type_not_allowed",
  "image_format_not_allowed",
  "svg_not_allowed",
  "html_not_allowed",
  "archive_not_allowed",
  "executable_not_allowed",
  "macros_not_allowed",
  "polyglot_not_allowed",
  "image_corrupt",
  "image_too_large",
] as const;

const STORIES = "Admin: press centre";

/** The stories operations (contract/admin/crud.ts), also exported one by one below. */
export const storyRoutes = adminRecordRoutes({
  path: "/app/admin/stories",
  names: { one: "Story", many: "Stories", tag: STORIES },
  record: AdminStoryDetailSchema,
  body: StorySchema,
  list: { summary: "Stories newest first, drafts included", item: AdminStorySchema, query: StoryListQuery },
  summaries: {
    create: "Create a story",
    get: "One story with its history",
    update: "Change a story",
    delete: "Delete a story (and its cover file when nothing else uses it)",
  },
});
export const { list: listStories, create: createStory, get: getStory, update: updateStory, remove: deleteStory } = storyRoutes;

export const setCover = defineRoute({
  method: "PUT",
  path: "/app/admin/stories/{id}/cover",
  operationId: "adminSetStoryCover",
  tag: STORIES,
  summary: "Upload a story's cover image (replaces the previous one)",
  auth: "staff",
  params: IdParams,
  body: CoverUploadSchema,
  bodyType: "multipart",
  // Or `{ fileId }` of an earlier temporary upload (/api/files/common).
  jsonBody: AttachFileSchema,
  data: AdminStoryDetailSchema,
  errors: [...MANAGE_ERRORS, "not_found", ...UPLOAD_ERRORS],
});

export const removeCover = defineRoute({
  method: "DELETE",
  path: "/app/admin/stories/{id}/cover",
  operationId: "adminRemoveStoryCover",
  tag: STORIES,
  summary: "Remove a story's cover",
  auth: "staff",
  params: IdParams,
  data: AdminStoryDetailSchema,
  errors: [...MANAGE_ERRORS, "not_found"],
});
