/**
 * Public buying requests in the moderation queue (issue 14 §2; server/admin/queue.ts kind `rfq`):
 * a public request the buyer submitted waits (`moderation`) until a moderator approves it — it
 * opens, is listed at `/rfq` and the matching job runs — or rejects it with a reason in the buyer's
 * language (the buyer edits and resubmits). Each decision writes its audit row in the same
 * transaction and e-mails the buyer (server/rfq/mail.ts; a failed delivery does not undo it).
 */
import { eq, sql } from "drizzle-orm";
import type { Decision, QueueItemDetail, RfqDoc } from "#contract/admin/moderation.ts";
import type { Db } from "../db/client.ts";
import { companies, rfqs, users, type Lang } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import type { AdminActor } from "../audit/access.ts";
import { historyOf, recordAdminAction } from "../audit/log.ts";
import { mailModeration, userRecipient } from "./mail.ts";
import { enqueueOpenJobs, markOpen, publicViews, rfqRow, type RfqRow } from "./requests.ts";
import { personName } from "#contract/people.ts";
import { resources } from "#locales/index.ts";

const INTL: Record<Lang, string> = { ru: "ru-RU", en: "en-US", zh: "zh-CN" };

/**
 * The request's terms as a moderator reads them in `lang` (usability review #10): "50 т", not
 * "50.000 t"; "1 250 $", not "1250.00 USD"; "Новороссийск, Россия", not "RU, Новороссийск".
 */
function readable(row: RfqRow, lang: Lang) {
  const units = resources[lang].common.rfq.units as Record<string, string>;
  const locale = INTL[lang];
  const quantity = `${Number(row.quantity).toLocaleString(locale, { maximumFractionDigits: 3 })} ${units[row.unit] ?? row.unit}`;
  const price =
    row.targetPrice && row.currency
      ? Number(row.targetPrice).toLocaleString(locale, { style: "currency", currency: row.currency, maximumFractionDigits: 2 })
      : null;
  let country = row.destinationCountry;
  try {
    country = new Intl.DisplayNames([locale], { type: "region" }).of(row.destinationCountry) ?? country;
  } catch {
    // An unknown code stays as it is.
  }
  return { quantity, price, destination: `${row.destinationCity}, ${country}` };
}

/** SQL of the queue's rfq part, in the columns of server/admin/queue.ts. */
export const RFQ_QUEUE_PART = sql`select 'rfq'::text as kind, r.id, coalesce(r.buyer_company_id, 0) as company_id,
    jsonb_build_object(r.lang, r.title) as name, coalesce(bc.name, '{}'::jsonb) as company_name, r.status, false as changes_only,
    null::text[] as parts, r.moderation_note is not null as resubmission, r.lang as source_lang, r.updated_at as waiting_since
  from rfqs r left join companies bc on bc.id = r.buyer_company_id where r.status = 'moderation'`;

/** The document a moderator reads (what visitors will see). */
async function rfqDoc(db: Db, row: RfqRow, lang: Lang): Promise<RfqDoc> {
  const [view] = await publicViews(db, [row], lang);
  return {
    title: row.title,
    description: row.description,
    lang: row.lang,
    tnvedCode: view!.tnved ? `${view!.tnved.code} ${view!.tnved.name}` : null,
    category: view!.category?.name ?? null,
    quantity: row.quantity,
    unit: row.unit,
    targetPrice: row.targetPrice,
    currency: row.currency,
    incoterms: row.incoterms,
    destination: readable(row, lang).destination,
    deadline: view!.deadline,
    visibility: row.visibility,
    files: view!.files.map((f) => ({ id: f.id, url: f.url, thumbUrl: f.thumbUrl, name: f.originalName, mime: f.mime, title: {} })),
  };
}

/** One request as a moderator reviews it (null when it does not exist). */
export async function rfqQueueItem(db: Db, id: number, lang: Lang): Promise<QueueItemDetail | null> {
  const row = await rfqRow(db, id);
  if (!row) return null;
  const after = await rfqDoc(db, row, lang);
  const [buyer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, locale: users.locale })
    .from(users)
    .where(eq(users.id, row.buyerUserId))
    .limit(1);
  const [company] = row.buyerCompanyId ? await db.select().from(companies).where(eq(companies.id, row.buyerCompanyId)).limit(1) : [];
  const buyerName = personName(buyer);
  const text = (field: string, value: string | null) => ({ field, kind: "text" as const, changed: true, before: null, after: value });
  return {
    entry: {
      kind: "rfq",
      id,
      companyId: row.buyerCompanyId ?? 0,
      name: { [row.lang]: row.title },
      companyName: company?.name ?? { [row.lang]: buyerName },
      status: row.status,
      changesOnly: false,
      parts: [],
      resubmission: row.moderationNote !== null,
      sourceLang: row.lang,
      waitingSince: row.updatedAt.toISOString(),
    },
    awaiting: row.status === "moderation",
    company: {
      id: row.buyerCompanyId ?? 0,
      // The buyer's company if they have one, else the buyer by name; the page labels it as the buyer (usability review #10).
      name: company?.name ?? { [row.lang]: buyerName },
      status: company?.status ?? "published",
      country: company?.country ?? "RU",
      sourceLang: row.lang,
      peopleLangs: buyer ? [buyer.locale] : [],
    },
    moderationNote: row.moderationNote,
    moderationNoteLang: row.moderationNoteLang,
    before: null,
    after,
    diff: [
      text("title", after.title),
      text("description", after.description),
      text("tnvedCode", after.tnvedCode),
      text("category", after.category),
      text("quantity", readable(row, lang).quantity),
      text("targetPrice", readable(row, lang).price),
      text("incoterms", after.incoterms),
      text("destination", after.destination),
      text("deadline", after.deadline),
      text("visibility", (resources[lang].common.rfq.visibility as Record<string, string>)[row.visibility] ?? row.visibility),
      {
        field: "files",
        kind: "files",
        changed: after.files.length > 0,
        images: false,
        before: [],
        after: after.files.map((f) => ({ ...f, status: "added" as const })),
      },
    ],
    history: await historyOf(db, "rfq", id),
  };
}

export interface RfqDecisionDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: () => string;
  logger: Logger;
  jobs: JobQueue;
}

async function tellBuyer(deps: RfqDecisionDeps, row: RfqRow, approved: boolean, reason: string | null, hidden = false): Promise<number> {
  const to = await userRecipient(deps.db, row.buyerUserId);
  if (!to) return 0;
  try {
    await mailModeration({ mailer: deps.mailer, publicUrl: deps.publicUrl() }, to, row, { approved, reason, hidden });
    return 1;
  } catch (error) {
    deps.logger.warn({ err: error, rfqId: row.id }, "buying request decision e-mail failed");
    return 0;
  }
}

/** Approves a public request under review: it opens (listed, matched). 409 `nothing_to_approve` otherwise. */
export async function approveRfq(deps: RfqDecisionDeps, actor: AdminActor, id: number): Promise<Decision> {
  const row = await rfqRow(deps.db, id);
  if (!row) throw notFound(`rfq ${id}`);
  if (row.status !== "moderation") throw new DomainError("nothing_to_approve", `Buying request ${id} is ${row.status}`);
  await deps.db.transaction(async (tx) => {
    await recordAdminAction(tx, actor, {
      entityType: "rfq",
      entityId: id,
      action: "rfq.approve",
      before: { status: row.status },
      after: { status: "open" },
    });
    await markOpen(tx, row);
  });
  await enqueueOpenJobs(deps.jobs, row);
  const mailed = await tellBuyer(deps, row, true, null);
  return result(row, "approved", null, null, mailed);
}

/** Rejects a public request under review with `reason` in `lang`. 409 `nothing_to_reject` otherwise. */
export async function rejectRfq(deps: RfqDecisionDeps, actor: AdminActor, id: number, reason: string, lang: Lang): Promise<Decision> {
  const row = await rfqRow(deps.db, id);
  if (!row) throw notFound(`rfq ${id}`);
  if (row.status !== "moderation") throw new DomainError("nothing_to_reject", `Buying request ${id} is ${row.status}`);
  await setWithReason(deps.db, actor, row, "rejected", reason, lang);
  const mailed = await tellBuyer(deps, row, false, reason);
  return result(row, "rejected", reason, lang, mailed);
}

function result(row: RfqRow, decision: "approved" | "rejected", reason: string | null, reasonLang: Lang | null, mailed: number): Decision {
  return {
    kind: "rfq",
    id: row.id,
    companyId: row.buyerCompanyId ?? 0,
    name: { [row.lang]: row.title },
    decision,
    status: decision === "approved" ? "published" : "rejected",
    reason,
    reasonLang,
    changesOnly: false,
    mailed,
  };
}

/** Request statuses staff may hide (listed ones). */
const HIDEABLE = ["open", "closed", "awarded"];

/**
 * Hides a listed request (contract `hideRfq`): status `hidden`, the reason kept as the moderation
 * note in `lang`, an audit row `rfq.hide` in the same transaction, then the buyer is e-mailed (a
 * failed delivery does not undo it). Quotes stay for the buyer; suppliers no longer see the request.
 * Errors: `not_found`; 409 `invalid_transition` when the request is not listed.
 */
export async function hideRfq(deps: RfqDecisionDeps, actor: AdminActor, id: number, reason: string, lang: Lang): Promise<void> {
  const row = await rfqRow(deps.db, id);
  if (!row) throw notFound(`rfq ${id}`);
  if (!HIDEABLE.includes(row.status)) throw new DomainError("invalid_transition", `Buying request ${id} is ${row.status}`);
  await setWithReason(deps.db, actor, row, "hidden", reason, lang);
  await tellBuyer(deps, row, false, reason, true);
}

/**
 * A moderator's decision that carries a reason for the buyer (`rejected` under review, `hidden` once
 * listed): the status, the reason as the moderation note in `lang`, and its audit row (`rfq.reject` /
 * `rfq.hide`) in one transaction.
 */
async function setWithReason(db: Db, actor: AdminActor, row: RfqRow, status: "rejected" | "hidden", reason: string, lang: Lang) {
  await db.transaction(async (tx) => {
    await recordAdminAction(tx, actor, {
      entityType: "rfq",
      entityId: row.id,
      action: status === "rejected" ? "rfq.reject" : "rfq.hide",
      before: { status: row.status },
      after: { status, reason },
    });
    await tx
      .update(rfqs)
      .set({ status, moderationNote: reason, moderationNoteLang: lang, updatedAt: new Date() })
      .where(eq(rfqs.id, row.id));
  });
}
