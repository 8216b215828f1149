/**
 * Key ring: the keys that sign access tokens and the HMAC key of one-time codes, kept in the
 * `signing_keys` table so that every process of a deployment shares them.
 *
 * - Access tokens are ES256 JWTs (jose) whose header names the key (`kid`). The newest unretired
 *   ES256 key signs; every unretired key verifies, so a key can be rotated by inserting a new one and
 *   retiring the old one after the longest access-token lifetime.
 * - A verify with an unknown `kid` reloads the ring (another process may have just created a key), at
 *   most once per 10 s, while the loaded keys keep serving (review F23: random `kid`s cost nothing).
 * - Private material (the ES256 private JWK, the HMAC secret) is stored sealed with AES-256-GCM under
 *   a key derived from a secret held outside the database (AUTH_SECRET; server/auth/crypto.ts), so a
 *   dump of the database can neither forge tokens nor test codes (review F17). Keys stored in plain
 *   text by an earlier version are sealed in place at the first start with a secret.
 * - The first start creates both keys; two processes racing at first start may each create one,
 *   which is harmless: both verify everywhere.
 */
import { desc, eq, isNull } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Db } from "../db/client.ts";
import { signingKeys } from "../db/schema.ts";
import { randomToken, seal, sealingKey, unseal } from "./crypto.ts";

export const JWT_ALG = "ES256";
const HMAC_ALG = "HMAC-SHA256";
const RELOAD_INTERVAL_MS = 10_000;

export interface KeyRingOptions {
  /** The secret the private material is sealed under; without it keys are stored in plain text (tests). */
  secret?: string;
  now?: () => number;
}

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
  private reloading: Promise<void> | null = null;
  private lastLoad = 0;
  private readonly db: Db;
  private readonly sealKey: Buffer | null;
  private readonly now: () => number;
  constructor(db: Db, options: KeyRingOptions = {}) {
    this.db = db;
    this.sealKey = options.secret ? sealingKey(options.secret) : null;
    this.now = options.now ?? Date.now;
  }

  /** Stored form of private material: sealed under the secret when there is one. */
  private sealed(kid: string, value: string): Record<string, unknown> {
    return this.sealKey ? { sealed: seal(this.sealKey, value, kid) } : { k: value };
  }

  /** The private material of a row; plain-text rows are sealed in place when a secret is configured. */
  private async opened(kid: string, stored: Record<string, unknown>): Promise<string> {
    if (typeof stored.sealed === "string") {
      if (!this.sealKey) throw new Error(`Signing key ${kid} is sealed: set AUTH_SECRET`);
      try {
        return unseal(this.sealKey, stored.sealed, kid);
      } catch {
        throw new Error(`AUTH_SECRET does not open signing key ${kid}: every process must share the same AUTH_SECRET`);
      }
    }
    const plain = String(stored.k);
    if (this.sealKey)
      await this.db
        .update(signingKeys)
        .set({ privateJwk: this.sealed(kid, plain) })
        .where(eq(signingKeys.kid, kid));
    return plain;
  }

  private async load(): Promise<void> {
    const select = () =>
      this.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
    let rows = await select();
    let created = false;
    if (!rows.some((row) => row.alg === JWT_ALG)) {
      const pair = await generateKeyPair(JWT_ALG, { extractable: true });
      const publicJwk = (await exportJWK(pair.publicKey)) as Record<string, unknown>;
      const privateJwk = (await exportJWK(pair.privateKey)) as Record<string, unknown>;
      const kid = `es256-${randomToken(9)}`;
      await this.db
        .insert(signingKeys)
        .values({ kid, alg: JWT_ALG, privateJwk: this.sealKey ? this.sealed(kid, JSON.stringify(privateJwk)) : privateJwk, publicJwk })
        .onConflictDoNothing();
      created = true;
    }
    if (!rows.some((row) => row.alg === HMAC_ALG)) {
      const kid = `hmac-${randomToken(9)}`;
      await this.db
        .insert(signingKeys)
        .values({ kid, alg: HMAC_ALG, privateJwk: this.sealed(kid, randomToken(32)), publicJwk: {} })
        .onConflictDoNothing();
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
          privateKey: (await importJWK(await this.privateJwk(row.kid, row.privateJwk as Record<string, unknown>), JWT_ALG)) as CryptoKey,
          publicKey: (await importJWK(row.publicJwk as JWK, JWT_ALG)) as CryptoKey,
        });
      } else if (row.alg === HMAC_ALG) {
        keys.set(row.kid, { kid: row.kid, alg: row.alg, secret: await this.opened(row.kid, row.privateJwk as Record<string, unknown>) });
      }
    }
    this.keys = keys;
    this.lastLoad = this.now();
  }

  /** An ES256 private JWK: stored as a JWK (plain) or as its sealed JSON. */
  private async privateJwk(kid: string, stored: Record<string, unknown>): Promise<JWK> {
    if (typeof stored.sealed === "string") return JSON.parse(await this.opened(kid, stored)) as JWK;
    if (this.sealKey)
      await this.db
        .update(signingKeys)
        .set({ privateJwk: this.sealed(kid, JSON.stringify(stored)) })
        .where(eq(signingKeys.kid, kid));
    return stored as JWK;
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
    if (!this.keys.has(kid) && this.now() - this.lastLoad >= RELOAD_INTERVAL_MS) {
      // One reload for every caller at once; the current keys keep serving meanwhile.
      this.lastLoad = this.now();
      this.reloading ??= this.load().finally(() => {
        this.reloading = null;
      });
      await this.reloading.catch(() => undefined);
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
