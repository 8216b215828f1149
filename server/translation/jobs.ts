/**
 * The translation job (ADR 031, 046): `translate-content` with data `{ kind: "product" | "company", id }`
 * makes the missing and stale machine translations of one entity's published name and description
 * (server/translation/store.ts). It is enqueued only when texts visitors read change: a moderator
 * approves a product or a company (`enqueueTranslation`, the admin API and `npm run admin`), a
 * published company's card is edited (post-moderation), a published entity's manual translation
 * is removed (`enqueueIfPublished`). Drafts, products under review, pending edits and price-list
 * imports (which write drafts and pending edits) enqueue nothing, and the job itself skips an
 * entity that is not published.
 *
 * Each language's texts are paid for from the daily budgets first (server/translation/budget.ts);
 * past one, the job is sent again to start when the window frees and this one ends (a later job
 * of the same entity finds nothing left to do and costs nothing). Without a configured provider (`TRANSLATION_PROVIDER=none`)
 * it does nothing. A provider failure fails the job, which the queue retries with back-off.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, products, type TranslationKind } from "../db/schema.ts";
import { defineJob, type JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import { translationBudget } from "./budget.ts";
import { translateEntity } from "./store.ts";

export const TRANSLATE_JOB = "translate-content";

export interface TranslateJobData {
  kind: TranslationKind;
  id: number;
}

export const translateContentJob = defineJob<TranslateJobData>({
  name: TRANSLATE_JOB,
  retryLimit: 5,
  async run(data, ctx) {
    const { db, translator } = ctx.services;
    if (!translator || !db) return;
    const { made, waitS } = await translateEntity(db, translator, data.kind, data.id, translationBudget(db, ctx.logger));
    if (made > 0) ctx.logger.info({ kind: data.kind, id: data.id, made, provider: translator.name }, "content translated");
    if (waitS !== null) {
      // The rest waits for the budget's next window.
      await ctx.jobs.send(TRANSLATE_JOB, { kind: data.kind, id: data.id } satisfies TranslateJobData, { startAfter: waitS });
      ctx.logger.info({ kind: data.kind, id: data.id, waitS }, "translation deferred by its budget");
    }
  },
});

/**
 * Enqueues the translation of `kind` `id`. Best effort: a queue failure is logged, never fails the
 * edit that asked (the next edit or approval enqueues again).
 */
export async function enqueueTranslation(jobs: JobQueue, logger: Logger, kind: TranslationKind, id: number): Promise<void> {
  try {
    await jobs.send(TRANSLATE_JOB, { kind, id } satisfies TranslateJobData);
  } catch (error) {
    logger.warn({ err: error, kind, id }, "translation not enqueued");
  }
}

/**
 * Enqueues the translation of `kind` `id` only when visitors read its texts (it is published):
 * an edit of a draft queues nothing (ADR 046). Returns whether it enqueued.
 */
export async function enqueueIfPublished(db: Db, jobs: JobQueue, logger: Logger, kind: TranslationKind, id: number): Promise<boolean> {
  const table = kind === "product" ? products : companies;
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
  if (row?.status !== "published") return false;
  await enqueueTranslation(jobs, logger, kind, id);
  return true;
}
