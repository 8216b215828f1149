/**
 * Access tokens: ES256 JWTs signed with the key ring's newest key (`kid` in the header), issuer and
 * audience "postavka", subject = user id, claims `role` and `sv` (session version), lifetime ACCESS_TOKEN_TTL_S (30 minutes).
 * Verification pins the algorithm (no `none`, no HS/RS confusion — ASVS 5.0 V9.1.2) and returns
 * null for anything invalid or expired: callers treat that as the anonymous role `ANONIM`.
 * A token whose signature has been verified is remembered (by its exact text, per key ring, until
 * its `exp`): a signed-in client sends the same token with every call for up to 30 minutes, and the
 * ECDSA verification was ≈ 3 % of the event loop under the reliability mix (issue 25's profile). A
 * remembered token still needs its key in the ring — the same key object — so a retired key ends it.
 */
import { LRUCache } from "lru-cache";
import { SignJWT, decodeProtectedHeader, jwtVerify } from "jose";
import type { UserRole } from "../db/schema.ts";
import { JWT_ALG, type KeyRing } from "./keys.ts";

export const ACCESS_TOKEN_TTL_S = 30 * 60;
const ISSUER = "postavka";
const AUDIENCE = "postavka";

export interface AccessClaims {
  userId: number;
  role: UserRole;
  /** The user's session version when the token was signed (claim `sv`, 0 when absent; ADR 017). */
  sessionVersion?: number;
  /**
   * When the person proved their address for this session, epoch seconds (claim `auth_time`, as in
   * OpenID Connect): the sign-in, kept through refreshes. Signing without it uses the token's `iat`.
   * Changing the sign-in address needs a recent one (security review F10).
   */
  authTime?: number;
  /** The session (refresh-token family) the token belongs to (claim `sid`), when known. */
  sessionId?: string;
}

export async function signAccessToken(keys: KeyRing, claims: AccessClaims, now: Date): Promise<string> {
  const { kid, privateKey } = await keys.signingKey();
  const iat = Math.floor(now.getTime() / 1000);
  const extra = claims.sessionId ? { sid: claims.sessionId } : {};
  return new SignJWT({ role: claims.role, sv: claims.sessionVersion ?? 0, auth_time: claims.authTime ?? iat, ...extra })
    .setProtectedHeader({ alg: JWT_ALG, kid, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(privateKey);
}

/** A verified token: its claims, the key that verified it and its `exp` (epoch seconds). */
interface Verified {
  claims: AccessClaims;
  key: CryptoKey;
  exp: number;
}

/** Tokens remembered per ring (a few hundred bytes each). */
const VERIFIED_MAX = 5000;
const verifiedByRing = new WeakMap<KeyRing, LRUCache<string, Verified>>();

export async function verifyAccessToken(keys: KeyRing, token: string, now: Date): Promise<AccessClaims | null> {
  let verified = verifiedByRing.get(keys);
  if (!verified) verifiedByRing.set(keys, (verified = new LRUCache<string, Verified>({ max: VERIFIED_MAX })));
  const seen = verified.get(token);
  if (seen && now.getTime() / 1000 < seen.exp) {
    const { kid } = decodeProtectedHeader(token);
    if (typeof kid === "string" && (await keys.verificationKey(kid)) === seen.key) return { ...seen.claims };
  }
  try {
    const { kid } = decodeProtectedHeader(token);
    if (typeof kid !== "string") return null;
    const key = await keys.verificationKey(kid);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, { algorithms: [JWT_ALG], issuer: ISSUER, audience: AUDIENCE, currentDate: now });
    const userId = Number(payload.sub);
    const role = payload.role;
    if (!Number.isInteger(userId) || userId <= 0 || (role !== "USER" && role !== "MODERATOR" && role !== "ADMIN")) return null;
    const sv = payload.sv ?? 0;
    if (typeof sv !== "number" || !Number.isInteger(sv) || sv < 0) return null;
    const authTime = typeof payload.auth_time === "number" ? payload.auth_time : undefined;
    const sessionId = typeof payload.sid === "string" ? payload.sid : undefined;
    const claims: AccessClaims = { userId, role, sessionVersion: sv, authTime, sessionId };
    if (typeof payload.exp === "number") verified.set(token, { claims, key, exp: payload.exp });
    return { ...claims };
  } catch {
    return null;
  }
}
