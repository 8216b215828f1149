/**
 * Background jobs of the upload store (server/jobs/queue.ts).
 * `purge-uploads`: hourly, deletes expired temporary uploads that nothing references, 500 at a time,
 * until none is left (the same work as `npm run admin -- purge-uploads`).
 */
import { defineJob } from "../jobs/queue.ts";
import { purgeExpiredUploads } from "./repository.ts";

export const purgeUploadsJob = defineJob({
  name: "purge-uploads",
  cron: "17 * * * *",
  retryLimit: 1,
  async run(_data, { services, logger }) {
    const { db, storage } = services;
    if (!db || !storage) throw new Error("purge-uploads needs db and storage");
    let total = 0;
    for (;;) {
      const n = await purgeExpiredUploads(db, storage, new Date(), 500);
      total += n;
      if (n < 500) break;
    }
    if (total > 0) logger.info({ deleted: total }, "expired uploads purged");
  },
});
