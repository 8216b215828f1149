/**
 * Changing the e-mail or phone a person signs in with (issue 5, spec §2 `profile/mail`,
 * `profile/phone`; ADR 017). The new address must prove itself: a one-time code goes TO IT, and
 * only the right code makes it the account's address.
 *
 * A pending change is one `auth_codes` row with purpose `change_email` / `change_phone`, the user's
 * id and the new address as target; its id is the change's id (`/profile/mail/{id}/code`). Asking
 * for a new code replaces the code of the same row in place, so the change keeps its id; every code
 * rule (HMAC storage, 10 minutes, 5 attempts, resend countdown, send and verify rate limits) is the
 * shared one of server/auth/codes.ts. A change is forgotten CONTACT_CHANGE_TTL_S after its latest
 * code; a user has at most one pending change per kind (starting another replaces it).
 *
 * Errors (DomainError, server/errors.ts): 404 `not_found` (no such change of this user — another user's id looks the
 * same), 409 `contact_unchanged` (already the account's address), 409 `contact_taken` (another
 * account signs in with it — checked when starting and again when confirming), 409
 * `change_completed`, the code errors of codes.ts (400 `invalid_code` / `code_expired`, 429
 * `too_many_attempts` / `resend_too_soon` / `rate_limited`) and 503 `delivery_failed`.
 *
 * After a change the account's e-mail gets a notice (the OLD address when the e-mail itself
 * changed), so a hijacked session cannot quietly take over the account's sign-in. The notice carries
 * an UNDO link (security review F10): `/auth/undo-contact?token=…`, valid UNDO_TTL_S (7 days), usable
 * once. Opening it shows a confirmation page; confirming (`undo`) makes the old address the sign-in
 * address again (the phone is removed when there was none), drops pending changes of that kind and
 * ends EVERY session of the account, the one that made the change included.
 * The token is an ES256 JWT of the key ring (audience UNDO_AUDIENCE, so it is never an access token
 * and an access token is never an undo token) whose `jti` names an `auth_codes` row of purpose
 * `undo_contact` (user, kind, old address as target, `consumed_at` once used): the signature makes
 * it unforgeable, the row makes it single-use and lets the old address be kept out of the link.
 * A bad, expired or spent link is 400 `invalid_undo_link`; an old address another account has taken
 * meanwhile is 409 `contact_taken`.
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { SignJWT, decodeProtectedHeader, jwtVerify } from "jose";
import type { ContactChangeView, ContactKind } from "#contract/profile-contacts.ts";
import type { Db } from "../db/client.ts";
import { DomainError, notFound } from "../errors.ts";
import { authCodes, refreshTokens, users, type CodePurpose, type Lang } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { isUniqueViolation } from "../db/queries.ts";
import { CODE_TTL_S, MAX_ATTEMPTS, type ClientContext, type CodeRow, type OneTimeCodes } from "./codes.ts";
import type { Mailer } from "./delivery/mailer.ts";
import { contactChangedMail, contactCodeMail, contactCodeSms } from "./delivery/messages.ts";
import { maskIdentity, type Identity } from "./identity.ts";
import { JWT_ALG, type KeyRing } from "./keys.ts";
import { recordUserEvent, type UserSecurityEvent } from "../audit/log.ts";

export type { ContactChangeView, ContactKind } from "#contract/profile-contacts.ts";

const PURPOSE: Record<ContactKind, CodePurpose> = { email: "change_email", phone: "change_phone" };
const PURPOSES: CodePurpose[] = ["change_email", "change_phone"];

/**
 * Starting a change needs a sign-in at most this many seconds ago (the access token's `auth_time`;
 * security review F10): a stolen session older than that cannot move the account to another address.
 */
export const REAUTH_MAX_AGE_S = 10 * 60;

/** A pending change is forgotten this many seconds after its latest code was sent. */
export const CONTACT_CHANGE_TTL_S = 24 * 3600;

/** The undo link in the notice of a change works this many seconds (7 days), once. */
export const UNDO_TTL_S = 7 * 24 * 3600;
const UNDO_ISSUER = "postavka";
const UNDO_AUDIENCE = "postavka:contact-undo";

/** What an undo link would restore: the kind and the old address, masked (null: the phone is removed). */
export interface ContactUndoView {
  kind: ContactKind;
  address: string | null;
}

export interface ContactChangesDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  codes: OneTimeCodes;
  keys: KeyRing;
  publicUrl: () => string;
  appName: string;
  now: () => Date;
}

export class ContactChanges {
  private readonly deps: ContactChangesDeps;

  constructor(deps: ContactChangesDeps) {
    this.deps = deps;
  }

  private view(row: CodeRow): ContactChangeView {
    const kind: ContactKind = row.purpose === "change_email" ? "email" : "phone";
    const now = this.deps.now().getTime();
    return {
      id: row.id,
      kind,
      value: row.target,
      sentTo: maskIdentity({ channel: row.channel, target: row.target }),
      status: row.consumedAt ? "done" : "pending",
      resendAfter: row.consumedAt ? 0 : Math.ceil(this.deps.codes.resendWait(row.createdAt)),
      expiresIn: row.consumedAt ? 0 : Math.max(0, Math.floor((row.expiresAt.getTime() - now) / 1000)),
      attemptsLeft: Math.max(0, MAX_ATTEMPTS - row.attempts),
    };
  }

  /**
   * The condition "a code row of `userId` sent within CONTACT_CHANGE_TTL_S" (older changes are
   * forgotten), and `more`.
   */
  private recent(userId: number, ...more: SQL[]): SQL {
    const since = new Date(this.deps.now().getTime() - CONTACT_CHANGE_TTL_S * 1000);
    return and(eq(authCodes.userId, userId), gt(authCodes.createdAt, since), ...more)!;
  }

  private async row(userId: number, id: number): Promise<CodeRow> {
    const [row] = await this.deps.db
      .select()
      .from(authCodes)
      .where(this.recent(userId, eq(authCodes.id, id), inArray(authCodes.purpose, PURPOSES)))
      .limit(1);
    if (!row) throw notFound("Contact change");
    return row;
  }

  /** The user's current addresses and language (undefined: no such user). */
  private async contactsOf(userId: number): Promise<{ email: string | null; phone: string | null; locale: Lang } | undefined> {
    const [user] = await this.deps.db
      .select({ email: users.email, phone: users.phone, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return user;
  }

  /**
   * Makes `value` the user's address of `kind` (a null phone removes it). 409 `contact_taken` when
   * another account took the address since it was checked, after `onTaken` has run.
   */
  private async setAddress(userId: number, kind: ContactKind, value: string | null, now: Date, onTaken?: () => Promise<unknown>) {
    try {
      await this.deps.db
        .update(users)
        .set(kind === "email" ? { email: value, updatedAt: now } : { phone: value, updatedAt: now })
        .where(eq(users.id, userId));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await onTaken?.();
      throw taken();
    }
  }

  /** Records a user's own action on their addresses in the audit log (server/audit/log.ts). */
  private async audit(
    userId: number,
    client: ClientContext,
    event: Pick<UserSecurityEvent, "action" | "before" | "after">,
    at: Date,
  ): Promise<void> {
    await recordUserEvent(this.deps.db, { userId, actorUserId: userId, ...event, ip: client.ip }, at);
  }

  /** The user's pending changes, newest first (at most one per kind). */
  async list(userId: number): Promise<ContactChangeView[]> {
    const rows = await this.deps.db
      .select()
      .from(authCodes)
      .where(this.recent(userId, inArray(authCodes.purpose, PURPOSES), isNull(authCodes.consumedAt)))
      .orderBy(desc(authCodes.createdAt));
    return rows.map((row) => this.view(row));
  }

  /** One change of the user (pending or done). */
  async get(userId: number, id: number): Promise<ContactChangeView> {
    return this.view(await this.row(userId, id));
  }

  private async assertFree(userId: number, identity: Identity): Promise<void> {
    const column = identity.channel === "email" ? users.email : users.phone;
    const [other] = await this.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(column, identity.target), ne(users.id, userId)))
      .limit(1);
    if (other) throw taken();
  }

  private async sendCode(row: { id: number }, identity: Identity, code: string, lang: Lang): Promise<void> {
    const minutes = CODE_TTL_S / 60;
    const appName = this.deps.appName;
    await this.deps.codes.deliver(
      identity,
      {
        mail: () => {
          const link = new URL(`${lang === "ru" ? "" : `/${lang}`}/profile/mail/${row.id}/code`, this.deps.publicUrl());
          link.searchParams.set("code", code);
          return contactCodeMail({ to: identity.target, code, link: link.href, minutes, lang, appName });
        },
        sms: () => contactCodeSms({ code, minutes, lang, appName }),
      },
      "Contact change code",
    );
  }

  /**
   * Starts changing the user's e-mail or phone to `identity` and sends a code there in `lang`.
   * Returns `created: false` with the existing change when one to the same address is pending and
   * its resend countdown is still running (a double submit: no second code).
   */
  async start(
    userId: number,
    identity: Identity,
    lang: Lang,
    client: ClientContext,
    session: { authTime?: number } = {},
  ): Promise<{ change: ContactChangeView; created: boolean }> {
    const nowS = this.deps.now().getTime() / 1000;
    if (session.authTime === undefined || nowS - session.authTime > REAUTH_MAX_AGE_S) {
      throw new DomainError("reauth_required", "Sign in again (within the last 10 minutes) to change the sign-in address");
    }
    const kind: ContactKind = identity.channel;
    const purpose = PURPOSE[kind];
    const user = await this.contactsOf(userId);
    if (!user) throw new DomainError("unauthorized", "Sign in to do this");
    if (addressOf(kind, user) === identity.target) {
      throw new DomainError("contact_unchanged", "This is already your address", {
        issues: [{ path: "value", message: "contact_unchanged" }],
      });
    }
    const [same] = await this.deps.db
      .select()
      .from(authCodes)
      .where(this.recent(userId, eq(authCodes.purpose, purpose), eq(authCodes.target, identity.target), isNull(authCodes.consumedAt)))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    if (same && this.deps.codes.resendWait(same.createdAt) > 0) return { change: this.view(same), created: false };
    // The send limits go first, so that asking whether addresses are taken costs send quota.
    await this.deps.codes.throttleSend(identity, same?.createdAt ?? null, client);
    await this.assertFree(userId, identity);

    const now = this.deps.now();
    const { code, codeHash, expiresAt } = await this.deps.codes.generate(identity);
    // One pending change per kind: a change to another address is dropped.
    await this.deps.db
      .delete(authCodes)
      .where(
        and(
          eq(authCodes.userId, userId),
          eq(authCodes.purpose, purpose),
          isNull(authCodes.consumedAt),
          same ? ne(authCodes.id, same.id) : undefined,
        ),
      );
    let row: CodeRow;
    if (same) {
      [row] = (await this.deps.db
        .update(authCodes)
        .set({ codeHash, expiresAt, attempts: 0, createdAt: now })
        .where(eq(authCodes.id, same.id))
        .returning()) as [CodeRow];
    } else {
      [row] = (await this.deps.db
        .insert(authCodes)
        .values({ ...identity, purpose, userId, codeHash, expiresAt, createdAt: now })
        .returning()) as [CodeRow];
    }
    try {
      await this.sendCode(row, identity, code, lang);
    } catch (error) {
      // Nothing reached the person: forget the change so they can try again at once.
      if (!same) await this.deps.db.delete(authCodes).where(eq(authCodes.id, row.id));
      throw error;
    }
    return { change: this.view(row), created: !same };
  }

  /** Sends a new code for a pending change (the old one stops working). */
  async resend(userId: number, id: number, lang: Lang, client: ClientContext): Promise<ContactChangeView> {
    const row = await this.row(userId, id);
    if (row.consumedAt) throw completed();
    const identity: Identity = { channel: row.channel, target: row.target };
    await this.deps.codes.throttleSend(identity, row.createdAt, client);
    const { code, codeHash, expiresAt } = await this.deps.codes.generate(identity);
    const [updated] = (await this.deps.db
      .update(authCodes)
      .set({ codeHash, expiresAt, attempts: 0, createdAt: this.deps.now() })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
      .returning()) as CodeRow[];
    if (!updated) throw completed();
    await this.sendCode(updated, identity, code, lang);
    return this.view(updated);
  }

  /**
   * Confirms a change with `code`: the new address becomes the account's, and the account's e-mail
   * is told. Returns the kind and the new address.
   */
  async verify(
    userId: number,
    id: number,
    code: string,
    client: ClientContext,
    session: { sessionId?: string } = {},
  ): Promise<{ kind: ContactKind; value: string }> {
    await this.deps.codes.throttleVerify(client);
    const row = await this.row(userId, id);
    if (row.consumedAt) throw completed();
    const identity: Identity = { channel: row.channel, target: row.target };
    const kind: ContactKind = identity.channel;
    await this.assertFree(userId, identity);
    try {
      await this.deps.codes.spend(row, identity, code);
    } catch (error) {
      if (error instanceof DomainError && (error.code === "invalid_code" || error.code === "too_many_attempts")) {
        await this.audit(
          userId,
          client,
          { action: "user.code_failed", after: { purpose: row.purpose, channel: row.channel, reason: error.code } },
          this.deps.now(),
        );
      }
      throw error;
    }

    const before = await this.contactsOf(userId);
    // Another account may have taken the address between the check and the update: the change is void then.
    await this.setAddress(userId, kind, identity.target, this.deps.now(), () =>
      this.deps.db.delete(authCodes).where(eq(authCodes.id, row.id)),
    );
    await this.endOtherSessions(userId, session.sessionId);
    const oldValue = before ? addressOf(kind, before) : null;
    await this.audit(
      userId,
      client,
      { action: "user.contact_change", before: { [kind]: oldValue }, after: { [kind]: identity.target } },
      this.deps.now(),
    );
    // The old e-mail when the e-mail changed, the account's e-mail when the phone did.
    const notify = before?.email;
    if (notify && notify !== identity.target) {
      const lang = before?.locale ?? "ru";
      const message = contactChangedMail({
        to: notify,
        kind,
        newAddress: maskIdentity(identity),
        undoLink: await this.undoLink(userId, kind, oldValue, lang),
        undoDays: UNDO_TTL_S / 86_400,
        lang,
        appName: this.deps.appName,
      });
      // The change is done; a failed notice is logged, not an error for the person who made it.
      await this.deps.mailer
        .send(message)
        .catch((error: unknown) => this.deps.logger.error({ err: error, userId }, "contact change notice failed"));
    }
    return { kind, value: identity.target };
  }

  /**
   * After a changed sign-in address every other session ends (security review F10; ADR 017): the
   * session version goes up, so every access token handed out stops working, and every refresh
   * family except `keepSessionId` (the session that made the change) is revoked. The session that
   * made the change refreshes its access token and goes on. An undo (`keepSessionId` undefined) ends
   * every session.
   */
  private async endOtherSessions(userId: number, keepSessionId: string | undefined): Promise<void> {
    const now = this.deps.now();
    await this.deps.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId));
    await this.deps.db
      .update(refreshTokens)
      .set({ revokedAt: now, revokeReason: "contact_change" })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepSessionId ? ne(refreshTokens.familyId, keepSessionId) : undefined,
        ),
      );
  }

  /** Stores the undo row of a change and returns the signed link to it (module comment). */
  private async undoLink(userId: number, kind: ContactKind, oldValue: string | null, lang: Lang): Promise<string> {
    const now = this.deps.now();
    const [row] = await this.deps.db
      .insert(authCodes)
      .values({
        channel: kind,
        // "" when there was no phone: undoing removes it.
        target: oldValue ?? "",
        purpose: "undo_contact",
        userId,
        // The link is a signed token naming this row, not a code: nothing to hash.
        codeHash: "",
        expiresAt: new Date(now.getTime() + UNDO_TTL_S * 1000),
        createdAt: now,
      })
      .returning({ id: authCodes.id });
    const { kid, privateKey } = await this.deps.keys.signingKey();
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: JWT_ALG, kid, typ: "JWT" })
      .setIssuer(UNDO_ISSUER)
      .setAudience(UNDO_AUDIENCE)
      .setSubject(String(userId))
      .setJti(String(row!.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + UNDO_TTL_S)
      .sign(privateKey);
    const link = new URL(`${lang === "ru" ? "" : `/${lang}`}/auth/undo-contact`, this.deps.publicUrl());
    link.searchParams.set("token", token);
    return link.href;
  }

  /** The unspent, unexpired undo row an undo token names (400 `invalid_undo_link` otherwise). */
  private async undoRow(token: string): Promise<CodeRow> {
    const invalid = () => new DomainError("invalid_undo_link", "The undo link is invalid, expired or already used");
    let userId: number;
    let id: number;
    try {
      const { kid } = decodeProtectedHeader(token);
      const key = typeof kid === "string" ? await this.deps.keys.verificationKey(kid) : null;
      if (!key) throw invalid();
      const { payload } = await jwtVerify(token, key, {
        algorithms: [JWT_ALG],
        issuer: UNDO_ISSUER,
        audience: UNDO_AUDIENCE,
        currentDate: this.deps.now(),
      });
      userId = Number(payload.sub);
      id = Number(payload.jti);
    } catch {
      throw invalid();
    }
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(id)) throw invalid();
    const [row] = await this.deps.db
      .select()
      .from(authCodes)
      .where(
        and(
          eq(authCodes.id, id),
          eq(authCodes.userId, userId),
          eq(authCodes.purpose, "undo_contact"),
          isNull(authCodes.consumedAt),
          gt(authCodes.expiresAt, this.deps.now()),
        ),
      )
      .limit(1);
    if (!row) throw invalid();
    return row;
  }

  private undoView(row: CodeRow): ContactUndoView {
    const kind: ContactKind = row.channel;
    return { kind, address: row.target ? maskIdentity({ channel: kind, target: row.target }) : null };
  }

  /** What the undo link would restore, for its confirmation page (400 `invalid_undo_link`). */
  async previewUndo(token: string): Promise<ContactUndoView> {
    return this.undoView(await this.undoRow(token));
  }

  /**
   * Undoes a change with the link of its notice: the old address is the sign-in address again,
   * pending changes of that kind are dropped and every session of the account ends. Single use.
   */
  async undo(token: string, client: ClientContext): Promise<ContactUndoView> {
    // The verify limit per IP: a link cannot be guessed, but each try costs a signature check.
    await this.deps.codes.throttleVerify(client);
    const row = await this.undoRow(token);
    const userId = row.userId!;
    const kind: ContactKind = row.channel;
    const old = row.target || null;
    if (old) await this.assertFree(userId, { channel: kind, target: old });
    const now = this.deps.now();
    const [spent] = await this.deps.db
      .update(authCodes)
      .set({ consumedAt: now })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
      .returning({ id: authCodes.id });
    // Another request used the link in between.
    if (!spent) throw new DomainError("invalid_undo_link", "The undo link is invalid, expired or already used");
    const current = await this.contactsOf(userId);
    await this.setAddress(userId, kind, kind === "email" ? (old ?? current?.email ?? null) : old, now);
    await this.deps.db
      .delete(authCodes)
      .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, PURPOSE[kind]), isNull(authCodes.consumedAt)));
    await this.endOtherSessions(userId, undefined);
    await this.audit(
      userId,
      client,
      { action: "user.contact_undo", before: { [kind]: current ? addressOf(kind, current) : null }, after: { [kind]: old } },
      now,
    );
    return this.undoView(row);
  }

  /** Cancels a pending change (its code stops working). */
  async cancel(userId: number, id: number): Promise<void> {
    const row = await this.row(userId, id);
    if (row.consumedAt) throw completed();
    await this.deps.db.delete(authCodes).where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)));
  }
}

/** The user's address of `kind` (null when they have none). */
function addressOf(kind: ContactKind, user: { email: string | null; phone: string | null }): string | null {
  return (kind === "email" ? user.email : user.phone) ?? null;
}

function taken(): DomainError {
  return new DomainError("contact_taken", "Another account already signs in with this address", {
    issues: [{ path: "value", message: "contact_taken" }],
  });
}

function completed(): DomainError {
  return new DomainError("change_completed", "This change has already been confirmed");
}
