/**
 * Quotes (contract/quotes.ts; ADR 029): a supplier company's answer to a buying request, the
 * buyer's comparison, shortlist and acceptance.
 *
 * Rules: the company must see the request (server/rfq/requests.ts `supplierMaySee`: 404 otherwise);
 * not its own request (409 `own_rfq`); the request must take quotes (open, deadline day not over:
 * 409 `rfq_closed`); one quote per company per request (409 `quote_exists`); a quote changes only
 * while the request takes quotes. The buyer sees every quote on their own request; a supplier only
 * its company's. Accepting awards the request, declines the other quotes and enqueues the e-mails
 * (`rfq-award-mail`).
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { convert, DEFAULT_DISPLAY_CURRENCY, isStale, rubPerUnit } from "../../contract/money.ts";
import type { CurrencyCode } from "../../contract/profile/fields.ts";
import type { ComparedQuote, Comparison, MatchedRfq, OwnQuote, QuoteInput, QuoteSort, QuoteView } from "../../contract/quotes.ts";
import type { Db } from "../db/client.ts";
import { companies, files, quoteFiles, quotes, rfqMatches, rfqs, type Lang } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { claimUpload } from "../files/repository.ts";
import { privateFileView } from "../files/links.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { ratesView } from "../money/service.ts";
import { isUniqueViolation, rowById, rowsById, type Queryable } from "../profile/db.ts";
import { nameIn, ownRfq, publicViews, rfqRow, supplierMaySee, takesQuotes, type RfqRow } from "./requests.ts";

type QuoteRow = typeof quotes.$inferSelect;

/** Views of quote rows (company names in `lang`, files), in order. */
async function quoteViews(db: Queryable, rows: QuoteRow[], lang: Lang, rfqsById: Map<number, RfqRow>): Promise<QuoteView[]> {
  if (rows.length === 0) return [];
  const companyRows = await db
    .select({ id: companies.id, name: companies.name, verificationLevel: companies.verificationLevel, country: companies.country })
    .from(companies)
    .where(
      inArray(
        companies.id,
        rows.map((r) => r.companyId),
      ),
    );
  const fileRows = await db
    .select({ quoteId: quoteFiles.quoteId, file: files })
    .from(quoteFiles)
    .innerJoin(files, eq(files.id, quoteFiles.fileId))
    .where(
      inArray(
        quoteFiles.quoteId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(quoteFiles.position, files.id);
  return rows.map((r) => {
    const company = companyRows.find((c) => c.id === r.companyId);
    const rfq = rfqsById.get(r.rfqId);
    return {
      id: r.id,
      rfqId: r.rfqId,
      company: {
        id: r.companyId,
        name: nameIn(company?.name, lang),
        verificationLevel: company?.verificationLevel ?? 0,
        country: company?.country ?? "RU",
      },
      tiers: r.tiers,
      priceFrom: r.priceFrom,
      currency: r.currency,
      moq: r.moq,
      leadTimeDays: r.leadTimeDays,
      incoterms: r.incoterms as QuoteView["incoterms"],
      incotermsPlace: r.incotermsPlace,
      validUntil: r.validUntil,
      comment: r.comment,
      lang: r.lang,
      status: r.status,
      shortlisted: r.shortlisted,
      editable: r.status === "submitted" && !!rfq && takesQuotes(rfq),
      files: fileRows.filter((f) => f.quoteId === r.id).map((f) => privateFileView(f.file)),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

async function ownQuoteViews(db: Queryable, rows: QuoteRow[], lang: Lang): Promise<OwnQuote[]> {
  if (rows.length === 0) return [];
  const byId = await rowsById(
    db,
    rfqs,
    rows.map((r) => r.rfqId),
  );
  const views = await quoteViews(db, rows, lang, byId);
  const rfqViews = await publicViews(db, [...byId.values()], lang);
  return views.map((view) => ({ ...view, rfq: rfqViews.find((r) => r.id === view.rfqId)! }));
}

/** Tiers sorted by quantity and the lowest price among them. */
function tierColumns(input: QuoteInput) {
  const tiers = [...input.tiers].sort((a, b) => Number(a.minQuantity) - Number(b.minQuantity));
  const priceFrom = tiers.reduce((min, t) => (Number(t.price) < Number(min) ? t.price : min), tiers[0]!.price);
  return {
    tiers,
    priceFrom,
    currency: input.currency,
    moq: input.moq,
    leadTimeDays: input.leadTimeDays,
    incoterms: input.incoterms,
    incotermsPlace: input.incotermsPlace,
    validUntil: input.validUntil,
    comment: input.comment ?? null,
    lang: input.lang,
  };
}

async function attachFiles(tx: Queryable, quoteId: number, userId: number, fileIds: number[] | undefined): Promise<void> {
  const attached = new Set(
    (await tx.select({ id: quoteFiles.fileId }).from(quoteFiles).where(eq(quoteFiles.quoteId, quoteId))).map((r) => r.id),
  );
  let position = attached.size;
  for (const fileId of fileIds ?? []) {
    if (attached.has(fileId)) continue;
    const file = await claimUpload(tx, fileId, userId);
    if (!file) throw new DomainError("file_not_found", "No such upload: upload the file again");
    await tx.insert(quoteFiles).values({ quoteId, fileId, position: position++ });
    attached.add(fileId);
  }
}

/** The request a company may quote on now (see the module comment for the refusals). */
async function quotableRfq(db: Queryable, rfqId: number, companyId: number, userId: number): Promise<RfqRow> {
  const row = await rfqRow(db, rfqId);
  if (!row) throw notFound("Buying request");
  if (row.buyerUserId === userId || row.buyerCompanyId === companyId) {
    throw new DomainError("own_rfq", "A company cannot quote on its own request");
  }
  if (!(await supplierMaySee(db, row, companyId))) throw notFound("Buying request");
  if (!takesQuotes(row)) throw new DomainError("rfq_closed", "The request no longer takes quotes");
  return row;
}

/** Creates the company's quote on `rfqId`; returns its id. */
export async function createQuote(
  db: Db,
  access: { companyId: number; userId: number },
  rfqId: number,
  input: QuoteInput,
): Promise<number> {
  await quotableRfq(db, rfqId, access.companyId, access.userId);
  const [existing] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.rfqId, rfqId), eq(quotes.companyId, access.companyId)))
    .limit(1);
  if (existing)
    throw new DomainError("quote_exists", "The company has already quoted on this request", { details: { quoteId: existing.id } });
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(quotes)
        .values({ ...tierColumns(input), rfqId, companyId: access.companyId, authorUserId: access.userId })
        .returning({ id: quotes.id });
      await attachFiles(tx, row!.id, access.userId, input.fileIds);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("quote_exists", "The company has already quoted on this request");
    throw error;
  }
}

async function companyQuote(db: Queryable, companyId: number, id: number): Promise<QuoteRow> {
  return rowById(db, quotes, id, "Quote", { within: eq(quotes.companyId, companyId) });
}

/** Rewrites the company's quote while its request takes quotes (409 `rfq_closed` after). */
export async function updateQuote(db: Db, access: { companyId: number; userId: number }, id: number, input: QuoteInput): Promise<void> {
  const quote = await companyQuote(db, access.companyId, id);
  const row = await rfqRow(db, quote.rfqId);
  if (!row || !takesQuotes(row) || quote.status !== "submitted") throw new DomainError("rfq_closed", "The request no longer takes quotes");
  await db.transaction(async (tx) => {
    await tx
      .update(quotes)
      .set({ ...tierColumns(input), authorUserId: access.userId, updatedAt: new Date() })
      .where(eq(quotes.id, id));
    await attachFiles(tx, id, access.userId, input.fileIds);
  });
}

export async function getOwnQuote(db: Db, companyId: number, id: number, lang: Lang): Promise<OwnQuote> {
  const [view] = await ownQuoteViews(db, [await companyQuote(db, companyId, id)], lang);
  return view!;
}

export async function listOwnQuotes(db: Db, companyId: number, lang: Lang): Promise<OwnQuote[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.companyId, companyId))
    .orderBy(desc(quotes.updatedAt), desc(quotes.id))
    .limit(200);
  return ownQuoteViews(db, rows, lang);
}

/** Requests the company was matched to or invited to and may still see, newest match first. */
export async function listMatchedRfqs(
  db: Db,
  companyId: number,
  query: { page: number; perPage: number; lang: Lang },
): Promise<{ items: MatchedRfq[]; total: number }> {
  const where = and(eq(rfqMatches.companyId, companyId), inArray(rfqs.status, ["open", "closed", "awarded"]));
  const rows = await db
    .select({ rfq: rfqs, reason: rfqMatches.reason, matchedAt: rfqMatches.createdAt })
    .from(rfqMatches)
    .innerJoin(rfqs, eq(rfqs.id, rfqMatches.rfqId))
    .where(where)
    .orderBy(desc(rfqMatches.createdAt), desc(rfqs.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rfqMatches)
    .innerJoin(rfqs, eq(rfqs.id, rfqMatches.rfqId))
    .where(where);
  const views = await publicViews(
    db,
    rows.map((r) => r.rfq),
    query.lang,
  );
  const mine = rows.length
    ? await db
        .select({ id: quotes.id, rfqId: quotes.rfqId, status: quotes.status })
        .from(quotes)
        .where(
          and(
            eq(quotes.companyId, companyId),
            inArray(
              quotes.rfqId,
              rows.map((r) => r.rfq.id),
            ),
          ),
        )
    : [];
  return {
    items: rows.map((r, index) => {
      const quote = mine.find((q) => q.rfqId === r.rfq.id);
      return {
        rfq: views[index]!,
        reason: r.reason,
        matchedAt: r.matchedAt.toISOString(),
        myQuote: quote ? { id: quote.id, status: quote.status } : null,
      };
    }),
    total: count?.n ?? 0,
  };
}

const SORT_KEYS: Record<QuoteSort, (q: QuoteView) => number> = {
  price: (q) => Number(q.priceFrom),
  leadTime: (q) => q.leadTimeDays,
  moq: (q) => Number(q.moq),
};

/**
 * The buyer's comparison of the quotes on their request: every quote's prices also in `currency`
 * (default by `lang`) at the Bank of Russia's latest rates (server/money/service.ts `ratesView`,
 * contract/money.ts `convert`: the same conversion as the catalogue's "≈"), sorted by `sort`. By
 * price the quotes compare in roubles through those rates; a quote whose currency has no stored
 * rate comes after them (by currency, then price). Ties go to the earlier quote.
 */
export async function compareQuotes(
  db: Db,
  userId: number,
  rfqId: number,
  options: { sort: QuoteSort; dir: "asc" | "desc"; lang: Lang; currency?: CurrencyCode | undefined },
  today: Date = new Date(),
): Promise<Comparison> {
  const rfq = await ownRfq(db, userId, rfqId);
  const rows = await db.select().from(quotes).where(eq(quotes.rfqId, rfqId)).orderBy(quotes.id);
  const views = await quoteViews(db, rows, options.lang, new Map([[rfq.id, rfq]]));
  const currency = options.currency ?? DEFAULT_DISPLAY_CURRENCY[options.lang];
  const ratesNow = await ratesView(db, today);
  const rates = rubPerUnit(ratesNow);
  const compared: ComparedQuote[] = views.map((q) => {
    const priceFrom = convert(q.priceFrom, q.currency, currency, rates);
    const tiers = q.tiers.map((tier) => convert(tier.price, q.currency, currency, rates));
    const converted = priceFrom !== null && tiers.every((p) => p !== null) ? { priceFrom, tiers: tiers as string[] } : null;
    return { ...q, converted };
  });
  // Roubles per quote for the price order; null when its currency has no rate.
  const inRub = new Map(compared.map((q) => [q.id, convert(q.priceFrom, q.currency, "RUB", rates)]));
  const rub = (q: QuoteView) => inRub.get(q.id) ?? null;
  const key = SORT_KEYS[options.sort];
  const sign = options.dir === "asc" ? 1 : -1;
  const sorted = [...compared].sort((a, b) => {
    if (options.sort === "price") {
      const ra = rub(a);
      const rb = rub(b);
      if (ra !== null && rb !== null) return sign * (Number(ra) - Number(rb)) || a.id - b.id;
      if (ra !== null || rb !== null) return ra !== null ? -1 : 1;
      if (a.currency !== b.currency) return a.currency < b.currency ? -1 : 1;
    }
    return sign * (key(a) - key(b)) || a.id - b.id;
  });
  const lowest = (list: QuoteView[], by: (q: QuoteView) => number) =>
    list.length ? list.reduce((best, q) => (by(q) < by(best) || (by(q) === by(best) && q.id < best.id) ? q : best)).id : null;
  const comparable = views.filter((q) => rub(q) !== null);
  const unrated = [...new Set(views.filter((q) => rub(q) === null).map((q) => q.currency))];
  const used = new Set<string>([currency, ...views.map((q) => q.currency)]);
  const applied = ratesNow.rates.filter((r) => used.has(r.currency));
  return {
    sort: options.sort,
    dir: options.dir,
    currency,
    rateDate: applied.map((r) => r.date).sort()[0] ?? null,
    stale: applied.some((r) => isStale(r.date, today)),
    quotes: sorted,
    best: {
      price: [
        ...(comparable.length ? [lowest(comparable, (q) => Number(rub(q)))!] : []),
        ...unrated.map((c) =>
          lowest(
            views.filter((q) => q.currency === c),
            SORT_KEYS.price,
          )!,
        ),
      ],
      leadTime: lowest(views, SORT_KEYS.leadTime),
      moq: lowest(views, SORT_KEYS.moq),
    },
  };
}

/** A quote on the caller's own request (404 otherwise). */
async function buyerQuote(db: Queryable, userId: number, rfqId: number, quoteId: number): Promise<{ rfq: RfqRow; quote: QuoteRow }> {
  const rfq = await ownRfq(db, userId, rfqId);
  const quote = await rowById(db, quotes, quoteId, "Quote", { within: eq(quotes.rfqId, rfqId) });
  return { rfq, quote };
}

export async function shortlistQuote(
  db: Db,
  userId: number,
  rfqId: number,
  quoteId: number,
  shortlisted: boolean,
  lang: Lang,
): Promise<QuoteView> {
  const { rfq } = await buyerQuote(db, userId, rfqId, quoteId);
  const [row] = await db.update(quotes).set({ shortlisted }).where(eq(quotes.id, quoteId)).returning();
  const [view] = await quoteViews(db, [row!], lang, new Map([[rfq.id, rfq]]));
  return view!;
}

/**
 * Accepts a quote on an open or closed request: the request is `awarded`, this quote `accepted`,
 * the others `declined`, and the job `rfq-award-mail` tells every quoting supplier.
 */
export async function acceptQuote(db: Db, jobs: JobQueue, userId: number, rfqId: number, quoteId: number, lang: Lang): Promise<QuoteView> {
  const { rfq } = await buyerQuote(db, userId, rfqId, quoteId);
  if (rfq.status !== "open" && rfq.status !== "closed") {
    throw new DomainError("invalid_transition", `A quote cannot be accepted on a ${rfq.status} request`);
  }
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [accepted] = await tx.update(quotes).set({ status: "accepted", updatedAt: now }).where(eq(quotes.id, quoteId)).returning();
    await tx
      .update(quotes)
      .set({ status: "declined", updatedAt: now })
      .where(and(eq(quotes.rfqId, rfqId), ne(quotes.id, quoteId)));
    await tx
      .update(rfqs)
      .set({ status: "awarded", awardedQuoteId: quoteId, closedAt: rfq.closedAt ?? now, updatedAt: now })
      .where(eq(rfqs.id, rfqId));
    return accepted!;
  });
  await jobs.send("rfq-award-mail", { rfqId }, { singletonKey: `rfq-award-${rfqId}` });
  const awarded = (await rfqRow(db, rfqId))!;
  const [view] = await quoteViews(db, [row], lang, new Map([[rfqId, awarded]]));
  return view!;
}

/** Every quote of a request with its company (for the award e-mails). */
export async function quotesOf(db: Db, rfqId: number): Promise<{ id: number; companyId: number; status: QuoteRow["status"] }[]> {
  return db.select({ id: quotes.id, companyId: quotes.companyId, status: quotes.status }).from(quotes).where(eq(quotes.rfqId, rfqId));
}
