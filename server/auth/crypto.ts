/**
 * Small cryptographic helpers of sign-in, all on node:crypto (a CSPRNG and constant-time compare).
 *
 * - `randomCode(6)` → "042917": uniform over 10^digits with crypto.randomInt (no modulo bias).
 * - `randomToken()` → 43 base64url characters (256 bits), for refresh and registration tokens.
 * - `sha256Hex` hashes high-entropy tokens for storage; one-time codes, having only 10^6 values,
 *   are stored as an HMAC under a server-held key instead (`hmacHex`), so a database dump alone does
 *   not reveal them (ASVS 5.0 V6.6.3: out-of-band codes stored hashed).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export function randomCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmacHex(key: string, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

/** Constant-time equality of two hex digests (different lengths are simply unequal). */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
