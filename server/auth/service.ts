/**
 * Sign-in by one-time code, registration and refresh-token sessions (issue 4; DESIGN §6; ADR 008).
 *
 * Rules and their sources:
 * - Codes follow server/auth/codes.ts (6 digits, HMAC-stored, 10 minutes, 5 attempts, single use,
 *   send and verify rate limits); the live sign-in codes of a target all work until one is used,
 *   so a stranger cannot void the code its owner received (security review F16; ASVS 5.0 V6.6.1–V6.6.4).
 * - Refresh tokens: 256-bit opaque values stored as SHA-256, REFRESH_TTL_S (30 days), rotated on
 *   every use; a used token presented again after REUSE_LEEWAY revokes its whole family; each token
 *   is bound to the coarse device (and to the fine fingerprint when the browser sent one) and a
 *   mismatch is refused (ASVS 5.0 V7.2, V9.2; OAuth 2.0 Security BCP §4.14 refresh rotation).
 * - Access tokens carry the user's session version; "sign out on all devices" raises it and revokes
 *   every refresh family, so every device is signed out on its next request (ASVS 5.0 V7.4.1, ADR 017).
 * - `contacts` (server/auth/contact-changes.ts) changes the sign-in e-mail or phone after a code
 *   sent to the new address.
 *
 * Every method throws `DomainError` (server/errors.ts) with a stable `code` the web tier translates;
 * nothing a client sends yields a 500.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type pg from "pg";
import type { Profile } from "#contract/profile.ts";
import type { Db } from "../db/client.ts";
import { preparedQuery } from "../db/named-statement.ts";
import { DomainError } from "../errors.ts";
import { authCodes, companies, companyMembers, refreshTokens, registrationTokens, users, type Lang, type UserRole } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { CODE_TTL_S, DEFAULT_LIMITS, MAX_ATTEMPTS, MAX_LIVE_CODES, OneTimeCodes, type AuthLimits, type ClientContext } from "./codes.ts";
import { ContactChanges } from "./contact-changes.ts";
import { randomToken, sha256Hex } from "./crypto.ts";
import { deviceHash, fingerprintHash } from "./device.ts";
import { codeMail, codeSms } from "./delivery/messages.ts";
import type { Mailer } from "./delivery/mailer.ts";
import type { SmsProvider } from "./delivery/sms.ts";
import { maskIdentity, type Identity } from "./identity.ts";
import { KeyRing } from "./keys.ts";
import { recordUserEvent } from "../audit/log.ts";
import { membershipOf, type Membership } from "../profile/access.ts";
import { signAccessToken, verifyAccessToken, type AccessClaims } from "./tokens.ts";

export { CODE_DIGITS, CODE_TTL_S, DEFAULT_LIMITS, MAX_ATTEMPTS, type AuthLimits, type ClientContext } from "./codes.ts";
export const REGISTRATION_TTL_S = 30 * 60;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
/**
 * Longest life of a session however often it is refreshed (ASVS 5.0 V7.3.2; security review F15):
 * each rotation gives the new refresh token 30 days, but never past 90 days from the sign-in.
 */
export const SESSION_MAX_AGE_S = 90 * 24 * 60 * 60;

/**
 * What every signed-in API request reads of its caller, in one primary-key read (issue 31 §5): the
 * role and standing the token is checked against, the profile's own fields, and the company
 * membership (a user belongs to at most one company: `company_members_user_key`). The profile and
 * every company endpoint's guard then use this row instead of reading the user and the membership
 * again — each read saved is a round trip to the database server, which in docs/deploy.md's
 * three-machine layout crosses the network.
 */
const callerRow = preparedQuery("pq_auth_caller", (db, name) =>
  db
    .select({
      id: users.id,
      role: users.role,
      blockedAt: users.blockedAt,
      sessionVersion: users.sessionVersion,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      locale: users.locale,
      memberId: companyMembers.id,
      companyId: companyMembers.companyId,
      memberRole: companyMembers.role,
      memberStatus: companyMembers.status,
      companyStatus: companies.status,
      companyName: companies.name,
      companySourceLang: companies.sourceLang,
    })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(name),
);

/** The person's own fields of their profile. */
const profileUser = preparedQuery("pq_auth_profile_user", (db, name) =>
  db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(name),
);

/** The profile's own fields of a user (`pq_auth_profile_user`'s row). */
export type ProfileUser = Omit<Profile, "organization">;

/**
 * The caller as stored when their request began (read with the token's check, `pq_auth_caller`): the
 * profile's own fields and the company membership, null when they belong to no company. A request
 * that changes either reads them again (`AuthService.profile` without it).
 */
export interface StoredCaller {
  user: ProfileUser;
  membership: Membership | null;
}

/** The profile of `user` with the company of `member` (its name in the user's language, else the card's, else any). */
function profileOf(user: ProfileUser, member: Membership | null): Profile {
  const name = member?.companyName as Partial<Record<Lang, string>> | undefined;
  return {
    ...user,
    organization: member && {
      id: member.companyId,
      memberId: member.memberId,
      name: name?.[user.locale] ?? name?.[member.companySourceLang] ?? Object.values(name ?? {})[0] ?? "",
      names: member.companyName,
      sourceLang: member.companySourceLang,
      role: member.role,
      status: member.companyStatus,
      employeeStatus: member.status,
    },
  };
}

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
  /** The secret the key ring's private keys are sealed under (AUTH_SECRET; server/auth/keys.ts). */
  keySecret?: string;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export type VerifyResult = { kind: "session"; session: Session } | { kind: "registration"; registrationToken: string };

/** The signed-in person's profile with their company (contract/profile.ts). */
export type { Profile } from "#contract/profile.ts";

/** The columns a session is issued from: who, their site role and their session version. */
const SESSION_USER = { id: users.id, role: users.role, sessionVersion: users.sessionVersion, blockedAt: users.blockedAt };
type SessionUser = { id: number; role: UserRole; sessionVersion: number; blockedAt: Date | null };

export class AuthService {
  readonly keys: KeyRing;
  readonly limits: AuthLimits;
  /** The one-time code rules shared by sign-in and contact changes. */
  readonly codes: OneTimeCodes;
  /** Changing the sign-in e-mail or phone, confirmed by a code sent to the new address. */
  readonly contacts: ContactChanges;
  private readonly now: () => Date;

  private readonly deps: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.deps = deps;
    this.keys = new KeyRing(deps.db, { secret: deps.keySecret });
    this.limits = { ...DEFAULT_LIMITS, ...deps.limits };
    this.now = deps.now ?? (() => new Date());
    this.codes = new OneTimeCodes({
      db: deps.db,
      pool: deps.pool,
      logger: deps.logger,
      mailer: deps.mailer,
      sms: deps.sms,
      keys: this.keys,
      limits: this.limits,
      now: this.now,
    });
    this.contacts = new ContactChanges({
      db: deps.db,
      logger: deps.logger,
      mailer: deps.mailer,
      codes: this.codes,
      keys: this.keys,
      publicUrl: deps.publicUrl,
      appName: deps.appName ?? "Postavka",
      now: this.now,
    });
  }

  /**
   * Sends a sign-in code to `identity` in `lang`. Returns the masked target and the seconds until a
   * resend is allowed and until the code expires. Never says whether an account exists.
   * Errors: 429 `rate_limited` (Retry-After), 503 `delivery_failed`.
   */
  async sendCode(
    identity: Identity,
    lang: Lang,
    client: ClientContext,
  ): Promise<{ sentTo: string; resendAfter: number; expiresIn: number }> {
    const now = this.now();
    const [latest] = await this.deps.db
      .select({ createdAt: authCodes.createdAt })
      .from(authCodes)
      .where(and(eq(authCodes.channel, identity.channel), eq(authCodes.target, identity.target), eq(authCodes.purpose, "sign_in")))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    await this.codes.throttleSend(identity, latest?.createdAt ?? null, client);

    const { code, codeHash, expiresAt } = await this.codes.generate(identity);
    // A new code does NOT retire the older ones (security review F16): anyone may ask for a code
    // for any address, and retiring would let a stranger void the code its owner just received.
    // The live codes all work until one is used (OneTimeCodes.spendAny).
    await this.deps.db.insert(authCodes).values({ ...identity, purpose: "sign_in", codeHash, expiresAt, createdAt: now });

    const minutes = CODE_TTL_S / 60;
    const appName = this.deps.appName ?? "Postavka";
    await this.codes.deliver(
      identity,
      {
        mail: () => {
          const link = new URL(`${lang === "ru" ? "" : `/${lang}`}/auth/code`, this.deps.publicUrl());
          link.searchParams.set("email", identity.target);
          link.searchParams.set("code", code);
          return codeMail({ to: identity.target, code, link: link.href, minutes, lang, appName });
        },
        sms: () => codeSms({ code, minutes, lang, appName }),
      },
      "Sign-in code",
    );
    return { sentTo: maskIdentity(identity), resendAfter: this.limits.resendAfterS, expiresIn: CODE_TTL_S };
  }

  /**
   * Checks `code` for `identity`. A known person gets a session; a new one a single-use
   * registration token (REGISTRATION_TTL_S). Errors: 400 `invalid_code` / `code_expired`,
   * 429 `too_many_attempts` (this code is spent; ask for a new one) or `rate_limited`.
   */
  async verifyCode(identity: Identity, code: string, client: ClientContext): Promise<VerifyResult> {
    await this.codes.throttleVerify(client);
    const now = this.now();
    const recent = await this.deps.db
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.channel, identity.channel), eq(authCodes.target, identity.target), eq(authCodes.purpose, "sign_in")))
      .orderBy(desc(authCodes.createdAt))
      .limit(10);
    // Only the newest MAX_LIVE_CODES codes may work, spent or not (review I3).
    const live = recent.slice(0, MAX_LIVE_CODES).filter((r) => !r.consumedAt && r.expiresAt > now && r.attempts < MAX_ATTEMPTS);
    try {
      await this.codes.spendAny(live, recent[0], identity, code);
    } catch (error) {
      await this.auditFailedCode(error, identity, client);
      throw error;
    }

    const user = await this.findUser(identity);
    if (user) return { kind: "session", session: await this.startSession(user, client) };
    const registrationToken = randomToken();
    await this.deps.db.insert(registrationTokens).values({
      tokenHash: sha256Hex(registrationToken),
      ...identity,
      expiresAt: new Date(now.getTime() + REGISTRATION_TTL_S * 1000),
      createdAt: now,
    });
    return { kind: "registration", registrationToken };
  }

  /**
   * A wrong or spent code for a known account's address is an audit row (security review F24): who
   * typed it is unknown, so the actor is anonymous and the IP is what staff can act on. Codes for
   * addresses no account has are only in the request log.
   */
  private async auditFailedCode(error: unknown, identity: Identity, client: ClientContext): Promise<void> {
    if (!(error instanceof DomainError) || (error.code !== "invalid_code" && error.code !== "too_many_attempts")) return;
    const user = await this.findUser(identity);
    if (!user) return;
    await recordUserEvent(
      this.deps.db,
      {
        userId: user.id,
        actorUserId: null,
        action: "user.code_failed",
        after: { purpose: "sign_in", channel: identity.channel, reason: error.code },
        ip: client.ip,
      },
      this.now(),
    );
  }

  private async findUser(identity: Identity) {
    const column = identity.channel === "email" ? users.email : users.phone;
    const [user] = await this.deps.db.select(SESSION_USER).from(users).where(eq(column, identity.target)).limit(1);
    return user ?? null;
  }

  /** The identity a registration token proves, without using it up; null when invalid or expired. */
  async registrationIdentity(registrationToken: string): Promise<Identity | null> {
    const [row] = await this.deps.db
      .select()
      .from(registrationTokens)
      .where(eq(registrationTokens.tokenHash, sha256Hex(registrationToken)))
      .limit(1);
    if (!row || row.usedAt || row.expiresAt <= this.now()) return null;
    return { channel: row.channel, target: row.target };
  }

  /**
   * Creates the account a registration token proves and signs it in. Errors: 400
   * `invalid_registration` (unknown, used or expired token — sign in again).
   */
  async register(
    input: { registrationToken: string; firstName: string; lastName: string; locale: Lang },
    client: ClientContext,
  ): Promise<Session> {
    const now = this.now();
    const [token] = await this.deps.db
      .update(registrationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(registrationTokens.tokenHash, sha256Hex(input.registrationToken)),
          isNull(registrationTokens.usedAt),
          sql`${registrationTokens.expiresAt} > ${now}`,
        ),
      )
      .returning();
    if (!token) throw new DomainError("invalid_registration", "The registration has expired; sign in again");
    const identity: Identity = { channel: token.channel, target: token.target };
    const existing = await this.findUser(identity);
    if (existing) return this.startSession(existing, client);
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
      .returning(SESSION_USER);
    const created = user ?? (await this.findUser(identity));
    if (!created) throw new DomainError("invalid_registration", "The registration could not be completed; sign in again");
    return this.startSession(created, client);
  }

  private async startSession(user: SessionUser, client: ClientContext): Promise<Session> {
    // A user blocked by site staff (issue 7) proves their address but gets no session.
    if (user.blockedAt) throw new DomainError("user_blocked", "This account has been blocked");
    const now = this.now();
    await this.deps.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
    await recordUserEvent(this.deps.db, { userId: user.id, actorUserId: user.id, action: "user.sign_in", ip: client.ip }, now);
    return this.issue(user, randomToken(12), fingerprintHash(client.fingerprint), client, now);
  }

  /** `signedInAt`: when the session began (the sign-in), carried in the access token as `auth_time`. */
  private async issue(
    user: SessionUser,
    familyId: string,
    fingerprint: string | null,
    client: ClientContext,
    signedInAt: Date,
  ): Promise<Session> {
    const userId = user.id;
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
    const accessToken = await signAccessToken(
      this.keys,
      {
        userId,
        role: user.role,
        sessionVersion: user.sessionVersion,
        authTime: Math.floor(signedInAt.getTime() / 1000),
        sessionId: familyId,
      },
      now,
    );
    return { accessToken, refreshToken, refreshExpiresAt };
  }

  /**
   * Rotates `refreshToken`: marks it used and returns a new session in the same family.
   * Errors (all 401): `refresh_invalid` (unknown, revoked or expired), `refresh_reused` (a used token
   * came back: the family is revoked, every device of it signed out), `fingerprint_mismatch`.
   */
  async refresh(refreshToken: string, client: ClientContext): Promise<Session> {
    const now = this.now();
    const [row] = await this.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)))
      .limit(1);
    if (!row || row.revokedAt || row.expiresAt <= now) throw new DomainError("refresh_invalid", "The session has ended; sign in again");
    if (row.usedAt && now.getTime() - row.usedAt.getTime() > this.limits.reuseLeewayS * 1000) {
      await this.revokeFamily(row.familyId, "reuse");
      this.deps.logger.warn({ userId: row.userId, familyId: row.familyId }, "Refresh token reuse: session family revoked");
      throw new DomainError("refresh_reused", "This session was used elsewhere and has been ended; sign in again");
    }
    const [family] = await this.deps.db
      .select({ startedAt: sql<Date>`min(${refreshTokens.createdAt})` })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row.familyId));
    if (family?.startedAt && now.getTime() - new Date(family.startedAt).getTime() > SESSION_MAX_AGE_S * 1000) {
      await this.revokeFamily(row.familyId, "max_age");
      throw new DomainError("refresh_invalid", "The session has reached its maximum age; sign in again");
    }
    const presented = fingerprintHash(client.fingerprint);
    // A session bound to a browser fingerprint needs the same one: leaving the header out is no way
    // round the check (review F14). Sessions begun without one (JavaScript off) stay bound to the
    // coarse device only (ADR 008).
    if (row.deviceHash !== deviceHash(client.userAgent) || (row.fingerprintHash && row.fingerprintHash !== presented)) {
      this.deps.logger.warn({ userId: row.userId, familyId: row.familyId }, "Refresh refused: device fingerprint mismatch");
      throw new DomainError("fingerprint_mismatch", "This session belongs to another device; sign in again");
    }
    // A parallel refresh of the same token may have marked it first: within the leeway, that is fine.
    if (!row.usedAt) {
      await this.deps.db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)));
    }
    const [user] = await this.deps.db.select(SESSION_USER).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user || user.blockedAt) throw new DomainError("refresh_invalid", "The session has ended; sign in again");
    return this.issue(user, row.familyId, row.fingerprintHash ?? presented, client, family?.startedAt ? new Date(family.startedAt) : now);
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
    const [row] = await this.deps.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)))
      .limit(1);
    if (row) await this.revokeFamily(row.familyId, "logout");
  }

  /**
   * Ends every session of `userId` ("sign out on all devices", ADR 017): every refresh-token family
   * is revoked and the user's session version raised, so access tokens already handed out (30
   * minutes) stop working on their next request too, not only when they expire.
   */
  async logoutAll(userId: number, client?: ClientContext): Promise<{ sessionsEnded: number }> {
    await this.deps.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId));
    const revoked = await this.deps.db
      .update(refreshTokens)
      .set({ revokedAt: this.now(), revokeReason: "logout_all" })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), sql`${refreshTokens.expiresAt} > ${this.now()}`))
      .returning({ familyId: refreshTokens.familyId });
    const sessionsEnded = new Set(revoked.map((r) => r.familyId)).size;
    await recordUserEvent(
      this.deps.db,
      { userId, actorUserId: userId, action: "user.logout_all", after: { sessionsEnded }, ip: client?.ip ?? null },
      this.now(),
    );
    return { sessionsEnded };
  }

  /**
   * Claims of a valid access token, or null (the caller is then `ANONIM`): the signature and expiry,
   * then the user as stored now (one primary-key read, `pq_auth_caller`), so that an account deleted,
   * blocked by site staff (issue 7) or signed out everywhere is anonymous at once, and a changed site
   * role applies at once. `stored` is that read's profile and membership, for the request to reuse.
   */
  async verifyAccessToken(token: string): Promise<(AccessClaims & { stored: StoredCaller }) | null> {
    const claims = await verifyAccessToken(this.keys, token, this.now());
    if (!claims) return null;
    const [row] = await callerRow.execute(this.deps.db, { id: claims.userId });
    if (!row || row.blockedAt || row.sessionVersion > (claims.sessionVersion ?? 0)) return null;
    const { id, role, firstName, lastName, email, phone, locale } = row;
    // The membership's and its company's columns are NOT NULL and the company is its foreign key: a
    // member id means a whole row (the left joins type every one of them nullable).
    const membership: Membership | null =
      row.memberId === null
        ? null
        : {
            memberId: row.memberId,
            companyId: row.companyId!,
            role: row.memberRole!,
            status: row.memberStatus!,
            companyStatus: row.companyStatus!,
            companyName: row.companyName!,
            companySourceLang: row.companySourceLang!,
          };
    return { ...claims, role, stored: { user: { id, role, firstName, lastName, email, phone, locale }, membership } };
  }

  /**
   * The signed-in user's profile with their organization (company and company role), or null when
   * the account is gone. `stored`: the caller as read at the request's start (no read then); a
   * request that has just changed the profile or the membership leaves it out.
   */
  async profile(userId: number, stored?: StoredCaller): Promise<Profile | null> {
    if (stored && stored.user.id === userId) return profileOf(stored.user, stored.membership);
    const [user] = await profileUser.execute(this.deps.db, { id: userId });
    if (!user) return null;
    return profileOf(user, await membershipOf(this.deps.db, userId));
  }

  /** The interface language of `userId` (Russian when the account is gone): the language of messages to them. */
  async locale(userId: number): Promise<Lang> {
    const [user] = await this.deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
    return user?.locale ?? "ru";
  }

  /** Updates name and interface language. */
  async updateProfile(userId: number, patch: { firstName?: string; lastName?: string; locale?: Lang }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.deps.db
      .update(users)
      .set({ ...patch, updatedAt: this.now() })
      .where(eq(users.id, userId));
  }
}
