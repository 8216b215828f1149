/**
 * "Request closed" for suppliers (issue 14 follow-up): when a buying request closes without an
 * award (the buyer closed it, or its deadline passed), every company that quoted on it hears so
 * through `notify` (server/notifications; kind `rfq.closed`, link to the company's quote). Companies
 * that were only matched and never quoted are not told: nothing of theirs changed. Idempotent
 * (`notify`'s `once`): the close job, the sweep's follow-up and a retry may all call it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { quotes } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { companyRecipients } from "../conversations/repository.ts";
import { notify } from "../notifications/index.ts";
import { rfqRow } from "./requests.ts";

/** Notifies the quoting suppliers of request `rfqId` that it closed. */
export async function notifyClosed(db: Db, jobs: JobQueue, rfqId: number): Promise<void> {
  const rfq = await rfqRow(db, rfqId);
  if (!rfq) return;
  const quoted = await db.select({ id: quotes.id, companyId: quotes.companyId }).from(quotes).where(eq(quotes.rfqId, rfqId));
  for (const quote of quoted) {
    await notify(db, jobs, {
      recipients: await companyRecipients(db, quote.companyId),
      event: { kind: "rfq.closed", payload: { rfqId, quoteId: quote.id, title: rfq.title } },
      link: `/profile/quotes/${quote.id}`,
      once: true,
    });
  }
}
