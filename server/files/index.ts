/**
 * Picks the file storage driver from configuration: the S3-compatible driver when `S3_BUCKET` is
 * set (server/files/s3.ts), otherwise the local-disk driver under `DATA_DIR/files`
 * (server/files/storage.ts). Both serve `/media/{key}` through the same interface.
 */
import type { Env } from "../env.ts";
import { createS3Storage } from "./s3.ts";
import { createLocalStorage, type FileStorage } from "./storage.ts";

export function createFileStorage(
  env: Pick<
    Env,
    | "DATA_DIR"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
    | "S3_PREFIX"
  >,
): FileStorage & { kind: "local" | "s3" } {
  if (env.S3_BUCKET) {
    return {
      kind: "s3",
      ...createS3Storage({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        prefix: env.S3_PREFIX,
      }),
    };
  }
  return { kind: "local", ...createLocalStorage(env.DATA_DIR) };
}
