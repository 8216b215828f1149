/** The press centre's resources (contract/stories.ts): `/api/stories*` and `/api/tags`. */
import * as stories from "#contract/stories.ts";
import { notFound } from "../errors.ts";
import { getStory, listStories, listTags, randomStories } from "../catalog/press.ts";
import { pagedReply } from "./replies.ts";
import { implement, resource } from "./resource.ts";

export const storyResource = resource("/api/stories", [
  implement(stories.listStories, async (c, { query: { lang, page, perPage, tag } }) =>
    pagedReply(await listStories(c.var.db, { tag }, lang, page, perPage), page, perPage),
  ),
  implement(stories.randomStories, async (c, { query: { lang, count } }) => ({ data: await randomStories(c.var.db, lang, count) })),
  implement(stories.getStory, async (c, { params, query }) => {
    const story = await getStory(c.var.db, params.id, query.lang);
    if (!story) throw notFound("Story");
    return { data: story };
  }),
]);

export const tagResource = resource("/api/tags", [
  implement(stories.listTags, async (c, { query }) => ({ data: await listTags(c.var.db, query.lang) })),
]);
