/** Press-centre tags in the admin area (contract/admin/tags.ts): `/app/admin/tags*` (no get: the list shows them all). */
import * as tags from "#contract/admin/tags.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "#server/admin/press.ts";
import { resource } from "../resource.ts";
import { adminRecordOperations } from "./records.ts";

export const adminTagResource = resource(
  "/app/admin/tags",
  adminRecordOperations(tags.tagRoutes, {
    list: listTags,
    get: getTag,
    create: createTag,
    update: updateTag,
    remove: deleteTag,
  }),
);
