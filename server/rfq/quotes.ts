/**
 * Quotes (contract/quotes.ts; ADR 029): a supplier company's answer to a buying request, the
 * buyer's comparison, shortlist and acceptance.
 *
 * Rules: the company must be published (403 `company_not_published`, security review N9) and see
 * the request (server/rfq/requests.ts `supplierMaySee`: 404 otherwise); not its own request (409
 * `own_rfq`); the request must take quotes (open, deadline day not over: 409 `rfq_closed`); one
 * quote per company per request (409 `quote_exists`); a quote changes only while the request takes
 * quotes. The buyer sees every quote on their own request; a supplier only its company's.
 * Accepting awards the request at once and schedules the e-mails (`rfq-award-mail`) for the end of
 * the undo window (AWARD_UNDO_MINUTES, ADR 041); the quotes' own statuses (accepted, declined) are
 * set by that job, when the suppliers are told, so no supplier reads "declined" before then.
 * `undoAward` takes the choice back inside the window and cancels the job.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { convert, DEFAULT_DISPLAY_CURRENCY, IMPORT_VAT_PCT, isStale, rubPerUnit, type DutyInfo, type RubPerUnit } from "#contract/money.ts";
import type { CurrencyCode } from "#contract/profile/fields.ts";
import type {
  ComparedQuote,
  Comparison,
  QuoteLanded,
  MatchedRfq,
  OwnQuote,
  PriceAtQuantity,
  QuoteInput,
  QuoteSort,
  QuoteView,
} from "#contract/quotes.ts";
import type { Db } from "../db/client.ts";
import { companies, files, quoteFiles, quotes, rfqMatches, rfqs, type Lang } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { claimUpload } from "../files/repository.ts";
import { privateFileView } from "../files/links.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { defaultDutyUnits, ratesView } from "../money/service.ts";
import { landedCost, tierFor } from "../money/landed-cost.ts";
import { dutyForCodeCached } from "../money/tariff.ts";
import { BUYER_COSTS } from "#contract/incoterms.ts";
import { dec, div, mul, round, toFixed } from "#contract/money-math.ts";
import { isUniqueViolation, rowById, rowsById, type Queryable } from "../db/queries.ts";
import { companyPublished, nameIn, ownRfq, publicViews, rfqRow, supplierMaySee, takesQuotes, undoUntil, type RfqRow } from "./requests.ts";
import { AWARD_UNDO_MINUTES } from "#contract/quotes.ts";

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

/** 403 `company_not_published` unless the company is published (security review N9). */
export async function assertPublished(db: Queryable, companyId: number): Promise<void> {
  if (!(await companyPublished(db, companyId))) {
    throw new DomainError("company_not_published", "Your company is not published yet: it can quote once a moderator approved it");
  }
}

/** The request a company may quote on now (see the module comment for the refusals). */
async function quotableRfq(db: Queryable, rfqId: number, companyId: number, userId: number): Promise<RfqRow> {
  await assertPublished(db, companyId);
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
  await assertPublished(db, access.companyId);
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
  await assertPublished(db, companyId);
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

/**
 * The price of `tiers` (sorted by quantity) at `quantity` (usability review #8): the tier with the
 * largest `minQuantity` not above it, else the first tier (`belowFirstTier`); the total is price ×
 * quantity, rounded to kopecks/cents. Decimal strings in, decimal strings out.
 */
export function priceAtQuantity(
  tiers: readonly { minQuantity: string; price: string }[],
  quantity: string,
): Omit<PriceAtQuantity, "converted" | "convertedTotal"> {
  const wanted = Number(quantity);
  let index = 0;
  tiers.forEach((tier, i) => {
    if (Number(tier.minQuantity) <= wanted) index = i;
  });
  const tier = tiers[index]!;
  return {
    tier: index,
    minQuantity: tier.minQuantity,
    price: tier.price,
    total: (Math.round(Number(tier.price) * wanted * 100) / 100).toFixed(2),
    belowFirstTier: wanted < Number(tiers[0]!.minQuantity),
  };
}

/** A number as a plain decimal string (no exponent), at most 3 decimals: "1500", "0.25". */
function decimalText(n: number): string {
  return n.toFixed(3).replace(/\.?0+$/, "");
}

/** The buyer's landed-cost inputs of the comparison query, in roubles (contract/quotes.ts `LandedCostInputs`). */
export interface LandedInputs {
  freight?: number | undefined;
  insurance?: number | undefined;
  dutyUnits?: number | undefined;
}

/**
 * One quote's estimated landed cost at the request's `quantity` (ADR 050): the product page's
 * calculation (server/money/landed-cost.ts) on the quote's tiers, with the buyer's freight and
 * insurance added only where the quote's Incoterms rule leaves them to the buyer
 * (contract/incoterms.ts `BUYER_COSTS`); for DDP the price is the landed cost (the seller pays duty
 * and VAT). `missing` as on the product page: "tnved" (the request has no code), "tariff_line",
 * "rate_range" (a shorter code whose lines differ), "rate", "duty_units", "not_computable".
 */
export function quoteLandedCost(input: {
  quote: Pick<QuoteView, "tiers" | "currency" | "incoterms">;
  quantity: string;
  unit: string;
  tnved: string | null;
  duty: DutyInfo | null;
  rates: RubPerUnit;
  applied: Comparison["quotes"][number]["landed"]["rates"];
  inputs: LandedInputs;
  currency: string;
  today: Date;
}): QuoteLanded {
  const { quote, quantity, duty, rates, inputs } = input;
  const buyerCosts = BUYER_COSTS[quote.incoterms];
  const tiers = quote.tiers.map((t) => ({ ...t, currency: quote.currency, unit: input.unit }));
  const line = duty?.kind === "single" ? duty.rate : null;
  const dutyUnits =
    inputs.dutyUnits !== undefined
      ? decimalText(inputs.dutyUnits)
      : line?.specific
        ? defaultDutyUnits(input.unit, line.specific.unit)
        : null;
  const notEntered = [
    ...(buyerCosts.freight && inputs.freight === undefined ? (["freight"] as const) : []),
    ...(buyerCosts.insurance && inputs.insurance === undefined ? (["insurance"] as const) : []),
  ];
  const freight = buyerCosts.freight && inputs.freight !== undefined ? decimalText(inputs.freight) : "0";
  const insurance = buyerCosts.insurance && inputs.insurance !== undefined ? decimalText(inputs.insurance) : "0";
  let missing: QuoteLanded["missing"];
  let steps: QuoteLanded["steps"];
  let tier: QuoteLanded["tier"];
  let belowMoq: boolean;
  if (buyerCosts.dutyAndVat) {
    const result = landedCost({ tiers, quantity, rubPerUnit: rates, duty: line, freight, insurance, dutyUnits })!;
    ({ tier, belowMoq } = result);
    missing = !input.tnved ? "tnved" : !duty ? "tariff_line" : duty.kind !== "single" ? "rate_range" : result.missing;
    steps = missing ? null : result.steps;
  } else {
    // DDP: the seller pays duty and VAT, so the price in roubles is the landed cost.
    ({ tier, belowMoq } = tierFor(tiers, quantity)!);
    const rate = rates[tier.currency];
    missing = rate ? null : "rate";
    const goods = rate ? toFixed(round(mul(mul(dec(tier.price), dec(quantity)), dec(rate)), 2), 2) : null;
    steps = goods
      ? {
          goodsValue: goods,
          freight: "0.00",
          insurance: "0.00",
          customsValue: goods,
          dutyAdValorem: null,
          dutySpecific: null,
          duty: "0.00",
          vatPct: IMPORT_VAT_PCT,
          vatBase: goods,
          vat: "0.00",
          total: goods,
          perUnit: toFixed(div(dec(goods), dec(quantity)), 2),
        }
      : null;
  }
  const used = new Set<string>([
    quote.currency,
    input.currency,
    ...(buyerCosts.dutyAndVat && line?.specific ? [line.specific.currency] : []),
  ]);
  const applied = input.applied.filter((r) => used.has(r.currency));
  const total = steps ? convert(steps.total, "RUB", input.currency, rates) : null;
  const perUnit = steps ? convert(steps.perUnit, "RUB", input.currency, rates) : null;
  return {
    quantity,
    unit: input.unit,
    tier,
    belowMoq,
    duty: buyerCosts.dutyAndVat ? duty : null,
    rates: applied,
    rateDate: applied.map((r) => r.date).sort()[0] ?? null,
    stale: applied.some((r) => isStale(r.date, input.today)),
    missing,
    steps,
    inCurrency: total && perUnit ? { currency: input.currency as QuoteLanded["tier"]["currency"], total, perUnit } : null,
    buyerCosts,
    notEntered,
  };
}

const SORT_KEYS: Record<QuoteSort, (q: ComparedQuote) => number> = {
  landed: (q) => (q.landed.steps ? Number(q.landed.steps.total) : Number.POSITIVE_INFINITY),
  price: (q) => Number(q.atQuantity.price),
  leadTime: (q) => q.leadTimeDays,
  moq: (q) => Number(q.moq),
};

/**
 * The buyer's comparison of the quotes on their request: every quote's prices also in `currency`
 * (default by `lang`) at the Bank of Russia's latest rates (server/money/service.ts `ratesView`,
 * contract/money.ts `convert`: the same conversion as the catalogue's "≈"), sorted by `sort`. By
 * price the quotes compare by their price at the request's quantity (`priceAtQuantity`) in roubles
 * through those rates; a quote whose currency has no stored rate comes after them (by currency,
 * then price). Ties go to the earlier quote. The quote the buyer accepted reads `accepted` at once
 * (its supplier is told when the undo window ends).
 */
export async function compareQuotes(
  db: Db,
  userId: number,
  rfqId: number,
  options: { sort: QuoteSort; dir: "asc" | "desc"; lang: Lang; currency?: CurrencyCode | undefined } & LandedInputs,
  today: Date = new Date(),
): Promise<Comparison> {
  const rfq = await ownRfq(db, userId, rfqId);
  const rows = await db.select().from(quotes).where(eq(quotes.rfqId, rfqId)).orderBy(quotes.id);
  const views = (await quoteViews(db, rows, options.lang, new Map([[rfq.id, rfq]]))).map((q) =>
    rfq.status === "awarded" && rfq.awardedQuoteId === q.id ? { ...q, status: "accepted" as const } : q,
  );
  const currency = options.currency ?? DEFAULT_DISPLAY_CURRENCY[options.lang];
  const [ratesNow, duty] = await Promise.all([ratesView(db, today), rfq.tnvedCode ? dutyForCodeCached(db, rfq.tnvedCode) : null]);
  const rates = rubPerUnit(ratesNow);
  const inputs: LandedInputs = { freight: options.freight, insurance: options.insurance, dutyUnits: options.dutyUnits };
  const line = duty?.kind === "single" ? duty.rate : null;
  const compared: ComparedQuote[] = views.map((q) => {
    const priceFrom = convert(q.priceFrom, q.currency, currency, rates);
    const tiers = q.tiers.map((tier) => convert(tier.price, q.currency, currency, rates));
    const converted = priceFrom !== null && tiers.every((p) => p !== null) ? { priceFrom, tiers: tiers as string[] } : null;
    const at = priceAtQuantity(q.tiers, rfq.quantity);
    return {
      ...q,
      converted,
      atQuantity: {
        ...at,
        converted: convert(at.price, q.currency, currency, rates),
        convertedTotal: convert(at.total, q.currency, currency, rates),
      },
      landed: quoteLandedCost({
        quote: q,
        quantity: rfq.quantity,
        unit: rfq.unit,
        tnved: rfq.tnvedCode,
        duty,
        rates,
        applied: ratesNow.rates,
        inputs,
        currency,
        today,
      }),
    };
  });
  // Roubles per quote (its price at the asked quantity) for the price order; null when its currency has no rate.
  const inRub = new Map(compared.map((q) => [q.id, convert(q.atQuantity.price, q.currency, "RUB", rates)]));
  const rub = (q: QuoteView) => inRub.get(q.id) ?? null;
  const allLanded = compared.every((q) => q.landed.steps !== null);
  const key = SORT_KEYS[options.sort === "landed" ? "price" : options.sort];
  const sign = options.dir === "asc" ? 1 : -1;
  const sorted = [...compared].sort((a, b) => {
    // By landed cost only when every quote has one; otherwise by price, and the page says why.
    if (options.sort === "landed" && allLanded) return sign * (SORT_KEYS.landed(a) - SORT_KEYS.landed(b)) || a.id - b.id;
    if (options.sort === "price" || options.sort === "landed") {
      const ra = rub(a);
      const rb = rub(b);
      if (ra !== null && rb !== null) return sign * (Number(ra) - Number(rb)) || a.id - b.id;
      if (ra !== null || rb !== null) return ra !== null ? -1 : 1;
      if (a.currency !== b.currency) return a.currency < b.currency ? -1 : 1;
    }
    return sign * (key(a) - key(b)) || a.id - b.id;
  });
  const lowest = (list: ComparedQuote[], by: (q: ComparedQuote) => number) =>
    list.length ? list.reduce((best, q) => (by(q) < by(best) || (by(q) === by(best) && q.id < best.id) ? q : best)).id : null;
  const comparable = compared.filter((q) => rub(q) !== null);
  const unrated = [...new Set(compared.filter((q) => rub(q) === null).map((q) => q.currency))];
  const used = new Set<string>([currency, ...views.map((q) => q.currency)]);
  const applied = ratesNow.rates.filter((r) => used.has(r.currency));
  return {
    sort: options.sort,
    dir: options.dir,
    quantity: rfq.quantity,
    unit: rfq.unit,
    currency,
    rateDate: applied.map((r) => r.date).sort()[0] ?? null,
    stale: applied.some((r) => isStale(r.date, today)),
    quotes: sorted,
    landed: {
      tnved: rfq.tnvedCode,
      freight: options.freight !== undefined ? decimalText(options.freight) : null,
      insurance: options.insurance !== undefined ? decimalText(options.insurance) : null,
      dutyUnits: line?.specific
        ? options.dutyUnits !== undefined
          ? decimalText(options.dutyUnits)
          : defaultDutyUnits(rfq.unit, line.specific.unit)
        : null,
      needsDutyUnits: line?.specific ? line.specific.unit : null,
    },
    best: {
      landed: allLanded ? lowest(compared, SORT_KEYS.landed) : null,
      price: [
        ...(comparable.length ? [lowest(comparable, (q) => Number(rub(q)))!] : []),
        ...unrated.map((c) =>
          lowest(
            compared.filter((q) => q.currency === c),
            SORT_KEYS.price,
          )!,
        ),
      ],
      leadTime: lowest(compared, SORT_KEYS.leadTime),
      moq: lowest(compared, SORT_KEYS.moq),
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
 * Accepts a quote on an open or closed request: the request is `awarded` at once (no more quotes
 * or edits), and the job `rfq-award-mail` is scheduled AWARD_UNDO_MINUTES later to set the quotes'
 * statuses and tell every quoting supplier (ADR 041). The answer is the quote as `accepted`.
 */
export async function acceptQuote(db: Db, jobs: JobQueue, userId: number, rfqId: number, quoteId: number, lang: Lang): Promise<QuoteView> {
  const { rfq, quote } = await buyerQuote(db, userId, rfqId, quoteId);
  if (rfq.status !== "open" && rfq.status !== "closed") {
    throw new DomainError("invalid_transition", `A quote cannot be accepted on a ${rfq.status} request`);
  }
  const now = new Date();
  const [claimed] = await db
    .update(rfqs)
    .set({
      status: "awarded",
      awardedQuoteId: quoteId,
      awardedAt: now,
      awardNotifiedAt: null,
      awardJobId: null,
      closedAt: rfq.closedAt ?? now,
      updatedAt: now,
    })
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.status, rfq.status)))
    .returning();
  if (!claimed) throw new DomainError("invalid_transition", "The request changed meanwhile");
  const jobId = await jobs.send("rfq-award-mail", { rfqId, awardedAt: now.toISOString() }, { startAfter: undoUntil(now) });
  await db
    .update(rfqs)
    .set({ awardJobId: jobId })
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.awardedAt, now)));
  const [view] = await quoteViews(db, [quote], lang, new Map([[rfqId, claimed]]));
  return { ...view!, status: "accepted" };
}

/**
 * Takes back the accepted quote within AWARD_UNDO_MINUTES and before the suppliers were told: the
 * request is open again (closed when its deadline passed meanwhile — its quoting suppliers then
 * hear it closed), the scheduled e-mail job is cancelled. 409 `invalid_transition` otherwise.
 */
export async function undoAward(db: Db, jobs: JobQueue, userId: number, rfqId: number, now = new Date()): Promise<void> {
  const rfq = await ownRfq(db, userId, rfqId);
  if (rfq.status !== "awarded" || !rfq.awardedAt || rfq.awardNotifiedAt || undoUntil(rfq.awardedAt) <= now) {
    throw new DomainError("invalid_transition", `The choice can be taken back only within ${AWARD_UNDO_MINUTES} minutes`);
  }
  const reopened = rfq.deadline.getTime() >= now.getTime();
  const [undone] = await db
    .update(rfqs)
    .set({
      status: reopened ? "open" : "closed",
      awardedQuoteId: null,
      awardedAt: null,
      awardJobId: null,
      closedAt: reopened ? null : now,
      updatedAt: now,
    })
    // Only while the award job has not claimed it: whichever commits first wins.
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.status, "awarded"), eq(rfqs.awardedAt, rfq.awardedAt), sql`${rfqs.awardNotifiedAt} is null`))
    .returning({ id: rfqs.id });
  if (!undone) throw new DomainError("invalid_transition", "The suppliers have been told already");
  if (rfq.awardJobId) await jobs.cancel("rfq-award-mail", rfq.awardJobId);
  if (!reopened) await jobs.send("rfq-closed-notify", { rfqId });
}

/** Every quote of a request with its company (for the award e-mails). */
export async function quotesOf(db: Db, rfqId: number): Promise<{ id: number; companyId: number; status: QuoteRow["status"] }[]> {
  return db.select({ id: quotes.id, companyId: quotes.companyId, status: quotes.status }).from(quotes).where(eq(quotes.rfqId, rfqId));
}
