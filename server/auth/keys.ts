/**
 * Key ring: the keys that sign access tokens and the HMAC key of one-time codes, kept in the
 * `signing_keys` table so that every process of a deployment shares them.
 *
 * - Access tokens are ES256 JWTs (jose) whose header names the key (`kid`). The newest unretired
 *   ES256 key signs; every unretired key verifies, so a key can be rotated by inserting a new one and
 *   retiring the old one after the longest access-token lifetime.
 * - A verify with an unknown `kid` reloads the ring once (another process may have just created a key).
 * - The first start creates both keys; two processes racing at first start may each create one,
 *   which is harmless: both verify everywhere.
 */
import { desc, isNull } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Db } from "../db/client.ts";
import { signingKeys } from "../db/schema.ts";
import { randomToken } from "./crypto.ts";

export const JWT_ALG = "ES256";
const HMAC_ALG = "HMAC-SHA256";

interface LoadedKey {
  kid: string;
  alg: string;
  privateKey?: CryptoKey;
  publicKey?: CryptoKey;
  secret?: string;
}

export class KeyRing {
  private keys = new Map<string, LoadedKey>();
  private loaded: Promise<void> | null = null;
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private async load(): Promise<void> {
    const select = () => this.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
    let rows = await select();
    let created = false;
    if (!rows.some((row) => row.alg === JWT_ALG)) {
      const pair = await generateKeyPair(JWT_ALG, { extractable: true });
      const publicJwk = (await exportJWK(pair.publicKey)) as Record<string, unknown>;
      const privateJwk = (await exportJWK(pair.privateKey)) as Record<string, unknown>;
      await this.db.insert(signingKeys).values({ kid: `es256-${randomToken(9)}`, alg: JWT_ALG, privateJwk, publicJwk }).onConflictDoNothing();
      created = true;
    }
    if (!rows.some((row) => row.alg === HMAC_ALG)) {
      await this.db.insert(signingKeys).values({ kid: `hmac-${randomToken(9)}`, alg: HMAC_ALG, privateJwk: { k: randomToken(32) }, publicJwk: {} }).onConflictDoNothing();
      created = true;
    }
    // Re-read after creating, so that processes racing at first start settle on the same keys.
    if (created) rows = await select();
    const keys = new Map<string, LoadedKey>();
    for (const row of rows) {
      if (row.alg === JWT_ALG) {
        keys.set(row.kid, {
          kid: row.kid,
          alg: row.alg,
          privateKey: (await importJWK(row.privateJwk as JWK, JWT_ALG)) as CryptoKey,
          publicKey: (await importJWK(row.publicJwk as JWK, JWT_ALG)) as CryptoKey,
        });
      } else if (row.alg === HMAC_ALG) {
        keys.set(row.kid, { kid: row.kid, alg: row.alg, secret: String(row.privateJwk.k) });
      }
    }
    this.keys = keys;
  }

  private ready(): Promise<void> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  /** The newest ES256 key: `{ kid, privateKey }`. */
  async signingKey(): Promise<{ kid: string; privateKey: CryptoKey }> {
    await this.ready();
    const key = [...this.keys.values()].find((k) => k.alg === JWT_ALG)!;
    return { kid: key.kid, privateKey: key.privateKey! };
  }

  /** The public key for `kid`, reloading once when unknown; null when no such active key exists. */
  async verificationKey(kid: string): Promise<CryptoKey | null> {
    await this.ready();
    if (!this.keys.has(kid)) {
      this.loaded = null;
      await this.ready();
    }
    return this.keys.get(kid)?.publicKey ?? null;
  }

  /** The oldest active HMAC secret (stable across processes), for one-time codes. */
  async codeSecret(): Promise<string> {
    await this.ready();
    const secrets = [...this.keys.values()].filter((k) => k.alg === HMAC_ALG);
    return secrets[secrets.length - 1]!.secret!;
  }
}
