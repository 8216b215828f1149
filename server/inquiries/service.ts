/**
 * Inquiries ("request a price"; contract/inquiries.ts, ADR 028): sending one, the form's data, a
 * visitor's draft kept while they sign in, and a supplier's response metrics.
 *
 * Sending (`createInquiry`) refuses, in this order: the honeypot field filled (400
 * `spam_suspected`); too many inquiries from the person or the IP (429 `rate_limited`, limits set by
 * the API, server/api/inquiries.ts); a supplier that is not a published company or a product not
 * published by it (404 `not_found`); the sender's own company (409 `own_company`); the same message
 * text (case and spacing aside) already sent to 2 OTHER suppliers within 10 minutes, i.e. a third
 * (429 `duplicate_inquiry`); an attachment that is not the sender's fresh upload (404
 * `file_not_found`); a `draftToken` whose draft was already sent (409 `inquiry_already_sent`, with
 * the conversation it opened). Below a product's MOQ (same unit) is allowed and flagged (`below_moq`).
 *
 * Then the conversation and its first message are written and the supplier's active employees who
 * answer buyers (owner, admin, sales: `companyRecipients`, ADR 009) are notified
 * (server/notifications) — members see it in the inbox without being told; a company with nobody on
 * the platform gets the inquiry by e-mail at its public address instead (the
 * `inquiry-supplier-mail` job, ./jobs.ts), except a company from the FNS registers: its inquiry is
 * held in its inbox (`held`) until someone claims the company (ADR 057).
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, conversationMessages, conversations, inquiryDrafts, notifications, products, users } from "../db/schema.ts";
import { mayAnswerBuyers } from "#contract/profile/fields.ts";
import { DomainError, notFound } from "../errors.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { membershipOf } from "../profile/access.ts";
import { notify } from "../notifications/index.ts";
import { claimFiles, companyRecipients, conversationPath, excerpt } from "../conversations/repository.ts";
import { messageLang } from "../conversations/lang.ts";
import type { InquiryForm, InquiryInput, ResponseStats } from "#contract/inquiries.ts";
import type { Lang, Localized } from "#contract/langs.ts";
import { personName } from "#contract/people.ts";
import type { InquiryMailProduct, InquiryMailTerms } from "../notifications/mail.ts";

export const INQUIRY_SUPPLIER_MAIL_JOB = "inquiry-supplier-mail";
/** The duplicate rule: the same text to this many different suppliers within the window is refused. */
export const DUPLICATE_SUPPLIERS = 3;
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
/** Response metrics: the window, the "answered" limit and the least number of inquiries to show them. */
export const STATS_WINDOW_DAYS = 90;
export const STATS_ANSWER_LIMIT_H = 48;
export const STATS_MINIMUM = 5;
/** A visitor's draft lives this long. */
export const DRAFT_TTL_MS = 24 * 3600 * 1000;

/** A message as compared for duplicates: case, spacing and punctuation at the ends aside. */
export function normalizedText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

async function publishedSupplier(db: Db, id: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, country: companies.country, status: companies.status, origin: companies.origin })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company || company.status !== "published") throw notFound("Supplier");
  return company;
}

/**
 * The form's supplier and its published products (newest 100, and the `selected` ones even if
 * older), those in `selected` pre-ticked and first. The page orders the rest by name in the
 * reader's language.
 */
export async function inquiryForm(db: Db, supplierId: number, selected: number[]): Promise<InquiryForm> {
  const company = await publishedSupplier(db, supplierId);
  const rows = await db
    .select({ id: products.id, name: products.name, sourceLang: products.sourceLang, moq: products.moq, moqUnit: products.moqUnit })
    .from(products)
    .where(and(eq(products.companyId, supplierId), eq(products.status, "published")))
    .orderBy(sql`${products.id} desc`)
    .limit(100);
  // A product asked for by the link comes first even when it is older than the newest 100.
  const missing = selected.filter((id) => !rows.some((r) => r.id === id));
  const extra = missing.length
    ? await db
        .select({ id: products.id, name: products.name, sourceLang: products.sourceLang, moq: products.moq, moqUnit: products.moqUnit })
        .from(products)
        .where(and(eq(products.companyId, supplierId), eq(products.status, "published"), inArray(products.id, missing)))
    : [];
  const all = [...extra, ...rows].sort((a, b) => Number(selected.includes(b.id)) - Number(selected.includes(a.id)));
  const claimed = (await companyRecipients(db, supplierId)).length > 0;
  return {
    supplier: {
      id: company.id,
      name: company.name as Localized,
      country: company.country,
      claimed,
      held: !claimed && company.origin === "register",
    },
    products: all.map((p) => ({
      id: p.id,
      name: p.name as Localized,
      sourceLang: p.sourceLang,
      moq: p.moq,
      moqUnit: p.moqUnit as InquiryForm["products"][number]["moqUnit"],
      selected: selected.includes(p.id),
    })),
  };
}

/** True when `quantity` of `unit` is below the MOQ of one of the products given in the same unit. */
export function isBelowMoq(
  quantity: string | null | undefined,
  unit: string | null | undefined,
  items: { moq: string | null; moqUnit: string | null }[],
): boolean {
  if (!quantity || !unit) return false;
  return items.some((p) => p.moq !== null && p.moqUnit === unit && Number(quantity) < Number(p.moq));
}

/** Refuses a third supplier getting the same text from `userId` within the window (see the module comment). */
async function assertNotDuplicate(db: Db, userId: number, supplierId: number, text: string, now: Date): Promise<void> {
  const recent = await db
    .select({ body: conversationMessages.body, supplierId: conversations.supplierCompanyId })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        eq(conversationMessages.authorUserId, userId),
        eq(conversationMessages.side, "buyer"),
        gt(conversationMessages.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
      ),
    );
  const wanted = normalizedText(text);
  const others = new Set(recent.filter((r) => r.supplierId !== supplierId && normalizedText(r.body) === wanted).map((r) => r.supplierId));
  if (others.size >= DUPLICATE_SUPPLIERS - 1) {
    throw new DomainError(
      "duplicate_inquiry",
      `The same message went to ${others.size} other suppliers in the last 10 minutes: write to each supplier in your own words`,
      { retryAfter: DUPLICATE_WINDOW_MS / 1000 },
    );
  }
}

/** Sends an inquiry (the checks and effects are in the module comment); returns the conversation's id. */
export async function createInquiry(
  db: Db,
  jobs: JobQueue,
  userId: number,
  input: InquiryInput,
  uiLang: Lang,
  now = new Date(),
): Promise<{ conversationId: number; belowMoq: boolean; held: boolean }> {
  const supplier = await publishedSupplier(db, input.supplierId);
  const member = await membershipOf(db, userId);
  const buyerCompanyId = member && member.status === "active" ? member.companyId : null;
  if (buyerCompanyId === supplier.id) throw new DomainError("own_company", "This is your own company");
  const items = input.productIds.length
    ? await db
        .select({ id: products.id, moq: products.moq, moqUnit: products.moqUnit })
        .from(products)
        .where(and(inArray(products.id, input.productIds), eq(products.companyId, supplier.id), eq(products.status, "published")))
    : [];
  if (items.length !== input.productIds.length) {
    throw new DomainError("not_found", "A product is not one of this supplier's", {
      issues: [{ path: "productIds", message: "invalid_option" }],
    });
  }
  await assertNotDuplicate(db, userId, supplier.id, input.message, now);
  const draft = input.draftToken ? await claimDraft(db, input.draftToken, now) : null;
  try {
    const created = await writeInquiry(db, jobs, userId, input, uiLang, now, { supplier, buyerCompanyId, items });
    // Spent: the typed values go (only the supplier stays, so the form knows the draft is its own).
    if (draft)
      await db
        .update(inquiryDrafts)
        .set({ conversationId: created.conversationId, data: { supplierId: String(input.supplierId) } })
        .where(eq(inquiryDrafts.token, draft));
    return created;
  } catch (error) {
    // Nothing was sent: the draft may be sent later.
    if (draft) await db.update(inquiryDrafts).set({ sentAt: null }).where(eq(inquiryDrafts.token, draft));
    throw error;
  }
}

/**
 * Claims a draft for sending: marks it sent unless it already was (one UPDATE, so two sends racing
 * from the same draft cannot both pass). A draft already sent is 409 `inquiry_already_sent` with
 * the conversation it opened; an unknown or expired token is no draft (the inquiry is sent as typed).
 */
async function claimDraft(db: Db, token: string, now: Date): Promise<string | null> {
  const fresh = gt(inquiryDrafts.createdAt, new Date(now.getTime() - DRAFT_TTL_MS));
  const [claimed] = await db
    .update(inquiryDrafts)
    .set({ sentAt: now })
    .where(and(eq(inquiryDrafts.token, token), isNull(inquiryDrafts.sentAt), fresh))
    .returning({ token: inquiryDrafts.token });
  if (claimed) return claimed.token;
  const [spent] = await db
    .select({ conversationId: inquiryDrafts.conversationId })
    .from(inquiryDrafts)
    .where(and(eq(inquiryDrafts.token, token), isNotNull(inquiryDrafts.sentAt)));
  if (spent) {
    throw new DomainError("inquiry_already_sent", "This inquiry was already sent", { details: { conversationId: spent.conversationId } });
  }
  return null;
}

/** Writes the conversation, its first message and the supplier's notifications (createInquiry's effects). */
async function writeInquiry(
  db: Db,
  jobs: JobQueue,
  userId: number,
  input: InquiryInput,
  uiLang: Lang,
  now: Date,
  checked: {
    supplier: Awaited<ReturnType<typeof publishedSupplier>>;
    buyerCompanyId: number | null;
    items: { id: number; moq: string | null; moqUnit: string | null }[];
  },
): Promise<{ conversationId: number; belowMoq: boolean; held: boolean }> {
  const { supplier, buyerCompanyId, items } = checked;
  const fileIds = await claimFiles(db, userId, input.fileIds);
  const belowMoq = isBelowMoq(input.quantity, input.unit, items);
  const [conversation] = await db
    .insert(conversations)
    .values({
      buyerUserId: userId,
      buyerCompanyId,
      supplierCompanyId: supplier.id,
      productIds: input.productIds,
      quantity: input.quantity ?? null,
      unit: input.unit ?? null,
      belowMoq,
      targetPrice: input.targetPrice ?? null,
      currency: input.targetPrice ? (input.currency ?? null) : null,
      incoterm: input.incoterm ?? null,
      destinationCountry: input.destinationCountry ?? null,
      destinationCity: input.destinationCity ?? null,
      wantedBy: input.wantedBy ?? null,
      status: "new",
      buyerReadAt: now,
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: conversations.id });
  const id = conversation!.id;
  await db.insert(conversationMessages).values({
    conversationId: id,
    authorUserId: userId,
    authorCompanyId: buyerCompanyId,
    side: "buyer",
    body: input.message,
    lang: messageLang(input.message, input.lang ?? uiLang),
    fileIds,
    createdAt: now,
  });
  const recipients = await companyRecipients(db, supplier.id);
  // A company from the FNS registers nobody runs: the inquiry is held in its inbox until it is
  // claimed (server/registers/claims.ts tells the new owner); the registers hold no address to mail.
  const held = recipients.length === 0 && supplier.origin === "register";
  if (held) {
    // Nothing to send.
  } else if (recipients.length === 0) {
    await jobs.send(INQUIRY_SUPPLIER_MAIL_JOB, { conversationId: id });
  } else {
    const [buyer] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    await notify(db, jobs, {
      recipients,
      event: {
        kind: "inquiry.new",
        payload: {
          conversationId: id,
          buyer: personName(buyer),
          company: supplier.name,
          excerpt: excerpt(input.message),
          belowMoq,
          products: await inquiryProducts(db, input.productIds),
          terms: inquiryTerms(input),
        },
      },
      link: conversationPath(id),
    });
  }
  return { conversationId: id, belowMoq, held };
}

/**
 * The products an inquiry names, for its e-mail (server/notifications/mail.ts `inquiryDetails`):
 * id, the localized name and the language the supplier wrote it in, in the order asked.
 */
export async function inquiryProducts(db: Db, ids: readonly number[]): Promise<InquiryMailProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, sourceLang: products.sourceLang })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, name: row.name as Localized, sourceLang: row.sourceLang }] : [];
  });
}

/** An inquiry's terms as stored (decimal strings, codes, a YYYY-MM-DD day), for its e-mail; unset terms left out. */
export function inquiryTerms(input: Partial<InquiryInput>): InquiryMailTerms {
  const terms: InquiryMailTerms = {};
  if (input.quantity) terms.quantity = input.quantity;
  if (input.quantity && input.unit) terms.unit = input.unit;
  if (input.targetPrice) terms.targetPrice = input.targetPrice;
  if (input.targetPrice && input.currency) terms.currency = input.currency;
  if (input.incoterm) terms.incoterm = input.incoterm;
  if (input.destinationCountry) terms.destinationCountry = input.destinationCountry;
  if (input.destinationCity) terms.destinationCity = input.destinationCity;
  if (input.wantedBy) terms.wantedBy = input.wantedBy;
  return terms;
}

/** How far back a newcomer's header badge reaches for inquiries that wait (as the response metrics). */
export const WAITING_DAYS = STATS_WINDOW_DAYS;

/**
 * Tells a person who has just joined a company as someone who answers buyers (owner, admin,
 * sales) about the inquiries that wait for the company (issue 26 defect #17): the inquiry's
 * notification was written only for the people the company had then — none, for a company that
 * got it at its public address — so a newcomer's header badge said nothing while the inbox had
 * unread inquiries. One `inquiry.new` row per conversation of the last WAITING_DAYS days with buyer
 * messages the company has not read (at most 50), already marked e-mailed: they were told by e-mail
 * (the invitation mail) or will see it on the site, never a burst of late e-mails. Rows the person
 * already has for a conversation are not repeated. Returns how many were written.
 */
export async function noticeWaitingInquiries(db: Db, userId: number, companyId: number, role: string, now = new Date()): Promise<number> {
  if (!mayAnswerBuyers(role)) return 0;
  const since = new Date(now.getTime() - WAITING_DAYS * 24 * 3600 * 1000);
  const waiting = await db
    .select({ id: conversations.id, buyerUserId: conversations.buyerUserId })
    .from(conversations)
    .where(
      and(
        eq(conversations.supplierCompanyId, companyId),
        gt(conversations.lastMessageAt, since),
        sql`exists (select 1 from "conversation_messages" m where m.conversation_id = "conversations"."id" and m.side = 'buyer'
          and m.hidden_at is null and m.created_at > coalesce("conversations"."supplier_read_at", '-infinity'::timestamptz))`,
      ),
    )
    .orderBy(sql`${conversations.lastMessageAt} desc`)
    .limit(50);
  if (waiting.length === 0) return 0;
  const links = waiting.map((w) => conversationPath(w.id));
  const had = await db
    .select({ link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.link, links)));
  const known = new Set(had.map((h) => h.link));
  const fresh = waiting.filter((w) => !known.has(conversationPath(w.id)));
  if (fresh.length === 0) return 0;
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const buyers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(fresh.map((w) => w.buyerUserId))]));
  const buyerName = new Map(buyers.map((b) => [b.id, personName(b)]));
  await db.insert(notifications).values(
    fresh.map((w) => ({
      userId,
      kind: "inquiry.new",
      payload: { conversationId: w.id, buyer: buyerName.get(w.buyerUserId) ?? "", company: company?.name ?? {} },
      link: conversationPath(w.id),
      emailedAt: now,
      createdAt: now,
    })),
  );
  return fresh.length;
}

/** Keeps a visitor's typed form for DRAFT_TTL_MS under a fresh random token (older drafts are dropped now and then). */
export async function saveDraft(db: Db, values: Record<string, string | string[]>, now = new Date()) {
  const token = randomBytes(24).toString("base64url");
  await db.insert(inquiryDrafts).values({ token, data: values, createdAt: now });
  if (Math.random() < 0.05)
    await db.delete(inquiryDrafts).where(sql`${inquiryDrafts.createdAt} < ${new Date(now.getTime() - DRAFT_TTL_MS)}`);
  return { token, values, sent: null };
}

/**
 * A kept draft (404 when unknown or older than DRAFT_TTL_MS): its values, or, once the inquiry was
 * sent from it, only `supplierId` and `sent.conversationId`.
 */
export async function getDraft(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(inquiryDrafts)
    .where(and(eq(inquiryDrafts.token, token), gt(inquiryDrafts.createdAt, new Date(now.getTime() - DRAFT_TTL_MS))));
  if (!row) throw notFound("Draft");
  if (row.sentAt) return { token, values: row.data as Record<string, string>, sent: { conversationId: row.conversationId } };
  return { token, values: row.data as Record<string, string | string[]>, sent: null };
}

/** Per supplier of `companyIds`: inquiries of the last STATS_WINDOW_DAYS, how many answered within STATS_ANSWER_LIMIT_H, the median first-reply time (s). */
async function inquiryCounts(db: Db, companyIds: number[], now: Date) {
  const since = new Date(now.getTime() - STATS_WINDOW_DAYS * 24 * 3600 * 1000);
  const rows = await db
    .select({
      companyId: conversations.supplierCompanyId,
      n: sql<number>`count(*)::int`,
      fast: sql<number>`(count(*) filter (where ${conversations.firstReplyAt} - ${conversations.createdAt} <= make_interval(hours => ${STATS_ANSWER_LIMIT_H})))::int`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${conversations.firstReplyAt} - ${conversations.createdAt}))`,
    })
    .from(conversations)
    .where(and(inArray(conversations.supplierCompanyId, [...new Set(companyIds)]), gt(conversations.createdAt, since)))
    .groupBy(conversations.supplierCompanyId);
  return new Map(
    rows.map((r) => [r.companyId, { n: r.n, rate: r.fast / r.n, medianS: r.median === null ? null : Math.round(Number(r.median)) }]),
  );
}

/**
 * Response rate (share of the inquiries of the last 90 days answered within 48 h) and the median
 * time to the first reply (seconds) of a published supplier; both null below STATS_MINIMUM inquiries.
 */
export async function responseStats(db: Db, companyId: number, now = new Date()): Promise<ResponseStats> {
  await publishedSupplier(db, companyId);
  const row = (await inquiryCounts(db, [companyId], now)).get(companyId);
  const n = row?.n ?? 0;
  const enough = n >= STATS_MINIMUM;
  return {
    inquiries: n,
    responseRate: enough ? row!.rate : null,
    medianResponseS: enough ? row!.medianS : null,
    windowDays: STATS_WINDOW_DAYS,
    minimum: STATS_MINIMUM,
  };
}

/**
 * Response rates of many suppliers at once, for list cards (issue 14 §3): per company with at least
 * STATS_MINIMUM inquiries in the last STATS_WINDOW_DAYS, `rate` (share answered within
 * STATS_ANSWER_LIMIT_H, 0–1) and `medianS` (median first-reply time in seconds, null when none was
 * answered). Companies below the minimum are absent. One grouped query over
 * `conversations_supplier_created_idx`.
 */
export async function responseRates(
  db: Db,
  companyIds: number[],
  now = new Date(),
): Promise<Map<number, { rate: number; medianS: number | null }>> {
  if (companyIds.length === 0) return new Map();
  const out = new Map<number, { rate: number; medianS: number | null }>();
  for (const [id, row] of await inquiryCounts(db, companyIds, now)) {
    if (row.n >= STATS_MINIMUM) out.set(id, { rate: row.rate, medianS: row.medianS });
  }
  return out;
}

/** Supplier cards with their `response` (responseRates) — null where too few inquiries. */
export async function withResponseRates<C extends { id: number }>(
  db: Db,
  cards: C[],
): Promise<(C & { response: { rate: number; medianS: number | null } | null })[]> {
  const rates = await responseRates(
    db,
    cards.map((c) => c.id),
  );
  return cards.map((c) => ({ ...c, response: rates.get(c.id) ?? null }));
}
