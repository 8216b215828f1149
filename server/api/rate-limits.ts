/**
 * Request limits of the API outside sign-in, and the limits of everything that sends mail to
 * someone else (issue 25 §3), in one place. Counters live in PostgreSQL with rate-limiter-flexible —
 * the same `rate_limits` table and settings as the auth service (server/auth/service.ts), so they
 * hold across processes and restarts. The README's "Limits" section lists the same table.
 *
 * `apiLimiter(db, { keyPrefix, points, windowS })` gives `consume(key)`, which throws
 * `DomainError` 429 `rate_limited` with `retryAfter` (seconds; server/api/app.ts sends it as the
 * Retry-After header and `details.retryAfter`) once `key` has used its `points` in the current
 * window. A key that is an IP address is counted by its network for IPv6 (/64, `rateLimitKey`;
 * review N11): one subscriber gets a whole /64, so no caller can hand the limiter a single address.
 * `quota(db, settings)` is the same counter for amounts (characters): `spend(key, amount)` answers
 * null when granted, else the seconds until the window frees, and a refused amount is not counted.
 *
 * | limit (`LIMITS.*`)        | counted per            | allowance            | what it guards (review id)                                   |
 * |---------------------------|------------------------|----------------------|--------------------------------------------------------------|
 * | `conversationMessage`     | person                 | 120 an hour          | replies in conversations (each e-mails the other side)       |
 * | `conversationStatus`      | person                 | 20 an hour           | close/reopen of a conversation (N4)                          |
 * | `conversationStatusIp`    | IP (/64)               | 60 an hour           | the same from one network (N4)                               |
 * | `inquiryUser`             | person                 | 20 an hour           | new inquiries (server/api/inquiries.ts)                      |
 * | `inquiryIp`               | IP (/64)               | 60 an hour           | new inquiries from one network (N11)                         |
 * | `inquiryDraftIp`          | IP (/64)               | 60 an hour           | inquiry drafts, anonymous (N11)                              |
 * | `MAIL_QUIET_S`            | recipient × event link | 1 e-mail / 15 min    | status and quote e-mails; the inbox row is always kept (N4) |
 * | `UNCLAIMED_MAIL`          | company, sender, site  | 3, 5, 200 a day      | inquiries e-mailed to companies nobody runs (N13)            |
 * | `UNCLAIMED_MAIL`          | sender's account age   | held for 24 h        | a fresh account's mail to unclaimed companies waits (N13)    |
 * | `productEdit`             | company                | 600 an hour          | product changes, manual translations included (N8)           |
 * | `orderProposal`           | person                 | 20 an hour           | new orders and counters (each e-mails the other company; ADR 048) |
 * | `claimUser`, `claimIp`    | person; IP (/64)       | 5; 20 a day          | claims of register companies: a moderator's work or a code e-mail (ADR 057) |
 * | `orderAction`             | person                 | 120 an hour          | stage marks, confirmations, disputes, documents (each e-mails the other side) |
 * | `orderDispute`            | person                 | 20 an hour           | problems reported on an order's stage (as new inquiries; ADR 056) |
 * | `orderDisputeMessage`     | person                 | 120 an hour          | messages and answers in an order's disputes (as conversation messages) |
 * | `TRANSLATION_BUDGET`      | company, site          | 200,000, 2,000,000 characters a day | machine translation sent to the paid provider (N8) |
 * | `apiKeyLimit`             | API key                | the key's own, 1–600 a minute (default 120) | every request made with an API key (ADR 052) |
 * | `apiKeyLimit` (MCP)       | API key                | the same allowance   | every API operation an MCP tool makes with the key (ADR 055) |
 * | `mcpIp`                   | IP (/64)               | 120 a minute         | every JSON-RPC message to `/mcp` without an API key (ADR 055) |
 *
 * Sign-in codes, SMS budgets and invitations keep their own settings (server/auth/codes.ts,
 * server/api/profile-access.ts, env `AUTH_*`, `SMS_BUDGET_*`); buying requests' limits are in
 * their own block below.
 */
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { isIP } from "node:net";
import { rateLimitKey } from "../client-ip.ts";
import { MCP_IP_PER_MINUTE } from "#contract/mcp.ts";
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

/** rate-limiter-flexible's counter of `settings` in the `rate_limits` table, on the database's own pool (Drizzle's `$client`). */
function postgresCounter(db: Db, settings: LimitSettings): RateLimiterPostgres {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  // Statements go unnamed: the embedded PGlite keeps one backend session for every pooled
  // connection, so a named statement prepared by a previous connection "already exists" there.
  const storeClient = { query: (q: { text: string; values?: unknown[] }) => pool.query({ text: q.text, values: q.values }) };
  return new RateLimiterPostgres({
    storeClient,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: settings.keyPrefix,
    points: settings.points,
    duration: settings.windowS,
  });
}

/** A limiter on the database's own pool (Drizzle's `$client`). */
export function apiLimiter(db: Db, settings: LimitSettings, message = "Too many requests: wait a little"): ApiLimiter {
  const limiter = postgresCounter(db, settings);
  return {
    async consume(key) {
      try {
        await limiter.consume(isIP(key) ? rateLimitKey(key) : key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(message, rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
  };
}

/** A budget of amounts (e.g. characters) per key and window: `settings.points` is the amount. */
export interface Quota {
  /**
   * Takes `amount` from `key`'s budget of the current window: null when granted; when the rest of
   * the budget is too small, nothing is taken and the answer is the seconds until the window ends.
   */
  spend(key: string, amount: number): Promise<number | null>;
  /** Gives back `amount` taken by `spend` (work that did not happen after all). */
  refund(key: string, amount: number): Promise<void>;
}

/** A Quota counted in the `rate_limits` table like the limiters (across processes and restarts). */
export function quota(db: Db, settings: LimitSettings): Quota {
  const counter = postgresCounter(db, settings);
  return {
    async spend(key, amount) {
      try {
        await counter.consume(key, amount);
        return null;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // The counter added the refused amount: take it back, so a refusal costs nothing.
        await counter.reward(key, amount);
        return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      }
    },
    async refund(key, amount) {
      await counter.reward(key, amount);
    },
  };
}

/* ─── Conversations, inquiries and the mail they send (issue 25 §3; h3) ─────────────────────── */

/** Allowances of the API limits in the table above; `keyPrefix` names their counters. */
export const LIMITS = {
  conversationMessage: { keyPrefix: "conversation_message", points: 120, windowS: 3600 },
  conversationStatus: { keyPrefix: "conversation_status", points: 20, windowS: 3600 },
  conversationStatusIp: { keyPrefix: "conversation_status_ip", points: 60, windowS: 3600 },
  inquiryUser: { keyPrefix: "inquiry_user", points: 20, windowS: 3600 },
  inquiryIp: { keyPrefix: "inquiry_ip", points: 60, windowS: 3600 },
  inquiryDraftIp: { keyPrefix: "inquiry_draft_ip", points: 60, windowS: 3600 },
  // Product changes of one company (server/api/profile-products.ts, translations.ts; N8): every edit
  // of a published product is work for a moderator and, once approved, for the paid translation
  // service. A person types far fewer; bulk changes go through price lists.
  productEdit: { keyPrefix: "product_edit", points: 600, windowS: 3600 },
  // Orders (server/api/orders.ts; ADR 048): a proposal writes to the other company as an inquiry
  // does, so it has an inquiry's allowance; stage actions a conversation message's.
  orderProposal: { keyPrefix: "order_proposal", points: 20, windowS: 3600 },
  orderAction: { keyPrefix: "order_action", points: 120, windowS: 3600 },
  // The MCP endpoint without an API key (server/mcp/http.ts; ADR 055): each JSON-RPC message, the
  // handshake's included. An assistant's session is a handshake (2 messages) and a tool call a
  // message, so 120 a minute is two calls a second per network; a key counts on its own allowance.
  mcpIp: { keyPrefix: "mcp_ip", points: MCP_IP_PER_MINUTE, windowS: 60 },
  // Claims of register companies (ADR 057): each is a moderator's work or an e-mail to a company's
  // domain; a person claims their one company, so a few a day is plenty.
  claimUser: { keyPrefix: "claim_user", points: 5, windowS: 24 * 3600 },
  claimIp: { keyPrefix: "claim_ip", points: 20, windowS: 24 * 3600 },
  // Disputes inside orders (server/orders/disputes.ts; ADR 056): reporting a problem as a new inquiry,
  // writing in the thread as a conversation message — each e-mails the other side.
  orderDispute: { keyPrefix: "order_dispute", points: 20, windowS: 3600 },
  orderDisputeMessage: { keyPrefix: "order_dispute_message", points: 120, windowS: 3600 },
} as const satisfies Record<string, LimitSettings>;

/**
 * Seconds during which a recipient gets no second e-mail of the same event kind about the same
 * thing (the notification's `link`): the inbox row is written every time, the e-mail at most once
 * per window (server/notifications/index.ts `notify`). Close/reopen loops (N4) and a burst of
 * quotes on one request reach a person's mailbox once per quarter of an hour.
 */
export const MAIL_QUIET_S: Readonly<Record<string, number>> = {
  "conversation.status": 15 * 60,
  "rfq.quote": 15 * 60,
};

/**
 * Inquiries e-mailed to the public address of a company nobody on the platform runs
 * (server/inquiries/jobs.ts; N13): per company and per sender in any 24 hours, for the whole site
 * in any 24 hours, and not before the sender's account is `minAccountAgeH` hours old (the e-mail
 * waits until then). The e-mail is a fixed notice without the sender's words.
 */
export const UNCLAIMED_MAIL = {
  perCompanyDay: 3,
  perSenderDay: 5,
  siteDay: 200,
  // UNCLAIMED_MAIL_MIN_AGE_H (validated at start in server/env.ts; the e2e server sets 0, its buyers are minutes old).
  minAccountAgeH: Number(process.env.UNCLAIMED_MAIL_MIN_AGE_H ?? 24),
} as const;

/**
 * Daily budgets of machine translation (server/translation/budget.ts; review N8), in characters
 * sent to the provider: per company (its products and card) and for the whole site, each in a
 * window of 24 hours from its first translation. A job past either budget waits for the next window;
 * the site's budget reached is logged as a warning once per window (the alert). Overridden by
 * TRANSLATION_BUDGET_COMPANY_DAY and TRANSLATION_BUDGET_SITE_DAY (validated at start in
 * server/env.ts: at least 20,000, more than one product's name and description into one language).
 */
export const TRANSLATION_BUDGET = {
  companyCharsPerDay: Number(process.env.TRANSLATION_BUDGET_COMPANY_DAY ?? 200_000),
  siteCharsPerDay: Number(process.env.TRANSLATION_BUDGET_SITE_DAY ?? 2_000_000),
  windowS: 86_400,
} as const;

/** One `make(db)` per database (counters are in it), made on first use. */
function perDatabase<T extends object>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let found = made.get(db);
    if (!found) made.set(db, (found = make(db)));
    return found;
  };
}

/** A limiter per database (counters are in it), made on first use. */
export function limiterFor(settings: LimitSettings, message?: string): (db: Db) => ApiLimiter {
  return perDatabase((db) => apiLimiter(db, settings, message));
}

/** A Quota per database, made on first use. */
export function quotaFor(settings: LimitSettings): (db: Db) => Quota {
  return perDatabase((db) => quota(db, settings));
}

/** The limit of MCP messages per network without an API key (`LIMITS.mcpIp`). */
export const mcpIpLimit = limiterFor(
  LIMITS.mcpIp,
  "Too many requests from this network to the MCP server: wait a little or use an API key",
);

/** The limit of product changes per company (`LIMITS.productEdit`). */
export const productEditLimit = limiterFor(LIMITS.productEdit, "Too many product changes: wait a little");

/* ─── API keys (issue 29 §1; ADR 052) ───────────────────────────────────────────────────────── */

/**
 * The per-key limit of requests made with an API key: each key's own allowance a minute (its
 * `rateLimit`, chosen at creation: 1–600, default 120), counted by key id in the shared table. A
 * key is counted on every operation it calls, the public catalogue's included; a request without a
 * key is not counted here.
 */
const apiKeyLimiters = perDatabase(() => new Map<number, ApiLimiter>());
export function apiKeyLimit(db: Db, perMinute: number): ApiLimiter {
  const byAllowance = apiKeyLimiters(db);
  let found = byAllowance.get(perMinute);
  if (!found) {
    found = apiLimiter(
      db,
      { keyPrefix: `api_key_${perMinute}`, points: perMinute, windowS: 60 },
      "Too many requests with this API key: wait a little",
    );
    byAllowance.set(perMinute, found);
  }
  return found;
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
