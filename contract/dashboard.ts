/**
 * The company dashboard (issue 28 §4; ADR 051): the caller's company's numbers over the last 30, 90
 * or 365 days, as time series a chart draws and a table lists.
 *
 * The shape is generic on purpose — every chart of the page, today's and the ones added later
 * (orders by stage, revenue or spend by month), is one `DashboardSeries`:
 * - `key`: what it measures (`productViews`, `quotesWon`, …; the UI's label is `dashboard.series.{key}`);
 * - `unit`: `count` (whole numbers), `percent` (0–100), `hours`, or a currency code (`RUB`): how
 *   the value is formatted and what the axis says;
 * - `points`: one per bucket, oldest first — `period` is the bucket's first day (`YYYY-MM-DD`, UTC;
 *   a week starts on Monday, ISO 8601), `value` a number or null when the bucket has nothing to
 *   measure (a response rate without inquiries); every bucket of the range is present;
 * - `total`: the whole range's figure (a sum for counts and money, the rate or median over all of
 *   the range's items for `percent` and `hours`; null when there is nothing to measure).
 * Buckets: weeks for 30 and 90 days, months for 365; the first bucket may begin before `from`
 * (it counts only what happened from `from` on).
 * - `axis`: `time` (the above) or `category` — a series over named groups rather than buckets
 *   (orders by stage, spend by supplier): each point's `period` is then the group's key (a stage
 *   code, a company id) and `label` its name when the key is not a code the UI translates.
 *
 * Order series (issue 28 §4; ADR 056): `ordersByStage` (count, category: orders negotiating, confirmed
 * orders by their current stage, orders closed within the range), `revenue` (supplier) and `spend`
 * (buyer): the totals of orders confirmed in each bucket, in RUB at the Bank of Russia rate of the
 * dashboard's day; `spendBySupplier` (RUB, category: the same orders by supplier, the largest
 * MAX_CATEGORY_POINTS − 1 and the rest together as `other`).
 *
 * Who: any active employee of the company (`read`, ADR 009); the company is always the caller's own,
 * so no other company's numbers can be asked for. No company: 403 `no_company`; blocked: 403 `member_blocked`.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";
import type { ErrorCode } from "./errors.ts";

/** The periods a dashboard shows, in days. */
export const DASHBOARD_PERIODS = ["30", "90", "365"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "90";

/** `count`, `percent` (0–100), `hours`, or an ISO 4217 currency code for money. */
export const SeriesUnitSchema = z.union([z.enum(["count", "percent", "hours"]), z.string().regex(/^[A-Z]{3}$/)]);
export type SeriesUnit = z.infer<typeof SeriesUnitSchema>;

export const SeriesPointSchema = z.object({
  /** The bucket's first day, `YYYY-MM-DD` (UTC); for a `category` series the group's key. */
  period: z.string(),
  value: z.number().nullable(),
  /** A `category` group's name when its key is not a code (a supplier's name). */
  label: z.string().optional(),
});

/** Groups a `category` series shows at most (the rest is summed into `other`). */
export const MAX_CATEGORY_POINTS = 8;
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;

export const DashboardSeriesSchema = z.object({
  key: z.string(),
  axis: z.enum(["time", "category"]),
  unit: SeriesUnitSchema,
  total: z.number().nullable(),
  points: z.array(SeriesPointSchema),
});
export type DashboardSeries = z.infer<typeof DashboardSeriesSchema>;

export const DashboardSchema = z.object({
  companyId: z.number().int(),
  period: z.enum(DASHBOARD_PERIODS),
  bucket: z.enum(["week", "month"]),
  /** First and last day of the range (`YYYY-MM-DD`, UTC, both included). */
  from: z.string(),
  to: z.string(),
  /** The supplier's side: page views, inquiries and how they were answered, buying requests matched, quotes sent and won. */
  supplier: z.array(DashboardSeriesSchema),
  /** The buyer's side, when the company has written buying requests or placed orders: null otherwise. */
  buyer: z
    .object({
      /** Buying requests open now. */
      openRequests: z.number().int(),
      series: z.array(DashboardSeriesSchema),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const DashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD),
  /** The language of group names (a supplier's name in `spendBySupplier`). */
  lang: z.enum(["ru", "en", "zh"]).default("ru"),
});

export const getDashboard = defineRoute({
  method: "GET",
  path: "/api/profile/dashboard",
  operationId: "getDashboard",
  tag: "Profile: dashboard",
  summary: "The caller's company's numbers over 30, 90 or 365 days",
  description:
    "Time series (weekly for 30 and 90 days, monthly for 365): views of the company's product pages and of its card, product list and service offers (robots and prefetches not counted; aggregated every 10 minutes), inquiries received, the share answered within 48 hours and the median time to the first reply, buying requests matched, quotes sent and won, orders by stage and revenue in RUB; and, when the company buys (buying requests or orders), its buying requests, the quotes they received, open requests, orders by stage, spend in RUB by bucket and by supplier.",
  auth: "user",
  query: DashboardQuery,
  data: DashboardSchema,
  errors: ["no_company", "member_blocked"] as const satisfies readonly ErrorCode[],
});
