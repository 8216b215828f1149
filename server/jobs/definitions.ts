/**
 * Every background job of the product, in one list (server/jobs/queue.ts runs them). A feature adds
 * its definitions here; a job's module keeps its own logic and docstring.
 */
import type { AnyJobDefinition } from "./queue.ts";
import { purgeUploadsJob } from "../files/jobs.ts";
import { priceListImportJob } from "../price-lists/job.ts";
import { importRatesJob } from "../money/jobs.ts";
import { inquirySupplierMailJob } from "../inquiries/jobs.ts";
import { notificationDigestJob, notificationMailJob } from "../notifications/jobs.ts";
import { RFQ_JOBS } from "../rfq/jobs.ts";
import { translateContentJob } from "../translation/jobs.ts";
import { moderationDigestJob } from "../admin/digest.ts";
import { importRegistersJob, registerOkvedGroupsJob } from "../registers/jobs.ts";
import { decideSubmissionJob } from "../admin/submissions.ts";
import { aggregatePageViewsJob } from "../page-views/jobs.ts";
import { orderRemindersJob } from "../orders/jobs.ts";
import { onecImportJob } from "../onec/job.ts";
import { catalogueCountsJob } from "../catalog/jobs.ts";

export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  purgeUploadsJob, // hourly clean-up of expired uploads
  priceListImportJob, // a supplier's price-list import (issue 15)
  importRatesJob, // the Bank of Russia's daily rates when CBR_RATES_URL is set (issue 15)
  inquirySupplierMailJob, // an inquiry to a supplier nobody runs on the platform (issue 14)
  notificationMailJob, // one e-mail per notification (issue 14)
  notificationDigestJob, // the daily digest of notifications (issue 14)
  ...RFQ_JOBS, // buying requests: matching, deadlines, award and quote e-mails (issue 14)
  translateContentJob, // machine translation of supplier content when a provider is set (issue 15)
  moderationDigestJob, // the daily e-mail to moderators of what waits in the queue (issue 15)
  importRegistersJob, // the FNS open registers, monthly, when REGISTERS_URL is set (issue 30)
  registerOkvedGroupsJob, // the register's OKVED count groups, refreshed after a change (issue 30, ADR 074)
  decideSubmissionJob, // a moderator's decision on a supplier's bulk submission of products (issue 26)
  aggregatePageViewsJob, // page views of supplier pages into the daily table, every 10 minutes (issue 28 §4)
  orderRemindersJob, // overdue order stages e-mailed to both sides once per stage, hourly (issue 28 §2)
  onecImportJob, // a file 1C sent in the exchange, imported (issue 29 §2)
  catalogueCountsJob, // the product count groups every process reads, refreshed every minute (issue 31 §3)
];
