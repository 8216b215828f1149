/**
 * The S3-compatible storage driver against a local fake S3 (tests/support/fake-services.ts): objects
 * are written with their MIME type under the bucket and prefix, read back as streams, a missing key
 * is null, deleting twice is fine, requests are signed (SigV4), and unsafe keys never leave the process.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeS3, type FakeS3 } from "#tests/support/fake-services.ts";
import { createS3Storage } from "./s3.ts";

let fake: FakeS3;

beforeAll(async () => {
  fake = await startFakeS3();
});

afterAll(async () => {
  await fake?.close();
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe("S3-compatible storage", () => {
  const storage = () =>
    createS3Storage({
      endpoint: fake.url,
      region: "ru-central1",
      bucket: "media",
      accessKeyId: "key",
      secretAccessKey: "secret",
      prefix: "postavka/",
    });

  test("put, get, delete", async () => {
    const s3 = storage();
    await s3.put("uploads/2026/11/a.pdf", new TextEncoder().encode("%PDF-1.4 hello"), "application/pdf");
    expect(fake.objects.get("/media/postavka/uploads/2026/11/a.pdf")).toMatchObject({ contentType: "application/pdf" });
    const object = await s3.get("uploads/2026/11/a.pdf");
    expect(object).toMatchObject({ size: 14, mime: "application/pdf" });
    expect(await text(object!.stream)).toBe("%PDF-1.4 hello");
    await s3.delete("uploads/2026/11/a.pdf");
    expect(await s3.get("uploads/2026/11/a.pdf")).toBeNull();
    await s3.delete("uploads/2026/11/a.pdf");
    expect(fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(2);
  });

  test("a missing key is null, not an error", async () => {
    expect(await storage().get("uploads/none.webp")).toBeNull();
  });

  test("unsafe keys are refused before any request", async () => {
    const before = fake.requests.length;
    await expect(storage().put("../escape", new Uint8Array(1), "text/plain")).rejects.toThrow(RangeError);
    await expect(storage().get("/abs/key")).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });

  test("a refused request (access denied) is an error, not a silent success", async () => {
    const denied = createS3Storage({
      endpoint: fake.url,
      region: "us-east-1",
      bucket: "forbidden",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    await expect(denied.put("x/y.txt", new Uint8Array(1), "text/plain")).rejects.toThrow();
  });
});
