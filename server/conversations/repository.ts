/**
 * Conversations between a buyer and a supplier company (contract/conversations.ts; ADR 028).
 *
 * Who may see a conversation (`sideIn`): its buyer (side `buyer`), or an ACTIVE employee of the
 * supplier company in any role (side `supplier`). Anyone else gets a 404 `not_found`, the same as for
 * a missing id, so ids reveal nothing. Who may write for the company — reply, close, reopen — is
 * narrower: the roles with the `answerBuyers` permission (owner, admin, sales; ADR 009, ADR 028); a
 * `member` reads the conversation and gets 403 `forbidden_role` on writing (`canReply` false). The
 * company's notifications (new inquiries, the buyer's replies, buying requests, quote decisions) go
 * to those who answer (`companyRecipients`).
 *
 * Status machine: `new` (waiting for the supplier) → `answered` (the supplier wrote) → `closed`
 * (either side). A message from the supplier makes it `answered`, one from the buyer makes it
 * `new` again (waiting), also out of `closed`; `reopen` of a closed one gives `answered` when the
 * supplier has ever answered, else `new`. Every change notifies the other side
 * (server/notifications).
 *
 * Read state: `buyer_read_at` / `supplier_read_at`; unread = the other side's visible messages
 * written after it. The supplier's mark moves when someone who answers reads (not a `member`).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  companies,
  companyMembers,
  conversationMessages,
  conversations,
  files,
  messageReports,
  messageTranslations,
  products,
  users,
} from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { rowById } from "../db/queries.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { companyAccess, membershipOf } from "../profile/access.ts";
import { ANSWER_BUYERS_ROLES, mayAnswerBuyers } from "#contract/profile/fields.ts";
import { claimUpload } from "../files/repository.ts";
import { privateFilePath } from "../files/links.ts";
import { markReadByLink, notify } from "../notifications/index.ts";
import type {
  Conversation,
  ConversationBox,
  ConversationSide,
  ConversationStatus,
  ConversationSummary,
  Message,
  MessageTranslation,
  ReplyInput,
} from "#contract/conversations.ts";
import type { Lang, Localized } from "#contract/langs.ts";
import { pageMetaOf } from "#contract/route.ts";
import { messageLang } from "./lang.ts";
import { personName } from "#contract/people.ts";

type Row = typeof conversations.$inferSelect;

/** The conversation page's path (the e-mails and notifications link to it). */
export const conversationPath = (id: number) => `/profile/conversations/${id}`;

/**
 * The caller's side in `row` and whether they may write in it (the buyer always; an employee of the
 * supplier when their role answers buyers), or null when they may not see it.
 */
export async function sideIn(db: Db, userId: number, row: Row): Promise<{ side: ConversationSide; canReply: boolean } | null> {
  if (row.buyerUserId === userId) return { side: "buyer", canReply: true };
  const member = await membershipOf(db, userId);
  if (member && member.status === "active" && member.companyId === row.supplierCompanyId) {
    return { side: "supplier", canReply: mayAnswerBuyers(member.role) };
  }
  return null;
}

/** The conversation `id`, the caller's side in it and whether they may write (404 when it is not theirs). */
export async function conversationFor(
  db: Db,
  userId: number,
  id: number,
): Promise<{ row: Row; side: ConversationSide; canReply: boolean }> {
  const row = await rowById(db, conversations, id, "Conversation");
  const seen = await sideIn(db, userId, row);
  if (!seen) throw notFound("Conversation");
  return { row, ...seen };
}

/**
 * The conversation `id` for a caller about to write in it: 403 `forbidden_role` for a supplier's
 * `member`, 403 `company_blocked` for the people of a blocked supplier.
 */
async function writableConversation(db: Db, userId: number, id: number): Promise<{ row: Row; side: ConversationSide }> {
  const found = await conversationFor(db, userId, id);
  if (!found.canReply) throw new DomainError("forbidden_role", "Only owners, admins and sales managers answer buyers for the company");
  if (found.side === "supplier") {
    // A company a moderator blocked no longer speaks to buyers in its name (review N14, as F21 for
    // its products and quotes): it still reads its inbox.
    const [company] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, found.row.supplierCompanyId));
    if (company?.status === "blocked") throw new DomainError("company_blocked", "The company has been blocked by a moderator");
  }
  return found;
}

/** SQL: the number of visible messages of the side other than `side` that `side` has not read. */
function unreadSql(side: ConversationSide): SQL<number> {
  // Written out qualified: drizzle leaves a column of the outer table unqualified in a select list,
  // where inside this subquery it would name the message's own column.
  const readAt = sql.raw(side === "buyer" ? `"conversations"."buyer_read_at"` : `"conversations"."supplier_read_at"`);
  return sql<number>`(select count(*)::int from "conversation_messages" m
    where m.conversation_id = "conversations"."id" and m.side <> ${side} and m.hidden_at is null
      and m.created_at > coalesce(${readAt}, '-infinity'::timestamptz))`;
}

const fullName = (u: { firstName: string | null; lastName: string | null } | undefined) => (u ? personName(u) : null);

/** The summaries of `rows` as seen from `side` (names, products, last message, unread counts). */
async function summaries(db: Db, rows: (Row & { unread: number })[], side: (row: Row) => ConversationSide): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const companyIds = [...new Set(rows.flatMap((r) => [r.supplierCompanyId, r.buyerCompanyId].filter((x): x is number => x !== null)))];
  const userIds = [...new Set(rows.map((r) => r.buyerUserId))];
  const productIds = [...new Set(rows.flatMap((r) => r.productIds))];
  const [companyRows, userRows, productRows, lastRows] = await Promise.all([
    db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds)),
    productIds.length
      ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))
      : Promise.resolve([]),
    db
      .selectDistinctOn([conversationMessages.conversationId], {
        conversationId: conversationMessages.conversationId,
        body: conversationMessages.body,
      })
      .from(conversationMessages)
      .where(
        and(
          inArray(
            conversationMessages.conversationId,
            rows.map((r) => r.id),
          ),
          isNull(conversationMessages.hiddenAt),
        ),
      )
      .orderBy(conversationMessages.conversationId, desc(conversationMessages.createdAt), desc(conversationMessages.id)),
  ]);
  const companyName = new Map(companyRows.map((c) => [c.id, c.name as Localized]));
  const userName = new Map(userRows.map((u) => [u.id, fullName(u) ?? ""]));
  const productName = new Map(productRows.map((p) => [p.id, p.name as Localized]));
  const last = new Map(lastRows.map((m) => [m.conversationId, m.body]));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    side: side(r),
    supplier: { id: r.supplierCompanyId, name: companyName.get(r.supplierCompanyId) ?? {} },
    buyer: { name: userName.get(r.buyerUserId) ?? "", company: r.buyerCompanyId ? (companyName.get(r.buyerCompanyId) ?? null) : null },
    products: r.productIds.filter((id) => productName.has(id)).map((id) => ({ id, name: productName.get(id)! })),
    belowMoq: r.belowMoq,
    unread: Number(r.unread),
    lastMessage: (last.get(r.id) ?? "").slice(0, 200),
    lastMessageAt: r.lastMessageAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

export interface ListQuery {
  box: ConversationBox;
  status?: ConversationStatus;
  unread: boolean;
  product?: number;
  page: number;
  perPage: number;
}

/**
 * The caller's inquiries (`box=buyer`) or their company's inbox (`box=company`; 403 `no_company`,
 * `member_blocked` without an active membership), latest activity first, with the box's unread
 * count, counts per status and the products its conversations name.
 */
export async function listConversations(db: Db, userId: number, query: ListQuery) {
  const side: ConversationSide = query.box === "buyer" ? "buyer" : "supplier";
  const owner =
    query.box === "buyer"
      ? eq(conversations.buyerUserId, userId)
      : eq(conversations.supplierCompanyId, (await companyAccess(db, userId, "read")).companyId);
  const unread = unreadSql(side);
  const where = and(
    owner,
    query.status ? eq(conversations.status, query.status) : undefined,
    query.product ? sql`${conversations.productIds} @> ${JSON.stringify([query.product])}::jsonb` : undefined,
    query.unread ? sql`${unread} > 0` : undefined,
  );
  const rows = await db
    .select({ row: conversations, unread })
    .from(conversations)
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [[total], statusRows, [unreadRow], productIdRows] = await Promise.all([
    db.select({ n: count() }).from(conversations).where(where),
    db.select({ status: conversations.status, n: count() }).from(conversations).where(owner).groupBy(conversations.status),
    db
      .select({ n: count() })
      .from(conversations)
      .where(and(owner, sql`${unread} > 0`)),
    db
      .selectDistinct({ id: sql<number>`(jsonb_array_elements_text(${conversations.productIds}))::int` })
      .from(conversations)
      .where(owner)
      .limit(100),
  ]);
  const productIds = productIdRows.map((r) => Number(r.id));
  const productList = productIds.length
    ? await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, productIds))
        .orderBy(asc(products.id))
    : [];
  const counts = { new: 0, answered: 0, closed: 0 };
  for (const s of statusRows) counts[s.status] = s.n;
  const totalN = total?.n ?? 0;
  return {
    items: await summaries(
      db,
      rows.map((r) => ({ ...r.row, unread: r.unread })),
      () => side,
    ),
    meta: {
      ...pageMetaOf(query.page, query.perPage, totalN),
      unreadConversations: unreadRow?.n ?? 0,
      counts,
      products: productList.map((p) => ({ id: p.id, name: p.name as Localized })),
    },
  };
}

/** Conversations with unread messages: as a buyer, and in the caller's company's inbox (0 without one). */
export async function unreadCounts(db: Db, userId: number): Promise<{ buyer: number; company: number }> {
  const [buyer] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.buyerUserId, userId), sql`${unreadSql("buyer")} > 0`));
  const member = await membershipOf(db, userId);
  let company = 0;
  if (member && member.status === "active") {
    const [row] = await db
      .select({ n: count() })
      .from(conversations)
      .where(and(eq(conversations.supplierCompanyId, member.companyId), sql`${unreadSql("supplier")} > 0`));
    company = row?.n ?? 0;
  }
  return { buyer: buyer?.n ?? 0, company };
}

/** One conversation with its messages (oldest first) as the caller sees it. */
/**
 * One conversation for a reader: with `options.lang`, each visible message in another language
 * carries its stored machine translation into it (translate.ts); `canTranslate` says a provider is configured.
 */
export async function getConversation(
  db: Db,
  userId: number,
  id: number,
  options: { lang?: Lang | undefined; canTranslate?: boolean } = {},
): Promise<Conversation> {
  const { row, side, canReply } = await conversationFor(db, userId, id);
  const [withUnread] = await db
    .select({ unread: unreadSql(side) })
    .from(conversations)
    .where(eq(conversations.id, id));
  const [summary] = await summaries(db, [{ ...row, unread: withUnread?.unread ?? 0 }], () => side);
  const messageRows = await db
    .select({ m: conversationMessages, firstName: users.firstName, lastName: users.lastName, companyName: companies.name })
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.authorUserId))
    .leftJoin(companies, eq(companies.id, conversationMessages.authorCompanyId))
    .where(eq(conversationMessages.conversationId, id))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  const fileIds = [...new Set(messageRows.flatMap((r) => r.m.fileIds))];
  const fileRows = fileIds.length ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
  const fileById = new Map(fileRows.map((f) => [f.id, f]));
  const translations = options.lang
    ? await storedTranslations(
        db,
        messageRows.filter((r) => r.m.lang !== options.lang).map((r) => r.m.id),
        options.lang,
      )
    : new Map<number, MessageTranslation>();
  const messages: Message[] = messageRows.map(({ m, firstName, lastName, companyName }) => {
    const hidden = m.hiddenAt !== null;
    return {
      id: m.id,
      side: m.side,
      author: m.authorUserId ? fullName({ firstName, lastName }) : null,
      company: (companyName as Localized | null) ?? null,
      body: hidden ? "" : m.body,
      lang: m.lang,
      files: hidden
        ? []
        : m.fileIds
            .map((fid) => fileById.get(fid))
            .filter((f) => f !== undefined)
            .map((f) => ({ id: f.id, url: privateFilePath(f.id), name: f.originalName, mime: f.mime, size: f.size })),
      hidden,
      own: m.side === side,
      createdAt: m.createdAt.toISOString(),
      translation: hidden ? null : (translations.get(m.id) ?? null),
    };
  });
  return {
    ...summary!,
    quantity: row.quantity,
    unit: row.unit,
    targetPrice: row.targetPrice,
    currency: row.currency,
    incoterm: row.incoterm,
    destinationCountry: row.destinationCountry,
    destinationCity: row.destinationCity,
    wantedBy: row.wantedBy,
    messages,
    canReply,
    canTranslate: options.canTranslate ?? false,
  };
}

/**
 * Marks the conversation read for the caller's side, and the caller's notifications that link to
 * it. A supplier employee who does not answer buyers (a `member`) only clears their own
 * notifications: the company's unread mark is there for those who answer, and a colleague's glance
 * must not hide a waiting buyer from them.
 */
export async function markConversationRead(db: Db, userId: number, id: number, now = new Date()): Promise<void> {
  const { side, canReply } = await conversationFor(db, userId, id);
  if (canReply) {
    await db
      .update(conversations)
      .set(side === "buyer" ? { buyerReadAt: now } : { supplierReadAt: now })
      .where(eq(conversations.id, id));
  }
  await markReadByLink(db, userId, conversationPath(id));
}

/**
 * Claims the caller's temporary uploads `fileIds` for a message (404 `file_not_found` for one that
 * is not theirs, attached already or expired).
 */
export async function claimFiles(db: Db, userId: number, fileIds: number[]): Promise<number[]> {
  for (const fileId of fileIds) {
    if (!(await claimUpload(db, fileId, userId))) throw new DomainError("file_not_found", `Upload ${fileId} not found`);
  }
  return fileIds;
}

/**
 * Who hears about a company's buyers (new inquiries, their replies, matched buying requests, quote
 * decisions): its active employees whose role answers buyers (ANSWER_BUYERS_ROLES). A `member`
 * still sees the inbox but is not notified of what they may not answer. Empty only for a company
 * nobody runs (an active owner always exists otherwise, ADR 009 `last_owner`).
 */
export async function companyRecipients(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.status, "active"),
        inArray(companyMembers.role, [...ANSWER_BUYERS_ROLES]),
      ),
    );
  return rows.map((r) => r.userId).filter((id): id is number => id !== null);
}

/** Everyone on the other side of `row` from `side`, except `userId`. */
async function otherSide(db: Db, row: Row, side: ConversationSide, userId: number): Promise<number[]> {
  const ids = side === "buyer" ? await companyRecipients(db, row.supplierCompanyId) : [row.buyerUserId];
  return ids.filter((id) => id !== userId);
}

async function authorName(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return fullName(u) ?? "";
}

async function companyNameOf(db: Db, companyId: number): Promise<Localized> {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return (c?.name as Localized) ?? {};
}

/** Trims a message for an e-mail or a list. */
export const excerpt = (body: string, max = 300) => (body.length > max ? `${body.slice(0, max - 1)}…` : body);

/**
 * Writes the caller's message (with their uploads attached), moves the status (see the module
 * comment), marks it read for the writer's side and notifies the other side. 403 `forbidden_role`
 * for a supplier employee whose role does not answer buyers.
 */
export async function addMessage(
  db: Db,
  jobs: JobQueue,
  userId: number,
  id: number,
  input: ReplyInput,
  uiLang: Lang,
  now = new Date(),
): Promise<Message> {
  const { row, side } = await writableConversation(db, userId, id);
  const fileIds = await claimFiles(db, userId, input.fileIds);
  const authorCompanyId = side === "supplier" ? row.supplierCompanyId : row.buyerCompanyId;
  const lang = messageLang(input.message, input.lang ?? uiLang);
  const [message] = await db
    .insert(conversationMessages)
    .values({ conversationId: id, authorUserId: userId, authorCompanyId, side, body: input.message, lang, fileIds, createdAt: now })
    .returning();
  const status: ConversationStatus = side === "supplier" ? "answered" : "new";
  await db
    .update(conversations)
    .set({
      status,
      lastMessageAt: now,
      updatedAt: now,
      ...(side === "buyer" ? { buyerReadAt: now } : { supplierReadAt: now }),
      ...(side === "supplier" && !row.firstReplyAt ? { firstReplyAt: now } : {}),
    })
    .where(eq(conversations.id, id));
  const author = await authorName(db, userId);
  await notify(db, jobs, {
    recipients: await otherSide(db, row, side, userId),
    event: {
      kind: "conversation.reply",
      payload: { conversationId: id, author, company: await companyNameOf(db, row.supplierCompanyId), excerpt: excerpt(input.message) },
    },
    link: conversationPath(id),
  });
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return {
    id: message!.id,
    side,
    author: fullName(u),
    company: authorCompanyId ? await companyNameOf(db, authorCompanyId) : null,
    body: message!.body,
    lang: message!.lang,
    files: [],
    hidden: false,
    own: true,
    createdAt: message!.createdAt.toISOString(),
  };
}

/**
 * Closes (from `new` or `answered`) or reopens (from `closed`) a conversation; 409
 * `invalid_transition` otherwise, 403 `forbidden_role` as for a message (addMessage).
 */
export async function changeStatus(
  db: Db,
  jobs: JobQueue,
  userId: number,
  id: number,
  action: "close" | "reopen",
): Promise<{ id: number; status: ConversationStatus }> {
  const { row, side } = await writableConversation(db, userId, id);
  if (action === "close" && row.status === "closed") throw new DomainError("invalid_transition", "The conversation is closed already");
  if (action === "reopen" && row.status !== "closed") throw new DomainError("invalid_transition", "The conversation is not closed");
  const status: ConversationStatus = action === "close" ? "closed" : row.firstReplyAt ? "answered" : "new";
  await db.update(conversations).set({ status, updatedAt: new Date() }).where(eq(conversations.id, id));
  await notify(db, jobs, {
    recipients: await otherSide(db, row, side, userId),
    event: {
      kind: "conversation.status",
      payload: {
        conversationId: id,
        status,
        author: await authorName(db, userId),
        company: await companyNameOf(db, row.supplierCompanyId),
      },
    },
    link: conversationPath(id),
  });
  return { id, status };
}

/** Reports message `messageId` of a conversation the caller takes part in (once per person; a repeat is fine). */
export async function reportMessage(db: Db, userId: number, messageId: number, reason: string | null | undefined): Promise<void> {
  const [message] = await db
    .select({ conversationId: conversationMessages.conversationId })
    .from(conversationMessages)
    .where(eq(conversationMessages.id, messageId));
  if (!message) throw notFound("Message");
  await conversationFor(db, userId, message.conversationId).catch(() => {
    throw notFound("Message");
  });
  await db
    .insert(messageReports)
    .values({ messageId, reporterUserId: userId, reason: reason ?? null })
    .onConflictDoNothing();
}

/** Stored translations of `messageIds` into `targetLang`, by message id. */
export async function storedTranslations(db: Db, messageIds: number[], targetLang: Lang): Promise<Map<number, MessageTranslation>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(messageTranslations)
    .where(and(inArray(messageTranslations.messageId, messageIds), eq(messageTranslations.targetLang, targetLang)));
  return new Map(rows.map((r) => [r.messageId, { text: r.text, sourceLang: r.sourceLang, targetLang }]));
}
