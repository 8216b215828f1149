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
}

export async function signAccessToken(keys: KeyRing, claims: AccessClaims, now: Date): Promise<string> {
  const { kid, privateKey } = await keys.signingKey();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, sv: claims.sessionVersion ?? 0 })
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
    return { userId, role, sessionVersion: sv };
  } catch {
    return null;
  }
}
