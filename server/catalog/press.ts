/**
 * Press centre (spec §7 `/api/stories*`, `/api/tags`): published stories, newest first, with tags.
 * Bodies are Markdown per language; the web tier renders them with raw HTML disabled (sanitized).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Lang, Localized } from "../db/schema.ts";
import { pick, pickRequired } from "./localize.ts";
import { cappedCountSql, mediaUrl, runCappedCount, type ListSql, type Paged } from "./repository.ts";
import type { StoryCard, StoryDetail, TagRef } from "#contract/stories.ts";

export type { StoryCard, StoryDetail, TagRef } from "#contract/stories.ts";

type Row = {
  id: number;
  slug: string;
  title: Localized;
  lead: Localized;
  source_lang: Lang;
  cover_key: string | null;
  cover_width: number | null;
  cover_height: number | null;
  published_at: string | null;
  tags: { id: number; slug: string; name: Localized }[] | null;
};

const columns = sql.raw(`s.id, s.slug, s.title, s.lead, s.source_lang, f.storage_key as cover_key, f.width as cover_width,
  f.height as cover_height, s.published_at::text as published_at,
  (select json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) order by t.slug)
     from story_tags st join tags t on t.id = st.tag_id where st.story_id = s.id) as tags`);
const published = sql.raw(`s.status = 'published' and s.published_at <= now()`);

function toCard(row: Row, lang: Lang): StoryCard {
  return {
    id: row.id,
    slug: row.slug,
    title: pickRequired(row.title, lang, row.source_lang),
    lead: pick(row.lead, lang, row.source_lang),
    cover: row.cover_key ? { url: mediaUrl(row.cover_key), width: row.cover_width, height: row.cover_height } : null,
    publishedAt: row.published_at,
    tags: (row.tags ?? []).map((t) => ({ id: t.id, slug: t.slug, name: pickRequired(t.name, lang) })),
  };
}

/** SQL of a story list page (optionally one tag's) and its count; see listStories. */
export function storyListSql(filters: { tag?: string }, page: number, perPage: number): ListSql {
  const tagFilter = filters.tag
    ? sql`and exists(select 1 from story_tags st join tags t on t.id = st.tag_id where st.story_id = s.id and t.slug = ${filters.tag})`
    : sql``;
  return {
    rows: sql`select ${columns} from stories s left join files f on f.id = s.cover_file_id
      where ${published} ${tagFilter} order by s.published_at desc, s.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    count: cappedCountSql(sql`from stories s where ${published} ${tagFilter}`),
  };
}

/** One page of published stories (published_at in the past), newest first, optionally of one tag (slug). */
export async function listStories(db: Db, filters: { tag?: string }, lang: Lang, page: number, perPage: number): Promise<Paged<StoryCard>> {
  const query = storyListSql(filters, page, perPage);
  const [rows, count] = await Promise.all([db.execute<Row>(query.rows), runCappedCount(db, query.count)]);
  return { items: rows.rows.map((row) => toCard(row, lang)), ...count };
}

/** A story by numeric id or slug. */
export async function getStory(db: Db, idOrSlug: string, lang: Lang): Promise<StoryDetail | null> {
  const key = /^\d+$/.test(idOrSlug) ? sql`s.id = ${Number(idOrSlug)}` : sql`s.slug = ${idOrSlug}`;
  const rows = await db.execute<Row & { body: Localized }>(sql`select ${columns}, s.body from stories s
    left join files f on f.id = s.cover_file_id where ${key} and ${published}`);
  const row = rows.rows[0];
  if (!row) return null;
  return { ...toCard(row, lang), body: pick(row.body, lang, row.source_lang), sourceLang: row.source_lang };
}

/** Published stories by id, in the given order. */
export async function getStoryCards(db: Db, ids: number[], lang: Lang): Promise<StoryCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<Row>(sql`select ${columns} from stories s left join files f on f.id = s.cover_file_id
    where s.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${published}`);
  const byId = new Map(rows.rows.map((row) => [row.id, toCard(row, lang)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function randomStories(db: Db, lang: Lang, count: number): Promise<StoryCard[]> {
  const rows = await db.execute<Row>(sql`select ${columns} from stories s left join files f on f.id = s.cover_file_id
    where ${published} order by random() limit ${count}`);
  return rows.rows.map((row) => toCard(row, lang));
}

export async function listTags(db: Db, lang: Lang): Promise<(TagRef & { storyCount: number })[]> {
  const rows = await db.execute<{ id: number; slug: string; name: Localized; n: number }>(sql`
    select t.id, t.slug, t.name, count(s.id)::int as n from tags t
    left join story_tags st on st.tag_id = t.id left join stories s on s.id = st.story_id and ${published}
    group by t.id order by n desc, t.slug`);
  return rows.rows.map((r) => ({ id: r.id, slug: r.slug, name: pickRequired(r.name, lang), storyCount: r.n }));
}
