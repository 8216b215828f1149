/**
 * API keys (issue 29 §1; ADR 052): minting, storage and authentication.
 *
 * - `mintKey()` → `{ publicId, secret, hash }`: `secret` is `pk_live_<12 hex>_<43 base64url>`
 *   (48 random bits of id, 256 of secret, node:crypto's CSPRNG); only `hash` (SHA-256 hex of the
 *   whole secret) is stored. A plain, unsalted SHA-256 suffices because the secret is random and
 *   long: no dictionary or brute force reaches 2²⁵⁶, unlike a password (ADR 052).
 * - `authenticateKey(db, token, ip, now)` finds the key by its public id, compares the hash in
 *   constant time and refuses (DomainError 401 `unauthorized`, the message saying why) an unknown,
 *   revoked or expired key, a key used from an address outside its allow-list, a blocked person, or
 *   a company key whose creator no longer works for the company. It returns the caller the API acts
 *   as — the key's person with the site role USER (a key never carries staff rights) — and writes
 *   "last used" at most once a minute (`LAST_USED_EVERY_MS`), to keep a busy key from writing a row
 *   per request.
 * - `listKeys`, `createKey`, `revokeKey`: the profile's management, scoped to one owner (a company
 *   or a person); another owner's key is a 404.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import ipaddr from "ipaddr.js";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { KEY_PATTERN, KEY_PREFIX, PERSONAL_SCOPES, type ApiKeyView, type ApiScope, type CreateApiKeySchema } from "#contract/api-keys.ts";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { apiKeys, companyAuditLog, companyMembers, users } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { Queryable } from "../db/queries.ts";

/** Keys one owner (company or person) may hold, revoked ones not counted. */
export const MAX_KEYS_PER_OWNER = 50;
/** "Last used" is written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;

/** What the API knows of the key a request came with (`caller.apiKey`). */
export interface KeyCaller {
  id: number;
  name: string;
  /** The company the key acts for, or null for a person's own key. */
  companyId: number | null;
  scopes: readonly ApiScope[];
  /** Requests a minute. */
  rateLimit: number;
}

export interface MintedKey {
  publicId: string;
  secret: string;
  hash: string;
}

function sha256(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** A new key: its public id, the whole secret (shown once) and the hash to store. */
export function mintKey(): MintedKey {
  const publicId = randomBytes(6).toString("hex");
  const secret = `${KEY_PREFIX}${publicId}_${randomBytes(32).toString("base64url")}`;
  return { publicId, secret, hash: sha256(secret).toString("hex") };
}

/** Whether `token` looks like one of our keys (so a bearer token is read as a key, not a JWT). */
export function looksLikeKey(token: string): boolean {
  return token.startsWith("pk_");
}

/** Whether `ip` is in one of `ranges` (addresses or CIDRs; an IPv4-mapped IPv6 address counts as IPv4). */
export function ipAllowed(ip: string, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return ranges.some((range) => {
    try {
      const [net, bits] = range.includes("/")
        ? ipaddr.parseCIDR(range)
        : (() => {
            const single = ipaddr.process(range);
            return [single, single.kind() === "ipv4" ? 32 : 128] as const;
          })();
      const base = net.kind() === "ipv6" && (net as ipaddr.IPv6).isIPv4MappedAddress() ? (net as ipaddr.IPv6).toIPv4Address() : net;
      const prefix = base !== net ? Math.max(0, bits - 96) : bits;
      return address.kind() === base.kind() && address.match(base, prefix);
    } catch {
      return false;
    }
  });
}

const unauthorized = (message: string) => new DomainError("unauthorized", message);

/**
 * The caller of a request carrying `token` from `ip` at `now` (see the module's notes), or a 401.
 */
export async function authenticateKey(db: Db, token: string, ip: string, now = new Date()): Promise<{ userId: number; apiKey: KeyCaller }> {
  const match = KEY_PATTERN.exec(token);
  if (!match) throw unauthorized("The API key is not valid");
  const [row] = await db
    .select({ key: apiKeys, blockedAt: users.blockedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.publicId, match[1]!))
    .limit(1);
  const given = sha256(token);
  // Compared even when no row matched, against a dummy, so timing does not tell ids apart.
  const stored = row ? Buffer.from(row.key.secretHash, "hex") : Buffer.alloc(32);
  if (!timingSafeEqual(given, stored.length === 32 ? stored : Buffer.alloc(32)) || !row) throw unauthorized("The API key is not valid");
  const key = row.key;
  if (key.revokedAt) throw unauthorized("The API key has been revoked");
  if (key.expiresAt && key.expiresAt <= now) throw unauthorized("The API key has expired");
  if (!ipAllowed(ip, key.allowedIps)) throw unauthorized("The API key may not be used from this address");
  if (row.blockedAt) throw unauthorized("The API key's account is blocked");
  if (key.companyId !== null) {
    const [member] = await db
      .select({ id: companyMembers.id })
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, key.userId), eq(companyMembers.companyId, key.companyId), eq(companyMembers.status, "active")))
      .limit(1);
    if (!member) throw unauthorized("The API key's creator no longer works for the company: create a new key");
  }
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: ip === "unknown" ? null : ip.slice(0, 64) })
      .where(
        and(
          eq(apiKeys.id, key.id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} <= ${new Date(now.getTime() - LAST_USED_EVERY_MS)})`,
        ),
      );
  }
  return {
    userId: key.userId,
    apiKey: { id: key.id, name: key.name, companyId: key.companyId, scopes: key.scopes as ApiScope[], rateLimit: key.rateLimit },
  };
}

/** Whose keys: a company's, or a person's own. */
export type KeyOwner = { companyId: number } | { userId: number };

function ownerCondition(owner: KeyOwner) {
  return "companyId" in owner ? eq(apiKeys.companyId, owner.companyId) : and(eq(apiKeys.userId, owner.userId), isNull(apiKeys.companyId));
}

type KeyRow = typeof apiKeys.$inferSelect;

function viewOf(row: KeyRow, creator: { firstName: string; lastName: string }, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: `${KEY_PREFIX}${row.publicId}`,
    scopes: row.scopes as ApiScope[],
    companyId: row.companyId,
    createdBy: { id: row.userId, name: `${creator.firstName} ${creator.lastName}`.trim() },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? new Date(row.expiresAt.getTime() - 1).toISOString().slice(0, 10) : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    allowedIps: row.allowedIps,
    rateLimit: row.rateLimit,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active",
  };
}

async function keyRows(db: Queryable, where: ReturnType<typeof ownerCondition>) {
  return db
    .select({ key: apiKeys, firstName: users.firstName, lastName: users.lastName })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** The owner's keys, newest first, revoked ones included (they explain the audit trail). */
export async function listKeys(db: Db, owner: KeyOwner, now = new Date()): Promise<ApiKeyView[]> {
  const rows = await keyRows(db, ownerCondition(owner));
  return rows.map((r) => viewOf(r.key, r, now));
}

/** Who does something to a key, for the audit trail. */
export interface KeyActor {
  userId: number;
  ip: string | null;
  requestId: string | null;
}

/**
 * Creates a key for `owner`, made by `actor`: the view plus its secret (answered once). A person's
 * own key may not have `products:write` (400 `invalid_body` on `scopes`); more than
 * MAX_KEYS_PER_OWNER unrevoked keys is a 409 `too_many_api_keys`.
 */
export async function createKey(
  db: Db,
  owner: KeyOwner,
  actor: KeyActor,
  input: z.output<typeof CreateApiKeySchema>,
  now = new Date(),
): Promise<ApiKeyView & { secret: string }> {
  if (!("companyId" in owner) && input.scopes.some((scope) => !PERSONAL_SCOPES.includes(scope))) {
    throw new DomainError("invalid_body", "A personal key cannot manage a company's products", {
      issues: [{ path: "scopes", message: "invalid_option" }],
    });
  }
  const minted = mintKey();
  const companyId = "companyId" in owner ? owner.companyId : null;
  const id = await db.transaction(async (tx) => {
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(ownerCondition(owner), isNull(apiKeys.revokedAt)))) as [{ count: number }];
    if (count >= MAX_KEYS_PER_OWNER) throw new DomainError("too_many_api_keys", `At most ${MAX_KEYS_PER_OWNER} keys: revoke one first`);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        publicId: minted.publicId,
        secretHash: minted.hash,
        companyId,
        userId: actor.userId,
        name: input.name,
        scopes: input.scopes,
        allowedIps: input.allowedIps,
        rateLimit: input.rateLimit,
        // The last day is inclusive: the key stops at the next midnight UTC.
        expiresAt: input.expiresAt ? new Date(Date.parse(`${input.expiresAt}T00:00:00Z`) + 86_400_000) : null,
        createdAt: now,
      })
      .returning({ id: apiKeys.id });
    await tx.insert(companyAuditLog).values({
      companyId,
      userId: actor.userId,
      apiKeyId: row!.id,
      apiKeyName: input.name,
      action: "api_key.create",
      ip: actor.ip,
      requestId: actor.requestId,
      createdAt: now,
    });
    return row!.id;
  });
  const [created] = await keyRows(db, eq(apiKeys.id, id));
  return { ...viewOf(created!.key, created!, now), secret: minted.secret };
}

/** Revokes the owner's key `id` (404 for another owner's or an unknown one); revoking twice is harmless. */
export async function revokeKey(db: Db, owner: KeyOwner, actor: KeyActor, id: number, now = new Date()): Promise<ApiKeyView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: apiKeys.id, name: apiKeys.name, companyId: apiKeys.companyId, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), ownerCondition(owner)))
      .for("update");
    if (!row) throw new DomainError("not_found", "No such API key");
    if (row.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: now, revokedBy: actor.userId }).where(eq(apiKeys.id, id));
    await tx.insert(companyAuditLog).values({
      companyId: row.companyId,
      userId: actor.userId,
      apiKeyId: id,
      apiKeyName: row.name,
      action: "api_key.revoke",
      ip: actor.ip,
      requestId: actor.requestId,
      createdAt: now,
    });
  });
  const [row] = await keyRows(db, eq(apiKeys.id, id));
  return viewOf(row!.key, row!, now);
}

/** One write made with a key, as the audit trail records it. */
export interface KeyWrite {
  key: KeyCaller;
  userId: number;
  method: string;
  path: string;
  operationId: string;
  status: number;
  ip: string | null;
  requestId: string | null;
}

/** Records a write made with a key in its company's (or person's) audit trail. */
export async function recordKeyWrite(db: Db, write: KeyWrite, now = new Date()): Promise<void> {
  await db.insert(companyAuditLog).values({
    companyId: write.key.companyId,
    userId: write.userId,
    apiKeyId: write.key.id,
    apiKeyName: write.key.name,
    action: "api_key.write",
    method: write.method,
    path: write.path.slice(0, 500),
    operationId: write.operationId,
    status: write.status,
    ip: write.ip,
    requestId: write.requestId,
    createdAt: now,
  });
}
