/**
 * `page-views-aggregate` (server/jobs/queue.ts; ADR 051): every 10 minutes, sums the web processes'
 * raw page-view flushes into `page_views_daily` (./aggregate.ts). The dashboard's view counts are
 * therefore at most ≈ 10 minutes plus one flush interval behind. Idempotent: a retry or a second run
 * writes the same totals.
 */
import { defineJob } from "../jobs/queue.ts";
import { aggregatePageViews } from "./aggregate.ts";

export const aggregatePageViewsJob = defineJob({
  name: "page-views-aggregate",
  cron: "*/10 * * * *",
  retryLimit: 1,
  async run(_data, { services, logger }) {
    if (!services.db) throw new Error("page-views-aggregate needs db");
    const result = await aggregatePageViews(services.db);
    if (result.days > 0 || result.purgedDaily > 0) logger.info(result, "page views aggregated");
  },
});
