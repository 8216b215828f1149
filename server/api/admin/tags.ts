/** Press-centre tags in the admin area (contract/admin/tags.ts): `/app/admin/tags*`. */
import * as tags from "../../../contract/admin/tags.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "../../admin/press.ts";
import { implement, resource } from "../resource.ts";
import { staffAccess } from "./staff.ts";

export const adminTagResource = resource("/app/admin/tags", [
  implement(tags.listTags, async (c) => {
    await staffAccess(c, "read");
    return { data: await listTags(c.var.db) };
  }),
  implement(tags.createTag, async (c, { body }) => {
    const actor = await staffAccess(c, "manageContent");
    return { data: await getTag(c.var.db, await createTag(c.var.db, actor, body)) };
  }),
  implement(tags.updateTag, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageContent");
    await updateTag(c.var.db, actor, params.id, body);
    return { data: await getTag(c.var.db, params.id) };
  }),
  implement(tags.deleteTag, async (c, { params }) => {
    const actor = await staffAccess(c, "manageContent");
    await deleteTag(c.var.db, actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
]);
