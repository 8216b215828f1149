/**
 * Picks the file storage driver from configuration: the S3-compatible driver when `S3_BUCKET` is
 * set (server/files/s3.ts), otherwise the local-disk driver under `DATA_DIR/files`
 * (server/files/storage.ts). Both serve `/media/{key}` through the same interface.
 *
 * The S3 driver is imported only when it is chosen: the AWS SDK's modules add ≈ 34 MB to a process's
 * resident memory, which a server on local files never uses (issue 31 §5, ADR 070).
 */
import type { Env } from "../env.ts";
import { createLocalStorage, type FileStorage } from "./storage.ts";

/** The configured storage driver and which one it is; rejects only if the S3 driver's modules cannot be loaded. */
export async function createFileStorage(
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
): Promise<FileStorage & { kind: "local" | "s3" }> {
  if (env.S3_BUCKET) {
    const { createS3Storage } = await import("./s3.ts");
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
