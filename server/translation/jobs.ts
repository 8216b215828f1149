/**
 * The translation job (ADR 031): `translate-content` with data `{ kind: "product" | "company", id }`
 * makes the missing and stale machine translations of one entity's name and description
 * (server/translation/store.ts). It is enqueued when a supplier creates or edits a product or the
 * company, when a moderator approves one (published texts change then) and after an import
 * (`enqueueTranslation`). Without a configured provider (`TRANSLATION_PROVIDER=none`) it does
 * nothing. A provider failure fails the job, which the queue retries with back-off.
 */
import { defineJob, type JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { TranslationKind } from "../db/schema.ts";
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
    const made = await translateEntity(db, translator, data.kind, data.id);
    if (made > 0) ctx.logger.info({ kind: data.kind, id: data.id, made, provider: translator.name }, "content translated");
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
