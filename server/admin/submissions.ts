/**
 * Submissions: products a supplier sent to moderation in one bulk action (server/profile/bulk-products.ts;
 * issue 26 §3). A moderator reads a summary of the whole (products per category, how many lack a TN VED
 * code, a price or a photo) and a sample of at most `SAMPLE_SIZE` products spread over it
 * (`md5(id)` order: the same sample on every visit, not only the first rows of the file), then approves or
 * rejects every product still waiting in one action.
 *
 * The decision runs as the `decide-submission` job: each product is approved or rejected by the same
 * code as one at a time (server/profile/moderation.ts, an audit row each), products decided or withdrawn
 * meanwhile are left alone, and the company's people get ONE e-mail for the whole
 * (server/admin/notify.ts `notifySubmission`), not one per product. `state`: waiting → approving
 * (queued or running) → decided. Errors: 404 `not_found`; 409 `nothing_to_approve` when nothing waits.
 */
import { and, eq, sql } from "drizzle-orm";
import type { SubmissionDetail, SubmissionEntry } from "#contract/admin/moderation.ts";
import type { Db } from "#server/db/client.ts";
import { categories, companies, priceListRuns, productSubmissions, type Lang } from "#server/db/schema.ts";
import { DomainError, notFound } from "#server/errors.ts";
import type { FileStorage } from "#server/files/storage.ts";
import { defineJob, type JobQueue } from "#server/jobs/queue.ts";
import type { Logger } from "#server/logger.ts";
import { approveProduct, ModerationError, rejectProduct } from "#server/profile/moderation.ts";
import { enqueueTranslation } from "#server/translation/jobs.ts";
import type { AdminActor } from "#server/audit/access.ts";
import { productDoc } from "./diff.ts";
import { notifySubmission } from "./notify.ts";
import { PRODUCT_AWAITS } from "./queue.ts";

export const DECIDE_SUBMISSION_JOB = "decide-submission";
/** Products shown to the moderator out of a submission. */
export const SAMPLE_SIZE = 12;

type Row = {
  id: number;
  company_id: number;
  company_name: SubmissionEntry["companyName"];
  source_lang: Lang;
  state: SubmissionEntry["state"];
  decision: SubmissionEntry["decision"];
  product_count: number;
  awaiting: number;
  price_list_run_id: number | null;
  file_name: string | null;
  created_at: string;
};

const entries = (where: ReturnType<typeof sql>) => sql`
  select s.id, s.company_id, c.name as company_name, c.source_lang, s.state, s.decision, s.product_count,
    (select count(*)::int from products p where p.submission_id = s.id and ${PRODUCT_AWAITS}) as awaiting,
    s.price_list_run_id, r.original_name as file_name, s.created_at
  from ${productSubmissions} s join ${companies} c on c.id = s.company_id left join ${priceListRuns} r on r.id = s.price_list_run_id
  where ${where}`;

function toEntry(r: Row): SubmissionEntry {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name ?? {},
    sourceLang: r.source_lang,
    state: r.state,
    decision: r.decision,
    productCount: r.product_count,
    awaiting: r.awaiting,
    priceListRunId: r.price_list_run_id,
    fileName: r.file_name,
    submittedAt: new Date(r.created_at).toISOString(),
  };
}

/** Submissions not yet decided (waiting or being approved), oldest first. */
export async function listSubmissions(db: Db): Promise<SubmissionEntry[]> {
  const result = await db.execute<Row>(sql`${entries(sql`s.state <> 'decided'`)} order by s.created_at asc, s.id asc limit 200`);
  return result.rows.map(toEntry);
}

async function entryOf(db: Db, id: number): Promise<SubmissionEntry> {
  const result = await db.execute<Row>(entries(sql`s.id = ${id}`));
  const row = result.rows[0];
  if (!row) throw notFound(`Submission ${id}`);
  return toEntry(row);
}

/** One submission with the summary of its awaiting products and a sample of them (404 `not_found`). */
export async function submissionDetail(db: Db, id: number): Promise<SubmissionDetail> {
  const entry = await entryOf(db, id);
  const perCategory = await db.execute<{ id: number | null; name: SubmissionEntry["companyName"] | null; count: number }>(sql`
    select p.category_id as id, c.name, count(*)::int as count
    from products p left join ${categories} c on c.id = p.category_id
    where p.submission_id = ${id} and ${PRODUCT_AWAITS}
    group by p.category_id, c.name order by count(*) desc, p.category_id asc nulls last limit 10`);
  const gaps = await db.execute<{ without_tnved: number; without_price: number; without_image: number }>(sql`
    select count(*) filter (where p.tnved_code is null)::int as without_tnved,
           count(*) filter (where p.price_from is null)::int as without_price,
           count(*) filter (where not exists (select 1 from product_files f where f.product_id = p.id and f.kind = 'image'))::int as without_image
    from products p where p.submission_id = ${id} and ${PRODUCT_AWAITS}`);
  const sampled = await db.execute<{ id: number; status: string }>(
    sql`select p.id, p.status from products p where p.submission_id = ${id} and ${PRODUCT_AWAITS} order by md5(p.id::text) limit ${SAMPLE_SIZE}`,
  );
  const sample = [];
  for (const row of sampled.rows) {
    const doc = await productDoc(db, row.id, true);
    if (doc) sample.push({ id: row.id, status: row.status, doc });
  }
  const gap = gaps.rows[0];
  return {
    entry,
    summary: {
      categories: perCategory.rows.map((c) => ({ id: c.id, name: c.name ?? null, count: c.count })),
      withoutTnved: gap?.without_tnved ?? 0,
      withoutPrice: gap?.without_price ?? 0,
      withoutImage: gap?.without_image ?? 0,
    },
    sample,
  };
}

export interface SubmissionDecision {
  submissionId: number;
  decision: "approve" | "reject";
  reason?: string;
  lang?: Lang;
  actor: AdminActor;
}

/**
 * Queues the decision on every awaiting product of submission `id` and marks it `approving`.
 * 409 `nothing_to_approve` when none waits (decided one by one, withdrawn, or decided already — or a
 * second moderator's click that lost the race: the state moves waiting → approving only once).
 * When the job cannot be queued the submission goes back to `waiting` (a moderator can try again)
 * and the queue's error propagates: a submission is never left `approving` with no job to finish it.
 */
export async function decideSubmission(db: Db, jobs: JobQueue, decision: SubmissionDecision): Promise<SubmissionEntry> {
  const entry = await entryOf(db, decision.submissionId);
  const nothing = () => new DomainError("nothing_to_approve", `Submission ${decision.submissionId} has nothing waiting for a decision`);
  if (entry.awaiting === 0 || entry.state !== "waiting") throw nothing();
  const claimed = await db
    .update(productSubmissions)
    .set({ state: "approving", updatedAt: new Date() })
    .where(and(eq(productSubmissions.id, decision.submissionId), eq(productSubmissions.state, "waiting")))
    .returning({ id: productSubmissions.id });
  if (claimed.length === 0) throw nothing();
  try {
    await jobs.send(DECIDE_SUBMISSION_JOB, decision, { singletonKey: `submission-${decision.submissionId}` });
  } catch (error) {
    await db
      .update(productSubmissions)
      .set({ state: "waiting", updatedAt: new Date() })
      .where(and(eq(productSubmissions.id, decision.submissionId), eq(productSubmissions.state, "approving")));
    throw error;
  }
  return { ...entry, state: "approving" };
}

/** Products decided per transaction batch of the job (each is its own transaction; this bounds one query's id list). */
const BATCH = 200;

export const decideSubmissionJob = defineJob<SubmissionDecision>({
  name: DECIDE_SUBMISSION_JOB,
  retryLimit: 3,
  expireInSeconds: 3600,
  async run(decision, { services, logger, jobs }) {
    const { db, storage, mailer } = services;
    if (!db || !storage || !mailer) throw new Error(`${DECIDE_SUBMISSION_JOB} needs db, storage and mailer`);
    const decided = await decideAll(db, storage, decision, logger);
    const [submission] = await db
      .update(productSubmissions)
      .set({
        state: "decided",
        decision: decision.decision === "approve" ? "approved" : "rejected",
        moderationNote: decision.decision === "reject" ? (decision.reason ?? null) : null,
        moderationNoteLang: decision.decision === "reject" ? (decision.lang ?? null) : null,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(productSubmissions.id, decision.submissionId))
      .returning();
    if (!submission) return;
    // Approval changes what visitors read: translate the published texts (ADR 031), as one approval does.
    if (decision.decision === "approve") for (const id of decided) await enqueueTranslation(jobs, logger, "product", id);
    await notifySubmission(
      db,
      { mailer, publicUrl: services.publicUrl ?? (() => "http://localhost:3000"), logger },
      {
        companyId: submission.companyId,
        decision: decision.decision === "approve" ? "approved" : "rejected",
        count: decided.length,
        reason: decision.reason ?? null,
        reasonLang: decision.lang ?? null,
      },
    );
  },
});

/** Decides every product of the submission still awaiting; returns the ids decided. */
async function decideAll(db: Db, storage: FileStorage, decision: SubmissionDecision, logger: Logger): Promise<number[]> {
  const decided: number[] = [];
  let after = 0;
  for (;;) {
    const batch = await db.execute<{ id: number }>(
      sql`select p.id from products p where p.submission_id = ${decision.submissionId} and ${PRODUCT_AWAITS} and p.id > ${after} order by p.id limit ${BATCH}`,
    );
    if (batch.rows.length === 0) return decided;
    for (const { id } of batch.rows) {
      after = id;
      try {
        if (decision.decision === "approve") await approveProduct(db, storage, id, { actor: decision.actor });
        else await rejectProduct(db, id, decision.reason ?? "", { actor: decision.actor, lang: decision.lang });
        decided.push(id);
      } catch (error) {
        // Decided or withdrawn since the batch was read: the next product.
        if (!(error instanceof ModerationError)) throw error;
        logger.info({ productId: id, submissionId: decision.submissionId }, "submission product no longer awaiting");
      }
    }
  }
}
