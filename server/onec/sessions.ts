/**
 * Exchange sessions and their files (issue 29 §2, ADR 054; PROTOCOL.md §2–4).
 *
 * - `openSession` (`checkauth`): HTTP Basic with an API key as the password (the login is ignored,
 *   server/api/caller.ts `apiKeyOf`), checked by server/api-keys/keys.ts `authenticateKey` (unknown,
 *   revoked, expired, wrong address, blocked person, creator gone) and counted against the key's
 *   per-minute limit; a company key only; the scope the exchange type needs (`products:write` for
 *   `catalog`, `orders` for `sale`, contract/api-scopes.ts) and the creator's company permission
 *   (`editProducts` / `read`, server/profile/access.ts). Answers the cookie value (32 random bytes,
 *   only its SHA-256 is stored) and a `sessid`. A session lives SESSION_IDLE_MS after its last call
 *   and at most SESSION_MAX_MS in all.
 * - `sessionOf`: the session of a later call, by its cookie (`Cookie: <COOKIE_NAME>=…`), whose key must
 *   still be active (a revoked key stops an exchange at its next call) and whose `sessid`, when 1C
 *   appends one, must match.
 * - `clearFiles` (`init`), `appendChunk` (`file`, under EXCHANGE_LIMITS), `fileBytes` (`import`: the
 *   named file, or the zip of the session holding it as an entry).
 * Every refusal is an ExchangeFailure (messages.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { ApiScope } from "#contract/api-scopes.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import { authenticateKey, recordKeyWrite, type KeyCaller } from "../api-keys/keys.ts";
import { apiKeyOf } from "../api/caller.ts";
import { apiKeyLimit } from "../api/rate-limits.ts";
import type { Db } from "../db/client.ts";
import { apiKeys, onecFileChunks, onecSessions, users, type OnecExchangeType } from "../db/schema.ts";
import { assertCompanyNotBlocked, companyAccess } from "../profile/access.ts";
import { EXCHANGE_LIMITS, type ExchangeLimits } from "./limits.ts";
import { ExchangeFailure, failureOf } from "./messages.ts";
import { isZip } from "./read-file.ts";

/** The cookie 1C is told to send back (checkauth's line 2). */
export const COOKIE_NAME = "postavka_1c";
export const SESSION_IDLE_MS = 2 * 3600_000;
export const SESSION_MAX_MS = 24 * 3600_000;

/** The scope each exchange type needs. */
export const TYPE_SCOPES: Record<OnecExchangeType, ApiScope> = { catalog: "products:write", sale: "orders" };

export type SessionRow = typeof onecSessions.$inferSelect;

/** A session as a call uses it: the row, the key it was opened with, and the person's language. */
export interface ExchangeSession {
  row: SessionRow;
  key: KeyCaller;
  lang: Lang;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The language the key's person reads (for failures before a session exists: the key's person, else Russian). */
export async function langOf(db: Db, userId: number): Promise<Lang> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? "ru";
}

/** `checkauth`: opens a session for the key in `authorization`; answers the cookie value and the sessid. */
export async function openSession(
  db: Db,
  input: { authorization: string | undefined; ip: string; type: OnecExchangeType; version: string | null },
  now = new Date(),
): Promise<{ cookie: string; sessid: string; session: ExchangeSession }> {
  const token = apiKeyOf(input.authorization);
  if (!token) throw new ExchangeFailure("auth_missing");
  const { userId, apiKey } = await authenticateKey(db, token, input.ip, now);
  await apiKeyLimit(db, apiKey.rateLimit).consume(`key:${apiKey.id}`);
  if (apiKey.companyId === null) throw new ExchangeFailure("key_not_company");
  const scope = TYPE_SCOPES[input.type];
  if (!apiKey.scopes.includes(scope)) throw new ExchangeFailure("scope_missing", { scope });
  const access = await companyAccess(db, userId, input.type === "catalog" ? "editProducts" : "read");
  if (access.companyId !== apiKey.companyId) throw new ExchangeFailure("key_creator_gone");
  if (input.type === "catalog") assertCompanyNotBlocked(access);
  const cookie = randomBytes(32).toString("base64url");
  const sessid = randomBytes(16).toString("hex");
  const [row] = await db
    .insert(onecSessions)
    .values({
      tokenHash: sha256(cookie),
      sessid,
      type: input.type,
      companyId: apiKey.companyId,
      userId,
      apiKeyId: apiKey.id,
      version: input.version?.slice(0, 10) ?? null,
      ip: input.ip === "unknown" ? null : input.ip.slice(0, 64),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    })
    .returning();
  // Sessions that ended are no use to anyone: dropped (with their files) as new ones open.
  await db.delete(onecSessions).where(sql`${onecSessions.expiresAt} < ${new Date(now.getTime() - SESSION_IDLE_MS)}`);
  return { cookie, sessid, session: { row: row!, key: apiKey, lang: await langOf(db, userId) } };
}

/** The cookie's value in a `Cookie` header, or null. */
export function cookieValue(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COOKIE_NAME) return rest.join("=") || null;
  }
  return null;
}

/** The session of a call after `checkauth` (see the module comment); refreshes its expiry. */
export async function sessionOf(
  db: Db,
  input: { cookie: string | undefined; sessid: string | undefined; type: OnecExchangeType },
  now = new Date(),
): Promise<ExchangeSession> {
  const value = cookieValue(input.cookie);
  if (!value) throw new ExchangeFailure("session_missing");
  const [found] = await db
    .select({ session: onecSessions, key: apiKeys, locale: users.locale, blockedAt: users.blockedAt })
    .from(onecSessions)
    .innerJoin(apiKeys, eq(apiKeys.id, onecSessions.apiKeyId))
    .innerJoin(users, eq(users.id, onecSessions.userId))
    .where(and(eq(onecSessions.tokenHash, sha256(value)), gt(onecSessions.expiresAt, now)))
    .limit(1);
  if (!found || found.session.type !== input.type) throw new ExchangeFailure("session_missing");
  if (input.sessid && input.sessid !== found.session.sessid) throw new ExchangeFailure("sessid_mismatch");
  const key = found.key;
  if (key.revokedAt) throw new ExchangeFailure("key_revoked");
  if (key.expiresAt && key.expiresAt <= now) throw new ExchangeFailure("key_expired");
  if (found.blockedAt) throw new ExchangeFailure("key_blocked");
  const until = Math.min(now.getTime() + SESSION_IDLE_MS, found.session.createdAt.getTime() + SESSION_MAX_MS);
  if (until - found.session.expiresAt.getTime() > 60_000)
    await db
      .update(onecSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(until) })
      .where(eq(onecSessions.id, found.session.id));
  return {
    row: found.session,
    key: { id: key.id, name: key.name, companyId: key.companyId, scopes: key.scopes as ApiScope[], rateLimit: key.rateLimit },
    lang: found.locale,
  };
}

/** `init`: forgets what the session uploaded before (PROTOCOL.md §3: leftovers are never appended to). */
export async function clearFiles(db: Db, sessionId: number): Promise<void> {
  await db.delete(onecFileChunks).where(eq(onecFileChunks.sessionId, sessionId));
}

/**
 * `file`: appends `bytes` to the session's file `name` — refused when the file or the session's
 * files together would pass their bound, or the session would hold too many names.
 */
export async function appendChunk(db: Db, sessionId: number, name: string, bytes: Uint8Array, limits: ExchangeLimits = EXCHANGE_LIMITS) {
  if (bytes.byteLength === 0) throw new ExchangeFailure("body_empty");
  await db.transaction(async (tx) => {
    // One session's uploads one at a time: the sums below stay true.
    await tx.select({ id: onecSessions.id }).from(onecSessions).where(eq(onecSessions.id, sessionId)).for("update");
    const [sums] = await tx
      .select({
        session: sql<number>`coalesce(sum(${onecFileChunks.size}), 0)::bigint`,
        file: sql<number>`coalesce(sum(${onecFileChunks.size}) filter (where ${onecFileChunks.name} = ${name}), 0)::bigint`,
        names: sql<number>`count(distinct ${onecFileChunks.name})::int`,
        known: sql<boolean>`bool_or(${onecFileChunks.name} = ${name})`,
      })
      .from(onecFileChunks)
      .where(eq(onecFileChunks.sessionId, sessionId));
    const MB = 1024 * 1024;
    if (Number(sums!.file) + bytes.byteLength > limits.fileBytes)
      throw new ExchangeFailure("file_too_large", { name, max: Math.round(limits.fileBytes / MB) });
    if (Number(sums!.session) + bytes.byteLength > limits.sessionBytes)
      throw new ExchangeFailure("session_too_large", { max: Math.round(limits.sessionBytes / MB) });
    if (!sums!.known && sums!.names >= limits.files) throw new ExchangeFailure("too_many_files", { max: limits.files });
    await tx.insert(onecFileChunks).values({ sessionId, name, bytes: Buffer.from(bytes), size: bytes.byteLength });
  });
}

/** The chunks of the session's file `name`, joined, or null when there is none. */
async function joined(db: Db, sessionId: number, name: string): Promise<Uint8Array | null> {
  const rows = await db
    .select({ bytes: onecFileChunks.bytes, size: onecFileChunks.size })
    .from(onecFileChunks)
    .where(and(eq(onecFileChunks.sessionId, sessionId), eq(onecFileChunks.name, name)))
    .orderBy(asc(onecFileChunks.id));
  if (rows.length === 0) return null;
  const out = new Uint8Array(rows.reduce((n, r) => n + r.size, 0));
  let at = 0;
  for (const row of rows) {
    out.set(row.bytes, at);
    at += row.size;
  }
  return out;
}

/**
 * The bytes to import as `name`: the file itself (then `entry` is null), or a zip the session
 * uploaded (1C with `zip=yes` sends one archive under its own name) that holds it — `entry` is then
 * `name`, and the worker finds it (read-file.ts). The newest zip first. Null when neither exists.
 */
export async function fileBytes(db: Db, sessionId: number, name: string): Promise<{ bytes: Uint8Array; entry: string | null } | null> {
  const own = await joined(db, sessionId, name);
  if (own) return { bytes: own, entry: isZip(own) ? name : null };
  const names = await db
    .selectDistinct({ name: onecFileChunks.name })
    .from(onecFileChunks)
    .where(and(eq(onecFileChunks.sessionId, sessionId), sql`lower(${onecFileChunks.name}) like '%.zip'`));
  for (const { name: zipName } of names.reverse()) {
    const bytes = await joined(db, sessionId, zipName);
    if (bytes && isZip(bytes)) return { bytes, entry: name };
  }
  return null;
}

/** Whether the session holds `name` or any zip (a zip's entries are checked when imported). */
export async function hasFile(db: Db, sessionId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(onecFileChunks)
    .where(
      and(eq(onecFileChunks.sessionId, sessionId), sql`(${onecFileChunks.name} = ${name} or lower(${onecFileChunks.name}) like '%.zip')`),
    );
  return (row?.n ?? 0) > 0;
}

/** Records an exchange step that writes in the company's audit trail (like any write made with a key, ADR 052). */
export async function auditStep(
  db: Db,
  session: ExchangeSession,
  step: { method: string; path: string; mode: string; ip: string | null; requestId: string | null },
): Promise<void> {
  await recordKeyWrite(db, {
    key: session.key,
    userId: session.row.userId,
    method: step.method,
    path: step.path,
    operationId: `onec.${session.row.type}.${step.mode}`,
    status: 200,
    ip: step.ip,
    requestId: step.requestId,
  });
}

export { failureOf };
