/**
 * Editing the press centre from the admin area (issue 7): stories (localized title, lead and
 * Markdown body, cover image, tags, publication moment) and tags (localized names).
 *
 * - A story is `draft` or `published`; visitors see published stories whose `published_at` has come
 *   (server/catalog/press.ts), so a future moment schedules it. Publishing without a moment
 *   publishes now; a draft keeps the moment it was given.
 * - The cover is an uploaded image (server/files: checked by content, re-encoded, thumbnail); the
 *   replaced cover file is deleted once nothing refers to it.
 * - Slugs are unique (409 `slug_taken`); unknown tag ids are refused (400, `tagIds: invalid_option`).
 * Each change and its audit row are one transaction.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, stories, storyTags, tags } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { claimUpload, deleteUnusedFiles, fileView, type FileRow } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { rowById, type Queryable } from "../db/queries.ts";
import { withUniqueSlug } from "./slugs.ts";
import type { AdminActor } from "../audit/access.ts";
import { auditedChange, historyOf, insertAudited, recordAdminAction, updateAudited } from "../audit/log.ts";
import type { AdminStory, AdminStoryDetail, StoryInput } from "#contract/admin/stories.ts";
import type { AdminTag, TagInput } from "#contract/admin/tags.ts";

export type { AdminStory, AdminStoryDetail } from "#contract/admin/stories.ts";
export type { AdminTag } from "#contract/admin/tags.ts";

type StoryRow = typeof stories.$inferSelect;

async function storyView(db: Queryable, row: StoryRow): Promise<AdminStory> {
  const [cover, tagRows] = await Promise.all([
    row.coverFileId ? db.select().from(files).where(eq(files.id, row.coverFileId)).limit(1) : Promise.resolve([] as FileRow[]),
    db.select({ tagId: storyTags.tagId }).from(storyTags).where(eq(storyTags.storyId, row.id)),
  ]);
  return {
    id: row.id,
    ...storedColumns(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    cover: cover[0] ? fileView(cover[0]) : null,
    tagIds: tagRows.map((t) => t.tagId).sort((a, b) => a - b),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Stories newest first (drafts included), optionally by status and a text in any language of the title or the slug. */
export async function listAdminStories(
  db: Db,
  query: { q?: string; status?: "draft" | "published"; page: number; limit: number },
): Promise<{ items: AdminStory[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(stories.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      or(
        ilike(stories.slug, pattern),
        sql`${stories.title}->>'ru' ilike ${pattern}`,
        sql`${stories.title}->>'en' ilike ${pattern}`,
        sql`${stories.title}->>'zh' ilike ${pattern}`,
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(stories)
    .where(where)
    .orderBy(sql`${stories.publishedAt} desc nulls first`, desc(stories.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(stories).where(where);
  const items: AdminStory[] = [];
  for (const row of rows) items.push(await storyView(db, row));
  return { items, total: total?.n ?? 0 };
}

export async function getAdminStory(db: Db, id: number): Promise<AdminStoryDetail> {
  const row = await rowById(db, stories, id, "Story");
  return { ...(await storyView(db, row)), history: await historyOf(db, "story", id) };
}

/** Throws 404 `not_found` unless story `id` exists (checked before an upload is stored for it). */
export async function assertStoryExists(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: stories.id }).from(stories).where(eq(stories.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", "Story not found");
}

async function assertTags(tx: Queryable, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  if (found.length !== new Set(ids).size)
    throw new DomainError("invalid_body", "Invalid request body", { issues: [{ path: "tagIds", message: "invalid_option" }] });
}

function storyColumns(input: StoryInput, current: StoryRow | null, now: Date) {
  const publishedAt = input.publishedAt ?? (input.status === "published" ? (current?.publishedAt ?? now) : (current?.publishedAt ?? null));
  return {
    slug: input.slug,
    title: input.title,
    lead: input.lead ?? {},
    body: input.body ?? {},
    sourceLang: input.sourceLang,
    status: input.status,
    publishedAt,
  };
}

/** The editable columns of a stored story, as storyColumns gives them for an input. */
function storedColumns(row: StoryRow): ReturnType<typeof storyColumns> {
  return {
    slug: row.slug,
    title: row.title,
    lead: row.lead,
    body: row.body,
    sourceLang: row.sourceLang,
    status: row.status,
    publishedAt: row.publishedAt,
  };
}

const auditShape = (c: ReturnType<typeof storyColumns>, tagIds: number[]) => ({
  ...c,
  publishedAt: c.publishedAt?.toISOString() ?? null,
  tagIds: [...tagIds].sort((a, b) => a - b),
});

async function writeTags(tx: Queryable, storyId: number, ids: number[]) {
  await tx.delete(storyTags).where(eq(storyTags.storyId, storyId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) await tx.insert(storyTags).values(unique.map((tagId) => ({ storyId, tagId })));
}

export async function createStory(db: Db, actor: AdminActor, input: StoryInput, now = new Date()): Promise<number> {
  return withUniqueSlug(() =>
    db.transaction(async (tx) => {
      await assertTags(tx, input.tagIds);
      const columns = storyColumns(input, null, now);
      const [row] = await tx
        .insert(stories)
        .values({ ...columns, createdAt: now, updatedAt: now })
        .returning({ id: stories.id });
      await writeTags(tx, row!.id, input.tagIds);
      await recordAdminAction(
        tx,
        actor,
        { entityType: "story", entityId: row!.id, action: "story.create", before: null, after: auditShape(columns, input.tagIds) },
        now,
      );
      return row!.id;
    }),
  );
}

/** The story `id` as an audited record at `at` (404 "Story"). */
const storyRecord = (id: number, at?: Date) => ({ table: stories, id, entityType: "story", what: "Story", at }) as const;

export async function updateStory(db: Db, actor: AdminActor, id: number, input: StoryInput, now = new Date()): Promise<void> {
  await withUniqueSlug(() =>
    auditedChange(db, actor, storyRecord(id, now), async (tx, row) => {
      await assertTags(tx, input.tagIds);
      const before = await tx.select({ tagId: storyTags.tagId }).from(storyTags).where(eq(storyTags.storyId, id));
      const columns = storyColumns(input, row, now);
      await tx
        .update(stories)
        .set({ ...columns, updatedAt: now })
        .where(eq(stories.id, id));
      await writeTags(tx, id, input.tagIds);
      return {
        action: "story.update",
        before: auditShape(
          storedColumns(row),
          before.map((t) => t.tagId),
        ),
        after: auditShape(columns, input.tagIds),
      };
    }),
  );
}

export async function deleteStory(db: Db, storage: FileStorage, actor: AdminActor, id: number): Promise<void> {
  const row = await auditedChange(db, actor, storyRecord(id), async (tx, row) => {
    await tx.delete(stories).where(eq(stories.id, id));
    return { action: "story.delete", before: { slug: row.slug, title: row.title, status: row.status }, after: null };
  });
  if (row.coverFileId) await deleteUnusedFiles(db, storage, [row.coverFileId]);
}

/**
 * Sets a story's cover to `fileId`, an upload of `actor` claimed inside the transaction (404
 * `file_not_found` when it is not their unexpired upload), or with `fileId` null removes it. The
 * previous cover is deleted when nothing else uses it.
 */
export async function setStoryCover(db: Db, storage: FileStorage, actor: AdminActor, id: number, fileId: number | null): Promise<void> {
  const previous = await auditedChange(db, actor, storyRecord(id), async (tx, row) => {
    let coverId: number | null = null;
    if (fileId !== null) {
      const claimed = actor.userId === null ? null : await claimUpload(tx, fileId, actor.userId);
      if (!claimed) throw new DomainError("file_not_found", "No such upload: upload the file again");
      coverId = claimed.id;
    }
    await tx.update(stories).set({ coverFileId: coverId, updatedAt: new Date() }).where(eq(stories.id, id));
    return { action: "story.cover", before: { coverFileId: row.coverFileId }, after: { coverFileId: coverId } };
  });
  if (previous.coverFileId) await deleteUnusedFiles(db, storage, [previous.coverFileId]);
}

/* ─── tags ──────────────────────────────────────────────────────────────────────────────────── */

export async function listTags(db: Db): Promise<AdminTag[]> {
  const rows = await db
    .select({ t: tags, n: sql<number>`(select count(*)::int from story_tags st where st.tag_id = ${tags.id})` })
    .from(tags)
    .orderBy(asc(tags.slug));
  return rows.map(({ t, n }) => ({ id: t.id, slug: t.slug, name: t.name, storyCount: n }));
}

/** One tag with its number of stories. 404 `not_found`. */
export async function getTag(db: Db, id: number): Promise<AdminTag> {
  const found = (await listTags(db)).find((t) => t.id === id);
  if (!found) throw new DomainError("not_found", "Tag not found");
  return found;
}

export async function createTag(db: Db, actor: AdminActor, input: TagInput): Promise<number> {
  return withUniqueSlug(() =>
    db.transaction((tx) =>
      insertAudited(tx, actor, { table: tags, entityType: "tag", action: "tag.create" }, { slug: input.slug, name: input.name }),
    ),
  );
}

/** The tag `id` as an audited record at `at` (404 "Tag"). */
const tagRecord = (id: number) => ({ table: tags, id, entityType: "tag", what: "Tag" }) as const;

export async function updateTag(db: Db, actor: AdminActor, id: number, input: TagInput): Promise<void> {
  await withUniqueSlug(() => updateAudited(db, actor, tagRecord(id), "tag.update", { slug: input.slug, name: input.name }));
}

/** Deletes a tag; its stories stay and simply lose it. */
export async function deleteTag(db: Db, actor: AdminActor, id: number): Promise<void> {
  await auditedChange(db, actor, tagRecord(id), async (tx, row) => {
    await tx.delete(tags).where(eq(tags.id, id));
    return { action: "tag.delete", before: { slug: row.slug, name: row.name }, after: null };
  });
}
