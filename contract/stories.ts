/**
 * The press centre (spec §7 `/api/stories*`, `/api/tags`): published stories, newest first, with
 * tags. Bodies are Markdown per language; the web tier renders them with raw HTML disabled.
 */
import { z } from "zod";
import { LANGS, LangSchema, LocalizedTextSchema } from "./lang-schemas.ts";
import { LangQuery, ListMetaSchema, MediaRefSchema, PagedLangQuery, RandomQuery, SlugSchema } from "./common.ts";
import { defineRoute } from "./route.ts";

export const TagRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: LocalizedTextSchema }).meta({ id: "TagRef" });
export type TagRef = z.infer<typeof TagRefSchema>;

export const TagSchema = TagRefSchema.extend({ storyCount: z.number().int().min(0) }).meta({ id: "Tag" });
export type Tag = z.infer<typeof TagSchema>;

export const StoryCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: LocalizedTextSchema,
    lead: LocalizedTextSchema.nullable(),
    cover: MediaRefSchema.nullable(),
    publishedAt: z.string().nullable().meta({ description: "ISO 8601" }),
    tags: z.array(TagRefSchema),
  })
  .meta({ id: "StoryCard" });
export type StoryCard = z.infer<typeof StoryCardSchema>;

export const StoryDetailSchema = StoryCardSchema.extend({
  body: LocalizedTextSchema.nullable().meta({ description: "Markdown" }),
  sourceLang: z.enum(LANGS),
}).meta({ id: "StoryDetail" });
export type StoryDetail = z.infer<typeof StoryDetailSchema>;

export const StoryListQuery = PagedLangQuery.extend({ tag: SlugSchema.optional() });

export const listStories = defineRoute({
  method: "GET",
  path: "/api/stories",
  operationId: "listStories",
  tag: "Press centre",
  summary: "Published stories, newest first",
  auth: "public",
  query: StoryListQuery,
  data: z.array(StoryCardSchema),
  meta: ListMetaSchema,
});

export const randomStories = defineRoute({
  method: "GET",
  path: "/api/stories/random",
  operationId: "randomStories",
  tag: "Press centre",
  summary: "Random published stories",
  auth: "public",
  query: RandomQuery,
  data: z.array(StoryCardSchema),
});

export const getStory = defineRoute({
  method: "GET",
  path: "/api/stories/{id}",
  operationId: "getStory",
  tag: "Press centre",
  summary: "One story, by id or slug",
  auth: "public",
  params: z.object({
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,120}$/)
      .meta({ description: "The story's id or slug" }),
  }),
  query: z.object({ lang: LangSchema }),
  data: StoryDetailSchema,
  errors: ["not_found"],
});

export const listTags = defineRoute({
  method: "GET",
  path: "/api/tags",
  operationId: "listTags",
  tag: "Press centre",
  summary: "Tags with their numbers of published stories",
  auth: "public",
  query: LangQuery,
  data: z.array(TagSchema),
});
