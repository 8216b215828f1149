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
import { files, stories, storyTags, tags, type Lang, type Localized } from "../db/schema.ts";
import { ApiError } from "../api/http.ts";
import { deleteUnusedFiles, fileView, type FileRow, type FileView } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { isUniqueViolation, type Queryable } from "../profile/db.ts";
import type { AdminActor } from "./access.ts";
import { historyOf, recordAdminAction, type AuditRow } from "./audit.ts";
import type { StoryInput, TagInput } from "./schemas.ts";

export interface AdminStory {
  id: number;
  slug: string;
  title: Localized;
  lead: Localized;
  body: Localized;
  sourceLang: Lang;
  status: "draft" | "published";
  publishedAt: string | null;
  cover: FileView | null;
  tagIds: number[];
  createdAt: string;
  updatedAt: string;
}

export interface AdminTag {
  id: number;
  slug: string;
  name: Localized;
  storyCount: number;
}

const slugTaken = () => new ApiError(409, "slug_taken", "This slug is used already", [{ path: "slug", message: "slug_taken" }]);

type StoryRow = typeof stories.$inferSelect;

async function storyView(db: Queryable, row: StoryRow): Promise<AdminStory> {
  const [cover, tagRows] = await Promise.all([
    row.coverFileId ? db.select().from(files).where(eq(files.id, row.coverFileId)).limit(1) : Promise.resolve([] as FileRow[]),
    db.select({ tagId: storyTags.tagId }).from(storyTags).where(eq(storyTags.storyId, row.id)),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    lead: row.lead,
    body: row.body,
    sourceLang: row.sourceLang,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    cover: cover[0] ? fileView(cover[0]) : null,
    tagIds: tagRows.map((t) => t.tagId).sort((a, b) => a - b),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Stories newest first (drafts included), optionally by status and a text in any language of the title or the slug. */
export async function listAdminStories(db: Db, query: { q?: string; status?: "draft" | "published"; page: number; limit: number }): Promise<{ items: AdminStory[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(stories.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(or(ilike(stories.slug, pattern), sql`${stories.title}->>'ru' ilike ${pattern}`, sql`${stories.title}->>'en' ilike ${pattern}`, sql`${stories.title}->>'zh' ilike ${pattern}`)!);
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

export async function getAdminStory(db: Db, id: number): Promise<AdminStory & { history: AuditRow[] }> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id)).limit(1);
  if (!row) throw new ApiError(404, "not_found", "Story not found");
  return { ...(await storyView(db, row)), history: await historyOf(db, "story", id) };
}

async function assertTags(tx: Queryable, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  if (found.length !== new Set(ids).size) throw new ApiError(400, "invalid_body", "Invalid request body", [{ path: "tagIds", message: "invalid_option" }]);
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

const auditShape = (c: ReturnType<typeof storyColumns>, tagIds: number[]) => ({ ...c, publishedAt: c.publishedAt?.toISOString() ?? null, tagIds: [...tagIds].sort((a, b) => a - b) });

async function writeTags(tx: Queryable, storyId: number, ids: number[]) {
  await tx.delete(storyTags).where(eq(storyTags.storyId, storyId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) await tx.insert(storyTags).values(unique.map((tagId) => ({ storyId, tagId })));
}

export async function createStory(db: Db, actor: AdminActor, input: StoryInput, now = new Date()): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await assertTags(tx, input.tagIds);
      const columns = storyColumns(input, null, now);
      const [row] = await tx.insert(stories).values({ ...columns, createdAt: now, updatedAt: now }).returning({ id: stories.id });
      await writeTags(tx, row!.id, input.tagIds);
      await recordAdminAction(tx, actor, { entityType: "story", entityId: row!.id, action: "story.create", before: null, after: auditShape(columns, input.tagIds) }, now);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function updateStory(db: Db, actor: AdminActor, id: number, input: StoryInput, now = new Date()): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(stories).where(eq(stories.id, id)).for("update");
      if (!row) throw new ApiError(404, "not_found", "Story not found");
      await assertTags(tx, input.tagIds);
      const before = await tx.select({ tagId: storyTags.tagId }).from(storyTags).where(eq(storyTags.storyId, id));
      const columns = storyColumns(input, row, now);
      await tx.update(stories).set({ ...columns, updatedAt: now }).where(eq(stories.id, id));
      await writeTags(tx, id, input.tagIds);
      await recordAdminAction(tx, actor, {
        entityType: "story",
        entityId: id,
        action: "story.update",
        before: auditShape({ slug: row.slug, title: row.title, lead: row.lead, body: row.body, sourceLang: row.sourceLang, status: row.status, publishedAt: row.publishedAt }, before.map((t) => t.tagId)),
        after: auditShape(columns, input.tagIds),
      }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function deleteStory(db: Db, storage: FileStorage, actor: AdminActor, id: number): Promise<void> {
  const cover = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, id)).for("update");
    if (!row) throw new ApiError(404, "not_found", "Story not found");
    await tx.delete(stories).where(eq(stories.id, id));
    await recordAdminAction(tx, actor, { entityType: "story", entityId: id, action: "story.delete", before: { slug: row.slug, title: row.title, status: row.status }, after: null });
    return row.coverFileId;
  });
  if (cover) await deleteUnusedFiles(db, storage, [cover]);
}

/**
 * Sets (or with `fileId` null removes) a story's cover. `claim(tx)` claims the uploaded file inside
 * the transaction and returns its id. The previous cover is deleted when nothing else uses it.
 */
export async function setStoryCover(db: Db, storage: FileStorage, actor: AdminActor, id: number, claim: ((tx: Queryable) => Promise<number>) | null): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, id)).for("update");
    if (!row) throw new ApiError(404, "not_found", "Story not found");
    const fileId = claim ? await claim(tx) : null;
    await tx.update(stories).set({ coverFileId: fileId, updatedAt: new Date() }).where(eq(stories.id, id));
    await recordAdminAction(tx, actor, { entityType: "story", entityId: id, action: "story.cover", before: { coverFileId: row.coverFileId }, after: { coverFileId: fileId } });
    return row.coverFileId;
  });
  if (previous) await deleteUnusedFiles(db, storage, [previous]);
}

/* ─── tags ──────────────────────────────────────────────────────────────────────────────────── */

export async function listTags(db: Db): Promise<AdminTag[]> {
  const rows = await db
    .select({ t: tags, n: sql<number>`(select count(*)::int from story_tags st where st.tag_id = ${tags.id})` })
    .from(tags)
    .orderBy(asc(tags.slug));
  return rows.map(({ t, n }) => ({ id: t.id, slug: t.slug, name: t.name, storyCount: n }));
}

export async function createTag(db: Db, actor: AdminActor, input: TagInput): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(tags).values({ slug: input.slug, name: input.name }).returning({ id: tags.id });
      await recordAdminAction(tx, actor, { entityType: "tag", entityId: row!.id, action: "tag.create", before: null, after: { slug: input.slug, name: input.name } });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function updateTag(db: Db, actor: AdminActor, id: number, input: TagInput): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for("update");
      if (!row) throw new ApiError(404, "not_found", "Tag not found");
      await tx.update(tags).set({ slug: input.slug, name: input.name, updatedAt: new Date() }).where(eq(tags.id, id));
      await recordAdminAction(tx, actor, { entityType: "tag", entityId: id, action: "tag.update", before: { slug: row.slug, name: row.name }, after: { slug: input.slug, name: input.name } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Deletes a tag; its stories stay and simply lose it. */
export async function deleteTag(db: Db, actor: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for("update");
    if (!row) throw new ApiError(404, "not_found", "Tag not found");
    await tx.delete(tags).where(eq(tags.id, id));
    await recordAdminAction(tx, actor, { entityType: "tag", entityId: id, action: "tag.delete", before: { slug: row.slug, name: row.name }, after: null });
  });
}
