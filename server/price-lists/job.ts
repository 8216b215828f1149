/**
 * `price-list-import` (server/jobs/queue.ts): imports one queued price-list run, `{ runId }`
 * (import.ts). Retried once if the process dies midway; the retry rolls the partial import back
 * and starts again, so running it twice never imports twice. Once the run has ended (done or
 * failed) its stored file is deleted (runs.ts `releaseRunFile`, issue 25 N7).
 *
 * An import enqueues no machine translation (review N8, ADR 046): it creates and changes drafts,
 * and a published product's changes wait for a moderator; approval enqueues the translation.
 */
import { defineJob } from "../jobs/queue.ts";
import { runImport } from "./import.ts";
import { releaseRunFile } from "./runs.ts";

export const PRICE_LIST_IMPORT_JOB = "price-list-import";

export const priceListImportJob = defineJob<{ runId: number }>({
  name: PRICE_LIST_IMPORT_JOB,
  retryLimit: 1,
  // 50,000 rows take minutes, not hours.
  expireInSeconds: 3600,
  async run(data, { services, logger }) {
    const { db, storage } = services;
    if (!db || !storage) throw new Error("price-list-import needs db and storage");
    await runImport(db, storage, logger, data.runId);
    await releaseRunFile(db, storage, data.runId);
  },
});
