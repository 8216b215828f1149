/**
 * The key ring's private material is sealed under AUTH_SECRET (security review F17), and tokens
 * with unknown key ids cannot make every request reload it (F23). Runs on both engines; the
 * signing_keys rows of other test files are set aside and put back.
 */
import { generateKeyPair, exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signingKeys } from "#server/db/schema.ts";
import { KeyRing } from "#server/auth/keys.ts";
import { signAccessToken, verifyAccessToken } from "#server/auth/tokens.ts";
import { openTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
let saved: (typeof signingKeys.$inferSelect)[] = [];
const SECRET = "a-long-enough-secret-for-the-key-ring-0123456789";

beforeAll(async () => {
  api = await openTestApi();
  saved = await api.db.select().from(signingKeys);
  await api.db.delete(signingKeys);
});
afterAll(async () => {
  await api.db.delete(signingKeys);
  if (saved.length > 0) await api.db.insert(signingKeys).values(saved);
  await api.close();
});

describe("key ring sealed under AUTH_SECRET (F17)", () => {
  it("a database dump holds no private key and no code secret; the same secret opens them in another process", async () => {
    const ring = new KeyRing(api.db, { secret: SECRET });
    const token = await signAccessToken(ring, { userId: 7, role: "USER" }, new Date());
    const rows = await api.db.select().from(signingKeys);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(Object.keys(row.privateJwk)).toEqual(["sealed"]);
      expect(JSON.stringify(row.privateJwk)).not.toMatch(/"d"|"k"/);
    }
    const other = new KeyRing(api.db, { secret: SECRET });
    expect((await verifyAccessToken(other, token, new Date()))?.userId).toBe(7);
    expect(await other.codeSecret()).toBe(await ring.codeSecret());
  });

  it("another secret, or none, cannot open them, and says why", async () => {
    await expect(new KeyRing(api.db, { secret: `${SECRET}-other` }).signingKey()).rejects.toThrow(/AUTH_SECRET does not open/);
    await expect(new KeyRing(api.db).signingKey()).rejects.toThrow(/set AUTH_SECRET/);
  });

  it("keys stored in plain text by an earlier version are sealed at the first start with a secret", async () => {
    await api.db.delete(signingKeys);
    const pair = await generateKeyPair("ES256", { extractable: true });
    await api.db.insert(signingKeys).values([
      {
        kid: "es256-legacy",
        alg: "ES256",
        privateJwk: (await exportJWK(pair.privateKey)) as Record<string, unknown>,
        publicJwk: (await exportJWK(pair.publicKey)) as Record<string, unknown>,
      },
      { kid: "hmac-legacy", alg: "HMAC-SHA256", privateJwk: { k: "legacy-secret" }, publicJwk: {} },
    ]);
    const ring = new KeyRing(api.db, { secret: SECRET });
    expect(await ring.codeSecret()).toBe("legacy-secret");
    expect((await ring.signingKey()).kid).toBe("es256-legacy");
    for (const row of await api.db.select().from(signingKeys)) expect(Object.keys(row.privateJwk)).toEqual(["sealed"]);
  });
});

describe("unknown key ids (F23)", () => {
  it("reload the ring at most once per 10 s, while the known keys keep working", async () => {
    let now = 1_000_000;
    const ring = new KeyRing(api.db, { secret: SECRET, now: () => now });
    const token = await signAccessToken(ring, { userId: 3, role: "USER" }, new Date());
    // A key created by another process after this ring loaded.
    const pair = await generateKeyPair("ES256", { extractable: true });
    await api.db.insert(signingKeys).values({
      kid: "es256-late",
      alg: "ES256",
      privateJwk: (await exportJWK(pair.privateKey)) as Record<string, unknown>,
      publicJwk: (await exportJWK(pair.publicKey)) as Record<string, unknown>,
    });
    // Within 10 s of the last load no request reloads, however many unknown kids arrive.
    for (let i = 0; i < 50; i++) expect(await ring.verificationKey(`random-${i}`)).toBeNull();
    expect(await ring.verificationKey("es256-late")).toBeNull();
    expect((await verifyAccessToken(ring, token, new Date()))?.userId).toBe(3);
    // After the interval the next unknown kid reloads once, and the new key is known.
    now += 10_000;
    expect(await ring.verificationKey("es256-late")).not.toBeNull();
    expect((await verifyAccessToken(ring, token, new Date()))?.userId).toBe(3);
  });
});

describe("verified tokens remembered until they expire", () => {
  it("a remembered token still expires, a changed one is verified again, and another ring's keys do not accept it", async () => {
    const ring = new KeyRing(api.db, { secret: SECRET });
    const signedAt = new Date();
    const token = await signAccessToken(ring, { userId: 9, role: "MODERATOR", sessionVersion: 2 }, signedAt);
    const first = await verifyAccessToken(ring, token, signedAt);
    expect(first).toMatchObject({ userId: 9, role: "MODERATOR", sessionVersion: 2 });
    // The answer is a copy: a caller changing it changes nothing for the next request.
    first!.role = "ADMIN";
    expect((await verifyAccessToken(ring, token, new Date(signedAt.getTime() + 60_000)))?.role).toBe("MODERATOR");
    // Past its 30 minutes it is refused, remembered or not.
    expect(await verifyAccessToken(ring, token, new Date(signedAt.getTime() + 31 * 60_000))).toBeNull();
    // One character of the signature changed is another token: verified, and refused.
    const [head, body, signature] = token.split(".");
    const forged = `${head}.${body}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    expect(await verifyAccessToken(ring, forged, signedAt)).toBeNull();
    // The remembered tokens are the ring's own: a ring without this key refuses it.
    await api.db.delete(signingKeys);
    const other = new KeyRing(api.db, { secret: SECRET });
    await other.signingKey();
    expect(await verifyAccessToken(other, token, signedAt)).toBeNull();
  });
});
