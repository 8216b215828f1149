/**
 * One-time codes, shared by sign-in (server/auth/service.ts) and the change of a sign-in e-mail or
 * phone (server/auth/contact-changes.ts), so both follow the same rules:
 * - CODE_DIGITS (6) digits from a CSPRNG, stored as an HMAC under a server-held key (never in clear),
 *   valid CODE_TTL_S (10 minutes), single use, at most MAX_ATTEMPTS (5) tries counted atomically
 *   before comparing, compared in constant time (ASVS 5.0 V6.6.1–V6.6.4);
 * - a new code to a target waits `resendAfterS` after the previous one (429 `resend_too_soon`), and
 *   sending is limited per IP and per target, verifying per IP; the counters live in PostgreSQL
 *   (rate-limiter-flexible) so they hold across processes (ASVS 5.0 V6.3.1). The per-target counter
 *   is one for every purpose: it protects the inbox or phone behind the address, whoever asks; SMS
 *   also count against an hourly budget of the whole site and of the number's country (review F9);
 * - delivery by e-mail or SMS; a failed delivery is a 503 `delivery_failed`, logged.
 * Every refusal is a `DomainError` (server/errors.ts) with a stable code the web tier translates;
 * a wrong code carries `details.attemptsLeft`, a limit `retryAfter` (seconds).
 */
import { rateLimitKey } from "../client-ip.ts";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import type { ErrorCode } from "#contract/errors.ts";
import { authCodes } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { digestsEqual, hmacHex, randomCode } from "./crypto.ts";
import type { Mailer } from "./delivery/mailer.ts";
import type { MailMessage } from "./delivery/messages.ts";
import type { SmsProvider } from "./delivery/sms.ts";
import type { Identity } from "./identity.ts";
import type { KeyRing } from "./keys.ts";

export const CODE_DIGITS = 6;
export const CODE_TTL_S = 10 * 60;
export const MAX_ATTEMPTS = 5;
/**
 * Live codes of one target that a guess is compared with (review I3): two keep F16's fix — a code a
 * stranger asks for does not retire the one the person just received — while a guess's chance stays
 * at most 2 in 10⁶ (it was up to 6 in 10⁶ with every live code).
 */
export const MAX_LIVE_CODES = 2;

/** Limits; the defaults suit production, tests and the e2e server override some. */
export interface AuthLimits {
  /** Codes per target per window. */
  sendPerTarget: number;
  /** Codes per IP per window. */
  sendPerIp: number;
  /** Verify calls per IP per window. */
  verifyPerIp: number;
  /** The window of the three limits above, seconds. */
  windowS: number;
  /** Minimum seconds between two codes to one target (the resend countdown). */
  resendAfterS: number;
  /** Seconds after a refresh during which the same token may be presented again (parallel tabs). */
  reuseLeewayS: number;
  /** SMS the whole site sends per hour (security review F9: a budget against SMS pumping). */
  smsPerHour: number;
  /** SMS to the numbers of any one country per hour, unless `smsCountryBudgets` names it. */
  smsPerCountryHour: number;
  /** Hourly budgets of particular countries (ISO 3166 alpha-2 → SMS per hour), e.g. `{ RU: 2000 }`. */
  smsCountryBudgets: Record<string, number>;
}

export const DEFAULT_LIMITS: AuthLimits = {
  sendPerTarget: 3,
  sendPerIp: 20,
  verifyPerIp: 30,
  windowS: 600,
  resendAfterS: 60,
  reuseLeewayS: 20,
  smsPerHour: 1000,
  smsPerCountryHour: 50,
  smsCountryBudgets: { RU: 1000 },
};

/** What the caller's request says about the device (the API reads it from headers). */
export interface ClientContext {
  ip: string;
  userAgent: string | null;
  /** The `fingerprint` header, URL-encoded as sent. */
  fingerprint: string | null;
}

export type CodeRow = typeof authCodes.$inferSelect;

/** A 429 refusal (`rate_limited`, `resend_too_soon`, `too_many_attempts`) with the seconds to wait. */
export function tooMany(
  code: Extract<ErrorCode, "rate_limited" | "resend_too_soon" | "too_many_attempts">,
  message: string,
  retryAfterS: number,
): DomainError {
  return new DomainError(code, message, { retryAfter: retryAfterS });
}

export interface OneTimeCodesDeps {
  db: Db;
  pool: pg.Pool;
  logger: Logger;
  mailer: Mailer;
  sms: SmsProvider;
  keys: KeyRing;
  limits: AuthLimits;
  now: () => Date;
}

export class OneTimeCodes {
  private readonly deps: OneTimeCodesDeps;
  private readonly limiters: Record<"sendTarget" | "sendIp" | "verifyIp" | "smsAll", RateLimiterPostgres>;
  /** The hourly SMS budget of each country met so far (F9). */
  private readonly smsCountry = new Map<string, RateLimiterPostgres>();
  private readonly limiter: (keyPrefix: string, points: number, durationS?: number) => RateLimiterPostgres;

  constructor(deps: OneTimeCodesDeps) {
    this.deps = deps;
    // Statements go unnamed: the embedded PGlite keeps one backend session for every pooled
    // connection, so a named statement prepared by a previous connection "already exists" there.
    const storeClient = { query: (q: { text: string; values?: unknown[] }) => deps.pool.query({ text: q.text, values: q.values }) };
    const limiter = (keyPrefix: string, points: number, durationS = deps.limits.windowS) =>
      new RateLimiterPostgres({
        storeClient,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: durationS,
      });
    this.limiter = limiter;
    this.limiters = {
      sendTarget: limiter("send-target", deps.limits.sendPerTarget),
      sendIp: limiter("send-ip", deps.limits.sendPerIp),
      verifyIp: limiter("verify-ip", deps.limits.verifyPerIp),
      smsAll: limiter("sms-hour", deps.limits.smsPerHour, 3600),
    };
  }

  private async consume(limiter: RateLimiterPostgres, key: string, code: "rate_limited", message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(code, message, rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }

  /** Seconds until a new code may follow one sent at `lastSentAt` (0 = now). */
  resendWait(lastSentAt: Date | null): number {
    if (!lastSentAt) return 0;
    return Math.max(0, this.deps.limits.resendAfterS - (this.deps.now().getTime() - lastSentAt.getTime()) / 1000);
  }

  /**
   * May a code go to `identity` now? `lastSentAt` is when the previous code of the same flow went
   * there. Errors: 429 `resend_too_soon` or `rate_limited`, both with Retry-After.
   */
  async throttleSend(identity: Identity, lastSentAt: Date | null, client: ClientContext): Promise<void> {
    const wait = this.resendWait(lastSentAt);
    if (wait > 0) throw tooMany("resend_too_soon", "A code was sent moments ago; wait before asking again", wait);
    await this.consume(this.limiters.sendIp, rateLimitKey(client.ip), "rate_limited", "Too many codes requested from this address");
    await this.consume(
      this.limiters.sendTarget,
      `${identity.channel}:${identity.target}`,
      "rate_limited",
      "Too many codes requested for this address",
    );
    if (identity.channel === "phone") await this.spendSmsBudget(identity.target);
  }

  /**
   * Security review F9 (SMS pumping): every SMS counts against the site's hourly budget and its
   * country's, whoever asks and from however many addresses; beyond either, phone codes wait
   * (429 `rate_limited`) while e-mail keeps working. The country is the number's (libphonenumber).
   */
  private async spendSmsBudget(phone: string): Promise<void> {
    const country = parsePhoneNumberFromString(phone)?.country ?? "ZZ";
    let perCountry = this.smsCountry.get(country);
    if (!perCountry) {
      perCountry = this.limiter(
        "sms-country-hour",
        this.deps.limits.smsCountryBudgets[country] ?? this.deps.limits.smsPerCountryHour,
        3600,
      );
      this.smsCountry.set(country, perCountry);
    }
    const busy = "Too many text messages are being sent right now: sign in with e-mail or try again later";
    await this.consume(perCountry, country, "rate_limited", busy);
    await this.consume(this.limiters.smsAll, "all", "rate_limited", busy);
  }

  /** The verify-per-IP limit (429 `rate_limited`); call before looking at a code. */
  async throttleVerify(client: ClientContext): Promise<void> {
    await this.consume(this.limiters.verifyIp, rateLimitKey(client.ip), "rate_limited", "Too many attempts from this address");
  }

  private async hash(identity: Identity, code: string): Promise<string> {
    return hmacHex(await this.deps.keys.codeSecret(), `${identity.channel}:${identity.target}:${code}`);
  }

  /** A fresh code for `identity`: the digits (to send), their HMAC (to store) and the expiry. */
  async generate(identity: Identity): Promise<{ code: string; codeHash: string; expiresAt: Date }> {
    const code = randomCode(CODE_DIGITS);
    return { code, codeHash: await this.hash(identity, code), expiresAt: new Date(this.deps.now().getTime() + CODE_TTL_S * 1000) };
  }

  /**
   * Uses up `row` (the latest code of a flow, or null) with `code` typed by the person.
   * Errors: 400 `invalid_code` (`details.attemptsLeft` after a wrong guess; 0 when the code was used),
   * 400 `code_expired`, 429 `too_many_attempts` (this code is spent; ask for a new one).
   */
  async spend(row: CodeRow | null | undefined, identity: Identity, code: string): Promise<void> {
    const now = this.deps.now();
    if (!row || (row.consumedAt && row.attempts < MAX_ATTEMPTS))
      throw new DomainError("invalid_code", "The code is wrong or was already used");
    if (row.attempts >= MAX_ATTEMPTS) throw tooMany("too_many_attempts", "Too many wrong codes; ask for a new one", 1);
    if (row.expiresAt <= now) throw new DomainError("code_expired", "The code has expired; ask for a new one");
    // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
    const counted = await this.deps.db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt), sql`${authCodes.attempts} < ${MAX_ATTEMPTS}`))
      .returning({ attempts: authCodes.attempts });
    if (counted.length === 0) throw tooMany("too_many_attempts", "Too many wrong codes; ask for a new one", 1);
    const normalized = code.replace(/\s+/g, "");
    if (!/^\d{4,8}$/.test(normalized) || !digestsEqual(await this.hash(identity, normalized), row.codeHash)) {
      const attemptsLeft = MAX_ATTEMPTS - counted[0]!.attempts;
      throw new DomainError("invalid_code", `The code is wrong: ${attemptsLeft} attempts left`, { details: { attemptsLeft } });
    }
    const claimed = await this.deps.db
      .update(authCodes)
      .set({ consumedAt: now })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
      .returning({ id: authCodes.id });
    if (claimed.length === 0) throw new DomainError("invalid_code", "The code was already used");
  }

  /**
   * Security review F16: the sign-in codes of one target still live (`live`: not used, not expired,
   * attempts left; newest first) all work, so a stranger asking for a code for someone else's
   * address no longer retires the code that person just received. A guess counts as an attempt on
   * EVERY live code, so several live codes give no more guesses than one; the code that matches is
   * used up and the others retired. With no live code, `spend(latest)` gives the usual refusal.
   * Only the MAX_LIVE_CODES newest codes of the target may be live (review I3; the caller picks them,
   * server/auth/service.ts `verifyCode`): an older one is refused like a wrong code.
   */
  async spendAny(live: CodeRow[], latest: CodeRow | null | undefined, identity: Identity, code: string): Promise<void> {
    if (live.length <= 1) return this.spend(live[0] ?? latest, identity, code);
    const ids = live.map((row) => row.id);
    const counted = await this.deps.db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(and(inArray(authCodes.id, ids), isNull(authCodes.consumedAt), sql`${authCodes.attempts} < ${MAX_ATTEMPTS}`))
      .returning({ id: authCodes.id, attempts: authCodes.attempts });
    if (counted.length === 0) throw tooMany("too_many_attempts", "Too many wrong codes; ask for a new one", 1);
    const normalized = code.replace(/\s+/g, "");
    const digest = /^\d{4,8}$/.test(normalized) ? await this.hash(identity, normalized) : null;
    const stillOpen = new Set(counted.map((c) => c.id));
    const match = digest ? live.find((row) => stillOpen.has(row.id) && digestsEqual(digest, row.codeHash)) : undefined;
    if (!match) {
      const attemptsLeft = Math.max(0, ...counted.map((c) => MAX_ATTEMPTS - c.attempts));
      throw new DomainError("invalid_code", `The code is wrong: ${attemptsLeft} attempts left`, { details: { attemptsLeft } });
    }
    const claimed = await this.deps.db
      .update(authCodes)
      .set({ consumedAt: this.deps.now() })
      .where(and(inArray(authCodes.id, ids), isNull(authCodes.consumedAt)))
      .returning({ id: authCodes.id });
    if (!claimed.some((c) => c.id === match.id)) throw new DomainError("invalid_code", "The code was already used");
  }

  /** Sends the e-mail or the SMS of a code. Errors: 503 `delivery_failed` (logged). */
  async deliver(identity: Identity, message: { mail: () => MailMessage; sms: () => string }, what: string): Promise<void> {
    try {
      if (identity.channel === "email") await this.deps.mailer.send(message.mail());
      else await this.deps.sms.send(identity.target, message.sms());
    } catch (error) {
      this.deps.logger.error({ err: error, channel: identity.channel }, `${what} delivery failed`);
      throw new DomainError("delivery_failed", "The code could not be delivered; try again later");
    }
  }
}
