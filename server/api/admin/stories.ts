/** Press-centre stories in the admin area (contract/admin/stories.ts): `/app/admin/stories*`. */
import * as stories from "../../../contract/admin/stories.ts";
import { createStory, deleteStory, getAdminStory, listAdminStories, setStoryCover, updateStory } from "../../admin/press.ts";
import { receiveFile } from "../../files/receive.ts";
import { implement, resource } from "../resource.ts";
import { pageMeta } from "./paging.ts";
import { staffAccess } from "./staff.ts";

export const adminStoryResource = resource("/app/admin/stories", [
  implement(stories.listStories, async (c, { query }) => {
    await staffAccess(c, "read");
    const { items, total } = await listAdminStories(c.var.db, query);
    return { data: items, meta: pageMeta(query.page, query.limit, total) };
  }),
  implement(stories.createStory, async (c, { body }) => {
    const actor = await staffAccess(c, "manageContent");
    return { data: await getAdminStory(c.var.db, await createStory(c.var.db, actor, body)) };
  }),
  implement(stories.getStory, async (c, { params }) => {
    await staffAccess(c, "read");
    return { data: await getAdminStory(c.var.db, params.id) };
  }),
  implement(stories.updateStory, async (c, { params, body }) => {
    const actor = await staffAccess(c, "manageContent");
    await updateStory(c.var.db, actor, params.id, body);
    return { data: await getAdminStory(c.var.db, params.id) };
  }),
  implement(stories.deleteStory, async (c, { params }) => {
    const actor = await staffAccess(c, "manageContent");
    await deleteStory(c.var.db, c.var.storage, actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
  implement(stories.setCover, async (c, { params, form, body }) => {
    const actor = await staffAccess(c, "manageContent");
    // The multipart upload (or `{ fileId }` of an earlier one) is checked and stored first.
    const received = await receiveFile(
      c.var.db,
      c.var.storage,
      { form, body },
      { userId: actor.userId!, ttlS: c.var.uploadTtlS, expected: "image" },
    );
    await setStoryCover(c.var.db, c.var.storage, actor, params.id, received.file.id);
    return { data: await getAdminStory(c.var.db, params.id) };
  }),
  implement(stories.removeCover, async (c, { params }) => {
    const actor = await staffAccess(c, "manageContent");
    await setStoryCover(c.var.db, c.var.storage, actor, params.id, null);
    return { data: await getAdminStory(c.var.db, params.id) };
  }),
]);
