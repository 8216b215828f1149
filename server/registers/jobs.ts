/**
 * Background job of the FNS registers (issue 30 §1; server/jobs/queue.ts).
 * `import-registers`: monthly on the 15th at 02:00 UTC (the SME register's state date is the 10th;
 * the FNS publishes the archive within a few days), fetches the configured archives —
 * `services.registerUrls` (REGISTERS_URL, REGISTERS_SME_URL, REGISTERS_HEADCOUNT_URL,
 * REGISTERS_FINANCE_URL) or the job's own `urls` — and imports them (server/registers: an archive
 * already imported is skipped, an interrupted one resumed). Without URLs it does nothing. One archive
 * that fails is logged and the others still run; the job fails (and is retried) if any failed.
 */
import { defineJob } from "../jobs/queue.ts";
import { formatReport, importRegisters } from "./index.ts";
import { RefreshBusyError, refreshStaleRegisterOkvedGroups } from "./okved-groups.ts";

export const importRegistersJob = defineJob<{ urls?: string[]; partial?: boolean }>({
  name: "import-registers",
  cron: "0 2 15 * *",
  retryLimit: 2,
  // The whole SME register is ~6 million entries: a download and an import of an hour or more.
  expireInSeconds: 6 * 3600,
  policy: "singleton",
  async run(data, { services, logger }) {
    const urls = data.urls ?? services.registerUrls ?? [];
    if (urls.length === 0) return;
    if (!services.db) throw new Error("import-registers needs db");
    const results = await importRegisters(services.db, urls, { partial: data.partial ?? false });
    const failed = results.filter((r) => "error" in r);
    for (const result of results) {
      if ("error" in result) logger.error({ source: result.source, err: result.error }, "register archive not imported");
      else logger.info({ source: result.source, report: formatReport(result.report) }, "register archive imported");
    }
    if (failed.length > 0) throw new Error(`${failed.length} of ${results.length} register archives not imported`);
  },
});

/**
 * `register-okved-groups` (ADR 074): every five minutes, one process of the cluster refreshes the
 * register's OKVED count groups and search vocabulary (server/registers/okved-groups.ts, ADR 075) when a
 * change made them out of date — a claim, a moderator's block, a write outside the importer (which
 * refreshes them itself). Until then the supplier lists under an OKVED code count the companies as
 * before and a word being typed is searched as a prefix, so nothing shows stale.
 */
export const registerOkvedGroupsJob = defineJob({
  name: "register-okved-groups",
  cron: "*/5 * * * *",
  policy: "singleton",
  retryLimit: 0,
  // A pass at 5,000,000 register companies is minutes of one database core.
  expireInSeconds: 3600,
  async run(_data, { services, logger }) {
    if (!services.db) throw new Error("register-okved-groups needs db");
    const started = performance.now();
    try {
      const groups = await refreshStaleRegisterOkvedGroups(services.db);
      if (groups !== null) logger.info({ groups, ms: Math.round(performance.now() - started) }, "register OKVED count groups refreshed");
    } catch (error) {
      if (!(error instanceof RefreshBusyError)) throw error;
      logger.info("register OKVED count groups: register companies are being written, refreshed on a later run");
    }
  },
});
