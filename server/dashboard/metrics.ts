/**
 * A company's dashboard numbers (contract/dashboard.ts; issue 28 §4; ADR 051), read from the tables
 * that already record them — nothing is kept twice:
 * - page views: `page_views_daily` (server/page-views), products apart from the company's own pages
 *   (card, product list, service offers);
 * - inquiries: `conversations` the company is the supplier of, by when they came;
 * - response rate: the share of a bucket's inquiries answered within STATS_ANSWER_LIMIT_H (48 h, the
 *   rule of the supplier page's badge, server/inquiries/service.ts) — counting only inquiries that
 *   were answered or are already older than that, so this week's fresh ones do not pull it down;
 * - median response time: hours from the inquiry to the supplier's first message
 *   (`conversations.first_reply_at`), over the bucket's answered inquiries;
 * - buying requests matched: `rfq_matches` rows (matched or invited) by when they were made;
 * - quotes sent: `quotes` by creation; quotes won: quotes `accepted` (the award confirmed after its
 *   undo window, ADR 041), by when the award was told;
 * - the buyer's side (when the company wrote buying requests): requests sent (submitted, by first
 *   submission) and quotes received on them, by when each quote came; open requests now and at the
 *   end of each bucket;
 * - orders (./orders.ts): orders by stage on either side, revenue (supplier) and spend (buyer) in RUB,
 *   spend by supplier.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Dashboard, DashboardPeriod, DashboardSeries } from "#contract/dashboard.ts";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import { moneySeries, ordersByStage } from "./orders.ts";
import { STATS_ANSWER_LIMIT_H } from "../inquiries/service.ts";
import { dashboardRange, fillSeries, sumOf, type DashboardRange } from "./buckets.ts";

type Row = { bucket: string; n: number | string | null };

/** `{bucket → n}` of a query that selects `bucket` (YYYY-MM-DD) and `n`. */
async function byBucket(db: Db, query: SQL): Promise<Map<string, number>> {
  const result = await db.execute<Row>(query);
  return new Map(result.rows.map((r) => [r.bucket, Number(r.n ?? 0)]));
}

/** The bucket key of timestamp column `ts` (UTC). */
function bucketOf(ts: SQL, range: DashboardRange): SQL {
  return sql`to_char(date_trunc(${range.unit}, ${ts} at time zone 'UTC'), 'YYYY-MM-DD')`;
}

/** A count series of rows of `from … where` bucketed by `ts`, within the range. */
async function countSeries(db: Db, range: DashboardRange, key: string, ts: SQL, fromWhere: SQL): Promise<DashboardSeries> {
  const bucket = bucketOf(ts, range);
  const values = await byBucket(
    db,
    sql`select ${bucket} as bucket, count(*)::int as n ${fromWhere} and ${ts} >= ${range.start} and ${ts} < ${range.end} group by 1`,
  );
  return fillSeries(range, key, "count", values, sumOf(values));
}

/** Page views of the company's products (`product`) or of its own pages (`own`), by bucket. */
async function viewSeries(db: Db, range: DashboardRange, companyId: number, which: "product" | "own"): Promise<DashboardSeries> {
  const kinds = which === "product" ? sql`kind = 'product'` : sql`kind <> 'product'`;
  const values = await byBucket(
    db,
    sql`select to_char(date_trunc(${range.unit}, day::timestamp), 'YYYY-MM-DD') as bucket, sum(views)::int as n
        from page_views_daily
        where company_id = ${companyId} and ${kinds} and day >= ${range.from}::date and day <= ${range.to}::date
        group by 1`,
  );
  return fillSeries(range, which === "product" ? "productViews" : "companyViews", "count", values, sumOf(values));
}

/** Inquiries received, the response rate (percent) and the median first-reply time (hours), by bucket and overall. */
async function inquirySeries(db: Db, range: DashboardRange, companyId: number, now: Date): Promise<DashboardSeries[]> {
  const bucket = bucketOf(sql`created_at`, range);
  const limit = sql`make_interval(hours => ${STATS_ANSWER_LIMIT_H})`;
  const measures = sql`
    count(*)::int as n,
    count(*) filter (where first_reply_at is not null or created_at <= ${now}::timestamptz - ${limit})::int as due,
    count(*) filter (where first_reply_at - created_at <= ${limit})::int as fast,
    percentile_cont(0.5) within group (order by extract(epoch from first_reply_at - created_at)) as median_s`;
  const where = sql`from conversations where supplier_company_id = ${companyId} and created_at >= ${range.start} and created_at < ${range.end}`;
  type Measures = { n: number; due: number; fast: number; median_s: number | string | null };
  const rows = (await db.execute<Measures & { bucket: string }>(sql`select ${bucket} as bucket, ${measures} ${where} group by 1`)).rows;
  const [all] = (await db.execute<Measures>(sql`select ${measures} ${where}`)).rows;
  const rate = (m: Measures) => (m.due > 0 ? Math.round((1000 * m.fast) / m.due) / 10 : null);
  const hours = (m: Measures) => (m.median_s === null ? null : Math.round(Number(m.median_s) / 360) / 10);
  const count = new Map(rows.map((r) => [r.bucket, r.n]));
  return [
    fillSeries(range, "inquiries", "count", count, sumOf(count)),
    fillSeries(range, "responseRate", "percent", new Map(rows.map((r) => [r.bucket, rate(r)])), all ? rate(all) : null, null),
    fillSeries(range, "medianResponseHours", "hours", new Map(rows.map((r) => [r.bucket, hours(r)])), all ? hours(all) : null, null),
  ];
}

/** The buyer's side of company `companyId`, or null when it never wrote a buying request nor placed an order. */
async function buyerSide(db: Db, range: DashboardRange, companyId: number, lang: Lang, now: Date): Promise<Dashboard["buyer"]> {
  const [counts] = (
    await db.execute<{ any: number; open: number; orders: number }>(
      sql`select count(*)::int as any, (count(*) filter (where status = 'open'))::int as open,
                 (select count(*)::int from orders where buyer_company_id = ${companyId}) as orders
          from rfqs where buyer_company_id = ${companyId}`,
    )
  ).rows;
  if (!counts || (counts.any === 0 && Number(counts.orders) === 0)) return null;
  const series = await Promise.all([
    countSeries(db, range, "requestsSent", sql`submitted_at`, sql`from rfqs where buyer_company_id = ${companyId}`),
    countSeries(
      db,
      range,
      "quotesReceived",
      sql`q.created_at`,
      sql`from quotes q join rfqs r on r.id = q.rfq_id where r.buyer_company_id = ${companyId}`,
    ),
  ]);
  const open = fillSeries(range, "openRequests", "count", await openRequestsByBucket(db, range, companyId), counts.open);
  const orders = await ordersByStage(db, range, companyId, "buyer");
  const money = await moneySeries(db, range, companyId, "buyer", lang, now);
  return { openRequests: counts.open, series: [...series, open, orders, ...money] };
}

/**
 * Buying requests open at the end of each bucket (submitted by then, not yet closed, awarded or
 * cancelled by then): the "open requests" series. A request's end is the first of its award, close
 * or cancel times that exists; one still open has none.
 */
async function openRequestsByBucket(db: Db, range: DashboardRange, companyId: number): Promise<Map<string, number>> {
  const step = range.unit === "month" ? sql`interval '1 month'` : sql`interval '7 days'`;
  const buckets = sql.join(
    range.buckets.map((b) => sql`${b}::date`),
    sql`, `,
  );
  const rows = (
    await db.execute<{ bucket: string; n: number }>(sql`
      with b as (select unnest(array[${buckets}]) as bucket),
           e as (select bucket, least(bucket + ${step}, ${range.end}::timestamptz) as bucket_end from b)
      select to_char(e.bucket, 'YYYY-MM-DD') as bucket, count(r.id)::int as n
      from e left join rfqs r on r.buyer_company_id = ${companyId}
        and coalesce(r.submitted_at, r.opened_at, r.created_at) < e.bucket_end
        and (r.status = 'open' or coalesce(r.awarded_at, r.closed_at, r.updated_at) >= e.bucket_end)
      group by 1`)
  ).rows;
  return new Map(rows.map((r) => [r.bucket, Number(r.n)]));
}

/** The dashboard of company `companyId` over the last `period` days up to `now`. */
export async function companyDashboard(
  db: Db,
  companyId: number,
  period: DashboardPeriod,
  now = new Date(),
  lang: Lang = "ru",
): Promise<Dashboard> {
  const range = dashboardRange(period, now);
  // One after another: a pool of one (PGlite) serves them in turn anyway, and a dashboard is one reader.
  const productViews = await viewSeries(db, range, companyId, "product");
  const companyViews = await viewSeries(db, range, companyId, "own");
  const inquiries = await inquirySeries(db, range, companyId, now);
  const matched = await countSeries(db, range, "requestsMatched", sql`created_at`, sql`from rfq_matches where company_id = ${companyId}`);
  const sent = await countSeries(db, range, "quotesSent", sql`created_at`, sql`from quotes where company_id = ${companyId}`);
  const won = await countSeries(
    db,
    range,
    "quotesWon",
    sql`coalesce(r.award_notified_at, r.awarded_at, q.updated_at)`,
    sql`from quotes q join rfqs r on r.id = q.rfq_id where q.company_id = ${companyId} and q.status = 'accepted'`,
  );
  const orders = await ordersByStage(db, range, companyId, "supplier");
  const [revenue] = await moneySeries(db, range, companyId, "supplier", lang, now);
  const buyer = await buyerSide(db, range, companyId, lang, now);
  return {
    companyId,
    period,
    bucket: range.unit,
    from: range.from,
    to: range.to,
    supplier: [productViews, companyViews, ...inquiries, matched, sent, won, orders, revenue!],
    buyer,
  };
}
