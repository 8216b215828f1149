/**
 * Sign-in by one-time code, registration and refresh-token sessions (issue 4; DESIGN §6; ADR 008).
 *
 * Rules and their sources:
 * - Codes: CODE_DIGITS (6) digits from a CSPRNG, stored as an HMAC, valid CODE_TTL_S (10 minutes),
 *   single use, at most MAX_ATTEMPTS (5) tries, compared in constant time; a new code retires the
 *   older ones of the same target (ASVS 5.0 V6.6.1–V6.6.4).
 * - Sending is limited per target and per IP, verifying per IP and per target; the counters live in
 *   PostgreSQL (rate-limiter-flexible), so they hold across processes (ASVS 5.0 V6.3.1).
 * - Refresh tokens: 256-bit opaque values stored as SHA-256, REFRESH_TTL_S (30 days), rotated on
 *   every use; a used token presented again after REUSE_LEEWAY revokes its whole family; each token
 *   is bound to the coarse device (and to the fine fingerprint when the browser sent one) and a
 *   mismatch is refused (ASVS 5.0 V7.2, V9.2; OAuth 2.0 Security BCP §4.14 refresh rotation).
 *
 * Every method throws `ApiError` with a stable `code` the web tier translates; nothing a client
 * sends yields a 500.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { ApiError } from "../api/http.ts";
import type { Db } from "../db/client.ts";
import { authCodes, companies, companyMembers, refreshTokens, registrationTokens, users, type Lang, type UserRole } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { digestsEqual, hmacHex, randomCode, randomToken, sha256Hex } from "./crypto.ts";
import { deviceHash, fingerprintHash } from "./device.ts";
import { codeMail, codeSms } from "./delivery/messages.ts";
import type { Mailer } from "./delivery/mailer.ts";
import type { SmsProvider } from "./delivery/sms.ts";
import { maskIdentity, type Identity } from "./identity.ts";
import { KeyRing } from "./keys.ts";
import { signAccessToken, verifyAccessToken, type AccessClaims } from "./tokens.ts";

export const CODE_DIGITS = 6;
export const CODE_TTL_S = 10 * 60;
export const MAX_ATTEMPTS = 5;
export const REGISTRATION_TTL_S = 30 * 60;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;

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
}

export const DEFAULT_LIMITS: AuthLimits = { sendPerTarget: 3, sendPerIp: 20, verifyPerIp: 30, windowS: 600, resendAfterS: 60, reuseLeewayS: 20 };

export interface AuthServiceDeps {
  db: Db;
  pool: pg.Pool;
  logger: Logger;
  mailer: Mailer;
  sms: SmsProvider;
  /** Origin of the site, for the link in the e-mail (`https://postavka.example`). */
  publicUrl: () => string;
  appName?: string;
  limits?: Partial<AuthLimits>;
  now?: () => Date;
}

/** What the caller's request says about the device (the API reads it from headers). */
export interface ClientContext {
  ip: string;
  userAgent: string | null;
  /** The `fingerprint` header, URL-encoded as sent. */
  fingerprint: string | null;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export type VerifyResult = { kind: "session"; session: Session } | { kind: "registration"; registrationToken: string };

export interface Profile {
  id: number;
  role: UserRole;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  locale: Lang;
  organization: { id: number; name: string; role: string; status: string; employeeStatus: string } | null;
}

function tooMany(code: string, message: string, retryAfterS: number): ApiError {
  const error = new ApiError(429, code, message);
  (error as ApiError & { retryAfter?: number }).retryAfter = Math.max(1, Math.ceil(retryAfterS));
  return error;
}

export class AuthService {
  readonly keys: KeyRing;
  readonly limits: AuthLimits;
  private readonly now: () => Date;
  private readonly limiters: Record<"sendTarget" | "sendIp" | "verifyIp", RateLimiterPostgres>;

  private readonly deps: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.deps = deps;
    this.keys = new KeyRing(deps.db);
    this.limits = { ...DEFAULT_LIMITS, ...deps.limits };
    this.now = deps.now ?? (() => new Date());
    // Statements go unnamed: the embedded PGlite keeps one backend session for every pooled
    // connection, so a named statement prepared by a previous connection "already exists" there.
    const storeClient = { query: (q: { text: string; values?: unknown[] }) => deps.pool.query({ text: q.text, values: q.values }) };
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterPostgres({
        storeClient,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: this.limits.windowS,
      });
    this.limiters = {
      sendTarget: limiter("send-target", this.limits.sendPerTarget),
      sendIp: limiter("send-ip", this.limits.sendPerIp),
      verifyIp: limiter("verify-ip", this.limits.verifyPerIp),
    };
  }

  private async consume(limiter: RateLimiterPostgres, key: string, code: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(code, message, rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }

  private async codeHash(identity: Identity, code: string): Promise<string> {
    return hmacHex(await this.keys.codeSecret(), `${identity.channel}:${identity.target}:${code}`);
  }

  /**
   * Sends a sign-in code to `identity` in `lang`. Returns the masked target and the seconds until a
   * resend is allowed and until the code expires. Never says whether an account exists.
   * Errors: 429 `rate_limited` (Retry-After), 503 `delivery_failed`.
   */
  async sendCode(identity: Identity, lang: Lang, client: ClientContext): Promise<{ sentTo: string; resendAfter: number; expiresIn: number }> {
    const now = this.now();
    const [latest] = await this.deps.db
      .select({ createdAt: authCodes.createdAt })
      .from(authCodes)
      .where(and(eq(authCodes.channel, identity.channel), eq(authCodes.target, identity.target), eq(authCodes.purpose, "sign_in")))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    if (latest) {
      const wait = this.limits.resendAfterS - (now.getTime() - latest.createdAt.getTime()) / 1000;
      if (wait > 0) throw tooMany("resend_too_soon", "A code was sent moments ago; wait before asking again", wait);
    }
    await this.consume(this.limiters.sendIp, client.ip, "rate_limited", "Too many codes requested from this address");
    await this.consume(this.limiters.sendTarget, `${identity.channel}:${identity.target}`, "rate_limited", "Too many codes requested for this address");

    const code = randomCode(CODE_DIGITS);
    const expiresAt = new Date(now.getTime() + CODE_TTL_S * 1000);
    // A new code retires the older ones: only the latest code a person received works.
    await this.deps.db
      .update(authCodes)
      .set({ consumedAt: now })
      .where(and(eq(authCodes.channel, identity.channel), eq(authCodes.target, identity.target), eq(authCodes.purpose, "sign_in"), isNull(authCodes.consumedAt)));
    await this.deps.db.insert(authCodes).values({ ...identity, purpose: "sign_in", codeHash: await this.codeHash(identity, code), expiresAt, createdAt: now });

    const minutes = CODE_TTL_S / 60;
    const appName = this.deps.appName ?? "Postavka";
    try {
      if (identity.channel === "email") {
        const link = new URL(`${lang === "ru" ? "" : `/${lang}`}/auth/code`, this.deps.publicUrl());
        link.searchParams.set("email", identity.target);
        link.searchParams.set("code", code);
        await this.deps.mailer.send(codeMail({ to: identity.target, code, link: link.href, minutes, lang, appName }));
      } else {
        await this.deps.sms.send(identity.target, codeSms({ code, minutes, lang, appName }));
      }
    } catch (error) {
      this.deps.logger.error({ err: error, channel: identity.channel }, "Sign-in code delivery failed");
      throw new ApiError(503, "delivery_failed", "The code could not be delivered; try again later");
    }
    return { sentTo: maskIdentity(identity), resendAfter: this.limits.resendAfterS, expiresIn: CODE_TTL_S };
  }

  /**
   * Checks `code` for `identity`. A known person gets a session; a new one a single-use
   * registration token (REGISTRATION_TTL_S). Errors: 400 `invalid_code` / `code_expired`,
   * 429 `too_many_attempts` (this code is spent; ask for a new one) or `rate_limited`.
   */
  async verifyCode(identity: Identity, code: string, client: ClientContext): Promise<VerifyResult> {
    await this.consume(this.limiters.verifyIp, client.ip, "rate_limited", "Too many attempts from this address");
    const now = this.now();
    const [row] = await this.deps.db
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.channel, identity.channel), eq(authCodes.target, identity.target), eq(authCodes.purpose, "sign_in")))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    if (!row || (row.consumedAt && row.attempts < MAX_ATTEMPTS)) throw new ApiError(400, "invalid_code", "The code is wrong or was already used");
    if (row.attempts >= MAX_ATTEMPTS) throw tooMany("too_many_attempts", "Too many wrong codes; ask for a new one", 1);
    if (row.expiresAt <= now) throw new ApiError(400, "code_expired", "The code has expired; ask for a new one");
    // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
    const counted = await this.deps.db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt), sql`${authCodes.attempts} < ${MAX_ATTEMPTS}`))
      .returning({ attempts: authCodes.attempts });
    if (counted.length === 0) throw tooMany("too_many_attempts", "Too many wrong codes; ask for a new one", 1);
    const normalized = code.replace(/\s+/g, "");
    if (!/^\d{4,8}$/.test(normalized) || !digestsEqual(await this.codeHash(identity, normalized), row.codeHash)) {
      throw new ApiError(400, "invalid_code", "The code is wrong", [{ path: "code", message: `${MAX_ATTEMPTS - counted[0]!.attempts} attempts left` }]);
    }
    const claimed = await this.deps.db
      .update(authCodes)
      .set({ consumedAt: now })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
      .returning({ id: authCodes.id });
    if (claimed.length === 0) throw new ApiError(400, "invalid_code", "The code was already used");

    const user = await this.findUser(identity);
    if (user) return { kind: "session", session: await this.startSession(user.id, user.role, client) };
    const registrationToken = randomToken();
    await this.deps.db.insert(registrationTokens).values({
      tokenHash: sha256Hex(registrationToken),
      ...identity,
      expiresAt: new Date(now.getTime() + REGISTRATION_TTL_S * 1000),
      createdAt: now,
    });
    return { kind: "registration", registrationToken };
  }

  private async findUser(identity: Identity) {
    const column = identity.channel === "email" ? users.email : users.phone;
    const [user] = await this.deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(column, identity.target)).limit(1);
    return user ?? null;
  }

  /** The identity a registration token proves, without using it up; null when invalid or expired. */
  async registrationIdentity(registrationToken: string): Promise<Identity | null> {
    const [row] = await this.deps.db.select().from(registrationTokens).where(eq(registrationTokens.tokenHash, sha256Hex(registrationToken))).limit(1);
    if (!row || row.usedAt || row.expiresAt <= this.now()) return null;
    return { channel: row.channel, target: row.target };
  }

  /**
   * Creates the account a registration token proves and signs it in. Errors: 400
   * `invalid_registration` (unknown, used or expired token — sign in again).
   */
  async register(input: { registrationToken: string; firstName: string; lastName: string; locale: Lang }, client: ClientContext): Promise<Session> {
    const now = this.now();
    const [token] = await this.deps.db
      .update(registrationTokens)
      .set({ usedAt: now })
      .where(and(eq(registrationTokens.tokenHash, sha256Hex(input.registrationToken)), isNull(registrationTokens.usedAt), sql`${registrationTokens.expiresAt} > ${now}`))
      .returning();
    if (!token) throw new ApiError(400, "invalid_registration", "The registration has expired; sign in again");
    const identity: Identity = { channel: token.channel, target: token.target };
    const existing = await this.findUser(identity);
    if (existing) return this.startSession(existing.id, existing.role, client);
    const [user] = await this.deps.db
      .insert(users)
      .values({
        email: identity.channel === "email" ? identity.target : null,
        phone: identity.channel === "phone" ? identity.target : null,
        firstName: input.firstName,
        lastName: input.lastName,
        locale: input.locale,
        acceptedTermsAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, role: users.role });
    const created = user ?? (await this.findUser(identity));
    if (!created) throw new ApiError(400, "invalid_registration", "The registration could not be completed; sign in again");
    return this.startSession(created.id, created.role, client);
  }

  private async startSession(userId: number, role: UserRole, client: ClientContext): Promise<Session> {
    const now = this.now();
    await this.deps.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
    return this.issue(userId, role, randomToken(12), fingerprintHash(client.fingerprint), client);
  }

  private async issue(userId: number, role: UserRole, familyId: string, fingerprint: string | null, client: ClientContext): Promise<Session> {
    const now = this.now();
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(now.getTime() + REFRESH_TTL_S * 1000);
    await this.deps.db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      fingerprintHash: fingerprint,
      deviceHash: deviceHash(client.userAgent),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip.slice(0, 64),
      expiresAt: refreshExpiresAt,
      createdAt: now,
    });
    const accessToken = await signAccessToken(this.keys, { userId, role }, now);
    return { accessToken, refreshToken, refreshExpiresAt };
  }

  /**
   * Rotates `refreshToken`: marks it used and returns a new session in the same family.
   * Errors (all 401): `refresh_invalid` (unknown, revoked or expired), `refresh_reused` (a used token
   * came back: the family is revoked, every device of it signed out), `fingerprint_mismatch`.
   */
  async refresh(refreshToken: string, client: ClientContext): Promise<Session> {
    const now = this.now();
    const [row] = await this.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken))).limit(1);
    if (!row || row.revokedAt || row.expiresAt <= now) throw new ApiError(401, "refresh_invalid", "The session has ended; sign in again");
    if (row.usedAt && now.getTime() - row.usedAt.getTime() > this.limits.reuseLeewayS * 1000) {
      await this.revokeFamily(row.familyId, "reuse");
      this.deps.logger.warn({ userId: row.userId, familyId: row.familyId }, "Refresh token reuse: session family revoked");
      throw new ApiError(401, "refresh_reused", "This session was used elsewhere and has been ended; sign in again");
    }
    const presented = fingerprintHash(client.fingerprint);
    if (row.deviceHash !== deviceHash(client.userAgent) || (row.fingerprintHash && presented && row.fingerprintHash !== presented)) {
      this.deps.logger.warn({ userId: row.userId, familyId: row.familyId }, "Refresh refused: device fingerprint mismatch");
      throw new ApiError(401, "fingerprint_mismatch", "This session belongs to another device; sign in again");
    }
    // A parallel refresh of the same token may have marked it first: within the leeway, that is fine.
    if (!row.usedAt) {
      await this.deps.db.update(refreshTokens).set({ usedAt: now }).where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)));
    }
    const [user] = await this.deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) throw new ApiError(401, "refresh_invalid", "The session has ended; sign in again");
    return this.issue(user.id, user.role, row.familyId, row.fingerprintHash ?? presented, client);
  }

  private async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.deps.db
      .update(refreshTokens)
      .set({ revokedAt: this.now(), revokeReason: reason })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Ends the session `refreshToken` belongs to (its whole family). Unknown tokens are ignored. */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const [row] = await this.deps.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken))).limit(1);
    if (row) await this.revokeFamily(row.familyId, "logout");
  }

  /** Claims of a valid access token, or null (the caller is then `ANONIM`). */
  verifyAccessToken(token: string): Promise<AccessClaims | null> {
    return verifyAccessToken(this.keys, token, this.now());
  }

  /** The signed-in user's profile with their organization (company and company role), or null. */
  async profile(userId: number): Promise<Profile | null> {
    const [row] = await this.deps.db
      .select({
        id: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        locale: users.locale,
        companyId: companies.id,
        companyName: companies.name,
        companyStatus: companies.status,
        sourceLang: companies.sourceLang,
        companyRole: companyMembers.role,
        employeeStatus: companyMembers.status,
      })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return null;
    const name = row.companyName as Partial<Record<Lang, string>> | null;
    return {
      id: row.id,
      role: row.role,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      locale: row.locale,
      organization:
        row.companyId && row.companyRole && row.employeeStatus
          ? {
              id: row.companyId,
              name: name?.[row.locale] ?? name?.[(row.sourceLang ?? "ru") as Lang] ?? Object.values(name ?? {})[0] ?? "",
              role: row.companyRole,
              status: row.companyStatus ?? "draft",
              employeeStatus: row.employeeStatus,
            }
          : null,
    };
  }

  /** Updates name and interface language. */
  async updateProfile(userId: number, patch: { firstName?: string; lastName?: string; locale?: Lang }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.deps.db.update(users).set({ ...patch, updatedAt: this.now() }).where(eq(users.id, userId));
  }
}

