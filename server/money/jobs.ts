/**
 * Background job of the exchange rates (server/jobs/queue.ts).
 * `import-rates`: daily at 13:05 UTC (16:05 Moscow, after the Bank of Russia sets the next day's
 * rates, usually by 15:30 Moscow), fetches CBR_RATES_URL (services.cbrRatesUrl) — or the job's own
 * `url` — and stores the answer (server/money/rates.ts: history is kept, a repeated date changes
 * nothing). Without a URL it does nothing. Prices compare through the latest rates at query time
 * (ADR 026), so nothing else has to be recomputed after an import.
 */
import { defineJob } from "../jobs/queue.ts";
import { fetchCbrDaily } from "./rates.ts";

export const importRatesJob = defineJob<{ url?: string }>({
  name: "import-rates",
  cron: "5 13 * * *",
  retryLimit: 3,
  async run(data, { services, logger }) {
    const url = data.url ?? services.cbrRatesUrl;
    if (!url) return;
    if (!services.db) throw new Error("import-rates needs db");
    const report = await fetchCbrDaily(services.db, url);
    logger.info({ date: report.date, added: report.added, kept: report.kept }, "exchange rates imported");
  },
});
