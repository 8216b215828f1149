/**
 * Request limits of API endpoints outside sign-in (page metadata, people search), counted in
 * PostgreSQL with rate-limiter-flexible — the same `rate_limits` table and settings as the auth
 * service (server/auth/service.ts), so the counters hold across processes and restarts.
 *
 * `apiLimiter(db, { keyPrefix, points, windowS })` gives `consume(key)`, which throws
 * `DomainError` 429 `rate_limited` with `retryAfter` (seconds; server/api/app.ts sends it as the
 * Retry-After header and `details.retryAfter`) once `key` has used its `points` in the current window.
 */
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";

export interface LimitSettings {
  /** Distinguishes this limit's counters from others in the shared table. */
  keyPrefix: string;
  /** Requests per key per window. */
  points: number;
  /** The window, seconds. */
  windowS: number;
}

export interface ApiLimiter {
  consume(key: string): Promise<void>;
}

/** A 429 `rate_limited` carrying the seconds to wait. */
export function rateLimited(message: string, retryAfterS: number): DomainError {
  return new DomainError("rate_limited", message, { retryAfter: retryAfterS });
}

/** A limiter on the database's own pool (Drizzle's `$client`). */
export function apiLimiter(db: Db, settings: LimitSettings, message = "Too many requests: wait a little"): ApiLimiter {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  // Statements go unnamed: the embedded PGlite keeps one backend session for every pooled
  // connection, so a named statement prepared by a previous connection "already exists" there.
  const storeClient = { query: (q: { text: string; values?: unknown[] }) => pool.query({ text: q.text, values: q.values }) };
  const limiter = new RateLimiterPostgres({
    storeClient,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: settings.keyPrefix,
    points: settings.points,
    duration: settings.windowS,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(message, rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
  };
}

/* ─── buying requests (RFQ; security review N3, usability review #3; ADR 041) ─────────────────── */

/**
 * Limits of buying requests, the one place they are set. A buyer's request makes the platform
 * write to other people (its matched or invited suppliers), so each step that can is capped per
 * buyer per day (a rolling 24 hours, counted from the requests themselves in the database, so the
 * counts hold across processes and restarts):
 * - `createPerDay`: requests written (drafts included) per user; also per IP (`createPerIpPerDay`,
 *   the /64 for IPv6 through `rateLimitKey`);
 * - `privateSubmitsPerDay`: private requests sent per user (each e-mails its invitees at once);
 *   `publicSubmitsPerDay`: public ones sent to the moderators per user;
 * - `inviteesPerDay`: companies invited over all private requests sent in the day;
 * - `sameCompanyPerDay`: private requests one buyer may send to the same company in the day;
 * - `trustedAfterOpened`: a buyer with fewer requests ever opened than this is new: their private
 *   requests go through moderation too, like public ones;
 * - companies nobody runs yet are told of a request by an invitation e-mailed to their public
 *   address, at most `unclaimedMailsPerCompanyPerDay` unsolicited e-mails per company (shared with
 *   inquiries, server/inquiries/jobs.ts SUPPLIER_MAILS_PER_DAY), `unclaimedMailsPerBuyerPerDay`
 *   per buyer and `unclaimedMailsPerDay` for the whole site; a company held back by a cap is told
 *   when the cap frees (the job retries every `heldBackRetryS` while the request is open).
 */
export const RFQ_LIMITS = {
  createPerDay: 30,
  createPerIpPerDay: 60,
  privateSubmitsPerDay: 5,
  publicSubmitsPerDay: 10,
  inviteesPerDay: 100,
  sameCompanyPerDay: 2,
  trustedAfterOpened: 2,
  unclaimedMailsPerCompanyPerDay: 3,
  unclaimedMailsPerBuyerPerDay: 60,
  unclaimedMailsPerDay: 1000,
  heldBackRetryS: 6 * 3600,
} as const;
