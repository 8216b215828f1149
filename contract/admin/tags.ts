/** The press centre's tags, edited in the admin area (issue 7): localized names, unique slugs (409 `slug_taken`). */
import { z } from "zod";
import { LocalizedSchema } from "../lang-schemas.ts";
import { adminRecordRoutes } from "./crud.ts";
import { nameRu } from "./categories.ts";
import { Slug, form } from "./fields.ts";

export const AdminTagSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: LocalizedSchema, storyCount: z.number().int() })
  .meta({ id: "AdminTag" });
export type AdminTag = z.infer<typeof AdminTagSchema>;

export const TagSchema = form({ slug: Slug, name: nameRu(100) });
export type TagInput = z.output<typeof TagSchema>;

/** The tags operations (contract/admin/crud.ts), also exported one by one below. */
export const tagRoutes = adminRecordRoutes({
  path: "/app/admin/tags",
  names: { one: "Tag", many: "Tags", tag: "Admin: tags" },
  record: AdminTagSchema,
  body: TagSchema,
  list: { summary: "Every tag with its number of stories" },
  summaries: {
    create: "Create a tag",
    update: "Change a tag",
    delete: "Delete a tag (its stories stay and lose it)",
  },
});
export const { list: listTags, create: createTag, update: updateTag, remove: deleteTag } = tagRoutes;
