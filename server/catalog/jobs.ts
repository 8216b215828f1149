/**
 * `catalogue-counts` (server/jobs/queue.ts; ADR 070): every minute, one process of the cluster
 * refreshes the product count groups every process reads (count-groups.ts), instead of each process
 * grouping the whole catalogue itself once a minute. At most one runs at a time; a run that fails
 * leaves the previous groups, which processes stop reading once they are COUNT_GROUPS_MAX_AGE_S old.
 */
import { defineJob } from "../jobs/queue.ts";
import { refreshProductCountGroups } from "./count-groups.ts";

export const catalogueCountsJob = defineJob({
  name: "catalogue-counts",
  cron: "* * * * *",
  policy: "singleton",
  retryLimit: 0,
  expireInSeconds: 600,
  async run(_data, { services, logger }) {
    if (!services.db) throw new Error("catalogue-counts needs db");
    const started = performance.now();
    const groups = await refreshProductCountGroups(services.db);
    logger.debug({ groups, ms: Math.round(performance.now() - started) }, "catalogue counts refreshed");
  },
});
