/**
 * A moderator's decision from the admin area (issue 7): approve or reject a company or a product
 * (server/profile/moderation.ts, in one transaction with its audit row), then tell the company's
 * people by e-mail (server/admin/notify.ts; a failed delivery does not undo the decision).
 * Nothing to decide is a DomainError: 404 `not_found`, 409 `nothing_to_approve` /
 * `nothing_to_reject`.
 */
import type { Decision, QueueKind } from "#contract/admin/moderation.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import type { FileStorage } from "../files/storage.ts";
import type { Logger } from "../logger.ts";
import { approveCompany, approveProduct, rejectCompany, rejectProduct, type ModerationResult } from "../profile/moderation.ts";
import type { AdminActor } from "../audit/access.ts";
import { notifyDecision } from "./notify.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { approveRfq, rejectRfq } from "../rfq/moderation.ts";

export interface DecisionDeps {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: () => string;
  logger: Logger;
  /** The job queue (an approved buying request opens and its matching job is enqueued). */
  jobs?: JobQueue;
}

async function notified(deps: DecisionDeps, result: ModerationResult): Promise<Decision> {
  const mailed = await notifyDecision(deps.db, { mailer: deps.mailer, publicUrl: deps.publicUrl, logger: deps.logger }, result);
  return { ...result, mailed };
}

/** Approves `kind` `id` (a published product's pending changes are applied) and e-mails its people. */
export async function approve(deps: DecisionDeps, actor: AdminActor, kind: QueueKind, id: number): Promise<Decision> {
  if (kind === "rfq") return approveRfq({ ...deps, jobs: requireJobs(deps) }, actor, id);
  const result = await (kind === "company" ? approveCompany(deps.db, id, { actor }) : approveProduct(deps.db, deps.storage, id, { actor }));
  return notified(deps, result);
}

/** Rejects `kind` `id` with `reason` written in `lang` and e-mails its people. */
export async function reject(
  deps: DecisionDeps,
  actor: AdminActor,
  kind: QueueKind,
  id: number,
  reason: string,
  lang: Lang,
): Promise<Decision> {
  if (kind === "rfq") return rejectRfq({ ...deps, jobs: requireJobs(deps) }, actor, id, reason, lang);
  const result = await (kind === "company"
    ? rejectCompany(deps.db, id, reason, { actor, lang })
    : rejectProduct(deps.db, id, reason, { actor, lang }));
  return notified(deps, result);
}

function requireJobs(deps: DecisionDeps): JobQueue {
  if (!deps.jobs) throw new Error("Deciding on a buying request needs the job queue");
  return deps.jobs;
}
