/**
 * The moderation queue (issue 7): what waits for a moderator, OLDEST FIRST —
 * - public buying requests the buyer submitted (server/rfq/moderation.ts, issue 14);
 * - companies under moderation (a first submission, or a resubmission after a rejection or withdrawal);
 * - products under moderation;
 * - published products with pending changes the author has (re)submitted: changes a moderator sent
 *   back (`moderation_note` set) wait for the author, not for a moderator, and are not listed.
 * "Waiting since" is the record's last change (`updated_at`): submitting or editing moves it.
 *
 * `queueItem(db, kind, id, lang)` gives one entry with the documents before and after and their
 * field-by-field difference (server/admin/diff.ts), the company's languages (to write a rejection
 * in the supplier's language) and the record's audit history. A company's entry and item also name
 * the other companies listing one of its INNs (`innConflict`, `innConflicts`; ADR 034), so the
 * moderator can tell the real owner from a squatter.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, companyMembers, products, users, type Lang, type Localized } from "../db/schema.ts";
import { companiesWithInnConflicts, innConflicts } from "../profile/inn-conflicts.ts";
import { pendingOf } from "../profile/products.ts";
import { historyOf } from "../audit/log.ts";
import { companyDoc, diffCompany, diffProduct, productDoc, refreshFileRefs, type CompanyDoc, type ProductDoc } from "./diff.ts";
import type { QueueEntry, QueueItemDetail, QueueKind } from "#contract/admin/moderation.ts";
import { RFQ_QUEUE_PART, rfqQueueItem } from "../rfq/moderation.ts";

export type { QueueEntry, QueueItemDetail, QueueKind } from "#contract/admin/moderation.ts";

type Row = {
  kind: QueueKind;
  id: number;
  company_id: number;
  name: Localized;
  company_name: Localized;
  status: string;
  changes_only: boolean;
  parts: string[] | null;
  resubmission: boolean;
  source_lang: Lang;
  waiting_since: string;
};

/** SQL: products awaiting a moderator (see the module comment). */
export const PRODUCT_AWAITS = sql`(p.status = 'moderation' or (p.status = 'published' and p.pending_changes is not null and p.pending_changes <> '{}'::jsonb and p.moderation_note is null))`;

function toEntry(r: Row): QueueEntry {
  return {
    kind: r.kind,
    id: r.id,
    companyId: r.company_id,
    name: r.name ?? {},
    companyName: r.company_name ?? {},
    status: r.status,
    changesOnly: r.changes_only,
    parts: r.parts ?? [],
    resubmission: r.resubmission,
    sourceLang: r.source_lang,
    waitingSince: new Date(r.waiting_since).toISOString(),
  };
}

/** One page of the queue, oldest first; `kind` narrows it to companies or products. Counts are per kind. */
export async function listQueue(
  db: Db,
  query: { kind?: QueueKind; q?: string; page: number; limit: number },
): Promise<{ items: QueueEntry[]; total: number; counts: Record<QueueKind, number> }> {
  const companyPart = sql`select 'company'::text as kind, c.id, c.id as company_id, c.name, c.name as company_name, c.status, false as changes_only,
      null::text[] as parts, c.published_snapshot is not null as resubmission, c.source_lang, c.updated_at as waiting_since
    from companies c where c.status = 'moderation'`;
  const productPart = sql`select 'product'::text as kind, p.id, p.company_id, coalesce(p.pending_changes->'card'->'name', p.name) as name, c.name as company_name,
      p.status, p.status = 'published' as changes_only,
      case when p.status = 'published' then array(select jsonb_object_keys(p.pending_changes)) else null end as parts,
      p.published_snapshot is not null as resubmission, c.source_lang, p.updated_at as waiting_since
    from products p join companies c on c.id = p.company_id where ${PRODUCT_AWAITS}`;
  const union =
    query.kind === "company"
      ? companyPart
      : query.kind === "product"
        ? productPart
        : query.kind === "rfq"
          ? RFQ_QUEUE_PART
          : sql`${companyPart} union all ${productPart} union all ${RFQ_QUEUE_PART}`;
  // `q`: part of the name or the supplier's name in any language, or the record's number.
  const text = query.q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const where = pattern
    ? sql`where (q.name->>'ru' ilike ${pattern} or q.name->>'en' ilike ${pattern} or q.name->>'zh' ilike ${pattern}
        or q.company_name->>'ru' ilike ${pattern} or q.company_name->>'en' ilike ${pattern} or q.company_name->>'zh' ilike ${pattern}
        ${/^\d{1,9}$/.test(text!) ? sql`or q.id = ${Number(text)}` : sql``})`
    : sql``;
  const rows = await db.execute<Row>(
    sql`select * from (${union}) q ${where} order by q.waiting_since asc, q.kind asc, q.id asc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const counts = await queueCounts(db);
  const total = pattern
    ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n from (${union}) q ${where}`)).rows[0]?.n ?? 0)
    : query.kind
      ? counts[query.kind]
      : counts.company + counts.product + counts.rfq;
  const items = rows.rows.map(toEntry);
  const conflicted = await companiesWithInnConflicts(
    db,
    items.filter((e) => e.kind === "company").map((e) => e.id),
  );
  for (const entry of items) if (entry.kind === "company") entry.innConflict = conflicted.has(entry.id);
  return { items, total, counts };
}

/** How many companies and products wait for a moderator. */
export async function queueCounts(db: Db): Promise<Record<QueueKind, number>> {
  const result = await db.execute<{ companies: number; products: number; rfqs: number }>(
    sql`select (select count(*)::int from companies where status = 'moderation') as companies,
               (select count(*)::int from products p where ${PRODUCT_AWAITS}) as products,
               (select count(*)::int from rfqs where status = 'moderation') as rfqs`,
  );
  const row = result.rows[0];
  return { company: row?.companies ?? 0, product: row?.products ?? 0, rfq: row?.rfqs ?? 0 };
}

/**
 * One record as a moderator reviews it, also when it is not (or no longer) waiting (`awaiting`
 * false): then the diff is of its current state against the last approved one. Null when it does
 * not exist.
 */
export async function queueItem(db: Db, kind: QueueKind, id: number, lang: Lang): Promise<QueueItemDetail | null> {
  if (kind === "rfq") return rfqQueueItem(db, id, lang);
  if (kind === "company") {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    if (!row) return null;
    const after = await companyDoc(db, id);
    const before = row.publishedSnapshot ? await refreshFileRefs(db, row.publishedSnapshot as unknown as CompanyDoc) : null;
    const conflicts = await innConflicts(db, id);
    return {
      entry: {
        kind,
        id,
        companyId: id,
        name: row.name,
        companyName: row.name,
        status: row.status,
        changesOnly: false,
        parts: [],
        resubmission: before !== null,
        sourceLang: row.sourceLang,
        waitingSince: row.updatedAt.toISOString(),
        innConflict: conflicts.length > 0,
      },
      awaiting: row.status === "moderation",
      company: {
        id,
        name: row.name,
        status: row.status,
        country: row.country,
        sourceLang: row.sourceLang,
        peopleLangs: await peopleLangs(db, id),
      },
      moderationNote: row.moderationNote,
      moderationNoteLang: row.moderationNoteLang,
      before,
      after: after!,
      diff: diffCompany(before, after!, lang),
      history: await historyOf(db, "company", id),
      innConflicts: conflicts,
    };
  }
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, row.companyId)).limit(1);
  const pending = pendingOf(row);
  const changesOnly = row.status === "published" && pending !== null;
  const after = (await productDoc(db, id, true))!;
  const before = changesOnly
    ? await productDoc(db, id, false)
    : row.publishedSnapshot
      ? await refreshFileRefs(db, row.publishedSnapshot as unknown as ProductDoc)
      : null;
  return {
    entry: {
      kind,
      id,
      companyId: row.companyId,
      name: after.name,
      companyName: company?.name ?? {},
      status: row.status,
      changesOnly,
      parts: pending ? Object.keys(pending) : [],
      resubmission: row.publishedSnapshot !== null,
      sourceLang: company?.sourceLang ?? row.sourceLang,
      waitingSince: row.updatedAt.toISOString(),
    },
    awaiting: row.status === "moderation" || (changesOnly && !row.moderationNote),
    company: {
      id: row.companyId,
      name: company?.name ?? {},
      status: company?.status ?? "draft",
      country: company?.country ?? "RU",
      sourceLang: company?.sourceLang ?? row.sourceLang,
      peopleLangs: await peopleLangs(db, row.companyId),
    },
    moderationNote: row.moderationNote,
    moderationNoteLang: row.moderationNoteLang,
    before,
    after,
    diff: diffProduct(before as ProductDoc | null, after, lang),
    history: await historyOf(db, "product", id),
  };
}

/** Interface languages of a company's active people, most common first. */
async function peopleLangs(db: Db, companyId: number): Promise<Lang[]> {
  const rows = await db
    .select({ locale: users.locale, n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.status, "active"), isNotNull(companyMembers.userId)))
    .groupBy(users.locale)
    .orderBy(sql`count(*) desc`, asc(users.locale));
  return rows.map((r) => r.locale);
}
