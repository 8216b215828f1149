/**
 * The S3-compatible driver of the file storage (server/files/storage.ts): objects live in one
 * bucket of any service speaking the S3 API (Amazon S3, Yandex Object Storage, MinIO, Ceph…),
 * under an optional key prefix. Configured by the `S3_*` variables (server/env.ts, README).
 *
 * - `put` → PutObject with the MIME type as Content-Type;
 * - `get` → GetObject; a 404 (`NoSuchKey`) is `null`, the body is streamed;
 * - `delete` → DeleteObject (S3 answers 204 for a missing key as well).
 *
 * Checksums are sent and validated only when the service requires them (`WHEN_REQUIRED`), because
 * many S3-compatible services reject the SDK's default CRC headers. Path-style addressing
 * (`endpoint/bucket/key`) is the default, as most self-hosted services need it.
 */
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { assertStorageKey, type FileStorage } from "./storage.ts";

export interface S3StorageConfig {
  /** Service URL, e.g. https://storage.yandexcloud.net; omit for Amazon S3. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (default true). */
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. `postavka/`. */
  prefix?: string;
}

export function createS3Storage(config: S3StorageConfig): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? true,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const prefix = config.prefix ?? "";
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  return {
    client,
    async put(key, bytes, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: mime,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!result.Body) return null;
        const body = result.Body as unknown;
        const stream =
          body instanceof Readable
            ? body
            : Readable.fromWeb((result.Body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
        return { stream, size: Number(result.ContentLength ?? 0), mime: result.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
