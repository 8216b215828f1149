/** The press centre's tags, edited in the admin area (issue 7): localized names, unique slugs (409 `slug_taken`). */
import { z } from "zod";
import { LocalizedSchema } from "../lang.ts";
import { IdParams, defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { nameRu } from "./categories.ts";
import { DeletedSchema, Slug, form } from "./fields.ts";

export const AdminTagSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: LocalizedSchema, storyCount: z.number().int() })
  .meta({ id: "AdminTag" });
export type AdminTag = z.infer<typeof AdminTagSchema>;

export const TagSchema = form({ slug: Slug, name: nameRu(100) });
export type TagInput = z.output<typeof TagSchema>;

const TAGS = "Admin: tags";

export const listTags = defineRoute({
  method: "GET",
  path: "/app/admin/tags",
  operationId: "adminListTags",
  tag: TAGS,
  summary: "Every tag with its number of stories",
  auth: "staff",
  data: z.array(AdminTagSchema),
  errors: STAFF_ERRORS,
});

export const createTag = defineRoute({
  method: "POST",
  path: "/app/admin/tags",
  operationId: "adminCreateTag",
  tag: TAGS,
  summary: "Create a tag",
  auth: "staff",
  body: TagSchema,
  data: AdminTagSchema,
  status: 201,
  errors: [...MANAGE_ERRORS, "slug_taken"],
});

export const updateTag = defineRoute({
  method: "PUT",
  path: "/app/admin/tags/{id}",
  operationId: "adminUpdateTag",
  tag: TAGS,
  summary: "Change a tag",
  auth: "staff",
  params: IdParams,
  body: TagSchema,
  data: AdminTagSchema,
  errors: [...MANAGE_ERRORS, "not_found", "slug_taken"],
});

export const deleteTag = defineRoute({
  method: "DELETE",
  path: "/app/admin/tags/{id}",
  operationId: "adminDeleteTag",
  tag: TAGS,
  summary: "Delete a tag (its stories stay and lose it)",
  auth: "staff",
  params: IdParams,
  data: DeletedSchema,
  errors: [...MANAGE_ERRORS, "not_found"],
});
