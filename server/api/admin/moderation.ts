/** The moderation queue (contract/admin/moderation.ts): `/app/admin/moderation*`. */
import * as moderation from "#contract/admin/moderation.ts";
import { approve, reject, type DecisionDeps } from "#server/admin/decisions.ts";
import { listQueue, queueItem } from "#server/admin/queue.ts";
import { decideSubmission, listSubmissions, submissionDetail } from "#server/admin/submissions.ts";
import { notFound } from "#server/errors.ts";
import type { Context } from "hono";
import type { ApiEnv } from "../env.ts";
import { implement, resource } from "../resource.ts";
import { pageMeta } from "./paging.ts";
import { staffAccess } from "./staff.ts";
import { enqueueTranslation } from "#server/translation/jobs.ts";
import { hideRfq } from "#contract/rfq.ts";
import { hideRfq as hideListedRfq } from "#server/rfq/moderation.ts";

const deps = (c: Context<ApiEnv>): DecisionDeps => ({
  db: c.var.db,
  storage: c.var.storage,
  mailer: c.var.mailer,
  publicUrl: c.var.publicUrl,
  logger: c.var.logger,
  jobs: c.var.jobs,
});

export const adminModerationResource = resource("/app/admin/moderation", [
  // Before `{kind}/{id}`: "submissions" is not a kind.
  implement(moderation.listSubmissions, async (c) => {
    await staffAccess(c, "read");
    return { data: await listSubmissions(c.var.db) };
  }),
  implement(moderation.getSubmission, async (c, { params: { id } }) => {
    await staffAccess(c, "read");
    return { data: await submissionDetail(c.var.db, id) };
  }),
  implement(moderation.decideSubmission, async (c, { params: { id }, body }) => {
    const actor = await staffAccess(c, "moderate");
    return { data: await decideSubmission(c.var.db, c.var.jobs, { submissionId: id, ...body, actor }) };
  }),
  implement(moderation.listQueue, async (c, { query }) => {
    await staffAccess(c, "read");
    const { items, total, counts } = await listQueue(c.var.db, query);
    return { data: items, meta: { ...pageMeta(query.page, query.limit, total), counts } };
  }),
  implement(moderation.getQueueItem, async (c, { params: { kind, id }, query }) => {
    await staffAccess(c, "read");
    const item = await queueItem(c.var.db, kind, id, query.lang);
    if (!item) throw notFound(`${kind} ${id}`);
    return { data: item };
  }),
  implement(moderation.approve, async (c, { params: { kind, id } }) => {
    const actor = await staffAccess(c, "moderate");
    const decision = await approve(deps(c), actor, kind, id);
    // Approval changes what visitors read: translate the published texts again (ADR 031).
    if (kind !== "rfq") await enqueueTranslation(c.var.jobs, c.var.logger, kind, id);
    return { data: decision };
  }),
  implement(moderation.reject, async (c, { params: { kind, id }, body }) => {
    const actor = await staffAccess(c, "moderate");
    return { data: await reject(deps(c), actor, kind, id, body.reason, body.lang) };
  }),
]);

/** Staff actions on listed buying requests (issue 14 §3: staff can hide a request). */
export const adminRfqResource = resource("/app/admin/rfq", [
  implement(hideRfq, async (c, { params: { id }, body }) => {
    const actor = await staffAccess(c, "moderate");
    await hideListedRfq({ ...deps(c), jobs: c.var.jobs }, actor, id, body.reason, body.lang);
    return { data: { ok: true as const } };
  }),
]);
