/** Press-centre stories in the admin area (contract/admin/stories.ts): `/app/admin/stories*`. */
import * as stories from "#contract/admin/stories.ts";
import {
  assertStoryExists,
  createStory,
  deleteStory,
  getAdminStory,
  listAdminStories,
  setStoryCover,
  updateStory,
} from "#server/admin/press.ts";
import { receiveFile } from "#server/files/receive.ts";
import { implement, resource } from "../resource.ts";
import { adminRecordOperations } from "./records.ts";
import { staffAccess } from "./staff.ts";

export const adminStoryResource = resource("/app/admin/stories", [
  ...adminRecordOperations(stories.storyRoutes, {
    list: listAdminStories,
    get: getAdminStory,
    create: createStory,
    update: updateStory,
    remove: (db, actor, id, { storage }) => deleteStory(db, storage, actor, id),
  }),
  implement(stories.setCover, async (c, { params, form, body }) => {
    const actor = await staffAccess(c, "manageContent");
    // An unknown story is refused before the upload is stored: a refused request writes nothing
    // (found by the fuzzer, tests/fuzz/openapi-fuzz.ts, which checks it on every operation).
    await assertStoryExists(c.var.db, params.id);
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
