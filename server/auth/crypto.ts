/**
 * Small cryptographic helpers of sign-in, all on node:crypto (a CSPRNG and constant-time compare).
 *
 * - `randomCode(6)` → "042917": uniform over 10^digits with crypto.randomInt (no modulo bias).
 * - `randomToken()` → 43 base64url characters (256 bits), for refresh and registration tokens.
 * - `sha256Hex` hashes high-entropy tokens for storage; one-time codes, having only 10^6 values,
 *   are stored as an HMAC under a server-held key instead (`hmacHex`); that key is stored sealed
 *   under AUTH_SECRET, so a database dump alone does not reveal them (ASVS 5.0 V6.6.3: out-of-band codes stored hashed).
 * - `sealingKey(secret)` / `seal` / `unseal`: AES-256-GCM under a key derived (HKDF-SHA256) from a
 *   secret held outside the database (AUTH_SECRET), for the key ring's private keys (review F17).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

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

/** The 256-bit sealing key of `secret` (HKDF-SHA256, fixed salt and purpose: one secret, one key). */
export function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "postavka", "key-ring sealing v1", 32));
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url) of `plaintext`, bound to `context` (the key id). */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plaintext of `sealed`; throws when the key, the context or the bytes are not the sealed ones. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** Constant-time equality of two hex digests (different lengths are simply unequal). */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
