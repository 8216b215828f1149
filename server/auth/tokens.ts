/**
 * Access tokens: ES256 JWTs signed with the key ring's newest key (`kid` in the header), issuer and
 * audience "postavka", subject = user id, claims `role` and `sv` (session version), lifetime ACCESS_TOKEN_TTL_S (30 minutes).
 * Verification pins the algorithm (no `none`, no HS/RS confusion — ASVS 5.0 V9.1.2) and returns
 * null for anything invalid or expired: callers treat that as the anonymous role `ANONIM`.
 */
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

export async function verifyAccessToken(keys: KeyRing, token: string, now: Date): Promise<AccessClaims | null> {
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
    return { userId, role, sessionVersion: sv, authTime, sessionId };
  } catch {
    return null;
  }
}
