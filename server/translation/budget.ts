/**
 * What machine translation may cost (security review N8, ADR 046): the characters sent to the paid
 * provider are counted per company and for the whole site in windows of a day
 * (server/api/rate-limits.ts TRANSLATION_BUDGET), in the `rate_limits` table, so every process
 * and restart shares the counts. A text is paid for before it is sent; a refusal takes nothing.
 * When the site's budget is the one refusing, a warning is logged once per window (the alert:
 * "site-wide translation budget reached"); a company's own budget refusing is logged at info.
 */
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { quotaFor, TRANSLATION_BUDGET } from "#server/api/rate-limits.ts";
import type { TranslationBudget } from "./store.ts";

const companyQuota = quotaFor({
  keyPrefix: "translation_company",
  points: TRANSLATION_BUDGET.companyCharsPerDay,
  windowS: TRANSLATION_BUDGET.windowS,
});
const siteQuota = quotaFor({
  keyPrefix: "translation_site",
  points: TRANSLATION_BUDGET.siteCharsPerDay,
  windowS: TRANSLATION_BUDGET.windowS,
});
/** One alert per window: a quota of one. */
const siteAlert = quotaFor({ keyPrefix: "translation_site_alert", points: 1, windowS: TRANSLATION_BUDGET.windowS });

/** The key of the site-wide counters. */
const SITE = "site";

/** The daily budgets of `db` (see the module comment), logging to `logger`. */
export function translationBudget(db: Db, logger: Logger): TranslationBudget {
  return {
    async spend(companyId, chars) {
      const company = String(companyId);
      const companyWait = await companyQuota(db).spend(company, chars);
      if (companyWait !== null) {
        logger.info(
          { companyId, chars, budget: TRANSLATION_BUDGET.companyCharsPerDay, retryAfterS: companyWait },
          "company translation budget reached: translation waits",
        );
        return companyWait;
      }
      const siteWait = await siteQuota(db).spend(SITE, chars);
      if (siteWait === null) return null;
      await companyQuota(db).refund(company, chars);
      if ((await siteAlert(db).spend(SITE, 1)) === null) {
        logger.warn(
          { companyId, chars, budget: TRANSLATION_BUDGET.siteCharsPerDay, retryAfterS: siteWait },
          "site-wide translation budget reached: machine translation waits until the next window",
        );
      }
      return siteWait;
    },
  };
}
